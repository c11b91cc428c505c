"""Library actions of the reference engine that the view cannot show directly: the shuffle after
a search (701.24a) really reorders the library, and it stays a permutation of the cards left."""

import pytest

from reference_impl.scenario import alice, cards, play

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


_IMPULSE_LIBRARY = cards(("Forest", "forest"), ("Lightning Bolt", "bolt"), ("Grizzly Bears", "bears"),
                         ("Savannah Lions", "lions"))


@pytest.mark.parametrize("look, status", [
    (["bolt"], "errored"),                                            # not a mapping
    ({"hand": ["bolt"], "bottom": "forest"}, "errored"),              # a part that is not a list
    ({"hand": ["bolt"], "bottom": ["forest", "bears", "lions"], "top": []}, "errored"),  # a part it has not
    ({"bottom": ["forest", "bolt", "bears", "lions"]}, "illegal"),    # none into the hand (701.20e)
    ({"hand": ["bolt"], "bottom": ["forest", "bears"]}, "illegal"),   # a card looked at goes nowhere
])
def test_a_malformed_look_choice_is_an_error_and_a_wrong_one_illegal(look, status):
    """The `look` choice (feature looked-at-cards): a malformed one is the case's error, a
    well-formed one that doesn't place every card looked at exactly once is an illegal step."""
    setup = alice(hand=cards(("Impulse", "impulse")), library=_IMPULSE_LIBRARY, mana="{U}{C}")
    results = play(setup, [{"cast": {"card": "impulse", "pay": "{U}{C}"}},
                           {"resolve": {"choices": {"look": look}}}], allow_errored=True)
    assert results[-1]["status"] == status
