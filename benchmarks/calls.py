"""Python function calls per scenario of the reference engine, for the cases of a throughput
benchmark, and their ratio against another checkout: a figure memory layout cannot move.

Instruction counts (benchmarks/instructions.py) are independent of the machine's load but not of
the interpreter's memory layout: the same commit measured from two checkout paths differed by up
to 8 % (attribute and dict look-ups collide differently), more than a 5 % budget. The number of
calls a case makes (cProfile's count, builtins included) is exact and repeatable; it does not
see work done inside a call, so read both figures.

    python benchmarks/calls.py turn_combat_throughput engine_throughput [--against /path/to/baseline]

The engine measured is the reference_impl the interpreter imports (PYTHONPATH's, else the
installed package's, never the current directory's); `--against` measures the checkout at that
path in a second interpreter and prints the ratio.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = 20

# run in a child: calls per run of every case of the benchmark modules sys.argv[1:], as JSON
CHILD = """
import cProfile, json, pstats, sys
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
sys.path.insert(0, {here!r})
from reference_impl.adapter import create_engine
out = {{}}
for module in sys.argv[1:]:
    for name, case in __import__(module).CASES.items():
        engine = create_engine()
        answer = engine.run(case)
        assert all(r["status"] == "ok" for r in answer["results"]), answer
        profile = cProfile.Profile()
        profile.enable()
        for _ in range({runs}):
            engine.run(case)
        profile.disable()
        out[module + " " + name] = sum(v[1] for v in pstats.Stats(profile).stats.values()) / {runs}
print(json.dumps(out))
"""


def calls(modules: list[str], pythonpath: str | None) -> dict[str, float]:
    """Calls per run of each case, measured in a fresh interpreter importing `pythonpath`'s engine."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, "-c", CHILD.format(here=str(HERE), runs=RUNS), *modules],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", help="benchmark modules with CASES (turn_combat_throughput, ...)")
    parser.add_argument("--against", metavar="PATH", help="a checkout to compare with (its reference_impl)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    for module in args.modules:
        importlib.import_module(module)  # a misspelt module fails here, not in the child
    now = calls(args.modules, os.environ.get("PYTHONPATH"))
    base = calls(args.modules, args.against) if args.against else {}
    for case, n in now.items():
        line = f"{case} {n:.0f}"
        if case in base:
            line += f" (against {base[case]:.0f}: {n / base[case]:.3f})"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
