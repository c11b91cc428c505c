"""Judge an engine's answer to a case against the scenario's expectations, step by step.

The engine never judges itself: it answers with statuses and views, and this module decides,
with the one comparator (mtg_adapter.compare). Rules (ADAPTERS.md, "How results are judged"):

- a step without `expect` must be `ok`;
- `expect: {illegal: true, ...}` needs status `illegal` and the view unchanged from the view
  before the step: the previous step's view, or for step 0 the engine's `initial` view; when
  the engine gave no `initial`, step 0 is judged on its status only;
- any other `expect` needs status `ok` and a view matching the partial view;
- keys `illegal` and `rule` are not view keys; `rule` is informational;
- `errored` fails the step (and the case stops there), except that an `errored` message
  starting with `unsupported: ` (the engine cannot express this step or setup) makes the whole
  scenario unsupported: reported as a skip, never as a pass or a failure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from mtg_adapter.compare import check_illegal, compare, cut, format_diff

NOT_VIEW_KEYS = ("illegal", "rule")
UNSUPPORTED_MESSAGE_PREFIX = "unsupported: "


@dataclass
class StepVerdict:
    """The judgement of one step: `problems` is empty when the step passed."""

    index: int
    step: dict
    status: str | None
    problems: list[str] = field(default_factory=list)
    unsupported: str | None = None  # the engine's reason when it cannot express this step

    @property
    def passed(self) -> bool:
        return not self.problems


def split_steps(steps: list[dict]) -> tuple[list[dict], list[dict | None]]:
    """The case steps (without `expect`) and each step's expectation (or None)."""
    case_steps, expects = [], []
    for step in steps:
        case_steps.append({k: v for k, v in step.items() if k != "expect"})
        expects.append(step.get("expect"))
    return case_steps, expects


def describe_step(step: dict) -> str:
    """A step as compact JSON, e.g. `{"cast": {"card": "bolt", "targets": ["bob"]}}`."""
    return json.dumps({k: v for k, v in step.items() if k != "expect"}, separators=(", ", ": "), ensure_ascii=False)


def judge(steps: list[dict], answer: dict) -> list[StepVerdict]:
    """Verdicts for each step up to and including the first failing one.

    `steps` still carry their `expect`; `answer` is a run answer already checked against
    the protocol schema (mtg_adapter.protocol.check_run_answer).
    """
    results = answer["results"]
    before = answer.get("initial")
    verdicts: list[StepVerdict] = []
    for index, step in enumerate(steps):
        expect = step.get("expect")
        if index >= len(results):
            verdict = StepVerdict(index, step, None, ["the engine gave no result for this step"])
            verdicts.append(verdict)
            break
        result = results[index]
        verdict = StepVerdict(index, step, result["status"])
        verdict.problems = _judge_step(result, expect, before, index)
        message = result.get("message", "") if result["status"] == "errored" else ""
        if message.startswith(UNSUPPORTED_MESSAGE_PREFIX):
            verdict.unsupported = cut(message[len(UNSUPPORTED_MESSAGE_PREFIX):], 200)
        verdicts.append(verdict)
        if not verdict.passed:
            break
        before = result.get("view")
    return verdicts


def _judge_step(result: dict, expect: dict | None, before: dict | None, index: int) -> list[str]:
    status = result["status"]
    if status == "errored":
        return [f"the engine errored: {cut(str(result.get('message', '')))}"]
    expect = expect or {}
    problems: list[str] = []
    if expect.get("illegal") is True:
        problems += check_illegal(result, before)
        if problems:
            return problems
    elif status != "ok":
        reason = cut(str(result.get("reason", "")))
        return [f"expected the step to be legal, the engine rejected it as illegal: {reason}"]
    partial = {k: v for k, v in expect.items() if k not in NOT_VIEW_KEYS}
    if partial:
        diffs = compare(partial, result.get("view"))
        if diffs:
            problems.append("the view does not match the expectation:")
            problems.append(format_diff(diffs))
    return problems


def unsupported_reason(verdicts: list[StepVerdict]) -> str | None:
    """The engine's reason when the first failing step is one it declared it cannot express."""
    for verdict in verdicts:
        if not verdict.passed:
            return verdict.unsupported
    return None


def failure_message(verdicts: list[StepVerdict], n_steps: int) -> str | None:
    """The readable failure for the first failing step, or None when every step passed."""
    for verdict in verdicts:
        if not verdict.passed:
            head = f"step {verdict.index} of {n_steps}: {describe_step(verdict.step)}"
            expect = verdict.step.get("expect")
            lines = [head]
            if expect is not None:
                lines.append(f"  expected: {json.dumps(expect, ensure_ascii=False)}")
            lines += ["  " + p if not p.startswith("  ") else p for p in verdict.problems]
            return "\n".join(lines)
    return None


def first_difference(verdicts: list[StepVerdict]) -> str | None:
    """One line for a headline: the first failing step and its first problem, e.g.
    `step 1: stack[0].times_kicked: expected 2, observed 1`."""
    for verdict in verdicts:
        if not verdict.passed:
            problems = verdict.problems
            detail = problems[0]
            if detail.endswith(":") and len(problems) > 1:  # "the view does not match ...:" + the diff lines
                detail = problems[1].strip().splitlines()[0].strip()
            return f"step {verdict.index}: {detail}"
    return None
