"""Spec directory -> rendered modules in memory (load, plan, render; no disk writes).

Shared by `generate`, `generate --check`, the tests and the throughput benchmark, so all of
them measure and check exactly what is written.
"""

from __future__ import annotations

from pathlib import Path

from generator.plan import build_plans
from generator.render import render_all


def render_spec(spec_root: Path) -> dict[str, bytes]:
    """Module file name -> bytes for the spec at `spec_root`. Raises SpecError (located)."""
    from generator.loader import load_spec

    return render_all(build_plans(load_spec(Path(spec_root))))
