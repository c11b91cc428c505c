"""Catalog cards whose static abilities reach cards in a hand or the timing of other players' spells
(Teferi, Mage of Zhalfir: flash for its owner's creature cards off the battlefield, 702.8a, 611.3a;
sorcery timing for each opponent, 307.5), as data over the shared statics. Kept apart from pool.py so
that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..rules.statics import CardsYouOwnHaveKeyword, OpponentsCastOnlyAsSorcery
from .behaviour import Behaviour

HAND_POOL: dict[str, Behaviour] = {
    "Teferi, Mage of Zhalfir": Behaviour(statics=(CardsYouOwnHaveKeyword(("flash",), ("Creature",)),
                                                  OpponentsCastOnlyAsSorcery())),
}
