"""Effect primitives: tokens, counters, tapping and the continuous effects a resolving spell creates (611.2).

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import actions, replacement
from ..rules.context import value
from ..rules.damage_results import cant_get_poison
from ..rules.statics import tokens_to_create
from ..state.characteristics import power_toughness
from ..state.layers import is_creature
from .selectors import _objs


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
            for _ in range(tokens_to_create(game, player, n)):
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
            for _ in range(tokens_to_create(ctx.game, ctx.controller, value(self.n, ctx))):
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
class Tap:
    """701.26a: tap the permanents the selector picks."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                o.tapped = True


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
class GainsTriggerUntilEndOfTurn:
    """"<it> gains '<triggered ability>' until end of turn" (611.2a, layer 6): each permanent
    gets the triggered ability (613.1f); a permanent that leaves is a new object without it
    (400.7), and it ends in the cleanup step (514.2)."""

    what: object
    trigger: object  # rules.abilities.Trigger

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield":
                game.eot_triggers = game.eot_triggers + ((o.oid, o.moves, self.trigger),)


@dataclass(frozen=True)
class Monstrosity:
    """"Monstrosity N" (701.37a): "If this permanent isn't monstrous, put N +1/+1 counters on it and
    it becomes monstrous." Checked as the ability resolves, for its source if it is still the
    permanent that was on the battlefield."""

    n: int

    def apply(self, ctx):
        o, game = ctx.source, ctx.game
        if o is None or o.zone != "battlefield" or (o.oid, o.moves) in game.monstrous:
            return
        replacement.put_counters(game, o, "+1/+1", self.n)
        game.monstrous = game.monstrous + ((o.oid, o.moves),)


@dataclass(frozen=True)
class ReplacementThisTurn:
    """A resolving spell or ability creates a replacement effect lasting this turn ("If a source
    you control would deal damage to an opponent this turn, ...", 614.1a, 611.2a): `effect` (a
    rules.replacement effect with a `controller` field) for the player who controlled it."""

    effect: object

    def apply(self, ctx):
        ctx.game.replacements = ctx.game.replacements + (replace(self.effect, controller=ctx.controller),)


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
class TheirCreaturesCantAttackThisTurn:
    """"Creatures that player controls can't attack this turn" for the players a selector picks:
    a restriction checked as attackers are declared (508.1c), ending in the cleanup step (514.2)."""

    who: object

    def apply(self, ctx):
        for p in self.who(ctx):
            if isinstance(p, str) and ("attack", p) not in ctx.game.restrictions:
                ctx.game.restrictions += (("attack", p),)


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
class GainControlUntilEndOfTurn:
    """"Gain control of target creature until end of turn." (613.1b, layer 2): the effect's
    controller controls the permanents a selector picks, as the objects they are now (400.7),
    until the cleanup step (514.2). Having come under a new controller's control, a creature has
    not been controlled by that player continuously since their most recent turn began (302.6);
    a creature changing control is removed from combat (506.4)."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            if o.zone != "battlefield" or o.controller == ctx.controller:
                continue
            game.control_eot = game.control_eot + ((o.oid, o.moves, o.controller),)
            game.change_control(o, ctx.controller)


@dataclass(frozen=True)
class GainsControl:
    """"Target opponent gains control of this artifact." (613.1b, layer 2, no duration: for the
    rest of the game, 611.2a): the player the selector `who` picks controls the permanents
    `what` picks, as the objects they are now (400.7); it has not been under that player's
    control since their turn began (302.6) and leaves combat (506.4)."""

    what: object
    who: object

    def apply(self, ctx):
        game = ctx.game
        players = [p for p in self.who(ctx) if isinstance(p, str)]
        if not players:
            return
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield" and o.controller != players[0]:
                game.change_control(o, players[0])


@dataclass(frozen=True)
class ExchangeControl:
    """"Exchange control of target <a> and another target <b>." (Legerdemain; 701.12b, 613.1b,
    layer 2, lasting indefinitely): if the permanents chosen as target specs `a` and `b` are
    controlled by different players, each player gains control of the one the other controlled, at
    the same time; controlled by the same player, nothing happens. If either is no longer a legal
    target, the entire exchange can't be completed and no part of it occurs (701.12a)."""

    a: int = 0
    b: int = 1

    def apply(self, ctx):
        game = ctx.game
        first, second = _objs(ctx, ctx.targets.legal(self.a)), _objs(ctx, ctx.targets.legal(self.b))
        if not first or not second:
            return
        x, y = first[0], second[0]
        if x.zone != "battlefield" or y.zone != "battlefield" or x.controller == y.controller:
            return
        cx, cy = x.controller, y.controller
        game.change_control(x, cy)
        game.change_control(y, cx)


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
class PlayerCounter:
    """"you get an experience counter" (122.1)."""

    who: object
    kind: str
    n: object = 1

    def apply(self, ctx):
        for p in self.who(ctx):
            if self.kind == "poison" and cant_get_poison(ctx.game, p):  # "You can't get poison counters."
                continue
            c = ctx.game.players[p].counters
            c[self.kind] = c.get(self.kind, 0) + value(self.n, ctx)


@dataclass(frozen=True)
class AddOneManaTheLandProduced:
    """"that player adds one mana of any type that land produced": one mana of a type in the
    triggering event's mana (Event.to) into the pools of the players a selector picks (the
    first type listed when the land produced several at once)."""

    who: object

    def apply(self, ctx):
        produced = ctx.event.to if ctx.event is not None else ""
        if produced:
            by_creature = produced_by_a_creature(ctx)
            for p in self.who(ctx):
                ctx.game.players[p].add_mana("WUBRGC".index(produced[0]), 1, by_creature)


@dataclass(frozen=True)
class AddMana:
    """"Add {C}{C}{C}." as an effect (not a mana ability: a triggered ability, 605.1b): mana of
    the given types (letters of WUBRGC) into the pools of the players a selector picks."""

    who: object
    mana: str

    def apply(self, ctx):
        by_creature = produced_by_a_creature(ctx)
        for p in self.who(ctx):
            player = ctx.game.players[p]
            for letter in self.mana:
                player.add_mana("WUBRGC".index(letter), 1, by_creature)


def produced_by_a_creature(ctx) -> bool:
    """106.3: mana an ability adds has that ability's source as its source (a spell's mana, the
    spell's): whether that source is a creature permanent as the mana is added."""
    o = ctx.source
    return o is not None and o.zone == "battlefield" and is_creature(ctx.game, o)
