"""Where the README's test command spends its time: runs it (with a JUnit XML report), then prints
its wall time and the summed test durations per category (the generated suite, and each test
module of tests/), largest first. Slow by nature (it runs the whole command, 3-5 minutes on 2
cores); the figures guide what to make faster.

    python benchmarks/test_command_split.py [--serial] [--top N]
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serial", action="store_true", help="without -n auto (the command's serial form)")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "junit.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}"]
        if not args.serial:
            command += ["-n", "auto", "--dist", "worksteal"]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - start
        cases = ET.parse(junit).getroot().iter("testcase")
        totals: dict[str, float] = collections.Counter()
        counts: dict[str, int] = collections.Counter()
        for case in cases:
            module = (case.get("classname") or "").split(".")
            category = "generated_tests (all)" if module[0] == "generated_tests" else ".".join(module[:2])
            totals[category] += float(case.get("time") or 0.0)
            counts[category] += 1
    print(f"command: {' '.join(command[1:])}")
    print(f"wall: {wall:.1f} s; exit {done.returncode}; {sum(counts.values())} tests; "
          f"summed test time {sum(totals.values()):.1f} s")
    for category, seconds in sorted(totals.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"  {seconds:7.1f} s  {counts[category]:5d} tests  {category}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
