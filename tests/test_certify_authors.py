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

