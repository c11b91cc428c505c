"""Run the generated suite against one engine in a pytest subprocess and read its verdicts.

One subprocess per engine keeps each engine's patches and module state apart; the
certification collector plugin streams one JSON line per test with its conformance marker,
so we know which tests failed and which rules they cite. Several engines run in parallel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

FACTORY_MODULE = "mtg_conformance.selfcheck.faults"
COLLECTOR = "mtg_conformance.certify.collector"
REJECTING = ("fail", "error")


class RunError(Exception):
    """The suite could not run at all for an engine (collection error, usage error...)."""


@dataclass
class TestVerdict:
    id: str
    outcome: str
    marker: dict | None
    message: str = ""


@dataclass
class SuiteRun:
    engine: str
    tests: list[TestVerdict] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rejecting(self) -> list[TestVerdict]:
        return [t for t in self.tests if t.outcome in REJECTING]


def engine_spec(name: str) -> str:
    return f"python:{FACTORY_MODULE}:{name}"


def pytest_command(suite: Path, name: str, events: Path) -> list[str]:
    return [sys.executable, "-m", "pytest", str(suite), "-p", COLLECTOR,
            "--certify-events", str(events), "--engine", engine_spec(name),
            "-q", "-p", "no:cacheprovider", "--tb=no", "-rN", "--no-header"]


def _verdicts(events: Path) -> tuple[list[TestVerdict], bool]:
    tests, finished = [], False
    for line in events.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        event = json.loads(line)
        if event.get("event") == "finished":
            finished = True
        elif event.get("event") == "test":
            marker = event.get("marker") or {}
            tests.append(TestVerdict(id=marker.get("id") or event["nodeid"], outcome=event["outcome"],
                                     marker=marker or None, message=event.get("message") or ""))
    return tests, finished


def run_one(suite: Path, name: str) -> SuiteRun:
    """The suite's verdicts for the engine `name` (a fault, or `reference`)."""
    start = time.monotonic()
    env = dict(os.environ)
    env.setdefault("HYPOTHESIS_PROFILE", "ci")  # derandomized: the same verdicts every run
    with tempfile.TemporaryDirectory(prefix="mtg-selfcheck-") as tmp:
        events = Path(tmp) / "events.jsonl"
        proc = subprocess.run(pytest_command(suite, name, events), stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                              text=True, errors="replace")
        tests, finished = _verdicts(events) if events.exists() else ([], False)
    if proc.returncode not in (0, 1) or not finished:
        tail = "\n".join(proc.stdout.splitlines()[-15:])
        raise RunError(f"pytest exited with {proc.returncode} for engine {name!r}:\n{tail}")
    if not tests:
        raise RunError(f"no conformance tests ran from {suite}")
    return SuiteRun(engine=name, tests=tests, seconds=time.monotonic() - start)


def run_many(suite: Path, names: list[str], jobs: int) -> dict[str, SuiteRun | RunError]:
    """Run every engine; a RunError is returned (not raised) for the engine it concerns."""
    def one(name):
        try:
            return run_one(suite, name)
        except RunError as exc:
            return exc
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return dict(zip(names, pool.map(one, names)))
