"""Game actions shared by effects and the casting/resolution procedures: damage, draw, discard,
mill, destroy, counter, tokens, events for triggered abilities, state-based actions (704).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, replace

from ..state.characteristics import (
    boost_sources,
    has_keyword,
    may_grant_triggers,
    only_own_characteristics,
    own_keyword,
    power_toughness,
    source_has_keyword,
    triggers_of,
)
from ..state.game import PLAYERS, Game, Obj
from ..state.layers import READING, card_types, counter_pt, has_its_abilities, is_creature
from .choices import EMPTY_CHOICES
from .context import Ctx
from .control import apply_control_statics, control_statics_due
from .damage_results import (
    cant_get_poison,
    dealt_as_though_wither,
    give_toxic_poison,
    planeswalker_without_loyalty,
    remove_loyalty,
)
from .prevention import damage_cant_be_prevented, prevent, protected_from, repels_aura
from .replacement import (
    cant_have_counters,
    counters_forbidden,
    draw_by,
    enters_tapped,
    others_enter_with_counters,
    replace_damage,
)
from .statics import Dredge, PlayersCantGainLife, additional_times

FIRST, SECOND = PLAYERS
# what deal_damage asks of a source
DAMAGE_KEYWORDS = frozenset({"wither", "infect", "deathtouch", "lifelink", "toxic"})


@dataclass(frozen=True, init=False)
class Event:
    """Something triggered abilities look for (603.2): a spell cast, a kick, an entering..."""

    kind: str  # cast | kick | enters | counters-spell | step | attacks | blocked | leaves | targeted | draws |
               # damage (dealt by `oid`) | dealt-damage (dealt to the permanent `oid`) | gains-life
               # (`player` gained `amount` life, caused by the source `oid` if any) | activated (an
               # activated ability of `oid` whose cost sacrificed permanents: `to`, their card types)
    player: str | None = None  # who cast / kicked / countered; whose turn (step); attacker's controller
                               # (attacks, blocked);
                               # for `leaves`: who controlled the permanent as it left; for `targeted`:
                               # the controller of the spell or ability that targets
    oid: int | None = None     # the spell or permanent concerned (for `targeted`: the object targeted)
    info: object = None        # SpellInfo of the spell concerned
    step: str | None = None    # for `step`: the step that began (503.1, 513.1, ...)
    left: object = None        # for `leaves`: the state.game.Left record (its last known information)
    by: object = None          # for `targeted`: the spell (object id) or ability (stack item) that targets
    amount: int = 0            # for `damage` / `dealt-damage`: how much damage `oid` dealt / was dealt;
                               # for `miracle-revealed`: the revealed card's zone changes (Obj.moves)
    to: object = None          # for `damage`: whom it was dealt to (a player's name or an object id);
                               # for `tapped-for-mana`: the mana the land produced (letters of WUBRGC)

    def __init__(self, kind: str, player: str | None = None, oid: int | None = None, info: object = None,
                 step: str | None = None, left: object = None, by: object = None, amount: int = 0,
                 to: object = None):
        # as SpellInfo.__init__: the instance dict filled directly (frozen dataclasses set each
        # field through object.__setattr__); tests/test_engine_views.py checks it matches the fields
        self.__dict__.update(kind=kind, player=player, oid=oid, info=info, step=step, left=left, by=by,
                             amount=amount, to=to)


def triggered_mana_abilities(game: Game, land: Obj, produced: str) -> None:
    """A land tapped for mana by its mana ability: the triggered abilities that trigger on it
    ("whenever a player taps a land for mana") have no target and add mana, so they are mana
    abilities (605.1b): they don't wait to be put on the stack but resolve at once, right after
    the mana ability that triggered them (605.4a)."""
    if "Land" not in land.card.types or not produced:
        return
    event = Event("tapped-for-mana", player=land.controller, oid=land.oid, to=produced)
    for sid in list(game.battlefield):
        src = game.objs[sid]
        for trig in src.card.triggers or ():
            if trig.event == "a-player-taps-a-land-for-mana":
                ctx = Ctx(game, src, src.controller, None, None, EMPTY_CHOICES, event)
                for effect in trig.effects:
                    effect.apply(ctx)


def emit(game: Game, event: Event) -> None:
    """Collect the triggered abilities that trigger on `event` (603.2); they wait in
    `game.pending` until a player would receive priority (603.3)."""
    objs = game.objs
    battlefield = game.battlefield
    # only a static ability (or an "until end of turn" effect) grants a triggered ability (613.1f)
    # or makes one trigger additional times (603.2d): with none (most games) neither is asked
    for sid in battlefield:
        if objs[sid].card.statics:
            break
    else:
        if not (game.eot or game.eot_triggers):
            for sid in battlefield:
                src = objs[sid]
                for trig in src.card.triggers:
                    if trig.triggers_on(game, src, event):
                        game.pending.append((sid, trig, event))
            return
    granting = may_grant_triggers(game)  # some permanent may have a triggered ability granted to it
    extra = _extra_times(game, "enters") if event.kind == "enters" and event.oid in objs else ()
    by_source = _extra_by_source(game, [objs[sid] for sid in battlefield])
    for sid in battlefield:
        src = objs[sid]
        # (triggers_of: none once its abilities are lost, 613.1f, or those of its rules text, 305.7)
        for trig in (triggers_of(game, src, granting) if src.card.triggers or granting else ()):
            if trig.triggers_on(game, src, event):
                game.pending.append((sid, trig, event))
                times = additional_times(extra, "enters", src, objs[event.oid]) if extra else 0
                if by_source:
                    times += sum(st.extra_for_source(game, s, src) for s, st in by_source)
                for _ in range(times):  # 603.2d: it triggers additional times
                    game.pending.append((sid, trig, event))


def _extra_times(game: Game, cause: str, permanents=None) -> list:
    """(permanent, static) pairs of the 603.2d abilities ("triggers an additional time") for
    `cause` among `permanents` (as they were; default: those on the battlefield)."""
    if permanents is None:
        objs = game.objs
        permanents = [objs[sid] for sid in game.battlefield]
    return [(s, st) for s in permanents if s.card.statics
            for st in s.card.statics if getattr(st, "cause", None) == cause and hasattr(st, "extra_for")]


def _extra_by_source(game: Game, permanents) -> list:
    """(permanent, static) pairs of the 603.2d abilities among `permanents` that make a triggered
    ability trigger an additional time for what its source is, whatever the event ("If a triggered
    ability of another creature you control of the chosen type triggers", Roaming Throne)."""
    return [(s, st) for s in permanents if s.card.statics
            for st in s.card.statics if hasattr(st, "extra_for_source")]


def collect_leaves(game: Game) -> None:
    """603.6c, 603.10a: the permanents that left the battlefield since the last look trigger the
    leaves-the-battlefield abilities of the permanents that were on the battlefield immediately
    before they left (the leaving ones too, and the others that left in the same event), each
    looked at as it existed then: its last known information if it has left since."""
    records, game.left, game.left_before = game.left, (), None
    objs = game.objs
    granting = may_grant_triggers(game)
    batched = []  # (source id, trigger, event group) of the "one or more" abilities already triggered
    for i, r in enumerate(records):
        event = Event("leaves", r.lki.controller, r.oid, left=r)
        was = []  # the permanents on the battlefield immediately before, as they were then
        for wid in r.before:
            # as it was then: still there, or its last known information if it left in the same
            # event (the same `before`) or after this one
            w = next((other.lki for j, other in enumerate(records)
                      if other.oid == wid and (j >= i or other.before is r.before)), None)
            if w is None:
                w = objs.get(wid)
                if w is None or w.zone != "battlefield":
                    continue
                was.append((wid, w, triggers_of(game, w, granting)))
            else:  # its last known information: with the abilities it had then (Game._remember_leaving)
                was.append((wid, w, w.card.triggers))
        dies = r.to == "graveyard" and "Creature" in r.lki.card.types  # 700.4
        extra = _extra_times(game, "dies", [w for _, w, _ in was]) if dies else ()
        for wid, w, trigs in was:
            for trig in trigs:
                if trig.looks_back and trig.triggers_on(game, w, event):
                    if trig.leaves.one_or_more:  # 603.2c: once for the objects leaving in one event
                        group = (wid, trig, id(r.before))
                        if group in batched:
                            continue
                        batched.append(group)
                    # 603.3a: controlled by who controlled its source as the ability triggered
                    times = 1 + (additional_times(extra, "dies", w, r.lki) if extra else 0)  # 603.2d
                    by_source = _extra_by_source(game, [x for _, x, _ in was])
                    if by_source:
                        times += sum(st.extra_for_source(game, s, w) for s, st in by_source)
                    for _ in range(times):
                        game.pending.append((wid, replace(trig, controller=w.controller), event))
        if dies and game.delayed:
            _dies_delayed(game, r, event)


class _Died:
    """A card that died, as 603.2d's "a creature dying" reads it: its card types as it last existed
    on the battlefield (700.4)."""

    __slots__ = ("card",)

    def __init__(self, types):
        self.card = _Types(types)


class _Types:
    __slots__ = ("types",)

    def __init__(self, types):
        self.types = types


def collect_graveyard_arrivals(game: Game) -> None:
    """The cards put into graveyards since the last look (one event: an instruction of a resolving
    spell or ability, one check of state-based actions, a cost paid) trigger the "Whenever one or
    more <type> cards are put into your graveyard from anywhere" abilities of the permanents on the
    battlefield now, right after the event (603.10: such an ability never looks back in time,
    603.6c, so a permanent that left in the same event doesn't see it), each once for the event
    (603.2c), plus its additional times (arrival_additional_times, 603.2d)."""
    arrived, game.to_graveyard = game.to_graveyard, ()
    objs = game.objs
    for a in arrived:  # "When this card is put into a graveyard from anywhere": never a
        # leaves-the-battlefield ability, even from the battlefield (603.6c): it doesn't look back,
        # the card in the graveyard right after the event has it (113.6k, 603.10) unless an effect
        # removes the abilities of cards there (613.1f)
        o = objs.get(a.oid)
        if (o is not None and o.zone == "graveyard" and o.card.triggers
                and any(t.event == "self-to-graveyard" for t in o.card.triggers) and has_its_abilities(game, o)):
            for trig in o.card.triggers:
                if trig.event == "self-to-graveyard":
                    game.pending.append((a.oid, trig, Event("to-graveyard", a.owner, a.oid)))
    granting = None
    for sid in game.battlefield:
        src = objs[sid]
        if not src.card.triggers and not src.card.statics and not game.eot_triggers:
            continue
        if granting is None:
            granting = may_grant_triggers(game)
        for trig in triggers_of(game, src, granting):
            if trig.event != "cards-to-your-graveyard":
                continue
            causes = [a for a in arrived if trig.arriving.matches(src, a)]
            if not causes:
                continue
            event = Event("to-graveyard", src.controller, causes[0].oid)
            for _ in range(1 + arrival_additional_times(game, src, causes)):
                game.pending.append((sid, trig, event))


def collect_graveyard_leavers(game: Game) -> None:
    """The cards put into a hand from a graveyard since the last look trigger their own "When this
    card is put into your hand from your graveyard" abilities (113.6k: a trigger condition that
    can't trigger from the battlefield functions in the zones it can trigger from). Such an ability
    triggers when a card leaves a graveyard, so it looks back in time (603.10a): the card had to
    have it in the graveyard, as Game.move recorded (`had`: "Cards in graveyards lose all
    abilities" takes it away, 613.1f)."""
    records, game.left_graveyard = game.left_graveyard, ()
    for r in records:
        o = game.objs.get(r.oid)
        if not r.had or o is None:
            continue
        for trig in o.card.triggers:
            if trig.event == "self-graveyard-to-hand" and r.to == "hand":
                game.pending.append((r.oid, trig, Event("graveyard-to-hand", r.owner, r.oid)))


def arrival_additional_times(game: Game, src, causes) -> int:
    """603.2d: a creature dying among the cards that caused the ability of `src` to trigger makes it
    trigger an additional time for each "If a creature dying causes a triggered ability of a
    permanent you control to trigger" ability (Teysa Karlov) of the permanents on the battlefield
    now (603.10: after the event; a Teysa that died in it is gone)."""
    died = [a for a in causes if a.died_as is not None]
    if not died:
        return 0
    extra = _extra_times(game, "dies")
    if not extra:
        return 0
    return max(additional_times(extra, "dies", src, _Died(a.died_as)) for a in died)


def _dies_delayed(game: Game, r, event: Event) -> None:
    """603.7c: a delayed triggered ability "when that creature dies this turn" triggers when that
    very object dies (not a new object it became, 400.7); it triggers once, and is never made to
    trigger additional times (603.2d)."""
    due = [d for d in game.delayed if d[0] == "dies" and d[1][:2] == (r.oid, r.lki.moves - 1)]
    if due:
        game.delayed = tuple(d for d in game.delayed if d not in due)
        # its source is the spell that created it (603.7d)
        game.pending.extend((watched[2], trig, event) for _, watched, trig in due)


def became_targets(game: Game, controller: str, targets, by, info=None) -> None:
    """Each object among `targets` (tuples of refs) becomes the target of the spell or ability
    `by` (the spell's object id, or the ability's stack item), controlled by `controller`:
    one event per object, however many times it is a target of it (ward, 702.21a)."""
    if not any_triggered_ability(game):
        return
    seen = []
    for group in targets:
        for r in group:
            if not isinstance(r, str) and r not in seen:
                seen.append(r)
                emit(game, Event("targeted", controller, r, info, by=by))


def remove_ability_from_stack(game: Game, item) -> bool:
    """701.6b: countering an ability removes it from the stack (the very item, not an equal one)."""
    for i, x in enumerate(game.stack):
        if x is item:
            del game.stack[i]
            return True
    return False


def any_triggered_ability(game: Game) -> bool:
    """Has a permanent a triggered ability? emit looks only at those (603.2), so without one an
    event triggers nothing: a caller may skip making it."""
    objs = game.objs
    statics = False
    for oid in game.battlefield:
        card = objs[oid].card
        if card.triggers:
            return True
        if card.statics:
            statics = True
    # or one granted to a permanent (613.1f): only a static ability or an "until end of turn"
    # effect grants one, so without them may_grant_triggers needs no second pass (most games)
    if not (statics or game.eot or game.eot_triggers):
        return False
    return may_grant_triggers(game)


@contextmanager
def one_damage_event(game: Game):
    """The damage dealt inside is dealt at the same time, as one damage event (120.4: an effect's
    damage to several recipients, 510.2: a combat damage step's damage): `game.damage_event` names
    it while it is dealt, for the effects that watch for "the next time damage would be dealt"
    (614.9). Inside another such event it stays part of that one."""
    if game.damage_event:
        yield
        return
    game.damage_events += 1
    game.damage_event = game.damage_events
    try:
        yield
    finally:
        game.damage_event = 0
        game.life_gain_events = game.once_per_event = ()
    if game.followups:  # the prevention effects' additional effects, as the event ends (615.5)
        additional_effects(game)


def _cant_gain_life(game: Game) -> bool:
    """119.7: a "Players can't gain life" static ability of a permanent on the battlefield."""
    objs = game.objs
    for oid in game.battlefield:
        statics = objs[oid].card.statics
        if statics and any(isinstance(st, PlayersCantGainLife) for st in statics):
            return True
    return False


def gain_life(game: Game, player: str, amount: int, source=None, triggers: bool | None = None) -> None:
    """`player` gains `amount` life (119.3), a life gain event "whenever you gain life" abilities
    see (119.9: one per source causing it), none for 0 life. Lifelink (702.15b): a source dealing
    damage to several recipients at once causes one life gain event, and several sources
    separate ones (702.15e): within one damage event (`game.damage_event`) a source's second gain
    is no new event. `triggers`: whether a permanent has a triggered ability (None: ask)."""
    if amount <= 0 or _cant_gain_life(game):
        return
    game.players[player].life += amount
    if triggers is None:
        triggers = any_triggered_ability(game)
    if not triggers:
        return
    if source is not None and game.damage_event:
        key = (game.damage_event, player, source.oid)
        if key in game.life_gain_events:
            return
        game.life_gain_events = game.life_gain_events + (key,)
    emit(game, Event("gains-life", player, None if source is None else source.oid, amount=amount))


def deal_damage(game: Game, source: Obj | None, ref, amount: int, selfs=()) -> None:
    """120.3: damage to a player loses life; to a creature is marked, and from a source with
    deathtouch remembered for 704.5h (702.2b, in any zone 702.2d, last known 702.2e); lifelink
    (702.15). Prevention effects and protection apply first (120.4b, 615, 702.16e): prevented
    damage never happens (615.6), so none of this follows for it. Replacement effects (614.1a,
    `selfs`: the resolving effect's self-replacement effects, 614.15) and prevention shields
    apply in 616.1's order first (rules/replacement.py)."""
    if amount <= 0:
        return
    objs = game.objs
    # a permanent with a static ability, one with a triggered ability on the battlefield (dealing
    # damage adds neither): one pass for the questions below
    statics = triggers = False
    for oid in game.battlefield:
        card = objs[oid].card
        if card.statics:
            statics = True
        if card.triggers:
            triggers = True
    if (statics or game.prevention) and not game.unpreventable and damage_cant_be_prevented(game):
        # 615.12: all damage can't be prevented now (Leyline of Punishment, Wild Slash's ferocious)
        game.unpreventable = True
        try:
            deal_damage(game, source, ref, amount, selfs)
        finally:
            game.unpreventable = False
        return
    if not triggers and (statics or game.eot or game.eot_triggers):
        triggers = may_grant_triggers(game)  # a triggered ability granted to a permanent (613.1f)
    if selfs or statics or game.replacements:  # else no replacement effect applies (replace_damage: `amount`)
        dealt = replace_damage(game, source, ref, amount, selfs)
        if len(dealt) > 1:  # a redirection effect sent part of it elsewhere (614.9): the same damage
            for to, n in dealt:
                _damage_results(game, source, to, n, statics, triggers)
        else:
            _damage_results(game, source, *dealt[0], statics, triggers)
        if game.followups and not game.damage_event:  # 615.5: right after the event (else as it ends)
            additional_effects(game)
        return
    _damage_results(game, source, ref, amount, statics, triggers)


def additional_effects(game: Game) -> None:
    """615.5: the additional effects of the prevention effects that prevented damage of the damage
    event just dealt ("If damage is prevented this way, <it> deals that much damage to <recipient>"),
    immediately afterward, in the order the damage was prevented: each its source's damage, the
    amount actually prevented, to its recipient (a player, or a permanent as the object it was,
    400.7: one that has left gets none), each a damage event of its own."""
    while game.followups:
        (made_by, to, n), game.followups = game.followups[0], game.followups[1:]
        if isinstance(to, str):
            ref = None if to in game.lost else to
        else:
            o = game.objs.get(to[0])
            ref = o.oid if o is not None and o.zone == "battlefield" and o.moves == to[1] else None
        if ref is not None:
            with one_damage_event(game):
                deal_damage(game, game.objs.get(made_by), ref, n)


def _damage_results(game: Game, source: Obj | None, ref, amount: int, statics: bool, triggers: bool) -> None:
    """deal_damage once the replacement effects applied: `source`'s `amount` damage to `ref`,
    prevented as the prevention effects say, then processed into its results (120.4b-c).
    `statics`, `triggers`: whether a permanent on the battlefield has a static ability, and
    whether one has (or is granted) a triggered ability."""
    objs = game.objs
    # prevent asks a static ability on the battlefield (615.1a, 702.16e), an effect of
    # game.prevention and the protection of a permanent dealt damage (its own static, or a keyword
    # from an "until end of turn" effect or gained as it entered): with none of them, nothing
    # would prevent the damage (most damage)
    if (statics or game.prevention or game.eot
            or (not isinstance(ref, str) and ref in objs and objs[ref].gained)):
        amount = prevent(game, source, ref, amount)
    if amount <= 0:
        return
    # with no static ability on the battlefield (none gives a spell a keyword: "Instant and sorcery
    # spells you control have lifelink"), a spell on the stack has only its own keywords; so has a
    # source on the battlefield with no "until end of turn" effect either (keyword_test's
    # reasoning, only_own_characteristics): the scan above answers for the four questions
    # (wither, infect, deathtouch, lifelink)
    own = source is not None and not statics and (source.zone == "stack" or source.zone == "battlefield"
                                                  and not game.eot and not game.layered)
    # with its own keywords only, two set tests tell that it has none of the four (most sources)
    plain = own and DAMAGE_KEYWORDS.isdisjoint(source.card.keywords) and DAMAGE_KEYWORDS.isdisjoint(source.gained)
    if isinstance(ref, str):
        p = game.players[ref]
        if source is not None and not plain and (own_keyword(source, "infect") if own
                                                 else source_has_keyword(source, "infect", game)):
            if not (statics and cant_get_poison(game, ref)):  # "You can't get poison counters."
                p.counters["poison"] = p.counters.get("poison", 0) + amount  # 120.3b, 702.90b: no life lost
        else:
            p.life -= amount
        if source is not None and not plain and (own_keyword(source, "lifelink") if own
                                                 else source_has_keyword(source, "lifelink", game)):
            gain_life(game, source.controller, amount, source, triggers)  # 702.15b
        if source is not None and not plain:
            give_toxic_poison(game, source, p)  # 120.3g
        if triggers:  # else the event would trigger nothing (any_triggered_ability)
            _damage_dealt(game, source, amount, ref)
        return
    o = objs.get(ref)
    if o is None or o.zone != "battlefield":
        return
    received = True
    as_wither = statics and dealt_as_though_wither(game)  # 702.80a for every source (Everlasting Torment)
    statics = o.card.statics
    if statics and any(getattr(st, "counters_instead", False) for st in statics):
        # 614.1a: "If damage would be dealt to this creature, put that many +1/+1 counters on it instead"
        if not cant_have_counters(o):  # 122.6
            o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + amount
        received = False  # 614.6: the damage event never happens
    elif remove_loyalty(o, amount):  # 120.3c: a planeswalker (not also a creature) loses loyalty, no damage marked
        pass
    elif as_wither or source is not None and not plain and (
            (own_keyword(source, "wither") or own_keyword(source, "infect")) if own
            else (source_has_keyword(source, "wither", game) or source_has_keyword(source, "infect", game))):
        if not counters_forbidden(game, o, "-1/-1"):  # 122.6
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + amount  # 120.3d, 702.80a, 702.90c
    else:
        o.damage += amount
    if triggers and received:  # else the events would trigger nothing (any_triggered_ability)
        _damage_received(game, o, amount)
    if source is None:
        return
    if triggers:  # else the event would trigger nothing (any_triggered_ability)
        _damage_dealt(game, source, amount, o.oid)
    if plain:
        return
    if own:
        deathtouch, lifelink = own_keyword(source, "deathtouch"), own_keyword(source, "lifelink")
    else:
        deathtouch = source_has_keyword(source, "deathtouch", game)
        lifelink = source_has_keyword(source, "lifelink", game)
    if deathtouch:
        game.deathtouched = game.deathtouched | {o.oid}
    if lifelink:
        gain_life(game, source.controller, amount, source, triggers)  # 702.15b


def _damage_dealt(game: Game, source: Obj | None, amount: int, to) -> None:
    """120.3: `source` dealt `amount` damage to `to` (a player or an object id): abilities that
    trigger on damage ("whenever enchanted creature deals damage", "whenever a Human deals damage
    to you") see it (603.2). deal_damage calls it only when some permanent has a triggered
    ability, so it doesn't ask again."""
    if source is not None:
        emit(game, Event("damage", source.controller, source.oid, amount=amount, to=to))


def _damage_received(game: Game, o: Obj, amount: int) -> None:
    """120.3: the permanent `o` was dealt `amount` damage (replaced by +1/+1 counters it wasn't,
    614.6): "whenever this creature is dealt damage" abilities see it (603.2). As for
    _damage_dealt, deal_damage has asked whether any permanent has a triggered ability."""
    emit(game, Event("dealt-damage", o.controller, o.oid, amount=amount))


def draw(game: Game, player: str, n: int, first: bool = False) -> None:
    """`player` draws `n` cards one at a time (121.2); each draw a replacement effect may give
    another player (614.1a, 614.11: even from an empty library; `first`: the draw of the draw
    step, 504.1). Each card drawn is an event "whenever ... draws" abilities see (603.2); a draw
    replaced is not (614.6)."""
    for i in range(n):
        who = draw_by(game, player, first and i == 0)
        p = game.players[who]
        if p.graveyard and dredged(game, who):
            continue  # 702.52a: the draw was replaced (614.6: no card drawn, nothing "draws")
        if not p.library:
            game.lost = tuple(sorted(set(game.lost) | {who}))  # 704.5b
            return
        o = game.objs[p.library[0]]
        game.move(o, "hand")
        if who not in game.drawn_this_turn:  # the first card `who` has drawn this turn
            game.drawn_this_turn = game.drawn_this_turn + (who,)
            if o.card.miracle_trigger is not None:  # 702.94a: revealed as it is drawn (a "you may"
                # answered as the trigger is put on the stack, rules.triggers.put_triggers)
                game.pending.append((o.oid, o.card.miracle_trigger, Event("miracle-revealed", who, o.oid,
                                                                          amount=o.moves)))
        if any_triggered_ability(game):
            emit(game, Event("draws", who))


def dredged(game: Game, player: str) -> bool:
    """702.52a: "Dredge N" of a card in `player`'s graveyard: "As long as you have at least N cards
    in your library, if you would draw a card, you may instead mill N cards and return this card
    from your graveyard to your hand." A replacement effect functioning only from the graveyard
    (113.6), of a card that has its abilities there (613.1f); applied when the player names the
    card in the step's `replacement_order` (616.1: the affected player chooses; "you may": a card
    not named is not dredged), never with fewer than N cards in the library (702.52b)."""
    if not game.replacement_order:
        return False
    p = game.players[player]
    for label in game.replacement_order:
        oid = game.labels.get(label)
        if oid is None or oid not in p.graveyard:
            continue
        o = game.objs[oid]
        n = next((st.n for st in o.card.statics if isinstance(st, Dredge)), None)
        if n is None or len(p.library) < n or not has_its_abilities(game, o):
            continue
        mill(game, player, n)
        if o.zone == "graveyard":
            game.move(o, "hand")
        return True
    return False


def mill(game: Game, player: str, n: int) -> None:
    p = game.players[player]
    for _ in range(min(n, len(p.library))):
        game.move(game.objs[p.library[0]], "graveyard")


def discard(game: Game, player: str, n: int, chosen: list) -> list:
    """701.9: the player discards n cards of their choice: the labels in `chosen` that are in
    their hand first, then (deterministically) the first cards of the hand. Returns the objects
    discarded ("each card discarded this way")."""
    hand = game.players[player].hand
    picks = [game.labels[lab] for lab in chosen if lab in game.labels
             and game.labels[lab] in hand][:n]
    for oid in hand:
        if len(picks) >= n:
            break
        if oid not in picks:
            picks.append(oid)
    discarded = [game.objs[oid] for oid in picks]
    for o in discarded:
        discard_card(game, o)
    return discarded


def discard_card(game: Game, o: Obj) -> None:
    """701.9a: a card is discarded from its owner's hand to their graveyard; with madness (702.35a,
    a static ability functioning in the hand) it is exiled instead, and its madness trigger waits to
    be put on the stack (the card as the object it became in exile)."""
    if o.card.madness is not None and o.zone == "hand":
        game.move(o, "exile")
        if o.zone == "exile":
            game.pending.append((o.oid, o.card.madness_trigger, Event("madness-exiled", o.owner, o.oid,
                                                                      amount=o.moves)))
        return
    game.move(o, "graveyard")


def destroy(game: Game, o: Obj, regenerate: bool = True) -> None:
    """701.8: destroy = move to its owner's graveyard; 702.12b: indestructible permanents
    aren't destroyed; a regeneration shield replaces the destruction (701.19a) unless it "can't
    be regenerated" (`regenerate` False, or 701.19c this turn)."""
    if o.zone == "battlefield" and not has_keyword(o, "indestructible", game):
        if regenerate and regenerated(game, o):
            return
        game.move(o, "graveyard")


def regenerated(game: Game, o: Obj) -> bool:
    """701.19a: if `o` has a regeneration shield (and may be regenerated, 701.19c), use it up:
    instead of being destroyed it is tapped, its damage is removed and it is removed from
    combat. Whether that happened."""
    key = (o.oid, o.moves)
    if key not in game.regen_shields or key in game.no_regen:
        return False
    shields = list(game.regen_shields)
    shields.remove(key)
    game.regen_shields = tuple(shields)
    o.damage, o.tapped = 0, True  # with no damage marked, a deathtouch mark destroys nothing (704.5h)
    if game.attackers or game.blockers:
        game.remove_from_combat(o.oid)
    return True


def leave_stack(game: Game, o: Obj, dest: str) -> None:
    """A spell leaves the stack; 702.34a: a flashback spell is exiled instead, whatever moves
    it (resolution, countering); a copy ceases to exist (707.10a)."""
    if o.spell is not None and o.spell.alternative == "flashback":
        dest = "exile"
    if dest == "library-top":
        game.move(o, "library", top=True)
        return
    game.move(o, dest)


def can_be_countered(o: Obj) -> bool:
    """"This spell can't be countered" (101.2: a spell that can't be countered stays)."""
    return not any(getattr(st, "cant_be_countered", False) for st in o.card.statics)


def made_uncounterable(game: Game, o: Obj) -> bool:
    """An effect on the next spell its controller cast said it can't be countered (611.2f; the
    spell as the object it is on the stack, 400.7)."""
    return any(oid == o.oid and moves == o.moves and what == "cant-be-countered"
               for oid, moves, what in game.spell_effects)


def counter_spell(game: Game, o: Obj, by_controller: str | None, dest: str = "graveyard") -> None:
    """701.6a: move the countered spell to its owner's graveyard (or where the countering
    effect says: hand, top of library); then counter triggers."""
    if o.zone != "stack" or not can_be_countered(o) or (game.spell_effects and made_uncounterable(game, o)):
        return
    leave_stack(game, o, dest)
    if by_controller is not None:
        emit(game, Event("counters-spell", by_controller, o.oid))


def create_token(game: Game, card, controller: str, tapped: bool = False) -> Obj:
    o = game.new_obj(card, controller, None, "token-limbo")
    o.token = True
    o.controller = controller
    o.zone = "battlefield"
    game.battlefield.append(o.oid)
    o.sick = True
    # "create a tapped ... token": it enters tapped; "other permanents enter tapped/untapped" (614.1d)
    o.tapped = enters_tapped(game, o, controller, tapped, 0)
    others_enter_with_counters(game, o)  # 614.1d: "... enters with an additional +1/+1 counter"
    if any_triggered_ability(game):
        emit(game, Event("enters", controller, o.oid))
    return o


Game.token_maker = staticmethod(create_token)


def state_based_actions(game: Game) -> None:
    """704.3: repeat until none apply: 0 life loses (704.5a), 0 toughness (704.5f) and lethal
    damage (704.5g) put creatures into the graveyard, damage from a deathtouch source destroys
    (704.5h), the legend rule (704.5j), +1/+1 and -1/-1 counters removed in pairs (704.5q);
    then state triggers (603.8).

    It runs after every action (11 times a scenario), and usually none applies: one pass checks
    that first, where that is decidable without power_toughness, has_keyword, the legend rule or
    state triggers (no player at 0 life who hasn't lost, no deathtouch damage waiting, no "until
    end of turn" effect, every permanent one _quick_threshold decides for: no static ability,
    legendary permanent or state-triggered ability on the battlefield, every creature's printed
    toughness plus counters above its damage). Then the full check would change nothing, find
    no dying creature and no state trigger to look at, so none is left to do.

    Every action passes through here right after it: a card exiled "until" an event that has just
    happened returns first (610.3, Game.exile_returner), before the check."""
    if game.returns_due:
        Game.exile_returner(game)
    if control_statics_due(game):  # "You control enchanted creature" starts or ends (613.1b)
        apply_control_statics(game)
    if not (game.deathtouched or game.eot or game.layered):
        players = game.players
        first, second = players[FIRST], players[SECOND]
        # the two players (PLAYERS) written out: a loop over players.values() cost a third of the pass;
        # poison counters are read only from a player who has counters (most have none)
        if (first.life > 0 and (not first.counters or first.counters.get("poison", 0) < 10) or FIRST in game.lost) \
                and (second.life > 0 and (not second.counters or second.counters.get("poison", 0) < 10)
                     or SECOND in game.lost):
            objs, thresholds = game.objs, QUICK_THRESHOLDS
            for oid in game.battlefield:
                o = objs[oid]
                try:
                    t = thresholds[o.card]  # UNDECIDED (-1) where _quick_threshold can't decide
                except KeyError:
                    _quick_threshold(o.card)
                    t = thresholds[o.card]
                counters = o.counters
                if counters:  # most permanents have none
                    if t < 0:
                        break  # undecided
                    minus = counters.get("-1/-1")
                    if len(counters) > 1 or "+1/+1" not in counters and minus is None:
                        if any("/" in k and k not in ("+1/+1", "-1/-1") for k in counters):
                            break  # another kind modifying P/T (a +0/+1 counter, 613.4c): the full check
                    if minus is None:  # the usual kind alone, if any: one look-up less
                        t += counters.get("+1/+1", 0)
                    elif "+1/+1" in counters:
                        break  # 704.5q: +1/+1 and -1/-1 counters are removed in pairs
                    else:
                        t -= minus
                # damage is never negative: toughness 0 or less too (704.5f), and UNDECIDED, go to the full check
                if o.damage >= t:
                    break
            else:
                return
    _check_all(game)


# state_based_actions' one pass: the _quick_threshold of each card (CardDef) met so far, with
# UNDECIDED for None (below any damage, so one comparison sends the pass to the full check)
QUICK_THRESHOLDS: dict = {}
NOT_A_CREATURE = 1 << 29  # damage never reaches it (and if it did, the full check runs: no harm)
UNDECIDED = -1


def _quick_threshold(card) -> int | None:
    """What state_based_actions' one pass needs of a permanent's card: None when it can't decide
    (a static ability may change characteristics, a legendary permanent needs the legend rule, a
    state-triggered ability its condition, 603.8), else the printed toughness of a creature
    (704.5f-g: plus counters, it must stay above the damage) or NOT_A_CREATURE. A CardDef is
    frozen, so this is computed once per card and kept in QUICK_THRESHOLDS."""
    if card.statics or "Legendary" in card.supertypes or any(t.event == "state" for t in card.triggers):
        t = None
    else:
        t = (card.toughness or 0) if "Creature" in card.types else NOT_A_CREATURE
    QUICK_THRESHOLDS[card] = UNDECIDED if t is None else t
    return t


def _check_all(game: Game) -> None:
    """state_based_actions in general: one check, its actions performed simultaneously, then
    (704.3) state_based_actions again if any was (its first pass, when none applies, is this
    check finding nothing). It reads toughness itself where nothing modifies it (no static
    ability on the battlefield, no "until end of turn" effect): printed toughness and counters,
    as power_toughness would."""
    for p in game.players.values():  # 704.5a: 0 or less life; 704.5c: ten or more poison counters
        if (p.life <= 0 or p.counters.get("poison", 0) >= 10) and p.name not in game.lost:
            game.lost = tuple(sorted(set(game.lost) | {p.name}))
    deathtouched = game.deathtouched
    if deathtouched:
        game.deathtouched = frozenset()  # "since the last time state-based actions were checked"
    battlefield = game.battlefield
    # boost_sources(game), when anything may modify toughness
    sources = None if only_own_characteristics(game) else boost_sources(game)
    dying, unattaching = [], []
    if sources is not None:  # the check reads every creature's toughness: the layers once for all
        READING.append([game, None])
    try:
        legendary, triggers = _find_dying(game, battlefield, sources, deathtouched, dying, unattaching)
    finally:
        if sources is not None:
            READING.pop()
    # 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each (N the smaller
    # number), at the same time as the other actions: one that dies now dies with both (LKI)
    paired = []
    objs = game.objs
    for oid in battlefield:  # a loop, not a comprehension: most battlefields hold a few permanents
        o = objs[oid]
        counters = o.counters
        if counters and counters.get("+1/+1", 0) and counters.get("-1/-1", 0) and o not in dying:
            paired.append(o)
    if dying:
        game.left_before = None  # the creatures dying now die at once (704.3), seen by each other
    for o in dying:
        game.move(o, "graveyard")
    for o in unattaching:  # 704.5n: it stays on the battlefield, attached to nothing
        o.attached = None
    for o in paired:
        n = min(o.counters["+1/+1"], o.counters["-1/-1"])
        left = {k: v - n if k in ("+1/+1", "-1/-1") else v for k, v in o.counters.items()}
        o.counters = {k: v for k, v in left.items() if v > 0}
    changed = bool(dying) or bool(paired) or bool(unattaching)
    if legendary:
        changed |= _legend_rule(game)
    if changed:
        state_based_actions(game)
    elif triggers:  # only a permanent with triggered abilities can have a state trigger
        _state_triggers(game)


def _find_dying(game: Game, battlefield, sources, deathtouched, dying: list, unattaching: list) -> tuple[bool, bool]:
    """_check_all's check (704.5f-h, 704.5m-n), performing nothing: appends the creatures and Auras
    that go to the graveyard to `dying` and the Equipment that become unattached to `unattaching`;
    returns (a legendary permanent is there, a permanent with triggers is there)."""
    objs = game.objs
    legendary = triggers = False
    auras = None  # the permanents attached to an object (Auras, Equipment), in battlefield order
    for oid in battlefield:
        o = objs[oid]
        card = o.card
        if card.triggers:
            triggers = True
        if type(o.attached) is tuple:
            if auras is None:
                auras = [o]
            else:
                auras.append(o)
        if "Planeswalker" in card.types and planeswalker_without_loyalty(o):
            dying.append(o)  # 704.5i (a planeswalker that is also a creature too)
        elif "Creature" in card.types if sources is None else is_creature(game, o):  # 613.1d
            # all checked first, then performed simultaneously (704.3)
            if sources is None:  # printed_power_toughness(o)[1], inline: 11 checks a scenario
                t = card.toughness or 0
                counters = o.counters
                if counters:
                    t += counter_pt(counters)[1]
            else:
                t = power_toughness(game, o, sources)[1]
            damage = o.damage
            if t <= 0:
                dying.append(o)  # 704.5f (regeneration can't replace it)
            elif (damage and (damage >= t or oid in deathtouched)
                  and not has_keyword(o, "indestructible", game)):  # 702.12b
                if not (game.regen_shields and regenerated(game, o)):  # 704.5g-h: regeneration replaces it
                    dying.append(o)
        if card.supertypes and "Legendary" in card.supertypes:
            legendary = True
    if auras is not None:
        for o in auras:  # 704.5m: an Aura on a creature that is gone (a new object if it came back)
            host = enchanted_object(game, o)
            if "Equipment" in o.card.subtypes:  # 704.5n, 301.5c: attached to what isn't a creature, or
                # to a creature with protection from it (702.16d): unattached, it stays
                if not host or not is_creature(game, host) or protected_from(host, o, game):
                    unattaching.append(o)
            elif not host or not can_enchant(game, o) or repels_aura(game, host, o):  # 702.16c
                dying.append(o)
    return legendary, triggers


def _state_triggers(game: Game) -> None:
    """603.8: a state-triggered ability triggers as soon as its condition holds, and not again
    while it is waiting or on the stack."""
    for sid in game.battlefield:
        src = game.objs[sid]
        for trig in src.card.triggers:
            if trig.event != "state" or not trig.check(game, src, None):
                continue
            waiting = any(p[0] == sid and p[1] is trig for p in game.pending)
            on_stack = any(getattr(item, "source", None) == sid and getattr(item, "trigger", None) is trig
                           for item in game.stack)
            if not waiting and not on_stack:
                game.pending.append((sid, trig, Event("state", src.controller, sid)))


ENCHANTABLE = {"creature": "Creature", "artifact": "Artifact"}  # an enchant keyword's quality -> card type


def can_enchant(game: Game, aura: Obj) -> bool:
    """303.4c: whether the Aura's enchant ability allows the object it is attached to, with the
    card types the layers give it now (an Aura with "Enchant creature" on an artifact that is no
    longer a creature is enchanting an illegal object)."""
    o = game.objs.get(aura.attached[0])
    if o is None:
        return False
    for st in aura.card.statics:
        need = ENCHANTABLE.get(getattr(st, "enchants", None))
        if need is not None and need not in card_types(game, o):
            return False
    return True


def enchanted_object(game: Game, aura: Obj):
    """The permanent an Aura on the battlefield enchants (303.4), if it is still that object on
    the battlefield (400.7: one that left and came back is a new object), else None."""
    attached = aura.attached
    if type(attached) is not tuple:
        return None
    o = game.objs.get(attached[0])
    return o if o is not None and o.zone == "battlefield" and o.moves == attached[1] else None


def _legend_rule(game: Game) -> bool:
    """704.5j: of legendary permanents with the same name and controller, all but one go to
    the graveyard; deterministically the one that has been there longest stays."""
    seen = set()
    losers = []
    for oid in game.battlefield:
        o = game.objs[oid]
        if "Legendary" in o.card.supertypes:
            key = (o.controller, o.card.name)
            if key in seen:
                losers.append(o)
            seen.add(key)
    for o in losers:
        game.move(o, "graveyard")
    return bool(losers)
