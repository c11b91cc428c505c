"""`mtg-conformance merge A/results.json B/results.json ... --out DIR`: combine the shards of one
certification (certify --shard K/N) into the report set a single run writes (see certify.merge)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

OK, REGRESSION, USAGE = 0, 1, 2


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "merge", help="combine the results.json of certify shards into one run's reports",
        description="Combine the results of `certify --shard K/N` runs (same engine, suite and expectations) "
                    "into the report set one run writes: results.json, junit.xml (when every shard has one), "
                    "summary.md, job-summary.md, report.html, badge.svg. Exit 0: no regression; "
                    "1: a regression in the merged results; 2: usage error.")
    parser.add_argument("results", nargs="+", type=Path, metavar="RESULTS_JSON", help="each shard's results.json")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="where the merged reports go")
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    from mtg_conformance.certify import merge, results, summary
    from mtg_conformance.certify.runner import UsageError, WriteError

    try:
        docs = [results.load(path) for path in args.results]
        merged, warnings = merge.merge(docs, [str(p) for p in args.results])
    except (results.ResultsError, merge.MergeError) as exc:
        print(f"mtg-conformance merge: error: {exc}", file=sys.stderr)
        return USAGE
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    junit = merge.merge_junit([p.parent / "junit.xml" for p in args.results])
    try:
        names = merge.write(merged, args.out, junit)
    except (UsageError, WriteError) as exc:
        print(f"mtg-conformance merge: error: {exc}", file=sys.stderr)
        return USAGE
    totals = merged["totals"]
    print(f"merged {len(docs)} results files ({totals['tests']} tests): "
          f"{summary.headline(totals, summary.scope(merged))}")
    print(f"wrote {', '.join(names)} to {args.out}")
    if merged["regression"]:
        print("REGRESSION: failures beyond the expectations file (see summary.md)")
        return REGRESSION
    return OK
