"""Claims that quote a sub-rule an entry only cites (a claim's `rule`), and the faults that drop them.

An entry about 702.16b cites 105.2 for "the stated quality"; 105.2 has restrictive words of its
own ("one or more of the five colors") that an engine can get wrong. Those claims sit beside the
entry whose scenarios test them (spec/README.md, "Claims"); the faults that drop them are listed
here, by section of the Comprehensive Rules: 1-4 (game concepts, card parts and types, zones),
5-6 (turn structure; spells, abilities and effects), 7-9 (additional rules).
"""

from __future__ import annotations

# sections 1-4
_APNAP = "triggers/active-players-triggers-go-on-the-stack-first#"
_CONFLAGRATE = "judge/conflagrate-flashback-and-divided-damage#"
_LANDS = "lands/one-land-per-turn#"
_RETURNED = "peers-xmage/returned-permanent-is-a-new-object#"
_SBA = "state-based-actions/"
_X_VALUE = "mana-value/x-is-the-announced-value-on-the-stack#"
_FLASH = "flash/any-time-you-could-cast-an-instant#"
_AURA_FOUND = "zone-change/an-auras-ability-finds-the-aura-in-the-graveyard#found-after-the-state-based-action"
_DAMAGE = "pool/damage-marks-creatures-and-costs-players-life#"
SECTIONS_1_TO_4: dict[str, tuple[str, ...]] = {
    "aura_not_found_in_the_graveyard": (_AURA_FOUND,),
    "aura_found_by_name": (_AURA_FOUND,),
    "aura_followed_out_of_the_graveyard": (_AURA_FOUND,),
    "stolen_spell_enters_under_its_caster": (
        "zone-change/a-spells-new-controller-controls-the-permanent#control-of-the-spell-carries-to-the-permanent",
        "zone-change/a-spells-new-controller-controls-the-permanent#enters-under-the-spells-controller"),
    "cast_this_way_loses_the_spell": (
        "zone-change/an-effect-finds-the-spell-it-let-be-cast#finds-the-spell-cast-this-way",),
    "cast_this_way_follows_the_name": (
        "zone-change/an-effect-finds-the-spell-it-let-be-cast#finds-the-spell-cast-this-way",),
    "planeswalker_damage_marked": (_DAMAGE + "damage-removes-loyalty-counters",),
    "planeswalker_loses_one_counter": (_DAMAGE + "damage-removes-loyalty-counters",),
    "planeswalker_damage_costs_its_controller_life": (_DAMAGE + "damage-removes-loyalty-counters",),
    "deathtouch_destroys_a_planeswalker": (_DAMAGE + "damage-removes-loyalty-counters",),
    "planeswalker_enters_without_loyalty": (_DAMAGE + "enters-with-its-printed-loyalty",
                                            "loyalty/loyalty-abilities#enters-with-printed-loyalty-then-activates",
                                            "loyalty/a-planeswalker-enters-with-its-printed-loyalty#"
                                            "enters-with-printed-loyalty"),
    "toxic_ignored": (_DAMAGE + "toxic-combat-damage-to-a-player",),
    "toxic_replaces_the_life_loss": (_DAMAGE + "toxic-in-addition-to-other-results",),
    "toxic_counts_the_damage": (_DAMAGE + "toxic-combat-damage-to-a-player",),
    "toxic_on_noncombat_damage": (_DAMAGE + "toxic-combat-damage-to-a-player",),
    "toxic_read_from_the_printed_card": (_DAMAGE + "toxic-combat-damage-to-a-player",),
    "toxic_poisons_the_blockers_controller": (_DAMAGE + "toxic-combat-damage-to-a-player",),
    "flash_needs_an_instant_card": (_FLASH + "no-instant-card-needed",),
    "flash_spell_read_as_an_instant_spell": (_FLASH + "instant-restrictions-dont-bind-flash",),
    "instant_spells_spared_by_instant_restrictions": (_FLASH + "unless-it-is-an-instant-spell",),
    "token_named_as_its_subtypes": ("peers-wagic/tokens#named-after-its-subtypes-plus-token",),
    "active_player_read_as_the_first_player": (_APNAP + "active-player-chooses-first", _APNAP + "whose-turn-it-is"),
    "converge_counts_colorless": ("converge/colors-of-all-the-mana-spent#five-colors",
                                  "kaleidoscorch/at-most-five-colors#colorless-is-a-type-of-mana"),
    "new_color_added_to_the_old": ("layers/color-changing-effects-are-layer-five#new-color-replaces-the-old",),
    "sticker_kicker_without_ticket": ("kicker/sticker-kicker#one-ticket-counter",),
    "x_is_zero_on_the_stack": (_X_VALUE + "controller-chooses-x",),
    "x_spell_mana_value_is_x": (_X_VALUE + "total-amount-of-mana",),
    "copied_permanent_enters_with_x_zero": (
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#x-of-the-spell-it-was",),
    "permanent_controlled_by_its_owner": (
        "pool/put-onto-the-battlefield-under-that-players-control#controller-under-whose-control-it-entered",),
    "aura_keywords_not_granted": ("peers-xmage/granted-triggered-abilities#granted-additional-abilities",),
    "spell_cast_without_its_target": (
        "peers-phase/a-target-must-be-chosen#require-their-controller-to-choose-targets",),
    "clone_choice_targets": ("judge/clone-copies-only-copiable-values#affected-without-being-targeted",),
    "copy_with_new_targets_divides_anew": (
        "divided-damage/the-caster-divides-as-the-spell-is-cast#original-division-kept",),
    "two_land_plays_a_turn": (_LANDS + "once-during-each-of-their-turns",
                              "peers-phase/a-card-takes-precedence#lands-already-played-this-turn"),
    "land_played_on_the_opponents_turn": (_LANDS + "main-phase-of-their-turn",),
    "flashback_sorcery_at_instant_speed": ("kaleidoscorch/flashback-keeps-timing-rules#noninstant-with-an-empty-stack",
                                           _CONFLAGRATE + "sorcery-only-with-an-empty-stack"),
    "no_priority_in_declare_attackers_without_attackers": (
        "combat/the-active-player-gets-priority-in-the-declare-attackers-step#priority-at-the-beginning-of-most-steps",),
    "reduction_lost_with_flashback": ("kaleidoscorch/total-cost-and-mana-value#cost-changed-or-reduced-by-effects",),
    "generic_reduction_pays_colored": ("costs/total-cost-is-determined-in-order#generic-reduction-only-generic",),
    "additional_cost_skipped_with_granted_flashback": (
        "costs/an-additional-cost-is-paid-with-an-alternative-cost-too#an-additional-cost-must-be-paid",),
    "kicker_cost_in_mana_value": (
        "kicker/kicker-does-not-change-mana-value#additional-costs-dont-change-the-mana-cost",),
    "flashback_cost_is_mana_value": (_CONFLAGRATE + "alternative-cost-keeps-the-mana-cost",),
    "flashback_x_is_zero_in_mana_value": (_CONFLAGRATE + "x-is-the-number-chosen-on-the-stack",),
    "infect_ignored": ("combat/infect-damage-is-poison-counters-and-minus-counters#infect-gives-poison-counters",),
    "wither_ignored": ("peers-wagic/wither#wither-damage-is-minus-counters",),
    "lifelink_ignored": ("judge/furnace-of-rath-doubles-each-share#lifelink-gains-that-much",),
    "damage_equal_to_toughness_is_not_lethal": (
        _SBA + "lethal-damage-destroys-a-creature#greater-than-or-equal-to-toughness",),
    "drawing_from_an_empty_library_is_harmless": (
        _SBA + "drawing-from-an-empty-library-loses#attempts-to-draw-from-an-empty-library",),
    "plus_and_minus_counters_never_cancel": (_SBA + "plus-and-minus-counters-are-removed-in-pairs#n-of-each-removed",),
    "becoming_a_frog_keeps_creature_types": (
        "layers/type-changing-effects-are-layer-four#prior-types-retained-only-when-specified",),
    "set_value_overwrites_modifications": (
        "layers/effects-that-set-power-and-toughness#modifications-apply-over-the-base",
        "peers-phase/power-and-toughness-modifications#counters-add-to-power-and-toughness"),
    "kicked_status_cleared_on_entering": (_RETURNED + "the-spell-it-became",),
    "granted_flashback_spell_not_exiled": (_RETURNED + "granted-cast-ability-follows-to-the-stack",),
    "every_player_discards_in_cleanup": ("turn/only-the-active-player-discards-to-hand-size#any-number-of-cards",),
    "x_counted_off_the_stack": (
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#x-is-0-off-the-stack",),
    "free_cast_takes_any_x": ("x-costs/x-is-0-when-cast-without-paying-the-mana-cost#only-legal-x-is-0",),
    "life_paid_beyond_the_total": ("illegal-actions/illegal-cast-undoes-its-payments#life-up-to-the-life-total",),
    "zero_life_forbidden_by_cant_pay_life": ("peers-xmage/cant-beats-may-for-costs#zero-life-can-always-be-paid",),
    "spell_may_target_itself": ("illegal-actions/illegal-cast-undoes-its-payments#not-a-target-for-itself",),
    "any_number_of_targets_needs_one": ("pool/damage-marks-creatures-and-costs-players-life#zero-targets-allowed",),
    "draws_the_bottom_card": ("scry/bottom-and-top-in-any-order#draws-the-top-card",),
    "abilities_activated_from_the_hand": (
        "activated-abilities/tap-abilities-need-control-since-the-turn-began#abilities-function-on-the-battlefield",),
    "undying_returns_a_card_that_left_the_graveyard": (_RETURNED + "found-in-the-zone-it-moved-to",),
    "set_value_added": ("pool/creature-spells-total-cost-and-characteristics#modified-or-set-by-effects",),
    "pump_does_nothing": ("pool/creature-spells-total-cost-and-characteristics#modified-or-set-by-effects",),
    "creature_spells_at_instant_speed": (
        "pool/creature-spells-total-cost-and-characteristics#main-phase-with-an-empty-stack",),
    "moved_target_not_found": (
        "pool/put-onto-the-battlefield-under-that-players-control#the-effect-finds-the-moved-card",),
    "kicker_x_costs_nothing": ("kicker/a-target-for-each-kick#x-in-an-additional-cost-is-the-announced-value",),
    "ward_paid_for_free": ("ward/counter-it-unless-that-player-pays#paid-as-it-resolves",),
    "printed_alternative_cost_mandatory": (
        "alternative-costs/only-one-alternative-cost#alternative-costs-are-optional",),
    "alternative_cost_waives_timing": (
        "alternative-costs/only-one-alternative-cost#an-alternative-cost-keeps-the-timing",),
    "aura_cast_without_a_target": ("peers-forge/the-enchanted-creature#an-aura-spell-requires-a-target",),
    "a_loss_ends_the_game_as_a_draw": (_SBA + "a-player-at-0-life-loses#the-player-still-in-the-game-wins",),
    "library_reordered_after_a_spell_resolves": ("scry/bottom-and-top-in-any-order#no-one-changes-the-order",),
    "fight_damage_dealt_by_the_spell": (
        "combat/deathtouch-damage-is-lethal#the-object-dealing-damage-is-its-source",),
    "basic_land_type_gives_no_mana": ("peers-phase/a-land-that-enters-tapped-unless#a-basic-land-type-gives-its-mana",),
    "card_goes_to_its_controllers_graveyard": ("replacement/a-card-into-an-opponents-graveyard#the-owners-graveyard",),
    "counters_of_a_name_not_interchangeable": ("kicker/sticker-kicker#counters-of-a-name-are-interchangeable",),
    "excess_colored_reduction_lost": (
        "costs/total-cost-is-determined-in-order#excess-colored-reduction-takes-generic",),
}

# sections 5-6
SECTIONS_5_TO_6: dict[str, tuple[str, ...]] = {
    "new_shield_undoes_dealt_damage": ("prevention/prevention-effects-watch-for-damage#cant-go-back-in-time",),
    "fog_undoes_dealt_combat_damage": ("prevention/prevention-effects-watch-for-damage#cant-go-back-in-time",),
    "once_each_turn_ignored": ("pool/triggered-abilities#only-if-the-action-was-not-taken",),
    "once_each_turn_counts_the_trigger": ("pool/triggered-abilities#only-if-the-action-was-not-taken",),
    "once_each_turn_kept_across_turns": ("pool/triggered-abilities#only-if-the-action-was-not-taken",),
    "next_spell_effect_applies_at_once": ("pool/until-end-of-turn-effects#next-spell-effects-begin-later",),
    "next_spell_effect_never_used_up": ("pool/until-end-of-turn-effects#apply-to-that-next-spell",),
    "next_spell_effect_for_any_player": ("pool/until-end-of-turn-effects#apply-to-that-next-spell",),
    "cleanup_checks_nothing": ("turn/cleanup-ends-until-end-of-turn-effects#cleanup-checks-and-triggers",),
    "zero_damage_still_increased": ("replacement/repeat-until-none-applies#zero-damage-is-no-event",),
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
    "is_effect_applied_after_entering": ("pool/until-end-of-turn-effects#is-applies-as-it-enters",),
    "cant_cast_stops_triggers": ("pool/triggered-abilities#triggers-when-casting-is-not-legal",),
    "triggered_mana_ability_goes_on_the_stack": (
        "pool/mana-abilities#a-trigger-from-a-mana-ability-is-a-mana-ability",),
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
    "state_based_check_not_repeated": ("state-based-actions/a-player-at-0-life-loses#the-check-is-repeated",
                                       "peers-xmage/a-lords-boost-ends-with-it#the-check-is-repeated"),
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
    "life_doubled_by_the_casters_total": ("pool/until-end-of-turn-effects#double-a-life-total",),
    "zero_loyalty_planeswalker_stays": ("pool/damage-marks-creatures-and-costs-players-life#"
                                        "zero-loyalty-goes-to-the-graveyard",
                                        "loyalty/loyalty-abilities#no-loyalty-after-its-cost"),
    "shroud_instances_cancel": ("shroud/no-spell-or-ability-can-target-it#two-instances-are-redundant",),
}

CITED_DROPS: dict[str, tuple[str, ...]] = {}
for _part in (SECTIONS_1_TO_4, SECTIONS_5_TO_6, SECTIONS_7_TO_9):
    for _name, _claims in _part.items():
        CITED_DROPS[_name] = CITED_DROPS.get(_name, ()) + _claims
