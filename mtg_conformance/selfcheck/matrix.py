"""Judge each faulty engine's run and render the self-check matrix (text or JSON).

A fault is CAUGHT when at least one test rejects it (fails or errors) and at least one of the
rejecting tests cites the rule it breaks; REJECTED-UNCITED when only tests about other rules
reject it; SURVIVED when every test passes; BROKEN-FAULT when its patch no longer makes the
engine answer its witness case differently (so a rejection would prove nothing); CLAIM-UNPROVEN
when it is rejected but, for a claim it drops, none of the scenarios pinning that claim rejects
it (the claim's scenarios do not test what the claim says).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .fault import Fault
from .rules import marker_cites
from .runner import RunError, SuiteRun

CAUGHT, UNCITED, SURVIVED, NOT_RUN = "caught", "rejected-uncited", "survived", "not-run"
UNPROVEN = "claim-unproven"  # rejected, but not by any scenario pinning a claim it drops
BROKEN = "broken-fault"  # the fault's patch no longer changes the engine: nothing to judge
SHOWN_TESTS = 3
ID_WIDTH = 64


@dataclass
class Row:
    fault: Fault
    verdict: str
    rejecting: list          # Verdict
    citing: list             # ids of rejecting tests that cite the rule
    error: str = ""


def judge(fault: Fault, run: SuiteRun | RunError, problem: str | None = None,
          claim_tests: dict[str, tuple[str, ...]] | None = None) -> Row:
    """The verdict on one fault; `claim_tests` maps claim ids to the tests that pin them."""
    if problem is not None:
        return Row(fault, BROKEN, [], [], error=problem)
    if isinstance(run, RunError):
        return Row(fault, NOT_RUN, [], [], error=str(run))
    rejecting = run.rejecting
    citing = [t.id for t in rejecting if marker_cites(fault.rule, t.marker)]
    verdict = SURVIVED if not rejecting else CAUGHT if citing else UNCITED
    if verdict == CAUGHT and fault.claims and claim_tests is not None:
        rejected, ran = {t.id for t in rejecting}, {t.id for t in run.tests}
        # a claim whose scenarios are not in this suite at all (a --suite subset) can't be judged here
        unproven = [c for c in fault.claims
                    if ran & set(claim_tests.get(c, ())) and not rejected & set(claim_tests.get(c, ()))]
        if unproven:
            return Row(fault, UNPROVEN, rejecting, citing, error="no scenario pinning claim(s) "
                       + ", ".join(unproven) + " rejects this fault (the claim's scenarios miss it)")
    return Row(fault, verdict, rejecting, citing)


def _abbreviate(test_id: str) -> str:
    return test_id if len(test_id) <= ID_WIDTH else test_id[:ID_WIDTH - 3] + "..."


def render_text(rows: list[Row], reference: SuiteRun, seconds: float) -> str:
    name_w = max(len(r.fault.name) for r in rows) if rows else 10
    lines = [f"reference engine: {len(reference.tests)} tests, "
             f"{len(reference.tests) - len(reference.rejecting)} pass (sanity check)", "",
             f"{'faulty engine':{name_w}}  {'rule':8}  {'verdict':16}  {'cites':5}  rejecting tests"]
    for r in rows:
        cite = "yes" if r.citing else "no"
        tests = r.citing + [t.id for t in r.rejecting if t.id not in r.citing]
        shown = ", ".join(_abbreviate(t) for t in tests[:SHOWN_TESTS])
        more = f" (+{len(tests) - SHOWN_TESTS} more)" if len(tests) > SHOWN_TESTS else ""
        detail = r.error.splitlines()[0] if r.error else f"{len(tests)}: {shown}{more}" if tests else "-"
        lines.append(f"{r.fault.name:{name_w}}  {r.fault.rule:8}  {r.verdict.upper():16}  {cite:5}  {detail}")
        lines.append(f"{'':{name_w}}    {r.fault.description}")
    counts = {v: sum(1 for r in rows if r.verdict == v) for v in (CAUGHT, UNCITED, SURVIVED, NOT_RUN, BROKEN)}
    lines += ["", f"{len(rows)} faulty engines: " + ", ".join(f"{n} {v}" for v, n in counts.items() if n)
              + f" ({seconds:.1f} s)"]
    return "\n".join(lines) + "\n"


def render_json(rows: list[Row], reference: SuiteRun, seconds: float) -> str:
    doc = {
        "reference": {"tests": len(reference.tests), "failing": [t.id for t in reference.rejecting]},
        "faults": [{
            "name": r.fault.name, "rule": r.fault.rule, "description": r.fault.description,
            "verdict": r.verdict, "cites_rule": bool(r.citing),
            "rejecting_tests": [t.id for t in r.rejecting], "citing_tests": r.citing,
            **({"error": r.error} if r.error else {}),
        } for r in rows],
        "seconds": round(seconds, 1),
    }
    return json.dumps(doc, indent=2, sort_keys=False) + "\n"


def exit_code(rows: list[Row]) -> int:
    """0 when every faulty engine is caught by a test citing its rule, else 1."""
    return 0 if all(r.verdict == CAUGHT for r in rows) else 1
