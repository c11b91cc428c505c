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
    ({"players": {"alice": {"mana": "{G/W}"}}}, [{"resolve": {}}], "setup.players.alice.mana"),
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
    ({"cast": {"card": "bolt", "kicks": True}}, "cast.kicks must be an integer >= 0, got True"),
    ({"cast": {"card": "bolt", "x": "2"}}, "cast.x must be an integer >= 0, got '2'"),
    ({"cast": {"card": "bolt", "spin": True}}, "unknown field(s) ['spin']"),
    ({"cast": {"card": "bolt", "alternative": "overload"}}, "cast.alternative"),
    ({"dance": {}}, "exactly one key"),
    ({"resolve": {"choices": {"wish": 1}}}, "unknown field(s) ['wish']"),
])
def test_malformed_step_is_errored_and_stops_the_case(step, fragment):
    answer = run([step, {"resolve": {}}])
    assert len(answer["results"]) == 1
    assert answer["results"][0]["status"] == "errored"
    assert fragment in answer["results"][0]["message"]


def test_conflagrate_among_several_targets_needs_the_division():
    """601.2d: the caster announces the division; a case with several targets and no `divide`
    is malformed (errored), one target takes it all, and `divide` gives each target its share."""
    setup = {"players": {"alice": {"hand": [{"card": "Conflagrate", "label": "c"}],
                                   "mana": "{R}{R}{R}{R}{R}"}}}
    answer = run([{"cast": {"card": "c", "x": 2, "targets": ["bob", "alice"]}}], setup)
    assert answer["results"][0]["status"] == "errored"
    assert "cast.divide" in answer["results"][0]["message"]
    ok = run([{"cast": {"card": "c", "x": 2, "targets": ["bob"]}}, {"resolve": {}}], setup)
    assert ok["results"][1]["view"]["players"]["bob"]["life"] == 18
    split = run([{"cast": {"card": "c", "x": 2, "targets": ["bob", "alice"], "divide": {"alice": 1, "bob": 1}}},
                 {"resolve": {}}], setup)
    assert split["results"][0]["view"]["stack"][0]["divide"] == {"bob": 1, "alice": 1}
    assert {p: v["life"] for p, v in split["results"][1]["view"]["players"].items()} == {"alice": 19, "bob": 19}
    bad = run([{"cast": {"card": "c", "x": 2, "targets": ["bob", "alice"], "divide": {"bob": "two"}}}], setup)
    assert bad["results"][0]["status"] == "errored" and "cast.divide" in bad["results"][0]["message"]


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


# Malformed activate / play_land / combat steps: errored with a message naming the field, never
# an internal error (the harness reports both as errored; the message is what a user reads).
BOARD = {"players": {"alice": {"battlefield": [{"card": "Crystalline Crawler", "label": "crawler"},
                                               {"card": "Grizzly Bears", "label": "bears"}],
                               "hand": [{"card": "Forest", "label": "forest"}]},
                     "bob": {"battlefield": [{"card": "Savannah Lions", "label": "lions"}]}}}
ATTACK = {"declare_attackers": {"attackers": [{"card": "bears"}]}}


@pytest.mark.parametrize("steps,fragment", [
    ([{"activate": {"card": "crawler", "spin": 1}}], "activate takes"),
    ([{"activate": {"card": "nope"}}], "activate.card: unknown label 'nope'"),
    ([{"activate": {"card": "crawler", "ability": -1}}], "activate.ability must be an integer >= 0"),
    ([{"activate": {"card": "crawler", "ability": True}}], "activate.ability must be an integer >= 0"),
    ([{"activate": {"card": "crawler", "targets": "bob"}}], "activate.targets must be a list"),
    ([{"activate": {"card": "crawler", "pay": "{Q}"}}], "activate.pay"),
    ([{"play_land": {"card": "forest", "spin": 1}}], "play_land takes `card`, for a modal double-faced card `face`, and `choices`"),
    ([{"play_land": {"card": "nope"}}], "play_land.card: unknown label 'nope'"),
    ([{"declare_attackers": {"attackers": [{"card": "bears"}], "spin": 1}}],
     "declare_attackers takes `attackers` and optional `choices`"),
    ([{"declare_attackers": {"attackers": [{"card": "bears", "spin": 1}]}}],
     "declare_attackers.attackers must be a list of {attacks, card} with `card`"),
    ([{"declare_attackers": {"attackers": [{"attacks": "bob"}]}}],
     "declare_attackers.attackers must be a list of {attacks, card} with `card`"),
    ([{"declare_attackers": {"attackers": [{"card": "nope"}]}}], "declare_attackers.attackers: unknown label 'nope'"),
    ([{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "carol"}]}}],
     "declare_attackers: unknown player 'carol'"),
    ([{"declare_attackers": {"attackers": [{"card": "bears"}], "pay": "{2}"}}], "declare_attackers.pay"),
    ([{"declare_attackers": {"attackers": [{"card": "bears"}], "phyrexian_life": "{W}"}}],
     "declare_attackers.phyrexian_life: only Phyrexian symbols"),
    ([{"declare_attackers": {"attackers": [{"card": "bears"}], "phyrexian_life": 2}}],
     "declare_attackers.phyrexian_life"),
    ([{"declare_attackers": {"attackers": [{"card": "bears"}], "tap_for_mana": ["crawler"]}}],
     "declare_attackers.tap_for_mana takes `permanents` and optional `color`"),
    ([ATTACK, {"declare_blockers": {"blockers": [], "spin": 1}}],
     "declare_blockers takes `blockers` and optional `choices`"),
    ([ATTACK, {"declare_blockers": {"blockers": [{"card": "nope", "blocks": "bears"}]}}],
     "declare_blockers.blockers: unknown label 'nope'"),
    ([ATTACK, {"declare_blockers": {"blockers": [{"card": "lions", "blocks": "nope"}]}}],
     "declare_blockers.blockers.blocks: unknown label 'nope'"),
    ([ATTACK, {"declare_blockers": {"blockers": [{"card": "lions"}]}}], "lions needs `blocks`"),
])
def test_malformed_permanent_and_combat_steps_name_the_field(steps, fragment):
    answer = run(steps, BOARD)
    last = answer["results"][-1]
    assert len(answer["results"]) == len(steps) and last["status"] == "errored"
    assert fragment in last["message"] and "internal error" not in last["message"]


def test_combat_declarations_take_optional_choices_and_default_to_nobody():
    answer = run([{"declare_attackers": {"attackers": [{"card": "bears"}], "choices": {}}},
                  {"declare_blockers": {"choices": {}}}, {"advance": {"to": "main2"}}], BOARD)
    assert [r["status"] for r in answer["results"]] == ["ok", "ok", "ok"]
    assert answer["results"][-1]["view"]["players"]["bob"]["life"] == 18
    assert run([{"declare_attackers": {}}], BOARD)["results"][0]["status"] == "ok"


def test_phyrexian_life_names_symbols_the_cost_has():
    """601.2b: life announced for a Phyrexian symbol the cost doesn't have is illegal, not a
    malformed case; a symbol that isn't Phyrexian is malformed (errored, naming the field)."""
    setup = {"players": {"alice": {"hand": [{"card": "Gitaxian Probe", "label": "probe"}]}}}
    [result] = run([{"cast": {"card": "probe", "targets": ["bob"], "phyrexian_life": "{W/P}"}}], setup)["results"]
    assert result["status"] == "illegal" and result["reason"].startswith("601.2b")
    [result] = run([{"cast": {"card": "probe", "targets": ["bob"], "phyrexian_life": "{U}"}}], setup)["results"]
    assert result["status"] == "errored" and "cast.phyrexian_life" in result["message"]
    for given in ("{2}{U/P}", "{X}{U/P}", "{U/R}{U/P}", "{2/U}{U/P}"):  # anything beside the symbols: malformed
        [result] = run([{"cast": {"card": "probe", "targets": ["bob"], "phyrexian_life": given}}], setup)["results"]
        assert result["status"] == "errored" and "only Phyrexian symbols" in result["message"], given


def test_an_illegal_attack_names_the_creature():
    setup = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "tapped": True}]}}}
    [result] = run([{"declare_attackers": {"attackers": [{"card": "bears"}]}}], setup)["results"]
    assert result["status"] == "illegal" and "bears is tapped" in result["reason"]


def _choices_game():
    from reference_impl.setup import build_game
    return build_game({"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "gb"}],
                                             "hand": [{"card": "Shock", "label": "sh"}]}}})


@pytest.mark.parametrize("raw,fragment", [
    (["gb"], "choices must be a mapping"),
    ({"wish": 1}, "choices: unknown field(s) ['wish']"),
    ({"trigger_targets": {"source": "gb"}}, "choices.trigger_targets must be a list of {source, targets, modes}"),
    ({"trigger_targets": ["gb"]}, "choices.trigger_targets must be a list of {source, targets, modes}"),
    ({"trigger_targets": [{"targets": ["gb"]}]}, "choices.trigger_targets must be a list of {source, targets, modes}"),
    ({"trigger_targets": [{"source": "gb", "why": 1}]}, "choices.trigger_targets must be a list of {source, targets, modes}"),
    ({"trigger_targets": [{"source": "gb", "targets": "bob"}]},
     "choices.trigger_targets must be a list of {source, targets, modes}"),
    ({"trigger_targets": [{"source": "nope"}]}, "choices.trigger_targets.source: unknown label or player 'nope'"),
    ({"trigger_targets": [{"source": "gb", "targets": ["bob", "nope"]}]},
     "choices.trigger_targets.targets: unknown label or player 'nope'"),
    ({"sacrifice": "nope"}, "choices.sacrifice: unknown label or player 'nope'"),
    ({"clone": "nope"}, "choices.clone: unknown label or player 'nope'"),
    ({"clone": 3}, "choices.clone: unknown label or player 3"),
    ({"discard": "sh"}, "choices.discard must be a list of labels"),
    ({"copy_targets": "gb"}, "choices.copy_targets must be a list of labels"),
    ({"exile": "sh"}, "choices.exile must be a list of labels"),
    ({"discard": ["sh", "nope"]}, "choices.discard: unknown label or player 'nope'"),
    ({"copy_targets": ["nope"]}, "choices.copy_targets: unknown label or player 'nope'"),
    ({"exile": ["nope"]}, "choices.exile: unknown label or player 'nope'"),
    ({"pay_unless": "yes"}, "choices.pay_unless must be a boolean"),
    ({"you_may": 1}, "choices.you_may must be a boolean"),
    ({"search": "sh"}, "choices.search must be a list of labels"),
    ({"search": ["nope"]}, "choices.search: unknown label or player 'nope'"),
    ({"sacrifice_cost": ["gb", "nope"]}, "choices.sacrifice_cost: unknown label or player 'nope'"),
    ({"tap_cost": ["nope"]}, "choices.tap_cost: unknown label or player 'nope'"),
    ({"scry": ["sh"]}, "choices.scry must be a mapping of lists of labels"),
    ({"surveil": {"top": "sh"}}, "choices.surveil must be a mapping of lists of labels"),
    ({"scry": {"top": ["sh"], "bottom": ["nope"]}}, "choices.scry.bottom: unknown label or player 'nope'"),
    ({"surveil": {"graveyard": ["nope"]}}, "choices.surveil.graveyard: unknown label or player 'nope'"),
    ({"discard": ["nope"], "scry": {"top": ["sh"]}}, "choices.discard: unknown label or player 'nope'"),
    ({"cast": ["sh"]}, "choices.cast must be a mapping with `card` and cast fields"),
    ({"cast": {"card": "nope"}}, "choices.cast.card: unknown label or player 'nope'"),
    ({"cast": {"card": "sh", "targets": ["gb", "nope"]}}, "choices.cast.targets: unknown label or player 'nope'"),
    ({"discard": ["nope"], "cast": {"card": "sh"}}, "choices.discard: unknown label or player 'nope'"),
    ({"color": "X"}, "choices.color must be one of W, U, B, R, G, got 'X'"),
    ({"opponent": "carol"}, "choices.opponent must be a player, got 'carol'"),
    ({"you_may_each": {"source": "gb", "answer": True}}, "choices.you_may_each must be a list of {source, about, answer}"),
    ({"you_may_each": [{"source": "gb", "answer": "yes"}]}, "with a boolean answer"),
    ({"you_may_each": [{"source": "gb", "about": "nope", "answer": True}]},
     "choices.you_may_each.about: unknown label or player 'nope'"),
    ({"chosen": "gb"}, "choices.chosen must be a list of labels"),
    ({"creature_type": "elf"}, "choices.creature_type must be a creature type such as \"Elf\", got 'elf'"),
    ({"chosen": ["gb", "nope"]}, "choices.chosen: unknown label or player 'nope'"),
    ({"protection_from": "green"}, "choices.protection_from must be one of W, U, B, R, G, artifacts, got 'green'"),
])
def test_malformed_choices_are_case_errors_naming_the_field(raw, fragment):
    from reference_impl.rules.choices import Choices
    from reference_impl.state.game import CaseError
    with pytest.raises(CaseError) as e:
        Choices(raw, _choices_game())
    assert fragment in str(e.value)


def test_well_formed_choices_are_accepted_and_trigger_targets_taken_in_order():
    from reference_impl.rules.choices import Choices
    raw = {"trigger_targets": [{"source": "gb", "targets": ["bob"]}, {"source": "sh"},
                               {"source": "gb", "targets": ["alice", "gb"]}],
           "sacrifice": "gb", "clone": "gb", "discard": ["sh"], "copy_targets": ["bob"], "exile": [],
           "pay_unless": False, "you_may": True}
    c = Choices(raw, _choices_game())
    assert c.get("discard") == ["sh"] and c.get("missing", 7) == 7
    assert c.take_trigger_targets("gb") == ["bob"]
    assert c.take_trigger_targets("sh") == []
    assert c.take_trigger_targets("gb") == ["alice", "gb"]
    assert c.take_trigger_targets("gb") is None
    assert Choices(None).get("discard") is None and Choices({}).trigger_targets == []
    for color in "WUBRG":
        assert Choices({"color": color}, _choices_game()).get("color") == color


def test_you_may_each_answers_each_ability_by_source_and_about():
    """An ability takes the answer of the first entry for its source (and, when the entry names
    one, the object its trigger event concerns); any other ability the step's `you_may`."""
    from reference_impl.rules.choices import Choices
    c = Choices({"you_may": True, "trigger_targets": [{"source": "gb"}],
                 "you_may_each": [{"source": "gb", "about": "sh", "answer": False},
                                  {"source": "sh", "answer": False}]}, _choices_game())
    assert c.for_ability("gb", "sh").get("you_may") is False
    assert c.for_ability("gb", "gb") is c and c.for_ability("gb", None).get("you_may") is True
    assert c.for_ability("sh", "gb").get("you_may") is False
    assert c.for_ability("gb", "sh").trigger_targets is c.trigger_targets
    plain = Choices({"you_may": False}, _choices_game())
    assert plain.for_ability("gb", "sh") is plain
    wide = {"search": ["sh"], "sacrifice_cost": ["gb"], "tap_cost": ["gb"], "scry": {"top": ["sh"], "bottom": []},
            "surveil": {"graveyard": ["gb"]}, "cast": {"card": "sh", "targets": ["gb"]}, "opponent": "alice"}
    assert Choices(wide, _choices_game()).get("cast") == {"card": "sh", "targets": ["gb"]}


@pytest.mark.parametrize("granted", [False, True])
def test_one_blocker_for_a_creature_with_menace_is_illegal(granted):
    """Menace (702.111b): a creature with menace, printed (Stronghold Confessor) or granted
    (kicked Bog Badger), can't be blocked except by two or more creatures."""
    alice = {"battlefield": [{"card": "Grizzly Bears" if granted else "Stronghold Confessor", "label": "x"}]}
    steps = []
    if granted:
        alice.update(hand=[{"card": "Bog Badger", "label": "badger"}], mana="{G}{G}{G}{B}")
        steps += [{"cast": {"card": "badger", "kicks": 1, "pay": "{G}{G}{G}{B}"}}, {"pass_until_empty": {}}]
    setup = {"players": {"alice": alice, "bob": {"battlefield": [{"card": "Savannah Lions", "label": "b"}]}}}
    steps += [{"declare_attackers": {"attackers": [{"card": "x"}]}},
              {"declare_blockers": {"blockers": [{"card": "b", "blocks": "x"}]}}]
    answer = run(steps, setup)
    assert [r["status"] for r in answer["results"]] == ["ok"] * (len(steps) - 1) + ["illegal"]
    assert "702.111b" in answer["results"][-1]["reason"]
