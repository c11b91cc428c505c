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
    ruling = _test("r::1", "fail", rule=None, kind="ruling", section="Rulings: a very long title of rulings")
    ruling["cites"] = ["707.10", "702.33d"]
    assert summary.lead_item(ruling)[0].startswith("- ❌ `r::1` (fail, ruling on 707.10, 702.33d): ")


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


# -- 3. the fix loop -----------------------------------------------------------------------------

def test_rerun_failed_runs_only_the_tests_that_did_not_pass_and_says_how_many(tmp_path, certified):
    root = make_project(tmp_path)
    previous = certified["bad"].out / "results.json"
    run = certify(root, "--engine", "python:fake_engines:good", "--rerun-failed", str(previous))
    assert run.code == 0, run.stdout + run.stderr
    assert f"rerun-failed: 3 tests did not pass in {previous} (fail 3); running only those" in run.stdout
    doc = run.results()
    assert [t["id"] for t in doc["tests"]] == ["kicker/one-spell::one", "kicker/optional-cost::bob-stays-at-20",
                                               "kicker/optional-cost::copy-too"]
    assert {t["outcome"] for t in doc["tests"]} == {"pass"}
    assert doc["selection"] == {"kind": "rerun-failed", "shard": None, "from": str(previous), "tests": 3}
    nothing = certify(root, "--engine", "python:fake_engines:good", "--rerun-failed", "out/results.json",
                      out="again")
    assert nothing.code == 0 and "nothing to rerun" in nothing.stdout and not nothing.out.exists()


def test_replay_save_writes_the_request_stream_to_pipe_into_the_engine(tmp_path):
    import subprocess
    import sys

    from test_replay import SCENARIO, replay

    proc = replay(SCENARIO, "--engine", "reference", "--save", str(tmp_path / "requests.jsonl"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = (tmp_path / "requests.jsonl").read_text().splitlines()
    requests = [json.loads(line) for line in lines]
    assert [r["cmd"] for r in requests] == ["hello", "run", "stop"]
    assert requests[0] == {"cmd": "hello", "protocol": 1}
    assert requests[1]["seq"] == 1 and requests[1]["case"]["id"] == SCENARIO
    assert all("expect" not in step for step in requests[1]["case"]["steps"])
    with open(tmp_path / "requests.jsonl", "rb") as stdin:
        served = subprocess.run([sys.executable, "-m", "mtg_conformance", "serve-reference"], stdin=stdin,
                                capture_output=True, timeout=120)
    answers = [json.loads(line) for line in served.stdout.splitlines()]
    assert len(answers) == 3 and answers[1]["seq"] == 1
    assert all(result["status"] == "ok" for result in answers[1]["results"])


# -- 4. shards and merge -------------------------------------------------------------------------

def _comparable(doc: dict) -> dict:
    return {**doc, "tests": [{**t, "duration": 0} for t in doc["tests"]]}


def test_two_merged_shards_give_the_results_of_one_run(tmp_path):
    root = make_project(tmp_path)
    (root / "known.yaml").write_text("- id: kicker/one-spell::one\n  status: fail\n  issue: https://example.org/2\n")
    common = ("--engine", "python:fake_engines:bad", "--expectations", "known.yaml")
    whole = certify(root, *common, out="whole")
    one = certify(root, *common, "--shard", "1/2", out="s1")
    two = certify(root, *common, "--shard", "2/2", out="s2")
    assert whole.code == one.code == two.code == 1, whole.stderr + one.stderr + two.stderr
    ids = [[t["id"] for t in run.results()["tests"]] for run in (one, two)]
    assert len(ids[0]) == len(ids[1]) == 2 and not set(ids[0]) & set(ids[1])
    assert one.results()["selection"] == {"kind": "shard", "shard": "1/2", "from": None, "tests": 2}
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "mtg_conformance", "merge", "s1/results.json", "s2/results.json",
                           "--out", "merged"], cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # the merged run has regressions, like the whole one
    merged = json.loads((root / "merged" / "results.json").read_text())
    assert _comparable(merged) == _comparable(whole.results())
    assert (root / "merged" / "summary.md").read_text() == (whole.out / "summary.md").read_text()
    junit = (root / "merged" / "junit.xml").read_text()
    assert junit.count("<testcase ") == 4 and 'tests="4"' in junit
    alone = subprocess.run([sys.executable, "-m", "mtg_conformance", "merge", "s1/results.json", "--out", "part"],
                           cwd=root, capture_output=True, text=True, timeout=120)
    assert "shard 2/2 missing" in alone.stderr
    twice = subprocess.run([sys.executable, "-m", "mtg_conformance", "merge", "s1/results.json", "s1/results.json",
                            "--out", "twice"], cwd=root, capture_output=True, text=True, timeout=120)
    assert twice.returncode == 2 and "each test belongs to one shard" in twice.stderr


def test_expectations_from_a_run_and_update_keeping_comments_issues_and_notes(tmp_path, certified):
    import subprocess
    import sys

    from mtg_adapter.expectations import load_expectations

    def expectations(*args):
        return subprocess.run([sys.executable, "-m", "mtg_conformance", "expectations", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)

    bad = certified["bad"].out / "results.json"
    fresh = expectations("--from", str(bad))
    assert fresh.returncode == 0, fresh.stderr
    (tmp_path / "fresh.yaml").write_text(fresh.stdout)
    entries = load_expectations(tmp_path / "fresh.yaml").entries
    assert [(e.id, e.status, e.issue) for e in entries] == [
        ("kicker/one-spell::one", "fail", "TODO: describe"),
        ("kicker/optional-cost::bob-stays-at-20", "fail", "TODO: describe"),
        ("kicker/optional-cost::copy-too", "fail", "TODO: describe")]
    assert entries[2].note == "step 0: players.bob.life: expected 20, observed 17"
    # A file written by hand: a comment per entry; one entry's test passes now, one failure is new.
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "# my engine's known failures\n"
        "- id: kicker/optional-cost::copy-too   # copies\n"
        "  status: fail\n"
        "  issue: https://example.org/my-engine/issues/12\n"
        "  note: copies are not kicked yet\n"
        "# life totals are off by three\n"
        "- id: kicker/one-spell::one\n"
        "  status: fail\n"
        "  issue: https://example.org/my-engine/issues/13\n"
        "- feature: sticker-kicker\n"
        "  status: skip\n"
        "  issue: no stickers\n")
    doc = json.loads(bad.read_text())
    for test in doc["tests"]:
        if test["id"] == "kicker/optional-cost::copy-too":
            test["outcome"], test["message"] = "pass", ""
    (tmp_path / "now.json").write_text(json.dumps(doc))
    updated = expectations("--from", "now.json", "--update", "mine.yaml")
    assert updated.returncode == 0, updated.stderr
    assert "kept 2 entries, added 1 failing test" in updated.stdout and "removed 1 whose tests now pass" in updated.stdout
    assert "removed id kicker/optional-cost::copy-too" in updated.stdout
    text = mine.read_text()
    assert text.startswith("# my engine's known failures\n")
    assert "# life totals are off by three\n- id: kicker/one-spell::one\n" in text
    assert "issue: https://example.org/my-engine/issues/13" in text and "copy-too" not in text
    assert "- id: kicker/optional-cost::bob-stays-at-20\n  status: fail\n  issue: 'TODO: describe'\n" in text
    assert [e.issue for e in load_expectations(mine).entries] == [
        "https://example.org/my-engine/issues/13", "no stickers", "TODO: describe"]


def test_reports_render_what_results_json_holds_so_a_merge_renders_them_the_same(tmp_path):
    """results.json stores keys sorted; certify renders from that same document (a scenario's setup
    in the spec's order would otherwise differ from what `merge` renders from the shards' files)."""
    from mtg_conformance.certify import runner

    tests = [_test("a::1", "fail")]
    tests[0]["scenario"] = {"setup": {"players": {"bob": {"life": 20}}, "battlefield": [{"card": "X"}]}, "steps": []}
    (tmp_path / "out").mkdir()
    (tmp_path / "staging").mkdir()
    doc = _doc(tests)
    doc["engine"].update(language="python", homepage=None)
    runner.write_outputs(doc, None, tmp_path / "staging", tmp_path / "out")
    written = json.loads((tmp_path / "out" / "results.json").read_text())
    assert (tmp_path / "out" / "summary.md").read_text() == summary.render(written)
