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
