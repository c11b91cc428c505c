"""Catalog cards whose text looks at cards or hides them (scry 701.22, surveil 701.25, looking 701.20e,
exiling face down 406.3), as data over the
effect primitives. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    Draw,
    ExileFromHandFaceDownLinked,
    ExileTopOfEachLibraryMayCastFree,
    LookAtTopPutIntoHandRestOnBottom,
    LoseLife,
    ReturnLinkedExiledToHand,
    Scry,
    Surveil,
    Targets,
    You,
)
from ..rules.abilities import ActivatedAbility, Trigger
from ..state.mana import Cost
from .behaviour import PLAYER, Behaviour

LIBRARY_POOL: dict[str, Behaviour] = {
    # "You may look at cards exiled with this creature." changes nothing the contract shows (406.3:
    # who may look at a face-down card); its two other abilities are linked (607.2a)
    "Bane Alley Broker": Behaviour(activated=(
        ActivatedAbility((Draw(You(), 1), ExileFromHandFaceDownLinked()), tap=True,
                         description="{T}: Draw a card, then exile a card from your hand face down."),
        ActivatedAbility((ReturnLinkedExiledToHand(),), tap=True, mana=Cost.parse("{U}{B}"),
                         description="{U}{B}, {T}: Return a card exiled with this creature to its owner's hand."),
    )),
    # Suspend (702.62a) is a special action taken from a hand (116.2f) that no step of the contract
    # takes: the card is never suspended here, so its time-counter triggers never apply. It has no
    # mana cost (202.1b): cast from a hand it can't be paid for (118.6), and a flashback "equal to
    # its mana cost" is unpayable too (rules.casting).
    "Ancestral Vision": Behaviour(targets=(PLAYER,), effects=(Draw(Targets(0), 3),)),
    "Consider": Behaviour(effects=(Surveil(1), Draw(You(), 1))),
    # "Whenever Etali attacks, exile the top card of each player's library, then you may cast any
    # number of spells from among those cards without paying their mana costs."
    "Etali, Primal Storm": Behaviour(triggers=(Trigger("self-attacks", (ExileTopOfEachLibraryMayCastFree(),)),)),
    "Impulse": Behaviour(effects=(LookAtTopPutIntoHandRestOnBottom(4, into_hand=1),)),
    "Opt": Behaviour(effects=(Scry(1), Draw(You(), 1))),
    "Preordain": Behaviour(effects=(Scry(2), Draw(You(), 1))),
    "Risky Research": Behaviour(effects=(Surveil(2), Draw(You(), 2), LoseLife(You(), 2))),
}
