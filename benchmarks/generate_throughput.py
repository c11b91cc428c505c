"""Generation throughput: the repository spec (validate + generate, seconds), then load + render
synthetic specs of 1,000 and 10,000 scenarios.

Usage: python benchmarks/generate_throughput.py [--sizes 1000 10000]

Specs are written to a temporary directory; generation is timed in memory (load_spec +
plans + rendering; nothing is written to the repository). Prints scenarios/second for each
size and the time ratio largest/smallest. Targets: >= 2,000 scenarios/s, ratio <= 11
(linear scaling). Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from generator.loader import load_spec  # noqa: E402
from generator.pipeline import render_spec  # noqa: E402
from generator.render import environment  # noqa: E402
from generator.synthetic import write_synthetic_spec  # noqa: E402

MIN_RATE = 2000.0
MAX_RATIO = 11.0


def measure(size: int, workdir: Path) -> dict:
    root = write_synthetic_spec(workdir / f"spec-{size}" / "spec", size, REPO / "spec" / "cards")
    gc.collect()  # start each size from the same heap state
    timings: dict = {}
    t0 = time.perf_counter()
    files = render_spec(root, timings)  # exactly what `mtg-conformance generate` runs before writing
    total = time.perf_counter() - t0
    n = timings["counts"]["scenarios"]
    assert n == size, (n, size)
    return {"size": size, "load": timings["load"], "render": timings["render"], "total": total,
            "bytes": sum(len(b) for b in files.values()), "modules": len(files)}


def measure_repository_spec() -> dict:
    """`mtg-conformance validate` (load and check) and `generate` (load, plan, render) of spec/,
    in memory: what CI pays for the whole spec as it is now."""
    gc.collect()
    t0 = time.perf_counter()
    spec = load_spec(REPO / "spec")
    validate = time.perf_counter() - t0
    timings: dict = {}
    t0 = time.perf_counter()
    render_spec(REPO / "spec", timings)
    generate = time.perf_counter() - t0
    n = sum(len(e.scenarios) + len(e.properties) for f in spec.files for e in f.entries)
    return {"validate": validate, "generate": generate, "tests": n, "cards": len(spec.cards)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="mtg-gen-bench-") as tmp:
        # One-time start-up (template compilation, schema validator construction), paid once
        # per `generate` run whatever the spec size: measured on a 1-scenario spec, reported
        # apart, so the rates below are steady-state and the size ratio compares like with like.
        t0 = time.perf_counter()
        environment()
        measure(1, Path(tmp))
        print(f"one-time start-up (1-scenario spec): {time.perf_counter() - t0:.2f}s")
        rs = measure_repository_spec()
        print(f"repository spec ({rs['tests']} scenarios and properties, {rs['cards']} cards): "
              f"validate {rs['validate']:.2f}s + generate {rs['generate']:.2f}s = "
              f"{rs['validate'] + rs['generate']:.2f}s")
        for size in sorted(args.sizes):
            r = measure(size, Path(tmp))
            results.append(r)
            print(f"{size:>6} scenarios: {r['total']:.2f}s (load {r['load']:.2f}s, render {r['render']:.2f}s), "
                  f"{size / r['total']:,.0f} scenarios/s (load {size / r['load']:,.0f}/s, "
                  f"render {size / r['render']:,.0f}/s), {r['modules']} modules, {r['bytes'] / 1e6:.1f} MB")
    ok = all(r["size"] / r["total"] >= MIN_RATE for r in results)
    if len(results) > 1:
        ratio = results[-1]["total"] / results[0]["total"]
        print(f"time ratio {results[-1]['size']}/{results[0]['size']}: {ratio:.2f} "
              f"(size ratio {results[-1]['size'] / results[0]['size']:.0f}; target <= {MAX_RATIO:g})")
        ok = ok and ratio <= MAX_RATIO
    print(f"targets (>= {MIN_RATE:,.0f} scenarios/s, ratio <= {MAX_RATIO:g}): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
