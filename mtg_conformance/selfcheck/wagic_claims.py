"""The Wagic peer-test claims (spec/rules/peer-tests-wagic.yaml) that faults defined elsewhere drop:
fault name -> claim ids, merged into claims.DROPS; NEW_FAULT_DROPS holds the claims of the faults
written for these ports, which are in their rules areas' modules."""

from __future__ import annotations

W = "peers-wagic/"

# the claims the faults written for the Wagic peer tests drop (the faults are in their areas' modules)
NEW_FAULT_DROPS: dict[str, tuple[str, ...]] = {
    "cant_be_regenerated_ignored": (W + "cant-be-regenerated#they-cause-regeneration-shields-to-not",),
    "regenerated_stays_in_combat": (W + "regeneration#instead-remove-all-damage-marked-on",),
    "modular_moves_nothing": (W + "modular#you-may-put-a-1-1",),
    "graveyard_replacements_ignored": (W + "replacement-effects#effects-that-use-the-word-instead",),
    "this_turn_prevention_ignored": (W + "prevention-this-turn#there-are-no-special-restrictions-on",),
    "token_doubling_applied_once": (W + "token-doubling#this-process-is-repeated",),
    "morbid_always_on": (W + "intervening-if#a-triggered-ability-may-read-when",),
    "blocking_restriction_ignored": (W + "blocking-restrictions#the-defending-player-checks-each-creature",),
    "added_mana_lost": (W + "mana-from-a-trigger#when-an-effect-instructs-a-player",),
    "auras_stay_when_their_creature_leaves": (W + "aura-leaves-with-its-creature#is-not-attached-to-an-object",),
    "damage_triggers_never_trigger": (W + "damage-triggers#that-ability-automatically-triggers",),
    "conditional_keywords_always_on": (W + "static-abilities-not-locked-in#it-applies-at-any-given-moment",),
    "colored_cost_changes_ignored": (W + "total-cost#plus-all-additional-costs-and-cost",),
    "static_prevention_ignored": (W + "prevention-effects#indicate-what-damage-will-not-be",),
    "landwalk_ignored": (W + "landwalk#can-t-be-blocked-as-long",),
    "sacrifice_costs_skipped": (W + "sacrifice#its-controller-moves-it-from-the",),
    "unless_payment_ignored": (W + "counter-unless-pays#if-that-player-doesn-t-do",),
    "first_strike_ignored": (W + "first-strike#the-only-creatures-that-assign-combat",),
    "lifelink_ignored": (W + "lifelink#causes-that-source-s-controller-or",),
    "trample_ignored": (W + "trample#any-excess-damage-is-assigned-as",),
    "indestructible_ignored": (W + "indestructible#aren-t-destroyed-by-lethal-damage",),
    "indestructible_survives_zero_toughness": (W + "toughness-zero#if-a-creature-has-toughness-0",),
    "summoning_sick_creature_attacks": (W + "summoning-sickness#a-creature-can-t-attack-unless",),
    "lethal_damage_must_exceed_toughness": (W + "lethal-damage#the-total-damage-marked-on-it",),
    "players_take_no_damage": (W + "damage-to-players#causes-that-player-to-lose-that",),
    "destroyed_permanents_exiled": (W + "destroy#move-it-from-the-battlefield-to",),
    "cant_be_countered_ignored": (W + "cant-be-countered#the-can-t-effect-takes-precedence",),
    "countered_spell_still_resolves": (W + "counter#it-doesn-t-resolve-and-none",),
    "affinity_counts_one": (W + "affinity#this-spell-costs-1-less-to",),
    "copy_without_abilities": (W + "copy-values#the-copy-acquires-the-copiable-values",),
    "one_token_per_effect": (W + "tokens#some-effects-put-tokens-onto-the",),
    "pump_does_nothing": (W + "modify-power-toughness#effects-and-counters-that-modify-power",),
    "left_permanents_see_entering": (W + "enters-triggers#all-permanents-on-the-battlefield-including",),
    "lost_abilities_keep_mana_abilities": (W + "ability-removal#ability-removing-effects",),
    "second_step_only_for_strikers": (W + "first-strike#the-remaining-attackers-and-blockers-that",),
    "countered_spells_exiled": (W + "counter#a-countered-spell-is-put-into",),
}

WAGIC_DROPS: dict[str, tuple[str, ...]] = {
    **NEW_FAULT_DROPS,
    "double_strike_without_a_first_strike_step": (
        W + "double-strike#as-well-as-the-remaining-attackers",
        W + "double-strike#the-only-creatures-that-assign-combat",
    ),
    "protection_doesnt_prevent_combat_damage": (W + "protection-prevents-damage#any-damage-that-would-be-dealt",),
    "legend_rule_across_controllers": (W + "legend-rule#are-controlled-by-the-same-player",),
    "legend_rule_keeps_none": (W + "legend-rule#the-rest-are-put-into-their",),
    "kicker_is_mandatory": (W + "kicker#that-spell-has-been-kicked",),
    "multikicker_counted_once": (W + "kicker#if-a-spell-has-two-kicker",),
    "resolved_flashback_spell_to_graveyard": (W + "flashback#exile-this-card-instead-of-putting",),
    "exile_counts_as_dying": (W + "persist#when-this-permanent-is-put-into",),
    "undying_returns_without_a_counter": (W + "persist#with-a-1-1-counter-on",),
    "set_value_overwrites_modifications": (W + "set-power-toughness#effects-that-set-power-and-or",),
    "shield_never_runs_out": (W + "prevention-shields#these-work-like-shields",),
    "fog_prevents_all_damage": (W + "prevent-combat-damage#prevent-the-damage",),
}

