"""`mtg-conformance generate [--check]`: spec -> pytest modules in generated_tests/.

Nothing is written unless the whole spec loads and renders; then the output directory is
replaced at once (orphaned modules disappear). `--check` writes nothing and fails when the
committed modules differ from what the spec generates (CI runs it).
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
        return 0
    for leftover in stale_staging(args.out):
        shutil.rmtree(leftover, ignore_errors=True)
        print(f"removed {leftover} (a staging folder left by an interrupted run)")
    if not diffs:
        print(f"generated {len(files)} module(s) in {args.out} (no changes)")
        return 0
    try:
        write_tree(files, args.out)
    except OSError as exc:
        print(f"error: {exc}; nothing written", file=sys.stderr)
        return 1
    for diff in diffs:
        print({"stale": "updated", "missing": "created", "orphaned": "removed"}.get(diff.status, diff.status)
              + f": {diff.name}")
    print(f"generated {len(files)} module(s) in {args.out}")
    return 0
