"""`mtg-conformance certify`: certify an engine against the generated suite (see certify.runner)."""

from __future__ import annotations

import argparse
from pathlib import Path

from mtg_adapter.defaults import DEFAULT_TIMEOUT, timeout_seconds


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _shard(text: str) -> tuple[int, int]:
    k, sep, n = text.partition("/")
    try:
        pair = int(k), int(n)
    except ValueError:
        pair = None
    if not sep or pair is None or not 1 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: expected K/N with 1 <= K <= N, e.g. 1/4")
    return pair


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "certify",
        help="run the generated suite against an engine and write results, JUnit, Markdown, HTML and a badge",
        description="Run the generated conformance suite against an engine. Exit 0: no failures beyond the "
                    "expectations file; 1: a regression; 2: usage or engine start-up error.")
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="the engine under test, as the pytest plugin's --engine takes it (default: reference)")
    parser.add_argument("--engine-timeout", type=timeout_seconds, default=None, metavar="SECONDS",
                        help=f"seconds an out-of-process engine may take per request, the hello handshake "
                             f"included (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--expectations", type=Path, default=None, metavar="FILE",
                        help="known failures of this engine (strict xfail)")
    parser.add_argument("--out", type=Path, default=Path("certification-out"), metavar="DIR",
                        help="output directory (default: ./certification-out)")
    parser.add_argument("-j", "--jobs", type=_jobs, default=1, metavar="N", help="parallel workers (pytest-xdist)")
    parser.add_argument("--compare", type=Path, default=None, metavar="PREVIOUS/results.json",
                        help="lead the reports with what changed since this earlier run")
    parser.add_argument("--suite", type=Path, default=None, metavar="DIR",
                        help="the generated suite (default: the suite installed with this package)")
    parser.add_argument("--spec", type=Path, default=None, metavar="DIR",
                        help="the spec the suite came from, for rule texts and scenarios (default: beside the suite)")
    parser.add_argument("--strict", action="store_true",
                        help="also run every test's case on the reference engine and compare each step's full "
                             "view, outside what the contract leaves open; differences are listed apart from rule "
                             "failures as \"diverges from the reference\" (summary.md, divergences.json) and do not "
                             "change the exit code")
    parser.add_argument("--job-summary", type=Path, default=None, metavar="FILE",
                        help="also append the short report (job-summary.md: headline, regressions with their "
                             "replay commands, a pointer to the full report) to FILE, e.g. \"$GITHUB_STEP_SUMMARY\"")
    parser.add_argument("--rerun-failed", type=Path, default=None, metavar="PREVIOUS/results.json",
                        help="run only the tests that did not pass in that run (fail, error, expected failure, "
                             "unexpectedly passing); results.json records the selection")
    parser.add_argument("--shard", type=_shard, default=None, metavar="K/N",
                        help="run shard K of N: every Nth test by sorted stable id, starting at the Kth (the N "
                             "shards partition the suite); combine them with `mtg-conformance merge`")
    parser.add_argument("--profile", default=None, metavar="NAME",
                        help="run only the tests of this certification profile and give its verdict and its badge "
                             "(badge-NAME.svg); see --list-profiles and docs/PROFILES.md")
    parser.add_argument("--list-profiles", action="store_true",
                        help="list the certification profiles, what each counts and the passing criterion, and exit")
    parser.set_defaults(handler=_handle)


def _list_profiles() -> int:
    from mtg_conformance.certify import profiles

    for profile in profiles.PROFILES:
        print(f"{profile.name}: {profile.title}. Counts {profile.selection()}.")
    print(f"\nEvery profile {profiles.CRITERION}.")
    return 0


def _handle(args: argparse.Namespace) -> int:
    from mtg_conformance.certify.runner import Options, certify

    if args.list_profiles:
        return _list_profiles()
    return certify(Options(engine=args.engine, engine_timeout=args.engine_timeout, expectations=args.expectations,
                           out=args.out, jobs=args.jobs, compare=args.compare, suite=args.suite, spec=args.spec,
                           strict=args.strict, job_summary=args.job_summary,
                           rerun_failed=args.rerun_failed, shard=args.shard, profile=args.profile))
