"""Catalog cards of the adventurer-card rules (715) and of their peer ports (XMage's CopySpellTest
Bonecrusher Giant tests), as data over the effect primitives: an adventurer card has one Behaviour
for the creature and one for its Adventure (715.2), creature first. Kept apart from pool.py so that
card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Damage, EventPlayer, Pump, Targets
from ..rules.abilities import Trigger
from ..rules.prevention import DamageCantBePreventedThisTurn
from .behaviour import ANY, CREATURE, Behaviour

ADVENTURE_POOL: dict[str, Behaviour] = {
    "Bonecrusher Giant // Stomp": Behaviour(faces=(
        # "Whenever this creature becomes the target of a spell, this creature deals 2 damage to that
        # spell's controller." (a copy of a spell is a spell too, 707.10: one put onto the stack
        # targeting it makes it become the target of a spell, 707.10c)
        Behaviour(triggers=(Trigger("self-targeted-by-spell", (Damage(2, EventPlayer()),)),)),
        # Stomp: "Damage can't be prevented this turn. Stomp deals 2 damage to any target." (615.12,
        # in the order written, 608.2c)
        Behaviour(targets=(ANY,), effects=(DamageCantBePreventedThisTurn(), Damage(2, Targets(0)))),
    )),
    # "Target creature gets +2/+2 until end of turn. / Conspire" (702.78a: parsed from its text)
    "Barkshell Blessing": Behaviour(targets=(CREATURE,), effects=(Pump(Targets(0), 2, 2),)),
}
