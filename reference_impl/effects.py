"""Reusable effect primitives, amounts and conditions that card data is composed from.

Nothing here knows a card name: a card's behaviour is a tuple of these values (see
reference_impl/cards/behaviour.py). Each effect's `apply(ctx)` performs it during resolution
(608.2); amounts and conditions are evaluated against the same context.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .rules import actions, library, offered_casts, replacement, resolution
from .rules.abilities import LeavesBattlefield, TokensDoubled, Trigger
from .rules.context import value
from .state.characteristics import mana_value, power_toughness
from .state.mana import Cost, auto_payment

# ---------------------------------------------------------------- conditions (on decisions)

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
class CastFromGraveyard:
    """"If this spell was cast from a graveyard" (a copy was not cast, 707.10)."""

    def holds_for(self, info) -> bool:
        return info.cast_from == "graveyard"

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


# ---------------------------------------------------------------- amounts

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


# ---------------------------------------------------------------- who / what an effect affects

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
    def __call__(self, ctx) -> list:
        return [ctx.source.oid] if ctx.source is not None and ctx.source.zone == "battlefield" else []


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


# ---------------------------------------------------------------- effects

@dataclass(frozen=True)
class Damage:
    amount: object
    to: object

    def apply(self, ctx):
        n = value(self.amount, ctx)
        for ref in self.to(ctx):
            actions.deal_damage(ctx.game, ctx.source, ref, n)


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
class ExileGraveyards:
    """"Exile all graveyards.": every card in every graveyard."""

    def apply(self, ctx):
        game = ctx.game
        for p in game.players.values():
            for oid in list(p.graveyard):
                game.move(game.objs[oid], "exile")


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
        for ref, share in zip(chosen, shares):
            if ref in legal and share > 0:
                actions.deal_damage(ctx.game, ctx.source, ref, share)


@dataclass(frozen=True)
class Draw:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            actions.draw(ctx.game, p, value(self.n, ctx))


@dataclass(frozen=True)
class Discard:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            actions.discard(ctx.game, p, value(self.n, ctx), ctx.choices.get("discard", []))


@dataclass(frozen=True)
class LoseLife:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            ctx.game.players[p].life -= value(self.n, ctx)


@dataclass(frozen=True)
class GainLife:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            ctx.game.players[p].life += value(self.n, ctx)


@dataclass(frozen=True)
class Mill:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            actions.mill(ctx.game, p, value(self.n, ctx))


@dataclass(frozen=True)
class CounterSpell:
    """701.6: counter target spell; "unless its controller pays [cost]" (118.12a) when
    `unless` is set: the `pay_unless` choice decides, payment is from that player's pool. An
    amount for `unless` is that much generic mana, computed as it resolves."""

    what: object
    unless: object = None  # a Cost, or an amount of generic mana ("pays {X}": X(), GreatestPowerOf(...))
    dest: str = "graveyard"  # "If that spell is countered this way, exile it instead" (Syncopate)

    def apply(self, ctx):
        unless = self.unless
        if unless is not None and not isinstance(unless, Cost):
            unless = Cost.parse("{%d}" % max(0, value(unless, ctx)))
        for o in _objs(ctx, self.what(ctx)):
            if unless is not None and ctx.choices.get("pay_unless"):
                pool = ctx.game.players[o.controller].pool
                paid = auto_payment(unless, pool)
                if paid is not None:
                    for i in range(6):
                        pool[i] -= paid[i]
                    continue
            if self.dest == "graveyard":
                actions.counter_spell(ctx.game, o, ctx.controller)
            else:
                actions.counter_spell(ctx.game, o, ctx.controller, self.dest)


@dataclass(frozen=True)
class CounterTargetingUnless:
    """702.21a (ward): "counter that spell or ability unless that player pays [cost]": the spell
    or ability of the `targeted` event, unless its controller pays (the `pay_unless` choice,
    from that player's pool). A spell that can't be countered stays (701.6a)."""

    cost: Cost

    def apply(self, ctx):
        game, event = ctx.game, ctx.event
        if event is None or event.by is None:
            return
        by = event.by
        on_stack = (game.objs.get(by) if isinstance(by, int) else by)
        if isinstance(by, int) and (on_stack is None or on_stack.zone != "stack"):
            return
        if ctx.choices.get("pay_unless"):
            pool = game.players[event.player].pool
            paid = auto_payment(self.cost, pool)
            if paid is not None:
                for i in range(6):
                    pool[i] -= paid[i]
                return
        if isinstance(by, int):
            actions.counter_spell(game, on_stack, ctx.controller)
        else:
            actions.remove_ability_from_stack(game, by)


@dataclass(frozen=True)
class CounterEventSpell:
    """"counter that spell": the spell of the event that triggered the ability."""

    def apply(self, ctx):
        o = _event_spell(ctx)
        if o is not None:
            actions.counter_spell(ctx.game, o, ctx.controller)


def _event_spell(ctx):
    """The spell of the event that triggered the ability, if it is still on the stack."""
    o = ctx.game.objs.get(ctx.event.oid) if ctx.event is not None else None
    return o if o is not None and o.zone == "stack" else None


@dataclass(frozen=True)
class CopySpell:
    """707.10: put copies of target spell on the stack, keeping all its decisions (kicked,
    times kicked, X, alternative cost); the copy wasn't cast and had no mana spent.
    `copy_targets` chooses new targets (707.10c)."""

    what: object
    times: object = 1
    colors: tuple | None = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            for _ in range(value(self.times, ctx)):
                resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"),
                           self.colors)


@dataclass(frozen=True)
class CreateTokens:
    token: str           # name of a token card in the catalog the game was set up with
    n: object = 1
    who: object = None   # the players who create them ("each opponent creates", "target opponent
    #                      creates"), a player selector; None: the controller
    tapped: bool = False  # "create a tapped ... token"

    def apply(self, ctx):
        game = ctx.game
        card = game.catalog(self.token)
        n = value(self.n, ctx)
        for player in ([ctx.controller] if self.who is None else self.who(ctx)):
            if not isinstance(player, str):
                continue
            # 614.1a, 616.1: each "create twice that many" replacement of that player doubles again
            doublers = sum(1 for oid in game.battlefield if game.objs[oid].controller == player
                           for st in game.objs[oid].card.statics if isinstance(st, TokensDoubled))
            for _ in range(n * 2 ** doublers):
                actions.create_token(game, card, player, self.tapped)


@dataclass(frozen=True)
class CopyExceptions:
    """"except it has <keywords> and it isn't legendary" (707.9a-b): the exceptions become part
    of the copy's copiable values, so the legend rule (704.5j) and copies of the copy see them."""

    keywords: frozenset = frozenset()
    nonlegendary: bool = False

    def __call__(self, card):
        """The copied card with the exceptions applied; one derived card per (card, exceptions),
        so a token made twice from the same card has the same characteristics object."""
        derived = _EXCEPTED.get((card, self))
        if derived is None:
            supertypes = tuple(t for t in card.supertypes if not (self.nonlegendary and t == "Legendary"))
            derived = replace(card, keywords=card.keywords | self.keywords, supertypes=supertypes)
            _EXCEPTED[(card, self)] = derived
        return derived


_EXCEPTED: dict = {}  # (copied card, CopyExceptions) -> the copy's characteristics


@dataclass(frozen=True)
class CreateTokenCopies:
    """Create tokens that copy a permanent's copiable values (707.2: not its counters), with the
    copy effect's exceptions if it has any (707.9b)."""

    what: object
    n: object = 1
    exceptions: CopyExceptions | None = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            card = o.card if self.exceptions is None else self.exceptions(o.card)
            for _ in range(value(self.n, ctx)):
                actions.create_token(ctx.game, card, ctx.controller)


@dataclass(frozen=True)
class PutCounters:
    kind: str
    n: object
    on: object

    def apply(self, ctx):
        n = value(self.n, ctx)
        for o in _objs(ctx, self.on(ctx)):
            if n > 0 and o.zone == "battlefield":
                replacement.put_counters(ctx.game, o, self.kind, n)


@dataclass(frozen=True)
class Destroy:
    what: object
    regenerate: bool = True  # False: "It can't be regenerated." / "They can't be regenerated."

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if self.regenerate:
                actions.destroy(ctx.game, o)
            else:
                actions.destroy(ctx.game, o, regenerate=False)


@dataclass(frozen=True)
class Regenerate:
    """"Regenerate <permanent>" (701.19a): a shield for the next time it would be destroyed this turn."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                game.regen_shields = game.regen_shields + ((o.oid, o.moves),)


@dataclass(frozen=True)
class SacrificeSourceUnlessPay:
    """"sacrifice this creature unless you pay <cost>" (118.12a): the `pay_unless` choice (yes when
    not given, if the pool can pay) decides; the payment is from its controller's pool."""

    cost: Cost

    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "battlefield":
            return
        if ctx.choices.get("pay_unless", True):
            pool = ctx.game.players[ctx.controller].pool
            paid = auto_payment(self.cost, pool)
            if paid is not None:
                for i in range(6):
                    pool[i] -= paid[i]
                return
        ctx.game.move(o, "graveyard")  # 701.21a


@dataclass(frozen=True)
class CantBeRegeneratedThisTurn:
    """"It can't be regenerated this turn." (701.19c) for the permanents a selector picks."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            game.no_regen = game.no_regen + ((o.oid, o.moves),)


@dataclass(frozen=True)
class DestroyGainLifePer:
    """"Destroy all ... You gain N life for each permanent destroyed this way": only the
    permanents that really went to the graveyard count (an indestructible one isn't
    destroyed, 702.12b)."""

    what: object
    life_per: int

    def apply(self, ctx):
        destroyed = 0
        for o in _objs(ctx, self.what(ctx)):
            actions.destroy(ctx.game, o)
            if o.oid not in ctx.game.objs or o.zone != "battlefield":
                destroyed += 1
        ctx.game.players[ctx.controller].life += self.life_per * destroyed


@dataclass(frozen=True)
class ExileIf:
    """Exile a permanent, if its mana value is at most `max_mv` (Converge removal)."""

    what: object
    max_mv: object = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield" and (self.max_mv is None
                                            or mana_value(o) <= value(self.max_mv, ctx)):
                ctx.game.move(o, "exile")


@dataclass(frozen=True)
class ReturnToHand:
    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                ctx.game.move(o, "hand")


@dataclass(frozen=True)
class SacrificeCreature:
    """701.21: the player sacrifices a creature of their choice (`sacrifice` choice, else the
    first creature they control)."""

    who: object

    def apply(self, ctx):
        g = ctx.game
        for p in self.who(ctx):
            mine = [o for o in g.creatures() if o.controller == p]
            if not mine:
                continue
            pick = g.labels.get(ctx.choices.get("sacrifice"))
            chosen = next((o for o in mine if o.oid == pick), mine[0])
            g.move(chosen, "graveyard")


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
class SearchExileMayCastFree:
    """"Search your library for a card of `types` with mana value <= amount, exile that card,
    then shuffle. You may cast that card without paying its mana cost." The step's `search`
    choice names the card found (701.23b: it may be none), its `cast` choice the cast made
    during resolution (608.2g); a card not cast stays in exile with no permission to cast it."""

    types: tuple
    max_mv: object

    def apply(self, ctx):
        g = ctx.game
        limit = value(self.max_mv, ctx)
        fits = lambda o: any(t in o.card.types for t in self.types) and mana_value(o) <= limit  # noqa: E731
        found = library.search(g, ctx.controller, fits, 1, ctx.choices.get("search"))
        for oid in found:
            g.move(g.objs[oid], "exile")
        library.shuffle(g, ctx.controller)
        found = [oid for oid in found if g.objs[oid].zone == "exile"]
        offered_casts.cast_offered(g, found, ctx.controller, ctx.choices.get("cast"),
                                   "without-paying-mana-cost")


@dataclass(frozen=True)
class Scry:
    """701.22a "Scry N": the step's `scry` choice says which cards go on the bottom (rules/library.py)."""

    n: object

    def apply(self, ctx):
        library.scry(ctx.game, ctx.controller, value(self.n, ctx), ctx.choices.get("scry"))


@dataclass(frozen=True)
class Surveil:
    """701.25a "Surveil N": the step's `surveil` choice says which cards go to the graveyard."""

    n: object

    def apply(self, ctx):
        library.surveil(ctx.game, ctx.controller, value(self.n, ctx), ctx.choices.get("surveil"))


@dataclass(frozen=True)
class Tap:
    """701.26a: tap the permanents the selector picks."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                o.tapped = True


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
class GrantFlashback:
    """The target card gains flashback with a cost equal to its mana cost [until end of turn:
    the grant ends in the cleanup step, 514.2]."""

    what: object
    until_end_of_turn: bool = False

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "graveyard" and o.card.cost is not None:
                perm = ("flashback", None)  # None: its mana cost as cast (a split card: the half's, 709.3a)
                o.perms = o.perms + (perm,)
                if self.until_end_of_turn:
                    ctx.game.until_eot = ctx.game.until_eot + ((o.oid, perm),)


@dataclass(frozen=True)
class MayLoot:
    """"You may draw a card. If you do, discard a card." The choice is made as it resolves
    (603.5): the step's `you_may` answer, yes when not given (the player does when able)."""

    def apply(self, ctx):
        p = ctx.game.players[ctx.controller]
        if p.library and ctx.choices.get("you_may", True):
            actions.draw(ctx.game, ctx.controller, 1)
            actions.discard(ctx.game, ctx.controller, 1, ctx.choices.get("discard", []))


# ---------------------------------------------------------------- more conditions and amounts

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


def _lki_power(game, o) -> int:
    """Its power now, or as it last existed on the battlefield (608.2h)."""
    if o.zone == "battlefield":
        return power_toughness(game, o)[0]
    if o.lki is not None:
        card, counters, _ = o.lki
        return (card.power or 0) + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    return o.card.power or 0


@dataclass(frozen=True)
class TargetPower:
    """Power of the first chosen target of spec `spec` (last known information if it left)."""

    spec: int

    def __call__(self, ctx) -> int:
        refs = ctx.targets.chosen(self.spec)
        o = ctx.game.objs.get(refs[0]) if refs else None
        return _lki_power(ctx.game, o) if o is not None else 0


# ---------------------------------------------------------------- more selectors

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
class ControllerOf:
    """The controllers of the objects another selector picks (last known controller)."""

    of: object

    def __call__(self, ctx) -> list:
        out = []
        for o in _objs(ctx, self.of(ctx)):
            if o.controller not in out:
                out.append(o.controller)
        return out


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
                        and ("Creature" in o.card.types or "Planeswalker" in o.card.types)]


@dataclass(frozen=True)
class Both:
    """Two selectors' picks, in order (e.g. a target creature and its controller)."""

    a: object
    b: object

    def __call__(self, ctx) -> list:
        return list(self.a(ctx)) + list(self.b(ctx))


# ---------------------------------------------------------------- more effects

@dataclass(frozen=True)
class Pump:
    """"gets +p/+t [and gains keywords] until end of turn" (611.2a; layer 7c). Amounts are
    fixed as it resolves (608.2h)."""

    what: object
    power: object = 0
    toughness: object = 0
    keywords: tuple = ()

    def apply(self, ctx):
        p, t = value(self.power, ctx), value(self.toughness, ctx)
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                game.clock += 1  # 613.7b: its timestamp
                game.eot.append((o.oid, p, t, tuple(self.keywords), game.clock))


@dataclass(frozen=True)
class CantCastThisTurn:
    """"[Target player] can't cast spells this turn": a "can't" effect, stronger than any
    permission (101.2), checked as a spell is begun (601.3); it ends in the cleanup step (514.2)."""

    who: object

    def apply(self, ctx):
        for p in self.who(ctx):
            if ("cast", p) not in ctx.game.restrictions:
                ctx.game.restrictions += (("cast", p),)


@dataclass(frozen=True)
class CreaturesCantAttackThisTurn:
    """"Creatures can't attack this turn": a restriction checked as attackers are declared
    (508.1c). It changes no object's characteristics, so it applies to creatures that enter
    later in the turn too (611.2c); it ends in the cleanup step (514.2)."""

    def apply(self, ctx):
        if ("attack", None) not in ctx.game.restrictions:
            ctx.game.restrictions += (("attack", None),)


@dataclass(frozen=True)
class DoublePower:
    """701.10d: doubling a creature's power gives it +X/+0, X its power as this resolves."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                ctx.game.clock += 1
                ctx.game.eot.append((o.oid, power_toughness(ctx.game, o)[0], 0, (), ctx.game.clock))


@dataclass(frozen=True)
class Untap:
    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                o.tapped = False


@dataclass(frozen=True)
class DoesntUntapWhileYouControlSource:
    """"That creature doesn't untap during its controller's untap step for as long as you
    control [this creature]" (611.2b: the duration ends once you no longer control it)."""

    what: object

    def apply(self, ctx):
        src = ctx.source
        if src is None or src.zone != "battlefield" or src.controller != ctx.controller:
            return  # 611.2b: the duration never starts, so the effect does nothing
        held = [(o.oid, src.oid, ctx.controller)
                for o in _objs(ctx, self.what(ctx)) if o.zone == "battlefield"]
        ctx.game.no_untap = ctx.game.no_untap + tuple(held)


@dataclass(frozen=True)
class EachOtherPlayerMayCopy:
    """"Each other player may copy that spell and may choose new targets for the copy they
    control" (707.10, 707.10c): every player but the one who cast the event's spell, if it is
    still on the stack, may copy it (the step's `you_may`, yes when not given); the copy is
    theirs, with new targets from `copy_targets` when given."""

    def apply(self, ctx):
        spell = _event_spell(ctx)
        if spell is None or not ctx.choices.get("you_may", True):
            return
        for player in ctx.game.players:
            if player != ctx.event.player:
                resolution.copy_spell(ctx.game, spell, player, ctx.choices.get("copy_targets"), None)


@dataclass(frozen=True)
class DestroySameName:
    """Destroy the target and all other permanents [of `types_any`] with the same name."""

    what: object
    types_any: tuple = ()

    def apply(self, ctx):
        g = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            name = o.card.name
            for p in g.permanents():
                if p.card.name == name and (not self.types_any
                                            or any(t in p.card.types for t in self.types_any)):
                    actions.destroy(g, p)


@dataclass(frozen=True)
class Exile:
    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                ctx.game.move(o, "exile")


@dataclass(frozen=True)
class PutCardOnto:
    """Return a card (from a graveyard or exile) to its owner's hand or onto the battlefield
    under its owner's control (`tapped` for "onto the battlefield tapped")."""

    what: object
    zone: str = "hand"
    under_your_control: bool = False  # "onto the battlefield under your control"

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone not in ("graveyard", "exile"):
                continue
            if self.zone == "battlefield":
                who = ctx.controller if self.under_your_control else o.owner
                resolution.enter_battlefield(ctx.game, o, None, who, ctx.choices)
            else:
                ctx.game.move(o, self.zone)


@dataclass(frozen=True)
class DiscardHand:
    who: object

    def apply(self, ctx):
        for p in self.who(ctx):
            hand = ctx.game.players[p].hand
            actions.discard(ctx.game, p, len(hand), [])


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
        for ref in self.to(ctx):
            if ref != src.oid:
                actions.deal_damage(ctx.game, src, ref, n)


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
class CounterTarget:
    """Counter target spell [if <condition on that spell's decisions>] and put it in `dest`
    (graveyard | hand | library-top) instead of its owner's graveyard (701.6)."""

    what: object
    dest: str = "graveyard"
    only_if: object = None

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if self.only_if is not None and not self.only_if.holds_for(o.spell):
                continue
            if self.dest == "graveyard":
                actions.counter_spell(ctx.game, o, ctx.controller)
            else:
                actions.counter_spell(ctx.game, o, ctx.controller, self.dest)


@dataclass(frozen=True)
class ReturnSpellToHand:
    """Return a spell on the stack to its owner's hand (a copy just ceases to exist; 702.34a:
    a spell whose flashback cost was paid is exiled instead, as whatever else moves it)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "stack":
                actions.leave_stack(ctx.game, o, "hand")


@dataclass(frozen=True)
class PlayerCounter:
    """"you get an experience counter" (122.1)."""

    who: object
    kind: str
    n: object = 1

    def apply(self, ctx):
        for p in self.who(ctx):
            c = ctx.game.players[p].counters
            c[self.kind] = c.get(self.kind, 0) + value(self.n, ctx)


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


# ---------------------------------------------------------------- modal spells (700.2)

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


# ---------------------------------------------------------------- choices made as a permanent entered

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
class Sacrifice:
    """701.21a: its controller sacrifices the permanents a selector picks (only their own)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield" and o.controller == ctx.controller:
                ctx.game.move(o, "graveyard")


@dataclass(frozen=True)
class ChosenPlayer:
    """"the chosen player": the opponent its source chose as it entered."""

    def __call__(self, ctx) -> list:
        chosen = (ctx.source.chosen or {}).get("opponent") if ctx.source is not None else None
        return [chosen] if chosen else []


@dataclass(frozen=True)
class HandSize:
    """The number of cards in the hands of the players a selector picks."""

    who: object

    def __call__(self, ctx) -> int:
        return sum(len(ctx.game.players[p].hand) for p in self.who(ctx))


# ---------------------------------------------------------------- delayed triggers (603.7)

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
        card = ctx.game.catalog(self.token)
        made = tuple(actions.create_token(ctx.game, card, ctx.controller).oid for _ in range(value(self.n, ctx)))
        if made:
            trigger = Trigger("delayed", (ExileThese(made),), controller=ctx.controller)  # 603.7d
            source = ctx.source.oid if ctx.source is not None else None
            ctx.game.delayed = ctx.game.delayed + (("end", source, trigger),)


@dataclass(frozen=True)
class CopyEventSpell:
    """"copy it. If the spell has any targets, you may choose new targets for the copy."
    (conspire, 702.78a): the step's `copy_targets` (707.10c). `optional` for "you may copy that
    spell" (Swarm Intelligence): the step's `you_may` answer, yes when not given (603.5)."""

    optional: bool = False

    def apply(self, ctx):
        o = _event_spell(ctx)
        if o is not None and (not self.optional or ctx.choices.get("you_may", True)):
            resolution.copy_spell(ctx.game, o, ctx.controller, ctx.choices.get("copy_targets"), None)


# ---------------------------------------------------------------- leaves-the-battlefield abilities (603.6c, 603.10a)

def _left(ctx):
    """The Left record (state.game) of the permanent whose leaving triggered the ability."""
    event = ctx.event
    return event.left if event is not None else None


@dataclass(frozen=True)
class LeftPower:
    """"its power" of the permanent that left the battlefield: as it last existed there
    (608.2h, 113.7a), counters and "until end of turn" effects included."""

    def __call__(self, ctx) -> int:
        left = _left(ctx)
        return left.pt[0] if left is not None else 0


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
        for ref in self.to(ctx):
            actions.deal_damage(ctx.game, left.lki, ref, n)


@dataclass(frozen=True)
class LeftHadNo:
    """Condition "if it had no <kind> counters on it" (undying 702.93a, persist 702.79a): on the
    permanent as it last existed on the battlefield."""

    kind: str

    def __call__(self, ctx) -> bool:
        left = _left(ctx)
        return left is not None and not left.lki.counters.get(self.kind, 0)


@dataclass(frozen=True)
class ReturnLeftWithCounter:
    """"return it to the battlefield under its owner's control with a <kind> counter on it": the
    card is looked for in the zone it went to (603.6c); a token there ceased to exist (111.7), a
    card that has left that zone is a new object the ability can't find (400.7)."""

    kind: str

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        o = ctx.game.objs.get(left.oid)
        if o is None or o.zone != left.to or o.token:
            return
        resolution.enter_battlefield(ctx.game, o, None, o.owner, ctx.choices)
        replacement.put_counters(ctx.game, o, self.kind, 1)


@dataclass(frozen=True)
class ReturnLeftToHand:
    """"return it to its owner's hand" for the card whose leaving triggered the ability, looked
    for in the zone it went to (603.6c, 400.7; a token there ceased to exist)."""

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        o = ctx.game.objs.get(left.oid)
        if o is not None and o.zone == left.to and not o.token:
            ctx.game.move(o, "hand")


@dataclass(frozen=True)
class AddMana:
    """"Add {C}{C}{C}." as an effect (not a mana ability: a triggered ability, 605.1b): mana of
    the given types (letters of WUBRGC) into the pools of the players a selector picks."""

    who: object
    mana: str

    def apply(self, ctx):
        for p in self.who(ctx):
            pool = ctx.game.players[p].pool
            for letter in self.mana:
                pool["WUBRGC".index(letter)] += 1


@dataclass(frozen=True)
class ExileIfItWouldDieThisTurn:
    """"If that creature would die this turn, exile it instead." (614.1a) for the permanents a
    selector picks, as the objects they are now (400.7)."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                game.exile_if_dies = game.exile_if_dies + ((o.oid, o.moves),)


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
class SearchForNamedToHand:
    """"search your library for a card named <the card whose leaving triggered this>, reveal it,
    put it into your hand, then shuffle" (701.23; the step's `search` choice names the card)."""

    def apply(self, ctx):
        left = _left(ctx)
        if left is None or left.lki is None:
            return
        name = left.lki.card.name
        g = ctx.game
        for oid in library.search(g, ctx.controller, lambda o: o.card.name == name, 1, ctx.choices.get("search")):
            g.move(g.objs[oid], "hand")


@dataclass(frozen=True)
class ShuffleIntoLibrary:
    """"Shuffle this spell into its owner's library" as it resolves (the card goes to its
    owner's library instead of the graveyard; where in it is hidden, 401.2)."""

    def apply(self, ctx):
        o = ctx.source
        if o is not None and o.zone == "stack":
            ctx.game.move(o, "library", top=False)


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


def returns_with_counter(kind: str) -> Trigger:
    """Undying (702.93a, `+1/+1`) and persist (702.79a, `-1/-1`): "When this permanent is put into
    a graveyard from the battlefield, if it had no <kind> counters on it, return it to the
    battlefield under its owner's control with a <kind> counter on it.\""""
    return Trigger("leaves", (ReturnLeftWithCounter(kind),), condition=LeftHadNo(kind),
                   leaves=LeavesBattlefield("graveyard", "self", types_any=()))


@dataclass(frozen=True)
class May:
    """"you may <effect>" (603.5): the step's `you_may` answer, yes when not given (the player does
    when able)."""

    effect: object

    def apply(self, ctx):
        if ctx.choices.get("you_may", True):
            self.effect.apply(ctx)


@dataclass(frozen=True)
class ExileFromGraveyard:
    """"Exile target card from a graveyard": the card, if it is still in a graveyard (a card that
    left it is a new object the effect can't find, 400.7)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "graveyard":
                ctx.game.move(o, "exile")


@dataclass(frozen=True)
class LeftController:
    """"that creature's controller": the player who controlled the permanent that left, as it last
    existed on the battlefield (603.10a, 608.2h)."""

    def __call__(self, ctx) -> list:
        left = _left(ctx)
        return [left.lki.controller] if left is not None else []


@dataclass(frozen=True)
class CopyForEachOtherPossibleTarget:
    """"copy that spell for each other creature you control that the spell could target. Each copy
    targets a different one of those creatures." (707.10: copies put on the stack by the resolving
    ability, each with a new target chosen by the effect; the ability's source is not among them)."""

    def apply(self, ctx):
        from .rules.modes import target_slots
        from .rules.targets import is_legal
        o = _event_spell(ctx)
        if o is None or not o.card.spell_targets:
            return
        slots = target_slots(o.card.spell_targets, o.spell.modes)  # a modal spell: its chosen modes' targets
        specs = o.card.spell_targets if slots is None else tuple(o.card.spell_targets[i] for i, _ in slots)
        if len(specs) != 1:
            return  # 707.10d with several targets is not modelled (each would be the same object)
        spec = specs[0]
        source = ctx.source
        for c in list(ctx.game.creatures()):
            if c.controller != ctx.controller or (source is not None and c.oid == source.oid) or c.label is None:
                continue
            if is_legal(spec, c.oid, ctx.game, ctx.controller, o.oid, o.spell):
                resolution.copy_spell(ctx.game, o, ctx.controller, [c.label], None)


@dataclass(frozen=True)
class ReturnLeft:
    """"return that card to the battlefield": the card that left, looked for in the zone it went
    to (603.6c, 400.7), under its owner's control."""

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        o = ctx.game.objs.get(left.oid)
        if o is None or o.zone != left.to or o.token:
            return
        resolution.enter_battlefield(ctx.game, o, None, o.owner, ctx.choices)


@dataclass(frozen=True)
class SacrificeSourceIfYouDo:
    """"you may sacrifice [this permanent]. If you do, <effects>": the step's `you_may` answer (603.5);
    the effects happen only if it was sacrificed (it must still be on the battlefield)."""

    effects: tuple

    def apply(self, ctx):
        src = ctx.source
        if not ctx.choices.get("you_may", True) or src is None or src.zone != "battlefield" \
                or src.controller != ctx.controller:
            return
        ctx.game.move(src, "graveyard")
        for e in self.effects:
            e.apply(ctx)
