"""How far the harness is from its floor: every fixed scenario of the suite judged through the
same harness (protocol check, judge, failure message) with the reference engine, and with a
replay engine that answers each case instantly with the reference engine's recorded answer.
The replay run is the floor (the harness alone); the ratio says what the engine adds.

    python benchmarks/harness_floor.py [--rounds R]

Then the same at certify's level (the whole suite under pytest, one process, CPU of the child
processes): certify of the reference engine and certify of the replay engine (answers recorded
per case; a property's drawn examples are answered by the reference engine), and their ratio.
CPU seconds, best of R rounds; the harness-level runs leave properties out.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtg_adapter.harness import Harness  # noqa: E402
from mtg_conformance.suite_cases import load_tests  # noqa: E402

ANSWERS_ENV = "MTG_BENCH_REPLAY_ANSWERS"


class Replay:
    """Answers each case with the answer recorded for it: an engine that costs nothing (a case
    with no recorded answer, a property's example, goes to the reference engine)."""

    def __init__(self, answers: dict[str, dict]):
        self.answers = answers
        self.reference = Harness("reference").engine

    def hello(self) -> dict:
        return self.reference.hello()

    def run(self, case: dict) -> dict:
        answer = self.answers.get(case["id"])
        return answer if answer is not None else self.reference.run(case)

    def stop(self) -> None:
        pass


def create_engine() -> Replay:
    """`--engine python:harness_floor:create_engine` (benchmarks/ on PYTHONPATH): the recorded
    answers come from the JSON file ANSWERS_ENV names."""
    import os

    return Replay(json.loads(Path(os.environ[ANSWERS_ENV]).read_text(encoding="utf-8")))


def _scenarios() -> list:
    return [t for t in load_tests(ROOT / "spec") if not getattr(t, "given", None)]


def _judge_all(harness: Harness, tests) -> None:
    for test in tests:
        harness.run_scenario(test.id, test.setup, test.steps)


def _best(rounds: int, work) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def _certify_cpu(engine: str, env: dict) -> float:
    """CPU seconds of a certify run (its own and its pytest child's)."""
    import os
    import resource

    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "mtg_conformance", "certify", "--engine", engine, "--out", out],
                       cwd=ROOT, capture_output=True, check=False, env={**os.environ, **env})
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-certify", action="store_true", help="skip the certify wall time")
    args = parser.parse_args(argv)
    tests = _scenarios()
    reference = Harness("reference")
    answers = {}
    for test in tests:
        case, _ = reference.build_case(test.id, test.setup, test.steps)
        answers[case["id"]] = json.loads(json.dumps(reference.engine.run(case)))
    floor = Harness("reference")
    floor._engine = Replay(answers)  # the same harness code around an engine that costs nothing
    with_engine = _best(args.rounds, lambda: _judge_all(reference, tests))
    alone = _best(args.rounds, lambda: _judge_all(floor, tests))
    print(f"scenarios: {len(tests)}")
    print(f"harness + reference engine: {with_engine:.3f} s CPU ({1e3 * with_engine / len(tests):.3f} ms each)")
    print(f"harness alone (replay):     {alone:.3f} s CPU ({1e3 * alone / len(tests):.3f} ms each)")
    print(f"reference / floor:          {with_engine / alone:.2f}x")
    if not args.no_certify:
        import os

        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
            json.dump(answers, fh)
        env = {ANSWERS_ENV: fh.name, "PYTHONPATH": os.pathsep.join(
            [str(Path(__file__).resolve().parent), str(ROOT), os.environ.get("PYTHONPATH", "")])}
        try:
            ref = min(_certify_cpu("reference", env) for _ in range(args.rounds))
            replay = min(_certify_cpu("python:harness_floor:create_engine", env) for _ in range(args.rounds))
        finally:
            os.unlink(fh.name)
        print(f"certify, reference engine:  {ref:.2f} s CPU")
        print(f"certify, replay engine:     {replay:.2f} s CPU (the floor)")
        print(f"reference / floor:          {ref / replay:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
