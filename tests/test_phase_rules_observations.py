"""phase.rs 0.103.0 behaviour that differs from the Comprehensive Rules, pinned.

Each test asserts what phase does today (not what the rules say) for one numbered item of
phase_adapter/README.md. They guard the README: when a phase release fixes one, its test fails
and the README's list must be updated. Rule numbers: CR 2026-06-19.
"""

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("phase") is None,
                                reason="phase-python is not installed (pip install mtg-conformance[phase])")


@pytest.fixture(scope="module")
def engine():
    from phase_adapter.engine import create_engine
    eng = create_engine()
    yield eng
    eng.stop()


def cards(*pairs):
    return [{"card": card, "label": label} for card, label in pairs]


def run(engine, alice, bob, steps, turn=None):
    setup = {"players": {"alice": alice, "bob": bob}}
    if turn is not None:
        setup["turn"] = turn
    result = engine.run({"setup": setup, "steps": steps})
    return result["results"]


def test_divergence_1_unkicked_battlemage_still_triggers(engine):
    """603.4: 'if it was kicked with its [A] kicker' must not trigger for an unkicked Ana Battlemage."""
    results = run(engine, {"hand": cards(("Ana Battlemage", "ana")), "mana": "{G}{G}{G}"},
                  {"battlefield": cards(("Grizzly Bears", "gb"))},
                  [{"cast": {"card": "ana"}}, {"resolve": {}}])
    assert results[0]["status"] == "ok" and results[0]["view"]["stack"][0]["kicked"] is False
    # phase puts an enters trigger on the stack and asks for its target; the rules put none there.
    assert results[1]["status"] == "errored"
    assert "phase asks for a target for a triggered ability of ana" in results[1]["message"]


def test_divergence_1_stormscape_unpaid_kicker_trigger_is_on_the_stack(engine):
    """603.4: with only the {W} kicker paid, only the life-gain trigger may trigger."""
    results = run(engine, {"hand": cards(("Stormscape Battlemage", "sb")), "mana": "{U}{U}{U}{W}", "life": 10},
                  {"battlefield": cards(("Grizzly Bears", "gb"))},
                  [{"cast": {"card": "sb", "kickers": ["A"]}},
                   {"resolve": {"choices": {"trigger_targets": [{"source": "sb", "targets": ["gb"]}]}}},
                   {"pass_until_empty": {}}])
    assert [r["status"] for r in results] == ["ok", "ok", "ok"]
    assert [item["kind"] for item in results[1]["view"]["stack"]] == ["ability", "ability"]
    final = results[2]["view"]
    assert final["players"]["alice"]["life"] == 13 and final["cards"]["gb"]["zone"] == "battlefield"


def test_divergence_2_hallar_triggers_on_unkicked_spells_and_does_nothing(engine):
    """603.4/702.33d: Hallar's trigger needs a kicked spell; kicked, it adds a counter and deals damage."""
    for kicks, bob_life in ((0, 18), (1, 16)):
        results = run(engine, {"hand": cards(("Burst Lightning", "bl")), "mana": "{R}{R}{R}{R}{R}",
                               "battlefield": cards(("Hallar, the Firefletcher", "hallar"))}, {},
                      [{"cast": {"card": "bl", "kicks": kicks, "targets": ["bob"]}}, {"pass_until_empty": {}}])
        assert [item["source"] for item in results[0]["view"]["stack"]] == ["hallar", "bl"]
        final = results[1]["view"]
        assert final["cards"]["hallar"]["counters"] == {}
        assert final["players"]["bob"]["life"] == bob_life  # only Burst Lightning's damage


def test_divergence_3_saproling_infestation_never_triggers(engine):
    """Kicking a spell (702.33d) should make Saproling Infestation create a Saproling."""
    assert "Saproling Infestation" in engine.database.unparsed
    results = run(engine, {"hand": cards(("Burst Lightning", "bl")), "mana": "{R}{R}{R}{R}{R}",
                           "battlefield": cards(("Saproling Infestation", "inf"))}, {},
                  [{"cast": {"card": "bl", "kicks": 1, "targets": ["bob"]}}, {"pass_until_empty": {}}])
    assert len(results[0]["view"]["stack"]) == 1
    assert results[1]["view"]["tokens"] == []


def test_divergence_4_kicked_orims_thunder_has_no_creature_target(engine):
    """702.33g/601.2c: kicked Orim's Thunder also targets a creature."""
    results = run(engine, {"hand": cards(("Orim's Thunder", "ot")), "mana": "{W}{R}{R}{R}"},
                  {"battlefield": cards(("Everflowing Chalice", "ch"), ("Grizzly Bears", "gb"))},
                  [{"cast": {"card": "ot", "kicks": 1, "targets": ["ch", "gb"]}}])
    assert results[0]["status"] == "illegal"
    assert "phase chose targets ['ch']" in results[0]["reason"]


def test_divergence_6_comet_storm_takes_one_target_and_deals_no_damage(engine):
    """601.2c/702.33c: one target plus one per kick, X damage to each."""
    alice = {"hand": cards(("Comet Storm", "c")), "mana": "{R}{R}{R}{R}{R}"}
    bob = {"battlefield": cards(("Grizzly Bears", "gb"))}
    two = run(engine, alice, bob, [{"cast": {"card": "c", "x": 1, "kicks": 1, "targets": ["bob", "gb"]}}])
    assert two[0]["status"] == "illegal" and "phase chose targets ['bob']" in two[0]["reason"]
    one = run(engine, alice, bob, [{"cast": {"card": "c", "x": 2, "targets": ["bob"]}}, {"resolve": {}}])
    assert [r["status"] for r in one] == ["ok", "ok"]
    assert one[1]["view"]["players"]["bob"]["life"] == 20


def test_divergence_6_7_strength_of_the_tajuru_two_targets_counters_on_one(engine):
    """601.2c: unkicked it has one target; 7: each target gets X counters."""
    alice = {"hand": cards(("Strength of the Tajuru", "st")), "mana": "{G}{G}{G}{G}{G}",
             "battlefield": cards(("Grizzly Bears", "g1"), ("Savannah Lions", "g2"))}
    one = run(engine, alice, {}, [{"cast": {"card": "st", "x": 2, "targets": ["g1"]}}])
    assert one[0]["status"] == "illegal"
    two = run(engine, alice, {}, [{"cast": {"card": "st", "x": 2, "targets": ["g1", "g2"]}}, {"resolve": {}}])
    final = two[1]["view"]["cards"]
    assert final["g1"]["counters"] == {} and final["g2"]["counters"] == {"+1/+1": 2}


def test_divergence_9_flashback_loses_x(engine):
    """107.3a: X announced for the flashback cost; cast from a graveyard it mills 2X."""
    bob = {"library": cards(*[("Island", f"i{n}") for n in range(6)])}
    from_hand = run(engine, {"hand": cards(("Increasing Confusion", "ic")), "mana": "{U}{U}{U}"}, bob,
                    [{"cast": {"card": "ic", "x": 2, "targets": ["bob"]}}, {"resolve": {}}])
    assert from_hand[1]["view"]["players"]["bob"]["library"] == 4
    flashback = run(engine, {"graveyard": cards(("Increasing Confusion", "ic")), "mana": "{U}{U}{U}"}, bob,
                    [{"cast": {"card": "ic", "alternative": "flashback", "x": 2, "targets": ["bob"]}},
                     {"resolve": {}}])
    assert flashback[0]["view"]["stack"][0]["total_cost"] == "{2}{U}"
    assert flashback[1]["view"]["players"]["bob"]["library"] == 6


def test_divergence_11_copy_cannot_get_new_targets(engine):
    """707.10c: the controller may choose new legal targets for Twincast's copy."""
    results = run(engine, {"hand": cards(("Burst Lightning", "bl"), ("Twincast", "tw")),
                           "mana": "{R}{R}{R}{R}{R}{U}{U}"}, {"battlefield": cards(("Grizzly Bears", "gb"))},
                  [{"cast": {"card": "bl", "kicks": 1, "targets": ["bob"]}},
                   {"cast": {"card": "tw", "targets": ["bl"]}},
                   {"resolve": {"choices": {"copy_targets": ["gb"]}}}])
    assert results[2]["status"] == "illegal"
    assert "retarget the copy to gb" in results[2]["reason"]


def test_divergence_12_fork_cannot_be_cast_on_a_spell(engine):
    """115.1, 601.2c: Fork targets an instant or sorcery spell; Reverberate (same first sentence) can."""
    mana = "{R}{R}{R}{C}{C}{C}{C}"
    steps = [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{C}{C}{C}{C}"}},
             {"cast": {"card": "copier", "targets": ["bolt"], "pay": "{R}{R}"}}]
    fork = run(engine, {"hand": cards(("Burst Lightning", "bolt"), ("Fork", "copier")), "mana": mana}, {}, steps)
    assert [r["status"] for r in fork] == ["ok", "illegal"]
    assert "no CastSpell for copier" in fork[1]["reason"]
    reverberate = run(engine, {"hand": cards(("Burst Lightning", "bolt"), ("Reverberate", "copier")),
                               "mana": mana}, {}, steps)
    assert [r["status"] for r in reverberate] == ["ok", "ok"]


def test_divergence_13_a_two_player_loss_exiles_the_losers_cards(engine):
    """704.5b: bob loses drawing from an empty library; 104.2a, 800.4: the game just ends, yet
    phase exiles the card he drew, as 800.4a does for a player leaving a multiplayer game."""
    steps = [{"cast": {"card": "analysis", "targets": ["bob"], "pay": "{U}{U}{U}{U}"}}, {"resolve": {}}]
    results = run(engine, {"hand": cards(("Deep Analysis", "analysis")), "mana": "{U}{U}{U}{U}"},
                  {"library": cards(("Forest", "forest"))}, steps)
    assert [r["status"] for r in results] == ["ok", "ok"]
    view = results[1]["view"]
    assert view["players"]["bob"]["lost"] is True and view["players"]["alice"]["lost"] is False
    assert view["cards"]["forest"]["zone"] == "exile" and view["players"]["bob"]["hand"] == 0


def test_divergence_14_no_priority_between_first_strike_and_regular_damage(engine):
    """510.3, 510.4: the first combat damage step gives players priority; phase deals both hits."""
    steps = [{"declare_attackers": {"attackers": [{"card": "skirmisher"}]}}, {"advance": {"to": "combat_damage"}}]
    results = run(engine, {"battlefield": cards(("Skyhunter Skirmisher", "skirmisher"))}, {}, steps)
    assert [r["status"] for r in results] == ["ok", "ok"]
    assert results[1]["view"]["turn"]["step"] == "combat_damage"
    assert results[1]["view"]["players"]["bob"]["life"] == 18  # the rules: 19 here, 18 after the second step


def test_divergence_15_cant_attack_spares_a_creature_cast_afterwards(engine):
    """611.2c, 508.1c: kicked Orim's Chant's restriction applies to creatures that arrive later."""
    alice = {"hand": cards(("Orim's Chant", "chant"), ("Raging Goblin", "goblin")), "mana": "{W}{W}{R}"}
    steps = [{"cast": {"card": "chant", "kicks": 1, "targets": ["bob"], "pay": "{W}{W}"}}, {"resolve": {}},
             {"cast": {"card": "goblin", "pay": "{R}"}}, {"resolve": {}},
             {"declare_attackers": {"attackers": [{"card": "goblin"}]}}]
    results = run(engine, alice, {}, steps)
    assert [r["status"] for r in results] == ["ok"] * 5
    assert results[4]["view"]["cards"]["goblin"]["attacking"] == "bob"


def test_divergence_25_no_priority_in_declare_attackers_without_attackers(engine):
    """508.2, 508.8: after declaring no attackers the active player gets priority in the declare
    attackers step; phase goes straight on to the end of combat step."""
    results = run(engine, {"battlefield": cards(("Grizzly Bears", "bears"))}, {},
                  [{"declare_attackers": {"attackers": []}}])
    assert results[0]["status"] == "ok"
    assert results[0]["view"]["turn"]["step"] == "end_of_combat"  # the rules: declare_attackers


def test_divergence_26_a_division_may_leave_a_target_out(engine):
    """601.2d: each target of a dividing spell receives at least 1; phase accepts Fire divided
    {bob: 2} among bob and the Lions (it refuses only an explicit share of 0)."""
    alice = {"hand": cards(("Fire // Ice", "fi")), "mana": "{R}{R}"}
    fire = {"card": "fi", "half": "Fire", "targets": ["bob", "lions"]}
    results = run(engine, alice, {"battlefield": cards(("Savannah Lions", "lions"))},
                  [{"cast": {**fire, "divide": {"bob": 2, "lions": 0}}}, {"cast": {**fire, "divide": {"bob": 2}}}])
    assert [r["status"] for r in results] == ["illegal", "ok"]  # the rules: both illegal
    assert results[1]["view"]["stack"][0]["divide"] == {"bob": 2}


def test_divergence_27_a_retargeted_copy_keeps_the_old_targets_shares(engine):
    """115.7f, 707.10c: new targets of a copy take the shares of the targets they replace; phase's
    copy keeps the division keyed by the original's targets."""
    alice = {"hand": cards(("Conflagrate", "conflagrate"), ("Twincast", "twincast")),
             "mana": "{R}{R}{R}{R}{R}{R}{R}{R}{R}{U}{U}"}
    steps = [{"cast": {"card": "conflagrate", "x": 4, "targets": ["bob", "bears"], "divide": {"bob": 3, "bears": 1},
                       "pay": "{R}{R}{R}{R}{R}{R}{R}{R}{R}"}},
             {"cast": {"card": "twincast", "targets": ["conflagrate"], "pay": "{U}{U}"}},
             {"resolve": {"choices": {"copy_targets": ["lions", "bob"]}}}]
    results = run(engine, alice, {"battlefield": cards(("Grizzly Bears", "bears"), ("Savannah Lions", "lions"))}, steps)
    assert [r["status"] for r in results] == ["ok"] * 3
    copy = results[2]["view"]["stack"][0]
    assert copy["copy"] is True and copy["targets"] == ["lions", "bob"]
    assert copy["divide"] == {"bob": 3, "bears": 1}  # the rules: {"lions": 3, "bob": 1}


def test_divergence_28_fireball_is_not_divided_evenly(engine):
    """608.2c, 107.1a: Fireball with X=5 and two targets deals 2 to each (divided evenly, rounded
    down); phase's even split offers 1/4 and 2/3, and the first one deals 1 to bob."""
    alice = {"hand": cards(("Fireball", "fireball")), "mana": "{R}{C}{C}{C}{C}{C}{C}"}
    steps = [{"cast": {"card": "fireball", "x": 5, "targets": ["bob", "fe"], "pay": "{R}{C}{C}{C}{C}{C}{C}"}},
             {"resolve": {}}]
    results = run(engine, alice, {"battlefield": cards(("Fire Elemental", "fe"))}, steps)
    assert [r["status"] for r in results] == ["ok", "ok"]
    view = results[1]["view"]
    assert view["players"]["bob"]["life"] == 19 and view["cards"]["fe"]["zone"] == "graveyard"  # the rules: 18, alive


def test_divergence_29_conflagrates_flashback_cannot_be_cast(engine):
    """601.2b, 702.34a: Conflagrate's flashback (discard X cards) announces X before targets;
    phase refuses the cast at target selection."""
    alice = {"graveyard": cards(("Conflagrate", "conflagrate")),
             "hand": cards(("Forest", "f1"), ("Forest", "f2")), "mana": "{R}{R}"}
    results = run(engine, alice, {}, [{"cast": {"card": "conflagrate", "alternative": "flashback", "x": 2,
                                                "targets": ["bob"], "pay": "{R}{R}",
                                                "choices": {"discard": ["f1", "f2"]}}}])
    assert results[0]["status"] == "illegal"  # the rules: ok, Conflagrate on the stack with X=2
    assert "resolved quantity" in results[0]["reason"]


def test_divergence_30_a_copy_of_an_x_creature_spell_has_x_zero(engine):
    """707.10: a copy of a spell copies the value of X; phase's copy of Endless One (X=3), made by
    Lithoform Engine, has X=0 on the stack (magefree/mage#9697's bug)."""
    alice = {"battlefield": cards(("Lithoform Engine", "engine")), "hand": cards(("Endless One", "one")),
             "mana": "{C}{C}{C}{C}{C}{C}{C}"}
    results = run(engine, alice, {}, [{"cast": {"card": "one", "x": 3, "pay": "{C}{C}{C}"}},
                                      {"activate": {"card": "engine", "ability": 2, "targets": ["one"],
                                                    "pay": "{C}{C}{C}{C}"}},
                                      {"resolve": {}}])
    assert results[2]["status"] == "ok", results[2]
    copy, original = results[2]["view"]["stack"]
    assert (copy["copy"], original["x"]) == (True, 3)
    assert copy["x"] == 0  # the rules: 3


def test_divergence_31_a_mode_chosen_twice_asks_for_its_payment_again(engine):
    """700.2d, 118.12a: Mystic Confluence's counter mode chosen twice is two instructions, so {6}
    pays for both and the Bolt resolves; phase asks for {3} again after both payments and, with
    bob's pool empty, counters the Bolt."""
    alice = {"hand": cards(("Mystic Confluence", "confluence")), "library": cards(("Island", "i1")),
             "mana": "{U}{U}{U}{U}{U}"}
    bob = {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}{C}{C}{C}{C}{C}{C}"}
    results = run(engine, alice, bob, [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                                       {"cast": {"card": "confluence", "modes": [0, 0, 2], "targets": ["bolt", "bolt"]}},
                                       {"resolve": {"choices": {"pay_unless": True}}}])
    assert results[2]["status"] == "ok", results[2]
    view = results[2]["view"]
    assert view["players"]["bob"]["mana"] == ""  # he paid {6}: both instructions
    assert view["cards"]["bolt"]["zone"] == "graveyard"  # the rules: still on the stack


def test_divergence_32_a_token_copys_flying_exception_is_dropped(engine):
    """707.9a-b: Irenicus's Vile Duplication's token copy of Isamaru has flying and isn't legendary;
    phase applies the nonlegendary exception (both stay) but the token has no flying."""
    alice = {"battlefield": cards(("Isamaru, Hound of Konda", "isamaru")),
             "hand": cards(("Irenicus's Vile Duplication", "duplication")), "mana": "{U}{C}{C}{C}"}
    results = run(engine, alice, {}, [{"cast": {"card": "duplication", "targets": ["isamaru"], "pay": "{U}{C}{C}{C}"}},
                                      {"resolve": {"labels": ["copy"]}}])
    assert results[1]["status"] == "ok", results[1]
    view = results[1]["view"]
    assert view["cards"]["isamaru"]["zone"] == "battlefield"  # nonlegendary: the legend rule leaves both
    assert view["cards"]["copy"]["zone"] == "battlefield"
    assert view["cards"]["copy"]["keywords"] == []  # the rules: ["flying"]


def test_divergence_33_a_reduction_does_not_reduce_a_hybrid_symbol_paid_with_two(engine):
    """601.2b, 601.2f: under Goblin Electromancer Flame Javelin announced as {2}{R}{R} costs
    {1}{R}{R}; phase offers no cast with {R}{R}{C}, and takes {R}{R}{C}{C} when it has four."""
    def cast_with(pool, pay=None):
        alice = {"battlefield": cards(("Goblin Electromancer", "electromancer")),
                 "hand": cards(("Flame Javelin", "javelin")), "mana": pool}
        step = {"card": "javelin", "targets": ["bob"]}
        if pay:
            step["pay"] = pay
        return run(engine, alice, {}, [{"cast": step}])[0]
    assert cast_with("{R}{R}{C}", "{R}{R}{C}")["status"] == "illegal"  # the rules: legal, {1}{R}{R}
    four = cast_with("{R}{R}{C}{C}")
    assert four["status"] == "ok" and four["view"]["players"]["alice"]["mana"] == ""  # all four taken


def test_divergence_35_mending_hands_is_cast_without_a_target(engine):
    """115.1, 601.2c: Mending Hands' "any target" is chosen as it is cast; phase puts it on the
    stack with no target, so a cast naming the creature to shield is refused."""
    results = run(engine, {"hand": cards(("Mending Hands", "hands")), "mana": "{W}"},
                  {"battlefield": cards(("Glory Seeker", "seeker"))},
                  [{"cast": {"card": "hands", "targets": ["seeker"], "pay": "{W}"}}])
    assert results[0]["status"] == "illegal" and "phase chose targets []" in results[0]["reason"]


def test_divergence_36_tokens_are_named_without_the_word_token(engine):
    """111.4: a token its creating effect doesn't name is named after its subtypes plus "Token";
    phase names Dragon Fodder's Goblins "Goblin"."""
    results = run(engine, {"hand": cards(("Dragon Fodder", "fodder")), "mana": "{R}{C}"}, {},
                  [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])
    assert [t["name"] for t in results[1]["view"]["tokens"]] == ["Goblin", "Goblin"]


def test_divergence_37_an_aura_spell_is_cast_without_a_target(engine):
    """303.4a: an Aura spell targets what its enchant ability allows; phase accepts Lifelink cast
    naming no target."""
    results = run(engine, {"hand": cards(("Lifelink", "aura")), "mana": "{W}",
                           "battlefield": cards(("Runeclaw Bear", "bear"))}, {},
                  [{"cast": {"card": "aura", "pay": "{W}"}}])
    assert results[0]["status"] == "ok"


def test_divergence_38_cleanup_triggers_wait_for_the_next_turn(engine):
    """514.3a, 514.2: abilities triggering in the cleanup step resolve in that turn, and a "dies
    this turn" trigger ends with it; phase has both on the stack in the next upkeep."""
    bears = {"card": "Grizzly Bears", "label": "bears", "counters": {"-1/-1": 1}}
    results = run(engine, {"battlefield": [bears] + cards(("Zulaport Cutthroat", "zulaport")),
                           "hand": cards(("Giant Growth", "growth"), ("Virulent Wound", "wound")), "mana": "{G}{B}"},
                  {}, [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}},
                       {"cast": {"card": "wound", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
                       {"advance": {"turn": "next", "to": "upkeep"}}])
    assert [item["source"] for item in results[4]["view"]["stack"]] == ["wound", "zulaport"]


def test_divergence_39_hand_to_hand_stops_flash_but_not_activated_abilities(engine):
    """304.5, 101.2: under Hand to Hand ("During combat, players can't cast instant spells or
    activate abilities that aren't mana abilities.") a creature spell with flash is still cast
    and a non-mana ability is not activated; phase refuses Snapcaster Mage (which it offers
    without Hand to Hand) and lets Prodigal Pyromancer's {T} ability be activated."""
    combat = {"active": "alice", "step": "combat"}
    snap = {"hand": cards(("Snapcaster Mage", "snap")), "mana": "{U}{C}"}
    cast = [{"cast": {"card": "snap", "pay": "{U}{C}"}}]
    h2h = {"battlefield": cards(("Hand to Hand", "h2h"))}
    assert run(engine, snap, {}, cast, combat)[0]["status"] == "ok"
    assert run(engine, snap, h2h, cast, combat)[0]["status"] == "illegal"
    pyro = {"battlefield": cards(("Prodigal Pyromancer", "pyro"))}
    results = run(engine, pyro, h2h, [{"activate": {"card": "pyro", "targets": ["bob"]}}], combat)
    assert results[0]["status"] == "ok"


def test_divergence_40_once_each_turn_counts_a_declined_trigger(engine):
    """603.2h: "Do this only once each turn" stops the ability only once the action was taken; phase
    doesn't trigger Irreverent Gremlin again after alice declined its discard."""
    results = run(engine, {"battlefield": cards(("Irreverent Gremlin", "gremlin")),
                           "hand": cards(("Grizzly Bears", "b1"), ("Grizzly Bears", "b2"), ("Lightning Bolt", "bolt")),
                           "library": cards(("Forest", "l1"), ("Forest", "l2")), "mana": "{G}{G}{C}{C}"}, {},
                  [{"cast": {"card": "b1", "pay": "{G}{C}"}}, {"resolve": {}},
                   {"resolve": {"choices": {"you_may": False}}},
                   {"cast": {"card": "b2", "pay": "{G}{C}"}}, {"resolve": {}}])
    assert [r["status"] for r in results] == ["ok"] * 5
    assert len(results[1]["view"]["stack"]) == 1 and results[4]["view"]["stack"] == []


def test_divergence_41_an_auras_dies_ability_leaves_the_aura_in_the_graveyard(engine):
    """400.7f: Angelic Destiny's "When enchanted creature dies, return this card to its owner's
    hand" finds the Aura in the graveyard; phase's ability resolves and leaves it there."""
    results = run(engine, {"battlefield": cards(("Grizzly Bears", "bears")),
                           "hand": cards(("Angelic Destiny", "destiny")), "mana": "{W}{W}{C}{C}"},
                  {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"},
                  [{"cast": {"card": "destiny", "targets": ["bears"], "pay": "{W}{W}{C}{C}"}}, {"resolve": {}},
                   {"cast": {"card": "murder", "by": "bob", "targets": ["bears"], "pay": "{B}{B}{C}"}},
                   {"resolve": {}}, {"resolve": {}}])
    assert [r["status"] for r in results] == ["ok"] * 5
    assert results[4]["view"]["cards"]["destiny"]["zone"] == "graveyard"


def test_divergence_42_a_two_or_red_symbol_cant_be_paid_with_two_mana_while_red_is_left(engine):
    """601.2b, 107.4e: with {R}{R}{R}{C}{C}{C}{C} in the pool, paying Flame Javelin with
    {R}{R}{C}{C} (one {2/R} announced as two mana) is legal; phase refuses it. With exactly that
    in the pool it is accepted."""
    cast = [{"cast": {"card": "javelin", "targets": ["bob"], "pay": "{R}{R}{C}{C}"}}]
    javelin = cards(("Flame Javelin", "javelin"))
    assert run(engine, {"hand": javelin, "mana": "{R}{R}{R}{C}{C}{C}{C}"}, {}, cast)[0]["status"] == "illegal"
    assert run(engine, {"hand": javelin, "mana": "{R}{R}{C}{C}"}, {}, cast)[0]["status"] == "ok"


def test_divergence_43_a_copy_hits_the_object_that_came_back(engine):
    """707.10, 400.7: a copy of Lightning Bolt whose target (Snapcaster Mage) was bounced and cast
    again does nothing; phase's copy deals 3 to the new Snapcaster."""
    results = run(engine, {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twin")), "mana": "{R}{U}{U}"},
                  {"battlefield": cards(("Snapcaster Mage", "snap")), "hand": cards(("Unsummon", "u")),
                   "mana": "{U}{U}{C}"},
                  [{"cast": {"card": "bolt", "targets": ["snap"], "pay": "{R}"}},
                   {"cast": {"card": "u", "by": "bob", "targets": ["snap"], "pay": "{U}"}}, {"resolve": {}},
                   {"cast": {"card": "snap", "by": "bob", "pay": "{U}{C}"}},
                   {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": ["u"]}]}}},
                   {"resolve": {}}, {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                   {"resolve": {}}, {"resolve": {}}, {"resolve": {}}])
    assert [r["status"] for r in results] == ["ok"] * 10
    assert results[9]["view"]["cards"]["snap"]["zone"] == "graveyard"


def test_divergence_44_a_colored_increase_takes_away_a_hybrid_symbols_other_color(engine):
    """601.2f, 107.4e: under Alabaster Leech, Kitchen Finks costs {1}{W}{G/W}{G/W}, which
    {W}{W}{G}{C} pays; phase accepts only white for its hybrid symbols then."""
    finks = cards(("Kitchen Finks", "f"))
    cast = [{"cast": {"card": "f", "pay": "{W}{W}{G}{C}"}}]
    leech = cards(("Alabaster Leech", "l"))
    assert run(engine, {"battlefield": leech, "hand": finks, "mana": "{W}{W}{G}{C}"}, {}, cast)[0]["status"] == "illegal"
    assert run(engine, {"battlefield": leech, "hand": finks, "mana": "{W}{W}{W}{C}"}, {},
               [{"cast": {"card": "f", "pay": "{W}{W}{W}{C}"}}])[0]["status"] == "ok"
    assert run(engine, {"hand": finks, "mana": "{W}{G}{C}"}, {}, [{"cast": {"card": "f", "pay": "{W}{G}{C}"}}])[0]["status"] == "ok"



def test_divergence_45_a_copy_keeps_the_target_the_copying_effect_replaces(engine):
    """707.10e: Ivy, Gleeful Spellthief's copy of a Giant Growth on the Grizzly Bears targets Ivy;
    phase's copy targets the Bears again, and a copy is made even when Ivy isn't a legal target."""
    results = run(engine, {"battlefield": cards(("Ivy, Gleeful Spellthief", "ivy"), ("Grizzly Bears", "bears")),
                           "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}, {},
                  [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}},
                   {"resolve": {"choices": {"you_may": True}}}, {"pass_until_empty": {}}])
    assert [r["status"] for r in results] == ["ok"] * 3
    assert results[1]["view"]["stack"][0]["copy"] is True and results[1]["view"]["stack"][0]["targets"] == ["bears"]
    final = results[2]["view"]["cards"]
    assert (final["bears"]["power"], final["ivy"]["power"]) == (8, 2)
    results = run(engine, {"battlefield": cards(("Ivy, Gleeful Spellthief", "ivy"), ("Centaur Courser", "courser"))},
                  {"hand": cards(("Disembowel", "dis")), "mana": "{B}{C}{C}{C}"},
                  [{"cast": {"card": "dis", "by": "bob", "x": 3, "targets": ["courser"], "pay": "{B}{C}{C}{C}"}},
                   {"resolve": {"choices": {"you_may": True}}}])
    assert [item["copy"] for item in results[1]["view"]["stack"]] == [True, False]


def test_divergence_46_a_mana_ability_between_passes_doesnt_break_their_succession(engine):
    """117.4, 117.3c: bob taps his Plains for mana in response to alice's Lightning Bolt and passes;
    alice should get priority again with the Bolt on the stack. phase resolves the Bolt at once."""
    results = run(engine, {"hand": cards(("Lightning Bolt", "bolt"), ("Shock", "shock")), "mana": "{R}{R}"},
                  {"battlefield": cards(("Plains", "plains"))},
                  [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                   {"tap_for_mana": {"permanents": ["plains"]}},
                   {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}])
    assert [r["status"] for r in results] == ["ok"] * 3
    view = results[2]["view"]
    assert [item["source"] for item in view["stack"]] == ["shock"] and view["players"]["bob"]["life"] == 17


def test_divergence_47_fiend_hunter_exiles_until_it_leaves(engine):
    """607.2a: Fiend Hunter killed in response to its enters ability exiles bob's creature for
    good; phase returns it to the battlefield."""
    results = run(engine, {"hand": cards(("Fiend Hunter", "hunter")), "mana": "{W}{W}{C}"},
                  {"battlefield": cards(("Slaughter Specialist", "specialist")), "hand": cards(("Murder", "murder")),
                   "mana": "{B}{B}{C}"},
                  [{"cast": {"card": "hunter", "pay": "{W}{W}{C}"}},
                   {"resolve": {"choices": {"trigger_targets": [{"source": "hunter", "targets": ["specialist"]}]}}},
                   {"cast": {"card": "murder", "by": "bob", "targets": ["hunter"], "pay": "{B}{B}{C}"}},
                   {"pass_until_empty": {"choices": {"you_may": True}}}])
    assert [r["status"] for r in results] == ["ok"] * 4
    assert results[3]["view"]["cards"]["specialist"]["zone"] == "battlefield"


def test_divergence_48_ivy_triggers_on_a_spell_with_two_targets(engine):
    """603.2: Ivy, Gleeful Spellthief triggers only on a spell that targets a single creature; phase
    triggers it on bob's Fire divided between two of alice's creatures."""
    results = run(engine, {"battlefield": cards(("Ivy, Gleeful Spellthief", "ivy"), ("Grizzly Bears", "bears"),
                                                ("Hill Giant", "giant"))},
                  {"hand": cards(("Fire // Ice", "fire")), "mana": "{R}{C}"},
                  [{"cast": {"card": "fire", "by": "bob", "half": "Fire", "targets": ["bears", "giant"],
                             "divide": {"bears": 1, "giant": 1}, "pay": "{R}{C}"}}])
    assert results[0]["status"] == "ok"
    assert [item["source"] for item in results[0]["view"]["stack"]] == ["ivy", "fire"]
