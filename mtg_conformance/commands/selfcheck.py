"""`mtg-conformance selfcheck`: does the suite reject engines that get the rules wrong?

Runs the generated suite against every faulty engine of mtg_conformance.selfcheck (the
reference engine with one rule broken) and prints which tests rejected each one. Exit 0 when
every faulty engine is rejected by a test citing the rule it breaks; 1 when one survives or is
rejected only by tests about other rules; 2 when the unpatched reference engine itself fails
the suite, or on a usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selfcheck",
        help="run the suite against faulty engines (one rule broken each) and show which tests catch them",
        description="Run the generated suite against every faulty engine (the reference engine with one "
                    "rule broken) and print a matrix: fault, broken rule, whether it was rejected, by which "
                    "tests, and whether a rejecting test cites the rule. Exit 0 all caught, 1 a fault "
                    "survived or was rejected only by tests citing other rules, 2 the reference engine "
                    "fails the suite or a usage error.",
    )
    parser.add_argument("--suite", type=Path, default=Path("generated_tests"), metavar="DIR",
                        help="the generated test suite (default: ./generated_tests)")
    parser.add_argument("--only", nargs="+", metavar="NAME", default=None,
                        help="run only these faulty engines")
    parser.add_argument("--json", action="store_true", help="print the matrix as JSON")
    parser.add_argument("-j", "--jobs", type=int, default=2, metavar="N",
                        help="engines run in parallel (default 2)")
    parser.add_argument("--list", action="store_true", help="list the faulty engines and exit")
    parser.set_defaults(handler=run)


def _error(message: str) -> int:
    print(f"mtg-conformance selfcheck: error: {message}", file=sys.stderr)
    return 2


def _claim_tests(suite: Path) -> dict[str, tuple[str, ...]] | None:
    """Claim id -> pinning test ids, from the spec beside the suite (None when there is none)."""
    from generator.claims import claim_tests
    from generator.loader import load_spec
    from generator.spec_errors import SpecError
    from mtg_conformance.certify.suite import default_spec_dir

    spec_dir = default_spec_dir(suite)
    if spec_dir is None:
        return None
    try:
        return claim_tests(load_spec(spec_dir))
    except SpecError:
        return None


def run(args: argparse.Namespace) -> int:
    from mtg_conformance.selfcheck import matrix
    from mtg_conformance.selfcheck.faults import CATALOG, witness_problem
    from mtg_conformance.selfcheck.runner import RunError, run_many

    if args.list:
        for fault in CATALOG.values():  # real: modelled on the public report named last
            origin = f"real ({fault.engine}: {fault.report})" if fault.report else "designed"
            print(f"{fault.name}  {fault.rule}  {origin}  {fault.description}")
        return 0
    names = list(CATALOG)
    if args.only:
        unknown = [n for n in args.only if n not in CATALOG]
        if unknown:
            return _error(f"--only: unknown faulty engine(s) {', '.join(unknown)} "
                          "(see `mtg-conformance selfcheck --list`)")
        names = list(dict.fromkeys(args.only))
    if args.jobs < 1:
        return _error(f"--jobs {args.jobs}: must be at least 1")
    if not args.suite.is_dir() or not any(args.suite.glob("test_*.py")):
        return _error(f"--suite {args.suite}: no generated test modules there "
                      "(run `mtg-conformance generate` first)")

    claim_tests = _claim_tests(args.suite)
    fault_tests = None
    if claim_tests is not None:
        fault_tests = {n: sorted({t for c in CATALOG[n].claims for t in claim_tests.get(c, ())})
                       for n in names if CATALOG[n].claims}
    start = time.monotonic()
    runs = run_many(args.suite, ["reference"] + names, args.jobs, fault_tests)
    reference = runs.pop("reference")
    if isinstance(reference, RunError):
        return _error(f"the suite did not run against the reference engine: {reference}")
    if reference.rejecting:
        shown = "\n".join(f"  {t.id}: {t.message.splitlines()[0] if t.message else t.outcome}"
                          for t in reference.rejecting[:10])
        print(f"mtg-conformance selfcheck: the unpatched reference engine fails "
              f"{len(reference.rejecting)} test(s); fix that first:\n{shown}", file=sys.stderr)
        return 2
    rows = [matrix.judge(CATALOG[n], runs[n], witness_problem(CATALOG[n]), claim_tests) for n in names]
    seconds = time.monotonic() - start
    render = matrix.render_json if args.json else matrix.render_text
    sys.stdout.write(render(rows, reference, seconds))
    return matrix.exit_code(rows)
