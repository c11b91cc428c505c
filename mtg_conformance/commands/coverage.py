"""`mtg-conformance coverage`: rules and rulings with their scenario and property counts.

Exits 1 when an entry has no scenario and no property (the spec claims something the suite
does not test), when a catalog card is used by no scenario or property (data nobody checks),
or when the spec does not load.

`--rules FILE` (a Comprehensive Rules release) counts instead, per section and per rule, the
numbered rules the spec covers and those the rules map (spec/rules-map/) plans, leaves out or
calls informative; exit 1 when a rule has no status (a new release's new sub-rules, until a
maintainer classifies them).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mtg_conformance.commands._spec_input import load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "coverage",
        help="table of rules/rulings and how many scenarios and properties test each",
        description="Show how many scenarios and properties test each rule and ruling of the spec, "
                    "and the catalog cards no scenario uses. Exit 1 when an entry has no test or a "
                    "card is unused.",
    )
    parser.add_argument("--spec", type=Path, default=Path("spec"), metavar="DIR",
                        help="spec directory (default: ./spec)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--peers", action="store_true",
                        help="the peer engines' tests (spec/peers/*.yaml): per source how many exist, "
                             "how many are ported, and why each other one is not")
    parser.add_argument("--claims", action="store_true",
                        help="the claims of the spec's entries (spec/README.md, \"Claims\"): each with the "
                             "scenarios that pin it and the self-check faults that drop it; exit 1 when a "
                             "claim lacks either, or a fault names a claim the spec does not have; with --rules "
                             "FILE, also when a claim quoting a cited sub-rule misquotes that release")
    parser.add_argument("--rules", type=Path, metavar="FILE",
                        help="a Comprehensive Rules release: per section and rule, how many numbered rules are "
                             "covered, planned, not applicable, informative or without status (spec/rules-map/); "
                             "exit 1 when any is without status")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from generator import coverage
    from generator.loader import load_spec

    spec = load_or_report(args.spec, load_spec, "{n} spec error(s)")
    if spec is None:
        return 1
    if args.claims:
        return _claims(args, spec)
    if args.rules:
        return _rules(args, spec)
    if args.peers:
        return _peers(args, spec)
    table = coverage.rows(spec)
    unused = coverage.unused_cards(spec)
    if args.json:
        print(json.dumps(coverage.as_json(table, unused), indent=2, sort_keys=True))
    else:
        print(coverage.format_table(table, unused))
    return 1 if coverage.uncovered(table) or unused else 0


def _rules(args: argparse.Namespace, spec) -> int:
    import sys

    from generator import rules_map as rm
    from generator.rules_text import RulesTextError, load_rules

    try:
        release = load_rules(args.rules)
    except RulesTextError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    the_map, issues = rm.read_rules_map(args.spec)
    if issues:
        for issue in sorted(issues):
            print(issue, file=sys.stderr)
        print(f"{len(issues)} rules map problem(s) found", file=sys.stderr)
        return 1
    if the_map is None:
        print(f"warning: no rules map ({args.spec / rm.MAP_DIR}): only covered rules have a status", file=sys.stderr)
    known = None
    if the_map is not None and the_map.rules_version not in (None, release.effective_date):
        own = rm.release_for(args.spec, the_map.rules_version)
        try:
            known = rm.numbered_rules(rm.load_release(own, the_map.rules_version))
        except RulesTextError:
            print(f"warning: the rules map describes the release of {the_map.rules_version}, not found at {own}: "
                  f"its statuses are applied to every rule of {release.effective_date}, new ones included",
                  file=sys.stderr)
    resolved = rm.resolve(the_map, release, rm.covered_rules(spec), known)
    table = rm.coverage_table(release, resolved, rm.titles_of(the_map))
    if args.json:
        print(json.dumps(rm.as_json(release, table, resolved), indent=2, ensure_ascii=False))
    else:
        print(rm.format_table(release, table, resolved))
    return 1 if any(r.status == rm.WITHOUT for r in resolved.values()) else 0


def _peers(args: argparse.Namespace, spec) -> int:
    import sys

    from generator.peers import as_json, format_report, load_peers

    sources, problems = load_peers(args.spec / "peers", spec)
    if args.json:
        print(json.dumps(as_json(sources), indent=2, sort_keys=True))
    else:
        print(format_report(sources))
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    return 1 if problems or not sources else 0


def _claims(args: argparse.Namespace, spec) -> int:
    from generator import claims
    from mtg_conformance.selfcheck.faults import CATALOG

    # every fault's claims as selfcheck sees them: claims.DROPS merged with those a fault names itself
    drops = {name: fault.claims for name, fault in CATALOG.items() if fault.claims}
    misquoted: list[str] = []
    if args.rules:  # claims quoting a cited sub-rule: their words against the release's text
        import sys

        from generator.rules_text import RulesTextError, load_rules
        try:
            misquoted = claims.misquoted(spec, load_rules(args.rules))
        except RulesTextError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps({**claims.as_json(spec, drops), "misquoted": misquoted}, indent=2, sort_keys=True))
    else:
        print(claims.format_report(spec, drops), end="")
        for line in misquoted:
            print(f"error: {line}")
    return 1 if claims.unpinned(spec, drops) or misquoted else 0
