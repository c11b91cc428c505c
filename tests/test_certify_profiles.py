"""Certification profiles (issue #32, "certification with a meaning"): named profiles with a written
passing criterion (mtg_conformance/certify/profiles.py, docs/PROFILES.md), `certify --profile NAME`
running only their tests, each profile's verdict and badge, and every verdict of a whole run.

Runs certify on the tiny fake project of test_certify_support, and once on the real suite's
converge tests with a faulty engine of the self-check."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_certify_support import certified, certify, make_project  # noqa: F401 - `certified` is a fixture
from test_certify_units import _test

from mtg_conformance import __version__
from mtg_conformance.certify import profiles, results, summary

CONVERGE_FAULT = "python:mtg_conformance.selfcheck.faults:converge_counts_colorless"


def _verdicts(doc: dict) -> dict[str, str]:
    return {v["name"]: v["verdict"] for v in doc["profiles"]}


# -- the registry and its criterion ---------------------------------------------------------------

def test_a_profile_counts_tests_by_family_tags_by_the_tags_they_stay_within_and_by_spec_file():
    kicker, core, sba = profiles.get("kicker"), profiles.get("core-casting"), profiles.get("state-based-actions")
    assert kicker.counts({"features": ["multikicker", "copy"]}) and not kicker.counts({"features": ["copy"]})
    assert core.counts({"features": []}) and core.counts({"features": ["kicker", "copy"]})
    assert not core.counts({"features": ["kicker", "turn-structure"]})
    assert sba.counts({"features": ["damage-marked"], "source": "spec/rules/state-based-actions.yaml"})
    assert not sba.counts({"features": [], "source": "spec/rules/combat.yaml"})
    assert profiles.get("full").counts({"features": ["anything"], "source": None})
    with pytest.raises(profiles.UnknownProfile):
        profiles.get("no-such-profile")


def test_a_profile_passes_only_when_every_counted_test_passes_each_other_outcome_fails_it():
    kicker = profiles.get("kicker")
    passing = [_test("k::1", "pass"), _test("k::2", "pass"), _test("c::1", "fail")]
    passing[2]["features"] = ["combat"]  # not counted by `kicker`
    verdict = profiles.verdict(kicker, passing, ["kicker"])
    assert (verdict["verdict"], verdict["tests"], verdict["pass"]) == ("pass", 2, 2)
    for outcome in ("fail", "error", "expected-failure", "unexpectedly-passing", "unsupported", "skipped"):
        tests = [_test("k::1", "pass"), _test("k::2", outcome)]
        found = profiles.verdict(kicker, tests, ["kicker"])
        assert found["verdict"] == "fail" and found["not_passing"][outcome] == 1, outcome
        assert found["reason"] == f"1 of 2 counted tests do not pass: {outcome} 1"
    unsupported = _test("k::3", "unsupported")
    unsupported["features"] = ["kicker", "sticker-kicker"]
    found = profiles.verdict(kicker, [unsupported], ["kicker"])
    assert found["undeclared_features"] == ["sticker-kicker"] and "does not declare sticker-kicker" in found["reason"]
    assert profiles.verdict(profiles.get("combat"), passing[:2], ["kicker"])["verdict"] == "empty"


def test_the_registry_is_documented_word_for_word_and_every_profile_counts_tests_of_the_suite():
    from mtg_conformance.suite_cases import load_tests

    assert profiles.main([]) == 0, "docs/PROFILES.md is stale: python -m mtg_conformance.certify.profiles --write"
    names = [p.name for p in profiles.PROFILES]
    assert len(names) == len(set(names)) and {"core-casting", "full", "kicker", "combat"} <= set(names)
    tests = [{"features": t.features, "source": t.source} for t in load_tests(None)]
    for profile in profiles.PROFILES:
        assert any(profile.counts(t) for t in tests), f"profile {profile.name} counts no test of the suite"
    running = (Path(__file__).resolve().parent.parent / "docs" / "RUNNING.md").read_text(encoding="utf-8")
    assert "(PROFILES.md)" in running.split("## 2.", 1)[1].split("\n## ", 1)[0]


# -- certify --profile ----------------------------------------------------------------------------

def test_certify_profile_runs_only_its_tests_and_names_profile_and_suite_version_in_every_report(tmp_path):
    root = make_project(tmp_path)
    run = certify(root, "--engine", "python:fake_engines:good", "--profile", "copies")
    assert run.code == 0, run.stdout + run.stderr
    assert "profile copies (Copies of spells): running only tests carrying `copy` or `copy-labels`" in run.stdout
    doc = run.results()
    results.validate(doc)
    assert [t["id"] for t in doc["tests"]] == ["kicker/optional-cost::copy-too"]
    assert doc["profile"]["name"] == "copies" and doc["profile"]["criterion"] == profiles.CRITERION
    assert [(v["name"], v["verdict"], v["tests"]) for v in doc["profiles"]] == [("copies", "pass", 1)]
    text = (run.out / "summary.md").read_text()
    assert "1 of 1 tests pass (100.0% of profile copies)" in text
    assert f"Profile `copies` (Copies of spells), suite {__version__} `{doc['suite']['version']}`: **✅ pass**" in text
    assert f"MTG conformance {__version__} · copies" in (run.out / "badge.svg").read_text()
    own = (run.out / "badge-copies.svg").read_text()
    assert 'aria-label="copies: pass"' in own and 'fill="#4c1"' in own and doc["suite"]["version"] in own
    assert sorted(p.name for p in run.out.glob("badge-*.svg")) == ["badge-copies.svg"]
    html = (run.out / "report.html").read_text()
    assert "Profile <code>copies</code> (Copies of spells), mtg-conformance " in html
    assert "<strong>pass</strong>, all 1 counted tests pass" in html and "of profile copies" in html


def test_a_profile_whose_tests_need_an_undeclared_feature_fails_without_failing_the_run(tmp_path):
    root = make_project(tmp_path)
    run = certify(root, "--engine", "python:fake_engines:good", "--profile", "kicker")
    assert run.code == 0, run.stdout + run.stderr  # no regression: the verdict is the profile's, not the run's
    found = run.results()["profiles"][0]
    assert (found["verdict"], found["tests"], found["pass"]) == ("fail", 4, 3)
    assert found["undeclared_features"] == ["sticker-kicker"]
    svg = (run.out / "badge-kicker.svg").read_text()
    assert 'aria-label="kicker: fail"' in svg and 'fill="#e05d44"' in svg


def test_a_whole_run_gives_every_profiles_verdict_from_the_same_results(certified):
    good, bad = certified["good"].results(), certified["bad"].results()
    assert good["profile"] is None
    assert _verdicts(good) == {**{p.name: "empty" for p in profiles.PROFILES}, "core-casting": "fail",
                               "kicker": "fail", "copies": "pass", "full": "fail"}
    assert _verdicts(bad)["copies"] == "fail"
    assert good["profiles"] == profiles.verdicts(good["tests"], good["engine"]["features"])
    out = certified["good"].out
    assert {p.name for p in out.glob("badge-*.svg")} == {"badge-core-casting.svg", "badge-kicker.svg",
                                                          "badge-copies.svg", "badge-full.svg"}
    text = (out / "summary.md").read_text()
    assert "## Profiles (1 of 4 pass)" in text  # empty profiles are listed but not counted
    assert "| `copies` | ✅ pass | 1 | 1 | all 1 counted tests pass |" in text
    assert text.index("## Why 1 test did not run") < text.index("## Profiles") < text.index("| Outcome |")
    short = (out / "job-summary.md").read_text()
    assert "Profiles: `core-casting` fail, `kicker` fail, `copies` pass, `full` fail." in short


def test_unknown_profile_and_a_profile_without_tests_in_the_suite_are_usage_errors(tmp_path):
    root = make_project(tmp_path)
    unknown = certify(root, "--engine", "python:fake_engines:good", "--profile", "kickr")
    assert unknown.code == 2 and "--profile kickr: no such profile; the profiles are core-casting, kicker" in \
        unknown.stderr and not unknown.out.exists()
    empty = certify(root, "--engine", "python:fake_engines:good", "--profile", "combat")
    assert empty.code == 2 and "no test of profile combat in suite" in empty.stderr
    listed = subprocess.run([sys.executable, "-m", "mtg_conformance", "certify", "--list-profiles"],
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0 and "kicker: Kicker and its variants. Counts tests carrying `kicker`" in listed.stdout
    assert profiles.CRITERION in listed.stdout


def test_merged_shards_of_a_profile_run_give_the_profile_run(tmp_path):
    root = make_project(tmp_path)
    common = ("--engine", "python:fake_engines:bad", "--profile", "kicker")
    whole = certify(root, *common, out="whole")
    parts = [certify(root, *common, "--shard", f"{k}/2", out=f"s{k}") for k in (1, 2)]
    assert [len(p.results()["tests"]) for p in parts] == [2, 2] and parts[0].results()["profiles"] == []
    proc = subprocess.run([sys.executable, "-m", "mtg_conformance", "merge", "s1/results.json", "s2/results.json",
                           "--out", "merged"], cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    merged = json.loads((root / "merged" / "results.json").read_text())
    assert merged["profile"] == whole.results()["profile"] and merged["profiles"] == whole.results()["profiles"]
    assert (root / "merged" / "badge-kicker.svg").read_text() == (whole.out / "badge-kicker.svg").read_text()
    other = certify(root, "--engine", "python:fake_engines:bad", "--profile", "copies", "--shard", "1/2", out="o")
    assert other.code == 1
    mixed = subprocess.run([sys.executable, "-m", "mtg_conformance", "merge", "s2/results.json", "o/results.json",
                            "--out", "mixed"], cwd=root, capture_output=True, text=True, timeout=120)
    assert mixed.returncode == 2 and "another profile" in mixed.stderr


def test_a_faulty_engine_fails_the_converge_profile_of_the_real_suite(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "mtg_conformance", "certify", "--engine", CONVERGE_FAULT,
                           "--profile", "converge", "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    doc = json.loads((tmp_path / "out" / "results.json").read_text())
    assert doc["tests"] and all("converge" in t["features"] for t in doc["tests"])
    found = doc["profiles"][0]
    assert found["name"] == "converge" and found["verdict"] == "fail" and found["not_passing"]["fail"] > 0
    assert 'aria-label="converge: fail"' in (tmp_path / "out" / "badge-converge.svg").read_text()
    assert "**❌ fail**" in summary.render(doc)
