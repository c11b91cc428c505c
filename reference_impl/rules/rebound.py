"""Rebound (702.88a): "If this spell was cast from your hand, instead of putting it into your graveyard
as it resolves, exile it and, at the beginning of your next upkeep, you may cast this card from exile
without paying its mana cost."

Why a module of its own: resolution asks it where a resolving instant or sorcery goes, and it owns the
delayed triggered ability (603.7) and its cast during the resolution (608.2g, rules.offered_casts).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import offered_casts
from .abilities import Trigger


def rebounds(o) -> bool:
    """702.88a: a spell with rebound cast from its owner's hand (not a copy: 707.10, it was never cast
    from a hand)."""
    return bool(o.card.rebound) and not o.copy and o.spell is not None and o.spell.cast_from == "hand"


@dataclass(frozen=True)
class MayCastItFromExile:
    """Rebound's delayed trigger: the card may be cast from exile without paying its mana cost, if it is
    still the card rebound exiled (400.7); the step's `cast` choice casts it, else it stays in exile."""

    oid: int
    moves: int

    def apply(self, ctx):
        o = ctx.game.objs.get(self.oid)
        offered = [self.oid] if o is not None and o.zone == "exile" and o.moves == self.moves else []
        offered_casts.cast_offered(ctx.game, offered, ctx.controller, ctx.choices.get("cast"),
                                   "without-paying-mana-cost")


def exile_for_rebound(game, o) -> None:
    """Exile the resolving spell instead of putting it into the graveyard, and create the delayed
    triggered ability "at the beginning of your next upkeep" of its controller (603.7a, 603.7d)."""
    controller = o.controller
    game.move(o, "exile")
    if o.zone != "exile":  # (a replacement effect sent it elsewhere)
        return
    trigger = Trigger("delayed", (MayCastItFromExile(o.oid, o.moves),), controller=controller)
    game.delayed = game.delayed + ((f"upkeep/{controller}", o.oid, trigger),)
