"""Later features' view fields: left out for engines that don't declare them, never compared
between two engines unless both declare the feature (mtg_adapter.features)."""

from __future__ import annotations

import pytest

from mtg_adapter.features import FEATURES, FEATURES_1_0, LATER_VIEW_FIELDS, without_undeclared_fields
from mtg_conformance.fuzz.differ import Pair, first_difference

VIEW = {"players": {"alice": {"life": 20, "lost": False}, "bob": {"life": 3, "lost": True}},
        "cards": {"bears": {"zone": "battlefield", "damage": 1, "attacking": "bob", "blocking": None}},
        "stack": [], "tokens": [], "turn": {"active": "alice", "step": "main1"}}


def test_only_the_fields_of_undeclared_features_are_dropped():
    kept = without_undeclared_fields(VIEW, {"combat"})
    assert kept["players"]["bob"] == {"life": 3}
    assert kept["cards"]["bears"] == {"zone": "battlefield", "attacking": "bob", "blocking": None}
    assert without_undeclared_fields(VIEW, FEATURES) == VIEW
    assert VIEW["players"]["bob"]["lost"] is True  # the input is not changed


def test_every_later_field_belongs_to_a_later_feature():
    assert set(LATER_VIEW_FIELDS.values()) <= set(FEATURES) - set(FEATURES_1_0)


@pytest.fixture
def engines_on_path(monkeypatch):
    from pathlib import Path
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures" / "engines"))


def test_the_fuzzer_compares_an_old_engine_with_the_reference_without_false_differences(engines_on_path):
    case = {"id": "fuzz::bolt", "setup": {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}],
                                                                 "mana": "{R}"}}},
            "steps": [{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}}]}
    pair = Pair("python:protocol_1_0_engine:create_engine", "reference")
    try:
        diff, ours, theirs = pair.run(case)
        assert diff is None
        assert first_difference(ours, theirs) is not None  # compared in full, `lost` would differ
    finally:
        pair.close()


def test_stack_items_and_entering_choices_lose_their_later_fields():
    """`stack[].modes` is a field of list items; `chosen_color` and `chosen_player` of cards."""
    view = {"players": {}, "cards": {"iona": {"zone": "battlefield", "chosen_color": "R", "chosen_player": None}},
            "stack": [{"kind": "spell", "source": "ins", "modes": [0, 1]}, {"kind": "ability", "source": "iona"}],
            "tokens": [], "turn": {"active": "alice", "step": "main1"}}
    old = without_undeclared_fields(view, FEATURES_1_0)
    assert old["stack"] == [{"kind": "spell", "source": "ins"}, {"kind": "ability", "source": "iona"}]
    assert old["cards"]["iona"] == {"zone": "battlefield"}
    kept = without_undeclared_fields(view, {"modes", "color-choice"})
    assert kept["stack"][0]["modes"] == [0, 1] and kept["cards"]["iona"] == {"zone": "battlefield", "chosen_color": "R"}
    assert view["stack"][0]["modes"] == [0, 1]  # the input is not changed


def test_validate_asks_for_the_feature_of_each_new_choice_and_cast_field():
    from generator.spec_checks import vocabulary_features

    scenario = {"steps": [
        {"cast": {"card": "ins", "modes": [0], "choices": {"sacrifice_cost": ["bears"], "tap_cost": ["ox"]}}},
        {"try": {"cast": {"card": "ins", "modes": [1], "choices": {"color": "R"}}}},
        {"resolve": {"choices": {"color": "W", "opponent": "bob"}},
         "expect": {"stack": [{"modes": [0]}], "cards": {"iona": {"chosen_color": "W", "chosen_player": "bob"}}}},
        {"activate": {"card": "hand", "choices": {"tap_cost": ["lions"]}}},
        {"resolve": {"choices": {"replacement_order": ["scales", "menace"]}}},
        {"resolve": {"choices": {"damage_source": "goblin"}}},
        {"cast": {"card": "capsize", "buyback": True, "targets": ["bears"]}},
        {"pass_until_empty": {"choices": {"you_may_each": [{"source": "renewal", "answer": False}]}}},
        {"resolve": {"choices": {"chosen": ["townsfolk"]}}},
        {"resolve": {"choices": {"creature_type": "Elf"}}},
        {"resolve": {"choices": {"protection_from": "artifacts"}}},
        {"tap_for_mana": {"permanents": ["tower"], "mana_ability": 1, "sacrificed": ["bears"]}},
        {"pass": {"by": "alice"}, "expect": {"turn": {"priority": "bob"}}},
        {"cast": {"card": "giant", "adventure": True, "targets": ["bob"]}},
    ]}
    found = {(path, feature) for path, feature, _ in vocabulary_features(scenario)}
    assert {
        (("steps", 0, "cast", "modes"), "modes"),
        (("steps", 0, "cast", "choices", "sacrifice_cost"), "sacrifice-tap-costs"),
        (("steps", 0, "cast", "choices", "tap_cost"), "sacrifice-tap-costs"),
        (("steps", 1, "try", "cast", "modes"), "modes"),
        (("steps", 1, "try", "cast", "choices", "color"), "color-choice"),
        (("steps", 2, "resolve", "choices", "color"), "color-choice"),
        (("steps", 2, "resolve", "choices", "opponent"), "opponent-choice"),
        (("steps", 2, "expect", "stack", 0, "modes"), "modes"),
        (("steps", 2, "expect", "cards", "iona", "chosen_color"), "color-choice"),
        (("steps", 2, "expect", "cards", "iona", "chosen_player"), "opponent-choice"),
        (("steps", 3, "activate", "choices", "tap_cost"), "sacrifice-tap-costs"),
        (("steps", 4, "resolve", "choices", "replacement_order"), "replacement-order"),
        (("steps", 5, "resolve", "choices", "damage_source"), "damage-source-choice"),
        (("steps", 6, "cast", "buyback"), "buyback"),
        (("steps", 7, "pass_until_empty", "choices", "you_may_each"), "you-may-each"),
        (("steps", 8, "resolve", "choices", "chosen"), "choose-on-resolution"),
        (("steps", 9, "resolve", "choices", "creature_type"), "creature-type-choice"),
        (("steps", 10, "resolve", "choices", "protection_from"), "protection-choice"),
        (("steps", 11, "tap_for_mana", "mana_ability"), "sacrifice-mana-abilities"),
        (("steps", 11, "tap_for_mana", "sacrificed"), "sacrifice-mana-abilities"),
        (("steps", 12, "pass"), "priority"),
        (("steps", 12, "expect", "turn", "priority"), "priority"),
        (("steps", 13, "cast", "adventure"), "adventure"),
    } <= found


def test_validate_asks_for_modes_of_a_trigger_and_for_a_division():
    """A modal triggered ability's `modes` (in `trigger_targets`) belongs to `modes`; `cast.divide`
    and `stack[].divide` to `divided-damage`: an engine not declaring them never receives them."""
    from generator.spec_checks import vocabulary_features

    scenario = {"steps": [
        {"resolve": {"choices": {"trigger_targets": [{"source": "exarch", "targets": []},
                                                     {"source": "exarch", "modes": [1], "targets": ["bears"]}]}}},
        {"cast": {"card": "fire", "targets": ["bob", "bears"], "divide": {"bob": 1, "bears": 1}},
         "expect": {"stack": [{"divide": {"bob": 1, "bears": 1}}]}},
    ]}
    found = {(path, feature) for path, feature, _ in vocabulary_features(scenario)}
    assert found == {
        (("steps", 0, "resolve", "choices", "trigger_targets", 1, "modes"), "modes"),
        (("steps", 1, "cast", "divide"), "divided-damage"),
        (("steps", 1, "expect", "stack", 0, "divide"), "divided-damage"),
    }
    view = {"stack": [{"kind": "spell", "source": "fire", "divide": {"bob": 1}}]}
    assert without_undeclared_fields(view, {"modes"})["stack"][0] == {"kind": "spell", "source": "fire"}
