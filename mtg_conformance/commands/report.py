"""`mtg-conformance report`: one self-contained HTML page comparing engines rule by rule."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtg_conformance.outputs import write_text_atomic


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "report", help="compare several engines' results.json side by side in one HTML page",
        description="Rows are the suite's rules, rulings and scenarios; columns are the engines.")
    parser.add_argument("results", nargs="+", type=Path, metavar="RESULTS.json",
                        help="results.json files written by `mtg-conformance certify`")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="the HTML file to write (default: comparison.html beside the first results file, "
                             "so the page lands with the reports it compares, never in the current folder)")
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    from mtg_conformance.certify import html, results

    docs = []
    for path in args.results:
        try:
            docs.append(results.load(path))
        except results.ResultsError as exc:
            print(f"mtg-conformance report: error: {exc}", file=sys.stderr)
            return 2
    if args.out is None:
        args.out = args.results[0].resolve().parent / "comparison.html"
    if args.out.is_dir():
        print(f"mtg-conformance report: error: --out {args.out} is a directory", file=sys.stderr)
        return 2
    page = html.render_multi(docs)
    args.out.resolve().parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(args.out, page)  # mode 0666 minus the umask (mkstemp's 0600 hid the page)
    print(f"wrote {args.out} ({len(docs)} engines)")
    return 0
