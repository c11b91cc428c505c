"""Mana symbols, costs and pools (CR 107.4, 118, 202.3).

A cost is a small immutable value (generic amount, coloured/colourless symbol counts, number of
{X} symbols, hybrid symbols: two-colour and monocoloured, Phyrexian symbols) so that costs can be
added, reduced and compared without allocation-heavy code. Mana strings are always printed generic
first, then hybrid symbols, then Phyrexian symbols, then W U B R G C.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress
from operator import sub

COLORS = "WUBRG"
TYPES = "WUBRGC"  # the five colours, then colourless
_SYMBOL = re.compile(r"\{([^{}]*)\}")


class ManaError(ValueError):
    """A mana string that cannot be parsed (a malformed case, not an illegal action)."""


class Cost:
    """A mana cost: generic amount, counts per mana type (WUBRGC), number of {X} symbols and the
    two-colour hybrid symbols (107.4e: "{G/W}" is paid with either colour), each a pair of
    colour letters as Oracle prints it (HYBRID_PAIRS), the tuple sorted, and the Phyrexian symbols
    (107.4f: "{W/P}" is paid with one white mana or 2 life), each its colour letter, in WUBRG order."""

    __slots__ = ("generic", "typed", "xs", "hybrid", "total", "phyrexian")

    def __init__(self, generic: int = 0, typed: tuple = (0, 0, 0, 0, 0, 0), xs: int = 0,
                 hybrid: tuple = (), phyrexian: tuple = ()):
        self.generic = generic
        self.typed = typed
        self.xs = xs
        self.hybrid = hybrid
        self.phyrexian = phyrexian
        # amount of mana (X counted as 0): the mana value of a printed cost off the stack (202.3f:
        # a two-colour hybrid symbol counts one); kept, as every view asks for mana values
        # 202.3f: a monocoloured hybrid symbol ({2/W}) counts 2, a two-colour one 1; 202.3g: a
        # Phyrexian symbol counts 1
        self.total = (generic + sum(typed) + len(hybrid) + sum(1 for pair in hybrid if pair[0] == "2")
                      + len(phyrexian))

    @classmethod
    def parse(cls, text: str | None) -> "Cost":
        """Parse `{2}{W}{X}`-style text; raises ManaError on anything else."""
        if not text:
            return ZERO
        if not isinstance(text, str):
            raise ManaError(f"a mana string is expected, got {text!r}")
        return _parse_cached(text)

    @classmethod
    def _parse(cls, text: str) -> "Cost":
        generic, xs = 0, 0
        typed = [0] * 6
        hybrid, phyrexian = [], []
        pos = 0
        for m in _SYMBOL.finditer(text):
            if m.start() != pos:
                raise ManaError(f"bad mana string {text!r}")
            pos = m.end()
            sym = m.group(1)
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                xs += 1
            elif len(sym) == 1 and sym in TYPES:
                typed[TYPES.index(sym)] += 1
            elif len(sym) == 3 and sym[2] == "P" and sym[1] == "/" and sym[0] in COLORS:
                phyrexian.append(sym[0])  # 107.4f: {W/P} .. {G/P}
            elif _HYBRID.fullmatch(sym) and sym[0] != sym[2]:
                pair = sym[0] + sym[2]
                hybrid.append(pair if pair in HYBRID_PAIRS else pair[::-1])
            else:
                raise ManaError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        if pos != len(text):
            raise ManaError(f"bad mana string {text!r}")
        return cls(generic, tuple(typed), xs, tuple(sorted(hybrid, key=_hybrid_key)),
                   tuple(sorted(phyrexian, key=COLORS.index)))

    def with_x(self, x: int) -> "Cost":
        """The cost with every {X} replaced by x generic mana (107.3)."""
        if not self.xs:
            return self
        return Cost(self.generic + x * self.xs, self.typed, 0, self.hybrid, self.phyrexian)

    def __add__(self, other: "Cost") -> "Cost":
        """The sum, built without __init__: every part adds up, so does `total` (a sum of counts)."""
        total = Cost.__new__(Cost)
        total.generic = self.generic + other.generic
        a, b = self.typed, other.typed  # six counts, W U B R G C: written out, cheaper than map
        total.typed = (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])
        total.xs = self.xs + other.xs
        hybrid = self.hybrid + other.hybrid
        total.hybrid = tuple(sorted(hybrid, key=_hybrid_key)) if self.hybrid and other.hybrid else hybrid
        phyrexian = self.phyrexian + other.phyrexian
        if self.phyrexian and other.phyrexian:
            phyrexian = tuple(sorted(phyrexian, key=COLORS.index))
        total.phyrexian = phyrexian
        total.total = self.total + other.total
        return total

    def plus_generic(self, n: int) -> "Cost":
        """Add (n > 0) or remove (n < 0) generic mana; never below zero generic (118.7a: a
        reduction of generic mana never takes away coloured or hybrid symbols)."""
        return Cost(max(0, self.generic + n), self.typed, self.xs, self.hybrid, self.phyrexian)

    def pay_phyrexian(self, with_life: tuple = ()) -> tuple["Cost", int]:
        """601.2b, 107.4f: the cost once its caster has announced how each Phyrexian symbol is
        paid: the symbols whose colour letters `with_life` lists (a sub-multiset of
        self.phyrexian, which the caller checks) are paid with 2 life each and leave the mana
        cost; every other one becomes one mana of its colour. Returns (mana cost, life)."""
        if not self.phyrexian:
            return self, 0
        typed = list(self.typed)
        rest = list(with_life)
        for c in self.phyrexian:
            if c in rest:
                rest.remove(c)
            else:
                typed[TYPES.index(c)] += 1
        return Cost(self.generic, tuple(typed), self.xs, self.hybrid), 2 * len(with_life)

    @property
    def mono_hybrid(self) -> bool:
        """Has monocoloured hybrid symbols ({2/R}), which the caster announces how to pay (601.2b)."""
        hybrid = self.hybrid
        return bool(hybrid) and any(pair[0] == "2" for pair in hybrid)  # most costs have none: no generator

    def announcements(self) -> list["Cost"]:
        """601.2b: the nonhybrid equivalents of the monocoloured hybrid symbols ({2/R}: {R} or {2}),
        all coloured first; two-colour hybrid symbols stay (either colour pays them, 107.4e)."""
        if not self.mono_hybrid:
            return [self]
        kept = tuple(pair for pair in self.hybrid if pair[0] != "2")
        options = [Cost(self.generic, self.typed, self.xs, kept, self.phyrexian)]
        for pair in self.hybrid:
            if pair[0] == "2":
                i = TYPES.index(pair[1])
                options = [o for c in options for o in (
                    Cost(c.generic, c.typed[:i] + (c.typed[i] + 1,) + c.typed[i + 1:], c.xs, kept, c.phyrexian),
                    Cost(c.generic + 2, c.typed, c.xs, kept, c.phyrexian))]
        return list(dict.fromkeys(options))

    def mana_value(self, x: int = 0) -> int:
        return self.total + self.xs * x

    def __eq__(self, other) -> bool:
        return (isinstance(other, Cost) and self.generic == other.generic
                and self.typed == other.typed and self.xs == other.xs and self.hybrid == other.hybrid
                and self.phyrexian == other.phyrexian)

    def __hash__(self) -> int:
        return hash((self.generic, self.typed, self.xs, self.hybrid, self.phyrexian))

    def format(self, zero: str = "{0}") -> str:
        """Normalized text: generic (and X) first, then hybrid symbols, then W U B R G C;
        `zero` for an empty cost."""
        return _format_cached(self.generic, self.typed, self.xs, zero, self.hybrid, self.phyrexian)

    def _format(self, zero: str) -> str:
        parts = ["{X}"] * self.xs
        if self.generic:
            parts.append("{%d}" % self.generic)
        parts.extend("{%s/%s}" % (pair[0], pair[1]) for pair in self.hybrid)
        parts.extend("{%s/P}" % c for c in self.phyrexian)
        for i, n in enumerate(self.typed):
            parts.append(("{" + TYPES[i] + "}") * n)
        return "".join(parts) or zero

    def __repr__(self) -> str:
        return f"Cost({self.format()})"


ZERO = Cost()


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Cost:
    return Cost._parse(text)


@lru_cache(maxsize=4096)
def _format_cached(generic: int, typed: tuple, xs: int, zero: str, hybrid: tuple = (),
                   phyrexian: tuple = ()) -> str:
    return Cost(generic, typed, xs, hybrid, phyrexian)._format(zero)


_HYBRID = re.compile(r"[WUBRG2]/[WUBRG]")  # two-colour, or monocoloured {2/W} (107.4e)
# The ten two-colour hybrid symbols as Oracle text prints them ({G/W}, never {W/G}), in order,
# then the five monocoloured ones ({2/W}: two generic or one white, 107.4e).
HYBRID_PAIRS = ("WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU", "2W", "2U", "2B", "2R", "2G")


def _hybrid_key(pair: str) -> int:
    return HYBRID_PAIRS.index(pair)


def _pay_hybrid(hybrid: tuple, left: list) -> list | None:
    """Colour indices paying each hybrid symbol from the mana `left` (107.4e), or None when
    no assignment exists. Deterministic: each symbol prefers the colour with more mana left
    (WUBRG breaks ties), backtracking when that choice leaves a later symbol unpayable."""
    if not hybrid:
        return []
    first, rest = hybrid[0], hybrid[1:]
    options = sorted((COLORS.index(c) for c in first), key=lambda i: (-left[i], i))
    for i in options:
        if left[i] > 0:
            left[i] -= 1
            tail = _pay_hybrid(rest, left)
            left[i] += 1
            if tail is not None:
                return [i] + tail
    return None


def parse_pool(text: str) -> list[int]:
    """A pool or payment (`{R}{R}{C}`): counts per WUBRGC; generic and hybrid symbols are not
    mana (106.4: mana is of one type)."""
    cost = Cost.parse(text)
    if cost.generic or cost.xs or cost.hybrid or cost.phyrexian:
        raise ManaError(f"{text!r}: mana in a pool or payment must be W, U, B, R, G or C symbols")
    return list(cost.typed)


def format_pool(pool) -> str:
    """Pool counts (WUBRGC) as normalized mana text; empty pool is ''."""
    if not any(pool):
        return ""
    # each symbol times its count, in WUBRGC order, written out (a symbol times 0 is ""): a
    # generator over the counts cost more than twice as much, and the view formats every non-empty pool
    return ("{W}" * pool[0] + "{U}" * pool[1] + "{B}" * pool[2]
            + "{R}" * pool[3] + "{G}" * pool[4] + "{C}" * pool[5])


def payment_matches(cost: Cost, paid) -> bool:
    """True when the mana `paid` (WUBRGC counts) pays `cost` exactly (601.2h, no excess):
    each hybrid symbol by one mana of either of its colours, the rest paying the generic part.
    A Phyrexian symbol not announced as paid with life (Cost.pay_phyrexian) is paid with mana."""
    if cost.phyrexian:
        cost = cost.pay_phyrexian()[0]
    if cost.mono_hybrid:  # 601.2b: any announcement of its monocoloured hybrid symbols
        return any(payment_matches(c, paid) for c in cost.announcements())
    t = cost.typed  # the extra of each of W U B R G C over the typed part, written out: no loop
    extras = [paid[0] - t[0], paid[1] - t[1], paid[2] - t[2], paid[3] - t[3], paid[4] - t[4], paid[5] - t[5]]
    if extras[0] < 0 or extras[1] < 0 or extras[2] < 0 or extras[3] < 0 or extras[4] < 0 or extras[5] < 0:
        return False
    rest = extras[0] + extras[1] + extras[2] + extras[3] + extras[4] + extras[5]
    if cost.hybrid and _pay_hybrid(cost.hybrid, extras) is None:
        return False
    return rest - len(cost.hybrid) == cost.generic


def auto_payment(cost: Cost, pool) -> list[int] | None:
    """A deterministic exact payment of `cost` from `pool`, or None when the pool can't pay.

    Coloured/colourless symbols take their own mana; each generic mana is then taken from
    colourless mana first, else from the colour with the most mana left (WUBRG breaks ties),
    which keeps the scarcer colours for later spells. Tests never depend on this choice.
    A new list each call (callers take it out of their pool). A Phyrexian symbol not announced as
    paid with life (Cost.pay_phyrexian) is paid with mana of its colour.
    """
    if cost.phyrexian:
        cost = cost.pay_phyrexian()[0]
    if cost.mono_hybrid:  # the first announcement of its monocoloured hybrid symbols the pool pays
        return next(filter(None, (auto_payment(c, pool) for c in cost.announcements())), None)
    found = _auto_payment(cost.generic, cost.typed, cost.hybrid, tuple(pool))
    return None if found is None else list(found)


@lru_cache(maxsize=4096)
def _auto_payment(generic: int, typed: tuple, hybrid: tuple, pool: tuple) -> tuple | None:
    """auto_payment's answer, a function of immutable values only: the cost's parts ({X} symbols
    are not among them: they pay nothing, 107.3, their value being generic mana by now) and the
    pool's counts. Kept per distinct pair instead of computed on every cast."""
    left = list(map(sub, pool, typed))  # what each mana type has left after its own symbols
    if min(left) < 0:
        return None
    paid = list(typed)
    if hybrid:  # each hybrid symbol takes one mana of one of its colours (107.4e)
        chosen = _pay_hybrid(hybrid, left)
        if chosen is None:
            return None
        for i in chosen:
            left[i] -= 1
            paid[i] += 1
    need = generic
    if not need:
        return tuple(paid)
    if need > sum(left):
        return None
    if left[5]:
        take = min(need, left[5])
        paid[5] += take
        need -= take
    colours = left[:5]
    while need:  # one generic mana at a time from the colour with the most left (WUBRG on ties) ...
        top = max(colours)
        i = colours.index(top)
        # ... which is colour i again for as long as it keeps strictly more than every other colour:
        # those picks are taken at once (a tie takes one, the first such colour, as one pick does)
        colours[i] = 0  # no count is below 0: the max of the rest is the other colours' max
        others = max(colours)
        n = min(need, top - others) if top > others else 1
        colours[i] = top - n
        paid[i] += n
        need -= n
    return tuple(paid)


def colors_of_payment(paid) -> tuple:
    """The colours (WUBRG order, never C) among the mana paid (Converge, 702/207.2c)."""
    return _colors_of(tuple(paid))


@lru_cache(maxsize=1024)
def _colors_of(paid: tuple) -> tuple:
    """colors_of_payment of these counts (a function of them alone), once per distinct payment."""
    return tuple(compress(COLORS, paid))  # COLORS stops it before C
