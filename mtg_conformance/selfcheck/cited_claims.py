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
}

CITED_DROPS: dict[str, tuple[str, ...]] = {}
for _part in (SECTIONS_1_TO_4, SECTIONS_5_TO_6, SECTIONS_7_TO_9):
    for _name, _claims in _part.items():
        CITED_DROPS[_name] = CITED_DROPS.get(_name, ()) + _claims
