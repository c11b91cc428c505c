"""Translate between contract mana strings ("{2}{W}{U}") and phase's mana types and costs."""

from __future__ import annotations

import re

ORDER = "WUBRGC"
TO_PHASE = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
FROM_PHASE = {v: k for k, v in TO_PHASE.items()}
FROM_PHASE_LOWER = {v.lower(): k for k, v in TO_PHASE.items()}
_SYMBOL = re.compile(r"\{([^{}]*)\}")


class ManaStringError(ValueError):
    """A mana string the adapter cannot read (a malformed case)."""


def parse_payment(text: str | None) -> list[str]:
    """A step's `pay`: like a pool, and "{0}" (a total cost of zero) pays nothing."""
    return [] if text == "{0}" else parse_pool(text)


def parse_pool(text: str | None) -> list[str]:
    """'{R}{R}{G}' -> ['R', 'R', 'G']; only single-type symbols are allowed in a pool or `pay`."""
    if not text:
        return []
    symbols = _SYMBOL.findall(text)
    if "".join("{%s}" % s for s in symbols) != text:
        raise ManaStringError(f"not a mana string: {text!r}")
    out = []
    for sym in symbols:
        if sym not in TO_PHASE:
            raise ManaStringError(f"mana symbol {{{sym}}} cannot be in a pool or a payment")
        out.append(sym)
    return out


def format_symbols(letters) -> str:
    """['G', 'R', 'R'] -> '{R}{R}{G}' (W U B R G C order)."""
    return "".join("{%s}" % c for c in sorted(letters, key=ORDER.index))


def format_cost(cost: dict | None) -> str | None:
    """A phase ManaCost dict -> contract string, generic first; None if phase's shape is unknown."""
    if not isinstance(cost, dict):
        return None
    if cost.get("type") == "NoCost":
        return "{0}"
    if cost.get("type") != "Cost":
        return None
    letters = []
    xs = 0
    for shard in cost.get("shards", []):
        if shard in FROM_PHASE:
            letters.append(FROM_PHASE[shard])
        elif shard == "X":
            xs += 1
        else:
            return None  # hybrid/phyrexian/snow: not in our catalog, not translated
    generic = int(cost.get("generic", 0))
    head = "{X}" * xs + ("{%d}" % generic if generic else "")
    text = head + format_symbols(letters)
    return text if text else "{0}"


def mana_value(cost: dict | None, x: int = 0) -> int | None:
    """Mana value of a phase ManaCost (X counts as `x`); None for shapes not translated."""
    if not isinstance(cost, dict):
        return None
    if cost.get("type") == "NoCost":
        return 0
    if cost.get("type") != "Cost":
        return None
    total = int(cost.get("generic", 0))
    for shard in cost.get("shards", []):
        # 202.3f: a monocoloured hybrid shard ("TwoRed", {2/R}) counts its larger half, 2
        total += x if shard == "X" else 2 if mono_hybrid_color(shard) else 1
    return total


def mono_hybrid_color(shard) -> str | None:
    """The colour letter of a monocoloured hybrid shard of phase ("TwoRed" -> "R"), else None."""
    if isinstance(shard, str) and shard.startswith("Two"):
        return FROM_PHASE.get(shard[3:])
    return None


def announced_cost(cost: dict | None, spent) -> str | None:
    """601.2b: the nonhybrid cost a payment announced for phase's ManaCost whose only untranslated
    shards are monocoloured hybrid ones of one colour, given the mana `spent` (letters): each
    {2/C} paid with one C or two mana, the count of mana spent telling how many took C; None for
    any other shape or a payment no announcement matches."""
    if not isinstance(cost, dict) or cost.get("type") != "Cost":
        return None
    letters, mono = [], []
    for shard in cost.get("shards", []):
        if shard in FROM_PHASE:
            letters.append(FROM_PHASE[shard])
        elif mono_hybrid_color(shard):
            mono.append(mono_hybrid_color(shard))
        else:
            return None
    if not mono or len(set(mono)) != 1:
        return None
    generic = int(cost.get("generic", 0))
    spent = list(spent)
    colored = 2 * len(mono) + generic + len(letters) - len(spent)  # symbols paid with their colour
    if not 0 <= colored <= len(mono) or spent.count(mono[0]) < colored + letters.count(mono[0]):
        return None
    generic += 2 * (len(mono) - colored)
    head = "{%d}" % generic if generic else ""
    return (head + format_symbols(letters + mono[:colored])) or "{0}"
