"""Replacement effects (614) and the order of several on one event (616.1).

An event that would happen is a `Would` record; the replacement effects that watch for it are
data on cards (static abilities of permanents: ExileInstead, DamageTimes, DamagePlus, MoreCounters,
DrawInstead, SkipSteps) or on a resolving effect (self-replacement effects, 614.15: SetDamage).
`replace` applies them one at a time (616.1): a self-replacement effect first (616.1a), then the
one the affected player chooses (the step's `replacement_order`, else the default order of
ADAPTERS.md: permanents by timestamp, then prevention shields as created), then again among
those that apply to the modified event (616.1f), each at most once (614.5). Whatever the event
has become then happens; the event it replaced never does (614.6), so only the modified event
can trigger abilities.

The doors: Game.move for "would be put into a graveyard" (`graveyard_replacer`),
actions.deal_damage (`replace_damage`, where the prevention shields of 615.7 take their turn among the
replacement effects), `put_counters` (effects and "enters with counters", 614.1c), actions.draw
(`draw_by`), and turn.advance for skipped steps (`skipped`, 614.1b, 614.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as _with

from ..state.game import SHUFFLED_INTO_LIBRARY, Game
from ..state.layers import card_types, characteristics, is_creature
from .prevention import chosen_or_last_known, count_prevented
from .statics import tokens_to_create


class Would:
    """An event that would happen, as the effects applied so far have modified it."""

    __slots__ = ("kind", "obj", "zone", "source", "ref", "amount", "counter", "player", "first",
                 "applied", "parts")

    def __init__(self, kind, obj=None, zone=None, source=None, ref=None, amount=0, counter=None,
                 player=None, first=False):
        self.kind, self.obj, self.zone, self.source, self.ref = kind, obj, zone, source, ref
        self.amount, self.counter, self.player, self.first = amount, counter, player, first
        # the effects applied to it so far (614.5: each once), and the parts of a damage event a
        # redirection effect sent elsewhere (614.9): (recipient, amount, effects applied then)
        self.applied, self.parts = None, None


# ---------------------------------------------------------------- effects as data

@dataclass(frozen=True)
class ExileInstead:
    """"If a card or token would be put into a graveyard from anywhere, exile it instead."
    (Rest in Peace). `opponents`: only what would go to an opponent's graveyard (a card goes to
    its owner's, 404.2); `yours`: only what would go to its controller's own graveyard
    (Abandoned Sarcophagus); `cards_only`: "If a card would ..." (Leyline of the Void), or "a
    nontoken creature" (Anafenza, the Foremost): a token is not a card (111.1), so it still goes
    to the graveyard, dies and then ceases to exist. `types_any`: "a creature card" / "a nontoken
    creature ... would die": the object as it is while the event would happen, a permanent with
    the card types the layers give it (613.1d), a card elsewhere with its card's. `keyword`: "a
    card with cycling" (702.29b: the ability exists in every zone; the engine can't cycle a card,
    702.29a, so "and it wasn't cycled" always holds here)."""

    opponents: bool = False
    cards_only: bool = False
    yours: bool = False
    types_any: tuple = ()
    keyword: str | None = None
    kind = "graveyard"

    def applies(self, game, src, ev) -> bool:
        o = ev.obj
        if ev.zone != "graveyard" or (self.cards_only and o.token):
            return False
        if (self.opponents and o.owner == src.controller) or (self.yours and o.owner != src.controller):
            return False
        if self.types_any and not any(t in card_types(game, o) for t in self.types_any):
            return False
        return self.keyword is None or self.keyword in o.card.keywords

    def apply(self, game, src, ev) -> None:
        ev.zone = "exile"


@dataclass(frozen=True)
class ExileInsteadOfDyingWithToken:
    """"If a nontoken creature an opponent controls would die, instead exile that card and create a
    <token> creature token." (Kalitas, Traitor of Ghet: a 2/2 black Zombie): a replacement effect
    (614.1a) on a creature going from the battlefield to a graveyard (700.4), controlled by an
    opponent of the effect's controller as it would die; the token is created for that controller
    as part of the modified event (as many as the token-creating replacement effects say)."""

    token: str = "Zombie"
    kind = "graveyard"

    def applies(self, game, src, ev) -> bool:
        o = ev.obj
        return (ev.zone == "graveyard" and o.zone == "battlefield" and not o.token
                and o.controller != src.controller and "Creature" in card_types(game, o))

    def apply(self, game, src, ev) -> None:
        ev.zone = "exile"
        card = game.catalog(self.token)
        for _ in range(tokens_to_create(game, src.controller, 1)):
            Game.token_maker(game, card, src.controller)


@dataclass(frozen=True)
class ShuffledIntoLibraryInstead:
    """"If [this card] would be put into a graveyard from anywhere, reveal [it] and shuffle it into
    its owner's library instead." (Darksteel Colossus): it watches only for its own object, and
    from every zone, not only the battlefield (113.6b: the ability says where it functions);
    `graveyard_destination` asks the moving object for it wherever it is. The revealed card is
    public information the view has no field for."""

    kind = "graveyard"

    def applies(self, game, src, ev) -> bool:
        return ev.zone == "graveyard" and ev.obj.oid == src.oid

    def apply(self, game, src, ev) -> None:
        ev.zone = SHUFFLED_INTO_LIBRARY


@dataclass(frozen=True)
class DamageTimes:
    """"If a source would deal damage to a permanent or player, it deals double that damage to
    that permanent or player instead." (Furnace of Rath; `factor` 2)"""

    factor: int = 2
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return ev.amount > 0  # 614.7a: no damage, no event to replace

    def apply(self, game, src, ev) -> None:
        ev.amount *= self.factor


@dataclass(frozen=True)
class DamageToOpponentsTimes:
    """"If a source you control would deal damage to an opponent this turn, it deals double that
    damage to that player instead." (Goblin Goliath): a replacement effect a resolved ability
    created (614.1a, 611.2a), for `controller`, the player who controlled that ability; it lasts
    the turn (`game.replacements`, 514.2). The source is the controller's as the damage would be
    dealt (a spell's controller, a permanent's)."""

    factor: int = 2
    controller: str | None = None
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return (ev.amount > 0 and isinstance(ev.ref, str) and ev.ref != self.controller
                and ev.source is not None and ev.source.controller == self.controller)

    def apply(self, game, src, ev) -> None:
        ev.amount *= self.factor


@dataclass(frozen=True)
class DamagePlus:
    """"If a <color> source you control would deal damage to an opponent or a permanent an
    opponent controls, it deals that much damage plus <plus> instead." (Torbran, Thane of Red
    Fell: red, plus 2). A source that would deal 0 damage deals none: there is no event to
    replace (614.7a), also once a prevention effect applied first left none (616.1f)."""

    plus: int = 2
    color: str = "R"
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        source, ref, you = ev.source, ev.ref, src.controller
        if ev.amount <= 0 or source is None or source.controller != you or self.color not in source.colors():
            return False
        if isinstance(ref, str):
            return ref != you
        o = game.objs.get(ref)
        return o is not None and o.zone == "battlefield" and o.controller != you

    def apply(self, game, src, ev) -> None:
        ev.amount += self.plus


def _opponents_side(game, you: str, ref) -> bool:
    """Is `ref` an opponent of `you`, or a permanent on the battlefield an opponent controls?"""
    if isinstance(ref, str):
        return ref != you
    o = game.objs.get(ref)
    return o is not None and o.zone == "battlefield" and o.controller != you


def _your_side(game, you: str, ref) -> bool:
    """Is `ref` the player `you`, or a permanent on the battlefield `you` control?"""
    if isinstance(ref, str):
        return ref == you
    o = game.objs.get(ref)
    return o is not None and o.zone == "battlefield" and o.controller == you


@dataclass(frozen=True)
class DamageToOpponentsSideTimes:
    """"If a source would deal damage to an opponent or a permanent an opponent controls, that source
    deals double that damage to that player or permanent instead." (Gisela, Blade of Goldnight;
    `factor` 2): any source, whoever controls it; the recipient as the damage would be dealt
    (after a redirection effect applied first, 616.1f)."""

    factor: int = 2
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return ev.amount > 0 and _opponents_side(game, src.controller, ev.ref)

    def apply(self, game, src, ev) -> None:
        ev.amount *= self.factor


@dataclass(frozen=True)
class PreventHalfToYourSide:
    """"If a source would deal damage to you or a permanent you control, prevent half that damage,
    rounded up." (Gisela, Blade of Goldnight): a prevention effect (615.1a) that the affected player
    orders among the replacement effects on the event (616.1): of 3 damage it prevents 2 and 1 is
    dealt. Damage that can't be prevented (615.12) is dealt in full."""

    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return ev.amount > 0 and not game.unpreventable and _your_side(game, src.controller, ev.ref)

    def apply(self, game, src, ev) -> None:
        ev.amount -= (ev.amount + 1) // 2


@dataclass(frozen=True)
class SetDamage:
    """A self-replacement effect of a resolving spell (614.15): "it deals N damage instead"."""

    amount: int
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return ev.amount > 0

    def apply(self, game, src, ev) -> None:
        ev.amount = self.amount


@dataclass(frozen=True)
class MoreCounters:
    """"If one or more <counter> counters would be put on a creature you control, <times> that
    many [plus <plus>] are put on it instead." (Hardened Scales: plus 1; Corpsejack Menace:
    times 2)"""

    counter: str = "+1/+1"
    times: int = 1
    plus: int = 0
    kind = "counters"

    def applies(self, game, src, ev) -> bool:
        o = ev.obj
        return (ev.amount > 0 and ev.counter == self.counter and o.zone == "battlefield"
                and o.controller == src.controller and is_creature(game, o))

    def apply(self, game, src, ev) -> None:
        ev.amount = ev.amount * self.times + self.plus


@dataclass(frozen=True)
class DrawInstead:
    """"If an opponent would draw a card except the first one they draw in each of their draw
    steps, instead that player skips that draw and you draw a card." (Notion Thief): the
    modified event is its controller's draw."""

    kind = "draw"

    def applies(self, game, src, ev) -> bool:
        return ev.player != src.controller and not ev.first

    def apply(self, game, src, ev) -> None:
        ev.player, ev.first = src.controller, False


@dataclass(frozen=True)
class SkipSteps:
    """"Players skip their <step> steps." (Eon Hub: upkeep; 614.1b, 614.10)"""

    step: str
    kind = "step"


@dataclass(frozen=True)
class SkipNextStep:
    """"Target player skips their next <step> step." (Fatigue): one skip waiting for that
    player's next such step; two wait for two (614.10a)."""

    step: str
    who: object

    def apply(self, ctx):
        game = ctx.game
        for player in self.who(ctx):
            if isinstance(player, str):
                game.skips = (*game.skips, (player, self.step))


@dataclass(frozen=True)
class PreventDamageToSelfThen:
    """A permanent's static prevention effect with an additional effect (615.5) on damage that
    would be dealt to it: "If damage would be dealt to Polukranos while it has a +1/+1 counter on
    it, prevent that damage and remove that many +1/+1 counters from it." (`remove` "+1/+1",
    `while_counter` "+1/+1") and "If damage would be dealt to this creature, prevent that damage.
    Put a -1/-1 counter on this creature for each 1 damage prevented this way." (`put` "-1/-1";
    Phyrexian Hydra). Damage that can't be prevented (615.12): the effect is still applied, once
    (615.12a), prevents none of it, and its additional effect takes place: "that many" counters
    (the damage's amount) are still removed, while "for each 1 damage prevented this way" puts
    none. The counters change as the event is modified (no player acts in between, 615.5).
    `remove_one`: "If damage would be dealt to this creature, prevent that damage. Remove a +1/+1
    counter from this creature." (Phantom Nishoba): one counter for each damage event, however many
    sources deal damage to it at once (Game.once_per_event), also for damage that can't be prevented.
    `noncombat`: "If noncombat damage would be dealt to this creature" (Stormwild Capridor)."""

    remove: str | None = None
    put: str | None = None
    while_counter: str | None = None
    remove_one: str | None = None  # "Remove a +1/+1 counter from this creature." (Phantom Nishoba)
    noncombat: bool = False  # "If noncombat damage would be dealt to this creature" (Stormwild Capridor)
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if ev.amount <= 0 or ev.ref != src.oid or (self.noncombat and game.combat_damage):
            return False
        return self.while_counter is None or src.counters.get(self.while_counter, 0) > 0

    def apply(self, game, src, ev) -> None:
        n = ev.amount
        prevented = 0 if game.unpreventable else n
        ev.amount -= prevented
        if self.remove_one:  # one counter for the damage event, however many sources dealt it at once
            key = (game.damage_event, src.oid)
            if not game.damage_event or key not in game.once_per_event:
                if game.damage_event:
                    game.once_per_event = game.once_per_event + (key,)
                left = src.counters.get(self.remove_one, 0) - 1
                if left > 0:
                    src.counters[self.remove_one] = left
                else:
                    src.counters.pop(self.remove_one, None)
        if self.remove:  # "remove that many": the damage that would be dealt, prevented or not
            left = src.counters.get(self.remove, 0) - n
            if left > 0:
                src.counters[self.remove] = left
            else:
                src.counters.pop(self.remove, None)
        if self.put and prevented:  # "for each 1 damage prevented this way"
            put_counters(game, src, self.put, prevented)


@dataclass(frozen=True)
class EnterTappedOrUntapped:
    """"[Objects] enter tapped/untapped" from another permanent (614.1d): "Lands you control enter
    untapped." (Spelunking: `tapped` False, `types_any` lands, `yours`), "As long as this is tapped,
    other permanents enter tapped." (Archelos, Lagoon Mystic: `others`, `while_tapped` True). It
    modifies how a permanent enters, as that permanent would exist on the battlefield (614.12); the
    permanent's controller orders it with the permanent's own "This land enters tapped" (616.1e),
    and the one applied last decides."""

    tapped: bool
    types_any: tuple = ()
    yours: bool = False
    others: bool = False
    while_tapped: bool | None = None  # "As long as this is tapped" / "untapped"
    kind = "enter_tapped"

    def applies(self, game, src, ev) -> bool:
        o = ev.obj
        if (self.others and o.oid == src.oid) or (self.yours and ev.player != src.controller):
            return False
        if self.while_tapped is not None and src.tapped != self.while_tapped:
            return False
        return not self.types_any or any(t in card_types(game, o) for t in self.types_any)

    def apply(self, game, src, ev) -> None:
        ev.amount = int(self.tapped)


@dataclass(frozen=True)
class _OwnEntersTapped:
    """The entering permanent's own "This land enters tapped" (614.1d, 614.12: from the permanent
    itself, it affects only that permanent), its condition already checked."""

    kind = "enter_tapped"

    def applies(self, game, src, ev) -> bool:
        return True

    def apply(self, game, src, ev) -> None:
        ev.amount = 1


@dataclass(frozen=True)
class RedirectToSelf:
    """"All damage that would be dealt to you or another permanent you control is dealt to this
    creature instead." (Palisade Giant): a redirection effect (614.9) of a static ability, for
    damage from any source to its controller or another permanent they control, as long as this
    creature is on the battlefield; it does nothing once the creature is no longer a creature.
    Each damage event is redirected once (614.5), then the effects watching the new recipient
    apply (616.1f)."""

    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if ev.amount <= 0 or ev.ref == src.oid or not _your_side(game, src.controller, ev.ref):
            return False
        return redirect_recipient(game, (src.oid, src.moves)) is not None

    def apply(self, game, src, ev) -> None:
        ev.ref = src.oid


REPLACEMENTS = (ExileInstead, ShuffledIntoLibraryInstead, DamageTimes, DamagePlus, MoreCounters, DrawInstead,
                EnterTappedOrUntapped, PreventDamageToSelfThen, ExileInsteadOfDyingWithToken,
                DamageToOpponentsSideTimes, PreventHalfToYourSide, RedirectToSelf)


# ---------------------------------------------------------------- applying them (616.1)

def _effects(game, kind: str) -> list:
    """The replacement effects of the permanents on the battlefield that watch for `kind`
    events, in timestamp order: (key, source permanent, effect, label). A permanent that lost
    all its abilities (layer 6, 613.1f) has none."""
    out = []
    objs = game.objs
    chars = characteristics(game) if game.layered else None
    for oid in game.battlefield:
        o = objs[oid]
        statics = o.card.statics
        if statics and (chars is None or chars[oid].abilities):
            for i, st in enumerate(statics):
                if isinstance(st, REPLACEMENTS) and st.kind == kind:
                    out.append(((oid, o.moves, i), o, st, o.label))
    for i, e in enumerate(game.replacements):  # created by resolved spells and abilities this turn
        if e.kind == kind:
            out.append((("turn", i), None, e, None))
    return out


def watching(game, kind: str) -> bool:
    """Does a permanent, or an effect lasting this turn, replace `kind` events? (most games: none)"""
    if game.replacements and any(e.kind == kind for e in game.replacements):
        return True
    objs, kinds_of = game.objs, KINDS
    for oid in game.battlefield:
        card = objs[oid].card
        if card.statics:
            kinds = kinds_of.get(card)
            if kinds is None:
                kinds = kinds_of[card] = frozenset(st.kind for st in card.statics if isinstance(st, REPLACEMENTS))
            if kind in kinds:
                return True
    return False


# card definition -> the kinds of events its replacement effects (REPLACEMENTS) watch for: card
# definitions are frozen, so watching asks each card's statics once
KINDS: dict = {}


def _choose(game, candidates: list):
    """616.1a: a self-replacement effect first; 616.1e: else the one the affected player
    chooses (the first of them in `replacement_order`), else the first in the default order."""
    for c in candidates:
        if c[0][0] == "self":
            return c
    for label in game.replacement_order:
        for c in candidates:
            if c[3] == label:
                return c
    return candidates[0]


def replace(game, ev: Would, candidates_of, selfs=()) -> Would:
    """Apply the effects `candidates_of(game, ev)` lists (plus `selfs`) to `ev` until none that
    has not applied yet applies (616.1f); each applies once (614.5): not again to the event, nor
    to a part of it sent elsewhere (`ev.applied`: those applied to it before, if any; while the
    effects apply, the set of those applied so far)."""
    applied = ev.applied = set() if ev.applied is None else ev.applied
    while True:
        cands = candidates_of(game, ev)
        if selfs:  # self-replacement effects first (614.15); most effects have none
            cands = [(("self", i), None, e, None) for i, e in enumerate(selfs)] + cands
        cands = [c for c in cands if c[0] not in applied and c[2].applies(game, c[1], ev)]
        if not cands:
            ev.applied = None  # done: a part sent elsewhere kept its own copy
            return ev
        c = _choose(game, cands)
        applied.add(c[0])
        c[2].apply(game, c[1], ev)


def _by_kind(game, ev: Would) -> list:
    return _effects(game, ev.kind)


# ---- graveyard (614.1a)

def graveyard_destination(game, o) -> str:
    """Game.move's door: the zone an object that would be put into a graveyard goes to
    (SHUFFLED_INTO_LIBRARY: its owner's library, then shuffled)."""
    own = _from_anywhere(o) + _left_with_it(game, o)
    if not own and not watching(game, "graveyard"):
        return "graveyard"
    candidates_of = _by_kind if not own else (lambda g, ev: _by_kind(g, ev) + own)
    return replace(game, Would("graveyard", obj=o, zone="graveyard"), candidates_of).zone


def _left_with_it(game, o) -> list:
    """The graveyard replacement effects of the permanents that left the battlefield earlier in
    the event in which permanent `o` leaves (a Wrath of God destroys them all at once, 704.3's
    actions happen at once), as candidates: each watched for the event as it would happen, while
    its source was still on the battlefield (614.1: "watch for a particular event that would
    happen"), so it applies to `o` too, the source as it last existed (its controller then).
    `Game.left` keeps those permanents (Game.move remembers one with such an effect)."""
    before = game.left_before
    if before is None or o.zone != "battlefield":
        return []
    out = []
    for r in game.left:
        if r.before is before:
            w = r.lki
            for i, st in enumerate(w.card.statics or ()):
                if isinstance(st, REPLACEMENTS) and st.kind == "graveyard":
                    out.append(((r.oid, w.moves - 1, i), w, st, w.label))
    return out


def _from_anywhere(o) -> list:
    """The moving object's own "would be put into a graveyard from anywhere" effects, as
    candidates, when it is not on the battlefield (there `_effects` lists them already)."""
    statics = o.card.statics
    if o.zone == "battlefield" or not statics:
        return []
    return [((o.oid, o.moves, i), o, st, o.label) for i, st in enumerate(statics)
            if isinstance(st, ShuffledIntoLibraryInstead)]


Game.graveyard_replacer = staticmethod(graveyard_destination)


# ---- damage (614.1a, 614.15, with the prevention shields of 615.7 among them: 616.1)

@dataclass(frozen=True)
class _Shield:
    """A "prevent the next N damage" shield (615.7) as one of the effects 616.1 orders."""

    entry: tuple
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        return ev.amount > 0 and not game.unpreventable and self.entry in game.prevention

    def apply(self, game, src, ev) -> None:
        e = self.entry
        used = min(e[3], ev.amount)
        ev.amount -= used
        count_prevented(game, e, used)
        kept = e[:3] + (e[3] - used,) + e[4:]
        game.prevention = tuple((kept if x == e else x) for x in game.prevention if x != e or e[3] > used)


def _damage_effects(game, ev: Would) -> list:
    out = _effects(game, "damage")
    ref = ev.ref
    moves = None if isinstance(ref, str) else getattr(game.objs.get(ref), "moves", None)
    for e in game.prevention:
        if e[0] == "shield" and e[1] == ref and e[2] == moves:
            src = game.objs.get(e[4]) if len(e) > 4 else None
            out.append((("shield", e), None, _Shield(e), None if src is None else src.label))
    return out


def replace_damage(game, source, ref, amount: int, selfs=()) -> tuple:
    """The damage `source` deals once the replacement and prevention effects that would modify
    its damage to `ref` have applied in 616.1's order (the rest of the prevention effects, which
    prevent all of it, after them: their place in the order changes nothing): (recipient, amount)
    pairs, the first for the event itself (its recipient changed if a redirection effect sent all
    of it elsewhere, 614.9), then one for each part a redirection effect sent elsewhere."""
    watched = watching(game, "damage")
    if not selfs and not watched:
        return ((ref, amount),)
    ev = Would("damage", source=source, ref=ref, amount=amount)
    if watched or any(e[0] == "shield" for e in game.prevention):
        ev = replace(game, ev, _damage_effects, selfs)
        if ev.parts:
            return ((ev.ref, ev.amount),) + redirected_parts(game, ev)
        return ((ev.ref, ev.amount),)
    # with no permanent's effect and no shield, only the self-replacement effects can apply
    return ((ref, _self_replaced(game, ev, selfs).amount),)


def redirected_parts(game, ev: Would) -> tuple:
    """The damage a redirection effect sent from `ev` to another recipient (614.9): the same
    damage, from the same source, dealt to the new recipient, as the replacement and prevention
    effects watching that recipient modify it (616.1f), except those already applied to the
    event (614.5)."""
    out = ()
    for ref, amount, applied in ev.parts:
        part = Would("damage", source=ev.source, ref=ref, amount=amount)
        part.applied = set(applied)
        part = replace(game, part, _damage_effects)
        out += ((part.ref, part.amount),)
        if part.parts:
            out += redirected_parts(game, part)
    return out


def _self_replaced(game, ev: Would, selfs) -> Would:
    """replace(game, ev, candidates_of, selfs) where candidates_of lists nothing, without making
    candidate records: every candidate is a self-replacement effect, so _choose takes the first
    (in `selfs` order) that applies to the event as modified so far and has not applied yet
    (614.5, 616.1a, 616.1f)."""
    left = list(selfs)
    while left:
        for i, e in enumerate(left):
            if e.applies(game, None, ev):
                del left[i]
                e.apply(game, None, ev)
                break
        else:
            break
    return ev


# ---- redirection (614.9)

REDIRECT_TYPES = ("Creature", "Planeswalker", "Battle")


def redirect_recipient(game, to):
    """The recipient a redirection effect sends damage to, if it can still be dealt it (614.9): a
    player still in the game, or the permanent (`(oid, moves)`: that object, 400.7) still on the
    battlefield and still a battle, creature or planeswalker; None when the effect does nothing
    (also when the damage being dealt can't be dealt instead to another permanent or player:
    `game.unredirectable`, Lava Burst's damage to a creature)."""
    if game.unredirectable:
        return None
    if isinstance(to, str):
        return None if to in game.lost else to
    o = game.objs.get(to[0])
    if o is None or o.zone != "battlefield" or o.moves != to[1]:
        return None
    types = characteristics(game)[o.oid].types  # as the layers give them now (613.1d)
    return o.oid if any(t in types for t in REDIRECT_TYPES) else None


@dataclass(frozen=True)
class RedirectFromChosenSource:
    """"The next <left> damage that a source of your choice would deal to you and/or permanents
    you control this turn is dealt to <to> instead." (Harm's Way): a redirection effect (614.9) a
    resolved spell created for `controller`, lasting the turn (`game.replacements`, 514.2). It
    watches damage from the chosen source (`chosen`: its id, zone changes and zone as chosen,
    609.7a) to `controller` or a permanent `controller` controls, and sends up to `left` of it to
    `to` (a player, or `(oid, moves)`) instead, counting only the amount (as a shield does, 615.7);
    the rest is dealt as it would have been."""

    controller: str
    chosen: tuple
    to: object
    left: int
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if self.left <= 0 or ev.amount <= 0 or ev.source is None:
            return False
        if not chosen_or_last_known(game, ev.source, *self.chosen):
            return False
        ref = ev.ref
        if isinstance(ref, str):
            if ref != self.controller:
                return False
        else:
            o = game.objs.get(ref)
            if o is None or o.zone != "battlefield" or o.controller != self.controller:
                return False
        return redirect_recipient(game, self.to) is not None

    def apply(self, game, src, ev) -> None:
        redirect_some(game, self, ev)


@dataclass(frozen=True)
class PreventFromChosenSource:
    """A prevention effect against a source of its controller's choice with an additional effect
    (615.5): "Prevent the next <left> damage that a source of your choice would deal to you and/or
    permanents you control this turn. If damage is prevented this way, <made_by> deals that much
    damage to <to>." (Refraction Trap; 615.7: it counts only the amount) and "The next time a source
    of your choice would deal damage to you this turn, prevent that damage. If damage is prevented
    this way, <made_by> deals that much damage to that source's controller." (Deflecting Palm;
    `left` None: the next instance of damage, however much, 615.8). Created by a resolved spell for
    `controller`, lasting the turn (`game.replacements`, 514.2), watching damage from the chosen
    source (`chosen`: its id, zone changes and zone as chosen, 609.7a) to `controller`, and with
    `permanents` to a permanent `controller` controls. Damage that can't be prevented (615.12) is
    not prevented: nothing is prevented "this way", so no damage follows, and the shield stays.
    The additional effect (`to`: a player, `(oid, moves)`, or None for the source's controller as
    the damage would be dealt) deals the amount actually prevented, right after the damage event
    (game.followups, rules.actions.additional_effects)."""

    controller: str
    chosen: tuple
    left: int | None
    permanents: bool
    made_by: int | None
    to: object = None
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if ev.amount <= 0 or ev.source is None or game.unpreventable:
            return False
        if self.left is not None and self.left <= 0:
            return False
        if not chosen_or_last_known(game, ev.source, *self.chosen):
            return False
        ref = ev.ref
        if isinstance(ref, str):
            return ref == self.controller
        o = game.objs.get(ref)
        return self.permanents and o is not None and o.zone == "battlefield" and o.controller == self.controller

    def apply(self, game, src, ev) -> None:
        n = ev.amount if self.left is None else min(self.left, ev.amount)
        ev.amount -= n
        rest = () if self.left is None or self.left == n else (_with(self, left=self.left - n),)
        game.replacements = tuple(x for e in game.replacements for x in ((e,) if e is not self else rest))
        if n > 0:  # "If damage is prevented this way, ... deals that much damage"
            to = ev.source.controller if self.to is None else self.to
            game.followups = game.followups + ((self.made_by, to, n),)


def redirect_some(game, effect, ev: Would) -> None:
    """Send up to `effect.left` of the damage event `ev` to `effect.to` (614.9): all of it (the
    event's recipient changes), or that much as a part of the event (`ev.parts`) while the rest
    stays with the recipient it had; the effect keeps what is left to redirect (615.7's count)."""
    to = redirect_recipient(game, effect.to)
    n = min(effect.left, ev.amount)
    if n == ev.amount:
        ev.ref = to  # all of it
    else:
        ev.amount -= n
        ev.parts = (ev.parts or []) + [(to, n, set(ev.applied or ()))]
    used = _with(effect, left=effect.left - n)
    game.replacements = tuple(used if e is effect else e for e in game.replacements)


@dataclass(frozen=True)
class RedirectNextToPermanent:
    """"The next <left> damage that would be dealt to <guarded> this turn is dealt to <to>
    instead." (Spirit en-Kor: this creature, 1; Razia, Boros Archangel: a target creature, 3): a
    redirection effect (614.9) a resolved ability created, lasting the turn, for damage from any
    source to the permanent `guarded` (`(oid, moves)`: that object, 400.7), counting only the
    amount (as a shield does, 615.7)."""

    guarded: tuple | None
    to: object
    left: int
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if self.left <= 0 or ev.amount <= 0 or isinstance(ev.ref, str) or self.guarded is None:
            return False
        o = game.objs.get(ev.ref)
        if o is None or o.zone != "battlefield" or (o.oid, o.moves) != self.guarded:
            return False
        return redirect_recipient(game, self.to) is not None

    def apply(self, game, src, ev) -> None:
        redirect_some(game, self, ev)


@dataclass(frozen=True)
class RedirectNextTime:
    """"The next time damage would be dealt to this creature and/or you this turn, that damage is
    dealt to <to> instead." (Glarecaster): a redirection effect (614.9) a resolved ability created
    for `controller` and `guarded` (the permanent, `(oid, moves)`), lasting the turn. It redirects
    all the damage of the next damage event dealt to either of them, from any source: every
    recipient of an event dealt at once (`game.damage_event`, rules.actions.one_damage_event), or a
    lone damage dealt on its own; then it is used up (`event`: the event it redirected)."""

    controller: str
    guarded: tuple | None
    to: object
    event: int | None = None
    kind = "damage"

    def applies(self, game, src, ev) -> bool:
        if ev.amount <= 0 or (self.event is not None and (not self.event or self.event != game.damage_event)):
            return False
        ref = ev.ref
        if isinstance(ref, str):
            if ref != self.controller:
                return False
        else:
            o = game.objs.get(ref)
            if o is None or o.zone != "battlefield" or (o.oid, o.moves) != self.guarded:
                return False
        return redirect_recipient(game, self.to) is not None

    def apply(self, game, src, ev) -> None:
        ev.ref = redirect_recipient(game, self.to)  # all of it
        used = _with(self, event=game.damage_event)
        game.replacements = tuple(used if e is self else e for e in game.replacements)


# ---- counters (614.1a; also as a permanent enters with counters, 614.1c, 614.12)

def cant_have_counters(o) -> bool:
    """Has `o` "This creature can't have counters put on it" (rules.statics.CantHaveCounters)?"""
    statics = o.card.statics
    return bool(statics) and any(getattr(st, "no_counters", False) for st in statics)


def counters_forbidden(game, o, counter: str) -> bool:
    """122.6: can't `counter` counters be put on the permanent `o`: its own "can't have counters put
    on it", or another permanent's "Creatures you control can't have -1/-1 counters put on them"
    (rules.statics.CreaturesCantHaveCounters)?"""
    if cant_have_counters(o):
        return True
    objs = game.objs
    for oid in game.battlefield:
        src = objs[oid]
        for st in src.card.statics or ():
            forbids = getattr(st, "forbids", None)
            if forbids is not None and forbids(game, src, o, counter):
                return True
    return False
def others_enter_with_counters(game, o) -> None:
    """614.1d, 614.12: the static abilities of the other permanents on the battlefield that make a
    permanent like `o` (entering now, as it exists on the battlefield) enter with additional
    counters ("Each other creature you control of the chosen type enters with an additional +1/+1
    counter on it.")."""
    for sid in game.battlefield:
        s = game.objs[sid]
        if sid == o.oid or not s.card.statics:
            continue
        for st in s.card.statics:
            if hasattr(st, "extra_counters_for"):
                n = st.extra_counters_for(game, s, o)
                if n:
                    put_counters(game, o, st.counter, n)


def put_counters(game, o, counter: str, n: int) -> None:
    """Put `n` `counter` counters on permanent `o`, as the replacement effects modify that; none
    on a permanent that can't have counters put on it (122.6)."""
    if n > 0 and counters_forbidden(game, o, counter):
        return
    if n > 0 and watching(game, "counters"):
        n = replace(game, Would("counters", obj=o, counter=counter, amount=n), _by_kind).amount
    if n > 0:
        o.counters[counter] = o.counters.get(counter, 0) + n


# ---- draws (614.1a, 614.11)

def draw_by(game, player: str, first: bool) -> str:
    """Who draws instead of `player` drawing a card (`first`: the first one they draw in their
    draw step, 504.1). Applied even with an empty library (614.11)."""
    if not watching(game, "draw"):
        return player
    return replace(game, Would("draw", player=player, first=first), _by_kind).player


# ---- skipped steps (614.1b, 614.10)

def skips_steps(card) -> bool:
    """Has `card` a static ability that skips steps (SkipSteps)? With none on the battlefield and
    no "next" skip waiting (game.skips) no step can be skipped (turn._can_trigger asks, in its
    pass over the battlefield)."""
    statics = card.statics
    return bool(statics) and any(isinstance(st, SkipSteps) for st in statics)


def skipped(game, step: str) -> bool:
    """Is the active player's `step`, about to begin, skipped? A "next" skip is used up by the
    occurrence it skips (614.10a)."""
    objs = game.objs
    for oid in game.battlefield:
        for st in objs[oid].card.statics or ():
            if isinstance(st, SkipSteps) and st.step == step:
                return True
    key = (game.active, step)
    if key in game.skips:
        i = game.skips.index(key)
        game.skips = game.skips[:i] + game.skips[i + 1:]
        return True
    return False


def order_of(args) -> tuple:
    """A step's `replacement_order` choice (labels), or ()."""
    if isinstance(args, dict):
        choices = args.get("choices")
        if isinstance(choices, dict):
            order = choices.get("replacement_order")
            if isinstance(order, list):
                return tuple(order)
    return ()


def enters_tapped(game, o, controller: str, tapped: bool, own: int) -> bool:
    """Whether `o`, entering the battlefield under `controller` (already moved there), is tapped:
    `tapped` as the event puts it ("put onto the battlefield tapped", 110.5b), then `own` of its
    own "enters tapped" effects whose condition holds and the "enter tapped/untapped" effects of the
    other permanents (614.1d), in the order its controller chooses (616.1: `replacement_order`, the
    entering permanent's label for its own effect; else by timestamp, its own last), each once
    (614.5). An effect of the entering permanent that isn't about itself alone doesn't apply to it
    (614.12: it isn't on the battlefield yet)."""
    if not own and not watching(game, "enter_tapped"):
        return tapped
    ev = Would("enter_tapped", obj=o, player=controller, amount=int(tapped))

    def candidates(game, ev):
        found = [c for c in _effects(game, "enter_tapped") if c[1] is None or c[1].oid != o.oid]
        return found + [(("own", o.oid, i), o, _OwnEntersTapped(), o.label) for i in range(own)]

    return bool(replace(game, ev, candidates).amount)
