"""`mtg-conformance fuzz --engine SPEC`: differential testing against another engine.

Why: the spec's scenarios only cover what someone thought of. Random legal games (drawn from
the card catalog by Hypothesis) played by two engines find the rest: after every step both
answers must agree (verdict and full view). A difference is shrunk to a minimal case and
printed as a ready-to-paste spec entry whose `expect` holds the compared engine's answer on
the differing fields, for the maintainer to confirm (or to flip) and to name the rule.

Exit 0: no difference in N examples; 1: a difference (or a broken adapter); 2: usage error.
"""

from __future__ import annotations

import argparse
import sys

from mtg_adapter.defaults import timeout_seconds

DEFAULT_EXAMPLES = 100


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _positive_minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of minutes, got {text!r}") from None
    if not 0 < value <= 24 * 60:
        raise argparse.ArgumentTypeError(f"expected minutes above 0 and at most 1440, got {text}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer seed, got {text!r}") from None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "fuzz",
        help="play random legal games on two engines and report the first difference, shrunk",
        description="Run generated cases on --engine and --against, compare every step's verdict "
                    "and full view, shrink the first difference and print it as a spec entry. "
                    "Exit 0: no difference; 1: difference found (or an engine broke the "
                    "protocol); 2: usage error.",
    )
    parser.add_argument("--engine", required=True, metavar="SPEC",
                        help="the engine under test: a registered name, python:MODULE:FACTORY or cmd:COMMAND")
    parser.add_argument("--against", default="reference", metavar="SPEC",
                        help="the engine it is compared with (default: reference); its answers "
                             "become the `expect` of the printed entry")
    parser.add_argument("--examples", type=_positive, default=DEFAULT_EXAMPLES, metavar="N",
                        help=f"how many cases to generate (default {DEFAULT_EXAMPLES})")
    parser.add_argument("--seed", type=_seed, default=None, metavar="S",
                        help="random seed (default: derandomized; the same run every time)")
    parser.add_argument("--max-steps", type=_positive, default=6, metavar="M",
                        help="at most this many steps per case (default 6)")
    parser.add_argument("--shrink-budget", type=_positive, default=200, metavar="K",
                        help="run at most K more cases to shrink a difference (default 200); "
                             "a greedy deletion pass follows")
    parser.add_argument("--engine-timeout", type=timeout_seconds, default=10.0, metavar="SECONDS",
                        help="seconds an out-of-process engine may take per case (default 10)")
    parser.add_argument("--skip-missing", action="store_true",
                        help="don't compare a field the engine under test leaves out of a player, card, "
                             "stack item or token (the contract makes most fields optional); default: "
                             "a missing field is a difference")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of text")
    parser.add_argument("--minutes", type=_positive_minutes, default=None, metavar="M",
                        help="a campaign: fuzz runs with seeds --seed (default 1), +1, +2, ... until M "
                             "minutes have passed, each distinct difference printed once with its "
                             "smallest entry (exit 1 if any)")
    parser.set_defaults(handler=run)


def _check_spec(spec: str) -> str | None:
    """Resolve a spec once to report a bad one as a usage error (nothing is started)."""
    from mtg_adapter.engines import EngineSpecError, resolve

    try:
        engine = resolve(spec)
    except EngineSpecError as exc:
        return str(exc)
    try:
        engine.stop()
    except Exception:
        pass
    return None


def run(args: argparse.Namespace) -> int:
    from mtg_adapter.harness import EngineBroken
    from mtg_conformance.fuzz.differ import Pair
    from mtg_conformance.fuzz.report import report
    from mtg_conformance.fuzz.runner import fuzz

    for option, spec in (("--engine", args.engine), ("--against", args.against)):
        problem = _check_spec(spec)
        if problem is not None:
            print(f"mtg-conformance fuzz: error: {option}: {problem}", file=sys.stderr)
            return 2
    pair = Pair(args.engine, args.against, timeout=args.engine_timeout, skip_missing=args.skip_missing)
    try:
        try:
            ours, theirs = pair.hello()
        except EngineBroken as exc:
            return report(args, None, handshake=str(exc))
        declared = set(ours.get("features", [])) & set(theirs.get("features", []))
        if args.minutes is not None:
            return _campaign(args, pair, declared)
        outcome = fuzz(pair, args.examples, seed=args.seed, max_steps=args.max_steps,
                       features=declared, shrink_budget=args.shrink_budget)
        return report(args, outcome)
    finally:
        pair.close()



def _campaign(args: argparse.Namespace, pair, declared: set) -> int:
    import json

    from mtg_conformance.fuzz.campaign import campaign, text
    from mtg_conformance.fuzz.runner import fuzz

    def run_one(seed: int, already_found):
        return fuzz(pair, args.examples, seed=seed, max_steps=args.max_steps, features=declared,
                    shrink_budget=args.shrink_budget, already_found=already_found)

    result = campaign(run_one, args.minutes, first_seed=1 if args.seed is None else args.seed)
    if args.json:
        print(json.dumps({"engine": args.engine, "against": args.against, "runs": result.runs,
                          "examples": result.examples, "seconds": round(result.seconds, 1),
                          "differences": [{"signature": f.signature, "seeds": f.seeds, "yaml": f.yaml}
                                          for f in result.findings.values()],
                          "broken": [{"seed": s, "message": m} for s, m in result.broken]},
                         ensure_ascii=False, indent=2))
    else:
        print(text(result, args.engine, args.against))
    return 1 if result.findings or result.broken else 0
