"""Effect primitives: who and what an effect affects: players and objects picked from the resolution context.

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.layers import is_creature


@dataclass(frozen=True)
class You:
    def __call__(self, ctx) -> list:
        return [ctx.controller]


@dataclass(frozen=True)
class Targets:
    """The still-legal targets of target spec `spec` (608.2b)."""

    spec: int

    def __call__(self, ctx) -> list:
        return ctx.targets.legal(self.spec)


@dataclass(frozen=True)
class Self:
    """"this permanent": the ability's source while it is still the object the ability came from
    (400.7: after leaving the battlefield and coming back it is a new object, not this one)."""

    def __call__(self, ctx) -> list:
        src = ctx.source_on_battlefield()
        return [src.oid] if src is not None else []


@dataclass(frozen=True)
class EachOpponent:
    def __call__(self, ctx) -> list:
        return [ctx.game.opponent(ctx.controller)]


@dataclass(frozen=True)
class EachCreature:
    def __call__(self, ctx) -> list:
        return [o.oid for o in ctx.game.creatures()]


def _objs(ctx, refs):
    return [ctx.game.objs[r] for r in refs if not isinstance(r, str) and r in ctx.game.objs]


def _event_spell(ctx):
    """The spell of the event that triggered the ability, if it is still on the stack."""
    o = ctx.game.objs.get(ctx.event.oid) if ctx.event is not None else None
    return o if o is not None and o.zone == "stack" else None


@dataclass(frozen=True)
class EachPlayer:
    def __call__(self, ctx) -> list:
        return [ctx.game.active, ctx.game.opponent(ctx.game.active)]  # APNAP order (101.4)


@dataclass(frozen=True)
class EventPlayer:
    """"that player": the player of the triggering event (who cast the spell)."""

    def __call__(self, ctx) -> list:
        return [ctx.event.player] if ctx.event is not None and ctx.event.player else []


@dataclass(frozen=True)
class DamagedPlayer:
    """"that player": the player the triggering damage was dealt to."""

    def __call__(self, ctx) -> list:
        to = ctx.event.to if ctx.event is not None else None
        return [to] if isinstance(to, str) else []


@dataclass(frozen=True)
class EventObject:
    """"it": the object of the triggering event (the source that dealt the damage), while it is
    on the battlefield."""

    def __call__(self, ctx) -> list:
        o = ctx.game.objs.get(ctx.event.oid) if ctx.event is not None and ctx.event.oid is not None else None
        return [o.oid] if o is not None and o.zone == "battlefield" else []


@dataclass(frozen=True)
class ControllerOf:
    """The controllers of the objects another selector picks (last known controller)."""

    of: object

    def __call__(self, ctx) -> list:
        out = []
        for o in _objs(ctx, self.of(ctx)):
            # 608.2h: a permanent the effect has just moved off the battlefield (exiled, destroyed) is
            # looked at as it last existed there: its controller then, not its owner
            last = o.left_controller
            who = last[1] if last is not None and last[0] == o.moves and o.zone != "battlefield" else o.controller
            if who not in out:
                out.append(who)
        return out


@dataclass(frozen=True)
class OtherCreaturesOfTheirController:
    """"each other creature that player controls", that player being the (last known, 608.2h)
    controller of what `of` picks: the creatures on the battlefield they control, not those."""

    of: object

    def __call__(self, ctx) -> list:
        picked = set(self.of(ctx))
        players = ControllerOf(self.of)(ctx)
        return [o.oid for o in ctx.game.permanents() if o.controller in players and o.oid not in picked
                and is_creature(ctx.game, o)]


@dataclass(frozen=True)
class Matching:
    """Every permanent a filters.Filter selects, relative to the controller (or, with
    `of_target`, to the player chosen as target spec `of_target`)."""

    filter: object
    of_target: int | None = None

    def __call__(self, ctx) -> list:
        players = [ctx.controller]
        if self.of_target is not None:
            players = [r for r in ctx.targets.legal(self.of_target) if isinstance(r, str)]
        out = []
        for p in players:
            out += [o.oid for o in self.filter.objects(ctx.game, p, ctx.source)]
        return out


@dataclass(frozen=True)
class OpponentsAndTheirCreatures:
    """"each opponent and each creature and planeswalker they control"."""

    def __call__(self, ctx) -> list:
        opp = ctx.game.opponent(ctx.controller)
        return [opp] + [o.oid for o in ctx.game.permanents() if o.controller == opp
                        and (is_creature(ctx.game, o) or "Planeswalker" in o.card.types)]


@dataclass(frozen=True)
class Both:
    """Two selectors' picks, in order (e.g. a target creature and its controller)."""

    a: object
    b: object

    def __call__(self, ctx) -> list:
        return list(self.a(ctx)) + list(self.b(ctx))


@dataclass(frozen=True)
class ChosenPlayer:
    """"the chosen player": the opponent its source chose as it entered."""

    def __call__(self, ctx) -> list:
        chosen = (ctx.source.chosen or {}).get("opponent") if ctx.source is not None else None
        return [chosen] if chosen else []


def _left(ctx):
    """The Left record (state.game) of the permanent whose leaving triggered the ability."""
    event = ctx.event
    return event.left if event is not None else None


@dataclass(frozen=True)
class LeftController:
    """"that creature's controller": the player who controlled the permanent that left, as it last
    existed on the battlefield (603.10a, 608.2h)."""

    def __call__(self, ctx) -> list:
        left = _left(ctx)
        return [left.lki.controller] if left is not None else []
