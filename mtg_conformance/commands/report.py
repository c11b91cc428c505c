"""`mtg-conformance report`: one self-contained HTML page comparing engines rule by rule, or with
--trend one engine's history over its releases (mtg_conformance.certify.trend)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtg_conformance.outputs import write_text_atomic


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "report", help="compare several engines' results.json side by side in one HTML page, or draw one "
                       "engine's trend over its releases (--trend)",
        description="Rows are the suite's rules, rulings and scenarios; columns are the engines. With --trend the "
                    "files are one engine's releases, oldest first (or --sort-by-version): the page shows passes "
                    "per feature over the versions and the tests that flipped between consecutive versions, "
                    "pass -> fail first.")
    parser.add_argument("results", nargs="+", type=Path, metavar="RESULTS.json",
                        help="results.json files written by `mtg-conformance certify`")
    parser.add_argument("--trend", action="store_true",
                        help="the files are a series of runs (engine releases, oldest first): write a trend page")
    parser.add_argument("--sort-by-version", action="store_true",
                        help="with --trend: order the runs by the engine version each records (PEP 440 when all "
                             "versions are, else natural order: 1.10 after 1.9) instead of the order given")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="the file to write (default: comparison.html, with --trend trend.html, beside the first "
                             "results file, so the page lands with the reports it reads, never in the current "
                             "folder); with --trend a FILE ending in .md gets Markdown")
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    from mtg_conformance.certify import html, results

    if args.sort_by_version and not args.trend:
        print("mtg-conformance report: error: --sort-by-version orders a --trend; add --trend", file=sys.stderr)
        return 2
    docs = []
    for path in args.results:
        try:
            docs.append(results.load(path))
        except results.ResultsError as exc:
            print(f"mtg-conformance report: error: {exc}", file=sys.stderr)
            return 2
    if args.out is None:
        args.out = args.results[0].resolve().parent / ("trend.html" if args.trend else "comparison.html")
    if args.out.is_dir():
        print(f"mtg-conformance report: error: --out {args.out} is a directory", file=sys.stderr)
        return 2
    if args.trend:
        from mtg_conformance.certify import trend

        ordered, names = trend.ordered(docs, [str(p) for p in args.results], args.sort_by_version)
        model = trend.build(ordered, names)
        page = trend.render_markdown(model) if args.out.suffix.lower() == ".md" else trend.render_html(model)
        what = f"trend of {len(docs)} runs: " + " -> ".join(run["label"] for run in model["runs"])
    else:
        page = html.render_multi(docs)
        what = f"{len(docs)} engines"
    args.out.resolve().parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(args.out, page)  # mode 0666 minus the umask (mkstemp's 0600 hid the page)
    print(f"wrote {args.out} ({what})")
    return 0
