"""Derived characteristics of permanents: power/toughness with counters and static boosts
(613.4), keywords, and mana value (202.3).

Keywords shown in the view are the keyword abilities that function on the battlefield; ability
words (Converge, 207.2c), keyword actions (mill) and the casting keywords (kicker, multikicker,
flashback, flash) are not listed, matching docs/CONTRACT.md's Kavu Titan example.
"""

from __future__ import annotations

NOT_BATTLEFIELD_KEYWORDS = frozenset({"kicker", "multikicker", "flashback", "converge", "mill",
                                      "flash", "sticker kicker"})


def _statics_with(game, method: str) -> list:
    """(source, static) pairs of every static ability on the battlefield that has `method`."""
    return [(s, st) for s in (game.objs[sid] for sid in game.battlefield)
            for st in s.card.statics if hasattr(st, method)]


def boost_sources(game) -> list:
    """(source, static) pairs of every P/T-boosting static ability on the battlefield; compute
    once and pass to power_toughness when asking for many permanents."""
    return _statics_with(game, "boost_for")


def grant_sources(game) -> list:
    """(source, static) pairs of every keyword-granting static ability on the battlefield."""
    return _statics_with(game, "grant_for")


def power_toughness(game, o, sources=None) -> tuple[int, int]:
    c = o.card
    p, t = (c.power or 0), (c.toughness or 0)
    counters = o.counters
    if counters:
        plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        p += plus
        t += plus
    if o.zone == "battlefield":
        for s, st in (boost_sources(game) if sources is None else sources):
            dp, dt = st.boost_for(game, s, o)
            p += dp
            t += dt
        for oid, dp, dt, _ in game.eot:  # 611.2a "until end of turn" effects (layer 7c)
            if oid == o.oid:
                p += dp
                t += dt
    return p, t


def keywords(o, game=None) -> list[str]:
    kws = {k for k in o.card.keywords if k not in NOT_BATTLEFIELD_KEYWORDS}
    kws.update(o.gained)
    if game is not None and o.zone == "battlefield":
        kws.update(_extra_keywords(game, o))
    return sorted(kws)


def _extra_keywords(game, o) -> set:
    """Keywords from "until end of turn" effects and from other permanents' static abilities."""
    out = set()
    for oid, _, _, kws in game.eot:
        if oid == o.oid:
            out.update(kws)
    for s, st in grant_sources(game):
        out.update(st.grant_for(game, s, o))
    return out


def has_keyword(o, kw: str, game=None) -> bool:
    if kw in o.card.keywords or kw in o.gained:
        return True
    return game is not None and o.zone == "battlefield" and kw in _extra_keywords(game, o)


def source_has_keyword(o, kw: str, game=None) -> bool:
    """For a damage source: its keywords now, or as it last existed on the battlefield."""
    if o.zone not in ("battlefield", "stack") and o.lki is not None:
        card, _, gained = o.lki
        return kw in card.keywords or kw in gained
    return has_keyword(o, kw, game)


def mana_value(o) -> int:
    """202.3: from the mana cost alone; X is 0 except on the stack, where it is the announced X."""
    cost = o.card.cost
    if cost is None:
        return 0
    x = o.spell.x if (o.zone == "stack" and o.spell is not None) else 0
    return cost.mana_value(x)
