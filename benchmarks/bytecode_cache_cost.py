"""What compiling from source costs the processes the project's tests start: each command below
run with an empty bytecode cache that it may not write (PYTHONDONTWRITEBYTECODE, as in many
containers: every process compiles the package again) and with a warm cache, and the ratio.

tests/conftest.py lifts PYTHONDONTWRITEBYTECODE for the test run because the README's test
command starts a few hundred such processes. Each cache is a private PYTHONPYCACHEPREFIX folder,
so the checkout's own __pycache__ folders don't warm the cold runs.

    python benchmarks/bytecode_cache_cost.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = {
    "validate the spec": [sys.executable, "-m", "mtg_conformance", "validate"],
    "smoke the reference engine": [sys.executable, "-m", "mtg_conformance", "smoke"],
    "collect the generated suite": [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                                    "--collect-only", "generated_tests"],
}


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'command':32} {'cold s':>8} {'warm s':>8} {'cold/warm':>10}")
    for name, command in COMMANDS.items():
        with tempfile.TemporaryDirectory() as cold_dir, tempfile.TemporaryDirectory() as warm_dir:
            cold_env = {**os.environ, "PYTHONPYCACHEPREFIX": cold_dir, "PYTHONDONTWRITEBYTECODE": "1"}
            warm_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            warm_env["PYTHONPYCACHEPREFIX"] = warm_dir
            timed(command, warm_env)  # fills the warm cache
            cold = statistics.median(timed(command, cold_env) for _ in range(args.runs))
            warm = statistics.median(timed(command, warm_env) for _ in range(args.runs))
        print(f"{name:32} {cold:8.2f} {warm:8.2f} {cold / warm:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
