"""How much slower is the suite out of process (JSON lines) than in process? Target: <= 3x.

Runs the generated suite twice, with `--engine reference` and with
`--engine "cmd:<python> -m mtg_conformance serve-reference"`, and prints both wall times, the
ratio and whether the outcomes agree. If generated_tests/ holds no tests yet, it times a
fixed list of cases through the harness instead (same engine, both ways).

    python benchmarks/out_of_process_ratio.py [--repeat N] [--rounds R]

The machine may be shared, so the two modes run alternately R times and the best (minimum)
time of each is compared.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CMD_ENGINE = f"cmd:{sys.executable} -m mtg_conformance serve-reference"
SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?|deselected)")


def _suite_run(engine: str) -> tuple[float, dict[str, int]]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "generated_tests", "-q", "-p", "no:cacheprovider", "--engine", engine],
        cwd=ROOT, capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    return elapsed, {kind: int(n) for n, kind in SUMMARY.findall(last)}


def _fixed_cases() -> list[tuple[str, dict, list[dict]]]:
    bolt = {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}}
    burst = {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "burst"}], "mana": "{R}{R}{R}{R}{R}"}}}
    return [
        ("bench::bolt", bolt, [{"cast": {"card": "bolt", "targets": ["bob"]}},
                               {"resolve": {}, "expect": {"players": {"bob": {"life": 17}}}}]),
        ("bench::bolt-illegal", {"players": {"alice": {"hand": bolt["players"]["alice"]["hand"]}}},
         [{"cast": {"card": "bolt", "targets": ["bob"]}, "expect": {"illegal": True}}]),
        ("bench::burst-kicked", {"players": {"alice": {**burst["players"]["alice"], "mana": "{R}{R}{R}{R}{R}"}}},
         [{"cast": {"card": "burst", "targets": ["bob"], "kicks": 1}},
          {"resolve": {}, "expect": {"players": {"bob": {"life": 16}}}}]),
    ]


def _cases_run(engine: str, repeat: int) -> tuple[float, dict[str, int]]:
    from mtg_adapter.harness import Harness

    harness = Harness(engine, timeout=30)
    counts = {"passed": 0, "failed": 0}
    start = time.perf_counter()
    try:
        harness.hello()
        for _ in range(repeat):
            for case_id, setup, steps in _fixed_cases():
                _, message = harness.run_scenario(case_id, setup, steps)
                counts["passed" if message is None else "failed"] += 1
    finally:
        harness.close()
    return time.perf_counter() - start, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=100, help="repetitions of the fixed cases (fallback mode)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per mode; the minimum counts")
    args = parser.parse_args()
    generated = sorted((ROOT / "generated_tests").glob("test_*.py"))
    if generated:
        mode = f"generated suite ({len(generated)} modules), pytest wall time, best of {args.rounds}"
        run_in, run_out = (lambda: _suite_run("reference")), (lambda: _suite_run(CMD_ENGINE))
    else:
        mode = f"fixed cases x {args.repeat} through the harness (generated_tests/ is empty), best of {args.rounds}"
        run_in, run_out = (lambda: _cases_run("reference", args.repeat)), (lambda: _cases_run(CMD_ENGINE, args.repeat))
    ins, outs = [], []
    for _ in range(max(args.rounds, 1)):
        ins.append(run_in())
        outs.append(run_out())
    inproc, in_counts = min(ins)
    outproc, out_counts = min(outs)
    if any(counts != in_counts for _, counts in ins + outs):
        in_counts = {"differing across runs": [c for _, c in ins]}
    ratio = outproc / inproc if inproc else float("inf")
    print(f"mode: {mode}")
    print(f"in-process:     {inproc:8.2f} s  {in_counts}")
    print(f"out-of-process: {outproc:8.2f} s  {out_counts}")
    print(f"ratio:          {ratio:8.2f}x  (target <= 3x: {'met' if ratio <= 3 else 'NOT met'})")
    print(f"outcomes agree: {'yes' if in_counts == out_counts else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
