"""Run one case on two engines and find the first step where their answers differ.

Answers are schema-checked by the harness (a malformed answer is the adapter's fault, not a
rules difference). Per step, the verdict (ok / illegal / errored) must be the same and, for
ok and illegal, the views must be equal in full (the comparator's exact form, so every key is
checked both ways) after normalization: a key whose value is null counts as absent (the
contract gives `power: null` for a noncreature permanent, an engine may leave it out; both
say "no value"). Free-text `reason` and `message` are never compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtg_adapter.compare import Difference, compare
from mtg_adapter.features import without_undeclared_fields
from mtg_adapter.harness import Harness


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


def _views(a: dict, b: dict) -> tuple:
    return normalize(a["view"]), normalize(b["view"])


def first_difference(ours: dict, theirs: dict) -> StepDifference | None:
    """Compare two answers to the same case step by step."""
    a, b = ours["results"], theirs["results"]
    for i in range(max(len(a), len(b))):
        ra = a[i] if i < len(a) else MISSING
        rb = b[i] if i < len(b) else MISSING
        if ra["status"] != rb["status"]:
            diffs = ()
            if "view" in ra and "view" in rb:
                ours, theirs = _views(ra, rb)
                diffs = tuple(compare(theirs, ours, partial=False))
            return StepDifference(i, ra, rb, diffs)
        if ra["status"] in ("errored", "missing"):
            return None  # both stopped here: nothing further to compare
        ours, theirs = _views(ra, rb)
        diffs = compare(theirs, ours, partial=False)
        if diffs:
            return StepDifference(i, ra, rb, tuple(diffs))
    return None


def _common(answer: dict, declared) -> dict:
    results = [{**r, "view": without_undeclared_fields(r["view"], declared)} if "view" in r else r
               for r in answer["results"]]
    return {**answer, "results": results}


class Pair:
    """The engine under test and the engine it is compared against, each behind a Harness."""

    def __init__(self, ours: str, theirs: str, timeout: float = 10.0):
        self.ours = Harness(ours, timeout=timeout)
        self.theirs = Harness(theirs, timeout=timeout)

    def hello(self) -> tuple:
        return self.ours.hello(), self.theirs.hello()

    def run(self, case: dict) -> tuple:
        """(difference or None, our answer, their answer). Raises EngineBroken. View fields of
        features only one of the two declares are not compared (one may leave them out)."""
        ours = self.ours.run_case(case)
        theirs = self.theirs.run_case(case)
        common = set(self.ours.features()) & set(self.theirs.features())
        return first_difference(_common(ours, common), _common(theirs, common)), ours, theirs

    def close(self) -> None:
        self.ours.close()
        self.theirs.close()


__all__ = ["Difference", "Pair", "StepDifference", "first_difference"]
