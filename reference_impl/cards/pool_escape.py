"""Catalog cards with escape (702.138) or miracle (702.94), as data over the effect primitives.
The escape and miracle costs are parsed from the Oracle text (rules/keywords.py); only the rest of
each card's text is here. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Escaped, LoseLife, Matching, ReturnToHand, Sacrifice, Self, Targets
from ..rules.abilities import Trigger
from ..rules.filters import Filter
from ..rules.statics import EntersWithCounters, GrantEscape
from .behaviour import PLAYER, Behaviour

ESCAPE_POOL: dict[str, Behaviour] = {
    # "This creature escapes with a +1/+1 counter on it." (702.138c: if it escaped, it enters with it)
    "Loathsome Chimera": Behaviour(enters=(EntersWithCounters("+1/+1", 1, Escaped()),)),
    # "Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana cost
    # plus exile three other cards from your graveyard." / "At the beginning of the end step (each
    # turn's), sacrifice this enchantment."
    "Underworld Breach": Behaviour(statics=(GrantEscape(3),), triggers=(
        Trigger("beginning-of", (Sacrifice(Self()),), step="end", each_turn=True),)),
    "Fruit of Tizerus": Behaviour(targets=(PLAYER,), effects=(LoseLife(Targets(0), 2),)),
    "Devastation Tide": Behaviour(effects=(ReturnToHand(Matching(Filter(whose="any", types_not=("Land",)))),)),
}
