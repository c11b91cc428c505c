"""Catalog cards of issue #31's peer ports (XMage's SacredBoonTest and CostModificationTest, Forge's
GameSimulationTest): storm spells (702.40), a shield that counts the damage it prevents, and
transforming double-faced cards (712), as data over the effect primitives. Kept apart from pool.py
so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Damage, PreventNextThenCountersAtEndStep, Targets
from .behaviour import ANY, CREATURE, Behaviour

DFC_POOL: dict[str, Behaviour] = {
    # "Bombard deals 4 damage to target creature."
    "Bombard": Behaviour(targets=(CREATURE,), effects=(Damage(4, Targets(0)),)),
    # "Grapeshot deals 1 damage to any target. / Storm" (storm is parsed from its keyword line)
    "Grapeshot": Behaviour(targets=(ANY,), effects=(Damage(1, Targets(0)),)),
    # "Prevent the next 3 damage that would be dealt to target creature this turn. At the beginning
    # of the next end step, put a +0/+1 counter on that creature for each 1 damage prevented this way."
    "Sacred Boon": Behaviour(targets=(CREATURE,),
                             effects=(PreventNextThenCountersAtEndStep(3, Targets(0), "+0/+1"),)),
    # "Scattershot deals 1 damage to target creature. / Storm"
    "Scattershot": Behaviour(targets=(CREATURE,), effects=(Damage(1, Targets(0)),)),
}
