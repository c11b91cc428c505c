"""Effect primitives: delayed triggered abilities (603.7) and optional effects ("you may", 608.2d).

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import actions, replacement, resolution
from ..rules.abilities import Trigger, once_each_turn_key
from ..rules.context import value
from ..rules.dash_blitz import SacrificeThat
from ..rules.prevention import PreventNextDamage, prevented_this_way
from ..state.layers import is_creature
from ..state.mana import Cost, auto_payment
from .permanents import tokens_to_create
from .selectors import _objs
from .zones import exile_permanents


def at_next_end_step(ctx, effect) -> None:
    """Create a delayed triggered ability "at the beginning of the next end step, <effect>"
    (603.7a), controlled by the resolving spell's or ability's controller (603.7d); created during
    an end step, it waits for the next turn's (513.2: turn._cleanup keeps "end" ones)."""
    source = ctx.source.oid if ctx.source is not None else None
    trigger = Trigger("delayed", (effect,), controller=ctx.controller)
    ctx.game.delayed = ctx.game.delayed + (("end", source, trigger),)


@dataclass(frozen=True)
class SacrificeItAtEndOfCombat:
    """"sacrifice it at end of combat" (decayed's triggered ability, 702.147a): a delayed triggered
    ability (603.7a) that triggers as the next end of combat step begins (511.2) and sacrifices the
    resolving ability's source, if it is still that object on the battlefield (400.7)."""

    def apply(self, ctx):
        src = ctx.source
        if src is None:
            return
        trigger = Trigger("delayed", (SacrificeThat(src.oid, src.moves),), controller=ctx.controller)
        ctx.game.delayed = ctx.game.delayed + (("end_of_combat", src.oid, trigger),)


@dataclass(frozen=True)
class When:
    """Effects that happen only if a condition holds as it resolves ("If this spell was kicked,
    ...", "If this spell was cast from a graveyard, ...", fateful hour)."""

    cond: object
    effects: tuple

    def apply(self, ctx):
        if self.cond(ctx):
            for e in self.effects:
                e.apply(ctx)


@dataclass(frozen=True)
class ExileThese:
    """Exile the given objects if they are still on the battlefield (the effect of a delayed
    trigger that remembers them, 603.7c)."""

    oids: tuple

    def apply(self, ctx):
        for oid in self.oids:
            o = ctx.game.objs.get(oid)
            if o is not None and o.zone == "battlefield":
                ctx.game.move(o, "exile")


@dataclass(frozen=True)
class CreateTokensExiledAtNextEndStep:
    """"Create X ... tokens. Exile them at the beginning of the next end step." (603.7: a
    delayed triggered ability created by the resolving spell, remembering those tokens)."""

    token: str
    n: object = 1

    def apply(self, ctx):
        made = _create(ctx, self.token, self.n)
        if made:
            at_next_end_step(ctx, ExileThese(tuple(oid for oid, _ in made)))


@dataclass(frozen=True)
class CreateTokensSacrificedAtNextEndStep:
    """"Create X ... tokens. Sacrifice those tokens at the beginning of the next end step." (Thatcher
    Revolt; 603.7: a delayed triggered ability remembering those tokens, 603.7c; each is sacrificed
    only by its controller then, if it is still that object on the battlefield, 701.21a, 400.7)."""

    token: str
    n: object = 1

    def apply(self, ctx):
        made = _create(ctx, self.token, self.n)
        if made:
            at_next_end_step(ctx, SacrificeThese(made))


@dataclass(frozen=True)
class SacrificeThese:
    """Sacrifice the objects a delayed trigger remembers ((oid, moves) each), as SacrificeThat does one."""

    objs: tuple

    def apply(self, ctx):
        for oid, moves in self.objs:
            SacrificeThat(oid, moves).apply(ctx)


def _create(ctx, token: str, n) -> tuple:
    """Create the tokens (as many as the replacement effects on creating them say, 614.1a); their
    (oid, moves)."""
    card = ctx.game.catalog(token)
    count = tokens_to_create(ctx.game, ctx.controller, value(n, ctx))
    made = [actions.create_token(ctx.game, card, ctx.controller) for _ in range(count)]
    return tuple((o.oid, o.moves) for o in made)


@dataclass(frozen=True)
class ReturnTheseFromExile:
    """"return that card to the battlefield under its owner's control [with a <kind> counter on
    it]": the effect of a delayed trigger that remembers exiled cards, each as the object it became
    in exile (603.7c: one that has left exile since is a new object it can't find, 400.7)."""

    cards: tuple  # (oid, moves) of each card as it was put into exile
    counter: str | None = None

    def apply(self, ctx):
        game = ctx.game
        for oid, moves in self.cards:
            o = resolution.return_exiled(game, oid, moves, ctx.choices)
            if o is not None and self.counter is not None:
                replacement.put_counters(game, o, self.counter, 1)


@dataclass(frozen=True)
class ExileReturnAtNextEndStep:
    """"Exile <them>. At the beginning of the next end step, return that card to the battlefield
    under its owner's control [with a <kind> counter on it]." The delayed trigger (603.7) is
    created as the spell resolves; created during an end step, it waits for the next turn's end
    step (513.2). A token exiled ceased to exist (111.7): there is nothing to return."""

    what: object
    counter: str | None = None

    def apply(self, ctx):
        exiled = tuple((o.oid, o.moves) for o in exile_permanents(ctx.game, _objs(ctx, self.what(ctx))))
        at_next_end_step(ctx, ReturnTheseFromExile(exiled, self.counter))


@dataclass(frozen=True)
class May:
    """"you may <effect>" (603.5): the step's `you_may` answer, yes when not given (the player does
    when able)."""

    effect: object

    def apply(self, ctx):
        if ctx.choices.get("you_may", True):
            self.effect.apply(ctx)


@dataclass(frozen=True)
class MayPay:
    """"you may pay <cost>. If you do, <effects>" (603.5, 608.2d): the controller's `you_may` answer
    for this ability (feature you-may-each, else the step's `you_may`, yes when not given), made as
    it resolves; the cost is paid then, from that player's mana pool (118.3a). A player who can't pay
    it fully doesn't pay (118.3), and the effects after "If you do" don't happen."""

    cost: Cost
    effects: tuple

    def apply(self, ctx):
        if not ctx.choices.get("you_may", True):
            return
        pool = ctx.game.players[ctx.controller].pool
        paid = auto_payment(self.cost, pool)
        if paid is None:
            return
        for i in range(6):
            pool[i] -= paid[i]
        for e in self.effects:
            e.apply(ctx)


@dataclass(frozen=True)
class MayRemoveCounters:
    """"you may remove N <kind> counters from [this permanent]. If you do, <effects>" (603.5, 608.2d):
    the `you_may` answer for this ability (as for MayPay), made as it resolves. A source no longer on
    the battlefield or with fewer than N such counters can't have them removed (118.3, 608.2d: no
    impossible option), and the effects after "If you do" don't happen."""

    kind: str
    n: int
    effects: tuple

    def apply(self, ctx):
        src = ctx.source
        if not ctx.choices.get("you_may", True) or src is None or src.zone != "battlefield" \
                or src.counters.get(self.kind, 0) < self.n:
            return
        src.counters[self.kind] -= self.n
        for e in self.effects:
            e.apply(ctx)


@dataclass(frozen=True)
class OnceEachTurn:
    """An instruction followed by "Do this only once each turn" (603.2h): `instruction` is an effect
    whose apply() answers whether its controller took its action (a "you may" they declined, or
    couldn't follow, is not taken). The action taken is recorded for the source's controller, that
    source and this instruction until the turn ends; from then on the ability doesn't trigger
    (rules.abilities.Trigger.done_this_turn), and an instance already waiting doesn't take the
    action again."""

    instruction: object
    once_each_turn = True

    def apply(self, ctx):
        src, game = ctx.source, ctx.game
        key = once_each_turn_key(src, self) if src is not None else None
        if key is not None and key in game.done_this_turn:
            return
        if self.instruction.apply(ctx) and key is not None:
            game.done_this_turn = game.done_this_turn | {key}


@dataclass(frozen=True)
class WhenItDiesThisTurn:
    """"When that creature dies this turn, <effects>" (603.7: a delayed triggered ability the
    resolving spell creates, controlled by its controller, 603.7d; it remembers that very object,
    603.7c, and ends with the turn, 603.7b). The effects see the creature as it last existed
    ("its controller": LeftController)."""

    what: object
    effects: tuple

    def apply(self, ctx):
        source = ctx.source.oid if ctx.source is not None else None
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield" and is_creature(ctx.game, o):
                trigger = Trigger("delayed", self.effects, controller=ctx.controller)
                ctx.game.delayed = ctx.game.delayed + (("dies", (o.oid, o.moves, source), trigger),)


@dataclass(frozen=True)
class _These:
    """The given references, as a selector (one shield each)."""

    refs: tuple

    def __call__(self, ctx) -> list:
        return list(self.refs)


@dataclass(frozen=True)
class PreventNextThenCountersAtEndStep:
    """"Prevent the next N damage that would be dealt to target creature this turn. At the
    beginning of the next end step, put a <kind> counter on that creature for each 1 damage
    prevented this way." (Sacred Boon): a shield (615.7) that counts what it prevents, and a delayed
    triggered ability (603.7a) that puts that many counters on the creature as it was shielded, if it
    is still that object on the battlefield (400.7). Only this shield's damage counts ("this way")."""

    amount: int
    to: object
    counter: str

    def apply(self, ctx):
        game, src = ctx.game, ctx.source
        for ref in self.to(ctx):
            o = None if isinstance(ref, str) else game.objs.get(ref)
            if o is None or o.zone != "battlefield":
                continue
            tally = (None if src is None else src.oid, None if src is None else src.moves, o.oid, o.moves)
            PreventNextDamage(self.amount, _These((ref,))).apply(ctx, tally)
            at_next_end_step(ctx, CountersForPrevented(tally, o.oid, o.moves, self.counter))


@dataclass(frozen=True)
class CountersForPrevented:
    """The delayed trigger's effect: a `counter` counter on the creature for each 1 damage the
    shields of `tally` prevented (none when they prevented nothing or it left the battlefield)."""

    tally: tuple
    oid: int
    moves: int
    counter: str

    def apply(self, ctx):
        game = ctx.game
        o = game.objs.get(self.oid)
        if o is None or o.zone != "battlefield" or o.moves != self.moves:
            return
        n = prevented_this_way(game, self.tally)
        if n:
            replacement.put_counters(game, o, self.counter, n)
