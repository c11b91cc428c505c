"""Fuzzer throughput: generated cases per second, reference against reference, in-process.

Each example = draw a case with the fuzzer's strategies, run it on both engines (answers
schema-checked by the harness) and compare every step. Also prints how long drawing alone
takes and how many steps per case the strategies produce, to see where time goes.
Run: python benchmarks/fuzz_throughput.py [examples]   (default 500)
"""

from __future__ import annotations

import sys
import time

from hypothesis import HealthCheck, Verbosity, given, seed, settings

from mtg_conformance.fuzz.differ import Pair
from mtg_conformance.fuzz.runner import fuzz
from mtg_conformance.fuzz.strategies import cases


def draw_only(examples: int) -> tuple[float, int]:
    """Seconds to draw `examples` cases without running them, and the steps drawn."""
    steps = [0]

    @seed(0)
    @settings(max_examples=examples, database=None, deadline=None, verbosity=Verbosity.quiet,
              suppress_health_check=list(HealthCheck))
    @given(cases())
    def draw(case):
        steps[0] += len(case["steps"])

    start = time.perf_counter()
    draw()
    return time.perf_counter() - start, steps[0]


def main(argv: list[str]) -> int:
    examples = int(argv[1]) if len(argv) > 1 else 500
    pair = Pair("reference", "reference")
    start = time.perf_counter()
    outcome = fuzz(pair, examples, seed=0)
    elapsed = time.perf_counter() - start
    if outcome.divergence is not None or outcome.broken is not None:
        print("unexpected: the reference engine differs from itself", file=sys.stderr)
        return 1
    steps = sum(outcome.statuses.values())
    drawing, drawn_steps = draw_only(examples)
    print(f"fuzz reference vs reference, in-process: {outcome.examples} examples in {elapsed:.2f} s")
    print(f"  examples/second:          {outcome.examples / elapsed:8.1f}")
    print(f"  steps/second (x2 engines): {steps / elapsed:8.1f}  ({steps / outcome.examples:.1f} steps per case)")
    print(f"  drawing alone:            {examples / drawing:8.1f} cases/second "
          f"({drawn_steps / examples:.1f} steps per case)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
