"""Reference engine throughput: full scenarios per second, in-process, one core.

A scenario = set up a game, cast a kicked spell, resolve it, read the view after each step
(what a conformance run does per test). Prints scenarios/second for a few representative
cases and overall. Run: python benchmarks/engine_throughput.py [seconds-per-case]
"""

from __future__ import annotations

import platform
import sys
import time

from reference_impl.adapter import create_engine

CASES = {
    "kicked-burst-lightning": {
        "setup": {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}],
                                        "mana": "{R}{R}{R}{R}{R}"}}},
        "steps": [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"],
                            "pay": "{R}{R}{R}{R}{R}"}},
                  {"resolve": {}}],
    },
    "multikicked-warcaller": {
        "setup": {"players": {"alice": {
            "hand": [{"card": "Joraga Warcaller", "label": "jw"}],
            "battlefield": [{"card": "Llanowar Elves", "label": "elf"}],
            "mana": "{G}{G}{G}{G}{G}{G}{G}"}}},
        "steps": [{"cast": {"card": "jw", "kicks": 3}}, {"resolve": {}}],
    },
    "kicked-gatekeeper-trigger": {
        "setup": {"players": {"alice": {"hand": [{"card": "Gatekeeper of Malakir", "label": "gk"}],
                                        "mana": "{B}{B}{B}"},
                              "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}}},
        "steps": [{"cast": {"card": "gk", "kicks": 1}},
                  {"resolve": {"choices": {"trigger_targets": [{"source": "gk", "targets": ["bob"]}]}}},
                  {"resolve": {}}],
    },
    "twincast-kicked-spell": {
        "setup": {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"},
                                                 {"card": "Twincast", "label": "tc"}],
                                        "mana": "{R}{R}{R}{R}{R}{U}{U}"}}},
        "steps": [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                  {"cast": {"card": "tc", "targets": ["bolt"], "pay": "{U}{U}"}},
                  {"pass_until_empty": {}}],
    },
}


def measure(engine, case, seconds: float) -> tuple[float, float]:
    """(scenarios per CPU second, scenarios per wall-clock second). CPU time is the figure
    that holds on a shared machine; wall-clock time is what a single idle core would give."""
    n = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(50):
            res = engine.run(case)
        n += 50
        now = time.perf_counter()
        if now >= deadline:
            break
    cpu = time.process_time() - cpu_start
    assert all(r["status"] == "ok" for r in res["results"]), res
    return n / cpu, n / (now - start)


def report(cases: dict, title: str, seconds: float) -> None:
    """Print each case's scenarios/s (per CPU second and per wall second) and their harmonic mean."""
    engine = create_engine()
    width = max(len(title), *(len(n) for n in cases), len("overall (harmonic mean)"))
    rates, walls = [], []
    # the interpreter's build moves these figures as much as engine work does (Debian's python3.11
    # runs these cases ~1.1x faster here than a pyenv build of 3.11), so a reading names it
    print(f"python {platform.python_version()} ({platform.python_implementation()}, {sys.executable})")
    print(f"{title:{width}s} {'per CPU s':>12s} {'per wall s':>12s}")
    for name, case in cases.items():
        rate, wall = measure(engine, case, seconds)
        rates.append(rate)
        walls.append(wall)
        print(f"{name:{width}s} {rate:12.0f} {wall:12.0f}")
    harmonic = len(rates) / sum(1 / r for r in rates)
    harmonic_wall = len(walls) / sum(1 / r for r in walls)
    print(f"{'overall (harmonic mean)':{width}s} {harmonic:12.0f} {harmonic_wall:12.0f}  scenarios/s")


def main(argv) -> int:
    report(CASES, "scenario", float(argv[1]) if len(argv) > 1 else 1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
