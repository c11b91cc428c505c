"""Where certify writes (docs/RUNNING.md section 3, README "Certify your engine"): the output location
is checked before the suite runs (a user mistake is exit 2 with the OS error, never a traceback
after the whole run), files are staged inside --out (a mount point works: no EXDEV), a full or
read-only filesystem loses nothing, and one run's report set replaces the previous one whole."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import pytest
from test_certify_support import certify, make_project

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file system semantics")


def _mount_tmpfs(path: Path, *options: str) -> bool:
    """A small tmpfs at `path` (root on Linux); False where it can't be mounted."""
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(("size=64k",) + options), "tmpfs", str(path)],
                          capture_output=True)
    return done.returncode == 0


def _umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True)


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "project")


def test_a_dangling_symlink_as_out_is_a_usage_error_before_the_run(project):
    (project / "gone").symlink_to(project / "nowhere" / "at-all")
    run = certify(project, "--engine", "python:fake_engines:good", out="gone")
    assert run.code == 2, run.stdout + run.stderr
    assert "a symbolic link to" in run.stderr and "does not exist" in run.stderr
    assert "Traceback" not in run.stderr and "passed" not in run.stdout


def test_out_under_a_file_is_a_usage_error_naming_the_os_error(project):
    (project / "plain-file").write_text("x")
    run = certify(project, "--engine", "python:fake_engines:good", out="plain-file/reports")
    assert run.code == 2 and "cannot write there" in run.stderr and "ENOTDIR" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_out_on_a_mount_point_works(project):
    mount = project / "mnt"
    if not _mount_tmpfs(mount, "size=8m"):
        pytest.skip("cannot mount a tmpfs here")
    try:
        run = certify(project, "--engine", "python:fake_engines:good", out="mnt")
        assert run.code == 0, run.stdout + run.stderr
        assert (mount / "results.json").is_file() and not list(mount.glob(".certify-staging-*"))
    finally:
        _umount(mount)


def test_a_read_only_filesystem_is_a_usage_error_before_the_run(project):
    mount = project / "ro"
    if not _mount_tmpfs(mount, "ro"):
        pytest.skip("cannot mount a tmpfs here")
    try:
        run = certify(project, "--engine", "python:fake_engines:good", out="ro")
        assert run.code == 2 and "EROFS" in run.stderr and "Traceback" not in run.stderr, run.stderr
    finally:
        _umount(mount)


def test_a_full_disk_says_so_and_replaces_nothing(project):
    mount = project / "full"
    if not _mount_tmpfs(mount):
        pytest.skip("cannot mount a tmpfs here")
    try:
        (mount / "results.json").write_text("previous run\n")
        filler = mount / f"filler-{uuid.uuid4().hex}"
        with open(filler, "wb") as fh:  # leave a few KiB: room to stage, none for the reports
            try:
                fh.write(b"\0" * (64 * 1024 - 12 * 1024))
            except OSError:
                pass
        run = certify(project, "--engine", "python:fake_engines:good", out="full")
        assert run.code == 2, run.stdout + run.stderr
        assert "No space left on device" in run.stderr and "nothing there was replaced" in run.stderr
        assert "Traceback" not in run.stderr
        assert (mount / "results.json").read_text() == "previous run\n"
        assert not list(mount.glob(".certify-staging-*"))
    finally:
        _umount(mount)


def test_a_second_run_replaces_the_whole_report_set(project):
    first = certify(project, "--engine", "python:fake_engines:good", out="out")
    assert first.code == 0, first.stderr
    (project / "out" / "divergences.json").write_text("{}\n")  # a file only a --strict run writes
    second = certify(project, "--engine", "python:fake_engines:bad", out="out")
    assert second.code == 1, second.stdout + second.stderr
    names = sorted(p.name for p in (project / "out").iterdir() if not p.name.startswith("."))
    assert "divergences.json" not in names  # the previous run's file is not mixed into this run's set
    assert {"results.json", "summary.md", "report.html", "badge.svg", "junit.xml"} <= set(names)
