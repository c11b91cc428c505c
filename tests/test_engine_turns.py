"""Reference engine: turn structure and combat details the catalog's cards cannot show in the spec
(no catalog card has an "at the beginning of" trigger yet), checked on the engine directly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from reference_impl.cards import CARDS
from reference_impl.effects import Damage, Discard, GainLife, Kicked, Targets, You
from reference_impl.rules import turn
from reference_impl.rules.abilities import ActivatedAbility, Trigger
from reference_impl.rules.activation import activate
from reference_impl.rules.choices import Choices
from reference_impl.rules.resolution import resolve_top
from reference_impl.rules.targets import TargetSpec
from reference_impl.scenario import last_view, play
from reference_impl.setup import build_game
from reference_impl.state.game import IllegalAction, SpellInfo
from reference_impl.state.mana import Cost, parse_pool

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
        game.clock += 1  # an "until end of turn" effect carries its timestamp (613.7b)
        game.eot.append((bears.oid, 0, 0, tuple(between), game.clock))
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


def test_cleanup_without_a_discard_choice_still_discards_down_to_seven():
    hand = [{"card": "Island", "label": f"h{i}"} for i in range(8)]
    view = last_view({"players": {"alice": {"hand": hand}, "bob": LIBRARIES["bob"]}},
                     [{"advance": {"turn": "next", "to": "upkeep"}}])
    assert view["players"]["alice"]["hand"] == 7
    assert sum(view["cards"][f"h{i}"]["zone"] == "graveyard" for i in range(8)) == 1


def test_a_hand_of_exactly_seven_is_kept():
    hand = [{"card": "Island", "label": f"h{i}"} for i in range(7)]
    view = last_view({"players": {"alice": {"hand": hand}, "bob": LIBRARIES["bob"]}},
                     [{"advance": {"turn": "next", "to": "upkeep", "choices": {"discard": ["h0"]}}}])
    assert view["players"]["alice"]["hand"] == 7 and view["cards"]["h0"]["zone"] == "hand"


def test_advancing_to_the_current_step_is_a_malformed_case():
    (result,) = play({}, [{"advance": {"to": "main1"}}], allow_errored=True)
    assert result["status"] == "errored" and "main1 is not later in this turn than main1" in result["message"]


def test_malformed_advance_is_errored_naming_the_field():
    for args, fragment in (({"to": "draw", "spin": 1}, "advance takes `to`"),
                           ({"to": "nowhere"}, "advance.to must be one of ['untap', "),
                           ({"to": "draw", "turn": "later"}, "advance.turn must be `next`")):
        (result,) = play({}, [{"advance": args}], allow_errored=True)
        assert result["status"] == "errored" and fragment in result["message"], (args, result)
        assert "internal error" not in result["message"]


def test_a_passed_through_steps_trigger_uses_the_advance_choices():
    """A targeted upkeep trigger that makes its controller discard: the advance's `choices`
    pick its target when it goes on the stack and the card discarded when it resolves."""
    trig = Trigger("beginning-of", (Damage(1, Targets(0)), Discard(You(), 1)),
                   targets=(TargetSpec("any", description="any target"),), step="upkeep")
    build = build_game({"players": {**LIBRARIES, "alice": {**LIBRARIES["alice"], "hand": [
        {"card": "Island", "label": "c1"}, {"card": "Forest", "label": "c2"}],
        "battlefield": [{"card": "Grizzly Bears", "label": "x"}, {"card": "Grizzly Bears", "label": "y"}]}}})
    o = build.objs[build.labels["x"]]
    o.card = o.printed = replace(CARDS["Grizzly Bears"], triggers=(trig,))
    turn.advance(build, "upkeep", True, Choices(None))  # bob's upkeep: not alice's trigger
    choices = Choices({"trigger_targets": [{"source": "x", "targets": ["y"]}], "discard": ["c2"]}, build)
    turn.advance(build, "draw", True, choices)  # through alice's upkeep, where it resolves
    assert build.stack == [] and build.step == "draw"
    assert build.objs[build.labels["y"]].damage == 1 and build.players["bob"].life == 20
    assert build.objs[build.labels["c2"]].zone == "graveyard" and build.objs[build.labels["c1"]].zone == "hand"


def test_a_trigger_without_a_legal_target_is_removed_and_the_next_still_goes_on_the_stack():
    """603.3d: the upkeep trigger that needs a planeswalker target (there is none) is removed;
    the second upkeep trigger of the same permanent still goes on the stack."""
    no_target = Trigger("beginning-of", (Damage(1, Targets(0)),), step="upkeep",
                        targets=(TargetSpec("permanent", types_any=("Planeswalker",), description="target planeswalker"),))
    game = build_game({"players": {**LIBRARIES, "alice": {**LIBRARIES["alice"],
                                                          "battlefield": [{"card": "Grizzly Bears", "label": "x"}]}}})
    o = game.objs[game.labels["x"]]
    o.card = o.printed = replace(CARDS["Grizzly Bears"], triggers=(no_target, Trigger(
        "beginning-of", (GainLife(You(), 1),), step="upkeep")))
    turn.advance(game, "upkeep", True, Choices(None))  # bob's upkeep
    turn.advance(game, "upkeep", True, Choices(None))  # alice's upkeep: stops there
    assert len(game.stack) == 1 and game.stack[0].trigger.effects == (GainLife(You(), 1),)


def test_a_declare_attackers_trigger_takes_the_steps_choices():
    from reference_impl import runner
    trig = Trigger("beginning-of", (Damage(1, Targets(0)),), step="declare_attackers",
                   targets=(TargetSpec("any", description="any target"),))
    game = _game_with_trigger(trig)
    runner._step_declare_attackers(game, {"attackers": [],
                                          "choices": {"trigger_targets": [{"source": "x", "targets": ["bob"]}]}})
    assert len(game.stack) == 1 and game.stack[0].targets == (("bob",),)


def _game_with_sorcery_ability(step="main1", active="alice", pool="{G}{G}{G}"):
    """Grizzly Bears given "{1}{G}: You gain 1 life. Activate only as a sorcery." (no catalog
    card has a sorcery-speed or mana-cost non-mana activated ability)."""
    game = build_game({"turn": {"active": active, "step": step},
                       "players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "x"}]}}})
    o = game.objs[game.labels["x"]]
    ab = ActivatedAbility((GainLife(You(), 1),), mana=Cost.parse("{1}{G}"), sorcery=True)
    o.card = o.printed = replace(CARDS["Grizzly Bears"], activated=(ab,))
    game.players["alice"].pool = parse_pool(pool)
    return game


def test_a_sorcery_speed_ability_needs_the_own_main_phase_and_an_empty_stack():
    for step in ("main1", "main2"):
        game = _game_with_sorcery_ability(step)
        activate(game, {"card": "x"})
        assert len(game.stack) == 1 and game.players["alice"].pool == [0, 0, 0, 0, 1, 0]
        with pytest.raises(IllegalAction, match="602.5d"):  # the stack is not empty now
            activate(game, {"card": "x"})
    for step, active in (("combat", "alice"), ("upkeep", "alice"), ("main1", "bob")):
        with pytest.raises(IllegalAction, match="602.5d"):
            activate(_game_with_sorcery_ability(step, active), {"card": "x"})


def test_an_ability_with_a_mana_cost_is_paid_exactly_or_not_at_all():
    game = _game_with_sorcery_ability()
    activate(game, {"card": "x", "pay": "{G}{G}"})
    assert game.players["alice"].pool == [0, 0, 0, 0, 1, 0]
    with pytest.raises(IllegalAction, match="602.2b: alice can't pay"):
        activate(_game_with_sorcery_ability(pool="{G}"), {"card": "x"})
    with pytest.raises(IllegalAction, match="602.2b: {G}{G}{G} from alice's pool does not pay"):
        activate(_game_with_sorcery_ability(), {"card": "x", "pay": "{G}{G}{G}"})


def test_an_unsupported_activated_ability_answers_unsupported_naming_the_ability():
    """ADAPTERS.md: an `errored` message starting `unsupported: ` makes the case a skip; an
    ability the engine can't do must say so, not fail as an engine error."""
    from reference_impl.state.game import Unsupported
    game = build_game({"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "x"}]}}})
    o = game.objs[game.labels["x"]]
    ab = ActivatedAbility((GainLife(You(), 1),), unsupported="its cost is not implemented")
    o.card = o.printed = replace(CARDS["Grizzly Bears"], activated=(ab,))
    with pytest.raises(Unsupported) as unsupported:
        activate(game, {"card": "x"})
    assert str(unsupported.value).startswith("unsupported: Grizzly Bears's ability #0")
    assert game.stack == []


def _walk_step_by_step(step, to, no_attackers):
    """The quiet walk one step at a time, as advance took it before QUIET_WALKS: (the step it
    stops in, whether it passed the end of combat step, whether 508.8 skips `to`). `step` has
    ended already (leave_step ended combat if it was the end of combat step)."""
    ends_combat = False
    while True:
        step = turn.NEXT_STEP[step]
        if step == "end_of_combat" and step != to:
            ends_combat = True  # passed: it ends before the walk stops
        if step in turn.COMBAT_AFTER_ATTACKS and no_attackers:
            if step == to:
                return step, False, True
            continue
        if step == to or step in turn.TURN_BASED_ACTIONS:
            return step, ends_combat, False


@pytest.mark.parametrize("no_attackers", [False, True])
@pytest.mark.parametrize("start", turn.TURN_STEPS)
def test_quiet_walks_match_the_step_by_step_walk(start, no_attackers):
    """Every precomputed quiet walk (advance with nothing that can trigger) stops where the
    step-by-step walk does: at `to` in this turn, else at the next turn-based action step."""
    for to in (None, *turn.TURN_STEPS):
        later = to is not None and turn.STEP_INDEX[to] > turn.STEP_INDEX[start]
        key = (start, to if later else None, no_attackers)
        expected = _walk_step_by_step(*key)
        # the table advance reads, and the function that made it, called here: the table is made
        # at import, before a mutation run selects a mutant, so only this call reaches its mutants
        for got in (turn.QUIET_WALKS[key], turn._quiet_walk(*key)):
            if expected[2]:
                assert got[2], (start, to)
            else:
                assert got == expected, (start, to)


@pytest.mark.parametrize("step", [["alice"], {"by": "alice", "x": 1}])
def test_a_malformed_pass_is_an_error(step):
    """`pass` takes a mapping with optional `by` and `choices`: anything else is the case's error."""
    from reference_impl.scenario import alice, play

    assert play(alice(), [{"pass": step}], allow_errored=True)[-1]["status"] == "errored"
