"""`mtg-conformance expectations --from results.json [--update FILE]`: an expectations file
(docs/RUNNING.md section 4) from a certification run (see certify.expectations_file)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

OK, USAGE = 0, 2


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "expectations", help="write or update an expectations file from a run's results.json",
        description="Without --update, print an expectations file listing every test that did not pass in the "
                    "run (fail, error, expected failure), each with the placeholder issue \"TODO: describe\". With "
                    "--update FILE, edit FILE in place: keep its comments and its entries' issue and note text, "
                    "add the failures no entry covers, remove the `fail` entries whose tests now pass.")
    parser.add_argument("--from", dest="source", type=Path, required=True, metavar="RESULTS_JSON",
                        help="the run's results.json")
    parser.add_argument("--update", type=Path, default=None, metavar="FILE", help="the expectations file to update")
    parser.set_defaults(handler=_handle)


def _write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _handle(args: argparse.Namespace) -> int:
    from mtg_adapter.expectations import ExpectationError
    from mtg_conformance.certify import expectations_file, results

    try:
        doc = results.load(args.source)
    except results.ResultsError as exc:
        print(f"mtg-conformance expectations: error: --from {exc}", file=sys.stderr)
        return USAGE
    if args.update is None:
        sys.stdout.write(expectations_file.fresh(doc))
        return OK
    if not args.update.is_file():
        print(f"mtg-conformance expectations: error: --update {args.update}: no such file", file=sys.stderr)
        return USAGE
    try:
        change = expectations_file.update(args.update, doc)
    except ExpectationError as exc:
        print(f"mtg-conformance expectations: error: {exc}", file=sys.stderr)
        return USAGE
    try:
        _write(args.update, change.text)
    except OSError as exc:
        print(f"mtg-conformance expectations: error: --update {args.update}: cannot write: {exc.strerror or exc}",
              file=sys.stderr)
        return USAGE
    print(f"{args.update}: kept {change.kept} entries, added {len(change.added)} failing test"
          f"{'s' if len(change.added) != 1 else ''} (issue \"{expectations_file.PLACEHOLDER}\"), removed "
          f"{len(change.removed)} whose tests now pass")
    for selector in change.removed:
        print(f"  removed {selector}: its tests pass now")
    for test_id in change.added:
        print(f"  added id {test_id}")
    for line in change.mixed:
        print(f"  warning: {line}; strict xfail reports those as regressions: split the entry", file=sys.stderr)
    return OK
