"""Instructions per scenario of the reference engine, for the cases of a throughput benchmark:
independent of the machine's load, unlike its scenarios per second.

Each case runs in a fresh interpreter under valgrind (cachegrind, no cache simulation), once
N times and once 0 times after the same warm-up run; the difference over N is the figure, so
start-up, imports and the warm-up cancel out. PYTHONHASHSEED is fixed. The count still moves
with the interpreter's memory layout: one commit measured from checkouts at different paths
differed by up to 8 %, so compare the median of a few paths per commit, beside
benchmarks/calls.py (calls per scenario, which layout cannot move). perf's hardware counters
(`perf stat -e instructions:u`) would do as well where the machine has them (a virtual machine
often has none).

    python benchmarks/instructions.py turn_combat_throughput [engine_throughput ...] [-n 100]

The engine measured is the reference_impl the interpreter imports: PYTHONPATH's, else the
installed package's, never the current directory's (set PYTHONPATH to a worktree to measure
another commit with these cases).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# run in the child: the case `sys.argv[2]` of benchmark module `sys.argv[1]`, sys.argv[3] times
CHILD = """
import sys
# `python -c` puts the current directory first on sys.path: drop it, so that the engine measured
# is the one PYTHONPATH (or the installed package) names, not whichever tree the command runs in
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
sys.path.insert(0, {here!r})
from reference_impl.adapter import create_engine
case = __import__(sys.argv[1]).CASES[sys.argv[2]]
engine = create_engine()
answer = engine.run(case)
assert all(r["status"] == "ok" for r in answer["results"]), answer
for _ in range(int(sys.argv[3])):
    engine.run(case)
"""


def instructions(module: str, case: str, n: int) -> int:
    """Instructions valgrind counts for a child running `case` `n` times after the warm-up."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", CHILD.format(here=str(HERE)), module, case, str(n)],
                         capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", help="benchmark modules with CASES (turn_combat_throughput, ...)")
    parser.add_argument("-n", type=int, default=100, help="runs of each case measured (default 100)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    for module in args.modules:
        for case in importlib.import_module(module).CASES:
            per = (instructions(module, case, args.n) - instructions(module, case, 0)) / args.n
            print(f"{module} {case} {per / 1000:.1f}k", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
