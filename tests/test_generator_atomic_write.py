"""`generate` swaps generated_tests/ so that the directory always exists and every file in it
is entirely old or entirely new, at every instant; a killed run's staging folders are removed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import generator.writer as writer

MARK = writer.GENERATED_MARK.decode()
ROOT = Path(__file__).resolve().parent.parent


def module(text: str) -> bytes:
    return f"{MARK}spec/rules/x.yaml\n{text}\n".encode()


def test_every_instant_shows_the_old_or_the_new_tree(tmp_path, monkeypatch):
    out = tmp_path / "generated_tests"
    old = {"test_a.py": module("old a"), "test_b.py": module("old b"), "test_gone.py": module("orphan")}
    new = {"test_a.py": module("new a"), "test_b.py": module("new b"), "test_c.py": module("new c")}
    writer.write_tree(old, out)
    seen = []

    def check() -> None:
        assert out.is_dir() and not out.is_symlink(), "generated_tests/ vanished during the swap"
        for path in out.iterdir():
            assert path.read_bytes() in (old.get(path.name), new.get(path.name)), f"{path.name} is neither old nor new"
        seen.append(sorted(p.name for p in out.iterdir()))

    for name in ("rename", "replace", "unlink", "rmdir"):
        real = getattr(os, name)

        def wrapped(*args, _real=real, **kwargs):
            check()
            result = _real(*args, **kwargs)
            check()
            return result

        monkeypatch.setattr(writer.os, name, wrapped)
    real_unlink = Path.unlink
    monkeypatch.setattr(Path, "unlink", lambda self, *a, **k: (check(), real_unlink(self, *a, **k), check()))
    writer.write_tree(new, out)
    assert seen, "the checks never ran"
    assert {p.name: p.read_bytes() for p in out.iterdir()} == new


def test_stale_staging_folders_are_removed_on_the_next_run(tmp_path):
    out = tmp_path / "generated_tests"
    writer.write_tree({"test_a.py": module("a")}, out)
    for stale in (".generated_tests.new-k1ll3d", ".generated_tests.old-k1ll3d"):
        (tmp_path / stale).mkdir()
        (tmp_path / stale / "test_a.py").write_bytes(module("half"))
    (tmp_path / ".other.new-keep").mkdir()  # not ours
    writer.write_tree({"test_a.py": module("b")}, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.new-keep", "generated_tests"]


def test_generate_removes_stale_staging_even_with_nothing_to_change(tmp_path):
    out = tmp_path / "generated_tests"
    run = [sys.executable, "-m", "mtg_conformance", "generate", "--spec", str(ROOT / "spec"), "--out", str(out)]
    assert subprocess.run(run, capture_output=True, text=True, timeout=120, cwd=ROOT).returncode == 0
    (tmp_path / ".generated_tests.new-abc").mkdir()
    done = subprocess.run(run, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0 and "removed" in done.stdout and "staging folder" in done.stdout
    assert not (tmp_path / ".generated_tests.new-abc").exists()


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_killed_generate_leaves_a_complete_tree(tmp_path):
    """Kill generate at many points during the swap: each file is old or new, the tree is there."""
    import signal
    import time

    out = tmp_path / "generated_tests"
    run = [sys.executable, "-m", "mtg_conformance", "generate", "--spec", str(ROOT / "spec"), "--out", str(out)]
    assert subprocess.run(run, capture_output=True, timeout=120, cwd=ROOT).returncode == 0
    new = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    old = {name: data.replace(b"\n", b"\n# old\n", 1) for name, data in new.items()}
    for delay in (0.3, 0.5, 0.7, 0.9):
        for name, data in old.items():
            (out / name).write_bytes(data)
        proc = subprocess.Popen(run, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert out.is_dir()
        for path in out.iterdir():
            if path.is_file():
                assert path.read_bytes() in (old[path.name], new[path.name])
        assert set(p.name for p in out.iterdir() if p.is_file()) == set(new)
