"""Mana-cost arithmetic for the fuzzer: parse "{X}{2}{U}", add costs, format canonically.

The fuzzer predicts each cast's total cost so it can give an exact `pay` (an engine may pay an
omitted `pay` as it likes, which would make two correct engines differ). A wrong prediction
only makes a cast illegal in both engines; it is never a verdict on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ORDER = "WUBRGC"
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple = ()   # color letters (W U B R G C), canonical order
    xs: int = 0           # number of {X} symbols

    @staticmethod
    def parse(text: str | None) -> "ManaCost":
        generic, colored, xs = 0, [], 0
        for sym in _SYMBOL.findall(text or ""):
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                xs += 1
            elif sym in ORDER:
                colored.append(sym)
            else:
                raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        return ManaCost(generic, tuple(sorted(colored, key=ORDER.index)), xs)

    def __add__(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.generic + other.generic,
                        tuple(sorted(self.colored + other.colored, key=ORDER.index)),
                        self.xs + other.xs)

    def with_x(self, x: int) -> "ManaCost":
        return ManaCost(self.generic + self.xs * x, self.colored, 0)

    def plus_generic(self, n: int) -> "ManaCost":
        return ManaCost(max(0, self.generic + n), self.colored, self.xs)

    @property
    def total(self) -> int:
        return self.generic + len(self.colored)


def symbols(letters) -> str:
    """Color letters -> canonical mana string ("{W}{U}"), W U B R G C order."""
    return "".join("{" + c + "}" for c in sorted(letters, key=ORDER.index))


def letters(text: str) -> list:
    """A mana string of colored symbols only ("{R}{R}{C}") -> ["R", "R", "C"]."""
    out = []
    for sym in _SYMBOL.findall(text or ""):
        if sym.isdigit():
            out.extend(["C"] * int(sym))  # never produced by the fuzzer; tolerated
        else:
            out.append(sym)
    return out
