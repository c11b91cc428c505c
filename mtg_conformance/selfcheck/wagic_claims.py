"""The Wagic peer-test claims (spec/rules/peer-tests-wagic.yaml) that faults defined elsewhere drop:
fault name -> claim ids, merged into claims.DROPS. The faults these ports need and no other module
had are in wagic_peer_faults.py, with their claims."""

from __future__ import annotations

from .wagic_peer_faults import DROPS as NEW_FAULT_DROPS

W = "peers-wagic/"

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
