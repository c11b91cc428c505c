"""The suite travels with the package: a wheel installed into a fresh venv outside the repository
certifies an out-of-process engine, runs smoke and replay, and runs its suite under pytest, from
an empty folder (about 20 s: one wheel build, shared with tests/test_ci_recipe.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from wheel_support import ROOT, installed_wheel  # noqa: F401 - fixture


def _suite_size() -> int:
    return sum(path.read_text(encoding="utf-8").count("@pytest.mark.conformance(")
               for path in (ROOT / "generated_tests").glob("test_*.py"))


def test_the_installed_code_and_suite_come_from_the_venv_not_the_checkout(installed_wheel):
    proc = installed_wheel.run(str(installed_wheel.bin / "python"), "-c",
                               "import mtg_conformance, mtg_adapter.suite_files as s; "
                               "print(mtg_conformance.__file__); print(s.spec_dir()); print(s.tests_dir())")
    assert proc.returncode == 0, proc.stderr
    for line in proc.stdout.split():
        assert Path(line).is_relative_to(installed_wheel.venv), line
    spec = Path(proc.stdout.split()[1])
    assert (spec / "rules").is_dir() and (spec / "cards").is_dir() and (spec / "schema").is_dir()


def test_certify_from_an_empty_folder_against_the_reference_served_out_of_process(installed_wheel):
    # the folder is shared with the other tests of the wheel: a pytest one run before this one
    # (xdist decides the order) leaves its own .pytest_cache, which says nothing about certify
    shutil.rmtree(installed_wheel.work / ".pytest_cache", ignore_errors=True)
    engine = f"cmd:{installed_wheel.bin / 'mtg-conformance'} serve-reference"
    proc = installed_wheel.run(str(installed_wheel.bin / "mtg-conformance"), "certify", "--engine", engine,
                               "--out", "reports")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = installed_wheel.work / "reports"
    from mtg_conformance.certify.profiles import PROFILES

    names = sorted(p.name for p in out.iterdir())
    assert [n for n in names if not n.startswith("badge-")] == [
        "badge.svg", "job-summary.md", "junit.xml", "pytest.log", "report.html", "results.json", "summary.md"]
    assert {n for n in names if n.startswith("badge-")} == {f"badge-{p.name}.svg" for p in PROFILES}
    doc = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert doc["engine"]["spec"] == engine
    assert doc["totals"]["tests"] == doc["totals"]["pass"] == _suite_size()
    assert doc["suite"]["spec_files"] > 0 and doc["suite"]["comprehensive_rules"]
    assert doc["tests"][0]["text"]  # rule texts came from the shipped spec
    assert not (installed_wheel.work / ".pytest_cache").exists()


def test_smoke_from_an_empty_folder(installed_wheel):
    proc = installed_wheel.run(str(installed_wheel.bin / "mtg-conformance"), "smoke", "--engine",
                               f"cmd:{installed_wheel.bin / 'mtg-conformance'} serve-reference")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "RESULT: smoke test passed" in proc.stdout


def test_pytest_entries_run_the_installed_suite(installed_wheel):
    pyargs = installed_wheel.run(str(installed_wheel.bin / "python"), "-m", "pytest", "--pyargs",
                                 "mtg_conformance_suite", "-q", "-k", "copy_of_kicked")
    assert pyargs.returncode == 0, pyargs.stdout + pyargs.stderr
    assert " passed" in pyargs.stdout.splitlines()[-1] and "failed" not in pyargs.stdout
    wrapped = installed_wheel.run(str(installed_wheel.bin / "mtg-conformance"), "test", "--", "-q", "-k",
                                  "copy_of_kicked", "--engine", "reference")
    assert wrapped.returncode == 0, wrapped.stdout + wrapped.stderr
    def counts(proc):  # "4 passed, 149 deselected in 0.5s" -> "4 passed, 149 deselected"
        return proc.stdout.splitlines()[-1].split(" in ")[0]

    assert counts(wrapped) == counts(pyargs)


def test_replay_and_export_from_an_empty_folder(installed_wheel):
    test_id = "kicker/kicker-is-an-optional-additional-cost::kicked-burst-lightning-deals-4"
    replay = installed_wheel.run(str(installed_wheel.bin / "mtg-conformance"), "replay", test_id, "--engine",
                                 f"cmd:{installed_wheel.bin / 'mtg-conformance'} serve-reference")
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.rstrip().endswith(f"VERDICT: pass: {test_id} (rule 702.33a)")
    export = installed_wheel.run(str(installed_wheel.bin / "mtg-conformance"), "export", "--out", "suite-json")
    assert export.returncode == 0, export.stderr
    index = json.loads((installed_wheel.work / "suite-json" / "index.json").read_text(encoding="utf-8"))
    assert index["tests"] == _suite_size()


def test_in_a_checkout_the_suite_is_found_beside_the_code_even_without_the_data_package(monkeypatch):
    from importlib import resources

    from mtg_adapter import suite_files

    assert suite_files.spec_dir() == ROOT / "spec" and suite_files.tests_dir() == ROOT / "generated_tests"

    def missing(name):  # an editable install made before mtg_conformance_suite existed
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(resources, "files", missing)
    assert suite_files.spec_dir() == ROOT / "spec"
    assert suite_files.suite_path("no-such-dir") is None


def test_the_changelog_names_the_current_version_first():
    """Reports carry tool.version; the CHANGELOG says what changed in it (semantic versioning)."""
    import re

    from mtg_conformance import __version__

    root = Path(__file__).resolve().parent.parent
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1) == __version__
    changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.findall(r"^## (\d+\.\d+\.\d+)", changelog, re.M)[0] == __version__
