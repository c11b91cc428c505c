"""Reference engine: the rules that need nothing cost nothing (issue 29: "layers cost nothing when
nothing needs them"). Damage between creatures that have only their own printed abilities, with no
static ability, no "until end of turn" effect and no triggered ability on the battlefield, is dealt
without asking the layer system, the replacement effects or the trigger machinery anything; the
same damage beside a static ability takes the full path and gives the same result.

These tests pin the fast paths themselves: a change that quietly sends every damage event down the
slow path gives the same answers (the conformance suite can't see it) and costs every engine
benchmark, so it is caught here."""

from __future__ import annotations

import pytest

from reference_impl.rules import actions
from reference_impl.scenario import last_view

BLOCK = [{"declare_attackers": {"attackers": [{"card": "attacker", "attacks": "bob"}]}},
         {"declare_blockers": {"blockers": [{"card": "blocker", "blocks": "attacker"}]}},
         {"advance": {"to": "end_of_combat"}}]


def _combat(attacker: str, blocker: str, bob_also: tuple = ()) -> dict:
    return {"players": {"alice": {"battlefield": [{"card": attacker, "label": "attacker"}]},
                        "bob": {"battlefield": [{"card": blocker, "label": "blocker"},
                                                *({"card": c, "label": f"extra{i}"} for i, c in enumerate(bob_also))]}}}


def _count_calls(monkeypatch, names) -> dict[str, int]:
    """Wrap each of the engine's functions `names` (in rules.actions) to count its calls, by name."""
    counted: dict[str, int] = {}

    def counting(name, original):
        def wrapper(*args, **kwargs):
            counted[name] = counted.get(name, 0) + 1
            return original(*args, **kwargs)
        return wrapper
    for name in names:
        monkeypatch.setattr(actions, name, counting(name, getattr(actions, name)))
    return counted


@pytest.fixture
def calls(monkeypatch):
    """Counts of the slow-path questions deal_damage may ask, by name."""
    return _count_calls(monkeypatch, ("source_has_keyword", "own_keyword", "replace_damage", "_damage_dealt",
                                      "boost_sources", "_legend_rule"))


def test_plain_creatures_deal_damage_without_asking_anything(calls):
    """Grizzly Bears blocked by Hill Giant: neither has a keyword that changes damage, nothing on
    the battlefield has a static or triggered ability. Both damage events take the fast path."""
    view = last_view(_combat("Grizzly Bears", "Hill Giant"), BLOCK)
    assert view["cards"]["attacker"]["zone"] == "graveyard"
    assert view["cards"]["blocker"]["damage"] == 2
    assert calls == {}


def test_a_keyword_source_of_its_own_is_read_from_its_card_only(calls):
    """Wildslayer Elves (wither) blocked by Wall of Fire, nothing else on the battlefield: the
    Elves' keywords are their own, so deal_damage reads them from the card (own_keyword), never
    through the layers (source_has_keyword)."""
    view = last_view(_combat("Wildslayer Elves", "Wall of Fire"), BLOCK)
    assert view["cards"]["blocker"]["counters"] == {"-1/-1": 3}
    assert calls.get("source_has_keyword", 0) == 0
    assert calls.get("own_keyword", 0) >= 1
    assert "replace_damage" not in calls and "_damage_dealt" not in calls


def test_beside_a_static_ability_the_full_path_gives_the_same_result(calls):
    """The same block beside bob's Honor of the Pure (a static ability, though it boosts neither
    creature): now replace_damage and the layered keyword question are asked, with the same result."""
    view = last_view(_combat("Wildslayer Elves", "Wall of Fire", ("Honor of the Pure",)), BLOCK)
    assert view["cards"]["blocker"]["counters"] == {"-1/-1": 3}
    assert calls.get("replace_damage", 0) >= 1
    assert calls.get("source_has_keyword", 0) >= 1


def test_state_based_actions_read_printed_toughness_when_nothing_modifies_it(calls):
    """The same plain block: the state-based action check reads each creature's toughness from its
    card and counters (no static ability, no "until end of turn" effect), without gathering the
    sources of boosts (boost_sources); and with only a basic land's supertype on the battlefield,
    there is no legendary permanent for the legend rule (704.5j) to look at."""
    setup = _combat("Grizzly Bears", "Hill Giant", ("Forest",))
    last_view(setup, BLOCK)
    assert "boost_sources" not in calls and "_legend_rule" not in calls


@pytest.fixture
def full_checks(monkeypatch):
    """How many times the full state-based action check (_check_all) runs."""
    return _count_calls(monkeypatch, ("_check_all",))


QUIET = {"players": {
    "alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "counters": {"+1/+1": 1}},
                              {"card": "Endless One", "label": "one", "counters": {"+1/+1": 2}},
                              {"card": "Forest", "label": "forest"}],
              "hand": [{"card": "Shock", "label": "shock"}, {"card": "Lightning Bolt", "label": "bolt"}],
              "mana": "{R}{R}", "life": 1, "counters": {"poison": 9}},
    "bob": {"battlefield": [{"card": "Savannah Lions", "label": "lions"}], "life": 4, "counters": {"poison": 9}}}}


def test_when_nothing_applies_the_full_check_never_runs(full_checks):
    """Shock leaves 2 damage on Grizzly Bears made 3/3 by a +1/+1 counter, Lightning Bolt takes bob
    from 4 to 1 life; alice is at 1 life, both players have nine poison counters, Endless One (0/0
    printed) has two +1/+1 counters. After every action nothing applies (704.5a-c, f, g, q: no
    player at 0 life or ten poison counters, no creature with lethal damage or both kinds of
    counters), and the one quick pass sees that each time."""
    view = last_view(QUIET, [{"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"resolve": {}},
                             {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])
    assert view["cards"]["bears"]["damage"] == 2 and view["players"]["bob"]["life"] == 1
    assert full_checks.get("_check_all", 0) == 0


def test_the_full_check_runs_when_something_applies(full_checks):
    """The same start, but the Shock goes to the Savannah Lions (2/1): lethal damage, so the full
    check runs and puts them into bob's graveyard."""
    view = last_view(QUIET, [{"cast": {"card": "shock", "targets": ["lions"], "pay": "{R}"}}, {"resolve": {}}])
    assert view["cards"]["lions"]["zone"] == "graveyard"
    assert full_checks.get("_check_all", 0) >= 1


def test_a_player_with_other_counters_only_is_read_as_no_poison(full_checks):
    """bob has an experience counter and no poison counter: the quick pass reads his poison as 0
    (not missing), and Lightning Bolt to him needs no full check."""
    setup = {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}",
                                   "counters": {"experience": 1}},
                         "bob": {"counters": {"experience": 2}}}}
    view = last_view(setup, [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])
    assert view["players"]["bob"]["life"] == 17 and not view["players"]["bob"]["lost"]
    assert full_checks.get("_check_all", 0) == 0


def test_a_view_computes_the_layers_once_for_all_its_permanents(monkeypatch):
    """Scion of the Wild (a characteristic-defining ability: the layer system is consulted) with
    three other creatures: building one view asks every permanent's power, toughness and keywords,
    and the layers are computed once for all of them (layers.READING), not once per question. Each
    computation covers the whole battlefield, so a change that skips the shared result gives the
    same view at several times the cost."""
    from reference_impl.setup import build_game
    from reference_impl.state import layers
    from reference_impl.view import build_view

    setup = {"players": {"alice": {"battlefield": [{"card": "Scion of the Wild", "label": "scion"},
                                                   {"card": "Grizzly Bears", "label": "bears"},
                                                   {"card": "Endless One", "label": "one", "counters": {"+1/+1": 2}}]},
                         "bob": {"battlefield": [{"card": "Hill Giant", "label": "giant"}]}}}
    game = build_game(setup)
    computed = []
    original = layers._compute
    monkeypatch.setattr(layers, "_compute", lambda g: computed.append(g) or original(g))
    view = build_view(game)
    assert view["cards"]["scion"]["power"] == 3 and view["cards"]["one"]["power"] == 2
    assert computed == [game]
    assert layers.READING == []  # and the shared result is not kept beyond the view
    layers.characteristics(game)
    assert computed == [game, game]
