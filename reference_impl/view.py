"""The view of docs/CONTRACT.md: what the engine answers after each step."""

from __future__ import annotations

from .state.characteristics import boost_sources, grant_sources, keywords, mana_value, power_toughness
from .state.game import Ability
from .state.mana import format_pool


def _counters(d: dict) -> dict:
    if not d:
        return {}
    return {k: v for k, v in sorted(d.items()) if v}


def _target_view(game, ref):
    if isinstance(ref, str):
        return ref
    o = game.objs.get(ref)
    if o is None:
        return None
    return o.label if o.label is not None else o.copy_of


def _permanent_fields(game, o, out: dict, sources, grants, attacks, blocks) -> dict:
    """`attacks`: attacker oid -> defending player; `blocks`: blocker oid -> attacker oid."""
    out["tapped"] = o.tapped
    out["counters"] = _counters(o.counters) if o.counters else {}
    if "Creature" in o.card.types:
        out["power"], out["toughness"] = power_toughness(game, o, sources)
    else:
        out["power"] = out["toughness"] = None
    out["keywords"] = keywords(o, game, grants)
    out["damage"] = o.damage
    oid = o.oid
    out["attacking"] = attacks.get(oid) if attacks else None
    attacker = blocks.get(oid) if blocks else None
    out["blocking"] = _target_view(game, attacker) if attacker is not None else None
    chosen = o.chosen or {}
    out["chosen_color"] = chosen.get("color")
    out["chosen_player"] = chosen.get("opponent")
    return out


def _division_view(game, card, s) -> dict:
    """Feature divided-damage: each target's share of the damage divided as it was cast (601.2d)."""
    if not s.division:
        return {}
    effect = next(e for e in card.spell_effects if getattr(e, "divides", False))
    return {_target_view(game, r): n for r, n in zip(s.targets[effect.to.spec], s.division)}


def _stack_item(game, item) -> dict:
    if isinstance(item, Ability):
        src = game.objs.get(item.source)
        out = {"kind": "ability", "source": src.label if src else None,
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
        "targets": [_target_view(game, r) for group in s.targets for r in group],
        "modes": list(s.modes),
        "divide": _division_view(game, o.card, s),
    }
    if o.copy and o.label is not None:  # feature copy-labels: the copy's own label
        out["label"] = o.label
    return out


def build_view(game) -> dict:
    lost = game.lost
    players = {}
    for name, p in game.players.items():
        players[name] = {"life": p.life, "mana": format_pool(p.pool) if any(p.pool) else "",
                         "counters": _counters(p.counters) if p.counters else {}, "hand": len(p.hand),
                         "library": len(p.library), "graveyard": len(p.graveyard),
                         "exile": len(p.exile), "lost": name in lost}
    cards = {}
    objs = game.objs
    sources = grants = None
    attacks = dict(game.attackers) if game.attackers else None
    blocks = {}
    for b, a in game.blockers:
        blocks.setdefault(b, a)  # the first attacker it blocks, as in declaration order
    for label, oid in game.labels.items():
        o = objs[oid]
        zone = o.zone
        entry = {"zone": zone, "owner": o.owner, "controller": o.controller, "mana_value": mana_value(o)}
        if zone == "battlefield":
            if sources is None:  # computed once per view, and only when a permanent needs them
                sources, grants = boost_sources(game), grant_sources(game)
            _permanent_fields(game, o, entry, sources, grants, attacks, blocks)
        cards[label] = entry
    tokens = []
    for oid in game.battlefield:
        o = objs[oid]
        if o.token:
            t = {"name": o.card.name, "controller": o.controller}
            if "Creature" in o.card.types:
                if sources is None:
                    sources, grants = boost_sources(game), grant_sources(game)
                p, tough = power_toughness(game, o, sources)
            else:
                p, tough = None, None
            t.update(power=p, toughness=tough, counters=_counters(o.counters), tapped=o.tapped)
            tokens.append(t)
    return {
        "players": players,
        "cards": cards,
        "stack": [_stack_item(game, i) for i in reversed(game.stack)],
        "tokens": tokens,
        "turn": {"active": game.active, "step": game.step},
    }
