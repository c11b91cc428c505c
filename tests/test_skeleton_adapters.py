"""The skeleton adapters kept in examples/adapters/ pass `mtg-conformance smoke`: a new engine
author starts from working code in their language, and CI keeps it working."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_node_skeleton_passes_smoke():
    engine = ROOT / "examples" / "adapters" / "node" / "engine.js"
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "smoke", "--engine", f"cmd:node {engine}"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "RESULT: smoke test passed" in done.stdout and "core: pass" in done.stdout


@pytest.mark.skipif(shutil.which("cargo") is None, reason="Rust's cargo is not installed")
def test_the_rust_skeleton_builds_and_passes_smoke(tmp_path):
    import os

    project = ROOT / "examples" / "adapters" / "rust"
    built = subprocess.run(["cargo", "build", "--release", "--offline", "-q"], cwd=project, capture_output=True,
                           text=True, timeout=600, env={**os.environ, "CARGO_TARGET_DIR": str(tmp_path)})
    assert built.returncode == 0, built.stderr[-3000:]
    engine = tmp_path / "release" / "mtg-skeleton-engine"
    done = subprocess.run([sys.executable, "-m", "mtg_conformance", "smoke", "--engine", f"cmd:{engine}"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "RESULT: smoke test passed" in done.stdout and "core: pass" in done.stdout
