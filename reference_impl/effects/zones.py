"""Effect primitives: zone moves: drawing, discarding, milling, destroying, sacrificing, exiling, returning and
searching (400.7: each move makes a new object).

Cards are data over these (reference_impl/cards); each has `apply(ctx)` (or answers a value).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules import actions, library, offered_casts, replacement, resolution
from ..rules.abilities import LeavesBattlefield, Trigger
from ..rules.context import value
from ..rules.statics import CameUnderYourControlSinceYourLastUpkeep
from ..state.characteristics import KEYWORD_TRIGGERS, mana_value
from ..state.game import IllegalAction, Unsupported
from ..state.layers import card_types
from ..state.mana import Cost, auto_payment
from .amounts import LeftHadNo
from .permanents import CreateTokens, tokens_to_create
from .selectors import _left, _objs


@dataclass(frozen=True)
class ExileGraveyards:
    """"Exile all graveyards.": every card in every graveyard."""

    def apply(self, ctx):
        game = ctx.game
        for p in game.players.values():
            for oid in list(p.graveyard):
                game.move(game.objs[oid], "exile")


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
class DiscardThenDraw:
    """"Discard <n> cards, then draw <draw> cards. For each nonland card discarded this way, create
    <token>." (Seasoned Pyromancer): the controller discards (the step's `discard` choice, 701.9),
    then draws; the tokens count the nonland cards among those discarded (their card types as cards)."""

    n: int
    draw: int
    token: str | None = None

    def apply(self, ctx):
        game = ctx.game
        gone = actions.discard(game, ctx.controller, self.n, ctx.choices.get("discard", []))
        actions.draw(game, ctx.controller, self.draw)
        nonland = sum(1 for o in gone if "Land" not in o.card.types)
        if self.token is not None and nonland:
            CreateTokens(self.token, nonland).apply(ctx)


@dataclass(frozen=True)
class Mill:
    who: object
    n: object

    def apply(self, ctx):
        for p in self.who(ctx):
            actions.mill(ctx.game, p, value(self.n, ctx))


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
class SacrificeSourceUnlessSacrifice:
    """"sacrifice <this permanent> unless you sacrifice a land" (118.12a: sacrificing a permanent of
    `types_any` is the payment; 701.21a): the `pay_unless` choice (yes when not given, if its
    controller controls such a permanent) decides, the `sacrifice` choice names the permanent
    sacrificed (else the first one); the source itself may be sacrificed for it if it qualifies."""

    types_any: tuple = ("Land",)

    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "battlefield":
            return
        g = ctx.game
        if ctx.choices.get("pay_unless", True):
            mine = [p for p in g.permanents() if p.controller == ctx.controller
                    and any(t in card_types(g, p) for t in self.types_any)]
            if mine:
                pick = g.labels.get(ctx.choices.get("sacrifice"))
                g.move(next((p for p in mine if p.oid == pick), mine[0]), "graveyard")
                return
        g.move(o, "graveyard")  # 701.21a


@dataclass(frozen=True)
class PayForEachAgeCounterOrSacrifice:
    """Cumulative upkeep's "Then you may pay [cost] for each age counter on it. If you don't,
    sacrifice it." (702.24a): the age counters on the permanent as this resolves (702.24b); for
    each, one of `options` ("{W} or {U}": the choice made separately per counter, the first the
    pool can still pay); the whole set or nothing (no partial payment). The `pay_unless` choice
    (yes when not given) decides; a pool that can't pay them all sacrifices it, paying nothing."""

    options: tuple

    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "battlefield":
            return
        if ctx.choices.get("pay_unless", True):
            pool = ctx.game.players[ctx.controller].pool
            left = pool[:]
            for _ in range(o.counters.get("age", 0)):
                paid = next(filter(None, (auto_payment(c, left) for c in self.options)), None)
                if paid is None:
                    break
                left = [have - p for have, p in zip(left, paid)]
            else:
                pool[:] = left
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
class CantBeTargetedByOpponentsThisTurn:
    """"[It] can't be the target of spells or abilities your opponents control this turn." (Vines
    of Vastwood): for the permanents a selector picks, as the objects they are now (400.7); "your"
    is the controller of this effect, so the permanent's own controller may be one of those
    opponents. Ends in the cleanup step with the other "this turn" restrictions (514.2)."""

    what: object

    def apply(self, ctx):
        game = ctx.game
        for o in _objs(ctx, self.what(ctx)):
            game.restrictions = game.restrictions + (("target", o.oid, o.moves, ctx.controller),)


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
        actions.gain_life(ctx.game, ctx.controller, self.life_per * destroyed, ctx.source)


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
class SacrificeAnotherCreatureElse:
    """"Sacrifice a creature other than this creature. If you can't, <otherwise>." (701.21a: the
    controller's choice, the `sacrifice` choice, else the first such creature; 608.2c: "if you
    can't" when no other creature is under their control to sacrifice)."""

    otherwise: tuple

    def apply(self, ctx):
        g = ctx.game
        source = None if ctx.source is None else ctx.source.oid
        mine = [o for o in g.creatures() if o.controller == ctx.controller and o.oid != source]
        if not mine:
            for effect in self.otherwise:
                effect.apply(ctx)
            return
        pick = g.labels.get(ctx.choices.get("sacrifice"))
        g.move(next((o for o in mine if o.oid == pick), mine[0]), "graveyard")


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
class ExileTopOfEachLibraryMayCastFree:
    """"exile the top card of each player's library, then you may cast any number of spells from among
    those cards without paying their mana costs." (Etali, Primal Storm): each player's top card is
    exiled (in turn order from the active player, 101.4), then the step's `cast` choice names the one
    the controller casts during the resolution (608.2g, without paying its mana cost: its kicker and
    other additional costs are still paid, 118.9d). The contract names one such cast a step: a second
    card stays in exile, as if not chosen; so does a card not cast."""

    def apply(self, ctx):
        g = ctx.game
        exiled = []
        for player in (g.active, g.opponent(g.active)):
            library = g.players[player].library
            if library:
                o = g.objs[library[0]]
                g.move(o, "exile")
                if o.zone == "exile":
                    exiled.append(o.oid)
        offered_casts.cast_offered(g, exiled, ctx.controller, ctx.choices.get("cast"), "without-paying-mana-cost")


@dataclass(frozen=True)
class SearchBasicLandOntoBattlefield:
    """"[Its controller] may search their library for a basic land card, put that card onto the
    battlefield tapped, then shuffle." (Path to Exile): each player the selector `who` picks
    searches (701.23; the step's `search` choice names the card found, 701.23b: it may be none),
    puts it onto the battlefield tapped under their control and shuffles (701.24)."""

    who: object

    def apply(self, ctx):
        g = ctx.game
        for player in self.who(ctx):
            fits = lambda o: "Land" in o.card.types and "Basic" in o.card.supertypes  # noqa: E731
            for oid in library.search(g, player, fits, 1, ctx.choices.get("search")):
                resolution.enter_battlefield(g, g.objs[oid], None, player, ctx.choices, tapped=True)
            library.shuffle(g, player)


@dataclass(frozen=True)
class Scry:
    """701.22a "Scry N": the step's `scry` choice says which cards go on the bottom (rules/library.py)."""

    n: object

    def apply(self, ctx):
        library.scry(ctx.game, ctx.controller, value(self.n, ctx), ctx.choices.get("scry"))


@dataclass(frozen=True)
class LookAtTopPutIntoHandRestOnBottom:
    """"Look at the top N cards of your library. Put K of them into your hand and the rest on the
    bottom of your library in any order." (Impulse): the step's `look` choice (rules/library.py)."""

    n: int
    into_hand: int = 1

    def apply(self, ctx):
        library.look_and_place(ctx.game, ctx.controller, self.n, ctx.choices.get("look"), self.into_hand)


@dataclass(frozen=True)
class Surveil:
    """701.25a "Surveil N": the step's `surveil` choice says which cards go to the graveyard."""

    n: object

    def apply(self, ctx):
        library.surveil(ctx.game, ctx.controller, value(self.n, ctx), ctx.choices.get("surveil"))


@dataclass(frozen=True)
class MayLoot:
    """"You may draw a card. If you do, discard a card." The choice is made as it resolves
    (603.5): the step's `you_may` answer, yes when not given (the player does when able)."""

    def apply(self, ctx):
        p = ctx.game.players[ctx.controller]
        if p.library and ctx.choices.get("you_may", True):
            actions.draw(ctx.game, ctx.controller, 1)
            actions.discard(ctx.game, ctx.controller, 1, ctx.choices.get("discard", []))


@dataclass(frozen=True)
class MayDiscard:
    """"you may discard N card(s). If you do, <then>." (603.5): the step's `you_may` answer, yes when
    not given; the step's `discard` choice says which cards (701.9). A player with fewer than N
    cards in hand can't, and nothing else happens. Answers whether the player discarded."""

    n: int
    then: tuple = ()

    def apply(self, ctx):
        p = ctx.game.players[ctx.controller]
        if len(p.hand) < self.n or not ctx.choices.get("you_may", True):
            return False
        actions.discard(ctx.game, ctx.controller, self.n, ctx.choices.get("discard", []))
        for e in self.then:
            e.apply(ctx)
        return True


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


def exile_permanents(game, objs) -> list:
    """Exile each of `objs` still on the battlefield; the cards now in exile, each the new object
    it became there (400.7), for "that card" later in the effect (400.7j). A token exiled ceased
    to exist (111.7) and is not among them."""
    exiled = []
    for o in objs:
        if o.zone == "battlefield":
            game.move(o, "exile")
            if o.oid in game.objs and o.zone == "exile":
                exiled.append(o)
    return exiled


@dataclass(frozen=True)
class ExileThenReturnUnderYourControl:
    """"Exile target creature you control, then return that card to the battlefield under your
    control." (Cloudshift): the second part finds the card the first put into exile (400.7j) and
    returns it as a new object (400.7), whose enters abilities trigger; a token exiled ceased to
    exist (111.7), so nothing returns."""

    what: object
    owners: bool = False  # "... under its owner's control" (Ephemerate)

    def apply(self, ctx):
        game = ctx.game
        for o in exile_permanents(game, _objs(ctx, self.what(ctx))):
            resolution.enter_battlefield(game, o, None, o.owner if self.owners else ctx.controller, ctx.choices)


@dataclass(frozen=True)
class ExileLinked:
    """"you may exile another target creature", the first of two linked abilities (607.2a): each
    card it exiles is remembered with its source as the object the source is now (a source that
    has left the battlefield since it triggered is a new object, 400.7, whose leaves ability
    can't find the card). `optional`: the step's `you_may`, yes when not given (603.5)."""

    what: object
    optional: bool = True

    def apply(self, ctx):
        game, src = ctx.game, ctx.source
        if src is None or (self.optional and not ctx.choices.get("you_may", True)):
            return
        for o in exile_permanents(game, _objs(ctx, self.what(ctx))):
            game.exiled_with = (*game.exiled_with, (src.oid, src.moves, o.oid, o.moves))


@dataclass(frozen=True)
class ExileFromHandFaceDownLinked:
    """"exile a card from your hand face down" (Bane Alley Broker), the first of two linked abilities
    (607.2a): the card the step's `chosen` choice names from its controller's hand (without the
    choice, the first card there), exiled face down (406.3) and remembered with its source as the
    object the source is now. An empty hand exiles nothing."""

    def apply(self, ctx):
        game, src, player = ctx.game, ctx.source, ctx.controller
        hand = game.players[player].hand
        if not hand:
            return
        chosen = ctx.choices.get("chosen")
        if chosen is None:
            oid = hand[0]
        else:
            oids = [game.labels.get(label) for label in chosen] if isinstance(chosen, list) else [None]
            if len(oids) != 1 or oids[0] not in hand:
                raise IllegalAction("608.2d", f"choices.chosen: one card from {player}'s hand to exile")
            oid = oids[0]
        o = game.objs[oid]
        game.move(o, "exile")
        if o.zone == "exile":  # (a replacement effect may have sent it elsewhere, 614.1a)
            game.face_down = (*game.face_down, (o.oid, o.moves))
            if src is not None:
                game.exiled_with = (*game.exiled_with, (src.oid, src.moves, o.oid, o.moves))


@dataclass(frozen=True)
class ReturnLinkedExiledToHand:
    """"Return a card exiled with [this permanent] to its owner's hand." (Bane Alley Broker), the second
    linked ability (607.2a): only a card the first ability of this same object exiled, still in exile as
    the object it became there (400.7); the step's `chosen` choice names it (without it, the first
    one). A card put into a hand is a new object, face up (400.7, 406.3)."""

    def apply(self, ctx):
        game, src = ctx.game, ctx.source
        if src is None:
            return
        linked = [oid for s_oid, s_moves, oid, moves in game.exiled_with
                  if (s_oid, s_moves) == (src.oid, src.moves) and oid in game.objs
                  and game.objs[oid].zone == "exile" and game.objs[oid].moves == moves]
        chosen = ctx.choices.get("chosen")
        if chosen is None:
            picks = linked[:1]
        else:
            picks = [game.labels.get(label) for label in chosen] if isinstance(chosen, list) else [None]
            if len(picks) != 1 or picks[0] not in linked:
                raise IllegalAction("607.2a", "choices.chosen: one card exiled with this object's own "
                                              "linked ability")
        for oid in picks:
            game.move(game.objs[oid], "hand")


@dataclass(frozen=True)
class ExileUntilSourceLeaves:
    """"exile target creature an opponent controls until this creature leaves the battlefield": one
    ability with a duration (610.3), not two linked abilities (607.2a). The card returns as soon as
    its source leaves (Game._until_it_leaves, rules.resolution.return_due), with no trigger on the
    stack; if the source has left the battlefield since the ability triggered or was activated
    (it is gone, or a new object, 400.7), the event has already happened and nothing moves
    (610.3a-b)."""

    what: object

    def apply(self, ctx):
        game, src = ctx.game, ctx.source_on_battlefield()
        if src is None:
            return  # 610.3a-b: the object doesn't move
        for o in exile_permanents(game, _objs(ctx, self.what(ctx))):
            game.exiled_until = (*game.exiled_until, (src.oid, src.moves, o.oid, o.moves))


@dataclass(frozen=True)
class ReturnTheExiledCard:
    """"When this creature leaves the battlefield, return the exiled card to the battlefield under
    its owner's control.", the second linked ability (607.2a): only the cards the first ability of
    this same object exiled, each while it is still in exile as the object it became there (400.7)."""

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        source = (left.oid, left.lki.moves - 1)  # the object as it was on the battlefield
        for s_oid, s_moves, oid, moves in ctx.game.exiled_with:
            if (s_oid, s_moves) == source:
                resolution.return_exiled(ctx.game, oid, moves, ctx.choices)


@dataclass(frozen=True)
class ExiledCardsOwnerCreatesToken:
    """"When this creature leaves the battlefield, the exiled card's owner creates an X/X blue
    Illusion creature token, where X is the mana value of the exiled card." (Skyclave
    Apparition), the second of two linked abilities (607.2a): for each card the first ability of
    this same object exiled, while it is still that card in exile (400.7), its owner creates
    `token` with power and toughness its mana value (202.3) as it is in exile. No exiled card
    (the first ability never resolved, or the card has left exile): no token."""

    token: str

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        game = ctx.game
        source = (left.oid, left.lki.moves - 1)  # the object as it was on the battlefield
        card = game.catalog(self.token)
        for s_oid, s_moves, oid, moves in game.exiled_with:
            o = game.objs.get(oid)
            if (s_oid, s_moves) != source or o is None or o.zone != "exile" or o.moves != moves:
                continue
            x = mana_value(o)
            sized = replace(card, power=x, toughness=x)
            for _ in range(tokens_to_create(game, o.owner, 1)):
                actions.create_token(game, sized, o.owner)


@dataclass(frozen=True)
class PutCardOnto:
    """Put a card (from a graveyard or exile) into its owner's hand or graveyard, or onto the battlefield
    under its owner's control (`tapped` for "onto the battlefield tapped")."""

    what: object
    zone: str = "hand"
    under_your_control: bool = False  # "onto the battlefield under your control"
    entering_is: object = None  # "That creature is a black Zombie ..." (rules.layers.IsAlso, 611.2e)

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone not in ("graveyard", "exile"):
                continue
            if self.zone == "battlefield":
                who = ctx.controller if self.under_your_control else o.owner
                if self.entering_is is not None:
                    resolution.enter_battlefield_as(ctx.game, o, who, ctx.choices, self.entering_is)
                else:
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
class Sacrifice:
    """701.21a: its controller sacrifices the permanents a selector picks (only their own)."""

    what: object

    def apply(self, ctx):
        for o in _objs(ctx, self.what(ctx)):
            if o.zone == "battlefield" and o.controller == ctx.controller:
                ctx.game.move(o, "graveyard")


@dataclass(frozen=True)
class ReturnLeftWithCounter:
    """"return it to the battlefield under its owner's control with a <kind> counter on it": the
    card is looked for in the zone it went to (603.6c); a token there ceased to exist (111.7), a
    card that has left that zone is a new object the ability can't find (400.7)."""

    kind: str | None
    tapped: bool = False  # "return it to the battlefield tapped" (110.5b)

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        o = ctx.game.objs.get(left.oid)
        if o is None or o.zone != left.to or o.token:
            return
        resolution.enter_battlefield(ctx.game, o, None, o.owner, ctx.choices, self.tapped)
        if self.kind is not None:
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
class OwnerShufflesGraveyardIntoLibrary:
    """"its owner shuffles their graveyard into their library" (Emrakul, the Aeons Torn): every
    card of the graveyard of the source's owner goes to that player's library, which is then
    shuffled (701.24a). The owner never changes (108.3), so the card is found by its object id
    wherever it went since."""

    def apply(self, ctx):
        game = ctx.game
        o = ctx.source
        if o is None:
            left = _left(ctx)
            o = left.lki if left is not None else None
        if o is None:
            return
        player = game.players[o.owner]
        for oid in list(player.graveyard):
            game.move(game.objs[oid], "library", top=False)
        library.shuffle(game, o.owner)


def returns_with_counter(kind: str) -> Trigger:
    """Undying (702.93a, `+1/+1`) and persist (702.79a, `-1/-1`): "When this permanent is put into
    a graveyard from the battlefield, if it had no <kind> counters on it, return it to the
    battlefield under its owner's control with a <kind> counter on it.\""""
    return Trigger("leaves", (ReturnLeftWithCounter(kind),), condition=LeftHadNo(kind),
                   leaves=LeavesBattlefield("graveyard", "self", types_any=()))


def echo(cost: Cost) -> Trigger:
    """Echo (702.30a): "At the beginning of your upkeep, if this permanent came under your control
    since the beginning of your last upkeep, sacrifice it unless you pay [cost]." (an intervening
    "if", 603.4; the `pay_unless` choice)."""
    return Trigger("beginning-of", (SacrificeSourceUnlessPay(cost),), step="upkeep",
                   condition=CameUnderYourControlSinceYourLastUpkeep())


# a permanent that gains undying or persist from an effect has the triggered ability it stands for
KEYWORD_TRIGGERS.update({"undying": returns_with_counter("+1/+1"), "persist": returns_with_counter("-1/-1")})


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
class ReturnLeftTransformed:
    """"return it to the battlefield transformed under your control [attached to target opponent]":
    the card that left, looked for in the zone it went to (603.6c, 400.7), put onto the battlefield
    with its back face up (712.14a) under the ability's controller's control; an Aura face attached to
    the player `attach_to` picks (303.4f). A card that isn't a transforming double-faced card stays
    where it is (712.14a)."""

    attach_to: object = None

    def apply(self, ctx):
        left = _left(ctx)
        if left is None:
            return
        o = ctx.game.objs.get(left.oid)
        if o is None or o.zone != left.to or o.token:
            return
        player = None
        if self.attach_to is not None:
            players = [p for p in self.attach_to(ctx) if isinstance(p, str)]
            if not players:
                return
            player = players[0]
        resolution.enter_battlefield_transformed(ctx.game, o, ctx.controller, ctx.choices, player)


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


@dataclass(frozen=True)
class MaySacrificeThenSearchOneMore:
    """"You may sacrifice a creature. If you do, search your library for a creature card with mana
    value equal to 1 plus the sacrificed creature's mana value, put it onto the battlefield, then
    shuffle." (Vivien on the Hunt): the `you_may` answer (yes when not given), the creature the
    `sacrifice` choice names (else the first one its controller controls, 701.21a); its mana value
    as it last existed on the battlefield (608.2h); the search finds the card `search` names, or
    none (701.23b)."""

    def apply(self, ctx):
        g, player = ctx.game, ctx.controller
        if not ctx.choices.get("you_may", True):
            return
        mine = [o for o in g.creatures() if o.controller == player]
        if not mine:
            return  # nothing to sacrifice: "If you do" is false (608.2c)
        pick = g.labels.get(ctx.choices.get("sacrifice"))
        chosen = next((o for o in mine if o.oid == pick), mine[0])
        wanted = mana_value(chosen) + 1
        g.move(chosen, "graveyard")
        fits = lambda o: "Creature" in o.card.types and mana_value(o) == wanted  # noqa: E731
        for oid in library.search(g, player, fits, 1, ctx.choices.get("search")):
            resolution.enter_battlefield(g, g.objs[oid], None, player, ctx.choices)
        library.shuffle(g, player)


@dataclass(frozen=True)
class LookAtTopMayTake:
    """"Look at the top N cards of your library. You may reveal a [types] card from among them and
    put it into your hand. Put the rest on the bottom of your library in a random order." (Carth the
    Lion, Vivien Reid): the card the step's `chosen` choice names among those looked at, if it has
    one of `types`; without the choice the first such card (the player may reveal one). The rest go
    to the bottom, in the order the engine gives (a random order: no test depends on it)."""

    n: int
    types_any: tuple

    def apply(self, ctx):
        g, player = ctx.game, ctx.controller
        library_ = g.players[player].library
        looked = library_[:self.n]
        fitting = [oid for oid in looked if any(t in g.objs[oid].card.types for t in self.types_any)]
        chosen = ctx.choices.get("chosen")
        if chosen is not None:
            picks = [g.labels.get(lab) for lab in chosen] if isinstance(chosen, list) else [None]
            if len(picks) > 1 or any(p not in fitting for p in picks):
                raise IllegalAction("608.2d", f"choices.chosen: at most one card of {'/'.join(self.types_any)} "
                                              "among the cards looked at")
            taken = picks
        else:
            taken = fitting[:1]
        for oid in taken:
            g.move(g.objs[oid], "hand")
        rest = [oid for oid in looked if oid not in taken]
        for oid in rest:
            library_.remove(oid)
        library_.extend(rest)


@dataclass(frozen=True)
class Unimplemented:
    """An effect the engine doesn't have (an emblem, 114): resolving it answers unsupported, never
    an approximation. The ability can still be activated and its costs paid (606.4)."""

    reason: str

    def apply(self, ctx):
        raise Unsupported(f"unsupported: {self.reason}")
