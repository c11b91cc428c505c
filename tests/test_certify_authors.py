"""The engine author's loop (issue "Engine authors: a short fix loop, reports that lead with what
broke"): reports that lead with the regressions, every reason a test did not run, rerunning what
failed, expectations written from a run, the exact request stream of a replay, shards and merge.

Runs certify on the tiny fake project of test_certify_support (real plugin and collector)."""

from __future__ import annotations

import json

from test_certify_support import certified, certify, make_project  # noqa: F401 - `certified` is a fixture
from test_certify_units import _doc, _test

from mtg_conformance.certify import summary

BAD_REPLAY = "mtg-conformance replay kicker/optional-cost::copy-too --engine python:fake_engines:bad"


# -- 1. reports lead with what broke ------------------------------------------------------------

def test_summary_leads_with_regressions_then_failures_then_expected_failures_before_any_table():
    tests = [_test("a::1", "pass"), _test("a::2", "fail"), _test("a::3", "expected-failure"),
             _test("a::4", "unexpectedly-passing")]
    for test in tests[1:]:
        test["replay"] = f"mtg-conformance replay {test['id']} --engine x"
    text = summary.render(_doc(tests))
    head = text.index("tests pass")
    regressions, failures, known = (text.index("## Regressions (2)"), text.index("## Failures (2)"),
                                    text.index("## Expected failures (1)"))
    first_table = text.index("| Outcome | Tests |")
    assert head < regressions < failures < known < first_table < text.index("## By feature")
    lead = text[regressions:failures]
    assert "`a::2` (fail, rule 702.33d): expected 20, observed 17" in lead
    assert "replay: `mtg-conformance replay a::2 --engine x`" in lead
    assert "`a::4` (xpass" in lead and "a::3" not in lead
    assert "mtg-conformance replay a::3 --engine x" in text[known:first_table]


def test_certify_writes_a_capped_job_summary_and_appends_it_to_job_summary_file(tmp_path, certified):
    run = certified["bad"]
    short = (run.out / "job-summary.md").read_text()
    assert short.startswith("## MTG conformance: fake-17 1.0\n\n**0 of 4 tests pass")
    assert "### Regressions (3)" in short and f"replay: `{BAD_REPLAY}`" in short
    assert "`kicker/optional-cost::copy-too` (fail, rule 702.33a): step 0: players.bob.life: expected 20, " \
           "observed 17" in short
    assert "bad/summary.md" in short and "bad/report.html" in short
    assert "| " not in short and "## Rules and rulings" not in short  # no tables
    doc = run.results()
    capped = summary.job_summary({**doc, "tests": doc["tests"] * 30}, cap=50)
    assert capped.count("- ❌") == 50 and "... and 40 more" in capped
    root = make_project(tmp_path)
    (root / "step.md").write_text("earlier step\n")
    again = certify(root, "--engine", "python:fake_engines:bad", "--job-summary", "step.md")
    assert again.code == 1, again.stderr
    assert (root / "step.md").read_text() == "earlier step\n" + (again.out / "job-summary.md").read_text()


def test_report_html_opens_on_the_failures(certified):
    html = (certified["bad"].out / "report.html").read_text()
    first = html.index('<section id="failures"')
    assert html.index("</header>") < first < html.index('id="changes"') < html.index('id="breakdown"')
    assert html.index(BAD_REPLAY) < html.index('id="changes"')
    assert '<a href="#regressions">' in html
    assert 'id="failures"' not in (certified["good"].out / "report.html").read_text()


# -- 2. every reason a test did not run, ranked --------------------------------------------------

def _not_run(test_id, features, outcome="unsupported", message=None):
    test = _test(test_id, outcome)
    test["features"] = features
    test["message"] = message or "unsupported feature: " + ", ".join(f for f in features if f != "kicker")
    return test


def test_feature_sets_that_unlock_tests_together_are_ranked_by_the_tests_they_unlock():
    from mtg_conformance.certify import notrun

    tests = ([_not_run(f"c::{n}", ["kicker", "combat", "turn-structure"]) for n in range(62)]
             + [_not_run(f"t::{n}", ["kicker", "turn-structure"]) for n in range(3)]
             + [_not_run("s::1", ["kicker", "sticker-kicker"])]
             + [_not_run(f"r::{n}", ["kicker"], message="unsupported by the engine: card Thragtusk not implemented")
                for n in range(4)]
             + [_not_run("r::x", ["kicker"], message="unsupported by the engine: alternative cost 'evoke'")]
             + [_not_run("k::1", ["kicker"], outcome="skipped", message="expected skip: https://example.org/9")]
             + [_test("p::1", "pass")])
    doc = _doc(tests)
    found = notrun.classify(doc)
    assert found["count"] == 72
    assert found["features"] == [
        {"features": ["combat", "turn-structure"], "exactly": 62, "unlocks": 65},
        {"features": ["turn-structure"], "exactly": 3, "unlocks": 3},
        {"features": ["sticker-kicker"], "exactly": 1, "unlocks": 1},
    ]
    assert [(r["reason"], r["tests"]) for r in found["refused"]] == [
        ("card Thragtusk not implemented", 4), ("alternative cost 'evoke'", 1)]
    assert [(r["reason"], r["tests"]) for r in found["other"]] == [("expected skip: https://example.org/9", 1)]
    text = summary.render(doc)
    section = text[text.index("## Why 72 tests did not run"):]
    assert text.index("## Regressions") < text.index("## Why 72 tests did not run") < text.index("| Outcome |")
    assert "### Undeclared features (66 tests)" in section
    assert "1. `combat` + `turn-structure`: unlocks 65 tests (62 need exactly this set)" in section
    assert "2. `turn-structure`: unlocks 3 tests\n" in section
    assert "### Refused by the engine (5 tests)" in section
    assert "- card Thragtusk not implemented: 4 tests (`r::0`, `r::1`, `r::2`, ...)" in section
    assert "### Other skips (1 test)" in section


def test_a_certified_partial_engine_says_why_its_tests_did_not_run(certified):
    text = (certified["good"].out / "summary.md").read_text()
    assert "## Why 1 test did not run" in text
    assert "1. `sticker-kicker`: unlocks 1 test" in text
