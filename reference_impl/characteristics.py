"""Derived characteristics of permanents: power/toughness with counters and static boosts
(613.4), keywords, and mana value (202.3).

Keywords shown in the view are the keyword abilities that function on the battlefield; ability
words (Converge, 207.2c), keyword actions (mill) and the casting keywords (kicker, multikicker,
flashback, flash) are not listed, matching docs/CONTRACT.md's Kavu Titan example.
"""

from __future__ import annotations

NOT_BATTLEFIELD_KEYWORDS = frozenset({"kicker", "multikicker", "flashback", "converge", "mill",
                                      "flash", "sticker kicker"})


def base_pt(o):
    c = o.card
    return (c.power or 0), (c.toughness or 0)


def boosts(game, o) -> tuple[int, int]:
    """Sum of static P/T boosts from permanents on the battlefield that apply to `o`."""
    dp = dt = 0
    for sid in game.battlefield:
        s = game.objs[sid]
        for st in s.card.statics:
            boost = getattr(st, "boost_for", None)
            if boost is not None:
                p, t = boost(game, s, o)
                dp += p
                dt += t
    return dp, dt


def power_toughness(game, o) -> tuple[int, int]:
    p, t = base_pt(o)
    plus = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
    dp, dt = boosts(game, o) if o.zone == "battlefield" else (0, 0)
    return p + plus + dp, t + plus + dt


def keywords(o) -> list[str]:
    kws = {k for k in o.card.keywords if k not in NOT_BATTLEFIELD_KEYWORDS}
    kws.update(o.gained)
    return sorted(kws)


def has_keyword(o, kw: str) -> bool:
    return kw in o.card.keywords or kw in o.gained


def source_has_keyword(o, kw: str) -> bool:
    """For a damage source: its keywords now, or as it last existed on the battlefield."""
    if o.zone not in ("battlefield", "stack") and o.lki is not None:
        card, _, gained = o.lki
        return kw in card.keywords or kw in gained
    return has_keyword(o, kw)


def mana_value(o) -> int:
    """202.3: from the mana cost alone; X is 0 except on the stack, where it is the announced X."""
    cost = o.card.cost
    if cost is None:
        return 0
    x = o.spell.x if (o.zone == "stack" and o.spell is not None) else 0
    return cost.mana_value(x)
