"""Catalog cards whose text acts on a library (scry 701.22, surveil 701.25), as data over the
effect primitives. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Draw, LoseLife, Scry, Surveil, You
from .behaviour import Behaviour

LIBRARY_POOL: dict[str, Behaviour] = {
    "Consider": Behaviour(effects=(Surveil(1), Draw(You(), 1))),
    "Opt": Behaviour(effects=(Scry(1), Draw(You(), 1))),
    "Preordain": Behaviour(effects=(Scry(2), Draw(You(), 1))),
    "Risky Research": Behaviour(effects=(Surveil(2), Draw(You(), 2), LoseLife(You(), 2))),
}
