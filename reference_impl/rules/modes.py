"""Modal spells (700.2): how many modes a spell lets its caster choose, the condition "this mode
was chosen" that a mode's targets and effects hang on, and the announcement of the modes as the
spell is cast (601.2b). The chosen modes are part of the spell's decisions (SpellInfo.modes),
so a copy of the spell has the same modes (700.2g, 707.10) without any code of its own."""

from __future__ import annotations

from dataclasses import dataclass

from ..state.game import CaseError, IllegalAction

COUNTS = ("one", "one-or-more", "any-number")


@dataclass(frozen=True)
class Modes:
    """"Choose one —" / "Choose one or more —" / "Choose any number —" over `n` printed modes;
    `kicked` is the count instead when the spell was kicked ("If this spell was kicked, choose
    any number instead.", Inscription of Abundance). The same mode is never chosen twice
    (700.2d): no catalog card says "You may choose the same mode more than once"."""

    n: int
    count: str = "one"
    kicked: str | None = None

    def __post_init__(self):
        if self.count not in COUNTS or (self.kicked is not None and self.kicked not in COUNTS):
            raise ValueError(f"unknown mode count {self.count!r}/{self.kicked!r}")

    def bounds(self, kicked: bool) -> tuple[int, int]:
        """(fewest, most) modes the caster may choose."""
        count = self.kicked if kicked and self.kicked is not None else self.count
        if count == "one":
            return 1, 1
        return (1 if count == "one-or-more" else 0), self.n


@dataclass(frozen=True)
class ModeChosen:
    """"If mode `index` was chosen": gates a mode's targets (700.2c) and effects."""

    index: int

    def holds_for(self, info) -> bool:
        return self.index in info.modes

    def __call__(self, ctx) -> bool:
        return self.holds_for(ctx.info)


def announce_modes(card, given, kicked: bool, name: str) -> tuple:
    """601.2b / 700.2a: the modes the caster announces, as 0-based indices in printed order
    (the order they are performed in, 608.2c). Illegal when the card is not modal, when a
    modal card is cast without them, when there are too few or too many, when an index is not
    a mode of the card, or when a mode is chosen twice (700.2d)."""
    modes = card.modes
    if given is None:
        if modes is None:
            return ()
        raise IllegalAction("601.2b", f"{name} is modal: its mode(s) must be announced as it is cast")
    if not isinstance(given, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in given):
        raise CaseError(f"cast.modes must be a list of mode numbers (0-based), got {given!r}")
    if modes is None:
        raise IllegalAction("700.2", f"{name} is not modal: it has no modes to choose")
    bad = [i for i in given if not 0 <= i < modes.n]
    if bad:
        raise IllegalAction("700.2", f"{name} has {modes.n} modes (0-{modes.n - 1}), not {bad[0]}")
    if len(set(given)) != len(given):
        raise IllegalAction("700.2d", f"{name}: the same mode can't be chosen more than once")
    fewest, most = modes.bounds(kicked)
    if not fewest <= len(given) <= most:
        want = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"
        raise IllegalAction("700.2a", f"{name}: {want} mode(s) may be chosen"
                            + (" (it was kicked)" if kicked else "") + f", {len(given)} chosen")
    return tuple(sorted(given))
