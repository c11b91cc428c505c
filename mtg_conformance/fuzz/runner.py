"""Drive Hypothesis over `strategies.cases()` against a pair of engines.

Deterministic: no example database; with a seed, `hypothesis.seed(S)`, without one,
derandomized. On the first difference Hypothesis shrinks the case; the exception raised by
the last (minimal) run carries it. A protocol failure (EngineBroken) is not shrunk: it
stops the run at once, like in the pytest plugin.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import hypothesis
import hypothesis.errors
from hypothesis import HealthCheck, Phase, Verbosity, given, settings

from mtg_adapter.errors import ConformanceError
from mtg_adapter.harness import EngineBroken

from .differ import Pair, StepDifference, comparable_steps
from .entry import features as case_features
from .minimize import minimize
from .strategies import cases

CASE_ID = "fuzz::case"


class Divergence(ConformanceError):
    """Raised inside the property when the two engines answer a case differently."""

    def __init__(self, case: dict, diff: StepDifference, ours: dict, theirs: dict):
        super().__init__(f"engines differ at step {diff.index}")
        self.case, self.diff, self.ours, self.theirs = case, diff, ours, theirs


@dataclass
class Outcome:
    examples: int = 0                 # cases run in total (including shrinking)
    found_at: int | None = None       # the number of the first case that showed a difference
    divergence: Divergence | None = None   # the minimal difference (the last one raised)
    broken: str | None = None         # a protocol failure message
    broken_case: dict | None = None
    flaky: bool = False               # a rerun of a differing case did not differ again
    skipped: int = 0                  # cases rejected for needing an undeclared feature
    unsupported: int = 0              # cases dropped: an engine answered a step `unsupported`
    known: int = 0                    # cases dropped: a difference already reported (campaigns)
    statuses: dict = field(default_factory=dict)   # (step kind, status) -> count, for stats

    @property
    def previous_view(self) -> dict | None:
        """The compared-against engine's view before the differing step."""
        d = self.divergence
        if d is None:
            return None
        i = d.diff.index
        if i == 0:
            return d.theirs.get("initial")
        return d.theirs["results"][i - 1].get("view")


def fuzz(pair: Pair, examples: int, seed: int | None = None, max_steps: int = 6,
         shrink: bool = True, features: set | None = None, shrink_budget: int = 200,
         already_found=None) -> Outcome:
    """Run up to `examples` generated cases on both engines; see Outcome.

    `features`: when given, cases needing a feature tag outside it are skipped (rejected),
    so an engine is only fuzzed on what it declares. Shrinking runs at most `shrink_budget`
    more cases; greedy minimization (minimize.py) then deletes what is left over.
    `already_found`: when given, `already_found(case, diff)` True means a difference already reported (a campaign's
    earlier finding): such a case is dropped like an unsupported one, so the run looks on."""
    outcome = Outcome()

    failing: dict = {}   # canonical JSON of each case that differed -> its Divergence

    def probe(case: dict) -> None:
        if outcome.found_at is not None and outcome.examples - outcome.found_at >= shrink_budget:
            # shrinking budget spent: known failures still fail (Hypothesis replays the
            # smallest one), every other candidate "passes", which ends shrinking
            known = failing.get(json.dumps(case, sort_keys=True))
            if known is not None:
                outcome.divergence = known
                raise known
            return
        if features is not None and not set(case_features(case)) <= features:
            outcome.skipped += 1
            hypothesis.reject()
        outcome.examples += 1
        case = {"id": CASE_ID, **case}
        try:
            diff, ours, theirs = pair.run(case)
        except EngineBroken as exc:
            outcome.broken, outcome.broken_case = str(exc), case
            raise
        for step, result in zip(case["steps"], theirs["results"]):
            key = (next(iter(step)), result["status"])
            outcome.statuses[key] = outcome.statuses.get(key, 0) + 1
        if diff is None and comparable_steps(ours, theirs) is not None:
            # an engine could not express part of this case (or the game ended): not a
            # difference, and the steps after that say nothing; draw another case
            outcome.unsupported += 1
            hypothesis.reject()
        if diff is not None and already_found is not None and already_found(case, diff):
            outcome.known += 1
            hypothesis.reject()
        if diff is not None:
            if outcome.found_at is None:
                outcome.found_at = outcome.examples
            outcome.divergence = Divergence(case, diff, ours, theirs)
            failing[json.dumps({k: v for k, v in case.items() if k != "id"}, sort_keys=True)] = outcome.divergence
            raise outcome.divergence

    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]
    test = settings(
        max_examples=examples, database=None, derandomize=seed is None, deadline=None,
        phases=phases, verbosity=Verbosity.quiet, report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck), print_blob=False,
    )(given(cases(max_steps=max_steps))(probe))
    if seed is not None:
        test = hypothesis.seed(seed)(test)
    try:
        test()
    except (Divergence, hypothesis.errors.Flaky) as exc:
        # Flaky: the engines answered the same case differently on a rerun; report the
        # last difference seen all the same
        found = exc if isinstance(exc, Divergence) else outcome.divergence
        outcome.flaky = not isinstance(exc, Divergence)
        if shrink and found is not None:
            case, (diff, ours, theirs) = minimize(pair, found.case, (found.diff, found.ours, found.theirs))
            outcome.divergence = Divergence(case, diff, ours, theirs)
    except hypothesis.errors.Unsatisfiable:
        pass  # every case drawn was dropped (unsupported or undeclared features): no difference
    except EngineBroken:
        pass  # recorded by probe; `divergence` keeps the smallest difference seen before
    return outcome
