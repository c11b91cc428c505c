"""What a failing test costs the harness over a skipped one: the whole generated suite under
pytest, in one process, against an engine that fails many tests (the tiny kicker engine of the
test fixtures: it declares few features, so most tests are reported unsupported, and it gets a
few hundred wrong). A failure's report is its message (test id, rule, first difference); pytest
formatting a traceback through the generated module for each failure cost ~0.15 s a failure
before the plugin stopped asking for it (the run took 43 s instead of 5 s).

    python benchmarks/failure_report_cost.py [--rounds R]

Prints, best of R rounds, the run's CPU seconds (the pytest child's), its outcome counts, and the
CPU per test (ratio: a certification with many failures should cost about what one without does).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "engines"
ENGINES = {"tiny kicker engine (many failures)": "python:tiny_engine:create_kicker_engine",
           "reference engine (no failure)": "reference"}


def _run(engine: str) -> tuple[float, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(FIXTURES), str(ROOT)]), HYPOTHESIS_PROFILE="ci")
    env.pop("PYTEST_ADDOPTS", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "generated_tests"), "-q",
                               "-p", "no:cacheprovider", "-p", "no:xdist", "--engine", engine],
                              cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = proc.stdout.strip().splitlines()
    return cpu, lines[-1] if lines else proc.stderr[-300:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    for title, engine in ENGINES.items():
        runs = [_run(engine) for _ in range(max(1, args.rounds))]
        cpu, summary = min(runs)
        counts = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|skipped|xfailed)", summary)}
        tests = sum(counts.values()) or 1
        print(f"{title}: {cpu:.1f} s CPU for {tests} tests ({summary.split(' in ')[0]}); "
              f"{1000 * cpu / tests:.1f} ms a test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
