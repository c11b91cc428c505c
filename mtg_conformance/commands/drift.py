"""`mtg-conformance drift --rules FILE [--spec DIR] [--json] [--update [--accept RULE ...]]`.

Why: when Wizards publishes a new Comprehensive Rules release, maintainers must see at once
which spec entries and generated tests it affects (rules moved, reworded, gone, new sub-rules
nobody covers) and apply the safe part (renumbering, fingerprints) without hand-editing YAML.
Exit 0: nothing drifted; 1: something drifted; 2: bad input (nothing changed).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

DEFAULT_SPEC = Path("spec")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "drift",
        help="compare the rules the spec cites with a Comprehensive Rules text file",
        description=(
            "Report each cited rule that changed text, moved to a new number or is gone in the given "
            "Comprehensive Rules release, and sub-rules of the spec's sections no entry covers. "
            "Exit 0 when nothing drifted, 1 when something did, 2 for bad input."
        ),
    )
    parser.add_argument("--rules", required=True, type=Path, metavar="FILE",
                        help="Comprehensive Rules plain-text file as Wizards publishes it")
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, metavar="DIR",
                        help="spec directory holding rules/*.yaml (default: ./spec)")
    parser.add_argument("--old", type=Path, metavar="FILE",
                        help="the release the spec was checked against (gives old texts for diffs of cited rules)")
    parser.add_argument("--json", action="store_true", help="machine-readable report on stdout")
    parser.add_argument("--cited-sections", action="store_true",
                        help="also list uncovered sub-rules of every cited section (601.2 -> 601.2a..), "
                             "not only of the sections rule entries state")
    parser.add_argument("--threshold", type=float, default=None, metavar="R",
                        help="minimum text similarity (0-1) for a moved rule (default 0.75)")
    parser.add_argument("--update", action="store_true",
                        help="record fingerprints, apply moves, set checked_against/rules_version, regenerate")
    parser.add_argument("--accept", nargs="+", action="extend", default=[], metavar="RULE",
                        help="with --update: accept the new text of these changed rules")
    parser.add_argument("--out", type=Path, default=Path("generated_tests"), metavar="DIR",
                        help="with --update: generated tests directory to regenerate (default: ./generated_tests)")
    parser.add_argument("--no-generate", action="store_true",
                        help="with --update: do not regenerate the tests afterwards")
    parser.set_defaults(handler=run)


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from generator.drift import DEFAULT_THRESHOLD, analyze
    from generator.drift_report import render_json, render_text
    from generator.drift_update import SpecInputError, citations_of, plan_update, read_spec, read_spec_quickly
    from generator.rules_text import RulesTextError, load_rules
    from generator.spec_journal import recover, write_together

    if args.accept and not args.update:
        return _error("--accept only makes sense with --update")
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    if not 0.0 < threshold <= 1.0:
        return _error(f"--threshold {threshold}: must be in (0, 1]")
    try:
        rules = load_rules(args.rules)
        old = load_rules(args.old) if args.old else None
    except RulesTextError as exc:
        return _error(str(exc))
    for warning in rules.warnings + (old.warnings if old else ()):
        print(f"warning: {warning}", file=sys.stderr)
    if args.spec.is_dir():
        try:
            for message in recover(args.spec):  # a killed --update: finish it (or undo it) first
                print(message, file=sys.stderr)
        except (OSError, ValueError) as exc:
            return _error(f"cannot finish an interrupted update: {exc}")
    quick = citations = None
    try:
        quick = read_spec_quickly(args.spec)
        citations = None if quick is None else citations_of(quick)
    except SpecInputError:
        quick = None  # the round-trip reader names the line
    try:
        if citations is None:  # the quick read had trouble: the round-trip reader explains it
            quick = None
            docs = read_spec(args.spec)
            citations = citations_of(docs)
    except (SpecInputError, OSError) as exc:
        return _error(str(exc))

    report = analyze(rules, citations, old=old, threshold=threshold, cited_sections=args.cited_sections)
    plan = None
    if args.update:  # everything that can refuse the update is checked before any output
        acceptable = {r for item in report.items if item.text_changed for r in (item.rule, item.new_rule) if r}
        unknown = [r for r in args.accept if r not in acceptable]
        if unknown:
            return _error(f"--accept {' '.join(unknown)}: not a changed rule in this report (nothing written)")
        try:
            if quick is not None:
                # a dry run on the quick read finds the files the update touches; only those are
                # read round trip (keeping comments and layout), a tenth of the cost of all of them
                dry = plan_update(quick, report, args.accept, render=False)
                docs = read_spec(args.spec, only=dry.touched)
                plan = plan_update(docs, report, args.accept)
                plan.pending = dry.pending  # pending items of files with nothing to write, too
            else:
                plan = plan_update(docs, report, args.accept)
        except SpecInputError as exc:
            return _error(str(exc))
    if args.json:
        print(json.dumps(render_json(report, args.spec), indent=2, sort_keys=False, ensure_ascii=False))
    else:
        print(render_text(report, args.spec))
    if plan is None:
        return 1 if report.drifted else 0

    out = sys.stderr if args.json else sys.stdout
    try:
        write_together(plan.contents, args.spec)
    except OSError as exc:
        return _error(f"update failed: {exc}; either no spec file changed or the next `drift` run completes "
                      "the update")
    print("", file=out)
    for line in plan.actions:
        print(f"updated {line}", file=out)
    for line in plan.pending:
        print(f"pending {line}", file=out)
    print(f"{len(plan.contents)} spec file(s) written", file=out)
    if plan.contents and not args.no_generate:
        _regenerate(args, out)
    remaining = plan.pending or report.uncovered
    return 1 if remaining else 0


def _regenerate(args: argparse.Namespace, out) -> None:
    """Regenerate the suite via the `generate` command's Python API (same process)."""
    try:
        from mtg_conformance.commands import generate
    except ImportError:
        print(f"now run: mtg-conformance generate --spec {args.spec} --out {args.out}", file=out)
        return
    import contextlib

    try:
        with contextlib.redirect_stdout(out):
            code = generate.run(argparse.Namespace(spec=args.spec, out=args.out, check=False))
    except Exception as exc:  # noqa: BLE001 - the spec update is done; say how to finish by hand
        print(f"regeneration failed ({type(exc).__name__}: {exc}); run: "
              f"mtg-conformance generate --spec {args.spec} --out {args.out}", file=out)
        return
    if code:
        print(f"regeneration failed (exit {code}); fix the spec and run: "
              f"mtg-conformance generate --spec {args.spec} --out {args.out}", file=out)
