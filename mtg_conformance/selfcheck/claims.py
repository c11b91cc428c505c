"""Which spec claims each faulty engine drops (spec/README.md, "Claims").

A claim (`entry-id#claim-id`) is one restrictive word or phrase of a rule, written beside its
entry with the scenarios that pin it. A fault listed here drops the claims it names: the
self-check then runs those scenarios against it and calls it caught only when, for each claim,
at least one of them rejects it. So every claim is pinned twice, by a scenario and by a faulty
engine that the scenario is shown to reject; `mtg-conformance coverage --claims` lists the
claims that lack either.
"""

from __future__ import annotations

from .cited_claims import CITED_DROPS
from .layer_faults import DROPS as LAYER_DROPS
from .replacement_faults import DROPS as REPLACEMENT_DROPS
from .wagic_claims import WAGIC_DROPS

A = "kicker/kicker-is-an-optional-additional-cost#"
AND_OR = "kicker/and-or-means-two-kicker-costs#"
MULTI = "kicker/multikicker-any-number-of-times#"
KICKED = "kicker/kicked-status-and-times-kicked#"
LINKED = "kicker/kicked-abilities-are-linked#"
EACH = "kicker/abilities-for-each-kicker-cost#"
TARGETS = "kicker/kicked-only-targets#"
STICKER = "kicker/sticker-kicker#"
DIES = "dies/"  # spec/rules/dies-triggers.yaml
SHROUD = "shroud/no-spell-or-ability-can-target-it#"
HEXPROOF = "hexproof/only-opponents-cant-target-it#"
HEX_FROM = "hexproof/hexproof-from-a-quality#"
ILLEGAL = "resolution/targets-illegal-on-resolution#"
WARD = "ward/counter-it-unless-that-player-pays#"
PRO_T = "protection/cant-be-targeted-by-that-quality#"
PRO_D = "protection/damage-from-that-quality-is-prevented#"
PRO_B = "protection/cant-be-blocked-by-that-quality#"
SHIELD = "prevention/shields-prevent-the-next-n-damage#"
NEVER = "prevention/prevented-damage-never-happens#"
WATCH = "prevention/prevention-effects-watch-for-damage#"
UNPREV = "prevention/damage-that-cant-be-prevented#"

FB_EXILE = "flashback/exiled-however-it-leaves-the-stack#"
FB_GRANTED = "flashback/granted-flashback-is-flashback#"
FB_CAST = "flashback/cast-from-a-graveyard#"

TOTAL = "costs/total-cost-is-determined-in-order#"

ATK_PRIO = "combat/the-active-player-gets-priority-in-the-declare-attackers-step#"
TRAMPLE = "combat/trample-assigns-the-excess-to-the-player#"
STRIKE = "combat/first-strike-and-double-strike-make-two-combat-damage-steps#"
DEATHTOUCH = "combat/deathtouch-damage-is-lethal#"
DELAYED = "turn/a-spells-delayed-trigger-belongs-to-who-controlled-the-spell#"
LEGEND = "state-based-actions/the-legend-rule#"
TAP = "activated-abilities/tap-abilities-need-control-since-the-turn-began#"
MODES = "modes/choosing-the-modes-of-a-modal-spell#"
SAME_MODE = "modes/the-same-mode-more-than-once#"

DROPS: dict[str, tuple[str, ...]] = {
    # combat, turn structure, state-based actions, activated abilities, modes
    # (spec/rules/combat.yaml, turn-structure.yaml, state-based-actions.yaml,
    # activated-abilities-and-lands.yaml, modes.yaml)
    "no_priority_in_declare_attackers_without_attackers": (ATK_PRIO + "priority-without-attackers",),
    "flash_ignored": ("flash/any-time-you-could-cast-an-instant#any-time-you-could-cast-an-instant",),
    "dead_blocker_still_takes_lethal_damage": (TRAMPLE + "the-creatures-blocking-it-now",),
    "lethal_damage_at_least_one": (TRAMPLE + "damage-already-marked",),
    "control_change_keeps_it_in_combat": (
        "combat/a-permanent-that-leaves-the-battlefield-is-removed-from-combat#controller-change-removes-it",),
    "lethal_damage_ignores_marked_damage": (TRAMPLE + "damage-already-marked",),
    "double_strike_trample_reuses_its_first_assignment": (TRAMPLE + "the-creatures-blocking-it-now",),
    "blockers_first_strike_ignored": (STRIKE + "attacking-or-blocking",),
    "double_strike_without_a_first_strike_step": (STRIKE + "double-strike-alone",),
    "both_combat_damage_steps_at_once": (STRIKE + "a-second-step",),
    "first_strike_deals_in_both_steps": (STRIKE + "first-strike-deals-once",),
    "gained_first_strike_skips_the_second_step": (STRIKE + "as-the-first-step-began",),
    "lost_first_strike_deals_again": (STRIKE + "currently-have-double-strike",),
    "lifelink_gains_once_per_combat": (STRIKE + "damage-in-each-step",),
    "deathtouch_lethal_only_with_trample": (DEATHTOUCH + "any-amount-of-damage",),
    "trample_deathtouch_assigns_full_toughness": (DEATHTOUCH + "any-amount-of-damage",),
    "deathtouch_only_in_combat": (DEATHTOUCH + "noncombat-damage-too",),
    "deathtouch_only_from_attackers": (DEATHTOUCH + "any-source",),
    "menace_satisfied_by_any_two_blockers": ("combat/menace-needs-two-blockers#its-own-blockers",),
    "cant_attack_spares_creatures_arriving_later": (
        "combat/creatures-cant-attack-is-a-restriction-on-the-declaration#each-creature-as-attackers-are-declared",
    ),
    "cant_attack_outlasts_the_turn": ("turn/cleanup-ends-until-end-of-turn-effects#this-turn-effects-end",),
    "cant_cast_binds_every_player": ("combat/a-player-who-cant-cast-spells#that-player",),
    "mana_floats_until_cleanup": ("turn/mana-pools-empty-as-each-step-ends#each-step-or-phase",),
    "next_end_step_trigger_at_end_of_combat": ("turn/a-delayed-trigger-triggers-only-once#its-trigger-event",),
    "delayed_trigger_of_a_copy_never_triggers": (DELAYED + "source-is-the-spell",),
    "delayed_trigger_controlled_by_its_sources_controller": (DELAYED + "controller-as-it-resolved",),
    "legend_rule_across_controllers": (LEGEND + "same-controller",),
    "legend_rule_keeps_none": (LEGEND + "chooses-one",),
    "legend_rule_ignores_names": (LEGEND + "same-name",),
    "legend_rule_reads_printed_names": (LEGEND + "the-name-it-has",),
    "legend_rule_destroys": (LEGEND + "put-not-destroyed",),
    "token_taps_the_turn_it_is_created": (TAP + "since-their-most-recent-turn",),
    "summoning_sick_creature_cant_pay_a_tap_cost": (TAP + "its-own-ability-only",),
    "tap_cost_leaves_the_permanent_untapped": (TAP + "tap-symbol-taps",),
    "kicked_modal_spell_still_choose_one": (MODES + "kicked-any-number",),
    "unkicked_modal_spell_takes_any_number": (MODES + "unkicked-one",),
    "choose_two_takes_one": ("modes/a-fixed-number-of-modes#that-number",),
    "same_mode_chosen_twice": (SAME_MODE + "normally-once",),
    "same_mode_more_than_once_refused": (SAME_MODE + "may-choose-again",),
    "repeated_mode_performed_once": (SAME_MODE + "that-many-times",),
    "counter_mode_twice_one_payment": (SAME_MODE + "that-many-times",),
    "copy_of_modal_spell_loses_its_modes": ("modes/a-copy-has-the-modes-of-the-original#copies-the-modes",),
    # converge counts the mana spent paying (601.2h)
    "converge_skips_colored_symbols": (
        "converge/colors-of-all-the-mana-spent#what-paying-spent",
        "pool/converge#what-is-paid",
    ),
    "converge_counts_permanents": (
        "converge/colors-of-all-the-mana-spent#what-paying-spent",
        "pool/converge#what-is-paid",
    ),
    # total cost (601.2f)
    "increase_ignored_for_free_spells": (TOTAL + "plus-increases",),
    "reductions_before_increases": (TOTAL + "increases-before-reductions",),
    "reduction_ignores_spell_types": (TOTAL + "only-the-reductions-that-apply",),
    "trinisphere_ignored": (TOTAL + "effects-on-the-determined-total",),
    "trinisphere_before_x": (TOTAL + "effects-on-the-determined-total",),
    "trinisphere_ignored_for_free_spells": (TOTAL + "effects-on-the-determined-total",),
    # flashback (702.34a)
    "countered_flashback_spell_to_graveyard": (FB_EXILE + "exiled-any-time-it-leaves",),
    "resolved_flashback_spell_to_graveyard": (
        FB_EXILE + "exiled-any-time-it-leaves",
        "pool/flashback-spells#exiled-as-it-leaves",
    ),
    "fizzled_flashback_spell_to_graveyard": (FB_EXILE + "exiled-any-time-it-leaves",),
    "flashback_countered_by_ability_to_graveyard": (FB_EXILE + "exiled-any-time-it-leaves",),
    "granted_flashback_spell_not_exiled": (FB_EXILE + "if-the-flashback-cost-was-paid",),
    "no_kicker_with_granted_flashback": (FB_GRANTED + "alternative-cost-rules",),
    "increase_skips_granted_flashback": (FB_GRANTED + "alternative-cost-rules",),
    "flashback_cost_charged_from_exile": (FB_CAST + "from-your-graveyard",),
    "flashback_cast_not_from_graveyard": (
        FB_CAST + "a-graveyard-cast",
        "pool/flashback-spells#cast-from-your-graveyard",
    ),
    "uncast_permanent_counts_as_kicked": (
        A + "only-on-the-stack",
        "kicker/multikicker-counters-need-casting#not-cast-not-kicked",
        "kicker/multikicker-enters-trigger-without-kicks#not-cast-no-kicks",
    ),
    "kicker_is_mandatory": (
        A + "optional",
        "kicker/kick-as-you-cast#always-optional",
        "pool/kicked-permanents-and-triggers#only-if-declared",
        "pool/kicked-spells#only-if-declared",
    ),
    "total_cost_ignores_kicker": (
        A + "added-to-the-total",
        "kicker/kick-as-you-cast#paid-with-the-mana-cost",
    ),
    "kicker_free_when_cast_without_paying": (A + "paid-without-the-mana-cost",),
    "kicker_forbidden_with_alternative_cost": (A + "paid-without-the-mana-cost",),
    "overpaying_allowed": (A + "no-more-than-the-total",),
    "kicked_trigger_without_intervening_if": (
        AND_OR + "either-or-both",
        EACH + "each-to-its-own-cost",
        "pool/kicked-permanents-and-triggers#only-if-declared",
    ),
    "two_kicker_costs_count_once": (
        AND_OR + "two-separate-costs",
        KICKED + "kicked-multiple-times",
        "kicker/kicked-is-yes-or-no#count-every-payment",
        "kicker/saproling-infestation-per-kicker-payment#once-per-kicker-payment",
    ),
    "multikicker_cost_paid_once": (
        MULTI + "each-payment-is-paid",
        "kicker/kick-as-you-cast#paid-with-the-mana-cost",
        "kicker/kick-as-you-cast#every-declared-payment",
    ),
    "counter_per_kick_is_one_counter": (
        MULTI + "zero-times-too",
        "kicker/multikicker-counters-need-casting#counter-per-kick",
    ),
    "multikicker_counted_once": (
        MULTI + "each-payment-counts",
        KICKED + "kicked-multiple-times",
        "kicker/kicked-is-yes-or-no#count-every-payment",
        "kicker/multikicker-counters-need-casting#counter-per-kick",
        "kicker/multikicker-enters-trigger-without-kicks#effect-per-kick",
        "kicker/copy-of-kicked-spell-is-kicked#same-number-of-times",
        "kicker/saproling-infestation-per-kicker-payment#once-per-kicker-payment",
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "single_kicker_paid_twice": (KICKED + "single-cost-once",),
    "kicks_forgotten_on_resolution": (
        LINKED + "what-happens-if-kicked",
        "kicker/multikicker-counters-need-casting#counter-per-kick",
        "pool/kicked-permanents-and-triggers#kicked-as-it-enters",
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "kicked_keyword_rider_dropped": (LINKED + "what-happens-if-kicked",),
    "kicked_only_targets_when_unkicked": (
        TARGETS + "no-target-unless-kicked",
        "pool/kicked-spells#only-if-declared",
    ),
    "no_extra_target_per_kick": (
        TARGETS + "targets-per-kick",
        "pool/kicked-spells#kicked-multiple-times",
    ),
    "sticker_kicker_without_ticket": (STICKER + "ticket-counter-as-a-cost",),
    "leaves_trigger_only_on_death": (DIES + "leaves-the-battlefield-abilities#any-other-zone",),
    "token_enters_unseen": ("copies/a-token-copy-triggers-its-own-enters-ability#a-created-token-enters",),
    "removed_creature_stays_in_combat": (
        "combat/a-permanent-that-leaves-the-battlefield-is-removed-from-combat#leaving-removes-it",),
    "exile_counts_as_dying": (DIES + "dies-means-put-into-a-graveyard-from-the-battlefield#only-into-a-graveyard",),
    "dies_trigger_counts_opponents_creatures": (DIES + "looking-back-in-time#which-creatures-count",),
    "another_creature_includes_itself": (DIES + "looking-back-in-time#which-creatures-count",),
    "another_creature_counts_only_yours": (DIES + "looking-back-in-time#which-creatures-count",),
    "simultaneous_deaths_unseen": (DIES + "looking-back-in-time#abilities-that-left-with-them",),
    "own_dies_trigger_lost_in_a_board_wipe": (
        DIES + "leaves-the-battlefield-abilities-look-back-in-time#own-ability-of-the-leaving-permanent",
    ),
    "dying_tokens_trigger_nothing": (DIES + "a-token-dies-then-ceases-to-exist#triggers-before-it-ceases",),
    "dead_tokens_stay_in_the_graveyard": (
        DIES + "a-token-dies-then-ceases-to-exist#ceases-to-exist",
        "state-based-actions/a-token-off-the-battlefield-ceases-to-exist#ceases-to-exist",
    ),
    "state_based_deaths_trigger_nothing": (DIES + "leaves-the-battlefield-abilities#every-way-of-dying",),
    "dies_trigger_reads_power_in_the_graveyard": (DIES + "the-object-as-it-last-existed#last-known-power",),
    "undying_ignores_its_counters": (DIES + "undying#only-without-a-counter",),
    "undying_returns_without_a_counter": (DIES + "undying#returns-with-a-counter",),
    "returned_card_remembers_undying": (DIES + "a-permanent-that-returns-is-a-new-object#no-memory",),
    # targets that become illegal (target_faults.py)
    "shroud_is_hexproof": (SHROUD + "every-players-spells",),
    "shroud_stops_spells_only": (SHROUD + "abilities-too",),
    "non_targeting_effect_skips_untargetable": (SHROUD + "only-targeting", HEXPROOF + "only-targeting"),
    "gained_shroud_not_rechecked": (SHROUD + "gained-shroud",),
    "hexproof_ignored_by_spells": (HEXPROOF + "opponents-spells",),
    "hexproof_stops_spells_only": (HEXPROOF + "opponents-abilities",),
    "hexproof_stops_its_controller": (HEXPROOF + "its-controller-may-target",),
    "gained_hexproof_not_rechecked": (HEXPROOF + "gained-hexproof",),
    "hexproof_from_is_full_hexproof": (
        HEX_FROM + "only-spells-of-that-quality",
        HEX_FROM + "abilities-from-sources-of-that-quality",
    ),
    "hexproof_from_stops_its_controller": (HEX_FROM + "only-opponents",),
    "resolves_with_only_illegal_targets": (ILLEGAL + "all-illegal-doesnt-resolve",),
    "fizzled_spell_exiled": (ILLEGAL + "a-spell-goes-to-its-owners-graveyard",),
    "fizzled_spell_refunds_its_mana": (ILLEGAL + "its-cast-is-not-undone",),
    "first_illegal_target_fizzles": (ILLEGAL + "partly-legal-resolves", ILLEGAL + "every-instance-of-target"),
    "illegal_targets_still_affected": (ILLEGAL + "illegal-targets-unaffected",),
    "target_back_from_another_zone_still_legal": (ILLEGAL + "left-its-zone",),
    "targets_rechecked_for_zone_only": (ILLEGAL + "characteristics-changed",),
    "ward_ignores_spells": (WARD + "an-opponents-spell-triggers-it",),
    "unpaid_ward_does_nothing": (WARD + "countered-unless-paid",),
    "ward_counters_even_when_paid": (WARD + "paying-lets-it-resolve",),
    "ward_paid_by_its_controller": (WARD + "that-player-pays",),
    "ward_triggers_on_its_controllers_spells": (WARD + "not-its-controllers",),
    "ward_ignores_abilities": (WARD + "abilities-too",),
    "ward_triggers_for_its_controller_as_target": (WARD + "only-targeting",),
    # protection and prevention (protection_faults.py)
    "protection_stops_every_spell": (PRO_T + "spells-with-the-quality",),
    "protection_misses_multicolored_spells": (PRO_T + "spells-with-the-quality", PRO_T + "one-or-more-colors"),
    "protection_ignored_by_spells": (PRO_T + "spells-with-the-quality",),
    "protection_stops_only_opponents": (PRO_T + "every-player",),
    "protection_stops_every_ability": (PRO_T + "abilities-from-a-source-with-the-quality",),
    "gained_protection_not_rechecked": (PRO_T + "gained-in-response",),
    "protection_stops_non_targeting_effects": (PRO_T + "only-targeting",),
    "protection_prevents_damage_from_every_source": (PRO_D + "sources-with-the-quality",),
    "protection_doesnt_prevent_combat_damage": (PRO_D + "sources-with-the-quality",),
    "protection_prevents_only_combat_damage": (PRO_D + "any-damage",),
    "prevented_damage_still_lifelinks": (PRO_D + "is-prevented", NEVER + "no-lifelink-no-deathtouch"),
    "prevented_damage_still_deathtouches": (PRO_D + "is-prevented", NEVER + "no-lifelink-no-deathtouch"),
    "protection_doesnt_restrict_blockers": (PRO_B + "creatures-with-the-quality",),
    "protection_judges_blockers_by_color_identity": (PRO_B + "creatures-with-the-quality",),
    "protection_from_a_card_type_ignored": (PRO_B + "a-card-type-quality",),
    "protected_creature_cant_block": (PRO_B + "only-attacking-creatures",),
    "shield_never_runs_out": (SHIELD + "reduced-by-what-it-prevents", SHIELD + "the-rest-is-dealt-normally"),
    "prevention_shield_of_one": (SHIELD + "reduced-by-what-it-prevents",),
    "shield_gone_after_one_event": (SHIELD + "amount-not-events",),
    "player_shield_covers_their_permanents": (SHIELD + "only-the-shielded",),
    "shields_outlast_the_turn": (SHIELD + "this-turn",),
    "fog_spares_creatures": (WATCH + "completely",),
    "fog_locked_in_as_it_resolves": (WATCH + "not-locked-in",),
    "fog_prevents_all_damage": (WATCH + "only-the-damage-it-watches-for",),
    "unpreventable_damage_prevented": (UNPREV + "not-prevented",),
    "unpreventable_damage_uses_up_shields": (UNPREV + "shields-not-reduced",),
    "cant_be_prevented_whatever_the_condition": (UNPREV + "only-damage-that-says-so",),
    # kicker-rulings.yaml, card-pool-kicker-flashback-converge.yaml, copies.yaml, copies-of-permanent-spells.yaml
    "kicked_spell_trigger_for_any_spell": ("kicker/kicked-is-yes-or-no#unkicked-answers-no",),
    "unkicked_enters_trigger_skipped": ("kicker/multikicker-enters-trigger-without-kicks#unkicked-still-triggers",),
    "kicked_status_cleared_on_entering": (
        "kicker/targeted-enters-trigger-targets-on-trigger#checked-as-it-enters",
        "pool/kicked-permanents-and-triggers#kicked-as-it-enters",
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "kicked_counters_come_from_a_trigger": (
        "pool/kicked-permanents-and-triggers#kicked-as-it-enters",
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "kicker_cost_in_mana_value": ("kicker/kicker-does-not-change-mana-value#mana-value-unchanged",),
    "copy_of_kicked_spell_unkicked": (
        "kicker/copy-of-kicked-spell-is-kicked#copy-is-kicked",
        "kicker/copy-of-kicked-spell-is-kicked#same-number-of-times",
        "copies/a-copy-keeps-the-decisions-and-was-not-cast#copy-is-kicked",
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "kick_trigger_once_per_spell": ("kicker/saproling-infestation-per-kicker-payment#once-per-kicker-payment",),
    "copy_of_kicked_spell_kicks_again": ("copies/a-copy-keeps-the-decisions-and-was-not-cast#copying-is-not-kicking",),
    "copy_of_spell_is_cast": ("copies/a-copy-keeps-the-decisions-and-was-not-cast#copying-is-not-casting",),
    "clone_of_kicked_permanent_is_kicked": ("copies/a-copy-keeps-the-decisions-and-was-not-cast#only-a-spell",),
    "nonlegendary_token_copy_is_legendary": (
        "copies/exceptions-to-the-copying-process-are-copiable-values#exception-applies",
        "copies/exceptions-to-the-copying-process-are-copiable-values#copiable-for-later-copies",
    ),
    "copy_exceptions_not_copiable": (
        "copies/exceptions-to-the-copying-process-are-copiable-values#copiable-for-later-copies",
    ),
    "copied_permanent_enters_without_its_kicks": (
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "copied_permanent_triggers_as_unkicked": (
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#additional-costs",
    ),
    "copy_has_x_zero": ("copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#value-of-x",),
    "copied_permanent_enters_with_x_zero": (
        "copies/a-copy-of-a-permanent-spell-enters-with-the-decisions-of-the-original#value-of-x",
    ),
    # the layer system (layer_faults.py)
    **LAYER_DROPS,
    # replacement effects and their order (replacement_faults.py)
    **REPLACEMENT_DROPS,
}

# -- claims given to more rule entries (issue #30): more faults each drop
# (the new faults are in their rules areas' modules; a fault listed above too drops both sets)
MORE_DROPS: dict[str, tuple[str, ...]] = {
    "entering_counters_not_replaced": ("replacement/a-copy-as-it-enters-applies-before-the-others#then-the-others",),
    "graveyard_replacement_only_for_permanents": ("replacement/a-card-into-an-opponents-graveyard#from-anywhere",),
    "protection_from_a_card_type_ignored": ("peers-xmage/protection-from-a-color#a-card-type-quality",),
    "opponents_creature_attacks": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#creatures-they-control",
    ),
    "tapped_creature_attacks": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#must-be-untapped",
    ),
    "summoning_sick_attacker_declared": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#controlled-since-the-turn-began",
        "activated-abilities/a-token-arriving-this-turn-is-summoning-sick#cant-attack",
    ),
    "haste_ignored_by_attacks": (
        "combat/attackers-are-untapped-and-controlled-since-the-turn-began#or-have-haste",
    ),
    "vigilance_attacker_taps": ("combat/vigilance-attacks-without-tapping#doesnt-tap",),
    "flying_ignored_by_blocks": ("combat/flying-is-blocked-only-by-flying-or-reach#except-by-flying",),
    "reach_doesnt_block_flyers": ("combat/flying-is-blocked-only-by-flying-or-reach#or-reach",),
    "cant_be_blocked_ignored": ("combat/a-creature-that-cant-be-blocked#declaration-is-illegal",),
    "attacker_unblocked_when_its_blocker_leaves": (
        "combat/a-blocked-creature-deals-its-damage-to-the-blocker#no-blocker-no-damage",
    ),
    "lone_blocker_is_dealt_only_lethal_damage": (
        "combat/a-blocked-creature-deals-its-damage-to-the-blocker#all-to-the-one-blocker",
    ),
    "every_player_untaps": ("turn/the-next-turn-is-the-other-players#permanents-they-control",),
    "doesnt_untap_effects_ignored": ("turn/the-next-turn-is-the-other-players#effects-keep-them-tapped",),
    "two_land_plays_a_turn": ("lands/one-land-per-turn#one-land",),
    "land_played_on_the_opponents_turn": ("lands/one-land-per-turn#during-their-turn",),
    "zero_life_is_not_a_loss": ("state-based-actions/a-player-at-0-life-loses#zero-or-less",),
    "drawing_from_an_empty_library_is_harmless": (
        "state-based-actions/drawing-from-an-empty-library-loses#attempted-to-draw",
    ),
    "damage_equal_to_toughness_is_not_lethal": (
        "state-based-actions/lethal-damage-destroys-a-creature#equal-is-lethal",
    ),
    "damage_marked_does_not_add_up": (
        "state-based-actions/lethal-damage-destroys-a-creature#total-damage-marked",
    ),
    "token_taps_the_turn_it_is_created": (
        "activated-abilities/a-token-arriving-this-turn-is-summoning-sick#tap-symbol-abilities",
    ),
    "every_player_discards_in_cleanup": (
        "turn/only-the-active-player-discards-to-hand-size#the-active-players-hand",
    ),
    "copys_untap_lock_is_dropped": (
        "turn/a-copys-doesnt-untap-effect-lasts-while-you-control-the-copy#for-as-long-as",
    ),
    "mandatory_trigger_is_optional": ("triggers/a-trigger-without-may-is-not-optional#only-may-is-optional",),
    "negative_damage_gains_life": ("amounts/a-negative-result-is-zero#zero-instead",),
    "counter_mode_twice_one_payment": (
        "modes/a-mode-chosen-twice-asks-for-each-payment#that-many-times-in-sequence",
    ),
    "flyer_blocks_only_flyers": ("combat/flying-is-blocked-only-by-flying-or-reach#flying-blocks-either",),
    "copy_controlled_by_original_controller": (
        "pool/copies#controlled-by-who-put-it",
        "copies/owned-by-the-player-who-put-it-on-the-stack#owned-by-who-put-it",
        "copies/a-copy-is-a-spell-owned-by-who-put-it-on-the-stack#owned-and-controlled",
    ),
    "copy_owned_by_original_owner": (
        "copies/owned-by-the-player-who-put-it-on-the-stack#owned-by-who-put-it",
        "copies/a-copy-is-a-spell-owned-by-who-put-it-on-the-stack#owned-and-controlled",
    ),
    "copy_cannot_be_countered": (
        "copies/a-copy-is-a-spell-owned-by-who-put-it-on-the-stack#itself-a-spell",
        "counter/a-copy-of-a-spell-is-countered-like-any-spell#removing-it-from-the-stack",
    ),
    "copy_has_mana_value_zero": (
        "copies/a-copy-is-a-spell-owned-by-who-put-it-on-the-stack#copies-the-characteristics",
    ),
    "countered_spell_resolves_anyway": ("pool/counterspells#none-of-its-effects",),
    "cast_trigger_sees_spell_unkicked": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#checks-as-the-event-occurs",
    ),
    "kicked_means_first_kicker_paid": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#the-stated-condition",
    ),
    "you_cast_trigger_for_opponents_spells": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#the-trigger-event",
    ),
    "its_controller_is_an_opponent": ("enters-choices/an-opponent-chosen-as-it-enters#the-other-player",),
    "divided_shares_need_not_add_up": (
        "divided-damage/the-caster-divides-as-the-spell-is-cast#at-least-one-each",
    ),
    "printed_alternative_cost_with_flashback": (
        "alternative-costs/only-one-alternative-cost#only-one",
        "peers-xmage/flashback-is-an-alternative-cost#only-one",
    ),
    "free_casting_also_pays_flashback": ("alternative-costs/only-one-alternative-cost#only-one",),
    "monocolored_hybrid_counts_one_in_mana_value": (
        "hybrid-mana/a-monocolored-hybrid-symbol-counts-two-in-mana-value#largest-component",
    ),
    "search_finds_any_card": ("search/a-search-finds-only-cards-that-match#matches-the-description",),
    "search_finds_a_card_in_the_hand": ("search/a-search-finds-only-cards-that-match#in-that-zone",),
    "cast_during_resolution_pays_the_mana_cost": (
        "resolution/casting-a-spell-during-resolution#following-601-2",
    ),
    "mdfc_permanent_has_its_front_faces_mana_value": (
        "mdfc/played-as-a-land-with-its-land-face-up#enters-with-that-face-up",
    ),
    "scry_never_puts_on_the_bottom": ("scry/bottom-and-top-in-any-order#any-number-on-the-bottom",),
    "scry_bottom_order_reversed": ("scry/bottom-and-top-in-any-order#bottom-in-any-order",),
    "scry_keeps_the_top_cards_in_their_old_order": ("scry/bottom-and-top-in-any-order#top-in-any-order",),
    "surveil_never_puts_into_the_graveyard": ("surveil/graveyard-and-top-in-any-order#into-your-graveyard",),
    "surveil_puts_cards_on_the_bottom": ("surveil/graveyard-and-top-in-any-order#into-your-graveyard",),
    "unpayable_additional_cost_is_skipped": (
        "costs/the-caster-chooses-the-permanents-that-pay-a-cost#unpayable-costs",
    ),
    "opponents_permanent_pays_a_sacrifice_cost": (
        "costs/the-caster-chooses-the-permanents-that-pay-a-cost#unpayable-costs",
    ),
    "permanent_flashback_cost_does_nothing": (
        "costs/the-caster-chooses-the-permanents-that-pay-a-cost#pays-the-total-cost",
        "peers-xmage/costs-paid-with-permanents#pays-the-total-cost",
    ),
    "tapped_permanent_pays_a_tap_cost": ("costs/tapping-untapped-permanents-to-pay-a-cost#already-tapped",),
    "conspire_with_creatures_of_any_color": (
        "costs/conspire-taps-two-creatures-that-share-a-color#share-a-color",
    ),
    "conspire_paid_but_not_copied": ("costs/conspire-taps-two-creatures-that-share-a-color#copy-it",),
    "flashback_skips_additional_costs": (
        "costs/an-additional-cost-is-paid-with-an-alternative-cost-too#additional-costs-apply",
    ),
    "additional_cost_skipped_with_granted_flashback": (
        "costs/an-additional-cost-is-paid-with-an-alternative-cost-too#additional-costs-apply",
        "peers-xmage/costs-paid-with-permanents#pays-the-total-cost",
    ),
    "payment_kept_after_illegal_cast": (
        "illegal-actions/illegal-cast-undoes-its-payments#payments-canceled",
    ),
    "undo_keeps_flashback_discards": ("illegal-actions/illegal-cast-undoes-its-payments#payments-canceled",),
    "undone_cast_leaves_spell_on_stack": (
        "illegal-actions/illegal-cast-undoes-its-payments#returns-to-the-zone",
    ),
    "undone_kicks_count_for_the_next_cast": (
        "illegal-actions/illegal-cast-undoes-its-payments#entire-action-reversed",
    ),
    "undone_multikicks_count_for_the_next_cast": (
        "illegal-actions/illegal-cast-undoes-its-payments#entire-action-reversed",
    ),
    "split_half_costs_the_whole_card": (
        "split/the-caster-chooses-the-half-cast#which-half",
        "peers-xmage/split-cards#only-the-chosen-half",
        "split/a-granted-flashback-applies-to-either-half#only-the-chosen-half",
    ),
    "split_half_needs_the_other_halfs_targets": ("split/the-caster-chooses-the-half-cast#which-half",),
    "split_half_cast_free_pays_the_whole_card": (
        "split/the-caster-chooses-the-half-cast#a-half-without-its-mana-cost",
    ),
    "split_card_has_its_first_halfs_mana_value": (
        "split/combined-characteristics-off-the-stack#combined-mana-value",
    ),
    "fused_spell_costs_only_its_left_half": ("fuse/both-halves-from-the-hand#both-halves",),
    "fused_spell_follows_only_its_left_half": ("fuse/both-halves-from-the-hand#both-halves",),
    "fused_spell_has_its_left_halfs_mana_value": ("fuse/both-halves-from-the-hand#both-halves",),
    "cost_increase_applied_to_each_fused_half": ("fuse/both-halves-from-the-hand#one-spell",),
    "converge_counts_each_mana": ("peers-xmage/converge#pays-the-total",),
    "countered_spell_exiled": ("pool/counterspells#owners-graveyard",),
    "cost_increases_ignored": (
        "pool/cost-increases#plus-cost-increases",
        "peers-xmage/cost-modifiers#increases-and-reductions",
        "pool/creature-spells-total-cost-and-characteristics#plus-cost-increases",
        "peers-xmage/flashback#alternative-cost-rules",
        "flashback/either-flashback-cost-may-be-paid#alternative-cost-rules",
    ),
    "cost_increase_for_every_spell": (
        "pool/cost-increases#only-the-spells-it-names",
        "peers-xmage/cost-modifiers#which-spells",
    ),
    "cost_per_extra_target_ignored": ("pool/cost-increases#the-spells-own-increase",),
    "self_cost_reductions_lost": ("pool/cost-reductions#minus-reductions",),
    "self_reduction_condition_ignored": (
        "pool/cost-reductions#only-when-its-condition-holds",
        "pool/card-effects-after-cost-changes#reduction-only-with-its-condition",
    ),
    "cost_reduction_only_for_its_controller": ("pool/cost-reductions#whose-spells",),
    "cost_reduction_per_counted_once": ("pool/cost-reductions#each-counted",),
    "indestructible_is_destroyed": ("pool/indestructible-and-hexproof#cant-be-destroyed",),
    "indestructible_dies_to_lethal_damage": ("pool/indestructible-and-hexproof#not-by-lethal-damage",),
    "destroyed_permanent_is_exiled": ("pool/destroy-all-and-same-name#to-its-owners-graveyard",),
    "hybrid_paid_only_with_its_first_color": ("mana/hybrid-symbols-are-paid-with-either-color#either-color",),
    "monocolored_hybrid_not_paid_with_two_mana": (
        "hybrid-mana/a-monocolored-hybrid-symbol-is-paid-with-one-colored-or-two-mana#two-mana-of-any-type",
    ),
    "monocolored_hybrid_not_paid_with_its_color": (
        "hybrid-mana/a-monocolored-hybrid-symbol-is-paid-with-one-colored-or-two-mana#one-colored-mana",
    ),
    "reduced_monocolored_hybrid_adds_both_halves": (
        "hybrid-mana/a-monocolored-hybrid-symbol-is-paid-with-one-colored-or-two-mana#one-of-two-ways",
    ),
    "generic_reduction_pays_colored": (
        "hybrid-mana/a-monocolored-hybrid-symbol-is-paid-with-one-colored-or-two-mana#one-of-two-ways",
    ),
    "quality_search_must_find": ("search/a-search-for-a-quality-may-find-nothing#not-required-to-find",),
    "printed_alternative_cost_plus_mana_cost": (
        "costs/the-caster-chooses-the-card-that-pays-a-cost#pays-the-total-cost",
    ),
    "no_extra_target_per_kick": ("kicker/a-target-for-each-kick#targets-only-with-the-cost",),
    "flashback_cast_not_from_graveyard": (
        "flashback/increasing-spells-cast-from-a-graveyard#cast-from-your-graveyard",
    ),
    "countered_flashback_spell_to_graveyard": (
        "flashback/increasing-spells-cast-from-a-graveyard#exiled-however-it-leaves",
        "flashback/exiled-when-an-effect-returns-it-from-the-stack#anywhere-else",
    ),
    "resolved_flashback_spell_to_graveyard": (
        "flashback/increasing-spells-cast-from-a-graveyard#exiled-however-it-leaves",
        "peers-xmage/flashback#exiled-as-it-leaves",
    ),
    "kicker_is_mandatory": ("peers-xmage/kicker#declared-intention",),
    "kicked_status_cleared_on_entering": (
        "peers-xmage/kicker#declared-intention",
        "peers-xmage/two-kicker-costs#linked-abilities",
    ),
    "multikicker_counted_once": ("peers-xmage/kicker#kicked-multiple-times",),
    "multikicker_cost_paid_once": ("peers-xmage/kicker#kicked-multiple-times",),
    "counter_per_kick_is_one_counter": ("peers-xmage/kicker#kicked-multiple-times",),
    "reductions_before_increases": ("peers-xmage/cost-modifiers#increases-and-reductions",),
    "trinisphere_ignored": ("peers-xmage/cost-modifiers#effects-on-the-total",),
    "kicked_modal_spell_still_choose_one": (
        "peers-xmage/kicked-modal-spell-any-number-of-modes#chooses-the-modes",
    ),
    "total_cost_ignores_kicker": (
        "peers-xmage/kicked-modal-spell-any-number-of-modes#chooses-the-modes",
        "peers-xmage/flashback#alternative-cost-rules",
    ),
    "kicker_free_when_cast_without_paying": (
        "peers-xmage/kicked-modal-spell-any-number-of-modes#chooses-the-modes",
        "resolution/casting-a-spell-during-resolution#following-601-2",
    ),
    "kicker_forbidden_with_alternative_cost": (
        "peers-xmage/kicked-modal-spell-any-number-of-modes#chooses-the-modes",
        "resolution/casting-a-spell-during-resolution#following-601-2",
    ),
    "copy_of_kicked_spell_unkicked": ("peers-xmage/optional-copy-of-a-kicked-spell#additional-costs-copied",),
    "copy_of_spell_is_cast": ("peers-xmage/optional-copy-of-a-kicked-spell#isnt-cast",),
    "split_card_cant_use_granted_flashback": (
        "peers-xmage/split-cards#only-the-chosen-half",
        "split/a-granted-flashback-applies-to-either-half#only-the-chosen-half",
    ),
    "flashback_spell_returned_to_hand": (
        "flashback/exiled-when-an-effect-returns-it-from-the-stack#anywhere-else",
    ),
    "granted_flashback_spell_not_exiled": (
        "flashback/exiled-when-an-effect-returns-it-from-the-stack#anywhere-else",
        "peers-xmage/flashback#exiled-as-it-leaves",
    ),
    "sticker_kicker_without_ticket": ("kicker/tickets-come-only-from-sticker-kicker#ticket-counter",),
    "reduction_lost_with_flashback": (
        "flashback/either-flashback-cost-may-be-paid#alternative-cost-rules",
        "peers-xmage/flashback#alternative-cost-rules",
    ),
    "fizzled_flashback_spell_to_graveyard": ("peers-xmage/flashback#exiled-as-it-leaves",),
    "no_kicker_with_granted_flashback": ("peers-xmage/flashback#alternative-cost-rules",),
    "attackers_stay_attacking_after_combat": (
        "combat/chosen-attackers-become-attacking-creatures#until-combat-ends",
    ),
    "trigger_removed_when_its_source_leaves": ("peers-xmage/trigger-independent-of-source#source-removed",),
    "copy_new_targets_ignored": ("peers-xmage/copies-choose-new-targets#with-those-targets",),
    "you_may_answered_before_resolving": (
        "triggers/you-may-is-answered-as-the-ability-resolves#choice-on-resolution",
    ),
    "target_exclusions_ignored": ("pool/target-restrictions#exclusions",),
    "target_card_types_ignored": ("pool/target-restrictions#card-types",),
    "target_mana_value_limits_ignored": ("pool/target-restrictions#limits",),
    "permanent_spell_copy_enters_as_a_card": (
        "copies/a-copy-of-a-permanent-spell-becomes-a-token#becomes-a-token",
    ),
    "mdfc_named_face_ignored": ("mdfc/the-caster-chooses-the-face#the-chosen-face",),
    "face_named_for_a_single_faced_card": (
        "mdfc/the-caster-chooses-the-face#only-a-modal-double-faced-card",
    ),
    "until_end_of_turn_ends_with_the_step": ("pool/until-end-of-turn-effects#as-long-as-stated",),
    "enters_color_choice_ignored": (
        "enters-choices/a-color-chosen-as-it-enters#the-choice-made",
        "peers-xmage/a-color-chosen-as-it-enters#the-choice-made",
    ),
    "free_cast_charged_its_mana_cost": (
        "peers-xmage/cast-without-paying-mana-cost#rather-than-the-mana-cost",
    ),
    "creature_damage_costs_its_controller_life": (
        "pool/damage-marks-creatures-and-costs-players-life#player-or-permanent",
    ),
    "trigger_resolves_as_it_triggers": ("pool/triggered-abilities#does-nothing-yet",),
    "modal_trigger_modes_chosen_by_the_engine": ("modes/a-modal-triggered-ability#its-controller-chooses",),
    "kicks_remembered_across_zone_changes": ("peers-xmage/returned-permanent-is-a-new-object#no-memory",),
    "every_mana_ability_taps": ("pool/mana-abilities#no-tap-symbol-needed",),
    "same_target_twice_for_one_instance": ("pool/target-restrictions#once-per-instance",),
    "kicked_spell_trigger_for_any_spell": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#only-if-it-is",
    ),
    "kicked_trigger_without_intervening_if": (
        "triggers/kicked-conditions-on-cast-and-enter-triggers#only-if-it-is",
    ),
    "copy_with_new_targets_divides_anew": (
        "divided-damage/the-caster-divides-as-the-spell-is-cast#the-division-announced",
    ),
    "illegal_targets_share_dealt_to_another": (
        "divided-damage/the-caster-divides-as-the-spell-is-cast#the-division-announced",
    ),
    "same_mode_more_than_once_refused": (
        "modes/a-mode-chosen-twice-asks-for-each-payment#may-choose-the-same-mode",
    ),
    "repeated_mode_performed_once": (
        "modes/a-mode-chosen-twice-asks-for-each-payment#that-many-times-in-sequence",
    ),
    "same_mode_chosen_twice": (
        "modes/a-mode-chosen-twice-asks-for-each-payment#that-many-times-in-sequence",
    ),
    "reduction_ignores_spell_types": ("pool/cost-reductions#only-the-spells-it-names",),
    "converge_counts_permanents": ("peers-xmage/converge#pays-the-total",),
    "converge_skips_colored_symbols": ("peers-xmage/converge#pays-the-total",),
    "partial_mana_payment_accepted": (
        "costs/the-caster-chooses-the-card-that-pays-a-cost#no-partial-payment",
    ),
}
# Added to a fault's claims, also where a fault above already drops others: the Wagic peer
# tests' claims (wagic_claims.py), the ported XMage trigger and hexproof tests'
# (their faults are in their rules areas' modules), the claims given to more rule entries (MORE_DROPS)
# and those of the judge and rules Q&A situations (JUDGE_DROPS).

# The spec entries of the XMage and Forge peer tests (spec/rules/peer-tests-xmage-*.yaml, peer-tests-forge.yaml)
P = "peers-xmage/"
LOOKBACK = P + "dies-triggers-look-back#"
BATCH = P + "one-or-more-creatures-die#"
UND = P + "undying-and-persist#"
HF = P + "hexproof-from-a-quality#"
PL = P + "prevention-from-a-static-ability#"
ST = P + "static-boosts-apply-to-what-their-text-says#"
RE = P + "resolved-effects-lock-in-their-objects#"
LW = P + "landwalk#"
LKI = P + "last-known-information-of-the-dead-creature#"
FG = "peers-forge/"
HG = P + "hexproof-gained-in-response#"

# The claims the faults of the XMage and Forge peer-test rules drop (the faults are in their areas' modules)
PEER_TRIGGER_DROPS: dict[str, tuple[str, ...]] = {
    "one_or_more_dies_triggers_per_creature": (BATCH + "once-each-time",),
    "graveyard_cards_trigger_on_deaths": (LOOKBACK + "a-source-that-left-earlier-doesnt-trigger",),
    "sacrificed_for_a_cost_doesnt_die": (LOOKBACK + "sacrificed-as-a-cost",),
    "undying_returns_a_card_that_left_the_graveyard": (UND + "the-card-in-the-graveyard",),
    "pump_follows_the_returned_card": (UND + "returns-as-a-new-object",),
    "static_prevention_covers_players": (PL + "what-damage-will-not-be-dealt",),
    "other_boost_includes_its_source": (ST + "whatever-its-text-indicates",),
    "pump_all_only_the_source": (RE + "determined-when-it-begins",),
    "landwalk_ignored": (LW + "cant-be-blocked-while-the-defender-controls-one",),
    "that_creatures_controller_is_the_triggers": (LKI + "last-known-information",),
    "verdeloth_gives_no_bonus": (ST + "whatever-its-text-indicates",),
    "lord_boosts_without_its_abilities": (ST + "not-locked-in",),
    "attacking_creature_prevention_covers_blockers": (PL + "prevention-effects",),
    "unpreventable_damage_static_ignored": (P + "damage-that-cant-be-prevented#cant-be-prevented",),
    "protection_doesnt_prevent_combat_damage": (P + "damage-that-cant-be-prevented#cant-be-prevented",),
    "dies_trigger_reads_counters_in_the_graveyard": (LKI + "counters-as-it-last-existed",),
    "simultaneous_deaths_unseen": (LOOKBACK + "looks-back",),
    "protection_prevents_damage_from_every_source": (P + "protection-from-a-color#a-color-quality",),
    "copy_for_each_includes_opponents_creatures": (
        P + "copy-for-each-object-it-could-target#for-each-object-it-could-target",),
    "per_counter_cost_reduction_ignored": (P + "cost-reduction-per-counter#minus-all-cost-reductions",),
    "dies_trigger_mana_lost": (LOOKBACK + "sacrificed-as-a-cost",),
    "only_the_first_boost_of_a_source_applies": (
        FG + "every-power-toughness-modification-applies#effects-that-modify",),
    "dies_trigger_reads_power_in_the_graveyard": (LKI + "power-as-it-last-existed",),
    "spell_damage_not_marked": (FG + "damage-is-marked#marked-on-that-creature",),
    "simultaneous_deaths_trigger_each_ability_once": (FG + "one-event-many-deaths#multiple-occurrences",),
    "an_opponents_creature_means_yours": (FG + "one-event-many-deaths#its-trigger-event",),
    "each_opponent_creates_for_you": (FG + "the-creator-of-a-token-owns-it#under-that-players-control",),
    "chosen_color_filter_ignored": (FG + "of-the-chosen-color#whatever-its-text-indicates",),
    "state_based_deaths_trigger_nothing": (LOOKBACK + "leaves-the-battlefield-abilities",),
    "dies_trigger_counts_opponents_creatures": (BATCH + "only-its-trigger-event",),
    "undying_returns_without_a_counter": (UND + "persist-minus-counter",),
    "hexproof_from_is_full_hexproof": (HF + "quality-spells",),
    "hexproof_from_stops_its_controller": (HF + "your-opponents",),
    "resolves_with_only_illegal_targets": (HG + "all-targets-illegal",),
    "illegal_targets_still_affected": (HG + "illegal-targets-not-affected",),
}



# The judge and rules Q&A situations (spec/rules/judge-situations.yaml)
RIP = "judge/rest-in-peace-exiles-what-would-reach-a-graveyard#"
FURNACE = "judge/furnace-of-rath-doubles-each-share#"
SCALES = "judge/hardened-scales-counts-counters-a-creature-enters-with#"
TUSK = "judge/thragtusk-leaves-for-any-reason#"
HEX = "judge/hexproof-given-in-response-to-a-targeted-spell#"
CLONE = "judge/clone-copies-only-copiable-values#"
INDESTRUCTIBLE = "judge/indestructible-only-stops-destruction#"
PROTECTION = "judge/protection-stops-targets-and-damage-only#"
CONFLAGRATE = "judge/conflagrate-flashback-and-divided-damage#"
SNAPCASTER = "judge/snapcasters-flashback-waits-for-its-trigger#"
LOOK_BACK = "judge/a-copy-with-a-leaves-ability-looks-back#"
FOG = "judge/fog-prevents-combat-damage-only#"
COPY = "judge/a-copy-of-a-spell-is-not-cast#"

# The claims of spec/rules/judge-situations.yaml each fault drops; selfcheck runs the claim's
# pinning scenarios against the fault and requires one of them to reject it. The faults of
# other modules listed here are rejected by these scenarios as well as by their own.
JUDGE_DROPS: dict[str, tuple[str, ...]] = {
    "exiled_instead_still_dies": (RIP + "nothing-reaches-a-graveyard",),
    "graveyard_replacement_only_for_permanents": (RIP + "nothing-reaches-a-graveyard",),
    "same_replacement_effect_counts_once": (FURNACE + "two-furnaces-quadruple",),
    "one_replacement_per_event": (FURNACE + "two-furnaces-quadruple", SCALES + "each-scales-adds-one"),
    "replacement_reapplied_to_the_modified_event": (FURNACE + "divided-first",),
    "lifelink_ignored": (FURNACE + "original-source",),
    "entering_counters_not_replaced": (SCALES + "entering-counts",),
    "counter_replacement_applies_twice": (SCALES + "each-scales-adds-one",),
    "leaves_trigger_only_on_death": (TUSK + "bounce-is-leaving",),
    "illegal_targets_still_affected": (HEX + "the-other-target-is-affected",),
    "gained_hexproof_not_rechecked": (HEX + "the-other-target-is-affected", HEX + "every-target-illegal"),
    "resolves_with_only_illegal_targets": (HEX + "every-target-illegal",),
    "hexproof_stops_its_controller": (HEX + "its-controller-may-target",),
    "copy_takes_counters_into_power": (CLONE + "not-other-effects",),
    "copy_without_abilities": (CLONE + "enters-abilities-trigger",),
    "copy_of_a_copy_copies_the_printed_card": (CLONE + "copy-of-a-copy",),
    "clone_choice_targets": (CLONE + "does-not-target",),
    "indestructible_is_destroyed": (INDESTRUCTIBLE + "destroy-effects",),
    "indestructible_dies_to_lethal_damage": (INDESTRUCTIBLE + "lethal-damage",),
    "indestructible_survives_zero_toughness": (INDESTRUCTIBLE + "zero-toughness",),
    "exile_spares_indestructible": (INDESTRUCTIBLE + "exile",),
    "protection_ignored_by_spells": (PROTECTION + "no-white-target",),
    "protection_stops_non_targeting_effects": (PROTECTION + "not-targeted-not-damage",),
    "protection_prevents_only_combat_damage": (PROTECTION + "red-damage-prevented",),
    "illegal_targets_share_dealt_to_another": (CONFLAGRATE + "shares-not-dealt",),
    "flashback_x_is_zero_in_mana_value": (CONFLAGRATE + "x-counts-with-flashback",),
    "x_is_zero_on_the_stack": (CONFLAGRATE + "x-counts-with-flashback",),
    "flashback_sorcery_at_instant_speed": (CONFLAGRATE + "sorcery-timing",),
    "countered_flashback_spell_to_graveyard": (CONFLAGRATE + "exiled-either-way",),
    "resolved_flashback_spell_to_graveyard": (CONFLAGRATE + "exiled-either-way",),
    "trigger_resolves_as_it_triggers": (SNAPCASTER + "no-flashback-before-resolution",),
    "granted_flashback_spell_not_exiled": (SNAPCASTER + "no-flashback-before-resolution",),
    "fizzled_spell_exiled": (SNAPCASTER + "checked-again-on-resolution",),
    "leaves_trigger_forgets_copy_effects": (LOOK_BACK + "looks-back",),
    "fog_spares_creatures": (FOG + "both-ways",),
    "fog_locked_in_as_it_resolves": (FOG + "both-ways",),
    "fog_prevents_all_damage": (FOG + "noncombat-dealt",),
    "copy_of_spell_is_cast": (COPY + "not-cast",),
    "copy_of_kicked_spell_unkicked": (COPY + "kicked-copy",),
    "copy_has_x_zero": (COPY + "same-x",),
}



# The rules added to port peer tests whose blocker was an engine feature (issue #31)
COST = "costs/removing-counters-to-pay-a-cost#necessary-resources-counters"
POISON = "combat/infect-damage-is-poison-counters-and-minus-counters#infect-player-poison"
INFECT_CREATURE = "combat/infect-damage-to-a-creature-is-minus-counters#infect-creature-counters"
WITHER = "peers-wagic/wither#damage-dealt-to-a-creature-by-a-source-with-wither"
LAST_CONTROLLER = "peers-forge/its-controller-as-it-last-existed#last-known-controller"
ENCHANTED = "peers-forge/the-enchanted-creature#called-enchanted"
GRANDEUR = "peers-wagic/an-ability-word-has-no-rules-meaning#ability-words-no-special-rules-meaning"
THIS_TURN = "peers-wagic/prevention-this-turn#there-are-no-special-restrictions-on"
BY_TURN = "peers-wagic/power-set-by-a-stated-condition#according-to-some-stated-condition"
NOT_LOCKED = "peers-wagic/static-abilities-not-locked-in#it-applies-at-any-given-moment"
CANT_PAY = "peers-xmage/cant-beats-may-for-costs#cant-takes-precedence-over-a-cost"
ALONE = "combat/a-creature-that-cant-attack-alone#attacks-alone"
NO_DURATION = "peers-xmage/control-until-end-of-turn#no-duration-until-the-end-of-the-game"
OWNER = "peers-xmage/undying-and-persist#under-its-owners-control"
CONTROL = "peers-xmage/control-until-end-of-turn#control-until-end-of-turn"
VINES = "peers-xmage/hexproof-gained-in-response#other-changes-make-a-target-illegal"
GRAVEYARD = "peers-xmage/put-into-a-graveyard-from-the-battlefield#put-into-a-graveyard-noncreature"

# fault -> the claims it drops (the faults are in their rules areas' modules)
PEER_REACH_DROPS: dict[str, tuple[str, ...]] = {
    "counter_cost_paid_without_counters": (COST,),
    "counter_cost_removes_nothing": (COST,),
    "wither_ignored": (WITHER,),
    "infect_ignored": (POISON, INFECT_CREATURE),
    "poison_counters_never_lose": (POISON,),
    "graveyard_triggers_only_for_creatures": (GRAVEYARD,),
    "mana_ability_sacrifice_skipped": (GRAVEYARD,),
    "opponents_restriction_read_as_hexproof": (VINES,),
    "undying_returns_under_its_controller": (OWNER,),
    "control_until_end_of_turn_never_ends": (CONTROL,),
    "its_controller_read_after_it_left": (LAST_CONTROLLER,),
    "cant_attack_alone_ignored": (ALONE,),
    "control_without_duration_ends_with_the_turn": (NO_DURATION,),
    "cant_pay_life_or_sacrifice_ignored": (CANT_PAY,),
    "not_your_turn_condition_ignored": (NOT_LOCKED,),
    "turn_condition_of_a_cda_ignored": (BY_TURN,),
    "last_known_power_is_printed": (BY_TURN,),
    "grandeur_discard_not_paid": (GRANDEUR,),
    "prevention_for_a_target_creature_ignored": (THIS_TURN,),
    "aura_keywords_not_granted": (ENCHANTED,),
}


# The spec entries of phase.rs's own rules tests (spec/rules/peer-tests-phase.yaml): the claims that
# faults drop, whether defined for these ports (stack_resolves_bottom_first, spell_cast_without_its_target,
# blockers_deal_no_combat_damage, defender_can_attack, identical_static_boosts_apply_once,
# each in its rules area's module) or elsewhere (704.5q's is plus_and_minus_counters_never_cancel)
PH = "peers-phase/"
PHASE_PEER_DROPS: dict[str, tuple[str, ...]] = {
    "spell_damage_not_marked": (PH + "lethal-damage#lethal-damage-is-destroyed",),
    "zero_life_is_not_a_loss": (PH + "zero-life#zero-or-less-life-loses",),
    "indestructible_survives_zero_toughness": (PH + "zero-toughness#toughness-zero-goes-to-the-graveyard",),
    "deathtouch_only_from_attackers": (PH + "deathtouch-damage#any-deathtouch-damage-destroys",),
    "indestructible_dies_to_lethal_damage": (PH + "indestructible-and-lethal-damage#not-destroyed-by-lethal-damage",),
    "stack_resolves_bottom_first": (PH + "the-top-of-the-stack-resolves#the-last-added-resolves",),
    "players_take_no_damage": (PH + "the-top-of-the-stack-resolves#a-resolved-spell-leaves-the-stack",),
    "fizzled_spell_exiled": (PH + "a-spell-whose-targets-are-all-illegal#doesnt-resolve",),
    "spell_cast_without_its_target": (PH + "a-target-must-be-chosen#an-appropriate-object-for-each-target",),
    "hexproof_ignored_by_spells": (PH + "hexproof#opponents-cant-target",),
    "shroud_is_hexproof": (PH + "shroud#not-even-its-controller",),
    "blockers_deal_no_combat_damage": (PH + "combat-damage-equal-to-power#each-assigns-its-power",),
    "first_strike_ignored": (PH + "first-and-double-strike#first-strikers-deal-damage-first",),
    "double_strike_without_a_first_strike_step": (PH + "first-and-double-strike#double-strikers-deal-damage-again",),
    "lifelink_ignored": (PH + "lifelink#gain-that-much-life",),
    "trample_deathtouch_assigns_full_toughness": (PH + "deathtouch-and-trample#one-is-lethal-for-trample",),
    "flying_ignored_by_blocks": (PH + "flying-and-reach#except-by-flying-or-reach",),
    "reach_doesnt_block_flyers": (PH + "flying-and-reach#except-by-flying-or-reach",),
    "vigilance_attacker_taps": (PH + "attacking-taps-except-with-vigilance#vigilance-doesnt-tap",),
    "defender_can_attack": (PH + "defender#cant-attack",),
    "state_based_deaths_trigger_nothing": (
        PH + "dies-triggers-after-combat-damage#leaves-the-battlefield-abilities-look-back",),
    "trigger_resolves_as_it_triggers": (PH + "enters-the-battlefield-triggers#trigger-when-a-permanent-enters",
                                        PH + "enters-the-battlefield-triggers#all-permanents-are-checked"),
    "identical_static_boosts_apply_once": (PH + "power-and-toughness-modifications#effects-and-counters-modify",),
    "set_value_overwrites_modifications": (PH + "power-and-toughness-modifications#after-set-values",),
    "plus_and_minus_counters_never_cancel": (
        "state-based-actions/plus-and-minus-counters-are-removed-in-pairs#n-of-each",
        PH + "plus-and-minus-counters#n-of-each-are-removed"),
}



# The claims of the ruling entries (kicker, Kaleidoscorch and self-check-gap rulings): the faults each one drops
RULING_DROPS: dict[str, tuple[str, ...]] = {
    "converge_copy_counts_original_colors": (
        "kaleidoscorch/copy-of-converge-spell-spent-no-mana#copy-spent-no-mana",
    ),
    "converge_counts_colorless": (
        "kaleidoscorch/at-most-five-colors#colorless-is-no-color",
    ),
    "converge_counts_each_mana": (
        "kaleidoscorch/at-most-five-colors#colors-not-mana",
    ),
    "converge_skips_colored_symbols": (
        "kaleidoscorch/alternative-and-additional-cost-colors-count#those-costs-count",
    ),
    "countered_flashback_spell_to_graveyard": (
        "kaleidoscorch/flashback-spell-always-exiled#however-it-leaves",
    ),
    "countered_spell_still_resolves": (
        "kicker/kicked-spell-is-one-spell#one-spell",
    ),
    "enters_trigger_target_chosen_at_cast": (
        "triggers/triggered-ability-targets-are-chosen-by-its-controller#chosen-as-it-triggers",
    ),
    "flashback_from_hand": (
        "kaleidoscorch/flashback-meaning#from-your-graveyard",
    ),
    "flashback_only_after_cast": (
        "kaleidoscorch/flashback-after-uncast-arrival#never-cast",
    ),
    "flashback_sorcery_at_instant_speed": (
        "kaleidoscorch/flashback-keeps-timing-rules#timing-kept",
    ),
    "free_cast_charged_its_mana_cost": (
        "kaleidoscorch/cast-without-spending-mana-counts-zero#zero-colors",
        "x-costs/x-is-0-when-cast-without-paying-the-mana-cost#without-spending-mana",
    ),
    "increase_ignored_with_flashback": (
        "kaleidoscorch/total-cost-and-mana-value#increases-and-reductions",
    ),
    "kicked_only_targets_when_unkicked": (
        "kicker/fr/kicker-targets-only-if-declared#targets-only-if-kicked",
    ),
    "kicker_cost_in_mana_value": (
        "kicker/fr/kicker-not-part-of-mana-cost#not-mana-value",
    ),
    "kicker_is_mandatory": (
        "kicker/fr/kicker-paid-as-you-cast#optional",
    ),
    "overpaying_allowed": (
        "kaleidoscorch/no-extra-mana-for-more-colors#no-overpaying",
        "kaleidoscorch/no-extra-mana-for-more-colors#reductions-apply",
    ),
    "reduction_lost_with_flashback": (
        "kaleidoscorch/total-cost-and-mana-value#increases-and-reductions",
    ),
    "resolved_flashback_spell_to_graveyard": (
        "kaleidoscorch/flashback-spell-always-exiled#however-it-leaves",
    ),
    "single_kicker_paid_twice": (
        "kicker/fr/kicker-paid-only-once#only-once",
    ),
    "total_cost_ignores_kicker": (
        "kicker/fr/kicker-paid-as-you-cast#with-the-mana-cost",
        "costs/the-total-cost-is-paid-exactly#paid-with-the-mana-cost",
    ),
    "x_is_zero_on_the_stack": (
        "mana-value/x-is-the-announced-value-on-the-stack#mana-cost-unchanged",
    ),
}


for _more in (WAGIC_DROPS, PEER_TRIGGER_DROPS, MORE_DROPS, JUDGE_DROPS, PEER_REACH_DROPS, PHASE_PEER_DROPS,
              RULING_DROPS, CITED_DROPS):
    for _name, _claims in _more.items():
        DROPS[_name] = DROPS.get(_name, ()) + _claims

