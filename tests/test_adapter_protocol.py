"""Protocol-1 schema checks, the judge's rules and the expectations loader."""

import copy
from pathlib import Path

import jsonschema
import pytest

from mtg_adapter.expectations import ExpectationError, load_expectations
from mtg_adapter.judge import failure_message, judge
from mtg_adapter.protocol import (
    ProtocolError,
    check_case,
    check_hello_answer,
    check_run_answer,
    fast_validator,
    schema,
    validator,
)

PLAYER = {"life": 20, "mana": "", "counters": {}, "hand": 0, "library": 0, "graveyard": 0, "exile": 0}
VIEW = {"players": {"alice": dict(PLAYER), "bob": dict(PLAYER)}, "cards": {}, "stack": [], "tokens": [],
        "turn": {"active": "alice", "step": "main1"}}


def view(**changes):
    v = copy.deepcopy(VIEW)
    for player, life in changes.items():
        v["players"][player]["life"] = life
    return v


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(schema())


def test_run_answer_messages_name_step_and_field():
    bad = view()
    del bad["players"]
    with pytest.raises(ProtocolError, match="engine answered step 2 with a view missing 'players'"):
        check_run_answer({"results": [{"status": "ok", "view": view()}] * 2 + [{"status": "ok", "view": bad}]}, 3)
    bad = view()
    bad["players"]["bob"]["life"] = "17"
    with pytest.raises(ProtocolError, match=r"step 0 with a view \(players.bob.life\) invalid: '17' is not of type"):
        check_run_answer({"results": [{"status": "ok", "view": bad}]}, 1)
    with pytest.raises(ProtocolError, match="step 0 with a result missing 'reason'"):
        check_run_answer({"results": [{"status": "illegal", "view": view()}]}, 1)


def test_result_count_rules():
    ok = {"status": "ok", "view": view()}
    errored = {"status": "errored", "message": "no such card"}
    check_run_answer({"results": [ok, errored]}, 3)  # may stop after errored
    with pytest.raises(ProtocolError, match="may stop early only after an 'errored' result"):
        check_run_answer({"results": [ok]}, 2)
    with pytest.raises(ProtocolError, match="2 results for a case of 1 steps"):
        check_run_answer({"results": [ok, ok]}, 1)
    with pytest.raises(ProtocolError, match="went on after an 'errored' result at step 0"):
        check_run_answer({"results": [errored, ok]}, 2)


def test_hello_checks():
    check_hello_answer({"implementation": {"name": "x", "version": "1"}, "protocol": 1, "features": []})
    with pytest.raises(ProtocolError, match="the hello answer whose implementation is missing 'version'"):
        check_hello_answer({"implementation": {"name": "x"}, "protocol": 1, "features": []})
    with pytest.raises(ProtocolError, match="the hello answer is missing 'features'"):
        check_hello_answer({"implementation": {"name": "x", "version": "1"}, "protocol": 1})


def test_case_checks_catch_suite_bugs():
    check_case({"id": "a::b", "setup": {}, "steps": [{"resolve": {}}]})
    with pytest.raises(ProtocolError, match="the case"):
        check_case({"id": "a::b", "setup": {}, "steps": [{"resolve": {}, "cast": {"card": "x"}}]})
    with pytest.raises(ProtocolError, match=r"steps\[0\].cast.kicks"):
        check_case({"id": "a::b", "setup": {}, "steps": [{"cast": {"card": "x", "kicks": -1}}]})


def ok(v):
    return {"status": "ok", "view": v}


def test_judge_step_without_expect_must_be_ok():
    verdicts = judge([{"resolve": {}}], {"results": [{"status": "illegal", "reason": "405", "view": view()}]})
    assert "engine rejected it as illegal: 405" in verdicts[0].problems[0]


def test_judge_illegal_compares_with_initial_or_previous_view():
    steps = [{"cast": {"card": "b"}, "expect": {"illegal": True, "rule": "601.2h"}}]
    changed = {"status": "illegal", "reason": "x", "view": view(alice=19)}
    assert judge(steps, {"initial": view(), "results": [changed]})[0].problems
    assert judge(steps, {"results": [changed]})[0].passed  # no initial: status only at step 0
    steps2 = [{"resolve": {}}, steps[0]]
    assert judge(steps2, {"results": [ok(view()), changed]})[1].problems
    assert judge(steps2, {"results": [ok(view(alice=19)), changed]})[1].passed


def test_judge_stops_at_first_failure_and_formats_it():
    steps = [{"resolve": {}, "expect": {"players": {"bob": {"life": 17}}}}, {"resolve": {}}]
    verdicts = judge(steps, {"results": [ok(view(bob=18)), ok(view())]})
    assert len(verdicts) == 1
    message = failure_message(verdicts, 2)
    assert message.splitlines()[0] == 'step 0 of 2: {"resolve": {}}'
    assert "players.bob.life: expected 17, observed 18" in message


def test_judge_errored_fails_with_message():
    verdicts = judge([{"resolve": {}}, {"resolve": {}}], {"results": [{"status": "errored", "message": "no Twincast"}]})
    assert verdicts[0].problems == ["the engine errored: no Twincast"]


def test_expectations_load_and_match(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("# known failures\n- prefix: kicker/\n  status: skip\n  issue: x\n"
                    "- feature: copy\n  status: fail\n  issue: y\n  note: one line\n")
    exp = load_expectations(path)
    assert [e.line for e in exp.entries] == [2, 5]
    assert exp.match("kicker/a::b", []).status == "skip"
    assert exp.match("other::b", ["copy"]).note == "one line"
    assert exp.match("other::b", []) is None
    assert [e.prefix for e in exp.unmatched(["other::b"])] == ["kicker/"]


@pytest.mark.parametrize("text, message", [
    ("- id: a::b\n  status: fail\n", r"exp.yaml:1: entry 1: missing field 'issue'"),
    ("- id: a::b\n  prefix: a\n  status: fail\n  issue: x\n", r"exp.yaml:1: entry 1: an entry needs exactly one of"),
    ("- id: a::b\n  status: fail\n  issue: x\n  note: |\n    two\n    lines\n", r"field 'note'"),
    ("- id: a::b\n  status: fail\n  issue: x\n  upstream: issue 12\n", r"exp.yaml:1: entry 1: field 'upstream'"),
    ("id: a\n", r"exp.yaml:1: expected a list of entries"),
    ("- id: [unclosed\n", r"exp.yaml:\d+: not valid YAML"),
    ("- !!python/object:os.system {}\n", r"not valid YAML"),
])
def test_expectations_errors_name_file_and_line(tmp_path, text, message):
    path = tmp_path / "exp.yaml"
    path.write_text(text)
    with pytest.raises(ExpectationError, match=message):
        load_expectations(path)


def test_expectations_upstream_links_the_engines_own_issue(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("- id: a::b\n  status: fail\n  issue: copies are not kicked\n"
                    "  upstream: https://github.com/example/engine/issues/12\n- id: c::d\n  status: skip\n  issue: x\n")
    first, second = load_expectations(path).entries
    assert first.upstream == "https://github.com/example/engine/issues/12" and second.upstream is None


def test_phase_known_failures_link_upstream_phase_issues():
    from pathlib import Path

    entries = load_expectations(Path(__file__).resolve().parents[1] / "expectations" / "phase.yaml").entries
    linked = [e.upstream for e in entries if e.upstream]
    assert linked and all(u.startswith("https://github.com/phase-rs/phase/") for u in linked)


def test_expectations_missing_file_and_empty_file(tmp_path):
    with pytest.raises(ExpectationError, match="cannot read expectations file"):
        load_expectations(tmp_path / "nope.yaml")
    (tmp_path / "empty.yaml").write_text("# nothing yet\n")
    assert load_expectations(tmp_path / "empty.yaml").entries == []


def _mutations():
    """Valid and invalid run answers, to hold the compiled fast path to the normative schema."""
    spell = {"kind": "spell", "source": "bolt", "copy": False, "controller": "alice", "kicked": True,
             "times_kicked": 1, "kickers": ["A"], "x": 0, "mana_value": 1, "colors_spent": ["R"],
             "total_cost": "{4}{R}", "cast_from": "hand", "alternative": None, "targets": ["bob"]}
    base = view()
    base["stack"] = [spell]
    base["cards"] = {"bolt": {"zone": "stack", "owner": "alice", "controller": "alice", "mana_value": 1}}
    base["tokens"] = [{"name": "Saproling", "controller": "alice", "power": 1, "toughness": 1}]
    yield {"results": [ok(base)]}
    yield {"initial": base, "results": [ok(base), {"status": "errored", "message": "x"}]}
    edits = [
        lambda v: v["players"].pop("bob"),
        lambda v: v["players"].__setitem__("carol", v["players"]["alice"]),
        lambda v: v["players"]["alice"].__setitem__("hand", -1),
        lambda v: v["players"]["alice"].__setitem__("life", True),
        lambda v: v["players"]["alice"].__setitem__("mana", "R"),
        lambda v: v["cards"]["bolt"].__setitem__("zone", "sideboard"),
        lambda v: v["cards"].__setitem__("Bolt", v["cards"]["bolt"]),
        lambda v: v["stack"][0].__setitem__("alternative", "overload"),
        lambda v: v["stack"][0].__setitem__("colors_spent", ["C"]),
        lambda v: v["stack"][0].__setitem__("kickers", ["C"]),
        lambda v: v["stack"][0].pop("controller"),
        lambda v: v["tokens"][0].pop("name"),
        lambda v: v["turn"].__setitem__("step", "main3"),
        lambda v: v.pop("turn"),
    ]
    for edit in edits:
        bad = copy.deepcopy(base)
        edit(bad)
        yield {"results": [ok(bad)]}
    yield {"results": [{"status": "illegal", "view": base}]}
    yield {"results": [{"status": "ok"}]}
    yield {"results": [{"status": "errored"}]}
    yield {"results": "none"}


def test_fast_path_agrees_with_the_normative_schema():
    fast = fast_validator("run_answer")
    if fast is None:
        pytest.skip("fastjsonschema is not installed; only jsonschema runs")
    verdicts = []
    for answer in _mutations():
        normative = validator("run_answer").is_valid(answer)
        try:
            fast(answer)
            quick = True
        except Exception:
            quick = False
        verdicts.append(normative)
        assert quick == normative, answer
    assert verdicts.count(True) == 2 and verdicts.count(False) > 10


def test_expectations_not_utf8_is_a_located_error(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_bytes(b"- id: a::b\n  status: fail\n  issue: caf\xe9\n")
    with pytest.raises(ExpectationError, match=r"exp.yaml:3: not UTF-8 text: invalid continuation byte at byte 38"):
        load_expectations(path)


def test_expectations_unknown_feature_is_a_located_error(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("- feature: copy\n  status: skip\n  issue: x\n- feature: stickers\n  status: skip\n  issue: y\n")
    with pytest.raises(ExpectationError, match=r"exp.yaml:4: entry 2: unknown feature 'stickers' \(known: copy, kicker\)"):
        load_expectations(path, known_features=["kicker", "copy"])
    assert len(load_expectations(path).entries) == 2  # unchecked without a list of known features


def test_expectations_duplicate_entries_are_located_errors(tmp_path):
    path = tmp_path / "exp.yaml"
    path.write_text("- id: a::b\n  status: fail\n  issue: x\n- prefix: k/\n  status: skip\n  issue: y\n"
                    "- id: a::b\n  status: skip\n  issue: z\n")
    with pytest.raises(ExpectationError, match=r"exp.yaml:7: entry 3: duplicate id 'a::b' \(first in entry 1, line 1\)"):
        load_expectations(path)


@pytest.mark.parametrize("content, message", [
    (b"- id: a::b\n  status: fail\n  issue: caf\xe9\n", "exp.yaml:3: not UTF-8 text"),
    (b"- feature: stickers\n  status: skip\n  issue: y\n", "exp.yaml:1: entry 1: unknown feature 'stickers'"),
    (b"- id: a::b\n  status: fail\n  issue: x\n- id: a::b\n  status: fail\n  issue: x\n", "exp.yaml:4: entry 2: duplicate id"),
    (b"- id: a\x00b\n  status: fail\n  issue: x\n", "exp.yaml:1: not valid YAML"),
])
def test_pytest_reports_bad_expectations_as_usage_errors(tmp_path, content, message):
    import subprocess
    import sys

    path = tmp_path / "exp.yaml"
    path.write_bytes(content)
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "pytest", str(root / "generated_tests" / "test_kicker_rulings_fr.py"),
                           "-q", "-p", "no:cacheprovider", "--expectations", str(path)],
                          capture_output=True, text=True, timeout=120, cwd=root)
    assert done.returncode == 4, done.stdout + done.stderr
    assert message in done.stderr
    assert "INTERNALERROR" not in done.stdout + done.stderr
