"""A difference becomes a spec entry whose expectation holds the compared engine's answer on
the differing fields only: valid against the spec schema, passing on the reference engine
and failing on the engine that differed."""

import json
from pathlib import Path

import jsonschema
import yaml

from mtg_adapter.harness import Harness
from mtg_conformance.fuzz.differ import Pair, first_difference
from mtg_conformance.fuzz.entry import _SAME, PLACEHOLDER, expectation, restrict, spec_entry, to_yaml

ROOT = Path(__file__).resolve().parents[1]
FAULTY = "python:mtg_conformance.selfcheck.faults:multikicker_counted_once"
CASE = {
    "id": "fuzz::case",
    "setup": {"players": {"alice": {"hand": [{"card": "Joraga Warcaller", "label": "warcaller1"},
                                             {"card": "Lightning Bolt", "label": "bolt1"}],
                                    "mana": "{R}{G}{G}{G}{G}{G}"}}},
    "steps": [{"cast": {"card": "warcaller1", "kicks": 2, "pay": "{G}{G}{G}{G}{G}"}},
              {"resolve": {}},
              {"cast": {"card": "bolt1", "targets": ["bob"], "pay": "{R}"}}],
}


def _validate(entry):
    schema = json.loads((ROOT / "spec/schema/spec-file.schema.json").read_text())
    doc = {"title": "fuzz", "rules_version": "2026-06-19", "entries": [entry]}
    jsonschema.Draft202012Validator(schema).validate(doc)


def test_restrict_keeps_only_what_differs():
    ref = {"players": {"bob": {"life": 16, "mana": ""}}, "stack": [{"a": 1, "b": 2}, {"a": 3}],
           "tokens": [], "flag": True}
    other = {"players": {"bob": {"life": 20, "mana": ""}}, "stack": [{"a": 1, "b": 2}, {"a": 4}],
             "tokens": [{"name": "Wolf"}], "flag": 1}
    assert restrict(ref, other) == {"players": {"bob": {"life": 16}}, "stack": [{}, {"a": 3}],
                                    "tokens": [], "flag": True}
    assert restrict(ref, ref) is _SAME
    assert restrict({"x": 1}, {"x": 1, "extra": 2}) is _SAME  # an extra key cannot be expected away


def test_the_entry_is_valid_pasteable_and_tells_the_engines_apart():
    pair = Pair(FAULTY, "reference")
    diff, ours, theirs = pair.run(CASE)
    assert diff is not None and diff.index == 0
    entry = spec_entry(CASE, diff, theirs["initial"])
    assert entry["id"].startswith("fuzz/") and entry["kind"] == "ruling"
    assert entry["text"] == {"en": PLACEHOLDER}
    steps = entry["scenarios"][0]["steps"]
    assert len(steps) == 1, "steps after the first differing one are dropped"
    assert steps[0]["expect"] == {"stack": [{"times_kicked": 2}]}
    assert set(entry["features"]) >= {"kicker", "multikicker"}
    _validate(entry)
    pasted = yaml.safe_load("entries:\n" + to_yaml(entry))
    assert pasted == {"entries": [entry]}
    scenario = entry["scenarios"][0]
    _, on_reference = Harness("reference").run_scenario("fuzz::x", scenario["setup"], scenario["steps"])
    _, on_faulty = Harness(FAULTY).run_scenario("fuzz::x", scenario["setup"], scenario["steps"])
    assert on_reference is None
    assert on_faulty is not None and "times_kicked: expected 2, observed 1" in on_faulty


def test_an_illegal_answer_becomes_an_illegal_expectation():
    ours = {"results": [{"status": "ok", "view": {"turn": {"active": "alice", "step": "main1"}}}]}
    theirs = {"results": [{"status": "illegal", "reason": "601.2h", "view": {"turn": {"active": "alice", "step": "main1"}}}]}
    diff = first_difference(ours, theirs)
    assert diff.status_differs
    assert expectation(diff, None) == {"illegal": True}
    flipped = first_difference(theirs, ours)
    assert expectation(flipped, None) == {"turn": {"active": "alice", "step": "main1"}}


def test_no_expectation_when_the_compared_engine_errored():
    ours = {"results": [{"status": "ok", "view": {}}]}
    theirs = {"results": [{"status": "errored", "message": "unsupported"}]}
    diff = first_difference(ours, theirs)
    assert diff.index == 0 and expectation(diff, None) is None
    assert first_difference(theirs, theirs) is None


def test_null_and_absent_keys_are_the_same_but_missing_values_are_not():
    with_null = {"results": [{"status": "ok", "view": {"cards": {"s": {"zone": "battlefield", "power": None}},
                                                       "stack": [{"x": 0}]}}]}
    without = {"results": [{"status": "ok", "view": {"cards": {"s": {"zone": "battlefield"}},
                                                     "stack": [{"x": 0}]}}]}
    no_x = {"results": [{"status": "ok", "view": {"cards": {"s": {"zone": "battlefield"}},
                                                  "stack": [{}]}}]}
    assert first_difference(without, with_null) is None
    diff = first_difference(no_x, with_null)
    assert [str(d) for d in diff.differences] == ["stack[0].x: expected 0, observed nothing (key missing)"]
    assert expectation(diff, None) == {"stack": [{"x": 0}]}
