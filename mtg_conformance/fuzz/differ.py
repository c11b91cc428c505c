"""Run one case on two engines and find the first step where their answers differ.

Answers are schema-checked by the harness (a malformed answer is the adapter's fault, not a
rules difference). Per step, the verdict (ok / illegal / errored) must be the same and, for
ok and illegal, the views must be equal in full (the comparator's exact form, so every key is
checked both ways) after normalization: a key whose value is null counts as absent (the
contract gives `power: null` for a noncreature permanent, an engine may leave it out; both
say "no value"). With `skip_missing` (fuzz --skip-missing), a field the engine under test leaves
out of a player, card, stack item or token is not compared either: the contract makes most of
them optional, and an adapter that cannot report one would otherwise hide every rules difference
behind that. Free-text `reason` and `message` are never compared. An `errored` answer whose
message starts with `unsupported: ` (the engine cannot express that step or setup) is not a
difference: the steps from there on are not comparable, so the case is dropped (the fuzzer
draws another one).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtg_adapter.compare import Difference, compare
from mtg_adapter.features import without_undeclared_fields
from mtg_adapter.harness import Harness
from mtg_adapter.judge import UNSUPPORTED_MESSAGE_PREFIX


@dataclass(frozen=True)
class StepDifference:
    """The first differing step: its index, both results and what differs."""

    index: int
    ours: dict          # result of the engine under test ({"status": ...} or a stand-in)
    theirs: dict        # result of the engine it is compared against (the reference)
    differences: tuple  # comparator Differences (expected = theirs, observed = ours)

    @property
    def status_differs(self) -> bool:
        return self.ours.get("status") != self.theirs.get("status")


MISSING = {"status": "missing", "message": "no result (the engine stopped the case earlier)"}


def normalize(value):
    """A view with every null-valued key dropped (recursively); lists keep their order."""
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def _object_fields(ours: dict, theirs: dict) -> dict:
    """`theirs` without the fields `ours` leaves out of each player, card, stack item and token:
    the contract requires only a few fields of each (the schema checks those), an engine may
    omit the others, and a field one side doesn't give can't be compared."""
    def trim(mine, other):
        if isinstance(mine, dict) and isinstance(other, dict):
            return {k: v for k, v in other.items() if k in mine}
        return other

    out = dict(theirs)
    for key in ("players", "cards"):
        if isinstance(ours.get(key), dict) and isinstance(theirs.get(key), dict):
            out[key] = {name: trim(ours[key].get(name), obj) for name, obj in theirs[key].items()}
    for key in ("stack", "tokens"):
        a, b = ours.get(key), theirs.get(key)
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            out[key] = [trim(x, y) for x, y in zip(a, b)]
    return out


def _views(a: dict, b: dict, skip_missing: bool = False) -> tuple:
    ours, theirs = normalize(a["view"]), normalize(b["view"])
    return ours, (_object_fields(ours, theirs) if skip_missing else theirs)


def unsupported_at(answer: dict) -> int | None:
    """The index of the first step the engine answered `unsupported: ...`, else None."""
    for i, result in enumerate(answer["results"]):
        if result.get("status") == "errored" and str(result.get("message", "")).startswith(
                UNSUPPORTED_MESSAGE_PREFIX):
            return i
    return None


def game_over_at(answer: dict) -> int | None:
    """The index of the first step after which a player has lost: 0 or less life (704.5a) or,
    as the view's `lost` says, any other way (drawing from an empty library, 704.5b). The game
    is over (104.3a), which protocol 1 doesn't describe (an engine may clear the loser's
    objects), so that step and later ones are not compared."""
    for i, result in enumerate(answer["results"]):
        players = (result.get("view") or {}).get("players") or {}
        if any(isinstance(p, dict) and ((isinstance(p.get("life"), int) and p["life"] <= 0) or p.get("lost") is True)
               for p in players.values()):
            return i
    return None


def comparable_steps(ours: dict, theirs: dict) -> int | None:
    """How many leading steps both engines could express and played within a game that was
    not over (None: all of them)."""
    cut = [i for i in (unsupported_at(ours), unsupported_at(theirs), game_over_at(theirs))
           if i is not None]
    return min(cut) if cut else None


def first_difference(ours: dict, theirs: dict, skip_missing: bool = False) -> StepDifference | None:
    """Compare two answers to the same case step by step, up to the first step either engine
    answered as unsupported."""
    a, b = ours["results"], theirs["results"]
    limit = comparable_steps(ours, theirs)
    for i in range(max(len(a), len(b)) if limit is None else limit):
        ra = a[i] if i < len(a) else MISSING
        rb = b[i] if i < len(b) else MISSING
        if ra["status"] != rb["status"]:
            diffs = ()
            if "view" in ra and "view" in rb:
                ours, theirs = _views(ra, rb, skip_missing)
                diffs = tuple(compare(theirs, ours, partial=False))
            return StepDifference(i, ra, rb, diffs)
        if ra["status"] in ("errored", "missing"):
            return None  # both stopped here: nothing further to compare
        ours, theirs = _views(ra, rb, skip_missing)
        diffs = compare(theirs, ours, partial=False)
        if diffs:
            return StepDifference(i, ra, rb, tuple(diffs))
    return None


def common_fields(answer: dict, declared) -> dict:
    """The answer with the view fields of features outside `declared` dropped."""
    results = [{**r, "view": without_undeclared_fields(r["view"], declared)} if "view" in r else r
               for r in answer["results"]]
    return {**answer, "results": results}


class Pair:
    """The engine under test and the engine it is compared against, each behind a Harness."""

    def __init__(self, ours: str, theirs: str, timeout: float = 10.0, skip_missing: bool = False):
        self.ours = Harness(ours, timeout=timeout)
        self.theirs = Harness(theirs, timeout=timeout)
        self.skip_missing = skip_missing

    def hello(self) -> tuple:
        return self.ours.hello(), self.theirs.hello()

    def run(self, case: dict) -> tuple:
        """(difference or None, our answer, their answer). Raises EngineBroken. View fields of
        features only one of the two declares are not compared (one may leave them out)."""
        ours = self.ours.run_case(case)
        theirs = self.theirs.run_case(case)
        common = set(self.ours.features()) & set(self.theirs.features())
        return (first_difference(common_fields(ours, common), common_fields(theirs, common), self.skip_missing),
                ours, theirs)

    def close(self) -> None:
        self.ours.close()
        self.theirs.close()


__all__ = ["Difference", "Pair", "StepDifference", "common_fields", "comparable_steps", "first_difference"]
