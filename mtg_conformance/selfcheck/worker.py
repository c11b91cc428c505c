"""Run the suite against several engines, one after the other, in this one process.

`python -m mtg_conformance.selfcheck.worker SUITE OUTDIR NAME...` calls pytest.main once per
engine NAME, writing the collector's events to OUTDIR/NAME.jsonl. Paying Python's, pytest's
and the plugins' start-up once per worker instead of once per engine makes the self-check
several times faster; the faults' patches are undone after every case, so engines run in the
same process cannot affect each other (tests/test_selfcheck_catalog.py checks that).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FACTORY_MODULE = "mtg_conformance.selfcheck.faults"
COLLECTOR = "mtg_conformance.certify.collector"


def engine_spec(name: str) -> str:
    return f"python:{FACTORY_MODULE}:{name}"


def pytest_args(suite: str, name: str, events: Path) -> list[str]:
    return [suite, "-p", COLLECTOR, "--certify-events", str(events), "--engine", engine_spec(name),
            "-q", "-p", "no:cacheprovider", "--tb=no", "-rN", "--no-header"]


def main(argv: list[str]) -> int:
    suite, out, *names = argv
    for name in names:
        print(f"=== engine {name}", flush=True)
        pytest.main(pytest_args(suite, name, Path(out) / f"{name}.jsonl"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
