"""Turn the pytest reports of one test (setup, call, teardown) into one conformance outcome.

Kept apart from the collector so the mapping can be unit-tested without running pytest.
"""

from __future__ import annotations

OUTCOMES = ("pass", "fail", "unsupported", "expected-failure", "unexpectedly-passing", "error", "skipped")
# Outcomes that make a run a regression (CI must fail on them).
REGRESSIONS = ("fail", "unexpectedly-passing", "error")
UNSUPPORTED_PREFIXES = ("unsupported feature: ", "unsupported by the engine: ")  # mtg_adapter.pytest_plugin
XPASS_STRICT_PREFIX = "[XPASS(strict)]"
# The plugin reports a broken adapter/engine (crash, hang, garbage) this way, after the test id and
# rule: an error, not a verdict.
ENGINE_BROKEN = "engine failure (the adapter is broken)"
MAX_MESSAGE = 20000


def skip_reason(longrepr) -> str:
    """The reason of a skip report (longrepr is (path, line, "Skipped: reason"), a list over xdist)."""
    if isinstance(longrepr, (tuple, list)) and len(longrepr) == 3:
        reason = str(longrepr[2])
    else:
        reason = str(longrepr or "")
    return reason[len("Skipped: "):] if reason.startswith("Skipped: ") else reason


def failure_message(report) -> str:
    """The readable failure text: the exception message without the traceback when there is one."""
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    if isinstance(longrepr, str):
        text = longrepr
    else:
        crash = getattr(longrepr, "reprcrash", None)
        text = crash.message if crash is not None and crash.message else str(longrepr)
    if text.startswith("Failed: "):
        text = text[len("Failed: "):]
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE] + "\n[... truncated]"
    return text


def classify(phase: str, report) -> tuple[str, str] | None:
    """(outcome, message) decided by this phase's report, or None when the phase says nothing.

    `report` is a pytest TestReport (or its xdist-deserialized twin): attributes `outcome`,
    `longrepr`, optional `wasxfail`.
    """
    outcome = report.outcome
    wasxfail = getattr(report, "wasxfail", None)
    if outcome == "skipped":
        if wasxfail is not None:
            reason = failure_message(report) if phase == "call" else ""
            return "expected-failure", reason or str(wasxfail)
        reason = skip_reason(report.longrepr)
        if reason.startswith(UNSUPPORTED_PREFIXES):
            return "unsupported", reason
        return "skipped", reason
    if outcome == "failed":
        if phase == "call":
            if isinstance(report.longrepr, str) and report.longrepr.startswith(XPASS_STRICT_PREFIX):
                return "unexpectedly-passing", report.longrepr
            if isinstance(report.longrepr, str) and ENGINE_BROKEN in report.longrepr.split("\n", 1)[0]:
                return "error", report.longrepr
            return "fail", failure_message(report)
        return "error", f"error in {phase}: {failure_message(report)}"
    if phase == "call":
        if wasxfail is not None:
            return "unexpectedly-passing", f"[XPASS] {wasxfail}"
        return "pass", ""
    return None


def combine(decisions: list[tuple[str, str]]) -> tuple[str, str]:
    """The outcome of a whole test from its phases' decisions, in phase order.

    A setup that skips or errors decides alone; a teardown error turns any outcome into an error.
    """
    if not decisions:
        return "error", "no report for this test"
    outcome, message = decisions[0]
    for later, later_message in decisions[1:]:
        if later == "error":
            return later, later_message
    return outcome, message
