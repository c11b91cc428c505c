"""Reference engine: turn structure and combat details the catalog's cards cannot show in the spec
(no catalog card has an "at the beginning of" trigger yet), checked on the engine directly."""

from __future__ import annotations

from dataclasses import replace

from reference_impl.cards import CARDS
from reference_impl.effects import GainLife, Kicked, You
from reference_impl.rules import turn
from reference_impl.rules.abilities import Trigger
from reference_impl.rules.choices import Choices
from reference_impl.rules.resolution import resolve_top
from reference_impl.scenario import last_view, play
from reference_impl.setup import build_game
from reference_impl.state.game import SpellInfo

LIBRARIES = {"alice": {"library": [{"card": "Island", "label": "a1"}, {"card": "Island", "label": "a2"}]},
             "bob": {"library": [{"card": "Forest", "label": "b1"}, {"card": "Forest", "label": "b2"}]}}


def _game_with_trigger(trigger, etb=None):
    game = build_game({"players": {**LIBRARIES, "alice": {**LIBRARIES["alice"],
                                                          "battlefield": [{"card": "Grizzly Bears", "label": "x"}]}}})
    o = game.objs[game.labels["x"]]
    o.card = o.printed = replace(CARDS["Grizzly Bears"], triggers=(trigger,))
    o.etb = etb
    return game


def test_an_upkeep_trigger_waits_on_the_stack_in_the_step_advanced_to():
    game = _game_with_trigger(Trigger("beginning-of", (GainLife(You(), 1),), step="upkeep"))
    turn.advance(game, "upkeep", True, Choices(None))  # bob's upkeep: not alice's trigger
    assert game.stack == []
    turn.advance(game, "upkeep", True, Choices(None))  # alice's upkeep
    assert len(game.stack) == 1 and game.players["alice"].life == 20


def test_a_trigger_in_a_step_passed_through_resolves_there():
    game = _game_with_trigger(Trigger("beginning-of", (GainLife(You(), 1),), step="upkeep", each_turn=True))
    turn.advance(game, "main1", True, Choices(None))
    assert game.stack == [] and game.players["alice"].life == 21


def test_an_end_step_trigger_can_ask_whether_its_source_was_kicked():
    kicked = SpellInfo(kickers=("A",), linked=("A",))
    for etb, life in ((kicked, 21), (None, 20)):
        game = _game_with_trigger(Trigger("beginning-of", (GainLife(You(), 1),), step="end", condition=Kicked()),
                                  etb)
        turn.advance(game, "end", False, Choices(None))  # alice's end step: on the stack if kicked
        assert len(game.stack) == (1 if etb else 0)
        while game.stack:
            resolve_top(game, Choices(None))
        assert game.players["alice"].life == life
        turn.advance(game, "end", True, Choices(None))  # bob's end step: not alice's trigger
        assert game.stack == []


def test_cleanup_discards_down_to_seven_cards():
    hand = [{"card": "Island", "label": f"h{i}"} for i in range(9)]
    view = last_view({"players": {"alice": {"hand": hand}, "bob": LIBRARIES["bob"]}},
                     [{"advance": {"turn": "next", "to": "upkeep", "choices": {"discard": ["h8", "h3"]}}}])
    assert view["players"]["alice"]["hand"] == 7
    assert view["cards"]["h8"]["zone"] == "graveyard" and view["cards"]["h3"]["zone"] == "graveyard"


def test_advancing_backwards_without_turn_next_is_a_malformed_case():
    (result,) = play({"turn": {"active": "alice", "step": "main2"}}, [{"advance": {"to": "main1"}}],
                     allow_errored=True)
    assert result["status"] == "errored" and "use `turn: next`" in result["message"]


def test_advancing_to_a_skipped_combat_step_is_illegal():
    (result,) = play({}, [{"advance": {"to": "combat_damage"}}])
    assert result["status"] == "illegal" and result["reason"].startswith("508.8")


def test_two_blockers_take_lethal_damage_in_declaration_order():
    """A 4/4 blocked by two 2/2s: 2 to the first (lethal), the remaining 2 to the second."""
    view = last_view({"players": {"alice": {"battlefield": [{"card": "Serra Angel", "label": "angel"}]},
                                  "bob": {"battlefield": [{"card": "Serra Angel", "label": "b1"}]}}},
                     [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                      {"declare_blockers": {"blockers": [{"card": "b1", "blocks": "angel"}]}},
                      {"advance": {"to": "combat_damage"}}])
    assert view["cards"]["angel"]["zone"] == "graveyard" and view["cards"]["b1"]["zone"] == "graveyard"
    view = last_view({"players": {"alice": {"battlefield": [{"card": "Kavu Titan", "label": "kavu",
                                                             "counters": {"+1/+1": 2}}]},
                                  "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "g1"},
                                                          {"card": "Llanowar Elves", "label": "g2"}]}}},
                     [{"declare_attackers": {"attackers": [{"card": "kavu"}]}},
                      {"declare_blockers": {"blockers": [{"card": "g1", "blocks": "kavu"},
                                                         {"card": "g2", "blocks": "kavu"}]}},
                      {"advance": {"to": "combat_damage"}}])
    assert view["cards"]["g1"]["zone"] == "graveyard" and view["cards"]["g2"]["zone"] == "graveyard"
    assert view["players"]["bob"]["life"] == 20 and view["cards"]["kavu"]["damage"] == 3


def test_a_blocked_attacker_whose_blocker_left_deals_no_damage():
    steps = [{"declare_attackers": {"attackers": [{"card": "bears"}]}},
             {"declare_blockers": {"blockers": [{"card": "elves", "blocks": "bears"}]}},
             {"tap_for_mana": {"permanents": ["mountain"]}},
             {"cast": {"card": "bolt", "targets": ["elves"], "pay": "{R}"}}, {"resolve": {}},
             {"advance": {"to": "combat_damage"}}]
    view = last_view({"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"},
                                                            {"card": "Mountain", "label": "mountain"}],
                                            "hand": [{"card": "Lightning Bolt", "label": "bolt"}]},
                                  "bob": {"battlefield": [{"card": "Llanowar Elves", "label": "elves"}]}}}, steps)
    assert view["players"]["bob"]["life"] == 20  # 509.1h: still blocked, 510.1c: no damage


def test_mana_stays_within_a_step_and_empties_when_it_ends():
    view = last_view({"players": {"alice": {"battlefield": [{"card": "Forest", "label": "f"}]}}},
                     [{"tap_for_mana": {"permanents": ["f"]}}])
    assert view["players"]["alice"]["mana"] == "{G}"
    view = last_view({"players": {"alice": {"battlefield": [{"card": "Forest", "label": "f"}]}}},
                     [{"tap_for_mana": {"permanents": ["f"]}}, {"advance": {"to": "combat"}}])
    assert view["players"]["alice"]["mana"] == ""


def test_no_step_after_the_game_is_over():
    results = play({"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"},
                                "bob": {"life": 3}}},
                   [{"cast": {"card": "bolt", "targets": ["bob"]}}, {"resolve": {}}, {"advance": {"to": "main2"}}])
    assert results[1]["view"]["players"]["bob"]["lost"] is True
    assert results[2]["status"] == "illegal" and results[2]["reason"].startswith("104.1")


def _with_keywords(game, label, *kws):
    o = game.objs[game.labels[label]]
    o.card = o.printed = replace(o.card, keywords=o.card.keywords | frozenset(kws))


def test_defender_cannot_attack():
    from reference_impl.rules import combat
    from reference_impl.state.game import IllegalAction

    setup = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}}}
    game = build_game(setup)
    _with_keywords(game, "bears", "defender")
    game.step = "declare_attackers"
    try:
        combat.declare_attackers(game, {"attackers": [{"card": "bears"}]})
        raise AssertionError("a creature with defender attacked")
    except IllegalAction as e:
        assert e.rule == "702.3b"


def _two_damage_steps(first_keywords=(), between=()):
    """An unblocked Grizzly Bears (with `first_keywords`) beside an unblocked Savannah Lions with
    first strike: the first combat damage step, then `between` keywords granted until end of
    turn to the Bears, then the second step. Returns bob's life after each step."""
    from reference_impl.rules import combat

    setup = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"},
                                                   {"card": "Savannah Lions", "label": "lions"}]}}}
    game = build_game(setup)
    _with_keywords(game, "lions", "first strike")
    if first_keywords:
        _with_keywords(game, "bears", *first_keywords)
    combat.declare_attackers(game, {"attackers": [{"card": "bears"}, {"card": "lions"}]})
    combat.deal_combat_damage(game)
    after_first = game.players["bob"].life
    bears = game.objs[game.labels["bears"]]
    if between == "lose":
        bears.card = bears.printed = replace(bears.card, keywords=frozenset())
    elif between:
        game.eot.append((bears.oid, 0, 0, tuple(between)))
    assert game.second_damage_step_due
    combat.deal_combat_damage(game)
    return after_first, game.players["bob"].life


def test_first_strike_given_after_the_first_damage_step_still_deals_regular_damage():
    """702.7c: the Bears had neither first nor double strike as the first step began."""
    assert _two_damage_steps(between=("first strike",)) == (18, 16)


def test_first_strike_removed_after_dealing_first_strike_damage_deals_no_more():
    """702.7c: it had first strike as the first step began and has no double strike now."""
    assert _two_damage_steps(first_keywords=("first strike",), between="lose") == (16, 16)


def test_double_strike_removed_during_the_first_step_stops_the_second_hit():
    """702.4c."""
    assert _two_damage_steps(first_keywords=("double strike",), between="lose") == (16, 16)


def test_double_strike_given_to_a_first_striker_after_the_first_step_hits_again():
    """702.4d."""
    assert _two_damage_steps(first_keywords=("first strike",), between=("double strike",)) == (16, 14)


def test_a_deathtouch_source_destroys_with_noncombat_damage_too():
    """702.2b, 702.2d: deathtouch works for any damage; 704.5h destroys the creature."""
    from reference_impl.rules import actions

    setup = {"players": {"alice": {"battlefield": [{"card": "Gifted Aetherborn", "label": "aetherborn"}]},
                         "bob": {"battlefield": [{"card": "Serra Angel", "label": "angel"}]}}}
    game = build_game(setup)
    aetherborn, angel = game.objs[game.labels["aetherborn"]], game.objs[game.labels["angel"]]
    actions.deal_damage(game, aetherborn, angel.oid, 1)
    actions.state_based_actions(game)
    assert angel.zone == "graveyard" and game.deathtouched == frozenset()
