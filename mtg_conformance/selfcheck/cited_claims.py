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
SECTIONS_7_TO_9: dict[str, tuple[str, ...]] = {
}

CITED_DROPS: dict[str, tuple[str, ...]] = {}
for _part in (SECTIONS_1_TO_4, SECTIONS_5_TO_6, SECTIONS_7_TO_9):
    for _name, _claims in _part.items():
        CITED_DROPS[_name] = CITED_DROPS.get(_name, ()) + _claims
