"""A thin convenience over `run_case` for the engine's own tests and benchmarks: build a case
from a setup and steps, run it, and return the per-step results (failing loudly on errored)."""

from __future__ import annotations

from .runner import run_case


class Errored(AssertionError):
    """The engine answered `errored` where the caller did not expect it."""


def play(setup: dict, steps: list, allow_errored: bool = False) -> list[dict]:
    out = run_case({"setup": setup, "steps": steps})
    results = out["results"]
    if not allow_errored:
        for i, r in enumerate(results):
            if r["status"] == "errored":
                raise Errored(f"step {i}: {r['message']}")
    return results


def last_view(setup: dict, steps: list) -> dict:
    """The view after the last step, requiring every step to be ok."""
    results = play(setup, steps)
    for i, r in enumerate(results):
        if r["status"] != "ok":
            raise AssertionError(f"step {i} ({steps[i]}) was {r['status']}: {r.get('reason')}")
    return results[-1]["view"]


def alice(**zones) -> dict:
    """Setup with only alice's zones given (bob empty)."""
    return {"players": {"alice": zones}}


def cards(*items) -> list:
    """[("Burst Lightning", "bolt"), ...] -> card items."""
    return [{"card": c, "label": lab} for c, lab in items]
