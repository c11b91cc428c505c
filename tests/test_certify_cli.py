"""`mtg-conformance certify` end to end: the real plugin and collector, fake engines.

Exit codes are the contract CI relies on: 0 no failures beyond expectations, 1 regression
(a failure, an error, or an expected failure that now passes), 2 usage or engine start-up error.
"""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest
from test_certify_support import certified, certify, make_project  # noqa: F401 - `certified` is a fixture

OUTPUTS = {"results.json", "junit.xml", "summary.md", "report.html", "badge.svg"}


def _schema() -> dict:
    return json.loads(resources.files("mtg_conformance.schema").joinpath("results.schema.json").read_text("utf-8"))


def _outcomes(results: dict) -> dict[str, str]:
    return {t["id"]: t["outcome"] for t in results["tests"]}


def test_passing_engine_exits_0_with_schema_valid_results(certified):
    run = certified["good"]
    assert run.code == 0, run.stderr
    assert OUTPUTS <= {p.name for p in run.out.iterdir()}
    results = run.results()
    jsonschema.Draft202012Validator(_schema()).validate(results)
    assert results["engine"]["name"] == "fake-20"
    assert results["engine"]["features"] == ["copy", "kicker"]
    assert results["suite"]["comprehensive_rules"] == "2026-06-19"
    ids = [t["id"] for t in results["tests"]]
    assert ids == sorted(ids)
    assert _outcomes(results) == {
        "kicker/one-spell::one": "pass",
        "kicker/optional-cost::bob-stays-at-20": "pass",
        "kicker/optional-cost::copy-too": "pass",
        "kicker/sticker::needs-stickers": "unsupported",
    }
    sticker = next(t for t in results["tests"] if t["id"] == "kicker/sticker::needs-stickers")
    assert sticker["message"] == "unsupported feature: sticker-kicker"
    assert results["totals"]["percent"] == 100.0 and results["regression"] is False


def test_a_partial_engine_shows_its_real_share_in_headline_badge_and_tables(certified):
    """Every test it runs passes, but one of four needs a feature it lacks: 3/4, never "100%" alone."""
    run = certified["good"]
    results = run.results()
    assert results["totals"]["suite_percent"] == 75.0 and results["totals"]["percent"] == 100.0
    assert ">3/4 · 100% applicable<" in (run.out / "badge.svg").read_text()
    assert 'fill="#4c1"' not in (run.out / "badge.svg").read_text()  # not the green of a complete engine
    summary = (run.out / "summary.md").read_text()
    assert "**3 of 4 tests pass (75.0% of the suite); 3 of 3 applicable (100.0%), 1 not run" in summary
    assert "3 of 4 tests pass (75.0% of the suite)" in run.stdout
    assert results["implement_next"] == [{"feature": "sticker-kicker", "unlocks_alone": 1, "needed_by": 1}]
    assert "1. `sticker-kicker`: unlocks 1 test alone; needed by 1" in summary
    features = {row["name"]: row for row in results["by_feature"]}
    assert (features["kicker"]["tests"], features["kicker"]["pass"], features["kicker"]["unsupported"]) == (4, 3, 1)
    assert "| sticker-kicker | **no** | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |" in summary
    sections = {row["name"]: row for row in results["by_section"]}
    assert (sections["702.33"]["pass"], sections["702.33"]["unsupported"]) == (2, 1)
    # a section with unsupported tests beside its passes is "partial", not a plain pass
    html = (run.out / "report.html").read_text()
    assert '<h2>702.33 <span class="chip partial">partial</span></h2>' in html
    assert "3 of 4 tests pass (75.0% of the suite)" in html


def test_results_carry_spec_texts_sections_and_the_plugins_junit_properties(certified):
    results = certified["good"].results()
    by_id = {t["id"]: t for t in results["tests"]}
    assert by_id["kicker/optional-cost::copy-too"]["section"] == "702.33"
    assert by_id["kicker/optional-cost::copy-too"]["text"].startswith("Kicker is a <static> ability")
    assert by_id["kicker/one-spell::one"]["section"] == "Rulings: Kicker (fake)"
    assert by_id["kicker/one-spell::one"]["cites"] == ["601.2b"]
    junit = (certified["good"].out / "junit.xml").read_text()
    assert 'name="conformance.id" value="kicker/optional-cost::copy-too"' in junit


def test_failing_engine_exits_1_with_the_diff_in_results_and_summary(certified):
    run = certified["bad"]
    assert run.code == 1, run.stderr
    results = run.results()
    jsonschema.Draft202012Validator(_schema()).validate(results)
    assert results["regression"] is True
    failing = [t for t in results["tests"] if t["outcome"] == "fail"]
    assert [t["id"] for t in failing] == ["kicker/one-spell::one", "kicker/optional-cost::bob-stays-at-20",
                                          "kicker/optional-cost::copy-too"]
    assert all("observed 17" in t["message"] for t in failing)
    assert failing[0]["scenario"]["steps"][0]["expect"] == {"players": {"bob": {"life": 20}}}
    assert results["totals"]["percent"] == 0.0
    summary = (run.out / "summary.md").read_text()
    assert "## Failures (3)" in summary
    assert "> Kicker is a <static> ability" in summary
    assert "players.bob.life: expected 20, observed 17" in summary
    assert 'fill="#e05d44"' in (run.out / "badge.svg").read_text()  # red


def test_every_failure_starts_with_id_rule_and_first_difference_and_carries_its_replay_command(certified):
    run = certified["bad"]
    failing = {t["id"]: t for t in run.results()["tests"] if t["outcome"] == "fail"}
    first = failing["kicker/optional-cost::copy-too"]
    assert first["message"].splitlines()[0] == (
        "kicker/optional-cost::copy-too (rule 702.33a): step 0: players.bob.life: expected 20, observed 17")
    assert failing["kicker/one-spell::one"]["message"].startswith("kicker/one-spell::one (ruling on 601.2b): step 0: ")
    command = "mtg-conformance replay kicker/optional-cost::copy-too --engine python:fake_engines:bad"
    assert first["replay"] == command
    summary = (run.out / "summary.md").read_text()
    html = (run.out / "report.html").read_text()
    junit = (run.out / "junit.xml").read_text()
    for test in failing.values():
        assert test["replay"] in summary and test["replay"] in html
        head = test["message"].splitlines()[0]
        assert f'message="{head}' in junit  # JUnit's message attribute starts with the same line


def test_compare_leads_with_what_changed(certified):
    summary = (certified["bad"].out / "summary.md").read_text()
    changes = summary.index("## Changes since the previous run")
    assert changes < summary.index("## Implement next") < summary.index("## Rules and rulings")
    assert "### Newly failing (3)" in summary
    assert "- `kicker/optional-cost::copy-too`: pass → fail" in summary
    assert "Newly passing (" not in summary  # empty groups are only counted
    html = (certified["bad"].out / "report.html").read_text()
    assert html.index('id="changes"') < html.index("<main>")
    assert 'id="changes-newly_failing"' in html and "kicker/optional-cost::copy-too" in html


def test_compare_reports_new_and_removed_tests_by_stable_id(tmp_path, certified):
    previous = certified["good"].results()
    renamed = next(t for t in previous["tests"] if t["id"] == "kicker/one-spell::one")
    renamed["id"] = "kicker/one-spell::old-name"
    previous["tests"].sort(key=lambda t: t["id"])
    path = tmp_path / "previous.json"
    path.write_text(json.dumps(previous))
    root = make_project(tmp_path / "p")
    run = certify(root, "--engine", "python:fake_engines:good", "--compare", str(path))
    assert run.code == 0, run.stderr
    summary = (run.out / "summary.md").read_text()
    assert "### New tests (1)\n\n- `kicker/one-spell::one`: pass" in summary
    assert "### Removed tests (1)\n\n- `kicker/one-spell::old-name`: pass" in summary
    # Same suite, same engine, another directory: the same results.json but for timings.
    assert _without_durations(run.results()) == _without_durations(certified["good"].results())


def _without_durations(results: dict) -> dict:
    return {**results, "tests": [{**t, "duration": 0} for t in results["tests"]]}


def test_expected_failures_exit_0_and_an_expected_failure_that_passes_exits_1(tmp_path):
    root = make_project(tmp_path)
    (root / "known.yaml").write_text(
        "- prefix: 'kicker/optional-cost::'\n  status: fail\n  issue: https://example.org/1\n"
        "- id: kicker/one-spell::one\n  status: fail\n  issue: https://example.org/2\n")
    known = certify(root, "--engine", "python:fake_engines:bad", "--expectations", "known.yaml", out="known")
    assert known.code == 0, known.stdout + known.stderr
    assert set(_outcomes(known.results()).values()) == {"expected-failure", "unsupported"}
    assert known.results()["expectations"]["file"] == "known.yaml"
    xfails = [t for t in known.results()["tests"] if t["outcome"] == "expected-failure"]
    assert xfails and all(t["message"].startswith(f"{t['id']} (") for t in xfails)  # id and rule, no traceback
    xpass = certify(root, "--engine", "python:fake_engines:good", "--expectations", "known.yaml", out="xpass")
    assert xpass.code == 1, xpass.stdout + xpass.stderr
    outcomes = _outcomes(xpass.results())
    assert outcomes["kicker/one-spell::one"] == "unexpectedly-passing"
    assert "XPASS(strict)" in next(t["message"] for t in xpass.results()["tests"] if t["id"] == "kicker/one-spell::one")


@pytest.mark.parametrize("engine, reason", [
    ("python:fake_engines:broken", "license server unreachable"),
    ("cmd:/nonexistent/engine --serve", "/nonexistent/engine"),
    ("no-such-registered-engine", "unknown engine"),
])
def test_an_engine_that_cannot_start_exits_2_and_writes_nothing(tmp_path, engine, reason):
    root = make_project(tmp_path)
    run = certify(root, "--engine", engine)
    assert run.code == 2
    assert "engine failed to start" in run.stderr and reason in run.stderr
    assert "Traceback" not in run.stderr
    assert not run.out.exists()


def test_usage_errors_exit_2(tmp_path):
    root = make_project(tmp_path)
    missing = certify(root, "--engine", "python:fake_engines:good", "--expectations", "nope.yaml")
    assert missing.code == 2 and "--expectations nope.yaml: no such file" in missing.stderr
    no_suite = certify(root, "--engine", "python:fake_engines:good", "--suite", "nowhere")
    assert no_suite.code == 2 and "--suite nowhere: no such directory" in no_suite.stderr
    (root / "stale.yaml").write_text("- id: kicker/renamed::gone\n  status: fail\n  issue: x\n")
    stale = certify(root, "--engine", "python:fake_engines:good", "--expectations", "stale.yaml")
    assert stale.code == 2
    assert "stale.yaml:1" in stale.stderr and "kicker/renamed::gone" in stale.stderr
    (root / "broken.json").write_text('{"format": "mtg-conformance-results"}')
    bad_compare = certify(root, "--engine", "python:fake_engines:good", "--compare", "broken.json")
    assert bad_compare.code == 2 and "broken.json" in bad_compare.stderr and "required" in bad_compare.stderr
    assert not (root / "out").exists()
