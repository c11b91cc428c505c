"""What the harness's answer check costs beside the engine (issue: "answer checks that cost no
more than the engine"). Runs every scenario of the suite through the reference engine once,
keeps the answers, then times the reference engine on all cases and the protocol check
(`check_run_answer`) on all answers, and prints both and their ratio.

    python benchmarks/answer_check_cost.py [--rounds R]

CPU time (time.process_time), best of R rounds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtg_adapter.harness import Harness  # noqa: E402
from mtg_adapter.protocol import check_run_answer  # noqa: E402
from mtg_conformance.suite_cases import load_tests  # noqa: E402


def _cases(harness: Harness) -> list[dict]:
    cases = []
    for test in load_tests(ROOT / "spec"):
        if getattr(test, "given", None):
            continue  # properties: their examples are drawn, not fixed
        try:
            case, _ = harness.build_case(test.id, test.setup, test.steps)
        except Exception:  # noqa: BLE001 - a scenario the harness refuses is not timed
            continue
        cases.append(case)
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    harness = Harness("reference")
    engine = harness.engine
    cases = _cases(harness)
    answers = [engine.run(case) for case in cases]
    best_engine = best_check = float("inf")
    for _ in range(args.rounds):
        start = time.process_time()
        for case in cases:
            engine.run(case)
        best_engine = min(best_engine, time.process_time() - start)
        start = time.process_time()
        for case, answer in zip(cases, answers):
            check_run_answer(answer, len(case["steps"]))
        best_check = min(best_check, time.process_time() - start)
    print(f"cases: {len(cases)}")
    print(f"reference engine: {best_engine:.3f} s CPU ({1e3 * best_engine / len(cases):.3f} ms per case)")
    print(f"answer check:     {best_check:.3f} s CPU ({1e3 * best_check / len(cases):.3f} ms per case)")
    print(f"check / engine:   {best_check / best_engine:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
