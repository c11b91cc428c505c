"""Library actions of the reference engine (rules/library.py: 701.22 scry, 701.23 search,
701.24 shuffle, 701.25 surveil) and casting a card an effect offers (rules/offered_casts.py,
608.2g), in what the view cannot show directly or the spec's scenarios leave out: the shuffle
after a search really reorders the library, stays a permutation of the cards left and is the
same for the same case; a choice that gives only one of its lists, or none; a malformed choice
is an error naming the field; scry and surveil 0; a search for a quantity of cards (701.23d;
no catalog card has one)."""

from __future__ import annotations

import pytest

from reference_impl.rules import library
from reference_impl.scenario import alice, cards, play
from reference_impl.setup import build_game
from reference_impl.state.game import CaseError, IllegalAction

LIBRARY = [("Grizzly Bears", f"c{i}") for i in range(8)]


def _after_search_then_draw_all(search):
    setup = alice(hand=cards(("Bring to Light", "btl"), ("Deep Analysis", "da1"), ("Deep Analysis", "da2"),
                             ("Deep Analysis", "da3"), ("Think Twice", "tt")),
                  library=cards(*LIBRARY), mana="{W}{U}{B}{R}{G}" + "{U}{C}{C}{C}" * 3 + "{U}{C}")
    steps = [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}}, {"resolve": {"choices": {"search": search}}}]
    for spell in ("da1", "da2", "da3"):
        steps += [{"cast": {"card": spell, "targets": ["alice"], "pay": "{U}{C}{C}{C}"}}, {"resolve": {}}]
    steps += [{"cast": {"card": "tt", "pay": "{U}{C}"}}, {"resolve": {}}]
    results = play(setup, steps)
    assert all(r["status"] == "ok" for r in results), [r.get("reason") for r in results]
    drawn = []
    for before, after in zip(results, results[1:]):
        drawn += [label for label, card in after["view"]["cards"].items()
                  if card["zone"] == "hand" and before["view"]["cards"][label]["zone"] == "library"]
    return drawn


def test_the_library_is_shuffled_after_the_search():
    drawn = _after_search_then_draw_all(["c0"])
    assert sorted(drawn) == sorted(f"c{i}" for i in range(1, 8))  # every card left, each once
    assert drawn != [f"c{i}" for i in range(1, 8)]                 # ... but not in the old order


def test_a_search_that_finds_nothing_still_shuffles():
    drawn = _after_search_then_draw_all([])
    assert len(set(drawn)) == 7 and set(drawn) <= {f"c{i}" for i in range(8)}  # seven distinct cards drawn
    assert drawn != [f"c{i}" for i in range(7)]                                 # not the top seven in order


CHOICE_LIBRARY = cards(("Forest", "forest"), ("Lightning Bolt", "bolt"), ("Grizzly Bears", "bears"))


def _one_spell(card: str, choices) -> list[dict]:
    """Cast `card` (Opt: scry 1 then draw; Consider: surveil 1 then draw) and resolve it."""
    resolve = {"resolve": {"choices": choices}} if choices is not None else {"resolve": {}}
    return play(alice(hand=cards((card, "spell")), library=CHOICE_LIBRARY, mana="{U}"),
                [{"cast": {"card": "spell", "pay": "{U}"}}, resolve], allow_errored=True)


def _zones(result) -> dict:
    return {label: c["zone"] for label, c in result["view"]["cards"].items()}


@pytest.mark.parametrize("card, choice, drawn", [
    ("Opt", {"scry": {"bottom": ["forest"]}}, "bolt"),       # top omitted: none kept on top
    ("Opt", {"scry": {"top": ["forest"]}}, "forest"),        # bottom omitted: none on the bottom
    ("Consider", {"surveil": {"graveyard": ["forest"]}}, "bolt"),
    ("Consider", {"surveil": {"top": ["forest"]}}, "forest"),
])
def test_a_scry_or_surveil_choice_may_give_only_one_of_its_lists(card, choice, drawn):
    """701.22a / 701.25a: any number (so all, or none) of the cards looked at go to the bottom
    (the graveyard); a choice that lists them all in one place needs no empty other list."""
    results = _one_spell(card, choice)
    assert [r["status"] for r in results] == ["ok", "ok"], results
    zones = _zones(results[-1])
    assert zones[drawn] == "hand"
    assert zones["forest"] == {"forest": "hand", "bolt": "graveyard" if card == "Consider" else "library"}[drawn]


@pytest.mark.parametrize("card", ["Opt", "Consider"])
def test_without_a_choice_the_cards_looked_at_stay_on_top(card):
    """The choice is optional (the engine decides without it): the card stays and is drawn."""
    results = _one_spell(card, None)
    assert [r["status"] for r in results] == ["ok", "ok"], results
    assert _zones(results[-1])["forest"] == "hand"


@pytest.mark.parametrize("card, choice, field", [
    ("Opt", {"scry": {"top": [], "middle": ["forest"]}}, "choices.scry"),
    ("Opt", {"scry": {"top": ["nobody"]}}, "choices.scry"),
    ("Opt", {"scry": {"bottom": ["nobody"]}}, "choices.scry"),
    ("Opt", {"scry": {"bottom": "forest"}}, "choices.scry"),
    ("Consider", {"surveil": {"graveyard": [], "bottom": ["forest"]}}, "choices.surveil"),
    ("Consider", {"surveil": {"top": ["nobody"]}}, "choices.surveil"),
    ("Consider", {"surveil": {"graveyard": ["nobody"]}}, "choices.surveil"),
])
def test_a_malformed_scry_or_surveil_choice_is_an_error_naming_its_field(card, choice, field):
    results = _one_spell(card, choice)
    assert results[-1]["status"] == "errored", results
    assert results[-1]["message"].startswith(f"step 1: {field}"), results[-1]["message"]


def test_a_malformed_search_choice_is_an_error_naming_its_field():
    setup = alice(hand=cards(("Bring to Light", "btl")), library=cards(("Savannah Lions", "lions")),
                  mana="{W}{U}{B}{R}{G}")
    for choice in (["nobody"], "lions"):
        results = play(setup, [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                               {"resolve": {"choices": {"search": choice}}}], allow_errored=True)
        assert results[-1]["status"] == "errored", results
        assert results[-1]["message"].startswith("step 1: choices.search"), results[-1]["message"]


def _game(n_cards: int = 3):
    names = ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    return build_game({"players": {"alice": {"library": [
        {"card": names[i % 5], "label": f"c{i}"} for i in range(n_cards)]}}})


def _labels(game) -> list[str]:
    return [game.objs[oid].label for oid in game.players["alice"].library]


@pytest.mark.parametrize("action, choice", [
    (library.scry, {"top": [], "bottom": ["c0"]}),
    (library.surveil, {"top": [], "graveyard": ["c0"]}),
])
def test_scry_0_and_surveil_0_look_at_no_card(action, choice):
    """701.22b / 701.25c: scry 0 and surveil 0 do nothing, whatever the choice says."""
    game = _game()
    action(game, "alice", 0, choice)
    assert _labels(game) == ["c0", "c1", "c2"]
    assert game.players["alice"].graveyard == []


def test_a_search_for_a_quantity_finds_as_many_as_it_can():
    """701.23d: a search for a number of cards without a stated quality must find that many,
    or all the library has; fewer is not a choice the rules allow."""
    game = _game()
    everything = lambda o: True  # noqa: E731 - "search your library for two cards"
    two = [game.labels["c0"], game.labels["c2"]]
    assert library.search(game, "alice", everything, 2, ["c0", "c2"], quality=False) == two
    with pytest.raises(IllegalAction) as illegal:
        library.search(game, "alice", everything, 2, ["c1"], quality=False)
    assert illegal.value.rule == "701.23d"
    small = _game(1)  # only one card: finding it is as many as it can
    assert library.search(small, "alice", everything, 2, ["c0"], quality=False) == [small.labels["c0"]]
    # with a stated quality (701.23b) fewer, even none, may be found
    assert library.search(game, "alice", everything, 2, [], quality=True) == []


def test_a_card_named_twice_in_a_search_is_illegal():
    game = _game()
    with pytest.raises(IllegalAction):
        library.search(game, "alice", lambda o: True, 2, ["c0", "c0"])
    with pytest.raises(CaseError, match="choices.search"):
        library.search(game, "alice", lambda o: True, 2, ["nobody"])


def test_the_same_case_gives_the_same_shuffle():
    """701.24a asks for a random order; the engine's is deterministic for the same case (a
    20-card library), so a case answers the same on every run."""
    first, second = _game(20), _game(20)
    before = _labels(first)
    library.shuffle(first, "alice")
    library.shuffle(second, "alice")
    assert sorted(_labels(first)) == sorted(before)
    assert _labels(first) == _labels(second)


BTL_SETUP = alice(hand=cards(("Bring to Light", "btl")),
                  library=cards(("Savannah Lions", "lions"), ("Lightning Bolt", "bolt")),
                  mana="{W}{U}{B}{R}{G}")


@pytest.mark.parametrize("offered", [
    {"targets": ["bob"]},              # no `card`
    ["card"],                          # not a mapping
    {"card": ["bolt"], "targets": ["bob"]},   # `card` not a label
    {"card": "bolt", "targets": ["bob"], "timing": "now"},  # a field a cast doesn't have
])
def test_a_malformed_offered_cast_is_an_error_naming_the_field(offered):
    results = play(BTL_SETUP, [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                               {"resolve": {"choices": {"search": ["bolt"], "cast": offered}}}],
                   allow_errored=True)
    assert results[-1]["status"] == "errored", results
    assert results[-1]["message"].startswith("step 1: choices.cast"), results[-1]["message"]


@pytest.mark.parametrize("action, choice, message", [
    (library.scry, {"top": ["nobody"]}, "choices.scry: unknown label 'nobody'"),
    (library.scry, {"bottom": ["nobody"]}, "choices.scry: unknown label 'nobody'"),
    (library.scry, {"top": "c0"}, "choices.scry must be a list of labels"),
    (library.surveil, {"top": ["nobody"]}, "choices.surveil: unknown label 'nobody'"),
    (library.surveil, {"graveyard": ["nobody"]}, "choices.surveil: unknown label 'nobody'"),
    (library.surveil, {"graveyard": "c0"}, "choices.surveil must be a list of labels"),
])
def test_the_library_procedures_name_the_choice_field_they_reject(action, choice, message):
    """The step's choices are checked before the engine acts (so the cases above answer their
    own message); the procedures check again, naming the field, when called by any effect."""
    with pytest.raises(CaseError) as error:
        action(_game(), "alice", 1, choice)
    assert str(error.value) == message


def test_cast_offered_names_the_field_it_rejects():
    from reference_impl.rules.offered_casts import cast_offered
    game = _game()
    oids = [game.labels["c0"]]
    for choice, message in ((["card"], "choices.cast must be a mapping"),
                            ({"card": ["c0"]}, "choices.cast.card: unknown label ['c0']")):
        with pytest.raises(CaseError) as error:
            cast_offered(game, oids, "alice", choice, "without-paying-mana-cost")
        assert str(error.value).startswith(message)
