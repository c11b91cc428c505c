"""Derived characteristics of permanents: power/toughness with counters and static boosts
(613.4), keywords, and mana value (202.3).

Keywords shown in the view are the keyword abilities that function on the battlefield; ability
words (Converge, 207.2c), keyword actions (mill) and the casting keywords (kicker, multikicker,
flashback, flash) are not listed, matching ADAPTERS.md's Kavu Titan example.
"""

from __future__ import annotations

from .layers import (
    NOT_BATTLEFIELD_KEYWORDS,
    NOT_KEYWORD_ABILITIES,
    characteristics,
    counter_pt,
    graveyard_holders,
    needs_layers,
)


def _statics_with(game, method: str) -> list:
    """(source, static) pairs of every static ability on the battlefield that has `method`
    (a plain loop: it runs for every keyword and P/T question, and most cards have none)."""
    out = []
    objs = game.objs
    for sid in game.battlefield:
        s = objs[sid]
        statics = s.card.statics
        if statics:
            for st in statics:
                if hasattr(st, method):
                    out.append((s, st))
    return out


def static_sources(game) -> tuple[list, list]:
    """(boost_sources(game), grant_sources(game)) in one pass over the battlefield, for a caller
    that asks about every permanent (the view). The grants of cards in graveyards whose static
    abilities function there (113.6b, Filth) are not among them: such a card makes needs_layers
    true, and the layer system applies them."""
    boosts, grants = [], []
    objs = game.objs
    for sid in game.battlefield:
        s = objs[sid]
        statics = s.card.statics
        if statics:
            for st in statics:
                if hasattr(st, "boost_for"):
                    boosts.append((s, st))
                if hasattr(st, "grant_for"):
                    grants.append((s, st))
    return boosts, grants


def boost_sources(game) -> list:
    """(source, static) pairs of every P/T-boosting static ability on the battlefield; compute
    once and pass to power_toughness when asking for many permanents."""
    return _statics_with(game, "boost_for")


def unblockable_sources(game) -> list:
    """(source, static) pairs of every static ability that may say a permanent "can't be blocked"
    (an Equipment's or Aura's "Equipped creature can't be blocked", 509.1b)."""
    return _statics_with(game, "cant_be_blocked_for")


def grant_sources(game) -> list:
    """(source, static) pairs of every keyword-granting static ability on the battlefield."""
    return _statics_with(game, "grant_for")


def card_grant_sources(game) -> list:
    """(source, static) pairs of every static ability on the battlefield that grants keywords to
    cards off it (CardsYouOwnHaveKeyword)."""
    return _statics_with(game, "grant_card_for")


def card_keywords(game, o, sources=None) -> list[str]:
    """The keyword abilities (702) of a card off the battlefield (in a hand): its own, casting
    keywords included (flash, kicker, flashback matter there), and those static abilities of
    permanents grant to cards in its zone ("Creature cards you own that aren't on the battlefield
    have flash", 611.3a). An effect on "creatures" never reaches it (109.2)."""
    out = set(o.card.keywords) - NOT_KEYWORD_ABILITIES
    for s, st in (card_grant_sources(game) if sources is None else sources):
        out.update(st.grant_card_for(game, s, o))
    return sorted(out)


def printed_power_toughness(o) -> tuple[int, int]:
    """Printed P/T plus +1/+1 and -1/-1 counters (613.4a, 613.4c): all of power_toughness when
    no static ability is on the battlefield and no "until end of turn" effect exists, which the
    view checks once for all its entries (state-based actions inline the same sum)."""
    c = o.card
    p, t = (c.power or 0), (c.toughness or 0)
    counters = o.counters
    if counters:
        dp, dt = counter_pt(counters)
        p += dp
        t += dt
    return p, t



def base_power_toughness(game, o) -> tuple[int, int]:
    """208.4b: a permanent's base power and toughness: its power and toughness after
    characteristic-defining abilities (7a) and effects that set them (7b), ignoring the effects
    and counters that modify them (7c) and switches (7d); printed P/T without the layer system."""
    if o.zone == "battlefield" and needs_layers(game):
        return characteristics(game)[o.oid].base
    c = o.card
    return (c.power or 0), (c.toughness or 0)


def power_toughness(game, o, sources=None) -> tuple[int, int]:
    """613.4 for the plain cases (printed, 7c counters, pumps, static boosts); the layer system
    (layers.py) when a layered effect or a characteristic-defining ability is around."""
    if o.zone == "battlefield" and needs_layers(game):
        ch = characteristics(game)[o.oid]
        return ch.power, ch.toughness
    p, t = printed_power_toughness(o)
    if o.zone == "battlefield":
        for s, st in (boost_sources(game) if sources is None else sources):
            dp, dt = st.boost_for(game, s, o)
            p += dp
            t += dt
        if game.eot:
            me = o.oid
            for oid, dp, dt, _, _ in game.eot:  # 611.2a "until end of turn" effects (layer 7c)
                if oid == me:
                    p += dp
                    t += dt
    return p, t


_KEYWORDS: dict = {}  # (a card's keyword set, keywords gained as it entered) -> battlefield keywords, sorted
_OWN_KEYWORDS: dict = {}  # the same for a permanent that gained none, by the card's keyword set alone


def keywords(o, game=None, grants=None) -> list[str]:
    """`grants`: grant_sources(game), when the caller asks about many permanents at once."""
    own, gained = o.card.keywords, o.gained
    # (with the layer system around, an effect may have removed its keywords: a static ability's
    # "all creatures lose all abilities" as well as a spell's, 613.1f)
    if game is not None and o.zone == "battlefield" and needs_layers(game):
        return sorted(characteristics(game)[o.oid].keywords)
    if game is not None and o.zone == "battlefield" and (game.eot or grants is None or grants):
        extra = _extra_keywords(game, o, grants)
        if extra:
            return sorted((own - NOT_BATTLEFIELD_KEYWORDS).union(gained, extra))
    # the usual case: no "until end of turn" effect and no keyword-granting static
    if not gained:  # most permanents: keyed by the keyword set alone (no pair to build)
        found = _OWN_KEYWORDS.get(own)
        if found is None:
            found = _OWN_KEYWORDS[own] = tuple(sorted(own - NOT_BATTLEFIELD_KEYWORDS))
        return list(found)
    found = _KEYWORDS.get((own, gained))
    if found is None:
        found = _KEYWORDS[own, gained] = tuple(sorted((own - NOT_BATTLEFIELD_KEYWORDS).union(gained)))
    return list(found)


def _extra_keywords(game, o, grants=None) -> set:
    """Keywords from "until end of turn" effects and from other permanents' static abilities."""
    out = set()
    if game.eot:
        me = o.oid
        for oid, _, _, kws, _ in game.eot:
            if oid == me:
                out.update(kws)
    for s, st in (grant_sources(game) if grants is None else grants):
        out.update(st.grant_for(game, s, o))
    return out


def has_keyword(o, kw: str, game=None) -> bool:
    if game is not None and o.zone == "battlefield" and needs_layers(game):  # it may have lost it (layer 6)
        return kw in characteristics(game)[o.oid].keywords
    if kw in o.card.keywords or kw in o.gained:
        return True
    if game is not None and o.zone == "stack":  # a keyword a static ability gives spells
        return _granted_to_spell(game, o, kw)
    if game is None or o.zone != "battlefield":
        return False
    if game.eot:
        oid = o.oid
        for eid, _, _, kws, _ in game.eot:
            if eid == oid and kw in kws:
                return True
    objs = game.objs  # grant_sources(game), scanned in place: asked often, and most cards have no statics
    for sid in game.battlefield:
        statics = objs[sid].card.statics
        if statics:
            for st in statics:
                if hasattr(st, "grant_for") and kw in st.grant_for(game, objs[sid], o):
                    return True
    # (a card in a graveyard granting a keyword, Filth, 113.6b, makes needs_layers true: the layer
    # system above applies its grant)
    return False


def _granted_to_spell(game, o, kw: str) -> bool:
    """Whether a static ability of a permanent gives the spell `o` the keyword `kw` ("Instant and
    sorcery spells you control have lifelink")."""
    objs = game.objs
    for sid in game.battlefield:
        statics = objs[sid].card.statics
        if statics:
            for st in statics:
                if hasattr(st, "grant_spell_for") and kw in st.grant_spell_for(game, objs[sid], o):
                    return True
    return False


def source_has_keyword(o, kw: str, game=None) -> bool:
    """For a damage source: its keywords now, or as it last existed on the battlefield."""
    if o.zone not in ("battlefield", "stack") and o.lki is not None:
        card, _, gained = o.lki
        return kw in card.keywords or kw in gained
    return has_keyword(o, kw, game)


def keyword_test(game):
    """has_keyword(o, kw, game) as a function of (o, kw), for a caller asking many questions
    about one state (combat). With no "until end of turn" effect and no static ability on the
    battlefield, has_keyword can find a keyword only in the card's own keywords and those gained
    as it entered (its first test; the eot and grant_for loops find nothing), so that test is
    all; otherwise has_keyword itself."""
    if only_own_characteristics(game):
        return own_keyword
    return lambda o, kw: has_keyword(o, kw, game)


def only_own_characteristics(game) -> bool:
    """No "until end of turn" effect and no permanent with a static ability: then P/T and
    keywords are each permanent's own (printed, counters, gained as it entered), the answers
    printed_power_toughness and own_keyword give."""
    if game.eot or game.layered:
        return False
    objs = game.objs
    for sid in game.battlefield:
        if objs[sid].card.statics:
            return False
    return not graveyard_holders(game)  # 113.6b: a static ability functioning in a graveyard


def own_keyword(o, kw: str) -> bool:
    """A keyword of the card itself or gained as it entered (has_keyword's first test)."""
    return kw in o.card.keywords or kw in o.gained


def own_keyword_among(o, kws: frozenset) -> bool:
    """own_keyword(o, k) for some k of `kws`, as two set tests."""
    return not (kws.isdisjoint(o.card.keywords) and kws.isdisjoint(o.gained))


def is_transformed(o) -> bool:
    """701.27g: a transforming double-faced permanent on the battlefield with its back face up (not a
    permanent that copies a back face, 712.8e: it isn't represented by a double-faced card)."""
    return o.zone == "battlefield" and o.card.layout == "transform_back" and o.printed.layout == "transform"


def transform(o) -> bool:
    """701.27a: turn the permanent `o` over so that its other face is up; the same object (712.18:
    its counters, damage, attachments and the effects on it stay). Only a transforming double-faced
    card transforms (701.27c, 712.9), never into an instant or sorcery face (701.27d): False when
    nothing happens."""
    card = o.printed
    if o.zone != "battlefield" or card.layout != "transform":
        return False
    front, back = card.faces
    other = front if is_transformed(o) else back
    if not other.is_permanent:
        return False
    o.card = other
    return True


def mana_value(o) -> int:
    """202.3: from the mana cost alone; X is 0 except on the stack, where it is the announced X. A
    transforming double-faced permanent with its back face up has its front face's (712.8e)."""
    card = o.card
    cost = card.cost
    if card.layout == "transform_back":  # its front face's; a copy of a back face has none: 0 (712.8e)
        printed = o.printed
        cost = printed.faces[0].cost if printed.layout == "transform" and printed.faces[1] is card else None
    if cost is None:
        return 0
    if cost.xs and o.zone == "stack" and o.spell is not None:
        return cost.mana_value(o.spell.x)
    return cost.total  # 202.3f: a two-colour hybrid symbol counts one, a monocoloured one ({2/W}) two


# keyword -> the triggered ability it stands for (702.93a undying, 702.79a persist), registered by
# the effects package (reference_impl/effects/zones.py), which builds them: a permanent that gains
# such a keyword from an effect has that triggered ability, once per effect granting it, besides a
# printed instance (113.2c: each instance triggers on its own).
KEYWORD_TRIGGERS: dict = {}


def may_grant_triggers(game) -> bool:
    """Could some permanent have a triggered ability its card doesn't print (613.1f, layer 6)?
    One granted until end of turn (`game.eot_triggers`; a keyword of KEYWORD_TRIGGERS among the
    `game.eot` keywords), or a static ability granting one (`grants_triggers` true). Most games
    have none, and then granted_triggers needs no asking."""
    if game.eot_triggers:
        return True
    if game.eot and KEYWORD_TRIGGERS:
        for e in game.eot:
            if e[3] and not KEYWORD_TRIGGERS.keys().isdisjoint(e[3]):
                return True
    objs, granting = game.objs, GRANTING
    for sid in game.battlefield:
        card = objs[sid].card
        if card.statics:
            found = granting.get(card)
            if found is None:
                found = granting[card] = any(getattr(st, "grants_triggers", False) for st in card.statics)
            if found:
                return True
    return False


# card definition -> has a static ability that grants triggered abilities (`grants_triggers`): card
# definitions are frozen, so may_grant_triggers asks each card's statics once
GRANTING: dict = {}


def granted_triggers(game, o, also=()) -> tuple:
    """The triggered abilities permanent `o` has beyond its card's own (613.1f, layer 6): granted
    until end of turn by a resolved spell or ability (611.2a: "gains undying", "gains 'When this
    creature dies, ...'"), or by a static ability of a permanent on the battlefield ("Other
    non-Human creatures you control have undying", an Aura's "Enchanted creature has '...'").
    `also`: permanents to read static abilities from beyond those on the battlefield (ones that
    left the battlefield in the same event, as they last existed: 603.10a)."""
    if o.zone != "battlefield":
        return ()
    out = []
    me, moves = o.oid, o.moves
    for oid, mv, trig in game.eot_triggers:
        if oid == me and mv == moves:
            out.append(trig)
    kws = []  # one instance per effect granting it (113.2c: each instance triggers on its own)
    for e in game.eot:
        if e[0] == me and e[3]:
            kws.extend(k for k in e[3] if k in KEYWORD_TRIGGERS)
    objs = game.objs
    sources = [objs[sid] for sid in game.battlefield] + list(also)
    for s in sources:
        statics = s.card.statics
        if statics:
            for st in statics:
                if getattr(st, "grants_triggers", False):
                    for t in st.grant_triggers_for(game, s, o):
                        if isinstance(t, str):
                            if t in KEYWORD_TRIGGERS:
                                kws.append(t)
                        else:
                            out.append(t)
    out.extend(KEYWORD_TRIGGERS[k] for k in kws)
    return tuple(out)


def lost_all_abilities(game, o) -> bool:
    """Whether an effect has removed all of permanent `o`'s abilities (layer 6, 613.1f)."""
    if not needs_layers(game) or o.zone != "battlefield":
        return False
    ch = characteristics(game).get(o.oid)
    return ch is not None and not ch.abilities


def triggers_of(game, o, granting: bool) -> tuple:
    """Every triggered ability permanent `o` has: its card's and the granted ones. `granting`:
    may_grant_triggers(game), computed once by the caller, which asks about many permanents."""
    if o.card.triggers and lost_all_abilities(game, o):
        return ()  # layer 6: "loses all abilities" (Turn to Frog, Ichthyomorphosis) takes its triggered abilities too
    if not granting:
        return o.card.triggers
    extra = granted_triggers(game, o)
    return o.card.triggers + extra if extra else o.card.triggers
