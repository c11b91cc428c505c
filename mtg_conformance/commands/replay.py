"""`mtg-conformance replay TEST_ID --engine SPEC [--params JSON]`: run one test, show everything.

Why: a failure in a report should be reproducible with one command, showing the exact case
JSON the engine received, its answer to each step and the verdict, so an engine author can
debug without reading the suite's Python. A property runs its fixed example set (the one
`export` writes) until an example fails, or only the parameters given with --params.
Exit 0: the test passes; 1: it fails (or the engine broke the protocol); 2: usage error;
3: unsupported (a feature the engine does not declare, or an `unsupported:` answer).
"""

from __future__ import annotations

import argparse
import json
import sys

from mtg_adapter.defaults import DEFAULT_TIMEOUT, timeout_seconds

PASS, FAIL, USAGE, UNSUPPORTED = 0, 1, 2, 3


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "replay", help="run one test against an engine, printing the case sent, each answer and the verdict",
        description="Run one conformance test by its stable id and print the exact case JSON sent to the engine, "
                    "each step's answer and the verdict. Exit 0 pass, 1 fail, 2 usage error, 3 unsupported.")
    parser.add_argument("test_id", metavar="TEST_ID",
                        help="the stable test id, e.g. "
                             "kicker/copy-of-kicked-spell-is-kicked::twincast-copy-of-kicked-burst-lightning")
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="a registered name (default: reference), python:MODULE:FACTORY or cmd:COMMAND")
    parser.add_argument("--engine-timeout", type=timeout_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"seconds an out-of-process engine may take per request (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--params", default=None, metavar="JSON",
                        help='for a property: the parameters to run, e.g. \'{"n": 3}\' '
                             '(default: its fixed example set)')
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="also write the exact request stream (hello, each run, stop: one JSON line each, as "
                             "the suite sends them) to FILE, to pipe into the engine by hand: ENGINE < FILE")
    parser.set_defaults(handler=_handle)


def _usage(message: str) -> int:
    print(f"mtg-conformance replay: error: {message}", file=sys.stderr)
    return USAGE


def _params(args, test) -> list[dict | None] | str:
    from mtg_conformance.suite_cases import examples

    if args.params is None:
        return examples(test.given) if test.is_property else [None]
    if not test.is_property:
        return f"--params: {test.id} is a scenario, not a property"
    try:
        params = json.loads(args.params)
    except json.JSONDecodeError as exc:
        return f"--params: not JSON: {exc.msg} (column {exc.colno})"
    if not isinstance(params, dict) or set(params) != set(test.given):
        return f"--params: expected an object with exactly the parameters {', '.join(sorted(test.given))}"
    return [params]


def request_stream(harness, test, runs: list[dict | None]) -> str:
    """The requests `replay` sends, as JSON lines: hello, one run per example (seq 1, 2, ...), stop.
    Encoded as the client encodes them (mtg_adapter.client), so `ENGINE < FILE` sees the same bytes."""
    from mtg_adapter.protocol import PROTOCOL_VERSION

    requests: list[dict] = [{"cmd": "hello", "protocol": PROTOCOL_VERSION}]
    for seq, params in enumerate(runs, start=1):
        case, _ = harness.build_case(test.id, test.setup, test.steps, params)
        requests.append({"cmd": "run", "seq": seq, "case": case})
    requests.append({"cmd": "stop"})
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests)


def _save(path: str, harness, test, runs: list[dict | None]) -> str | None:
    """Write --save's file; an error message when it cannot be written."""
    from mtg_adapter.harness import ScenarioError

    try:
        text = request_stream(harness, test, runs)
    except ScenarioError as exc:
        return f"{test.id}: {exc}"
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        return f"--save {path}: cannot write: {exc.strerror or exc}"
    print(f"saved the request stream ({len(runs) + 2} lines: hello, {len(runs)} run, stop) to {path}; "
          f"replay it by hand with: ENGINE_COMMAND < {path}")
    return None


def _handle(args: argparse.Namespace) -> int:
    from mtg_adapter.harness import EngineBroken, Harness, ScenarioError
    from mtg_adapter.judge import describe_step, failure_message, first_difference, judge, unsupported_reason
    from mtg_adapter.replay_hint import headline
    from mtg_conformance.suite_cases import SuiteError, find_test, load_tests

    try:
        test = find_test(load_tests(), args.test_id)
    except SuiteError as exc:
        return _usage(str(exc))
    runs = _params(args, test)
    if isinstance(runs, str):
        return _usage(runs)
    head = headline(test.id, test.rule, test.cites)
    print(f"test: {head}, from {test.source}; features: {', '.join(test.features) or 'none'}")
    if test.description:
        print(f"  {test.description}")
    harness = Harness(args.engine, timeout=args.engine_timeout)
    if args.save is not None:
        problem = _save(args.save, harness, test, runs)  # before the engine starts: build_case needs none
        if problem is not None:
            harness.close()
            return _usage(problem)
    try:
        try:
            hello = harness.hello()
        except EngineBroken as exc:
            print(f"\nVERDICT: FAIL: {head}: engine failure (the adapter is broken): {exc}")
            return FAIL
        impl = hello["implementation"]
        print(f"engine: {args.engine}: {impl['name']} {impl['version']}")
        missing = sorted(set(test.features) - set(hello.get("features", [])))
        if missing:
            print(f"\nVERDICT: unsupported: the engine does not declare {', '.join(missing)} "
                  "(the suite skips this test for it)")
            return UNSUPPORTED
        for number, params in enumerate(runs, start=1):
            if len(runs) > 1:
                print(f"\n-- example {number} of {len(runs)}: params {json.dumps(params, sort_keys=True)}")
            try:
                case, steps = harness.build_case(test.id, test.setup, test.steps, params)
            except ScenarioError as exc:
                return _usage(f"{test.id}: {exc}")
            print("case sent to the engine (the `case` of the run request, as on the wire):")
            print(json.dumps(case, separators=(",", ":"), ensure_ascii=False))
            try:
                answer = harness.run_case(case)
            except EngineBroken as exc:
                print(f"\nVERDICT: FAIL: {head}: engine failure (the adapter is broken): {exc}")
                return FAIL
            if "initial" in answer:
                print(f"initial view: {json.dumps(answer['initial'], ensure_ascii=False)}")
            verdicts = judge(steps, answer)
            for index, step in enumerate(steps):
                print(f"step {index}: {describe_step(step)}")
                if step.get("expect") is not None:
                    print(f"  expected: {json.dumps(step['expect'], ensure_ascii=False)}")
                result = answer["results"][index] if index < len(answer["results"]) else None
                print(f"  answer: {json.dumps(result, ensure_ascii=False) if result is not None else '(none)'}")
                if index < len(verdicts):
                    verdict = verdicts[index]
                    print("  verdict: pass" if verdict.passed else "  verdict: FAIL")
                    for problem in verdict.problems:
                        print("    " + problem.strip().replace("\n", "\n    "))
            unsupported = unsupported_reason(verdicts)
            if unsupported is not None:
                print(f"\nVERDICT: unsupported by the engine: {unsupported}")
                return UNSUPPORTED
            message = failure_message(verdicts, len(steps))
            if message is not None:
                where = f" with params {json.dumps(params, sort_keys=True)}" if params is not None else ""
                print(f"\nVERDICT: FAIL: {head}{where}: {first_difference(verdicts)}")
                return FAIL
        print(f"\nVERDICT: pass: {head}" + (f" ({len(runs)} examples)" if len(runs) > 1 else ""))
        return PASS
    finally:
        harness.close()
