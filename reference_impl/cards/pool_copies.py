"""Catalog cards for copies of permanent spells (707.10, 608.3f), as data over the effect
primitives. Kept apart from pool.py so that card additions elsewhere merge cleanly.

Lithoform Engine (pool.py) copies any permanent spell its controller controls; the cards here
are the permanent spells whose copies carry a decision made as the original was cast: X
(107.3m: the permanent's "enters with" replacement uses the X of the spell it was)."""

from __future__ import annotations

from ..effects import X
from ..rules.abilities import EntersWithCounters
from .behaviour import Behaviour

COPIES_POOL: dict[str, Behaviour] = {
    "Endless One": Behaviour(enters=(EntersWithCounters("+1/+1", X()),)),
}
