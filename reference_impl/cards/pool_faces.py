"""Catalog cards with more than one face: split cards (709) and modal double-faced cards
(712), as data over the effect primitives, one Behaviour per half or face (left/front
first). Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Destroy, DividedDamage, Draw, Fight, Tap, Targets, You
from ..rules.statics import EntersTapped
from ..rules.targets import TargetSpec
from .behaviour import Behaviour

FACES_POOL: dict[str, Behaviour] = {
    "Fire // Ice": Behaviour(faces=(
        Behaviour(targets=(TargetSpec("any", count="one-or-two", divided=True,
                                      description="one or two targets"),),
                  effects=(DividedDamage(2, Targets(0)),)),
        Behaviour(targets=(TargetSpec("permanent", description="target permanent"),),
                  effects=(Tap(Targets(0)), Draw(You(), 1))),
    )),
    "Wear // Tear": Behaviour(faces=(
        Behaviour(targets=(TargetSpec("permanent", types_any=("Artifact",), description="target artifact"),),
                  effects=(Destroy(Targets(0)),)),
        Behaviour(targets=(TargetSpec("permanent", types_any=("Enchantment",),
                                      description="target enchantment"),),
                  effects=(Destroy(Targets(0)),)),
    )),
    "Khalni Ambush // Khalni Territory": Behaviour(faces=(
        Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), you_control=True,
                                      description="target creature you control"),
                           TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                      description="target creature you don't control")),
                  effects=(Fight(0, 1),)),
        Behaviour(enters=(EntersTapped(),)),
    )),
}
