"""`mtg-conformance generate [--check]`: spec -> pytest modules in generated_tests/.

Nothing is written unless the whole spec loads and renders; then the output directory is
replaced at once (orphaned modules disappear). `--check` writes nothing and fails when the
committed modules differ from what the spec generates (CI runs it).

Run on this repository's own spec, it also writes (or, with --check, checks) the documents
generated from the spec and the suite: the per-feature contract pages and ADAPTERS.md's
generated parts (generator.contract_docs) and the real-bugs page with the README's summary
(mtg_conformance.selfcheck.real_bugs), so one command keeps every generated table fresh.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtg_conformance.commands._spec_input import load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "generate",
        help="generate the pytest suite from the spec",
        description="Render spec/rules/*.yaml into pytest modules (one per spec file).",
    )
    parser.add_argument("--spec", type=Path, default=Path("spec"), metavar="DIR",
                        help="spec directory (default: ./spec)")
    parser.add_argument("--out", type=Path, default=Path("generated_tests"), metavar="DIR",
                        help="output directory, holding generated files only (default: ./generated_tests)")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 listing stale, missing or orphaned modules")
    parser.set_defaults(handler=run)


def _repository_documents(spec: Path, check: bool) -> int:
    """Write or check the repository's generated documents; 0 fresh/written, 1 stale, 2 error."""
    from generator import contract_docs

    if spec.resolve() != contract_docs.ROOT / "spec" or not contract_docs.ADAPTERS.is_file():
        return 0  # an installed suite or another spec: there are no such documents to keep
    from mtg_conformance.selfcheck import real_bugs

    if check:
        try:
            stale = contract_docs.stale(contract_docs.build())
        except (contract_docs.RegistryError, RuntimeError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        for line in stale:
            print(f"stale: {line}")
        status = real_bugs.main(["--check"])
        if stale or status:
            print("generated documents are out of date; run `mtg-conformance generate`", file=sys.stderr)
            return 1
        return 0
    status = contract_docs.main([])
    return status or real_bugs.main([])


def run(args: argparse.Namespace) -> int:
    import shutil

    from generator.pipeline import render_spec
    from generator.writer import differences, stale_staging, write_tree

    files = load_or_report(args.spec, render_spec, "{n} spec error(s); nothing written")
    if files is None:
        return 1
    diffs = differences(files, args.out)
    if args.check:
        for leftover in stale_staging(args.out):
            print(f"note: {leftover} is a staging folder left by an interrupted run; "
                  "`mtg-conformance generate` removes it", file=sys.stderr)
        if diffs:
            for diff in diffs:
                print(diff)
            print(f"{args.out} is out of date ({len(diffs)} file(s)); run `mtg-conformance generate`",
                  file=sys.stderr)
            return 1
        print(f"OK: {len(files)} generated module(s) in {args.out} are up to date")
        return _repository_documents(args.spec, check=True)
    for leftover in stale_staging(args.out):
        shutil.rmtree(leftover, ignore_errors=True)
        print(f"removed {leftover} (a staging folder left by an interrupted run)")
    if not diffs:
        print(f"generated {len(files)} module(s) in {args.out} (no changes)")
        return _repository_documents(args.spec, check=False)
    try:
        write_tree(files, args.out)
    except OSError as exc:
        print(f"error: {exc}; nothing written", file=sys.stderr)
        return 1
    for diff in diffs:
        print({"stale": "updated", "missing": "created", "orphaned": "removed"}.get(diff.status, diff.status)
              + f": {diff.name}")
    print(f"generated {len(files)} module(s) in {args.out}")
    return _repository_documents(args.spec, check=False)
