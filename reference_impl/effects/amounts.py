"""Effect primitives: conditions on the spell's decisions and amounts read as it resolves (the numbers and yes/no
questions effects ask).

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.context import value
from ..state.characteristics import mana_value, power_toughness
from ..state.layers import counter_pt
from .selectors import _left


@dataclass(frozen=True)
class Kicked:
    """"if it was kicked" (702.33d), optionally "with its [A] kicker" (702.33f) or "twice".

    A card's own kicked abilities are linked to its printed kicker costs (702.33e, 607): a
    kicker granted by another object (sticker kicker) doesn't count for them. `linked=False`
    is for other objects asking whether a spell was kicked at all (any kicker cost)."""

    which: str | None = None
    times: int = 1
    linked: bool = True

    def holds_for(self, info) -> bool:
        paid = info.linked if self.linked else info.kickers
        kicks = paid if self.which is None else [k for k in paid if k == self.which]
        return len(kicks) >= self.times

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


@dataclass(frozen=True)
class AdditionalCostPaid:
    """"If this spell's additional cost was paid": of a spell whose one optional additional cost
    is "you may blight N" (701.68a, 118.8b), whether it was paid (a copy has the original's
    decisions, 707.10)."""

    def holds_for(self, info) -> bool:
        return info.blight

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


@dataclass(frozen=True)
class ItsA:
    """"If it's a <subtype> card" said of the card the spell's target spec `spec` chose (Cemetery
    Recruitment's "If it's a Zombie card, draw a card"): the card's subtypes, wherever the
    resolution moved it (the instruction names that card, 608.2c)."""

    spec: int
    subtype: str

    def __call__(self, ctx) -> bool:
        refs = ctx.info.targets[self.spec] if ctx.info is not None and len(ctx.info.targets) > self.spec else ()
        return any(not isinstance(r, str) and r in ctx.game.objs and self.subtype in ctx.game.objs[r].card.subtypes
                   for r in refs)


@dataclass(frozen=True)
class CastFromGraveyard:
    """"If this spell was cast from a graveyard" (a copy was not cast, 707.10)."""

    def holds_for(self, info) -> bool:
        return info.cast_from == "graveyard"

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


@dataclass(frozen=True)
class Escaped:
    """702.138b: a spell or permanent "escaped" if it (or the spell that became it) was cast from
    a graveyard with an escape ability; a copy was not cast (707.10), so it did not escape.
    702.138c: "[This permanent] escapes with [counters]" is an enters-with replacement under
    this condition."""

    def holds_for(self, info) -> bool:
        return info.alternative == "escape" and info.cast_from == "graveyard"

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


@dataclass(frozen=True)
class Evoked:
    """702.74a: "if its evoke cost was paid": the alternative cost paid for the spell the permanent
    was (its enters information)."""

    def holds_for(self, info) -> bool:
        return info.alternative == "evoke"

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


@dataclass(frozen=True)
class TimesKicked:
    """"for each time it was kicked": payments of the card's own (linked) kicker costs."""

    def __call__(self, ctx) -> int:
        return len(ctx.info.linked)


@dataclass(frozen=True)
class X:
    def __call__(self, ctx) -> int:
        return ctx.info.x


@dataclass(frozen=True)
class ManaSpentToCast:
    """"for each mana spent to cast it": the total cost paid as it was cast (601.2f-h, X
    included); 0 for a permanent that wasn't cast or a copy (707.10: no mana was spent on it)."""

    def __call__(self, ctx) -> int:
        info = ctx.info
        if info.cast_from is None or info.total_cost is None:
            return 0
        return info.total_cost.mana_value(info.x)


@dataclass(frozen=True)
class ColorsSpent:
    """Converge: the number of colours of mana spent to cast it (0 for a copy, 707.10)."""

    def __call__(self, ctx) -> int:
        return len(ctx.info.colors_spent)


@dataclass(frozen=True)
class If:
    cond: object
    then: object
    otherwise: object

    def __call__(self, ctx) -> int:
        return value(self.then if self.cond(ctx) else self.otherwise, ctx)


@dataclass(frozen=True)
class CardTypesAmongSacrificed:
    """Condition: "If there were <at_least> or more card types among the sacrificed permanents"
    (Baba Lysaga, Night Witch): the different card types (205.2a) of the permanents sacrificed to
    pay the resolving ability's cost, each as it last existed on the battlefield (the ability's
    `activated` event); none were sacrificed: no card type."""

    at_least: int

    def __call__(self, ctx) -> bool:
        ev = ctx.event
        paid = ev.to if ev is not None and ev.kind == "activated" else ()
        return len({t for types in paid for t in types}) >= self.at_least


@dataclass(frozen=True)
class Mul:
    a: object
    b: object

    def __call__(self, ctx) -> int:
        return value(self.a, ctx) * value(self.b, ctx)


@dataclass(frozen=True)
class CountersOnSource:
    """Counters of a kind on the source, or on it as it last existed on the battlefield."""

    kind: str

    def __call__(self, ctx) -> int:
        src = ctx.source
        if src is None:
            return 0
        if src.zone != "battlefield" and src.lki is not None:
            return src.lki[1].get(self.kind, 0)
        return src.counters.get(self.kind, 0)


@dataclass(frozen=True)
class TargetManaValue:
    """Mana value of the first target of spec `spec` (last known information if illegal)."""

    spec: int

    def __call__(self, ctx) -> int:
        refs = ctx.targets.chosen(self.spec)
        o = ctx.game.objs.get(refs[0]) if refs else None
        return mana_value(o) if o is not None else 0


@dataclass(frozen=True)
class Not:
    cond: object

    def holds_for(self, info) -> bool:
        return not self.cond.holds_for(info)

    def __call__(self, ctx) -> bool:
        return not self.cond(ctx)


@dataclass(frozen=True)
class Sum:
    a: object
    b: object

    def __call__(self, ctx) -> int:
        return value(self.a, ctx) + value(self.b, ctx)


@dataclass(frozen=True)
class CountOf:
    """The number of objects a filters.Filter selects for the controller (at resolution)."""

    filter: object

    def __call__(self, ctx) -> int:
        return len(self.filter.objects(ctx.game, ctx.controller, ctx.source))


@dataclass(frozen=True)
class OpponentCount:
    """"the number of opponents you have" (102.2: every other player in the game)."""

    def __call__(self, ctx) -> int:
        return sum(1 for p in ctx.game.players if p != ctx.controller and p not in ctx.game.lost)


def _lki_power(game, o) -> int:
    """Its power now, or as it last existed on the battlefield (608.2h)."""
    if o.zone == "battlefield":
        return power_toughness(game, o)[0]
    if o.left_pt is not None and o.left_pt[0] == o.moves:  # it left the battlefield in its last move
        return o.left_pt[1][0]
    if o.lki is not None:
        card, counters, _ = o.lki
        return (card.power or 0) + counter_pt(counters)[0]
    return o.card.power or 0


@dataclass(frozen=True)
class TargetPower:
    """Power of the first chosen target of spec `spec` (last known information if it left)."""

    spec: int

    def __call__(self, ctx) -> int:
        refs = ctx.targets.chosen(self.spec)
        o = ctx.game.objs.get(refs[0]) if refs else None
        return _lki_power(ctx.game, o) if o is not None else 0


@dataclass(frozen=True)
class InMode:
    """The effects of mode `index` of a modal spell or ability: performed only if that mode was
    chosen (700.2), in the order the modes are written (608.2c), once for each time it was chosen,
    each time with its own targets (700.2d). A copy has the same modes (700.2g)."""

    index: int
    effects: tuple

    def apply(self, ctx):
        for time in range(ctx.modes.count(self.index)):
            sub = ctx.for_mode_time(time) if time else ctx
            for e in self.effects:
                e.apply(sub)


@dataclass(frozen=True)
class GreatestPowerOf:
    """"the greatest power among creatures they control", for the players a selector picks
    (0 when they control none)."""

    who: object

    def __call__(self, ctx) -> int:
        players = set(self.who(ctx))
        powers = [power_toughness(ctx.game, o)[0] for o in ctx.game.creatures() if o.controller in players]
        return max(powers, default=0)


@dataclass(frozen=True)
class ControlsNoPermanentOfChosenColor:
    """"When you control no permanents of the chosen color" (a state trigger's condition,
    603.8): the color its source chose as it entered."""

    def __call__(self, ctx) -> bool:
        src = ctx.source
        color = (src.chosen or {}).get("color") if src is not None else None
        if color is None:
            return False
        return not any(o.controller == ctx.controller and color in o.colors() for o in ctx.game.permanents())


@dataclass(frozen=True)
class HandSize:
    """The number of cards in the hands of the players a selector picks."""

    who: object

    def __call__(self, ctx) -> int:
        return sum(len(ctx.game.players[p].hand) for p in self.who(ctx))


@dataclass(frozen=True)
class LeftPower:
    """"its power" of the permanent that left the battlefield: as it last existed there
    (608.2h, 113.7a), counters and "until end of turn" effects included."""

    def __call__(self, ctx) -> int:
        left = _left(ctx)
        return left.pt[0] if left is not None else 0


@dataclass(frozen=True)
class LeftHadNo:
    """Condition "if it had no <kind> counters on it" (undying 702.93a, persist 702.79a): on the
    permanent as it last existed on the battlefield."""

    kind: str

    def __call__(self, ctx) -> bool:
        left = _left(ctx)
        return left is not None and not left.lki.counters.get(self.kind, 0)


@dataclass(frozen=True)
class LeftCounters:
    """How many counters of a kind the permanent whose leaving triggered the ability had as it
    last existed on the battlefield (603.10a, modular's "its +1/+1 counters")."""

    kind: str

    def __call__(self, ctx) -> int:
        left = _left(ctx)
        if left is None or left.lki is None:
            return 0
        return left.lki.counters.get(self.kind, 0)


@dataclass(frozen=True)
class FewerThanAnOpponent:
    """"If you have less life than an opponent" (`what` "life") / "If you control fewer creatures
    than an opponent" (`what` "creatures"), as it resolves."""

    what: str

    def _of(self, game, player) -> int:
        if self.what == "life":
            return game.players[player].life
        return sum(1 for o in game.creatures() if o.controller == player)

    def __call__(self, ctx) -> bool:
        mine = self._of(ctx.game, ctx.controller)
        return any(mine < self._of(ctx.game, p) for p in ctx.game.players if p != ctx.controller)


@dataclass(frozen=True)
class EventAmount:
    """The amount of the event that triggered the ability ("you gain that much life")."""

    def __call__(self, ctx) -> int:
        return getattr(ctx.event, "amount", 0) if ctx.event is not None else 0


@dataclass(frozen=True)
class CreaturesBlockingSource:
    """"for each creature blocking it": the creatures blocking the source as the ability resolves
    (509.1g; fixed then, 608.2h, as rampage's bonus is, 702.23b)."""

    def __call__(self, ctx) -> int:
        src = ctx.source
        if src is None or src.zone != "battlefield":
            return 0
        return sum(1 for _, attacker in ctx.game.blockers if attacker == src.oid)
