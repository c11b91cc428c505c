"""Run the suite against several engines, one after the other, in this one process.

`python -m mtg_conformance.selfcheck.worker SUITE OUTDIR NAME...` calls pytest.main once per
engine NAME, writing the collector's events to OUTDIR/NAME.jsonl. Paying Python's, pytest's
and the plugins' start-up once per worker instead of once per engine makes the self-check
several times faster; the faults' patches are undone after every case, so engines run in the
same process cannot affect each other (tests/test_selfcheck_catalog.py checks that).

A faulty engine first runs only the tests that cite the rule it breaks (CitingOnly): when one
of them rejects it, it is caught and the other tests can't change that verdict. Only when none
does is the whole suite run, to show which other tests (if any) reject it. This keeps the
self-check fast as the catalog and the suite grow. The first run also keeps the tests that pin
the claims the fault drops (EXTRA_ENV names a JSON file: fault name -> test ids), so the
self-check can show that those very tests reject it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FACTORY_MODULE = "mtg_conformance.selfcheck.faults"
EXTRA_ENV = "MTG_SELFCHECK_CLAIM_TESTS"
COLLECTOR = "mtg_conformance.certify.collector"


def engine_spec(name: str) -> str:
    return f"python:{FACTORY_MODULE}:{name}"


def pytest_args(suite: str, name: str, events: Path) -> list[str]:
    return [suite, "-p", COLLECTOR, "--certify-events", str(events), "--engine", engine_spec(name),
            "-q", "-p", "no:cacheprovider", "--tb=no", "-rN", "--no-header"]


class CitingOnly:
    """A pytest plugin keeping only the conformance tests whose marker cites `rule`, and those
    whose stable id is in `also` (the tests pinning the fault's claims)."""

    def __init__(self, rule: str, also: frozenset[str] = frozenset()) -> None:
        self.rule = rule
        self.also = also

    def pytest_collection_modifyitems(self, session, config, items) -> None:
        from .rules import marker_cites

        keep, drop = [], []
        for item in items:
            marker = item.get_closest_marker("conformance")
            fields = dict(marker.kwargs) if marker else None
            wanted = marker_cites(self.rule, fields) or (fields or {}).get("id") in self.also
            (keep if wanted else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _rejected(events: Path) -> bool:
    import json

    if not events.exists():
        return False
    for line in events.read_text(encoding="utf-8").splitlines():
        event = json.loads(line) if line.strip() else {}
        if event.get("event") == "test" and event.get("outcome") in ("fail", "error"):
            return True
    return False


def _rule_of(name: str) -> str | None:
    if name == "reference":
        return None
    from .faults import CATALOG

    fault = CATALOG.get(name)
    return fault.rule if fault is not None else None


def _claim_tests() -> dict[str, list[str]]:
    import json
    import os

    path = os.environ.get(EXTRA_ENV)
    return json.loads(Path(path).read_text(encoding="utf-8")) if path else {}


def main(argv: list[str]) -> int:
    suite, out, *names = argv
    claim_tests = _claim_tests()
    for name in names:
        print(f"=== engine {name}", flush=True)
        events = Path(out) / f"{name}.jsonl"
        rule = _rule_of(name)
        if rule is not None:
            also = frozenset(claim_tests.get(name, ()))
            pytest.main(pytest_args(suite, name, events), plugins=[CitingOnly(rule, also)])
            if _rejected(events):
                continue
            events.unlink(missing_ok=True)
        pytest.main(pytest_args(suite, name, events))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
