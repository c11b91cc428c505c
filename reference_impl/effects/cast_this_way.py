"""Effects that let a card be cast and then follow the spell it became (400.7h).

"You may cast target instant or sorcery card ... from your graveyard without paying its mana
cost. If that spell would be put into your graveyard, exile it instead." (Daring Waverider):
the cast happens while the ability resolves (608.2g, rules/offered_casts.py); the card moving to
the stack becomes a new object (400.7), which the effect's second part can still find because
it was cast this way (400.7h). That part is a replacement effect (614.1a) on that one object, the
spell as it is on the stack: once it has left the stack it is a new object again, and another
card with the same name was never "that spell"."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import offered_casts


@dataclass(frozen=True)
class ThatSpellExiledInstead:
    """"If that spell would be put into your graveyard, exile it instead." (614.1a) for one
    spell: the object `oid` with `moves` zone changes, as it became on the stack (400.7h). It
    waits in `game.replacements` (the turn's replacement effects); no other object matches it."""

    oid: int
    moves: int
    kind = "graveyard"

    def applies(self, game, src, ev) -> bool:
        o = ev.obj
        return ev.zone == "graveyard" and o.oid == self.oid and o.moves == self.moves

    def apply(self, game, src, ev) -> None:
        ev.zone = "exile"


@dataclass(frozen=True)
class MayCastFromGraveyardFree:
    """"You may cast <the card `what` selects> from your graveyard without paying its mana cost.
    If that spell would be put into your graveyard, exile it instead." The step's `cast` choice
    is the cast (608.2g; none: not cast); the second sentence applies to the spell the card
    became (400.7h)."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        cards = [r for r in self.what(ctx)
                 if not isinstance(r, str) and r in game.objs and game.objs[r].zone == "graveyard"]
        if not offered_casts.cast_offered(game, cards, ctx.controller, ctx.choices.get("cast"),
                                          "without-paying-mana-cost"):
            return
        for oid in cards:
            o = game.objs.get(oid)
            if o is not None and o.zone == "stack":  # the spell it became (400.7h)
                game.replacements = game.replacements + (ThatSpellExiledInstead(o.oid, o.moves),)


@dataclass(frozen=True)
class CastRevealedForMiracle:
    """Miracle's triggered ability (702.94a): "When you reveal this card this way, you may cast it
    by paying [cost] rather than its mana cost." The card is the ability's source; "it" is that
    card as it was revealed, still in its owner's hand (a card that has left the hand is a new
    object, 400.7). The step's `cast` choice is the cast (608.2g: timing is ignored; none: not
    cast), with the alternative cost `miracle`."""

    def apply(self, ctx):
        o, event = ctx.source, ctx.event
        if o is None or o.zone != "hand" or event is None or o.moves != event.amount:
            return
        offered_casts.cast_offered(ctx.game, [o.oid], ctx.controller, ctx.choices.get("cast"), "miracle")


@dataclass(frozen=True)
class CastExiledForMadness:
    """Madness's triggered ability (702.35a): "When this card is exiled this way, its owner may cast
    it by paying [cost] rather than paying its mana cost. If that player doesn't, they put this card
    into their graveyard." The card is the ability's source; "it" is that card as it was exiled (a card
    that has left exile since is a new object, 400.7). The step's `cast` choice is the cast (608.2g:
    timing is ignored; none: not cast), with the alternative cost `madness`; not cast, the card goes
    to its owner's graveyard."""

    def apply(self, ctx):
        o, event = ctx.source, ctx.event
        if o is None or o.zone != "exile" or event is None or o.moves != event.amount:
            return
        if not offered_casts.cast_offered(ctx.game, [o.oid], o.owner, ctx.choices.get("cast"), "madness"):
            ctx.game.move(o, "graveyard")
