"""Run the generated suite against engines in worker subprocesses and read their verdicts.

Each worker (mtg_conformance.selfcheck.worker) runs pytest once per engine with the
certification collector plugin, which streams one JSON line per test with its conformance
marker, so we know which tests failed and which rules they cite. `jobs` workers share the
engines round-robin and run in parallel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from mtg_adapter.errors import ConformanceError

REJECTING = ("fail", "error")
WORKER = "mtg_conformance.selfcheck.worker"
EXTRA_ENV = "MTG_SELFCHECK_CLAIM_TESTS"  # the worker reads it (worker.EXTRA_ENV)


class RunError(ConformanceError):
    """The suite could not run for an engine (collection error, crash...)."""


@dataclass
class Verdict:
    id: str
    outcome: str
    marker: dict | None
    message: str = ""


@dataclass
class SuiteRun:
    engine: str
    tests: list[Verdict] = field(default_factory=list)

    @property
    def rejecting(self) -> list[Verdict]:
        return [t for t in self.tests if t.outcome in REJECTING]


def _read(events: Path, name: str, log: str) -> SuiteRun | RunError:
    if not events.exists():
        return RunError(f"the suite did not run for engine {name!r}:\n{log}")
    tests, status = [], None
    for line in events.read_text(encoding="utf-8").splitlines():
        event = json.loads(line) if line.strip() else {}
        if event.get("event") == "finished":
            status = event.get("exitstatus")
        elif event.get("event") == "test":
            marker = event.get("marker") or {}
            tests.append(Verdict(id=marker.get("id") or event["nodeid"], outcome=event["outcome"],
                                 marker=marker or None, message=event.get("message") or ""))
    if status not in (0, 1):
        return RunError(f"pytest ended with exit status {status} for engine {name!r}:\n{log}")
    if not tests:
        return RunError(f"no conformance tests ran for engine {name!r}")
    return SuiteRun(engine=name, tests=tests)


def _worker(suite: Path, names: list[str], out: Path, extra: Path | None = None) -> str:
    env = dict(os.environ)
    env.setdefault("HYPOTHESIS_PROFILE", "ci")  # derandomized: the same verdicts every run
    if extra is not None:
        env[EXTRA_ENV] = str(extra)
    proc = subprocess.run([sys.executable, "-m", WORKER, str(suite), str(out), *names],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, env=env, text=True, errors="replace")
    return "\n".join(proc.stdout.splitlines()[-15:])


def run_many(suite: Path, names: list[str], jobs: int,
             claim_tests: dict[str, list[str]] | None = None) -> dict[str, SuiteRun | RunError]:
    """Every engine's run; a RunError is returned (not raised) for the engine it concerns.

    `claim_tests` (fault name -> test ids) are run as well as the tests citing the fault's rule."""
    jobs = max(1, min(jobs, len(names)))
    chunks = [names[i::jobs] for i in range(jobs)]
    with tempfile.TemporaryDirectory(prefix="mtg-selfcheck-") as tmp:
        out = Path(tmp)
        extra = None
        if claim_tests:
            extra = out / "claim-tests.json"
            extra.write_text(json.dumps(claim_tests), encoding="utf-8")
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            logs = list(pool.map(lambda chunk: _worker(suite, chunk, out, extra), chunks))
        log_of = {name: log for chunk, log in zip(chunks, logs) for name in chunk}
        return {name: _read(out / f"{name}.jsonl", name, log_of[name]) for name in names}

