"""Modal spells and abilities (700.2): how many modes their controller chooses, whether a mode may
be chosen more than once (700.2d), the condition "this mode was chosen" that a mode's targets and
effects hang on, and the announcement of the modes as a spell is cast (601.2b) or a triggered
ability is put on the stack (603.3c, 700.2b). The chosen modes of a spell are part of its
decisions (SpellInfo.modes), so a copy has the same modes (700.2g, 707.10) without code of its own.

A mode chosen n times is treated as if it appeared n times in sequence (700.2d): each time has its
own instances of the word "target" (target_slots), and its effects happen once per time (effects.InMode)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state.game import CaseError, IllegalAction

FIXED = {"one": 1, "two": 2, "three": 3}
COUNTS = tuple(FIXED) + ("one-or-more", "any-number")


@dataclass(frozen=True)
class Modes:
    """"Choose one —" / "Choose two —" / "Choose three." / "Choose one or more —" / "Choose any
    number —" over `n` printed modes; `kicked` is the count instead when the spell was kicked ("If
    this spell was kicked, choose any number instead.", Inscription of Abundance); `repeatable`:
    "You may choose the same mode more than once." (700.2d; otherwise a mode is chosen once)."""

    n: int
    count: str = "one"
    kicked: str | None = None
    repeatable: bool = False

    def __post_init__(self):
        if self.count not in COUNTS or (self.kicked is not None and self.kicked not in COUNTS):
            raise ValueError(f"unknown mode count {self.count!r}/{self.kicked!r}")

    def bounds(self, kicked: bool) -> tuple[int, int]:
        """(fewest, most) modes the controller may choose."""
        count = self.kicked if kicked and self.kicked is not None else self.count
        if count in FIXED:
            return FIXED[count], FIXED[count]
        return (1 if count == "one-or-more" else 0), self.n


@dataclass(frozen=True)
class ModeChosen:
    """"If mode `index` was chosen": gates a mode's targets (700.2c) and effects."""

    index: int
    gates_mode = True  # TargetSpec.slots: which instances a mode's targets have is target_slots' job

    def holds_for(self, info) -> bool:
        return self.index in info.modes

    def __call__(self, ctx) -> bool:
        return self.index in ctx.modes


def mode_of(spec) -> int | None:
    """The mode a target spec belongs to, or None for a target of the whole spell or ability."""
    gate = spec.only_if
    return gate.index if isinstance(gate, ModeChosen) else None


def target_specs(specs, modes: tuple) -> tuple:
    """The target spec of each instance of the word "target" of a spell or ability with these
    modes (target_slots), or all of `specs` when none belongs to a mode."""
    slots = target_slots(specs, modes)
    return specs if slots is None else tuple(specs[i] for i, _ in slots)


def target_slots(specs, modes: tuple) -> tuple | None:
    """700.2c-d: the instances of the word "target" of a modal spell or ability with these modes,
    as (spec index, time the mode was chosen) in order: the targets of unchosen modes are left
    out, those of a mode chosen twice come twice, one time after the other (a mode's target specs
    are written together). None when no spec belongs to a mode (one instance per spec)."""
    if not any(mode_of(s) is not None for s in specs):
        return None
    out, i = [], 0
    while i < len(specs):
        k = mode_of(specs[i])
        if k is None:
            out.append((i, 0))
            i += 1
            continue
        j = i
        while j < len(specs) and mode_of(specs[j]) == k:
            j += 1
        for time in range(modes.count(k)):
            out.extend((s, time) for s in range(i, j))
        i = j
    return tuple(out)


def check_modes(modes: Modes | None, given, kicked: bool, name: str, field: str = "cast.modes",
                rule: str = "601.2b") -> tuple:
    """601.2b / 603.3c / 700.2a-b: the modes announced, as 0-based indices in printed order (the
    order they are performed in, 608.2c; a mode chosen twice appears twice). Illegal when the
    object is not modal, when a modal one gets no modes, when there are too few or too many,
    when an index is not one of its modes, or when a mode is chosen twice without "You may choose
    the same mode more than once" (700.2d)."""
    if given is None:
        if modes is None:
            return ()
        raise IllegalAction(rule, f"{name} is modal: its mode(s) must be announced")
    if not isinstance(given, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in given):
        raise CaseError(f"{field} must be a list of mode numbers (0-based), got {given!r}")
    if modes is None:
        raise IllegalAction("700.2", f"{name} is not modal: it has no modes to choose")
    bad = [i for i in given if not 0 <= i < modes.n]
    if bad:
        raise IllegalAction("700.2", f"{name} has {modes.n} modes (0-{modes.n - 1}), not {bad[0]}")
    if len(set(given)) != len(given) and not modes.repeatable:
        raise IllegalAction("700.2d", f"{name}: the same mode can't be chosen more than once")
    fewest, most = modes.bounds(kicked)
    if not fewest <= len(given) <= most:
        want = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"
        raise IllegalAction("700.2a", f"{name}: {want} mode(s) may be chosen"
                            + (" (it was kicked)" if kicked else "") + f", {len(given)} chosen")
    return tuple(sorted(given))


def announce_modes(card, given, kicked: bool, name: str) -> tuple:
    """601.2b / 700.2a: the modes of a spell, announced as it is cast."""
    return check_modes(card.modes, given, kicked, name)
