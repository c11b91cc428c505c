"""601.2a-i, one step at a time, plus timing (117.1a) and the kicker family (702.33)."""

import pytest

from reference_impl.scenario import alice, cards, last_view, play


def one(setup, step):
    """Run a single step; return its result."""
    return play(setup, [step])[0]


def bolt_setup(mana="{R}{R}{R}{R}{R}", **extra):
    return alice(hand=cards(("Burst Lightning", "bolt")), mana=mana, **extra)


# ---------------------------------------------------------------- 601.2a


def test_601_2a_spell_moves_to_the_stack_under_its_casters_control():
    v = last_view(bolt_setup(), [{"cast": {"card": "bolt", "targets": ["bob"]}}])
    assert v["cards"]["bolt"]["zone"] == "stack"
    assert v["stack"][0]["source"] == "bolt" and v["stack"][0]["controller"] == "alice"
    assert v["stack"][0]["cast_from"] == "hand"


def test_601_2a_from_must_name_the_cards_zone():
    r = one(bolt_setup(), {"cast": {"card": "bolt", "from": "graveyard", "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2a")


# ---------------------------------------------------------------- 601.2b


def test_601_2b_kicked_status_and_times_kicked():
    v = last_view(bolt_setup(), [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"]}}])
    s = v["stack"][0]
    assert (s["kicked"], s["times_kicked"], s["kickers"]) == (True, 1, ["A"])
    assert s["total_cost"] == "{4}{R}"


def test_601_2b_kicking_twice_a_single_kicker_is_illegal():
    r = one(bolt_setup(), {"cast": {"card": "bolt", "kicks": 2, "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.33d")


def test_601_2b_kicking_a_spell_without_kicker_is_illegal():
    r = one(alice(hand=cards(("Lightning Bolt", "lb")), mana="{R}{R}"),
            {"cast": {"card": "lb", "kicks": 1, "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.33a")


def test_601_2b_two_kicker_costs_are_linked_to_their_abilities():
    setup = alice(hand=cards(("Stormscape Battlemage", "sb")), mana="{U}{W}{C}{C}", life=10)
    v = last_view(setup, [{"cast": {"card": "sb", "kickers": ["A"]}}, {"pass_until_empty": {}}])
    assert v["players"]["alice"]["life"] == 13  # A ({W}): gain 3 life
    setup = alice(hand=cards(("Stormscape Battlemage", "sb")), mana="{U}{B}{C}{C}{C}{C}",
                  life=10)
    v = last_view(setup, [{"cast": {"card": "sb", "kickers": ["B"]}}, {"pass_until_empty": {}}])
    assert v["players"]["alice"]["life"] == 10  # only B was paid: no life gained


def test_601_2b_same_kicker_cost_twice_is_illegal():
    setup = alice(hand=cards(("Stormscape Battlemage", "sb")), mana="{U}{W}{W}{C}{C}")
    r = one(setup, {"cast": {"card": "sb", "kickers": ["A", "A"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.33d")


def test_601_2b_a_kicker_letter_the_card_does_not_have_is_illegal():
    """702.33f: Stormscape Battlemage has kicker costs A and B only."""
    setup = alice(hand=cards(("Stormscape Battlemage", "sb")), mana="{U}{W}{B}{C}{C}{C}{C}")
    r = one(setup, {"cast": {"card": "sb", "kickers": ["C"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.33f")


def test_601_2b_kicks_and_kickers_given_together_must_agree():
    v = last_view(bolt_setup(), [{"cast": {"card": "bolt", "kicks": 1, "kickers": ["A"], "targets": ["bob"]}}])
    assert v["stack"][0]["times_kicked"] == 1
    r = play(bolt_setup(), [{"cast": {"card": "bolt", "kicks": 2, "kickers": ["A"], "targets": ["bob"]}}],
             allow_errored=True)[0]
    assert r["status"] == "errored" and "cast.kicks (2) disagrees with cast.kickers" in r["message"]
    r = play(bolt_setup(), [{"cast": {"card": "bolt", "kickers": "A", "targets": ["bob"]}}], allow_errored=True)[0]
    assert r["status"] == "errored" and "cast.kickers must be a list" in r["message"]


def test_601_3_a_player_casts_only_cards_they_own():
    setup = alice(hand=cards(("Lightning Bolt", "lb")), mana="{R}")
    r = one(setup, {"cast": {"card": "lb", "by": "bob", "targets": ["alice"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.3")


def test_601_2b_x_is_announced_and_counts_on_the_stack():
    setup = alice(hand=cards(("Comet Storm", "cs")), mana="{R}{R}{R}{R}{R}")
    v = last_view(setup, [{"cast": {"card": "cs", "x": 3, "targets": ["bob"]}}])
    assert v["stack"][0]["x"] == 3 and v["stack"][0]["mana_value"] == 5
    assert v["cards"]["cs"]["mana_value"] == 5


def test_601_2b_x_on_a_spell_without_x_is_illegal():
    r = one(bolt_setup(), {"cast": {"card": "bolt", "x": 2, "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("107.3a")


def test_601_2b_flashback_only_from_a_graveyard():
    setup = alice(hand=cards(("Firebolt", "fb")), mana="{R}{R}{R}{R}{R}")
    r = one(setup, {"cast": {"card": "fb", "alternative": "flashback", "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.34a")


def test_601_2b_graveyard_cast_needs_flashback():
    setup = alice(graveyard=cards(("Lightning Bolt", "lb")), mana="{R}")
    r = one(setup, {"cast": {"card": "lb", "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.3")


def test_601_2b_without_paying_needs_a_permission():
    r = one(bolt_setup(), {"cast": {"card": "bolt", "alternative": "without-paying-mana-cost",
                                    "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2b")


def test_omniscience_free_cast_still_pays_kicker():
    setup = bolt_setup(mana="{C}{C}{C}{C}", battlefield=cards(("Omniscience", "omni")))
    v = last_view(setup, [{"cast": {"card": "bolt", "alternative": "without-paying-mana-cost",
                                    "kicks": 1, "targets": ["bob"]}}, {"resolve": {}}])
    assert v["players"]["bob"]["life"] == 16
    assert v["players"]["alice"]["mana"] == ""


# ---------------------------------------------------------------- 601.2c


def test_601_2c_spell_without_targets_rejects_targets_naming_the_rule():
    setup = alice(hand=cards(("Gatekeeper of Malakir", "gk")), mana="{B}{B}{B}")
    r = one(setup, {"cast": {"card": "gk", "kicks": 1, "targets": ["bob"]}})
    assert r["status"] == "illegal"
    assert r["reason"] == "601.2c: Gatekeeper of Malakir has no targets"


def test_702_33g_kicker_only_target_exists_only_if_kicked():
    bf = [{"card": "Everflowing Chalice", "label": "ec"}, {"card": "Grizzly Bears", "label": "gb"}]
    setup = {"players": {"alice": {"hand": cards(("Orim's Thunder", "ot")),
                                   "mana": "{W}{R}{C}{C}"}, "bob": {"battlefield": bf}}}
    r = one(setup, {"cast": {"card": "ot", "targets": ["ec", "gb"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2c")
    v = last_view(setup, [{"cast": {"card": "ot", "kicks": 1, "targets": ["ec", "gb"]}}])
    assert v["stack"][0]["targets"] == ["ec", "gb"]


def test_multikicker_adds_one_target_per_kick():
    bf = cards(("Grizzly Bears", "b1"), ("Savannah Lions", "b2"))
    setup = {"players": {"alice": {"hand": cards(("Comet Storm", "cs")), "mana": "{R}{R}{C}{C}{C}"},
                         "bob": {"battlefield": bf}}}
    r = one(setup, {"cast": {"card": "cs", "x": 1, "kicks": 1, "targets": ["b1"]}})
    assert r["status"] == "illegal"
    r = one(setup, {"cast": {"card": "cs", "x": 1, "kicks": 1, "targets": ["b1", "b1"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2c")
    v = last_view(setup, [{"cast": {"card": "cs", "x": 1, "kicks": 2,
                                    "targets": ["b1", "b2", "bob"]}}, {"resolve": {}}])
    assert v["players"]["bob"]["life"] == 19
    assert v["cards"]["b2"]["zone"] == "graveyard"


def test_601_2c_illegal_target_type():
    setup = alice(hand=cards(("Essence Scatter", "es"), ("Lightning Bolt", "lb")),
                  mana="{R}{U}{U}")
    r = play(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                     {"cast": {"card": "es", "targets": ["lb"]}}])[1]
    assert r["status"] == "illegal" and r["reason"].startswith("601.2c")


# ---------------------------------------------------------------- 601.2f


@pytest.mark.parametrize("permanents,total", [
    ([], "{R}"),
    ([("Thalia, Guardian of Thraben", "t")], "{1}{R}"),
    ([("Sphere of Resistance", "s")], "{1}{R}"),
    ([("Sphere of Resistance", "s"), ("Thalia, Guardian of Thraben", "t")], "{2}{R}"),
    ([("Goblin Electromancer", "g")], "{R}"),            # reductions never touch coloured mana
    ([("Thalia, Guardian of Thraben", "t"), ("Goblin Electromancer", "g")], "{R}"),
    ([("Trinisphere", "tri")], "{2}{R}"),
    ([("Trinisphere", "tri"), ("Helm of Awakening", "h")], "{2}{R}"),
])
def test_601_2f_total_cost(permanents, total):
    setup = alice(hand=cards(("Lightning Bolt", "lb")), mana="{R}{R}{R}{R}",
                  battlefield=cards(*permanents))
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"]}}])
    assert v["stack"][0]["total_cost"] == total


def test_601_2f_thalia_ignores_creature_spells_and_reduction_reduces_kicker_generic():
    setup = alice(hand=cards(("Kavu Titan", "kt")), mana="{G}{G}{C}{C}{C}",
                  battlefield=cards(("Thalia, Guardian of Thraben", "t"),
                                    ("Helm of Awakening", "h")))
    v = last_view(setup, [{"cast": {"card": "kt", "kicks": 1}}])
    assert v["stack"][0]["total_cost"] == "{2}{G}{G}"


def test_tapped_trinisphere_does_nothing():
    setup = alice(hand=cards(("Lightning Bolt", "lb")), mana="{R}",
                  battlefield=[{"card": "Trinisphere", "label": "tri", "tapped": True}])
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"]}}])
    assert v["stack"][0]["total_cost"] == "{R}"


# ---------------------------------------------------------------- 601.2g / 601.2h


def test_601_2g_mana_abilities_fill_the_pool_before_paying():
    setup = alice(hand=cards(("Grizzly Bears", "gb")),
                  battlefield=cards(("Forest", "f1"), ("Wastes", "w1")))
    v = last_view(setup, [{"tap_for_mana": {"permanents": ["f1", "w1"]}},
                          {"cast": {"card": "gb", "pay": "{G}{C}"}}])
    assert v["cards"]["f1"]["tapped"] and v["stack"][0]["colors_spent"] == ["G"]


def test_601_2h_pay_must_equal_total_cost():
    r = one(bolt_setup(), {"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"],
                                    "pay": "{R}{R}{R}{R}"}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2h")


def test_601_2h_pool_must_hold_the_payment():
    r = one(bolt_setup(mana="{R}"), {"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2h")


def test_601_2h_flashback_pays_life():
    setup = alice(graveyard=cards(("Deep Analysis", "da")), mana="{U}{C}",
                  library=cards(("Island", "i1"), ("Island", "i2")))
    v = last_view(setup, [{"cast": {"card": "da", "alternative": "flashback",
                                    "targets": ["alice"]}}, {"resolve": {}}])
    assert v["players"]["alice"]["life"] == 17 and v["players"]["alice"]["hand"] == 2
    assert v["cards"]["da"]["zone"] == "exile"


def test_force_of_will_alternative_cost():
    setup = {"players": {
        "alice": {"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}"},
        "bob": {"hand": cards(("Force of Will", "fow"), ("Counterspell", "cs"))}}}
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                          {"cast": {"card": "fow", "alternative": "printed", "targets": ["lb"]}},
                          {"pass_until_empty": {}}])
    assert v["players"]["bob"]["life"] == 19 and v["cards"]["cs"]["zone"] == "exile"
    assert v["cards"]["lb"]["zone"] == "graveyard"


# ---------------------------------------------------------------- 601.2i


def test_601_2i_kick_triggers_once_per_kicker_payment():
    setup = alice(hand=cards(("Everflowing Chalice", "ec")), mana="{C}{C}{C}{C}{C}{C}",
                  battlefield=cards(("Saproling Infestation", "si")))
    results = play(setup, [{"cast": {"card": "ec", "kicks": 3}}, {"pass_until_empty": {}}])
    assert [s["kind"] for s in results[0]["view"]["stack"]] == ["ability"] * 3 + ["spell"]
    assert len(results[1]["view"]["tokens"]) == 3


def test_601_2i_hallar_triggers_only_for_kicked_spells():
    setup = alice(hand=cards(("Burst Lightning", "b1"), ("Burst Lightning", "b2")),
                  mana="{R}{R}{R}{R}{R}{R}",
                  battlefield=cards(("Hallar, the Firefletcher", "hallar")))
    v = last_view(setup, [{"cast": {"card": "b1", "targets": ["bob"]}}])
    assert len(v["stack"]) == 1
    v = last_view(setup, [{"cast": {"card": "b1", "kicks": 1, "targets": ["bob"]}},
                          {"pass_until_empty": {}}])
    assert v["players"]["bob"]["life"] == 20 - 1 - 4
    assert v["cards"]["hallar"]["counters"] == {"+1/+1": 1}


def test_sticker_kicker_gives_a_ticket_and_sticker_needs_the_kick():
    setup = alice(hand=cards(("Grizzly Bears", "gb")), mana="{G}{C}{C}",
                  battlefield=cards(("Wicker Picker", "wp")))
    v = last_view(setup, [{"cast": {"card": "gb", "kicks": 1, "sticker": True}}])
    assert v["players"]["alice"]["counters"] == {"ticket": 1}
    assert v["stack"][0]["kicked"] is True
    r = one(setup, {"cast": {"card": "gb", "sticker": True}})
    assert r["status"] == "illegal" and r["reason"].startswith("702.33h")


# ---------------------------------------------------------------- timing


def test_sorcery_speed_needs_an_empty_stack_and_own_main_phase():
    setup = alice(hand=cards(("Lightning Bolt", "lb"), ("Firebolt", "fb")), mana="{R}{R}")
    r = play(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                     {"cast": {"card": "fb", "targets": ["bob"]}}])[1]
    assert r["status"] == "illegal" and r["reason"].startswith("117.1a")
    setup["turn"] = {"active": "bob"}
    assert one(setup, {"cast": {"card": "fb", "targets": ["bob"]}})["status"] == "illegal"
    assert one(setup, {"cast": {"card": "lb", "targets": ["bob"]}})["status"] == "ok"
    setup["turn"] = {"active": "alice", "step": "upkeep"}
    assert one(setup, {"cast": {"card": "fb", "targets": ["bob"]}})["status"] == "illegal"


def test_flash_creature_at_instant_speed():
    setup = alice(hand=cards(("Snapcaster Mage", "snap")), mana="{U}{U}")
    setup["turn"] = {"active": "bob", "step": "end"}
    assert one(setup, {"cast": {"card": "snap"}})["status"] == "ok"


def test_lands_are_not_cast():
    r = one(alice(hand=cards(("Forest", "f"))), {"cast": {"card": "f"}})
    assert r["status"] == "illegal" and r["reason"].startswith("305.1")


def test_trinisphere_applies_to_free_and_alternative_costs():
    setup = alice(hand=cards(("Lightning Bolt", "lb")), mana="{C}{C}{C}",
                  battlefield=cards(("Trinisphere", "tri"), ("Omniscience", "o")))
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"],
                                    "alternative": "without-paying-mana-cost"}}])
    assert v["stack"][0]["total_cost"] == "{3}"



def test_granted_sticker_kicker_is_not_linked_to_printed_kicked_abilities():
    """702.33e: Kavu Titan's "if kicked" is linked to its printed kicker; paying only the
    sticker kicker Wicker Picker grants kicks the spell (Hallar sees it) but adds no counters."""
    setup = alice(hand=cards(("Kavu Titan", "kt")), mana="{G}{C}{C}",
                  battlefield=cards(("Wicker Picker", "wp"), ("Hallar, the Firefletcher", "h")))
    rs = play(setup, [{"cast": {"card": "kt", "kickers": ["B"]}}, {"pass_until_empty": {}}])
    assert rs[0]["view"]["stack"][1]["kicked"] is True
    assert rs[0]["view"]["players"]["alice"]["counters"] == {"ticket": 1}
    end = rs[1]["view"]
    assert end["cards"]["kt"]["counters"] == {} and end["cards"]["kt"]["keywords"] == []
    assert end["players"]["bob"]["life"] == 19  # Hallar: "if that spell was kicked"


# ---- modal spells (rules/modes.py, 700.2): malformed announcements and mode counts ------------

@pytest.mark.parametrize("modes", [1, "0", ["0"], [True], {"0": 1}])
def test_a_malformed_modes_announcement_is_an_error_naming_the_field(modes):
    from reference_impl.scenario import alice, cards, play
    results = play(alice(hand=cards(("Inscription of Abundance", "ins")),
                         battlefield=cards(("Balduvian Bears", "bears")), mana="{G}{G}"),
                   [{"cast": {"card": "ins", "modes": modes, "targets": ["bears"]}}], allow_errored=True)
    assert results[0]["status"] == "errored", results
    assert "cast.modes must be a list of mode numbers" in results[0]["message"], results


@pytest.mark.parametrize("count, kicked", [("seven", None), ("one", "all-of-them")])
def test_a_mode_count_the_rules_do_not_have_is_refused_when_a_card_is_built(count, kicked):
    from reference_impl.rules.modes import Modes
    with pytest.raises(ValueError, match="unknown mode count"):
        Modes(3, count, kicked=kicked)



def test_601_2b_the_printed_alternative_cost_needs_a_card_that_has_one():
    r = one(alice(hand=cards(("Lightning Bolt", "lb")), mana="{R}"),
            {"cast": {"card": "lb", "alternative": "printed", "targets": ["bob"]}})
    assert r["status"] == "illegal" and r["reason"].startswith("601.2b")
