"""Setup's error messages name the offending item by its index in its zone, and setup checks the
players, zones and items in order: pinned here because setup finds an item's index without
enumerate (from how many items of the zone it added before) and adds a player's zones in one call."""

from __future__ import annotations

import pytest

from reference_impl.setup import build_game
from reference_impl.state.game import CaseError

BEARS = {"card": "Grizzly Bears", "label": "bears"}


def _message(setup) -> str:
    with pytest.raises(CaseError) as e:
        build_game(setup)
    return str(e.value)


@pytest.mark.parametrize("players,message", [
    ({"alice": {"hand": [{"card": "Forest", "label": "f1"}, {"card": "Forest", "label": "f1"}]}},
     "setup.players.alice.hand[1].label: duplicate label 'f1'"),
    ({"alice": {"hand": [BEARS, BEARS]}},  # one mapping twice (a YAML alias): still the second item
     "setup.players.alice.hand[1].label: duplicate label 'bears'"),
    ({"alice": {"battlefield": [BEARS]},
      "bob": {"battlefield": [{"card": "Forest", "label": "f"}, {"card": "Forest", "label": "g", "tapped": 1}]}},
     "setup.players.bob.battlefield[1].tapped must be a boolean"),
    ({"alice": {"battlefield": [BEARS, {"card": "Forest", "label": "f", "transformed": 1}]}},
     "setup.players.alice.battlefield[1].transformed must be a boolean"),
    ({"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "b", "transformed": True}]}},
     "setup.players.alice.battlefield[0].transformed: Grizzly Bears is not a transforming double-faced card "
     "with a permanent back face (712.2)"),
    ({"alice": {"hand": [{"card": "Brutal Cathar // Moonrage Brute", "label": "c", "transformed": True}]}},
     "setup.players.alice.hand[0]: unknown field(s) ['transformed']"),
    ({"alice": {"battlefield": [BEARS, {"card": "Forest", "label": "f", "counters": {"+1/+1": -1}}]}},
     "setup.players.alice.battlefield[1].counters: counters must map counter names to integers >= 0"),
    ({"alice": {"library": [{"card": "Forest", "label": "f"}, "Forest"]}},
     "setup.players.alice.library[1]: a card item must be a mapping, got 'Forest'"),
    ({"alice": {"graveyard": [BEARS, {"card": "Forest", "label": "Bad"}]}},
     "setup.players.alice.graveyard[1].label: bad label 'Bad' (expected [a-z][a-z0-9_-]*)"),
    ({"alice": {"hand": [BEARS], "library": "Forest"}}, "setup.players.alice.library must be a list"),
    ({"alice": {"exile": [{"card": "Forest", "label": "bob"}]}}, "setup.players.alice.exile[0].label: duplicate label 'bob'"),
    # zones in hand, library, graveyard, exile, battlefield order, whatever the mapping's order
    ({"alice": {"battlefield": [{"card": "Forest", "label": "x"}], "hand": [{"card": "Forest", "label": "x"}]}},
     "setup.players.alice.battlefield[0].label: duplicate label 'x'"),
    # alice's cards are checked before bob's life
    ({"alice": {"hand": [{"card": "Nope", "label": "x"}]}, "bob": {"life": "20"}},
     "setup.players.alice.hand[0].card: unknown card name 'Nope'"),
])
def test_setup_errors_name_the_item(players, message):
    assert _message({"players": players}) == message


def test_setup_adds_zones_in_order_and_a_falsy_turn_is_the_default():
    game = build_game({"turn": {}, "players": {"bob": {"battlefield": [BEARS], "hand": [{"card": "Forest", "label": "f"}]},
                                               "alice": {"library": [{"card": "Island", "label": "i"}]}}})
    assert [game.labels[n] for n in ("f", "bears", "i")] == [1, 2, 3]
    assert (game.active, game.step) == ("alice", "main1")
    assert _message({"turn": {"active": "bob", "phase": 1}}) == "setup.turn: only `active` and `step` are allowed"


@pytest.mark.parametrize("setup,message", [
    ({"turn": [1]}, "setup.turn must be a mapping with `active` and/or `step`, got [1]"),
    ({"turn": 0}, "setup.turn must be a mapping with `active` and/or `step`, got 0"),
    ({"players": 0}, "setup.players must be a mapping"),
    ({"players": []}, "setup.players must be a mapping"),
    ({"players": {"alice": ""}}, "setup.players.alice must be a mapping"),
    ({"players": {"alice": {"hand": 0}}}, "setup.players.alice.hand must be a list"),
    ({"players": {"alice": {"battlefield": {}}}}, "setup.players.alice.battlefield must be a list"),
    ({"players": {"bob": {"exile": ""}}}, "setup.players.bob.exile must be a list"),
    ({"players": {"alice": {"mana": 0}}}, 'setup.players.alice.mana must be a string of mana symbols such as "{G}{G}", got 0'),
    ({"players": {"alice": {"mana": ["{G}"]}}},
     "setup.players.alice.mana must be a string of mana symbols such as \"{G}{G}\", got ['{G}']"),
])
def test_falsy_or_wrongly_typed_setup_fields_are_errors_not_defaults(setup, message):
    """A zone, player, turn or pool of the wrong type is the case's error, however falsy (0, "", {}):
    read as "empty" it would run a different game than the one the case describes."""
    assert _message(setup) == message


def test_null_and_empty_setup_fields_are_the_defaults():
    game = build_game({"turn": {}, "players": {"alice": {"hand": None, "library": [], "mana": ""}, "bob": None}})
    assert (game.active, game.step) == ("alice", "main1")
    assert (game.players["alice"].hand, game.players["alice"].library, game.players["alice"].pool) == ([], [], [0] * 6)


def test_a_permanent_set_up_transformed_is_back_face_up_and_false_is_the_default():
    cathar = "Brutal Cathar // Moonrage Brute"
    for transformed, face in ((True, "Moonrage Brute"), (False, cathar)):  # a front face up card keeps its full name
        game = build_game({"players": {"alice": {"battlefield": [
            {"card": cathar, "label": "c", "transformed": transformed}]}}})
        assert game.objs[game.labels["c"]].card.name == face
        assert game.day_night == ("night" if transformed else "day")  # 702.145g, 702.145d
