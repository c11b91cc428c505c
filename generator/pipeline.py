"""Spec directory -> rendered modules in memory (load, plan, render; no disk writes).

Shared by `generate`, `generate --check`, the tests and the throughput benchmark, so all of
them measure and check exactly what is written.

The cyclic garbage collector is paused for this bounded, allocation-heavy batch (it builds
hundreds of thousands of long-lived, acyclic nodes and dicts; with the collector running,
each full collection rescans all of them and load time grows faster than the spec).
"""

from __future__ import annotations

import contextlib
import gc
import time
from pathlib import Path

from generator.plan import build_plans
from generator.render import render_all


@contextlib.contextmanager
def gc_paused():
    """Pause the cyclic GC for the block (restoring its previous state afterwards)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def render_spec(spec_root: Path, timings: dict | None = None) -> dict[str, bytes]:
    """Module file name -> bytes for the spec at `spec_root`. Raises SpecError (located).

    When `timings` is given it receives the seconds spent in `load` and `render`
    (planning + rendering) and the spec's `counts`."""
    from generator.loader import load_spec

    with gc_paused():
        t0 = time.perf_counter()
        spec = load_spec(Path(spec_root))
        t1 = time.perf_counter()
        files = render_all(build_plans(spec))
        t2 = time.perf_counter()
    if timings is not None:
        timings.update(load=t1 - t0, render=t2 - t1, counts=spec.counts())
    return files
