"""The phase.rs adapter: card database, hello, and small games judged on phase's real state."""

import importlib.util
import json

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("phase") is None,
                                reason="phase-python is not installed (pip install mtg-conformance[phase])")

from phase_adapter.cards import read_catalog  # noqa: E402


@pytest.fixture(scope="module")
def engine():
    from phase_adapter.engine import create_engine
    eng = create_engine()
    yield eng
    eng.stop()


def alice_bob(alice, bob=None):
    return {"players": {"alice": alice, "bob": bob or {}}}


def statuses(result):
    return [r["status"] for r in result["results"]]


def test_card_database_builds_for_every_catalog_card(engine):
    catalog = read_catalog()
    if not catalog:
        pytest.skip("spec/cards/ is empty")
    names = {c["name"] for c in catalog}
    # Report the cards phase's oracle parser rejects (the test fails and names them).
    assert engine.database.failures == {}, f"phase cannot build: {sorted(engine.database.failures)}"
    assert {engine.database.names[k] for k in engine.database.faces} == names
    assert engine.engine.card_count() == len(names)


def test_hello_names_phase_with_the_installed_version(engine):
    from importlib import metadata
    hello = engine.hello()
    assert hello["implementation"]["name"] == "phase.rs (phase-python)"
    assert hello["implementation"]["version"] == metadata.version("phase-python")
    assert hello["protocol"] == 1
    assert "kicker" in hello["features"]
    assert "sticker-kicker" not in hello["features"]
    json.dumps(hello)  # protocol dicts must be JSON


def test_lightning_bolt_to_bobs_face(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}),
            "steps": [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]}
    result = engine.run(case)
    assert statuses(result) == ["ok", "ok"]
    assert result["initial"]["cards"]["bolt"]["zone"] == "hand"
    on_stack = result["results"][0]["view"]
    assert on_stack["stack"][0]["source"] == "bolt"
    assert on_stack["stack"][0]["targets"] == ["bob"]
    assert on_stack["players"]["alice"]["mana"] == ""
    after = result["results"][1]["view"]
    assert after["players"]["bob"]["life"] == 17
    assert after["cards"]["bolt"]["zone"] == "graveyard"
    assert after["stack"] == []


def test_kicked_burst_lightning(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Burst Lightning", "label": "burst"}],
                                "mana": "{R}{R}{R}{R}{R}{G}"}),
            "steps": [{"cast": {"card": "burst", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{G}"}},
                      {"resolve": {}}]}
    result = engine.run(case)
    assert statuses(result) == ["ok", "ok"]
    spell = result["results"][0]["view"]["stack"][0]
    assert (spell["kicked"], spell["times_kicked"], spell["kickers"]) == (True, 1, ["A"])
    assert spell["total_cost"] == "{4}{R}"
    assert spell["colors_spent"] == ["R", "G"]
    assert result["results"][0]["view"]["players"]["alice"]["mana"] == "{R}"
    assert result["results"][1]["view"]["players"]["bob"]["life"] == 16


def test_unkicked_burst_lightning_deals_two(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Burst Lightning", "label": "burst"}], "mana": "{R}"}),
            "steps": [{"cast": {"card": "burst", "targets": ["bob"]}}, {"resolve": {}}]}
    result = engine.run(case)
    assert statuses(result) == ["ok", "ok"]
    assert result["results"][0]["view"]["stack"][0]["kicked"] is False
    assert result["results"][1]["view"]["players"]["bob"]["life"] == 18


@pytest.mark.parametrize("cast", [
    {"card": "burst", "kicks": 1, "targets": ["bob"], "pay": "{R}"},          # pays less than {4}{R}
    {"card": "burst", "targets": ["bob"], "pay": "{R}{R}"},                   # pays more than {R}
    {"card": "burst", "kicks": 2, "targets": ["bob"]},                        # kicker is not multikicker
    {"card": "burst", "targets": ["nobody"]},                                 # not a target at all
])
def test_illegal_cast_returns_illegal_and_the_unchanged_view(engine, cast):
    case = {"setup": alice_bob({"hand": [{"card": "Burst Lightning", "label": "burst"}],
                                "mana": "{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}"}),
            "steps": [{"cast": cast}, {"resolve": {}}]}
    result = engine.run(case)
    first = result["results"][0]
    if cast["targets"] == ["nobody"]:
        assert first["status"] == "errored" and first["message"].startswith("unsupported: ")
        return
    assert first["status"] == "illegal", first
    assert first["reason"]
    assert first["view"] == result["initial"]
    # the game really was restored: resolving now finds an empty stack, still nothing changed
    assert result["results"][1]["status"] == "illegal"
    assert result["results"][1]["view"] == result["initial"]


def test_cast_without_mana_is_illegal(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Lightning Bolt", "label": "bolt"}]}),
            "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}]}
    result = engine.run(case)
    assert statuses(result) == ["illegal"]
    assert result["results"][0]["view"] == result["initial"]


def test_multikicker_counters_equal_times_kicked(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Joraga Warcaller", "label": "w"}], "mana": "{G}" * 7}),
            "steps": [{"cast": {"card": "w", "kicks": 3, "pay": "{G}" * 7}}, {"resolve": {}}]}
    result = engine.run(case)
    assert statuses(result) == ["ok", "ok"]
    spell = result["results"][0]["view"]["stack"][0]
    assert spell["times_kicked"] == 3 and spell["kickers"] == ["A", "A", "A"]
    assert spell["total_cost"] == "{3}{G}{G}{G}{G}"
    card = result["results"][1]["view"]["cards"]["w"]
    assert card["zone"] == "battlefield" and card["counters"] == {"+1/+1": 3}


def test_flashback_from_graveyard_is_exiled(engine):
    case = {"setup": alice_bob({"graveyard": [{"card": "Firebolt", "label": "fb"}], "mana": "{R}" * 5},
                               {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}),
            "steps": [{"cast": {"card": "fb", "alternative": "flashback", "targets": ["bears"]}},
                      {"resolve": {}}]}
    result = engine.run(case)
    assert statuses(result) == ["ok", "ok"]
    spell = result["results"][0]["view"]["stack"][0]
    assert spell["alternative"] == "flashback" and spell["cast_from"] == "graveyard"
    assert spell["total_cost"] == "{4}{R}"
    after = result["results"][1]["view"]["cards"]
    assert after["fb"]["zone"] == "exile" and after["bears"]["zone"] == "graveyard"


def test_setup_layout_is_what_the_case_asks(engine):
    setup = {"turn": {"active": "bob", "step": "main2"},
             "players": {"alice": {"life": 7, "counters": {"poison": 2},
                                   "library": [{"card": "Mountain", "label": "m1"},
                                               {"card": "Forest", "label": "f1"}],
                                   "exile": [{"card": "Island", "label": "i1"}]},
                         "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "b1", "tapped": True,
                                                  "counters": {"+1/+1": 2}}], "mana": "{U}{C}"}}}
    view = engine.run({"setup": setup, "steps": []})["initial"]
    assert view["turn"] == {"active": "bob", "step": "main2"}
    assert view["players"]["alice"] == {"life": 7, "mana": "", "counters": {"poison": 2}, "hand": 0,
                                        "library": 2, "graveyard": 0, "exile": 1}
    assert view["players"]["bob"]["mana"] == "{U}{C}"
    bears = view["cards"]["b1"]
    assert (bears["tapped"], bears["counters"], bears["power"], bears["toughness"]) == (True, {"+1/+1": 2}, 4, 4)
    assert view["cards"]["i1"]["zone"] == "exile"


def test_unsupported_step_is_errored_unsupported(engine):
    case = {"setup": alice_bob({"hand": [{"card": "Grizzly Bears", "label": "gb"}]}),
            "steps": [{"put_onto_battlefield": {"card": "gb"}}]}
    result = engine.run(case)
    assert statuses(result) == ["errored"]
    assert result["results"][0]["message"].startswith("unsupported: ")
