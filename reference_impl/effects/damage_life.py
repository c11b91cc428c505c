"""Effect primitives: damage and life: dealing damage (120), gaining and losing life (119), fights (701.14).

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass

from ..rules import actions, replacement
from ..rules.context import value
from ..rules.prevention import choose_damage_source
from ..state.characteristics import power_toughness
from ..state.layers import as_it_is
from .selectors import OtherCreaturesOfTheirController, _left, _objs


@dataclass(frozen=True)
class Damage:
    amount: object
    to: object

    def apply(self, ctx):
        n = value(self.amount, ctx)
        with actions.one_damage_event(ctx.game):  # to each recipient at once (120.4)
            for ref in self.to(ctx):
                actions.deal_damage(ctx.game, ctx.source, ref, n)


@dataclass(frozen=True)
class DamageThenGainLifeCapped:
    """"<this> deals X damage to any target. You gain life equal to the damage dealt, but not more
    than the player's life total before the damage was dealt, the planeswalker's loyalty before the
    damage was dealt, or the creature's toughness." (Drain Life): the damage dealt is what the
    target received (after prevention: its life lost, loyalty removed or damage marked), capped by
    what it had before (a creature's toughness as the damage is dealt)."""

    amount: object
    to: object

    def apply(self, ctx):
        game, n = ctx.game, value(self.amount, ctx)
        for ref in self.to(ctx):
            if isinstance(ref, str):
                before = cap = game.players[ref].life
                actions.deal_damage(game, ctx.source, ref, n)
                dealt = before - game.players[ref].life
            else:
                o = game.objs.get(ref)
                if o is None or o.zone != "battlefield":
                    continue
                if "Creature" in as_it_is(game, o).card.types:
                    cap, before = power_toughness(game, o)[1], o.damage
                    actions.deal_damage(game, ctx.source, ref, n)
                    dealt = o.damage - before
                else:  # a planeswalker: damage removes loyalty counters (120.3c)
                    before = cap = o.counters.get("loyalty", 0)
                    actions.deal_damage(game, ctx.source, ref, n)
                    dealt = before - o.counters.get("loyalty", 0)
            gain = min(dealt, max(cap, 0))
            if gain > 0:
                actions.gain_life(game, ctx.controller, gain)


@dataclass(frozen=True)
class DamageFixedToCreatures:
    """"<this> deals N damage to <to>. If <this> would deal damage to a creature, that damage can't
    be prevented or dealt instead to another permanent or player." (Lava Burst): its damage to a
    creature is dealt whatever the prevention effects (615.12) and redirection effects (614.9)."""

    amount: object
    to: object

    def apply(self, ctx):
        game, n = ctx.game, value(self.amount, ctx)
        with actions.one_damage_event(game):
            for ref in self.to(ctx):
                o = None if isinstance(ref, str) else game.objs.get(ref)
                if o is None or o.zone != "battlefield" or "Creature" not in as_it_is(game, o).card.types:
                    actions.deal_damage(game, ctx.source, ref, n)
                    continue
                game.unpreventable = game.unredirectable = True
                try:
                    actions.deal_damage(game, ctx.source, ref, n)
                finally:
                    game.unpreventable = game.unredirectable = False


@dataclass(frozen=True)
class DamageInstead:
    """"<this> deals N damage to <to>. If <condition>, it deals M damage instead." The second
    sentence is a self-replacement effect (614.15): applied to the damage event before any other
    replacement or prevention effect (616.1a)."""

    amount: object
    to: object
    condition: object
    instead: object

    def apply(self, ctx):
        n = value(self.amount, ctx)
        selfs = (replacement.SetDamage(value(self.instead, ctx)),) if self.condition(ctx) else ()
        for ref in self.to(ctx):
            actions.deal_damage(ctx.game, ctx.source, ref, n, selfs)


@dataclass(frozen=True)
class DividedDamage:
    """"N damage divided as you choose among one or more targets" (target spec `to`): each
    target is dealt the share announced for it as the spell was cast (601.2d, SpellInfo.division;
    all of it for a single target). A target that is illegal on resolution is dealt nothing and
    its share is not dealt to the others (608.2b: the division was fixed as it was cast)."""

    amount: object
    to: object
    divides = True  # casting.py: the effect whose amount the caster divides (601.2d)

    def apply(self, ctx):
        chosen = ctx.targets.chosen(self.to.spec)
        legal = set(ctx.targets.legal(self.to.spec))
        shares = ctx.info.division or (value(self.amount, ctx),) * (len(chosen) == 1)
        with actions.one_damage_event(ctx.game):  # to each target at once (120.4)
            for ref, share in zip(chosen, shares):
                if ref in legal and share > 0:
                    actions.deal_damage(ctx.game, ctx.source, ref, share)


@dataclass(frozen=True)
class RedirectNextFromChosenSource:
    """"The next N damage that a source of your choice would deal to you and/or permanents you
    control this turn is dealt to <to> instead." (614.9): the source is chosen as the effect is
    created, on resolution (609.7a: the step's `damage_source` choice, else the first legal one;
    none: the effect does nothing); the new recipient is `to`'s player or permanent, as the object
    it is now (400.7). The effect lasts the turn (rules.replacement.RedirectFromChosenSource)."""

    amount: int
    to: object

    def apply(self, ctx):
        game = ctx.game
        source = choose_damage_source(ctx)
        to = next(iter(self.to(ctx)), None)
        if source is None or to is None:
            return
        if not isinstance(to, str):
            to = (to, game.objs[to].moves)
        effect = replacement.RedirectFromChosenSource(
            ctx.controller, (source.oid, source.moves, source.zone), to, value(self.amount, ctx))
        game.replacements = game.replacements + (effect,)


@dataclass(frozen=True)
class PreventFromChosenSourceThenDamage:
    """"Prevent the next N damage that a source of your choice would deal to you and/or permanents
    you control this turn. If damage is prevented this way, <this> deals that much damage to <to>."
    (`amount` N, `permanents`; Refraction Trap) and "The next time a source of your choice would deal
    damage to you this turn, prevent that damage. If damage is prevented this way, <this> deals that
    much damage to that source's controller." (`amount` None, `to` None; Deflecting Palm): a
    prevention effect with an additional effect (615.5). The source is chosen as the effect is
    created, on resolution (609.7a: the step's `damage_source` choice, else the first legal one;
    none: the effect does nothing); `to`'s player or permanent is taken as the object it is now
    (400.7). The effect lasts the turn (rules.replacement.PreventFromChosenSource)."""

    amount: int | None
    to: object = None
    permanents: bool = False

    def apply(self, ctx):
        game = ctx.game
        source = choose_damage_source(ctx)
        if source is None:
            return
        to = None
        if self.to is not None:
            to = next(iter(self.to(ctx)), None)
            if to is None:
                return
            if not isinstance(to, str):
                to = (to, game.objs[to].moves)
        effect = replacement.PreventFromChosenSource(
            ctx.controller, (source.oid, source.moves, source.zone),
            None if self.amount is None else value(self.amount, ctx), self.permanents,
            None if ctx.source is None else ctx.source.oid, to)
        game.replacements = game.replacements + (effect,)


@dataclass(frozen=True)
class RedirectNextDamageTo:
    """"The next time damage would be dealt to this creature and/or you this turn, that damage is
    dealt to <to> instead." (614.9): a redirection effect for the resolving ability's source (as
    the object it is now, 400.7) and controller, lasting the turn; the new recipient is `to`'s
    player or permanent (rules.replacement.RedirectNextTime)."""

    to: object

    def apply(self, ctx):
        game, src = ctx.game, ctx.source
        to = next(iter(self.to(ctx)), None)
        if to is None:
            return
        if not isinstance(to, str):
            to = (to, game.objs[to].moves)
        guarded = None if src is None or src.zone != "battlefield" else (src.oid, src.moves)
        game.replacements = game.replacements + (replacement.RedirectNextTime(ctx.controller, guarded, to),)


@dataclass(frozen=True)
class RedirectNextDamageToPermanent:
    """"The next N damage that would be dealt to <guarded> this turn is dealt to <to> instead."
    (614.9): `guarded` a selector of the permanent ("this creature": Self(); "target creature you
    control": Targets(0)), `to` of the new recipient, each as the object it is now (400.7); the
    effect lasts the turn (rules.replacement.RedirectNextToPermanent). An illegal target leaves
    nothing to guard or to redirect to: the effect does nothing (608.2b)."""

    amount: object
    guarded: object
    to: object

    def apply(self, ctx):
        game = ctx.game
        guarded = next((r for r in self.guarded(ctx) if not isinstance(r, str)), None)
        to = next(iter(self.to(ctx)), None)
        o = None if guarded is None else game.objs.get(guarded)
        if o is None or o.zone != "battlefield" or to is None:
            return
        if not isinstance(to, str):
            to = (to, game.objs[to].moves)
        effect = replacement.RedirectNextToPermanent((o.oid, o.moves), to, value(self.amount, ctx))
        game.replacements = game.replacements + (effect,)


@dataclass(frozen=True)
class LoseLife:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            ctx.game.players[p].life -= value(self.n, ctx)


@dataclass(frozen=True)
class LoseLifeGainWhatWasLost:
    """"Each opponent loses N life. You gain life equal to the life lost this way." (Kokusho, the
    Evening Star): the players `who` picks lose N life each; the controller gains the total their
    life totals went down by."""

    who: object
    n: object

    def apply(self, ctx):
        players = ctx.game.players
        lost = 0
        for p in self.who(ctx):
            before = players[p].life
            players[p].life -= value(self.n, ctx)
            lost += before - players[p].life
        if lost:
            actions.gain_life(ctx.game, ctx.controller, lost, ctx.source)


@dataclass(frozen=True)
class GainLife:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            actions.gain_life(ctx.game, p, value(self.n, ctx), ctx.source)


@dataclass(frozen=True)
class DoubleLifeTotal:
    """701.10d: to double a player's life total, the player gains or loses the life that makes
    the new total twice the current one (a total of 7 gains 7; a negative total loses)."""

    who: object

    def apply(self, ctx):
        for p in self.who(ctx):
            life = ctx.game.players[p].life
            if life > 0:
                actions.gain_life(ctx.game, p, life, ctx.source)  # gains what it has
            else:
                ctx.game.players[p].life += life  # (below 0: loses)


@dataclass(frozen=True)
class TapAndDamageController:
    """Tap target creature; it deals damage equal to its power to its controller."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            o.tapped = True
            p, _ = power_toughness(ctx.game, o)
            actions.deal_damage(ctx.game, o, o.controller, p)


@dataclass(frozen=True)
class Fight:
    """701.14a: the creatures chosen as target specs `a` and `b` fight: each deals damage equal
    to its power to the other. If either is no longer a legal target, neither fights (701.14b)."""

    a: int
    b: int

    def apply(self, ctx):
        first, second = _objs(ctx, ctx.targets.legal(self.a)), _objs(ctx, ctx.targets.legal(self.b))
        if not first or not second:
            return
        x, y = first[0], second[0]
        px, py = power_toughness(ctx.game, x)[0], power_toughness(ctx.game, y)[0]
        actions.deal_damage(ctx.game, x, y.oid, px)
        actions.deal_damage(ctx.game, y, x.oid, py)


@dataclass(frozen=True)
class SourceFights:
    """"<this creature> fights another target creature" (701.14a): the ability's source and the
    creature chosen as target spec `b` each deal damage equal to its power to the other. If the
    source is no longer on the battlefield (as the object it was, 400.7) or no longer a creature,
    or the target is no longer legal, no damage is dealt (701.14b)."""

    b: int

    def apply(self, ctx):
        game, src = ctx.game, ctx.source_on_battlefield()
        second = _objs(ctx, ctx.targets.legal(self.b))
        if src is None or not second or "Creature" not in as_it_is(game, src).card.types:
            return
        y = second[0]
        px, py = power_toughness(game, src)[0], power_toughness(game, y)[0]
        with actions.one_damage_event(game):  # dealt at the same time (701.14a, 120.4)
            actions.deal_damage(game, src, y.oid, px)
            actions.deal_damage(game, y, src.oid, py)


@dataclass(frozen=True)
class DamageFromTarget:
    """The creature chosen as target spec `spec` deals damage equal to its power to each object
    `to` selects (it is the source: its lifelink and deathtouch apply)."""

    spec: int
    to: object

    def apply(self, ctx):
        srcs = _objs(ctx, ctx.targets.legal(self.spec))
        if not srcs:
            return
        src = srcs[0]
        n = power_toughness(ctx.game, src)[0]
        with actions.one_damage_event(ctx.game):  # to each recipient at once (120.4): lifelink's one gain
            for ref in self.to(ctx):
                if ref != src.oid:
                    actions.deal_damage(ctx.game, src, ref, n)


@dataclass(frozen=True)
class DamageAtOnce:
    """Different amounts to different recipients by one spell, dealt at the same time as one damage
    event (120.4; Cone of Flame: "1 damage to any target, 2 damage to another target, and 3 damage
    to a third target"): `parts` (amount, selector) pairs, each amount to what its selector picks.
    A lifelink source's damage to them is one life gain event (702.15b, 119.9)."""

    parts: tuple

    def apply(self, ctx):
        game = ctx.game
        with actions.one_damage_event(game):
            for amount, to in self.parts:
                n = value(amount, ctx)
                for ref in to(ctx):
                    actions.deal_damage(game, ctx.source, ref, n)


@dataclass(frozen=True)
class TargetBrawls:
    """"Target creature an opponent controls deals damage equal to its power to each other creature
    that player controls, then each of those creatures deals damage equal to its power to that
    creature." (Alpha Brawl): two damage events, one after the other (608.2c): the target's damage
    to the others at once, then theirs to it at once, each with its power as that part happens
    (counters a prevention effect put on one meanwhile count). "Those creatures" are the ones the
    first part dealt damage to, those still on the battlefield (no state-based action is checked
    between the parts, 608.2c: one with lethal damage still deals its damage)."""

    spec: int

    def apply(self, ctx):
        game = ctx.game
        srcs = _objs(ctx, ctx.targets.legal(self.spec))
        if not srcs:
            return
        alpha = srcs[0]
        at = (alpha.oid, alpha.moves)
        others = [game.objs[oid] for oid in OtherCreaturesOfTheirController(lambda _ctx: [alpha.oid])(ctx)]
        n = power_toughness(game, alpha)[0]
        with actions.one_damage_event(game):
            for o in others:
                actions.deal_damage(game, alpha, o.oid, n)
        if alpha.zone != "battlefield" or (alpha.oid, alpha.moves) != at:
            return
        those = [(o, power_toughness(game, o)[0]) for o in others if o.zone == "battlefield"]
        with actions.one_damage_event(game):
            for o, p in those:
                actions.deal_damage(game, o, alpha.oid, p)


@dataclass(frozen=True)
class DamageDividedEvenly:
    """"X damage divided evenly, rounded down, among any number of targets": among the targets
    still legal as it resolves."""

    amount: object
    to: object

    def apply(self, ctx):
        refs = self.to(ctx)
        if refs:
            n = value(self.amount, ctx) // len(refs)
            for ref in refs:
                actions.deal_damage(ctx.game, ctx.source, ref, n)


@dataclass(frozen=True)
class DamageByLeft:
    """"it deals damage equal to ... to ...": the permanent that left deals the damage, as it last
    existed on the battlefield (608.2h: the object does it, not the ability)."""

    amount: object
    to: object

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        n = value(self.amount, ctx)
        with actions.one_damage_event(ctx.game):  # to each recipient at once (120.4)
            for ref in self.to(ctx):
                actions.deal_damage(ctx.game, left.lki, ref, n)


@dataclass(frozen=True)
class DamageByEntering:
    """"Whenever this creature or another Dragon you control enters, it deals X damage to ...": the
    permanent whose entering triggered the ability deals the damage (it is the source, 608.2h),
    even if it has left the battlefield since (its last known information then)."""

    amount: object
    to: object

    def apply(self, ctx):
        game = ctx.game
        oid = ctx.event.oid if ctx.event is not None else None
        o = game.objs.get(oid) if oid is not None else None
        if o is None:
            return
        if o.zone != "battlefield" and o.lki is not None:
            source = _copy.copy(o)
            source.card = o.lki[0]
        else:
            source = o
        n = value(self.amount, ctx)
        with actions.one_damage_event(game):  # to each recipient at once (120.4)
            for ref in self.to(ctx):
                actions.deal_damage(game, source, ref, n)
