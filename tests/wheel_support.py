"""Shared fixture (no tests here): the project built as a wheel and installed into a fresh
virtual environment in a temporary folder, outside the repository.

Why this shape: it must show that an installed wheel needs nothing from the checkout. The
wheel is built from a copy of the project's files (tracked and new, not ignored), installed
with `--no-deps`; the third-party dependencies come from this test run's own environment
through a `.pth` file that sees only them (symlinks), never the editable install of this
project, so the test is quick and offline. `.ci/run` does the same with a real dependency
install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OWN = ("mtg_conformance", "mtg_conformance_suite", "mtg_adapter", "generator", "reference_impl", "phase_adapter")


@dataclass
class Installed:
    venv: Path
    wheel: Path
    work: Path  # an empty folder outside the repository to run commands in

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    def env(self, **extra: str) -> dict:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS", "VIRTUAL_ENV")}
        env.update(PATH=f"{self.bin}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(self.venv),
                   HYPOTHESIS_PROFILE="ci")
        env.update(extra)
        return env

    def run(self, *argv: str, cwd: Path | None = None, timeout: float = 300, **env: str) -> subprocess.CompletedProcess:
        return subprocess.run(list(argv), cwd=cwd or self.work, env=self.env(**env), capture_output=True,
                              text=True, timeout=timeout)


SKIPPED_DIRS = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", ".pytest_cache", "mutants"}


def project_files() -> list[str]:
    """The project's files: git's view (tracked and new, not ignored), else the tree without
    virtual environments, build output and caches (a checkout without git metadata)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return sorted(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
                      if p.is_file() and not SKIPPED_DIRS & set(p.relative_to(ROOT).parts)
                      and not any(part.endswith(".egg-info") for part in p.relative_to(ROOT).parts))
    return [line for line in out.splitlines() if line and (ROOT / line).is_file()]


def _is_own(name: str) -> bool:
    base = name.split("-")[0].split(".")[0]
    return name.startswith("__editable__") or base in OWN or name.startswith("mtg_conformance")


def dependency_view(target: Path) -> Path:
    """A directory of symlinks to this environment's installed distributions, minus this project."""
    site = Path(sysconfig.get_paths()["purelib"])
    target.mkdir()
    for entry in site.iterdir():
        if _is_own(entry.name) or entry.suffix == ".pth" or entry.name in ("pip", "__pycache__"):
            continue
        if entry.name.startswith("pip-") and entry.name.endswith(".dist-info"):
            continue
        (target / entry.name).symlink_to(entry)
    return target


def build_and_install(base: Path) -> Installed:
    src, dist = base / "src", base / "dist"
    for name in project_files():
        dest = src / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, dest)
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(dist)],
                   check=True, capture_output=True, text=True, timeout=600)
    wheel = next(dist.glob("mtg_conformance-*.whl"))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
    venv_site = Path(subprocess.run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                    check=True, capture_output=True, text=True).stdout.strip())
    (venv_site / "zz_test_dependencies.pth").write_text(str(dependency_view(base / "deps")) + "\n", encoding="utf-8")
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True, text=True, timeout=600)
    shutil.rmtree(src)
    work = base / "work"
    work.mkdir()
    return Installed(venv=venv, wheel=wheel, work=work)


_INSTALLED: list[Installed] = []


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory) -> Installed:
    """The wheel installed into a fresh venv (built once per test session)."""
    if not _INSTALLED:
        try:
            _INSTALLED.append(build_and_install(tmp_path_factory.mktemp("wheel")))
        except subprocess.CalledProcessError as exc:
            pytest.fail(f"building or installing the wheel failed: {' '.join(map(str, exc.cmd))}\n"
                        f"{exc.stdout or ''}{exc.stderr or ''}")
    return _INSTALLED[0]
