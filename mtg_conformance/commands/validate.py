"""`mtg-conformance validate [--spec DIR] [--rules FILE]`: check the spec and report every problem at once.

Why a command: spec authors need one fast check with file:line:column and field for each
mistake before generating tests. Validation only reads; it never writes a file.

The rules map (spec/rules-map/, generator/rules_map.py) is checked too when the spec has one:
its shape always, and against the release it names (`rules_version`) when that release's text
is found (--rules FILE, or ../shared/data/comprehensive-rules/ beside the checkout): every
numbered rule has exactly one status, no hand-written status for a rule the spec covers, no
status for a rule the release does not have.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mtg_conformance.commands._spec_input import load_or_report


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check the spec files against the schema and the cross-references",
        description="Validate spec/rules/*.yaml, spec/cards/*.yaml and spec/rules-map/*.yaml; print each "
                    "problem as file:line:column: field: message and exit 1, or print a summary and exit 0.",
    )
    parser.add_argument("--spec", type=Path, default=Path("spec"),
                        help="the spec directory (default: ./spec)")
    parser.add_argument("--rules", type=Path, metavar="FILE",
                        help="the Comprehensive Rules release the rules map names (default: "
                             "../shared/data/comprehensive-rules/MagicCompRules-<rules_version>.txt beside "
                             "the checkout)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from generator.loader import load_spec, without_cyclic_gc

    # the rules map's reading and checks build acyclic data too (see without_cyclic_gc); the
    # command ends right after, so what it built is frozen rather than walked once more
    with without_cyclic_gc(freeze=True):
        spec = load_or_report(args.spec, load_spec, "{n} problem(s) found")
        map_status = _rules_map(args, spec)
    if spec is None or map_status is None:
        return 1
    c = spec.counts()
    print(f"spec OK: {c['files']} files, {c['entries']} entries, {c['scenarios']} scenarios, "
          f"{c['properties']} properties, {c['cards']} cards")
    if map_status:
        print(map_status)
    return 0


def _rules_map(args: argparse.Namespace, spec) -> str | None:
    """The map's summary line ("" without a map), or None after printing its problems."""
    from generator import rules_map as rm
    from generator.rules_text import RulesTextError

    if not args.spec.is_dir():
        return None
    the_map, issues = rm.read_rules_map(args.spec)
    if the_map is None:
        if args.rules:
            print(f"error: --rules: the spec has no rules map ({args.spec / rm.MAP_DIR})", file=sys.stderr)
            return None
        return ""
    release = None
    note = ""
    if not issues and spec is not None:
        version = the_map.rules_version
        path = args.rules or rm.release_for(args.spec, version)
        if args.rules or path.is_file():
            try:
                release = rm.load_release(path, version)
            except RulesTextError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return None
            covered = rm.covered_rules(spec)
            issues = rm.check_rules_map(the_map, release, covered)
        else:
            note = (f"rules map: shape checked only; the release it names ({version}) is not at {path} "
                    "(pass --rules FILE to check every rule's status)")
    if issues:
        for issue in sorted(issues):
            print(issue, file=sys.stderr)
        print(f"{len(issues)} rules map problem(s) found", file=sys.stderr)
        return None
    if release is None:
        return note or "rules map: shape checked only"
    counts = rm.totals(rm.coverage_table(release, rm.resolve(the_map, release, covered)))
    return (f"rules map OK: {sum(counts.values())} numbered rules of {release.effective_date}: "
            f"{counts[rm.COVERED]} covered, {counts[rm.PLANNED]} planned, {counts[rm.NOT_APPLICABLE]} not "
            f"applicable, {counts[rm.INFORMATIVE]} informative")
