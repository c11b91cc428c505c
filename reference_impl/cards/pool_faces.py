"""Catalog cards with more than one face: split cards (709), as data over the effect
primitives, one Behaviour per half (left first). Kept apart from pool.py so that card
additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import DividedDamage, Draw, Tap, Targets, You
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
}
