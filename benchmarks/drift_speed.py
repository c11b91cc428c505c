"""How long parsing a full Comprehensive Rules release and a full drift run take.

Run: python benchmarks/drift_speed.py [--rules FILE] [--spec DIR] [--repeat N]

Prints the best-of-N wall time of (1) decoding and parsing the release, (2) a full drift of
the repository spec (spec/) against it, when the spec has rule files, and (3) a drift of a
synthetic worst case: every rule of sections 601-702 of the 2021-02-15 release cited with its
old fingerprint (so hundreds of rules must be found again by fingerprint or similarity).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.drift import Citation, analyze  # noqa: E402
from generator.drift_update import citations_of, read_spec, spec_files  # noqa: E402
from generator.fingerprint import fingerprint  # noqa: E402
from generator.rules_text import load_rules  # noqa: E402

CR_DIR = ROOT.parent / "shared" / "data" / "comprehensive-rules"


def best_of(repeat: int, fn):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=CR_DIR / "MagicCompRules-2026-06-19.txt")
    parser.add_argument("--old", type=Path, default=CR_DIR / "MagicCompRules-2021-02-15.txt")
    parser.add_argument("--spec", type=Path, default=ROOT / "spec")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not args.rules.is_file():
        print(f"skipped: {args.rules} not found (../shared beside the repo root)")
        return 0

    seconds, rules = best_of(args.repeat, lambda: load_rules(args.rules))
    size = args.rules.stat().st_size
    print(f"parse {args.rules.name}: {seconds * 1000:.1f} ms "
          f"({len(rules.rules)} rules, {size / 1e6:.2f} MB, {size / seconds / 1e6:.1f} MB/s)")

    if spec_files(args.spec):
        def spec_drift():
            return analyze(load_rules(args.rules), citations_of(read_spec(args.spec)))

        seconds, report = best_of(args.repeat, spec_drift)
        print(f"drift spec {args.spec} vs {rules.effective_date} (read spec + parse + analyze): "
              f"{seconds * 1000:.1f} ms ({len(report.items)} cited rules, "
              f"{sum(i.drifted for i in report.items)} drifted, {len(report.uncovered)} uncovered)")
    else:
        print(f"drift spec {args.spec}: no spec rule files yet, skipped")

    if args.old.is_file():
        old = load_rules(args.old)
        cites = [
            Citation("spec/rules/bench.yaml", f"bench/{rid}", "cite", rid, fingerprint(rule.text), rule.text, True)
            for rid, rule in old.rules.items()
            if "." in rid and 601 <= int(rid[:3]) <= 702
        ]
        seconds, report = best_of(max(1, args.repeat // 2), lambda: analyze(rules, cites))
        counts = {s: len(report.by_status(s)) for s in ("unchanged", "moved", "changed", "gone")}
        print(f"drift synthetic {len(cites)} citations ({old.effective_date} -> {rules.effective_date}): "
              f"{seconds * 1000:.1f} ms ({', '.join(f'{v} {k}' for k, v in counts.items())})")

    return 0


if __name__ == "__main__":
    sys.exit(main())
