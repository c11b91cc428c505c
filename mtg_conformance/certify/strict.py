"""`certify --strict`: every test's case is also run on the reference engine and each step's full
view compared with the engine's, not only the fields the test expects. A difference is reported
as "diverges from the reference", apart from the rule failures: the test may pass (its
expectations are partial), and the reference engine is an implementation, not the rules.

The comparison is the differential fuzzer's (mtg_conformance.fuzz.differ): the same verdict per
step and equal views after normalization, leaving out what the contract leaves open:
- a null field counts as absent, and a field the engine leaves out of a player, card, stack item
  or token is not compared (the contract makes most of them optional);
- view fields of features only one of the two engines declares;
- free-text reasons; the steps from an `unsupported:` answer on, and from a lost game on;
- from a cast whose `pay` is not given (or a `tap_for_mana` whose ability costs mana) on, the
  mana left in the pools and the colors spent: the engine pays as it likes (ADAPTERS.md section 4);
A case may also leave other choices to the engine ("without it the engine picks": the card a
search finds, the creatures tapped for a cost, a color); a divergence after such a step can be
a legitimate different choice, so the list is for review, not a verdict.
Properties are run with their first fixed example (mtg_conformance.suite_cases.examples).
Each divergence carries its test's outcome in the certification: one on a test the engine passes
is a difference the test's own expectations miss (review those first: is it caught elsewhere?);
one on a known failure usually shows that failure again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from mtg_adapter.harness import Harness
from mtg_conformance.fuzz.differ import common_fields, comparable_steps, first_difference
from mtg_conformance.suite_cases import SuiteTest, examples

REFERENCE = "reference"
SHOWN = 5  # differences kept per divergence

@dataclass(frozen=True)
class Divergence:
    id: str
    rule: str | None
    step: int                 # index of the first step whose answer differs
    ours: str                 # the engine's status at that step
    theirs: str               # the reference engine's status there
    differences: tuple        # (path, reference value, engine value), at most SHOWN
    more: int = 0             # differences left out
    outcome: str | None = None  # the test's outcome in the certification (pass, expected-failure, ...)

    def as_dict(self) -> dict:
        return {"id": self.id, "rule": self.rule, "outcome": self.outcome, "step": self.step, "status": self.ours,
                "reference_status": self.theirs,
                "differences": [{"path": p, "reference": r, "engine": e} for p, r, e in self.differences],
                "more_differences": self.more}


def _payment_open_from(steps: list[dict]) -> int | None:
    """The first step after which the mana left and the colors spent are the engine's choice: a
    cast without `pay`, or mana abilities activated (a mana part of their cost is paid as the
    engine likes)."""
    for i, step in enumerate(steps):
        (kind, args), = ((k, v) for k, v in step.items() if k != "expect")
        args = args if isinstance(args, dict) else {}
        cast_choice = (args.get("choices") or {}).get("cast") if isinstance(args.get("choices"), dict) else None
        if (kind == "cast" and "pay" not in args) or kind == "tap_for_mana" \
                or (isinstance(cast_choice, dict) and "pay" not in cast_choice):
            return i
    return None


def _without_payment(answer: dict, start: int) -> dict:
    """The answer with the pools' mana and the stack's colors spent dropped from step `start` on."""
    results = []
    for i, result in enumerate(answer["results"]):
        view = result.get("view")
        if i >= start and isinstance(view, dict):
            view = dict(view)
            if isinstance(view.get("players"), dict):
                view["players"] = {n: ({k: v for k, v in p.items() if k != "mana"} if isinstance(p, dict) else p)
                                   for n, p in view["players"].items()}
            if isinstance(view.get("stack"), list):
                view["stack"] = [{k: v for k, v in s.items() if k != "colors_spent"} if isinstance(s, dict) else s
                                 for s in view["stack"]]
            result = {**result, "view": view}
        results.append(result)
    return {**answer, "results": results}


ABSENT = "(absent)"


def _plain(value, absent: bool):
    """A comparator value as JSON: the marker of a key one side doesn't have becomes "(absent)"."""
    return ABSENT if absent else value


def compare_test(test: SuiteTest, engine: Harness, reference: Harness, common: set) -> Divergence | None:
    """Run one test's case on both engines; the first divergence outside what the contract leaves open."""
    params = examples(test.given)[0] if test.is_property else None
    case, steps = engine.build_case(test.id, test.setup, test.steps, params)
    ours, theirs = engine.run_case(case), reference.run_case(case)
    ours, theirs = common_fields(ours, common), common_fields(theirs, common)
    payment = _payment_open_from(steps)
    if payment is not None:
        ours, theirs = _without_payment(ours, payment), _without_payment(theirs, payment)
    limit = comparable_steps(ours, theirs)
    if limit is not None:
        ours = {**ours, "results": ours["results"][:limit]}
        theirs = {**theirs, "results": theirs["results"][:limit]}
    found = first_difference(ours, theirs, skip_missing=True)
    if found is None:
        return None
    diffs = [(d.path, _plain(d.expected, d.kind == "extra"), _plain(d.observed, d.kind == "missing"))
             for d in found.differences]
    return Divergence(test.id, test.rule, found.index, found.ours.get("status"), found.theirs.get("status"),
                      tuple(diffs[:SHOWN]), max(0, len(diffs) - SHOWN))


def divergences(engine_spec: str, tests: list[SuiteTest], timeout: float) -> tuple[list[Divergence], int]:
    """(divergences, tests compared): the tests whose features the engine declares, each run on
    it and on the reference engine."""
    engine, reference = Harness(engine_spec, timeout=timeout), Harness(REFERENCE, timeout=timeout)
    try:
        common = set(engine.features()) & set(reference.features())
        found, compared = [], 0
        for test in tests:
            if not set(test.features) <= common:
                continue
            compared += 1
            d = compare_test(test, engine, reference, common)
            if d is not None:
                found.append(d)
        return found, compared
    finally:
        engine.close()
        reference.close()


def with_outcomes(found: list[Divergence], outcomes: dict) -> list[Divergence]:
    """The divergences with each test's certification outcome (test id -> outcome)."""
    return [replace(d, outcome=outcomes.get(d.id)) for d in found]


def passing(found: list[Divergence]) -> int:
    """How many divergences are on tests the engine passes."""
    return sum(d.outcome == "pass" for d in found)


def render(found: list[Divergence], compared: int) -> str:
    """The summary.md section."""
    lines = ["", "## Diverges from the reference", "",
             f"`--strict`: {len(found)} of {compared} tests whose features the engine declares diverge from "
             "the reference engine somewhere outside what the test expects and outside what the contract "
             f"leaves open (not rule failures; see divergences.json). {passing(found)} of them pass: a "
             "difference the test's own expectations miss, to review first (another test may catch it); "
             "the others' outcome is in the table.", ""]
    if found:
        lines += ["| test | outcome | rule | step | first differences (reference → engine) |",
                  "| --- | --- | --- | ---: | --- |"]
        for d in found:
            shown = "; ".join(f"`{p}`: {json.dumps(r)} → {json.dumps(e)}" for p, r, e in d.differences[:3])
            if d.ours != d.theirs:
                shown = f"status {d.theirs} → {d.ours}" + (f"; {shown}" if shown else "")
            lines.append(f"| `{d.id}` | {d.outcome or ''} | {d.rule or ''} | {d.step} | {shown.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def dumps(found: list[Divergence], compared: int) -> str:
    """divergences.json."""
    return json.dumps({"compared": compared, "passing": passing(found), "divergences": [d.as_dict() for d in found]},
                      indent=2, ensure_ascii=False) + "\n"
