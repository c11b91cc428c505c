"""CPU and peak memory of the suite's own commands: `validate`, `generate --check`, `drift`
(no update) and `selfcheck` per faulty engine (over a sample of faults), each in a fresh process
(resource.getrusage of the child: user+system CPU, max RSS). Targets from the speed issue:
validate under 0.6 s CPU and 100 MiB, drift under 1 s CPU.

    python benchmarks/command_costs.py [--faults N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules-2026-06-19.txt"


WRAPPER = """
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(u.ru_utime + u.ru_stime, u.ru_maxrss, code)
"""


def measure(args: list[str]) -> tuple[float, float, int]:
    """(CPU seconds, peak RSS in MiB, exit code) of `mtg-conformance ARGS` in a fresh process
    (its own wrapper, so the peak is that command's alone and includes its children)."""
    done = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "mtg_conformance", *args],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    cpu, rss, code = done.stdout.split()
    return float(cpu), int(rss) / 1024, int(code)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faults", type=int, default=20,
                        help="faulty engines in the selfcheck sample (0: skip selfcheck)")
    args = parser.parse_args(argv)
    if args.faults < 0:
        parser.error("--faults must be 0 or more")
    no_bytecode = bool(os.environ.get("PYTHONDONTWRITEBYTECODE"))
    print(f"PYTHONDONTWRITEBYTECODE={'set' if no_bytecode else 'unset'}: "
          + ("every module, the precompiled schema checks included, is compiled from source on every run"
             if no_bytecode else "modules load from their bytecode cache, as in an installed package"))
    measure(["validate"])  # warm the bytecode cache once
    rows = [("validate", ["validate"]), ("generate --check", ["generate", "--check"])]
    if RULES.is_file():
        rows.append(("drift (no update)", ["drift", "--rules", str(RULES)]))
    for name, command in rows:
        cpu, rss, code = measure(command)
        print(f"{name:22} {cpu:6.2f} s CPU  {rss:7.1f} MiB peak  (exit {code})")
    if not args.faults:
        return 0
    from mtg_conformance.selfcheck.faults import CATALOG

    sample = sorted(CATALOG)[:: max(1, len(CATALOG) // args.faults)][: args.faults]
    cpu, rss, code = measure(["selfcheck", "-j", "1", "--only", *sample])
    base, _, _ = measure(["selfcheck", "-j", "1", "--only", sample[0]])
    per = (cpu - base) / max(1, len(sample) - 1)
    print(f"{'selfcheck':22} {cpu:6.2f} s CPU for {len(sample)} faults: {per:.2f} s per further fault "
          f"({base:.2f} s for one, the reference run included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
