"""Reference engine: state_based_actions' one pass (its per-card QUICK_THRESHOLDS) decides as the
full check (_check_all) would, for every permanent card of the catalog (tokens too) with damage
and counters around its toughness, and with a player at 0 life."""

from __future__ import annotations

import pytest

from reference_impl.cards import CARDS
from reference_impl.rules import actions
from reference_impl.setup import build_game

PERMANENTS = sorted(n for n, c in CARDS.items() if c.is_permanent and not c.unsupported)


def _outcome(game) -> tuple:
    return (tuple(sorted((oid, o.zone) for oid, o in game.objs.items())), game.lost,
            tuple((sid, trig) for sid, trig, _ in game.pending))


@pytest.mark.parametrize("name", PERMANENTS)
def test_the_one_pass_decides_as_the_full_check(name):
    card = CARDS[name]
    printed = card.toughness or 0
    for damage in {0, max(printed - 1, 0), printed, printed + 1}:
        for counters in ({}, {"+1/+1": 1}, {"-1/-1": 1}, {"+1/+1": 2, "-1/-1": 1}):
            for life in (20, 0):
                game = build_game({"players": {"alice": {"battlefield": [{"card": "Forest", "label": "x"}]},
                                               "bob": {"battlefield": [{"card": "Grizzly Bears",
                                                                        "label": "bears"}],
                                                       "life": life}}})
                o = game.objs[game.labels["x"]]
                o.card = o.printed = card  # tokens too, which a setup can't name
                o.damage, o.counters = damage, dict(counters)
                full = game.clone()
                actions.state_based_actions(game)
                actions._check_all(full)
                assert _outcome(game) == _outcome(full), (name, damage, counters, life)


def test_a_state_trigger_a_static_or_a_legendary_card_goes_to_the_full_check():
    """_quick_threshold can't decide for those (603.8, 613, 704.5j): None."""
    state = next(c for c in CARDS.values() if any(t.event == "state" for t in c.triggers))
    static = next(c for c in CARDS.values() if c.statics)
    legendary = next(c for c in CARDS.values() if "Legendary" in c.supertypes)
    assert [actions._quick_threshold(c) for c in (state, static, legendary)] == [None, None, None]
    bears, forest = CARDS["Grizzly Bears"], CARDS["Forest"]
    assert actions._quick_threshold(bears) == 2
    assert actions._quick_threshold(forest) == actions.NOT_A_CREATURE
