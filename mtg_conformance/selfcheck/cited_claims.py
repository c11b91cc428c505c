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
    "no_priority_in_declare_attackers_without_attackers": (
        "combat/the-active-player-gets-priority-in-the-declare-attackers-step#a-chance-before-the-step-ends",
    ),
    "trigger_resolves_as_it_triggers": (
        "amounts/a-negative-result-is-zero#upkeep-triggers-go-on-the-stack",
        "peers-phase/enters-the-battlefield-triggers#on-the-stack-at-the-next-priority",
    ),
    "opponents_creature_attacks": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#the-attacking-players-creatures",
    ),
    "attacker_unblocked_when_its_blocker_leaves": (
        "combat/a-blocked-creature-deals-its-damage-to-the-blocker#remains-blocked",
    ),
    "flashback_cast_not_from_graveyard": ("flashback/cast-from-a-graveyard#from-where-it-is",),
    "kicker_is_mandatory": ("kicker/kicker-is-an-optional-additional-cost#announces-intentions",),
    "printed_alternative_cost_with_flashback": (
        "alternative-costs/only-one-alternative-cost#not-two-alternative-costs",
    ),
    "free_casting_also_pays_flashback": ("alternative-costs/only-one-alternative-cost#not-two-alternative-costs",),
    "cast_trigger_sees_spell_unkicked": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#cast-triggers-after-the-choices",
    ),
    "tap_cost_leaves_the_permanent_untapped": (
        "activated-abilities/tap-abilities-need-control-since-the-turn-began#activating-pays-its-costs",
        "activated-abilities/tap-abilities-need-control-since-the-turn-began#a-cost-and-an-effect",
    ),
    "counter_cost_removes_nothing": ("costs/removing-counters-to-pay-a-cost#costs-as-for-a-spell",),
    "modal_trigger_modes_chosen_by_the_engine": ("modes/a-modal-triggered-ability#controller-announces-the-mode",),
    "enters_trigger_target_chosen_at_cast": (
        "triggers/triggered-ability-targets-are-chosen-by-its-controller#targets-as-it-goes-on-the-stack",
    ),
    "next_end_step_trigger_at_end_of_combat": ("turn/a-delayed-trigger-triggers-only-once#created-to-act-later",),
    "state_triggers_never_trigger": ("enters-choices/a-color-chosen-as-it-enters#state-triggers",),
    "static_prevention_ignored": ("peers-wagic/prevention-effects#static-all-the-time",),
    "characteristic_defining_ability_ignored": (
        "layers/characteristic-defining-abilities-apply-first#cda-conveys-power-and-toughness",
    ),
    "characteristic_defining_ability_after_set_values": (
        "layers/characteristic-defining-abilities-apply-first#cda-of-the-card-itself",
    ),
    "dies_trigger_mana_lost": ("peers-wagic/mana-from-a-trigger#no-target-mana-trigger",),
    "pump_does_nothing": ("layers/type-changing-effects-are-layer-four#power-and-toughness-in-layer-seven",),
    "copy_without_abilities": ("peers-wagic/copy-values#copy-effects-in-layer-1a",),
    "copy_takes_counters_into_power": ("layers/copiable-values-are-layer-one#copiable-values-after-layer-one",),
    "copy_takes_granted_abilities": ("layers/copiable-values-are-layer-one#copiable-values-after-layer-one",),
    "ability_removal_applied_last": ("layers/timestamp-order#layers-two-to-six-in-timestamp-order",),
    "earliest_set_value_wins": (
        "layers/timestamp-order#sublayers-in-timestamp-order",
        "layers/timestamp-order#a-resolved-effect-is-stamped-as-created",
    ),
    "entering_again_keeps_the_old_timestamp": (
        "layers/timestamp-order#timestamp-on-entering",
        "layers/timestamp-order#a-static-ability-has-its-objects-timestamp",
    ),
    "no_dependency_on_ability_removal": (
        "layers/dependency#dependency-overrides-timestamps",
        "layers/dependency#the-dependent-effect-waits",
    ),
    "color_change_ignored": ("layers/color-changing-effects-are-layer-five#one-effect-decides-another",),
    "graveyard_replacements_ignored": ("peers-wagic/replacement-effects#replace-the-event",),
    "skip_effects_ignored": ("replacement/skip-replaces-with-nothing#skip-is-do-nothing-instead",),
    "two_skips_skip_once": ("replacement/skip-replaces-with-nothing#two-skips-skip-two",),
    "empty_library_loses_before_the_replacement": (
        "replacement/a-replaced-event-never-happens#draws-replaced-from-an-empty-library",
    ),
    "entering_counters_not_replaced": (
        "replacement/the-affected-player-chooses-the-order#enters-with-is-replaced-too",
    ),
    "kicked_counters_come_from_a_trigger": ("kicker/kicked-abilities-are-linked#enters-with-is-a-replacement",),
    "self_replacement_not_first": ("replacement/self-replacement-effects-apply-first#self-replacement-chosen-first",),
    "replacement_order_ignored": ("replacement/the-affected-player-chooses-the-order#any-may-be-chosen",),
    "undone_cast_leaves_spell_on_stack": (
        "kicker/kicked-spell-is-one-spell#an-illegal-cast-is-undone",
        "illegal-actions/illegal-cast-undoes-its-payments#an-illegal-proposal-is-undone",
    ),
    "replaced_draw_still_triggers": ("pool/triggered-abilities#replaced-events-trigger-nothing",),
    "rack_triggers_in_every_upkeep": ("pool/triggered-abilities#at-the-beginning-of-that-step",),
    "resolves_with_only_illegal_targets": ("peers-phase/the-top-of-the-stack-resolves#targets-checked-first",),
    "counter_redirect_dropped": ("peers-wagic/counter#later-text-modifies-earlier",),
    "ending_phase_skipped": ("turn/only-the-active-player-discards-to-hand-size#every-phase-every-turn",),
    "every_player_draws_in_the_draw_step": ("turn/the-next-turn-is-the-other-players#the-active-player-draws",),
    "creature_attacks_its_controller": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#the-defending-player-is-attacked",
    ),
    "illegal_declaration_keeps_its_legal_attackers": (
        "combat/the-active-player-gets-priority-in-the-declare-attackers-step#an-illegal-declaration-is-undone",
    ),
    "attackers_dont_tap": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#attackers-become-tapped",
    ),
    "tapped_creature_blocks": ("combat/a-blocked-creature-deals-its-damage-to-the-blocker#blockers-must-be-untapped",),
    "unblocked_attacker_assigns_no_damage": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#unblocked-damage-to-the-attacked-player",
    ),
    "combat_damage_dealt_one_creature_at_a_time": (
        "combat/a-blocked-creature-deals-its-damage-to-the-blocker#dealt-simultaneously",
    ),
    "resolved_spell_exiled": (
        "kaleidoscorch/flashback-spell-always-exiled#a-resolved-spell-goes-to-its-owners-graveyard",
    ),
    "activated_ability_resolves_at_once": (
        "activated-abilities/tap-abilities-need-control-since-the-turn-began#created-on-the-stack",
    ),
    "trigger_controlled_by_the_active_player": (
        "triggers/active-players-triggers-go-on-the-stack-first#controlled-by-its-sources-controller",
    ),
    "control_changes_ignored": ("peers-xmage/control-until-end-of-turn#control-changes-apply",),
    "mana_abilities_only_as_a_sorcery": (
        "converge/colors-of-all-the-mana-spent#mana-abilities-whenever-with-priority",
    ),
    "mana_ability_goes_on_the_stack": ("peers-xmage/converge#mana-abilities-resolve-at-once",),
    "delayed_triggers_never_created": (
        "peers-forge/an-ability-triggers-an-additional-time#a-delayed-trigger-acts-later",
    ),
    "color_change_applied_after_power_and_toughness": ("layers/copiable-values-are-layer-one#layers-in-their-order",),
    "pump_x_counted_continuously": ("pool/until-end-of-turn-effects#x-determined-once",),
    "cant_cast_stops_triggers": ("pool/triggered-abilities#triggers-when-casting-is-not-legal",),
}

# sections 7-9
SECTIONS_7_TO_9: dict[str, tuple[str, ...]] = {
}

CITED_DROPS: dict[str, tuple[str, ...]] = {}
for _part in (SECTIONS_1_TO_4, SECTIONS_5_TO_6, SECTIONS_7_TO_9):
    for _name, _claims in _part.items():
        CITED_DROPS[_name] = CITED_DROPS.get(_name, ()) + _claims
