"""Dash (702.109a) and blitz (702.152a) after the spell resolves: "If this spell's dash (blitz) cost
was paid, return the permanent this spell becomes to its owner's hand (sacrifice it) at the beginning
of the next end step" (a static ability of the spell that creates a delayed triggered ability, 603.7),
and "As long as this permanent's dash (blitz) cost was paid, it has haste [and 'When this permanent is
put into a graveyard from the battlefield, draw a card.']".

Why a module of its own: resolution puts the permanent onto the battlefield and asks this module what
the cost paid for the spell adds to it; the three effects below are the delayed and granted
abilities' own, small enough not to need the effect primitives (which sit above the rules).
SacrificeThat also serves effects.delayed (decayed, Thatcher Revolt).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions
from .abilities import LeavesBattlefield, Trigger

ALTERNATIVES = ("dash", "blitz")


@dataclass(frozen=True)
class ReturnItToHand:
    """Dash's delayed trigger: return the permanent to its owner's hand if it is still that object on
    the battlefield (400.7: not one that left and came back)."""

    oid: int
    moves: int

    def apply(self, ctx):
        o = ctx.game.objs.get(self.oid)
        if o is not None and o.zone == "battlefield" and o.moves == self.moves:
            ctx.game.move(o, "hand")


@dataclass(frozen=True)
class SacrificeThat:
    """Sacrifice the object a delayed trigger remembers (701.21a: only its controller's own
    permanent), if it is still that object on the battlefield (400.7: not after a zone change).
    Blitz's end-step sacrifice here, and decayed's and Thatcher Revolt's (effects.delayed)."""

    oid: int
    moves: int

    def apply(self, ctx):
        o = ctx.game.objs.get(self.oid)
        if o is not None and o.zone == "battlefield" and o.moves == self.moves and o.controller == ctx.controller:
            ctx.game.move(o, "graveyard")


@dataclass(frozen=True)
class DrawACard:
    """"draw a card": the controller of the ability draws one (121.1)."""

    def apply(self, ctx):
        actions.draw(ctx.game, ctx.controller, 1)


# "When this permanent is put into a graveyard from the battlefield, draw a card." (702.152a)
BLITZ_DRAW = Trigger("leaves", (DrawACard(),), leaves=LeavesBattlefield("graveyard", "self", types_any=()))


def entered(game, o, controller: str, alternative) -> None:
    """What a dash or blitz cost paid for the spell gives the permanent `o` it became, as it enters:
    haste (kept on the object as it entered, like a kicked creature's), the delayed trigger at the
    beginning of the next end step (603.7a, controlled by the spell's controller, 603.7d), and for
    blitz the draw ability, which it has for as long as it is that object (Game.lasting_triggers)."""
    if alternative not in ALTERNATIVES:
        return
    o.gained = tuple(sorted({*o.gained, "haste"}))
    then = ReturnItToHand(o.oid, o.moves) if alternative == "dash" else SacrificeThat(o.oid, o.moves)
    game.delayed = game.delayed + (("end", o.oid, Trigger("delayed", (then,), controller=controller)),)
    if alternative == "blitz":
        entry = (o.oid, o.moves, BLITZ_DRAW)
        game.eot_triggers = game.eot_triggers + (entry,)
        game.lasting_triggers = game.lasting_triggers + (entry,)
