"""Protocol 1 as the reference engine speaks it: hello, run (ok / illegal / errored), stop,
the JSON-lines server, the entry point, and answers valid against the protocol schema."""

import io
import json
from importlib import metadata

import pytest

from mtg_adapter.protocol import check_hello_answer, check_run_answer
from mtg_adapter.server import serve
from reference_impl import runner
from reference_impl.adapter import FEATURES, create_engine

BOLT_SETUP = {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}],
                                    "mana": "{R}{R}{R}{R}{R}"}}}


def run(steps, setup=BOLT_SETUP):
    answer = create_engine().run({"id": "t::t", "setup": setup, "steps": steps})
    check_run_answer(answer, len(steps))
    return answer


def test_hello_names_version_protocol_and_features():
    hello = create_engine().hello()
    check_hello_answer(hello)
    assert hello["implementation"]["name"] == "mtg-conformance reference engine"
    assert hello["implementation"]["version"] == metadata.version("mtg-conformance")
    assert hello["protocol"] == 1 and hello["features"] == list(FEATURES)


def test_entry_point_creates_the_engine():
    eps = metadata.entry_points(group="mtg_conformance.engines")
    (ep,) = [e for e in eps if e.name == "reference"]
    assert ep.load()().hello()["protocol"] == 1


def test_illegal_step_leaves_the_view_exactly_as_before():
    answer = run([{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}"}}])
    (result,) = answer["results"]
    assert result["status"] == "illegal" and result["reason"].startswith("601.2h: ")
    assert result["view"] == answer["initial"]


@pytest.mark.parametrize("setup,steps,fragment", [
    ({"players": {"alice": {"hand": [{"card": "Lightning Bolt!", "label": "b"}]}}}, [{"resolve": {}}],
     "unknown card name 'Lightning Bolt!'"),
    ({"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "B"}]}}}, [{"resolve": {}}],
     "bad label"),
    ({"players": {"carol": {}}}, [{"resolve": {}}], "unknown player"),
    ({"players": {"alice": {"mana": "{1}"}}}, [{"resolve": {}}], "setup.players.alice.mana"),
    ({"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "b", "tapped": True}]}}},
     [{"resolve": {}}], "setup.players.alice.hand[0]: unknown field(s) ['tapped']"),
])
def test_malformed_setup_is_errored_with_a_clear_message(setup, steps, fragment):
    answer = create_engine().run({"setup": setup, "steps": steps})
    (result,) = answer["results"]
    assert result["status"] == "errored" and fragment in result["message"]


@pytest.mark.parametrize("step,fragment", [
    ({"cast": {"card": "nope"}}, "unknown label 'nope'"),
    ({"cast": {"card": "bolt", "targets": ["carol"]}}, "unknown label or player 'carol'"),
    ({"cast": {"card": "bolt", "kicks": -1}}, "cast.kicks"),
    ({"cast": {"card": "bolt", "spin": True}}, "unknown field(s) ['spin']"),
    ({"cast": {"card": "bolt", "alternative": "madness"}}, "cast.alternative"),
    ({"dance": {}}, "exactly one key"),
    ({"resolve": {"choices": {"wish": 1}}}, "unknown field(s) ['wish']"),
])
def test_malformed_step_is_errored_and_stops_the_case(step, fragment):
    answer = run([step, {"resolve": {}}])
    assert len(answer["results"]) == 1
    assert answer["results"][0]["status"] == "errored"
    assert fragment in answer["results"][0]["message"]


def test_conflagrate_division_is_reported_unsupported():
    setup = {"players": {"alice": {"hand": [{"card": "Conflagrate", "label": "c"}],
                                   "mana": "{R}{R}{R}{R}{R}"}}}
    answer = run([{"cast": {"card": "c", "x": 2, "targets": ["bob", "alice"]}}], setup)
    assert answer["results"][0]["status"] == "errored"
    assert "601.2d" in answer["results"][0]["message"]
    ok = run([{"cast": {"card": "c", "x": 2, "targets": ["bob"]}}, {"resolve": {}}], setup)
    assert ok["results"][1]["view"]["players"]["bob"]["life"] == 18


def test_an_engine_bug_is_errored_not_raised(monkeypatch):
    def boom(game, args):
        raise ZeroDivisionError("kaboom")
    monkeypatch.setitem(runner.STEPS, "resolve", boom)
    answer = create_engine().run({"setup": {}, "steps": [{"resolve": {}}, {"resolve": {}}]})
    assert answer["results"] == [{"status": "errored",
                                  "message": "step 0: internal error: ZeroDivisionError: kaboom"}]


def test_json_lines_server_round_trip():
    """The reference engine behind the suite's protocol server (what `python -m reference_impl` runs)."""
    case = {"setup": BOLT_SETUP, "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}]}
    lines = [json.dumps({"cmd": "hello", "protocol": 1}),
             json.dumps({"cmd": "run", "seq": 7, "case": case}),
             json.dumps({"cmd": "stop"}), json.dumps({"cmd": "hello"})]
    out = io.BytesIO()
    assert serve(create_engine(), io.BytesIO(("\n".join(lines) + "\n").encode()), out) == 0
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(replies) == 3  # nothing is answered after stop
    assert replies[0]["protocol"] == 1
    assert replies[1]["seq"] == 7 and replies[1]["results"][0]["status"] == "ok"
    assert replies[2] == {"ok": True}


@pytest.mark.parametrize("choices,fragment", [
    ({"trigger_targets": [{"source": "ghost", "targets": []}]}, "choices.trigger_targets.source"),
    ({"sacrifice": "ghost"}, "choices.sacrifice: unknown label or player 'ghost'"),
    ({"discard": "bolt"}, "choices.discard must be a list"),
    ({"pay_unless": "yes"}, "choices.pay_unless must be a boolean"),
])
def test_choices_naming_unknown_labels_are_errored(choices, fragment):
    answer = run([{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {"choices": choices}}])
    assert answer["results"][1]["status"] == "errored"
    assert fragment in answer["results"][1]["message"]
