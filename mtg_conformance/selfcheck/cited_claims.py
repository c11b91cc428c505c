"""Claims that quote a sub-rule an entry only cites (a claim's `rule`), and the faults that drop them.

An entry about 702.16b cites 105.2 for "the stated quality"; 105.2 has restrictive words of its
own ("one or more of the five colors") that an engine can get wrong. Those claims sit beside the
entry whose scenarios test them (spec/README.md, "Claims"); the faults that drop them are listed
here, by section of the Comprehensive Rules: 1-4 (game concepts, card parts and types, zones),
5-6 (turn structure; spells, abilities and effects), 7-9 (additional rules).
"""

from __future__ import annotations

# sections 1-4
SECTIONS_1_TO_4: dict[str, tuple[str, ...]] = {
}

# sections 5-6
SECTIONS_5_TO_6: dict[str, tuple[str, ...]] = {
}

# entries of spec/rules/split-cards.yaml and modal-double-faced-cards.yaml
HALF = "split/the-caster-chooses-the-half-cast#"
COMBINED = "split/combined-characteristics-off-the-stack#"
FUSE = "fuse/both-halves-from-the-hand#"
FACE = "mdfc/the-caster-chooses-the-face#"
LAND_FACE = "mdfc/played-as-a-land-with-its-land-face-up#"

# entries of spec/rules/modes.yaml and of the copy rules (707)
MODES = "modes/choosing-the-modes-of-a-modal-spell#"
MODES_COPY = "modes/a-copy-has-the-modes-of-the-original#"
COPY_COUNTERED = "counter/a-copy-of-a-spell-is-countered-like-any-spell#"
COPY_DECISIONS = "copies/a-copy-keeps-the-decisions-and-was-not-cast#"
COPY_EXCEPTIONS = "copies/exceptions-to-the-copying-process-are-copiable-values#"
CLONE_VALUES = "judge/clone-copies-only-copiable-values#"

# sections 7-9
# entries of spec/rules/combat.yaml
ATTACK = "combat/attackers-are-untapped-and-controlled-since-the-turn-began#"
CHOSEN = "combat/chosen-attackers-become-attacking-creatures#"
FLYING = "combat/flying-is-blocked-only-by-flying-or-reach#"
STRIKE = "combat/first-strike-and-double-strike-make-two-combat-damage-steps#"
DEATHTOUCH = "combat/deathtouch-damage-is-lethal#"
INFECT = "combat/infect-damage-is-poison-counters-and-minus-counters#"

SECTIONS_7_TO_9: dict[str, tuple[str, ...]] = {
    # combat.yaml
    "haste_ignored_by_attacks": (ATTACK + "haste-attacks-without-continuous-control",),
    "double_strike_without_a_first_strike_step": (CHOSEN + "double-strike-modifies-the-combat-damage-step",),
    "reach_doesnt_block_flyers": (FLYING + "flying-and-or-reach",),
    "flying_ignored_by_blocks": (FLYING + "flying-and-or-reach",),
    "lost_first_strike_deals_again": (STRIKE + "removing-double-strike-stops-the-second-damage",),
    "gained_first_strike_skips_the_second_step": (STRIKE + "given-first-strike-after-the-first-step",),
    "dead_blocker_still_takes_lethal_damage": (STRIKE + "no-blockers-left-as-though-lethal",),
    "fight_damage_dealt_by_the_spell": (DEATHTOUCH + "each-fighting-creature-deals-the-damage",),
    "poison_counters_never_lose": (INFECT + "ten-or-more-poison-counters",),
    # split-cards.yaml, modal-double-faced-cards.yaml
    "split_half_needs_the_other_halfs_targets": (HALF + "only-the-half-being-cast-exists",),
    "split_half_costs_the_whole_card": (HALF + "only-the-half-being-cast-exists",),
    "split_card_has_its_first_halfs_mana_value": (COMBINED + "every-zone-but-the-stack-combined",),
    "fused_spell_has_its_left_halfs_mana_value": (FUSE + "combined-characteristics-when-fused",
                                                  FUSE + "fused-on-the-stack-combined"),
    "fused_spell_costs_only_its_left_half": (FUSE + "total-cost-includes-each-half",),
    "cost_increase_applied_to_each_fused_half": (FUSE + "total-cost-includes-each-half",),
    "fused_spell_follows_only_its_left_half": (FUSE + "left-half-then-right-half",),
    "mdfc_cast_with_its_back_face_by_default": (FACE + "front-face-up-by-default",),
    "mdfc_named_face_ignored": (FACE + "only-the-face-up-on-the-stack-is-evaluated",),
    "mdfc_keeps_its_back_face_off_the_battlefield": (FACE + "front-face-only-in-the-library",),
    "mdfc_permanent_has_its_front_faces_mana_value": (LAND_FACE + "the-face-that-is-up",),
    # modes.yaml and the copy rules
    "unchosen_modes_need_targets": (MODES + "targets-only-for-a-chosen-mode",),
    "copy_new_targets_change_the_mode": (MODES_COPY + "a-new-target-cant-change-the-mode",),
    "remanded_copy_becomes_a_card": (COPY_COUNTERED + "a-copy-off-the-stack-ceases-to-exist",),
    "permanent_spell_copy_enters_as_a_card": ("pool/copies#a-copied-permanent-spell-becomes-a-token",),
    "copy_without_abilities": (COPY_DECISIONS + "a-copy-acquires-the-abilities",),
    "copy_exceptions_not_copiable": (COPY_EXCEPTIONS + "a-gained-ability-is-copiable",),
    "copy_of_a_copy_copies_the_printed_card": (CLONE_VALUES + "a-copy-of-the-copy-uses-the-new-values",),
    "nonlegendary_token_copy_is_legendary": ("layers/copiable-values-are-layer-one#"
                                             "copy-effects-may-include-exceptions",),
    "copy_from_a_graveyard_refused": ("peers-wagic/copy-values#a-copy-of-a-card",),
    # activated abilities, state-based actions, keyword actions, landwalk
    "haste_ignored_by_tap_abilities": ("activated-abilities/tap-abilities-need-control-since-the-turn-began#"
                                       "haste-lets-it-tap",),
    "state_based_check_not_repeated": ("state-based-actions/a-player-at-0-life-loses#the-check-is-repeated",),
    "monstrous_follows_the_card": ("peers-forge/monstrosity#monstrous-until-it-leaves",),
    "indestructible_survives_zero_toughness": ("judge/indestructible-only-stops-destruction#"
                                               "put-into-the-graveyard-for-another-reason",),
    "landwalk_ignored": ("peers-xmage/landwalk#landwalk-is-evasion",),
    # Wagic peer tests: fear, sunburst
    "fear_ignored_by_blocks": ("peers-wagic/kicker#fear-blocked-only-by-artifact-or-black",),
    "converge_counts_colorless": ("peers-wagic/modular#a-counter-for-each-color",),
    # protection, hexproof, indestructible, landwalk, counterspells, discard, destruction
    "protection_from_two_qualities_keeps_the_first": ("protection/cant-be-targeted-by-that-quality#"
                                                      "two-separate-protection-abilities",),
    "landwalk_type_ignored": ("peers-xmage/landwalk#the-type-in-typewalk",),
    "countered_spell_refunds_its_mana": ("pool/counterspells#no-refund",),
    "regeneration_ignores_destroy_effects": ("pool/destroy-all-and-same-name#regeneration-replaces-destruction",),
    "discarded_card_exiled": ("peers-wagic/an-ability-word-has-no-rules-meaning#discarded-into-the-owners-graveyard",),
    "indestructible_instances_cancel": ("pool/indestructible-and-hexproof#multiple-instances-are-redundant",),
}

CITED_DROPS: dict[str, tuple[str, ...]] = {}
for _part in (SECTIONS_1_TO_4, SECTIONS_5_TO_6, SECTIONS_7_TO_9):
    for _name, _claims in _part.items():
        CITED_DROPS[_name] = CITED_DROPS.get(_name, ()) + _claims
