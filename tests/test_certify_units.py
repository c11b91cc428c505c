"""The certification building blocks on their own: outcome mapping, totals, schema, compare,
section order, Markdown and badge rendering."""

from __future__ import annotations

import copy
import io
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from mtg_adapter.defaults import DEFAULT_TIMEOUT
from mtg_conformance.certify import badge, results, runner, summary
from mtg_conformance.certify.compare import changes
from mtg_conformance.certify.engine import EngineError
from mtg_conformance.certify.outcomes import classify, combine
from mtg_conformance.certify.suite import section_of, section_sort_key


def report(outcome, longrepr=None, **extra):
    return SimpleNamespace(outcome=outcome, longrepr=longrepr, **extra)


@pytest.mark.parametrize("phase, rep, expected", [
    ("setup", report("passed"), None),
    ("call", report("passed"), ("pass", "")),
    ("setup", report("skipped", ("f.py", 3, "Skipped: unsupported feature: copy")),
     ("unsupported", "unsupported feature: copy")),
    ("setup", report("skipped", ["f.py", 3, "Skipped: expected skip: no stickers"]),
     ("skipped", "expected skip: no stickers")),
    ("call", report("failed", "[XPASS(strict)] expected fail: #12"), ("unexpectedly-passing", "[XPASS(strict)] expected fail: #12")),
    ("call", report("passed", wasxfail="flaky"), ("unexpectedly-passing", "[XPASS] flaky")),
    ("call", report("skipped", "boom", wasxfail="known"), ("expected-failure", "boom")),
    ("call", report("failed", "engine failure (the adapter is broken): hung"),
     ("error", "engine failure (the adapter is broken): hung")),
    ("call", report("failed", SimpleNamespace(reprcrash=SimpleNamespace(message="Failed: step 0 of 1: diff"))),
     ("fail", "step 0 of 1: diff")),
    ("teardown", report("failed", "oops"), ("error", "error in teardown: oops")),
])
def test_classify_maps_each_pytest_report_shape(phase, rep, expected):
    assert classify(phase, rep) == expected


def test_combine_setup_decides_alone_and_teardown_errors_win():
    assert combine([("unsupported", "unsupported feature: x")]) == ("unsupported", "unsupported feature: x")
    assert combine([("pass", ""), ("error", "error in teardown: x")]) == ("error", "error in teardown: x")
    assert combine([]) == ("error", "no report for this test")


def _test(test_id, outcome, rule="702.33d", kind="rule", section="702.33"):
    return {"id": test_id, "nodeid": f"t.py::{test_id}", "entry": test_id.split("::")[0], "kind": kind,
            "rule": rule, "section": section, "cites": [], "features": ["kicker"], "source": None,
            "rules_version": "2026-06-19", "text": "Text | with pipe", "outcome": outcome, "duration": 0.01,
            "message": "" if outcome == "pass" else "expected 20, observed 17", "scenario": None}


def _doc(tests):
    digest = "0" * 64
    return {
        "format": "mtg-conformance-results", "format_version": 1,
        "tool": {"name": "mtg-conformance", "version": "0"},
        "engine": {"spec": "x", "name": "E", "version": "1", "protocol": 1, "features": ["kicker"]},
        "suite": {"version": "0" * 16, "sha256": digest, "spec_sha256": None, "tests_sha256": digest,
                  "comprehensive_rules": "2026-06-19"},
        "expectations": None, "totals": results.totals(tests),
        "regression": any(t["outcome"] in ("fail", "error", "unexpectedly-passing") for t in tests),
        "tests": tests,
    }


def test_totals_exclude_unsupported_from_the_percentage():
    tests = [_test("a::1", "pass"), _test("a::2", "pass"), _test("a::3", "fail"), _test("a::4", "unsupported"),
             _test("a::5", "skipped")]
    totals = results.totals(tests)
    assert totals["applicable"] == 3 and totals["percent"] == pytest.approx(66.67)
    assert results.totals([_test("a::1", "unsupported")])["percent"] is None


def test_schema_accepts_a_built_document_and_rejects_wrong_fields():
    doc = _doc([_test("a::1", "pass")])
    results.validate(doc)
    wrong = copy.deepcopy(doc)
    wrong["tests"][0]["outcome"] = "passed"
    with pytest.raises(results.ResultsError, match="tests/0/outcome"):
        results.validate(wrong)
    extra = copy.deepcopy(doc)
    extra["tests"][0]["colour"] = "green"
    with pytest.raises(results.ResultsError, match="colour"):
        results.validate(extra)


def test_load_names_the_file_and_position_of_broken_json(tmp_path):
    path = tmp_path / "results.json"
    path.write_text('{"format": ')
    with pytest.raises(results.ResultsError, match=r"results.json: line 1, column 12"):
        results.load(path)
    with pytest.raises(results.ResultsError, match="no such results file"):
        results.load(tmp_path / "missing.json")


def test_changes_classify_by_stable_id():
    before = _doc([_test("a::1", "pass"), _test("a::2", "fail"), _test("a::3", "pass"), _test("a::4", "pass"),
                   _test("a::gone", "pass")])
    after = _doc([_test("a::1", "fail"), _test("a::2", "pass"), _test("a::3", "unsupported"),
                  _test("a::4", "pass"), _test("a::new", "expected-failure")])
    diff = changes(before, after)
    assert [c["id"] for c in diff["newly_failing"]] == ["a::1"]
    assert [c["id"] for c in diff["newly_passing"]] == ["a::2"]
    assert [(c["id"], c["before"], c["after"]) for c in diff["other"]] == [("a::3", "pass", "unsupported")]
    assert [c["id"] for c in diff["new"]] == ["a::new"]
    assert [c["id"] for c in diff["removed"]] == ["a::gone"]
    assert diff["any"] is True
    assert changes(after, after)["any"] is False


def test_sections_sort_rules_numerically_then_rulings():
    names = ["Rulings: Kicker", "702.100", "702.33", "601.2", section_of("rule", "702.34a", None),
             section_of("ruling", None, "Kaleidoscorch")]
    assert sorted(names, key=section_sort_key) == ["601.2", "702.33", "702.34", "702.100", "Rulings: Kaleidoscorch",
                                                   "Rulings: Kicker"]


def test_summary_tables_survive_pipes_and_fences_survive_backticks():
    tests = [_test("a|b::1", "fail")]
    tests[0]["message"] = "observed ``` inside"
    text = summary.render(_doc(tests))
    assert "`a\\|b`" in text
    assert "````\nobserved ``` inside\n````" in text
    assert "> Text | with pipe" in text


def test_summary_heading_shows_the_engine_name_as_text_not_html():
    doc = _doc([_test("a::1", "pass")])
    doc["engine"].update(name="<img src=x onerror=alert(1)>", version="*1*_[x](y)#")
    previous = copy.deepcopy(doc)
    previous["engine"]["name"] = "<script>alert(2)</script>"
    text = summary.render(doc, changes(previous, doc))
    assert text.splitlines()[0] == r"# MTG conformance: &lt;img src=x onerror=alert(1)&gt; \*1\*\_\[x\](y)\#"
    assert "## Changes since the previous run (&lt;script&gt;alert(2)&lt;/script&gt; " in text
    assert "<img" not in text and "<script" not in text
    plain = _doc([_test("a::1", "pass")])
    plain["engine"].update(name="fake-20", version="1.0")
    assert summary.render(plain).splitlines()[0] == "# MTG conformance: fake-20 1.0"


def _totals(passed: int, applicable: int, tests: int) -> dict:
    return {"tests": tests, "pass": passed, "applicable": applicable,
            "percent": round(100.0 * passed / applicable, 2) if applicable else None}


@pytest.mark.parametrize("totals, color, label", [
    (_totals(153, 153, 153), "#4c1", ">153/153 · 100% applicable<"),
    (_totals(37, 40, 40), "#97ca00", ">37/40 · 92.5% applicable<"),
    (_totals(1, 10, 10), "#e05d44", ">1/10 · 10% applicable<"),
    (_totals(0, 0, 0), "#9f9f9f", ">n/a<"),
    # a partial engine: every test it runs passes, but it runs a fifth of the suite -> not green
    (_totals(30, 30, 153), "#e05d44", ">30/153 · 100% applicable<"),
])
def test_badge_shows_the_share_of_the_suite_beside_the_applicable_share(totals, color, label):
    svg = badge.render(totals)
    assert f'fill="{color}"' in svg and label in svg and svg.startswith("<svg")


def test_progress_draws_a_bar_on_a_terminal_and_plain_lines_otherwise():
    import io

    from mtg_conformance.certify.progress import Progress

    events = [{"event": "collected", "count": 2},
              {"event": "test", "outcome": "pass", "marker": {"id": "a::1"}, "nodeid": "t::a"},
              {"event": "test", "outcome": "fail", "marker": {"id": "a::2"}, "nodeid": "t::b"}]
    plain, tty = io.StringIO(), io.StringIO()
    for stream, is_tty in ((plain, False), (tty, True)):
        progress = Progress(stream, tty=is_tty)
        for event in events:
            progress.event(event)
        progress.finish()
    assert plain.getvalue().splitlines() == ["collected 2 tests", "progress: 1/2 (50%) pass 1", "FAIL: a::2",
                                             "progress: 2/2 (100%) fail 1 pass 1"]
    assert "\r" not in plain.getvalue()
    frames = tty.getvalue().split("\r")
    assert frames[-1].startswith("[" + "#" * 10) and "2/2  pass 1  fail 1" in frames[-1] and frames[-1].endswith("\n")


def test_scenarios_read_action_before_expectation_even_after_a_sorted_json_round_trip():
    import json

    scenario = {"setup": {"players": {}}, "description": "d",
                "steps": [{"resolve": {}, "expect": {"players": {"bob": {"life": 16}}}}]}
    text = summary.scenario_yaml(json.loads(json.dumps(scenario, sort_keys=True)))
    assert text.index("description") < text.index("setup") < text.index("steps")
    assert text.index("- resolve: {}") < text.index("expect:")


def test_a_rule_with_unsupported_tests_beside_its_passes_is_partial_not_pass():
    from mtg_conformance.certify.grouping import sections, status

    assert status(["pass", "pass"]) == "pass"
    assert status(["pass", "unsupported", "unsupported"]) == "partial"
    assert status(["pass", "skipped"]) == "partial"
    assert status(["pass", "unsupported", "fail"]) == "fail"
    assert status(["unsupported"]) == "unsupported"
    tests = [_test("kicker/a::1", "pass"), _test("kicker/a::2", "unsupported")]
    (section,) = sections(tests)
    assert section["status"] == "partial" and section["entries"][0]["status"] == "partial"
    text = summary.render(_doc(tests))
    assert "| 🟡 |" in text


def test_implement_next_ranks_by_tests_unlocked_alone_then_by_tests_needing_it():
    from mtg_conformance.certify.breakdown import implement_next

    def needs(*features):
        return {"features": list(features)}

    tests = [needs("kicker"), needs("kicker", "copy"), needs("kicker", "flashback"), needs("flashback"),
             needs("copy", "flashback"), needs("tokens", "copy")]
    assert implement_next(tests, ["kicker"]) == [
        {"feature": "flashback", "unlocks_alone": 2, "needed_by": 3},
        {"feature": "copy", "unlocks_alone": 1, "needed_by": 3},
        {"feature": "tokens", "unlocks_alone": 0, "needed_by": 1},
    ]
    assert implement_next(tests, ["kicker", "copy", "flashback", "tokens"]) == []


def test_certify_handshake_waits_the_engine_timeout_as_adapters_md_says(tmp_path, monkeypatch):
    """certify's own hello before the run waits --engine-timeout (default DEFAULT_TIMEOUT), and
    docs/RUNNING.md section 3 says that number, no other."""
    waited = []

    def handshake(spec, timeout):
        waited.append(timeout)
        raise EngineError("stop here")

    monkeypatch.setattr(runner, "handshake", handshake)
    for given in (None, 3.5):
        opts = runner.Options(engine="reference", engine_timeout=given, suite=tmp_path, out=tmp_path / "out")
        assert runner._certify(opts, io.StringIO(), io.StringIO()) == runner.USAGE
    assert waited == [DEFAULT_TIMEOUT, 3.5]
    text = (Path(__file__).resolve().parent.parent / "docs" / "RUNNING.md").read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith("| an answer (and reading a request) |")]
    assert "handshake" in row and "--engine-timeout" in row
    assert {float(n) for n in re.findall(r"(\d+(?:\.\d+)?) s\b", row)} == {DEFAULT_TIMEOUT}


def test_parallel_workers_only_when_they_pay(tmp_path):
    """-j N keeps its workers for a slow engine and runs serially when the estimated serial time
    (pytest's per-test cost plus the probe case scaled to a suite case, times the tests) is below
    what the workers' start-up costs: for the reference engine -j 2 was twice as slow as -j 1."""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "test_x.py").write_text("@pytest.mark.conformance(id='a')\n" * 800)
    fast = runner.Options(jobs=2, suite=suite)
    out = io.StringIO()
    runner._serial_if_parallel_would_not_pay(fast, 0.0001, out)
    assert fast.jobs == 1 and "running serially" in out.getvalue() and "800 tests" in out.getvalue()
    slow = runner.Options(jobs=2, suite=suite)
    runner._serial_if_parallel_would_not_pay(slow, 0.011, io.StringIO())  # phase.rs' probe: ~37 s serially
    assert slow.jobs == 2
    unknown = runner.Options(jobs=2, suite=suite)
    runner._serial_if_parallel_would_not_pay(unknown, None, io.StringIO())  # the probe failed
    assert unknown.jobs == 2
    rerun = runner.Options(jobs=2, suite=suite, select={"ids": ["a"] * 10})  # --rerun-failed of 10 tests
    runner._serial_if_parallel_would_not_pay(rerun, 0.011, io.StringIO())
    assert rerun.jobs == 1
    shard = runner.Options(jobs=2, suite=suite, select={"shard": [1, 40]})  # 20 of the 800 tests
    runner._serial_if_parallel_would_not_pay(shard, 0.011, io.StringIO())
    assert shard.jobs == 1
