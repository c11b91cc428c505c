"""What an Aura's "when enchanted creature dies" ability does with the Aura itself (400.7f), and
what an Equipment's equip ability does (701.3a: attach it to a creature).

The Aura is put into its owner's graveyard as a state-based action once the creature has left
(704.5m), or at the same time as the creature: either way it is a new object there (400.7), and
the ability can still find it (400.7f). Only that object: the card the Aura became in the
graveyard, for as long as it stays there (a card that leaves the graveyard is a new object again,
and another card with the same name was never the Aura)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state.layers import as_it_is, is_creature


def aura_in_graveyard(game, source):
    """The new object the ability's source, an Aura, became as it went from the battlefield to
    its owner's graveyard (400.7f), or None: its last zone change (`left_controller` records the
    one from the battlefield) must be that one."""
    if source is None or source.zone != "graveyard":
        return None
    left = source.left_controller
    return source if left is not None and left[0] == source.moves else None


@dataclass(frozen=True)
class ReturnThisAuraToHand:
    """"return this card to its owner's hand", said by an Aura's ability that triggers when the
    permanent it enchanted leaves the battlefield (Angelic Destiny): the Aura card, found in its
    owner's graveyard (400.7f)."""

    def apply(self, ctx):
        o = aura_in_graveyard(ctx.game, ctx.source)
        if o is not None:
            ctx.game.move(o, "hand")


@dataclass(frozen=True)
class AttachThisTo:
    """"Attach this permanent to target creature you control." (equip, 702.6a; 701.3a): the source,
    if it is still the permanent whose ability this is, becomes attached to the target (a new
    object if it had moved, 400.7, so it is remembered with its zone changes); attached to it
    already, nothing happens (701.3b). An illegal target was handled by 608.2b."""

    what: object

    def apply(self, ctx):
        src = ctx.source_on_battlefield()
        if src is None:
            return  # the Equipment left the battlefield (and may be a new object there, 400.7)
        for oid in self.what(ctx):
            o = ctx.game.objs[oid]
            if o.zone == "battlefield" and o.oid != src.oid:  # 301.5c: it can't equip itself
                src.attached = (o.oid, o.moves)
            return


@dataclass(frozen=True)
class AttachEquipmentToThis:
    """"If that artifact is an Equipment, attach it to this creature." (Thieving Skydiver; 701.3a):
    each permanent `what` picks that is an Equipment now (its subtypes as the layers give them,
    613.1d) becomes attached to the ability's source, if that is still the permanent whose ability
    this is and a creature. Otherwise, or if it is the source itself (301.5c), it can't be attached
    to it and doesn't move (701.3b)."""

    what: object

    def apply(self, ctx):
        src, game = ctx.source_on_battlefield(), ctx.game
        if src is None:
            return  # the creature left the battlefield (and may be a new object there, 400.7)
        if not is_creature(game, src):
            return
        for oid in self.what(ctx):
            o = game.objs.get(oid)
            if o is None or o.zone != "battlefield" or o.oid == src.oid or isinstance(oid, str):
                continue
            if "Equipment" in as_it_is(game, o).card.subtypes:
                o.attached = (src.oid, src.moves)
