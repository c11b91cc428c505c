"""The layer system (613): the characteristics of permanents under continuous effects.

Only consulted when a game has a continuous effect that the plain computation in
characteristics.py can't express: an effect created by a resolving spell that changes types,
colors or abilities, sets or switches power and toughness (`game.layered`), or on the
battlefield a characteristic-defining ability (604.3) or a static ability that changes other
permanents' types (an Aura's "enchanted artifact is a creature", March of the Machines).
Without them characteristics.py keeps its fast path (printed values, counters, "until end of
turn" pumps and static boosts).

The computation starts from each permanent's copiable values (layer 1: its `card`, which a copy
effect such as Clone's replaced as it entered, 707.2) and applies the effects layer by layer,
for all permanents at once (an effect's "what it applies to" reads the earlier layers' results):
layer 4 types, 5 colors, 6 abilities, then 7a-7d power and toughness (613.1, 613.4). Within a
layer effects apply in timestamp order (613.7), unless one depends on another (613.8): then it
waits until the effects it depends on have been applied. Layer 2 (control) and layer 3 (text)
have no effects among the catalog's cards.

Effects are data: a resolving spell adds a `Layered` record (one per affected object, its parts
applied each in its own layer, 613.6); static abilities answer `defines_pt` (7a), `grant_for`
(layer 6), `boost_for` (7c) and `becomes_for` (a Layered record for each object they apply to
as layer 4 is applied, its parts then applied in layers 4-7b to those objects, 613.6); "until
end of turn" pumps are `game.eot` entries (oid, +power, +toughness, keywords, timestamp).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

# words a card's keyword list holds that are no keyword abilities (702): ability words (207.2c) and
# keyword actions (701); a card in a hand lists only keyword abilities (feature hand-keywords)
NOT_KEYWORD_ABILITIES = frozenset({"converge", "corrupted", "delirium", "fateful hour", "metalcraft", "renew",
                                   "mill", "monstrosity", "scry", "surveil", "blight"})
NOT_BATTLEFIELD_KEYWORDS = frozenset({"kicker", "multikicker", "flashback", "converge", "mill",
                                      "flash", "sticker kicker", "monstrosity",
                                      "escape",  # 702.138a: it functions in a graveyard
                                      "renew"})  # an ability word (207.2c), of an ability in a graveyard


@dataclass(frozen=True)
class Layered:
    """One object's part of a continuous effect from a resolving spell or ability (611.2a), with
    the timestamp it received as it was created (613.7b). Each field is applied in its layer."""

    ts: int                      # 613.7b
    oid: int                     # the object it applies to (locked in as it resolved, 611.2c)
    subtypes: tuple | None = None  # layer 4: its creature types become these (205.1b)
    colors: tuple | None = None  # layer 5: its colors become these (105.3)
    lose_all: bool = False       # layer 6: it loses all abilities
    set_pt: tuple | None = None  # layer 7b: its base power and toughness become (p, t)
    switch: bool = False         # layer 7d: its power and toughness are switched
    add_subtypes: tuple = ()     # layer 4: "is a Zombie in addition to its other types" (205.1b)
    add_colors: tuple = ()       # layer 5: "is black in addition to its other colors" (105.3)
    add_types: tuple = ()        # layer 4: "is a creature in addition to its other types" (205.1b card types)
    lasting: bool = False        # no duration stated: until the game ends (611.2a), not the cleanup step
    set_land_types: tuple | None = None  # layer 4: "Nonbasic lands are Mountains": its land types become these (305.7)
    add_land_types: tuple = ()   # layer 4: "is a Swamp in addition to its other land types" (305.7)
    land_mana: tuple = ()        # (basic land type, its intrinsic mana ability) for the types above (305.6)


class Chars:
    """A permanent's characteristics after the layers."""

    __slots__ = ("types", "subtypes", "colors", "keywords", "abilities", "power", "toughness", "base", "mana")

    def __init__(self, types, subtypes, colors, keywords):
        self.types, self.subtypes, self.colors, self.keywords = types, subtypes, colors, keywords
        # false once an effect removed all its abilities (layer 6), or those of its rules text (305.7, layer 4)
        self.abilities = True
        self.power = self.toughness = 0
        self.base = (0, 0)  # its base power and toughness: after 7a and 7b, before 7c (208.4b)
        self.mana = None  # its mana abilities when an effect changed them (305.7, 613.1f); None: its card's

    def copy(self) -> "Chars":
        c = Chars(self.types, self.subtypes, self.colors, set(self.keywords))
        c.abilities, c.mana = self.abilities, self.mana
        return c


_DEFINES: dict = {}  # CardDef -> its characteristic-defining static abilities (604.3), a tuple


def defining_abilities(card) -> tuple:
    try:
        return _DEFINES[card]
    except KeyError:
        found = _DEFINES[card] = tuple(st for st in card.statics if hasattr(st, "defines_pt"))
        return found


_ADDS: dict = {}  # CardDef -> its static abilities that add subtypes to other permanents (layer 4)


def subtype_adders(card) -> tuple:
    """The static abilities of `card` that add subtypes ("enchanted creature is an Angel in
    addition to its other types", 205.1b): they need the layer system, as a defining ability does."""
    try:
        return _ADDS[card]
    except KeyError:
        found = _ADDS[card] = tuple(st for st in card.statics if getattr(st, "subtypes", None)
                                    and hasattr(st, "subtypes_for"))
        return found


_CHANGERS: dict = {}  # CardDef -> its static abilities that change other characteristics in layers 4-7b


def type_changers(card) -> tuple:
    """The static abilities of `card` that make permanents something else ("Enchanted artifact is
    a creature with base power and toughness 5/5 in addition to its other types", "Each
    noncreature artifact is an artifact creature ..."): each answers `becomes_for(game, src, o)`
    with its effect on `o` (a Layered, or None when it doesn't apply to `o`)."""
    try:
        return _CHANGERS[card]
    except KeyError:
        found = _CHANGERS[card] = tuple(st for st in card.statics if hasattr(st, "becomes_for"))
        return found


_STRIPS: dict = {}  # CardDef -> its static abilities that remove the abilities of cards in a zone (layer 6)


def zone_strippers(card) -> tuple:
    """The static abilities of `card` that make objects off the battlefield lose all abilities
    ("Cards in graveyards lose all abilities.", Yixlid Jailer): each answers
    `strips(game, src, o)` (layer 6, 613.1f, for objects in other zones than the battlefield)."""
    try:
        return _STRIPS[card]
    except KeyError:
        found = _STRIPS[card] = tuple(st for st in card.statics if hasattr(st, "strips"))
        return found


_OFF: dict = {}  # CardDef -> its static abilities that function in a graveyard (113.6b)


def graveyard_statics(card) -> tuple:
    """113.6b: the static abilities of `card` whose text states that they function in a graveyard
    ("As long as this card is in your graveyard ..."): `functions_in == "graveyard"`."""
    try:
        return _OFF[card]
    except KeyError:
        found = _OFF[card] = tuple(st for st in card.statics if getattr(st, "functions_in", None) == "graveyard")
        return found


def graveyard_holders(game) -> list:
    """The cards in graveyards with a static ability that functions there (113.6b, Filth):
    static-ability sources beside the permanents (most graveyards hold none: a plain loop)."""
    out = []
    objs = game.objs
    for p in game.players.values():
        for oid in p.graveyard:
            card = objs[oid].card
            if card.statics and graveyard_statics(card):
                out.append(objs[oid])
    return out


_NEEDS: dict = {}  # CardDef -> whether its static abilities need the layer system (below)


def _card_needs_layers(card) -> bool:
    need = _NEEDS[card] = bool(defining_abilities(card) or subtype_adders(card) or type_changers(card)
                               or zone_strippers(card) or any(hasattr(st, "revoke_for") for st in card.statics))
    return need


def needs_layers(game) -> bool:
    """Whether the layer system must be consulted: an effect in `game.layered`, or on the
    battlefield a characteristic-defining ability or an ability adding subtypes to another
    permanent (the plain computation knows neither). A card's answer is looked up, not asked for:
    this runs on every read of a characteristic."""
    if game.layered:
        return True
    objs, needs = game.objs, _NEEDS
    for sid in game.battlefield:
        card = objs[sid].card
        if card.statics:
            try:
                if needs[card]:
                    return True
            except KeyError:
                if _card_needs_layers(card):
                    return True
    # 113.6b: a static ability functioning in a graveyard is a source of layer-6 effects too
    for p in game.players.values():
        for oid in p.graveyard:
            card = objs[oid].card
            if card.statics and graveyard_statics(card):
                return True
    return False


def strip_sources(game, bf) -> list:
    """(permanent, static) pairs of the abilities of permanents that remove the abilities of
    cards in another zone (Yixlid Jailer): only permanents' (113.6: its ability functions on the
    battlefield)."""
    return [(o, st) for o in bf if o.card.statics for st in zone_strippers(o.card)]


def has_its_abilities(game, o) -> bool:
    """613.1f: whether `o` still has its abilities: a permanent unless an effect removed them all
    (layer 6), a card in a graveyard unless a static ability of a permanent that still has its
    abilities removes those of cards there ("Cards in graveyards lose all abilities."). Asked of
    a card whose ability functions off the battlefield (113.6b: a permission to cast it from there)."""
    if not needs_layers(game) or (COMPUTING and COMPUTING[-1] is game):
        return True
    chars = characteristics(game)
    ch = chars.get(o.oid)
    if ch is not None:
        return ch.abilities
    if o.zone == "battlefield":
        return True
    objs = game.objs
    return not any((s.oid not in chars or chars[s.oid].abilities) and st.strips(game, s, o)
                   for s, st in strip_sources(game, [objs[sid] for sid in game.battlefield]))


def timestamp(o, index: int) -> tuple:
    """613.7d: an object's timestamp is the time it entered its zone (`o.ts`, from the game's
    clock: the battlefield, or a graveyard for a card whose static ability functions there);
    objects set up before the case began entered in battlefield order, then graveyard order."""
    return (o.ts, index)


def depends_on(a, b) -> bool:
    """613.8a for layer 6: effect `a` depends on `b` when applying `b` would change `a`'s
    existence: `b` removes all abilities from the object whose static ability generates `a`
    (a permanent's, or a card's in a graveyard: "Cards in graveyards lose all abilities" removes
    the ability of Filth there, whatever their timestamps)."""
    if a[1] not in ("grant", "strip"):
        return False
    if b[1] == "lose":
        return b[2] == a[2]
    return a[1] == "grant" and b[1] == "strip" and a[2] in b[3]


def order_effects(items: list) -> list:
    """Items (timestamp, ...) in the order they apply within one layer: timestamp order
    (613.7), except that an effect that depends on others waits until just after them (613.8b),
    re-evaluated after each one applied (613.8c). A dependency loop (613.8b: timestamp order then)
    can't arise here: only a grant or a removal from a zone depends on anything (depends_on), a
    grant on a removal, a removal from a zone on a removal of its source's abilities, which
    depends on nothing, so some remaining effect always waits on none."""
    remaining = sorted(items, key=lambda e: e[0])
    out = []
    while remaining:
        pick = next(e for e in remaining if not any(b is not e and depends_on(e, b) for b in remaining))
        remaining.remove(pick)
        out.append(pick)
    return out


def _proxy(o, ch: Chars):
    """`o` as the layers so far see it, for the filters of static abilities ("white creatures
    you control", "Golems you control"): its card with the current types, subtypes and colors."""
    card = o.card
    if ch.types == card.types and ch.subtypes == card.subtypes and ch.colors == card.colors \
            and o.color_override is None:
        return o
    p = o.clone()
    p.card = replace(card, types=ch.types, subtypes=ch.subtypes, colors=ch.colors)
    p.color_override = None
    return p


def as_it_is(game, o):
    """`o` with the types, subtypes and colors the layers give it now (a permanent), for a filter
    that reads them ("another Zombie you control"); `o` itself when nothing changes them."""
    if o.zone != "battlefield" or (COMPUTING and COMPUTING[-1] is game) or not needs_layers(game):
        return o
    return _proxy(o, characteristics(game)[o.oid])


def card_types(game, o) -> tuple:
    """613.1d: the card types `o` has now: a permanent's as the layers give them (a
    type-changing effect may have made an artifact a creature, 205.1b), else its card's."""
    if o.zone == "battlefield" and not (COMPUTING and COMPUTING[-1] is game) and needs_layers(game):
        return characteristics(game)[o.oid].types
    return o.card.types


def is_creature(game, o) -> bool:
    """Whether `o` is a creature now (card_types), for the rules that ask it of a permanent:
    state-based actions (704.5f-g), combat (508.1a, 509.1a), summoning sickness (302.6)."""
    return "Creature" in card_types(game, o)


def set_types(ch: Chars, e) -> None:
    """Layer 4: "becomes a [creature type]" replaces its creature types; other card types and
    supertypes stay (205.1b)."""
    ch.subtypes = tuple(e.subtypes)


def add_types(ch: Chars, e) -> None:
    """Layer 4: "is a [creature type] in addition to its other types": its subtypes stay and the
    new ones are added (205.1b)."""
    ch.subtypes = ch.subtypes + tuple(s for s in e.add_subtypes if s not in ch.subtypes)


def add_card_types(ch: Chars, e) -> None:
    """Layer 4: "is a creature in addition to its other types" / "is an artifact creature": the
    card types it has stay and the new ones are added (205.1b, 613.1d)."""
    ch.types = ch.types + tuple(t for t in e.add_types if t not in ch.types)


def apply_type_change(ch: Chars, e) -> None:
    """Layer 4, one effect's part: card types added, creature types set or added."""
    if e.add_types:
        add_card_types(ch, e)
    if e.subtypes is not None:
        set_types(ch, e)
    if e.add_subtypes:
        add_types(ch, e)


# 205.3i: the land types (Forest, Island, Mountain, Plains and Swamp are the basic ones)
LAND_TYPES = frozenset({"Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain",
                        "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza’s", "Urza's"})


def set_land_types(ch: Chars, e, o) -> None:
    """Layer 4, 305.7: "Nonbasic lands are Mountains": the land no longer has its old land types;
    it loses all abilities generated from its rules text and gains the intrinsic mana ability of
    each new basic land type (305.6). Its card types and supertypes stay; abilities other effects
    grant it later (layer 6) it still gets."""
    ch.subtypes = tuple(t for t in ch.subtypes if t not in LAND_TYPES) + tuple(e.set_land_types)
    ch.abilities = False
    ch.keywords = set(o.gained)
    ch.mana = tuple(ab for _, ab in e.land_mana)


def add_land_types(ch: Chars, e, o) -> None:
    """Layer 4, 305.7: "is a Swamp in addition to its other land types": it keeps its land types
    and rules text and gains the intrinsic mana ability of each new basic land type (305.6)."""
    new = [t for t in e.add_land_types if t not in ch.subtypes]
    ch.subtypes = ch.subtypes + tuple(new)
    mine = ch.mana if ch.mana is not None else (o.card.mana_abilities if ch.abilities else ())
    ch.mana = tuple(mine) + tuple(ab for t, ab in e.land_mana if t in new)


def apply_land_change(ch: Chars, e, o) -> None:
    """Layer 4, one effect's part that changes land types (305.7)."""
    if e.set_land_types is not None:
        set_land_types(ch, e, o)
    if e.add_land_types:
        add_land_types(ch, e, o)


def graveyard_creature_cards(game) -> list:
    """The creature cards in all graveyards, each player's graveyard in turn (Necrotic Ooze's
    sources, 613.1f)."""
    objs = game.objs
    return [objs[oid] for player in game.players.values() for oid in player.graveyard
            if "Creature" in objs[oid].card.types]


def acquires_graveyard_abilities(o) -> bool:
    """Has the card a static ability giving it the activated abilities of the creature cards in all
    graveyards (rules.statics.HasGraveyardCreaturesAbilities)?"""
    return any(getattr(st, "acquires_graveyard_abilities", False) for st in o.card.statics)


def mana_abilities_of(game, o) -> tuple:
    """605: the mana abilities permanent `o` has now: its card's and those it acquires from
    creature cards in graveyards (Necrotic Ooze), unless an effect changed its land types (305.7: a
    basic land type's intrinsic ability, 305.6) or removed its abilities (613.1f)."""
    own = o.card.mana_abilities
    if o.zone != "battlefield":
        return own
    if o.card.statics and acquires_graveyard_abilities(o):
        own = own + tuple(ma for card in graveyard_creature_cards(game) for ma in card.card.mana_abilities)
    if not needs_layers(game):  # (asked by a tap_for_mana step, never while the layers are computed)
        return own
    ch = characteristics(game)[o.oid]
    if ch.mana is not None:
        return ch.mana
    return own if ch.abilities else ()


def add_colors(ch: Chars, e) -> None:
    """Layer 5: "is [color] in addition to its other colors" (105.3), in WUBRG order."""
    have = set(ch.colors) | set(e.add_colors)
    ch.colors = tuple(c for c in "WUBRG" if c in have)


def apply_set_pt(ch: Chars, e) -> None:
    """Layer 7b: set base power and toughness."""
    ch.power, ch.toughness = e.set_pt


# [game, result] pairs, innermost last, while a reader that changes nothing asks about many
# permanents (a view, a state-based actions check): characteristics(game) is computed once for
# all of them instead of once per permanent (each computation covers the whole battlefield).
READING: list = []


def characteristics(game) -> dict:
    """oid -> Chars of every permanent on the battlefield (callers only read them)."""
    if READING and READING[-1][0] is game:
        slot = READING[-1]
        if slot[1] is None:
            slot[1] = _compute(game)
        return slot[1]
    return _compute(game)


# (game, {oid: the object as layers 1-5 made it}) while layers 6 and 7 are computed: what seen_as answers
SEEN: list = []


def seen_as(game, o):
    """`o` with the types and colors the layers give it, also while they are being computed (from
    layer 6 on: an ability-granting effect that reads other permanents' colors, "protection from
    the colors of permanents you control", sees the colors layer 5 gave them)."""
    if SEEN and SEEN[-1][0] is game:
        return SEEN[-1][1].get(o.oid, o)
    return as_it_is(game, o)


# games whose characteristics are being computed: a filter read during the computation (a
# characteristic-defining ability counting creatures) sees the objects as their cards give them
# (as_it_is, card_types), not the layers again (which would compute them forever)
COMPUTING: list = []


def _compute(game) -> dict:
    COMPUTING.append(game)
    try:
        return _compute_layers(game)
    finally:
        COMPUTING.pop()


def _compute_layers(game) -> dict:
    objs = game.objs
    bf = [objs[oid] for oid in game.battlefield]
    stamp = {o.oid: timestamp(o, i) for i, o in enumerate(bf)}
    out = {}
    for o in bf:
        c = o.card
        out[o.oid] = Chars(c.types, c.subtypes, tuple(o.colors()),
                           set(c.keywords - NOT_BATTLEFIELD_KEYWORDS).union(o.gained))
    # 113.6b: cards in graveyards whose static abilities function there (Filth) are sources of
    # layer-6 effects too; their entries say whether they still have their abilities (613.1f)
    for i, o in enumerate(graveyard_holders(game)):
        c = o.card
        out[o.oid] = Chars(c.types, c.subtypes, tuple(o.colors()), set())
        stamp[o.oid] = timestamp(o, len(bf) + i)  # 613.7d: the time it entered the graveyard
    # layer 4: type-changing effects; the static abilities' effects are found here, each with
    # the set of objects it applies to, which stays for its parts in the later layers (613.6)
    ordered = _layer_four(game, bf, out, stamp)
    effects = [e for _, e in ordered]
    for e in effects:  # layer 5: color-changing effects
        if e.oid in out:
            if e.colors is not None:
                set_colors(out[e.oid], e)
            if e.add_colors:
                add_colors(out[e.oid], e)
    proxies = {o.oid: _proxy(o, out[o.oid]) for o in bf}
    SEEN.append((game, proxies))
    try:
        _layers_six_and_seven(game, bf, out, stamp, ordered, effects, proxies)
    finally:
        SEEN.pop()
    return out


def _layers_six_and_seven(game, bf, out, stamp, ordered, effects, proxies) -> None:
    """Layers 6 and 7 over the objects as layers 1-5 made them (`proxies`, also what seen_as
    answers meanwhile)."""
    objs = game.objs
    # layer 6: ability-adding and ability-removing effects
    items = [(key, "lose", e.oid, None) for key, e in ordered if e.lose_all]
    items += [((ts, 0), "add", oid, kws) for oid, _, _, kws, ts in game.eot if kws]
    holders = [o for o in bf] + [objs[oid] for oid in out if objs[oid].zone == "graveyard"]
    for o in holders:
        statics = o.card.statics if o.zone == "battlefield" else graveyard_statics(o.card)
        for st in statics:
            if hasattr(st, "grant_for"):
                items.append((stamp[o.oid], "grant", o.oid, st))
    # "Cards in graveyards lose all abilities" (layer 6 for objects off the battlefield, 613.1f):
    # the graveyard sources it removes the abilities of (a tuple: what depends_on reads)
    for o, st in strip_sources(game, bf):
        items.append((stamp.get(o.oid, (o.ts, 0)), "strip", o.oid,
                      tuple(h.oid for h in holders if st.strips(game, o, h))))
    for _, kind, oid, data in order_effects(items):
        if kind == "lose":
            if oid in out:
                lose_abilities(out[oid], objs[oid].card)
        elif kind == "strip":
            if oid not in out or out[oid].abilities:  # a static ability that still exists removes them
                for h in data:
                    lose_abilities(out[h], objs[h].card)
        elif kind == "add":
            if oid in out:
                out[oid].keywords.update(data)
        elif out[oid].abilities:  # a static ability that still exists grants its keywords
            src = proxies.get(oid) or objs[oid]
            for o in bf:
                out[o.oid].keywords.update(data.grant_for(game, src, proxies[o.oid]))
                revoke = getattr(data, "revoke_for", None)  # "Creatures your opponents control lose infect"
                if revoke is not None:
                    out[o.oid].keywords.difference_update(revoke(game, src, proxies[o.oid]))
    # layer 7: power and toughness, sublayer by sublayer (613.4)
    steps = {"a": define, "b": set_values, "c": modify, "d": switch}
    for sub in sublayer_order():
        steps[sub](game, bf, out, proxies, effects)
        if sub == "b":  # 208.4b: the base power and toughness, before modifications and counters
            for ch in out.values():
                ch.base = (ch.power, ch.toughness)


def _layer_four(game, bf, out, stamp) -> list:
    """Layer 4 (613.1d): applies the type-changing effects and answers every effect as
    (timestamp key, Layered), in the order applied, for the later layers: the spells'
    (`game.layered`), the parts of static abilities that add subtypes ("enchanted creature is an
    Angel in addition to its other types"), and the effects of static abilities that make
    permanents something else (`becomes_for`: card types, creature types, land types), each with
    its source's timestamp (613.7a). Which objects a static ability's effect applies to is read as
    it applies, from the types the effects applied before it gave ("each noncreature artifact"
    after another effect made a land an artifact), and its later parts (colors, abilities, base
    power and toughness) apply to those same objects (613.6). A static ability whose source lost
    the abilities of its rules text earlier in this layer (305.7: "Nonbasic lands are Mountains"
    on Urborg) generates no effect. The order is timestamp order (613.7), except that an effect
    that depends on others (613.8a: applying one would change its existence, what it applies to
    or what it does) waits until they have been applied (613.8b), re-evaluated after each one
    (613.8c); in a dependency loop, timestamp order (613.8b)."""
    objs = game.objs
    items = [((e.ts, 0), 0, e) for e in sorted(game.layered, key=lambda e: e.ts)]
    for s in bf:
        if s.card.statics:
            items += [(stamp[s.oid], 1, (s, st)) for st in subtype_adders(s.card)]
            items += [(stamp[s.oid], 2, (s, st)) for st in type_changers(s.card)]
    if len(items) > 1:
        items.sort(key=lambda item: item[0])
    ordered = []
    while items:
        pick = next_in_layer_four(game, bf, out, items)
        key, kind, data = items.pop(pick)
        for e in _layer_four_found(game, bf, out, kind, data):
            if e.oid in out:
                apply_type_change(out[e.oid], e)
                apply_land_change(out[e.oid], e, objs[e.oid])
            ordered.append((key, e))
    return ordered


def _layer_four_found(game, bf, out, kind, data) -> list:
    """One layer-4 item's effect on each object it applies to now (read from `out`)."""
    if kind == 0:
        return [data]
    s, st = data
    if not out[s.oid].abilities:  # its source lost this ability earlier in this layer (305.7)
        return []
    if kind == 1:
        return [Layered(0, o.oid, add_subtypes=added) for o in bf if (added := st.subtypes_for(game, s, o))]
    src = _proxy(s, out[s.oid])
    return [e for o in bf if (e := st.becomes_for(game, src, _proxy(o, out[o.oid]))) is not None]


def layer_four_depends(game, bf, out, a, b) -> bool:
    """613.8a in layer 4: whether item `a` depends on item `b`: applying `b` now would change
    whether `a` exists, what it applies to or what it does (a static ability's effect only: a
    resolved spell's effect is locked in to its objects, 611.2c). Found by applying `b` to a copy
    of the characteristics so far."""
    if a[1] == 0:
        return False
    before = _layer_four_found(game, bf, out, a[1], a[2])
    trial = {oid: ch.copy() for oid, ch in out.items()}
    objs = game.objs
    for e in _layer_four_found(game, bf, out, b[1], b[2]):
        if e.oid in trial:
            apply_type_change(trial[e.oid], e)
            apply_land_change(trial[e.oid], e, objs[e.oid])
    return _layer_four_found(game, bf, trial, a[1], a[2]) != before


def next_in_layer_four(game, bf, out, items) -> int:
    """The index in `items` (timestamp order) of the next layer-4 effect to apply: the first that
    depends on no other remaining one (613.8b), else (a loop) the first (613.8b: timestamp order)."""
    if len(items) == 1 or sum(1 for item in items if item[1]) < 1:
        return 0
    for i, a in enumerate(items):
        if not any(b is not a and layer_four_depends(game, bf, out, a, b) for b in items):
            return i
    return 0


def sublayer_order() -> tuple:
    """613.4: 7a characteristic-defining abilities, 7b set values, 7c modifications, 7d switches."""
    return ("a", "b", "c", "d")


def lose_abilities(ch: Chars, card) -> None:
    """Layer 6: it loses all abilities, printed and granted so far (its static abilities with
    them: they generate no effect from here on; a land's intrinsic mana abilities too, 305.6)."""
    ch.keywords = set()
    ch.abilities = False
    ch.mana = ()


def set_colors(ch: Chars, e) -> None:
    """Layer 5: its colors become the effect's."""
    ch.colors = tuple(e.colors)


def define(game, bf, out, proxies, effects) -> None:
    """7a: characteristic-defining abilities (of objects that still have them), else printed."""
    for o in bf:
        ch = out[o.oid]
        ch.power, ch.toughness = (o.card.power or 0), (o.card.toughness or 0)
        if ch.abilities:
            for st in defining_abilities(o.card):
                ch.power, ch.toughness = st.defines_pt(game, proxies[o.oid])


def set_values(game, bf, out, proxies, effects) -> None:
    """7b: effects that set power and toughness, in timestamp order (the last one wins)."""
    for e in effects:
        if e.set_pt is not None and e.oid in out:
            apply_set_pt(out[e.oid], e)


def switch(game, bf, out, proxies, effects) -> None:
    """7d: each switch exchanges the power and toughness the earlier sublayers gave."""
    for e in effects:
        if e.switch and e.oid in out:
            ch = out[e.oid]
            ch.power, ch.toughness = ch.toughness, ch.power


def modify(game, bf, out, proxies, effects=()) -> None:
    """Layer 7c: counters, "until end of turn" pumps and static boosts (of sources that still
    have their abilities), which add up whatever their order."""
    for o in bf:
        counters = o.counters
        if counters:
            dp, dt = counter_pt(counters)
            ch = out[o.oid]
            ch.power += dp
            ch.toughness += dt
    for oid, dp, dt, _, _ in game.eot:
        if oid in out:
            out[oid].power += dp
            out[oid].toughness += dt
    for s in bf:
        if not s.card.statics or not out[s.oid].abilities:
            continue
        for st in s.card.statics:
            if hasattr(st, "boost_for"):
                for o in bf:
                    dp, dt = st.boost_for(game, proxies[s.oid], proxies[o.oid])
                    out[o.oid].power += dp
                    out[o.oid].toughness += dt

_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def counter_pt(counters: dict) -> tuple[int, int]:
    """613.4c (122.1a): what the counters that modify power and toughness add up to: +1/+1 and
    -1/-1 counters, and every other kind "+X/+Y" or "-X/-Y" (a +0/+1 counter adds 0 to power and 1
    to toughness)."""
    if len(counters) == 1 and "+1/+1" in counters:  # the usual case
        n = counters["+1/+1"]
        return n, n
    dp = dt = 0
    for kind, n in counters.items():
        m = _PT_COUNTER.match(kind)
        if m and n:
            dp += int(m.group(1)) * n
            dt += int(m.group(2)) * n
    return dp, dt
