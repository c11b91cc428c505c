"""The view of ADAPTERS.md section 5: what the engine answers after each step.

The view is built after every step, so it is the hottest code of a run, and most of its cost is
making dicts. A card's entry is a function of the object's own state unless a static ability or
an "until end of turn" effect is around (then power, toughness and keywords depend on other
objects), and a player's entry of the player's: in the usual case the entry given in an earlier
view of the run is given again, through the run's `ViewCache`, when that state is unchanged.
Views of one answer may so share entries; an answer is read-only data, like the JSON it stands
for."""

from __future__ import annotations

from .state.characteristics import (
    base_power_toughness,
    card_grant_sources,
    card_keywords,
    keywords,
    mana_value,
    power_toughness,
    printed_power_toughness,
    static_sources,
)
from .state.game import Ability, is_face_down
from .state.layers import READING, graveyard_holders, is_creature, needs_layers
from .state.mana import format_pool

_NO_MANA = [0] * 6  # an empty pool (WUBRGC counts), for comparison


class ViewCache:
    """One run's earlier views. `entries` holds, cards by object id and players by name, a slot
    [the state the entry was computed from, the entry], updated in place; `rows` (cards: label,
    oid, object, slot) and `prows` (players: name, player, slot) are the slots in view order for
    the labels/objs dicts and the players dict they were made from (a Game replaces those dicts,
    never mutates them, once set up, and never replaces an object of an oid). `players` and
    `cards` are the last view's dicts, given again whole when every entry in them is unchanged
    (`labels`: the label dict the cards dict was built for). `attackers`/`blockers`: the tuples
    `attacks`/`blocks` were made from (replaced, never mutated). Valid only within one run
    (entries hold its labels)."""

    __slots__ = ("entries", "players", "cards", "labels", "empty", "rows", "rows_labels", "rows_objs",
                 "prows", "prows_of", "attackers", "attacks", "blockers", "blocks")

    def __init__(self):
        self.entries: dict = {}
        self.players: dict | None = None
        self.cards: dict | None = None
        self.labels: dict | None = None
        self.empty: list = []   # the empty stack and token lists of the run's views
        self.rows = self.rows_labels = self.rows_objs = self.prows = self.prows_of = None
        self.attackers = self.attacks = self.blockers = self.blocks = None


def _counters(d: dict) -> dict:
    """Counter kinds in order, without kinds at 0 (most permanents with counters have one kind)."""
    if len(d) == 1:
        for k, v in d.items():
            return {k: v} if v else {}
    return {k: v for k, v in sorted(d.items()) if v}


def _target_view(game, ref):
    if isinstance(ref, str):
        return ref
    o = game.objs.get(ref)
    if o is None:
        return None
    return o.label if o.label is not None else o.copy_of


def _card_entry(game, o, sources, grants, attacking, blocking) -> dict:
    zone = o.zone
    if zone != "battlefield":
        return _zone_entry(o, zone, is_face_down(game, o),
                           _contract_keywords(card_keywords(game, o)) if zone == "hand" else None)
    if is_creature(game, o):  # 208.3: a noncreature permanent has no power or toughness
        power, toughness = power_toughness(game, o, sources)
        base = base_power_toughness(game, o)
    else:
        power = toughness = base = None
    return _permanent_entry(o, power, toughness, keywords(o, game, grants), attacking, blocking, base)


def _zone_entry(o, zone, face_down=False, hand_keywords=None) -> dict:
    """An entry off the battlefield: zone, owner, controller and mana value; a card exiled face down
    has no characteristics (406.3a), so no mana cost: mana value 0 (202.3a). A card in a hand has
    its keyword abilities there (feature hand-keywords)."""
    entry = {"zone": zone, "owner": o.owner, "controller": o.controller,
             "mana_value": 0 if face_down else mana_value(o), "face_down": face_down}
    if hand_keywords is not None:
        entry["keywords"] = hand_keywords
    return entry


def _plain_entry(o, attacking, blocking) -> dict:
    """_card_entry of a permanent when no static ability is around and no "until end of turn"
    effect exists: its P/T is then printed P/T plus counters (613.4c) and its keywords its own
    and those gained as it entered, which is what power_toughness and keywords answer then."""
    if "Creature" in o.card.types:
        power, toughness = printed_power_toughness(o)
        base = (o.card.power or 0), (o.card.toughness or 0)  # 208.4b: printed, without counters
    else:
        power = toughness = base = None
    return _permanent_entry(o, power, toughness, keywords(o), attacking, blocking, base)


def _contract_keywords(keyword_list: list) -> list:
    """The view's keywords name each keyword without its parameter (ADAPTERS.md: `protection`, not
    `protection from red`; `hexproof` for "hexproof from ..."), sorted, each once."""
    if not any(" from " in k for k in keyword_list):
        return keyword_list
    return sorted({"protection" if k.startswith("protection from ") else "hexproof" if k.startswith("hexproof from ")
                   else k for k in keyword_list})


def _permanent_entry(o, power, toughness, keyword_list, attacking, blocking, base) -> dict:
    keyword_list = _contract_keywords(keyword_list)
    chosen = o.chosen
    counters = o.counters
    return {"zone": "battlefield", "owner": o.owner, "controller": o.controller, "mana_value": mana_value(o),
            "tapped": o.tapped, "counters": _counters(counters) if counters else {},
            "power": power, "toughness": toughness, "keywords": keyword_list, "damage": o.damage,
            "attacking": attacking, "blocking": blocking,
            "chosen_color": chosen.get("color") if chosen else None,
            "chosen_player": chosen.get("opponent") if chosen else None,
            "base_power": base[0] if base is not None else None,
            "base_toughness": base[1] if base is not None else None,
            "transformed": o.card.layout == "transform_back" and o.printed.layout == "transform",  # 701.27g
            "face_down": False}  # (no permanent is face down here: morph, 702.37, is not in the engine)


def _division_view(game, card, s) -> dict:
    """Feature divided-damage: each target's share of the damage divided as it was cast (601.2d)."""
    effect = next(e for e in card.spell_effects if getattr(e, "divides", False))
    return {_target_view(game, r): n for r, n in zip(s.targets[effect.to.spec], s.division)}


def _stack_item(game, item) -> dict:
    if isinstance(item, Ability):
        # named like a target: its label, else (an unlabelled copy) the label of the spell it
        # copies; a source that ceased to exist by the name it had (113.7a); null: an unlabelled token
        src = game.objs.get(item.source)
        out = {"kind": "ability",
               "source": _target_view(game, item.source) if src is not None else game.ceased.get(item.source),
               "controller": item.controller,
               "targets": [_target_view(game, r) for group in item.targets for r in group]}
        if getattr(item.trigger, "modes", None) is not None:  # feature modes: a modal triggered ability's modes
            out["modes"] = list(item.modes)
        return out
    o = game.objs[item]
    s = o.spell
    out = {
        "kind": "spell",
        "source": o.label if not o.copy else o.copy_of,
        "copy": o.copy,
        "controller": o.controller,
        "kicked": bool(s.kickers),
        "times_kicked": len(s.kickers),
        "kickers": list(s.kickers),
        "x": s.x,
        "mana_value": mana_value(o),
        "colors_spent": list(s.colors_spent),
        "total_cost": s.total_cost.format() if s.total_cost is not None else "{0}",
        "cast_from": s.cast_from,
        "alternative": s.alternative,
        "targets": [_target_view(game, r) for group in s.targets for r in group] if s.targets else [],
        "modes": list(s.modes),
        "divide": _division_view(game, o.card, s) if s.division else {},
    }
    if o.copy and o.label is not None:  # feature copy-labels: the copy's own label
        out["label"] = o.label
    return out


def _stack(game) -> list:
    """The stack, top first (its own function: a comprehension in build_view would make `game` a
    cell there, slower to read on every view)."""
    return [_stack_item(game, i) for i in reversed(game.stack)]


def _player_entry(p, lost: bool) -> dict:
    return {"life": p.life, "mana": format_pool(p.pool) if p.pool != _NO_MANA else "",
            "counters": _counters(p.counters) if p.counters else {}, "hand": len(p.hand),
            "library": len(p.library), "graveyard": len(p.graveyard), "exile": len(p.exile), "lost": lost}


def build_view(game, cache: ViewCache | None = None) -> dict:
    """The view of `game`; `cache`: the run's ViewCache, to give unchanged entries again (None:
    every entry computed afresh). Building it changes nothing, so the layers are computed at most
    once for all its entries (layers.READING). They are computed only where an effect is in
    game.layered or a permanent has a static ability (needs_layers): otherwise there is nothing
    to share."""
    objs = game.objs
    has_statics = has_tokens = False
    for oid in game.battlefield:  # one pass: most battlefields have neither
        o = objs[oid]
        if o.card.statics:
            has_statics = True
        if o.token:
            has_tokens = True
    if not has_statics and graveyard_holders(game):  # 113.6b: a static ability functioning in a graveyard
        has_statics = True
    reading = has_statics or game.layered
    if reading:
        READING.append([game, None])
    try:
        if cache is None:
            cache = ViewCache()  # empty: every entry is computed
        prows = cache.prows
        if cache.prows_of is not game.players:
            entries = cache.entries
            prows = cache.prows = []
            for name, p in game.players.items():
                slot = entries.get(name)
                if slot is None:
                    slot = entries[name] = [None, None]
                prows.append((name, p, slot))
            cache.prows_of = game.players
        lost = game.lost
        players = last = cache.players
        for name, p, slot in prows:
            if p.counters or p.pool != _NO_MANA:  # rare: built afresh
                entry = _player_entry(p, name in lost)
                key = None
            else:
                # everything else a player's entry is computed from: equal keys, equal entries
                key = (p.life, len(p.hand), len(p.library), len(p.graveyard), len(p.exile), name in lost)
                if slot[0] == key:
                    continue
                if slot[0] is not None:  # no mana and no counters before either: only these changed
                    entry = slot[1].copy()
                    entry["life"], entry["hand"], entry["library"], entry["graveyard"], entry["exile"], \
                        entry["lost"] = key
                else:
                    entry = _player_entry(p, key[5])
            slot[0], slot[1] = key, entry
            if players is last:  # a first change: a new dict (the last one belongs to an earlier view)
                players = dict(last) if last is not None else {}
            players[name] = entry
        cache.players = players
        sources, grants = static_sources(game) if has_statics else ((), ())
        if game.attackers is not cache.attackers:
            cache.attackers = game.attackers
            cache.attacks = dict(game.attackers) if game.attackers else None
        attacks = cache.attacks
        if game.blockers is not cache.blockers:
            cache.blockers = game.blockers
            blocks = None
            if game.blockers:
                blocks = {}
                for b, a in game.blockers:
                    blocks.setdefault(b, a)  # the first attacker it blocks, as in declaration order
            cache.blocks = blocks
        blocks = cache.blocks
        # other objects affect a permanent's entry only through static abilities and "until end of
        # turn" effects: without them it is a function of the object's own state, cached like a player's
        reuse = not (sources or grants or game.eot or ((has_statics or game.layered) and needs_layers(game)))
        labels = game.labels
        rows = cache.rows
        if labels is not cache.rows_labels or objs is not cache.rows_objs:
            entries = cache.entries
            rows = cache.rows = []
            for label, oid in labels.items():
                slot = entries.get(oid)
                if slot is None:
                    slot = entries[oid] = [None, None]
                rows.append((label, oid, objs[oid], slot))
            cache.rows_labels, cache.rows_objs = labels, objs
        cards = cache.cards if reuse and labels is cache.labels else None
        shared = cards is not None  # the last view's dict, same labels: copied before a first change
        building = not shared  # every entry goes into a new dict
        if building:
            cards = {}
        card_grants = None  # card_grant_sources(game), read once a view when a card is in a hand
        for label, oid, o, slot in rows:
            zone = o.zone
            if zone != "battlefield":
                # everything of the object its entry is computed from (owner and printed card never
                # change): equal keys, equal entries. Off the battlefield an entry is zone, owner,
                # controller and mana value (of card, zone and spell).
                down = is_face_down(game, o)
                if zone == "hand":  # its keywords depend on the permanents granting some to cards
                    if card_grants is None:
                        card_grants = card_grant_sources(game) if has_statics else ()
                    in_hand = tuple(_contract_keywords(card_keywords(game, o, card_grants)))
                else:
                    in_hand = None
                key = (zone, o.card, o.controller, o.spell, down, in_hand)
                if slot[0] == key:
                    if building:
                        cards[label] = slot[1]
                    continue
                entry = _zone_entry(o, zone, down, list(in_hand) if in_hand is not None else None)
            else:
                attacking = attacks.get(oid) if attacks is not None else None
                blocking = _target_view(game, blocks[oid]) if blocks is not None and oid in blocks else None
                if not reuse:
                    entry = _card_entry(game, o, sources, grants, attacking, blocking)
                    if shared:
                        cards = dict(cards)
                        shared = False
                    cards[label] = entry
                    continue
                # counters and choices as items; when there are none, the (empty) dict or None itself:
                # equal to a later key only while that stays empty
                key = (zone, o.card, o.controller, o.gained, o.counters and tuple(o.counters.items()),
                       o.chosen and tuple(o.chosen.items()), o.tapped, o.damage, attacking, blocking)
                old = slot[0]
                if old == key:
                    if building:
                        cards[label] = slot[1]
                    continue
                if old is not None and old[:6] == key[:6]:
                    # tapped, untapped, dealt damage or in combat: the rest of its entry
                    # (mana value, P/T, keywords, counters, choices) is unchanged
                    entry = slot[1].copy()
                    entry["tapped"], entry["damage"] = o.tapped, o.damage
                    entry["attacking"], entry["blocking"] = attacking, blocking
                else:
                    entry = _plain_entry(o, attacking, blocking)
            slot[0], slot[1] = key, entry
            if shared:
                cards = dict(cards)
                shared = False
            cards[label] = entry
        cache.cards, cache.labels = cards, labels if reuse else None
        return {
            "players": players,
            "cards": cards,
            "stack": _stack(game) if game.stack else cache.empty,
            "tokens": _tokens(game, sources) if has_tokens else cache.empty,
            "turn": {"active": game.active, "step": game.step, "priority": game.priority or game.active},
        }
    finally:
        if reading:
            READING.pop()


def _tokens(game, sources) -> list:
    out = []
    objs = game.objs
    for oid in game.battlefield:
        o = objs[oid]
        if o.token:
            if is_creature(game, o):
                p, tough = power_toughness(game, o, sources)
            else:
                p, tough = None, None
            out.append({"name": o.card.name, "controller": o.controller, "power": p, "toughness": tough,
                        "counters": _counters(o.counters), "tapped": o.tapped})
    return out
