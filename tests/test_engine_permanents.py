"""Permanents: enters-with replacements (614.1c), Converge, static boosts (613), tokens,
putting a card onto the battlefield without casting it, state-based actions (704), mana
abilities and summoning sickness (302.6), mana value (202.3)."""

import pytest

from reference_impl.scenario import alice, cards, last_view, play


@pytest.mark.parametrize("card,mana,kicks,counter,n", [
    ("Everflowing Chalice", "{C}{C}{C}{C}{C}{C}", 3, "charge", 3),
    ("Apex Hawks", "{W}{W}{W}{C}{C}{C}{C}", 2, "+1/+1", 2),
    ("Joraga Warcaller", "{G}", 0, "+1/+1", 0),
    ("Aether Figment", "{U}{C}{C}{C}{C}", 1, "+1/+1", 2),
])
def test_enters_with_counters_from_times_kicked(card, mana, kicks, counter, n):
    v = last_view(alice(hand=cards((card, "p")), mana=mana),
                  [{"cast": {"card": "p", "kicks": kicks}}, {"resolve": {}}])
    assert v["cards"]["p"]["zone"] == "battlefield"
    assert v["cards"]["p"]["counters"] == ({counter: n} if n else {})


def test_kavu_titan_kicked_has_counters_and_trample():
    v = last_view(alice(hand=cards(("Kavu Titan", "kt")), mana="{G}{G}{C}{C}{C}"),
                  [{"cast": {"card": "kt", "kicks": 1}}, {"resolve": {}}])
    kt = v["cards"]["kt"]
    assert (kt["power"], kt["toughness"], kt["keywords"], kt["mana_value"]) == (5, 5, ["trample"], 2)


def test_put_onto_battlefield_is_never_kicked():
    v = last_view(alice(hand=cards(("Kavu Titan", "kt"))), [{"put_onto_battlefield": {"card": "kt"}}])
    assert v["cards"]["kt"]["counters"] == {} and v["cards"]["kt"]["keywords"] == []
    setup = {"players": {"alice": {"graveyard": cards(("Gatekeeper of Malakir", "gk"))},
                         "bob": {"battlefield": cards(("Grizzly Bears", "gb"))}}}
    v = last_view(setup, [{"put_onto_battlefield": {"card": "gk"}}])
    assert v["stack"] == [] and v["cards"]["gb"]["zone"] == "battlefield"


def test_joraga_warcaller_boosts_other_elves_per_counter():
    setup = alice(hand=cards(("Joraga Warcaller", "jw")), mana="{G}{G}{G}{C}{C}",
                  battlefield=cards(("Llanowar Elves", "elf"), ("Grizzly Bears", "gb")))
    v = last_view(setup, [{"cast": {"card": "jw", "kicks": 2}}, {"resolve": {}}])
    assert (v["cards"]["jw"]["power"], v["cards"]["elf"]["power"]) == (3, 3)
    assert v["cards"]["gb"]["power"] == 2


def test_verdeloth_kicked_x_saprolings_boosted():
    setup = alice(hand=cards(("Verdeloth the Ancient", "v")), mana="{G}{G}{C}{C}{C}{C}{C}{C}{C}")
    v = last_view(setup, [{"cast": {"card": "v", "kicks": 1, "x": 3}}, {"pass_until_empty": {}}])
    assert [(t["name"], t["power"], t["toughness"]) for t in v["tokens"]] == [("Saproling Token", 2, 2)] * 3
    assert v["cards"]["v"]["mana_value"] == 6


def test_wolfbriar_tokens_per_kick_and_lingering_souls_spirits():
    setup = alice(hand=cards(("Wolfbriar Elemental", "wb"), ("Lingering Souls", "ls")),
                  mana="{G}{G}{G}{G}{C}{C}{W}{C}{C}")
    v = last_view(setup, [{"cast": {"card": "wb", "kicks": 2, "pay": "{G}{G}{G}{G}{C}{C}"}},
                          {"pass_until_empty": {}}, {"cast": {"card": "ls"}}, {"resolve": {}}])
    assert [t["name"] for t in v["tokens"]] == ["Wolf Token", "Wolf Token", "Spirit Token", "Spirit Token"]


@pytest.mark.parametrize("pay,counters", [("{W}{U}{B}{R}", 4), ("{C}{C}{C}{C}", 0),
                                          ("{G}{G}{G}{C}", 1)])
def test_converge_counts_colours_spent(pay, counters):
    setup = alice(hand=cards(("Crystalline Crawler", "cc")), mana=pay)
    rs = play(setup, [{"cast": {"card": "cc", "pay": pay}}, {"resolve": {}}])
    cc = rs[1]["view"]["cards"]["cc"]
    assert cc["counters"] == ({"+1/+1": counters} if counters else {})
    assert cc["zone"] == "battlefield"  # printed 1/1: survives even with no counters


def test_skyrider_elf_with_no_colours_dies_to_state_based_actions():
    setup = alice(hand=cards(("Skyrider Elf", "se")), mana="{G}{U}")
    v = last_view(setup, [{"cast": {"card": "se", "pay": "{G}{U}"}}, {"resolve": {}}])
    assert v["cards"]["se"]["counters"] == {"+1/+1": 2}
    setup = alice(graveyard=cards(("Skyrider Elf", "se")))
    v = last_view(setup, [{"put_onto_battlefield": {"card": "se"}}])
    assert v["cards"]["se"]["zone"] == "graveyard"  # 0/0: 704.5f


def test_kaleidoscorch_and_painful_truths_converge():
    setup = alice(hand=cards(("Kaleidoscorch", "k"), ("Painful Truths", "pt")),
                  mana="{R}{W}{B}{U}{G}", library=cards(("Island", "i1"), ("Island", "i2"),
                                                        ("Island", "i3")))
    v = last_view(setup, [{"cast": {"card": "k", "targets": ["bob"], "pay": "{R}{W}"}},
                          {"resolve": {}}, {"cast": {"card": "pt", "pay": "{B}{U}{G}"}},
                          {"resolve": {}}])
    assert v["players"]["bob"]["life"] == 18
    assert v["players"]["alice"]["life"] == 17 and v["players"]["alice"]["hand"] == 3


def test_lethal_damage_and_clone():
    setup = {"players": {"alice": {"hand": cards(("Clone", "cl"), ("Lightning Bolt", "lb")),
                                   "mana": "{U}{C}{C}{C}{R}"},
                         "bob": {"battlefield": cards(("Serra Angel", "sa"), ("Grizzly Bears", "gb"))}}}
    v = last_view(setup, [{"cast": {"card": "cl"}}, {"resolve": {"choices": {"clone": "sa"}}},
                          {"cast": {"card": "lb", "targets": ["cl"]}}, {"resolve": {}}])
    cl = v["cards"]["cl"]  # a 4/4 flying vigilance copy survives 3 damage
    assert (cl["zone"], cl["power"], cl["keywords"]) == ("battlefield", 4, ["flying", "vigilance"])
    v = last_view(setup, [{"cast": {"card": "cl"}}, {"resolve": {"choices": {"clone": "gb"}}},
                          {"cast": {"card": "lb", "targets": ["cl"]}}, {"resolve": {}}])
    assert v["cards"]["cl"]["zone"] == "graveyard"  # lethal damage: 704.5g
    v = last_view(setup, [{"cast": {"card": "cl"}}, {"resolve": {}}])
    assert v["cards"]["cl"]["zone"] == "graveyard"  # entered as a 0/0


def test_into_the_roil_bounces_and_draws_when_kicked():
    setup = {"players": {"alice": {"hand": cards(("Into the Roil", "ir")), "mana": "{U}{U}{C}{C}",
                                   "library": cards(("Island", "i1"))},
                         "bob": {"battlefield": cards(("Serra Angel", "sa"))}}}
    v = last_view(setup, [{"cast": {"card": "ir", "kicks": 1, "targets": ["sa"]}}, {"resolve": {}}])
    assert v["cards"]["sa"]["zone"] == "hand" and v["players"]["alice"]["hand"] == 1


def test_llanowar_elves_summoning_sickness_and_mana():
    setup = alice(hand=cards(("Llanowar Elves", "le")), mana="{G}",
                  battlefield=[{"card": "Llanowar Elves", "label": "old"}])
    rs = play(setup, [{"cast": {"card": "le"}}, {"resolve": {}},
                      {"tap_for_mana": {"permanents": ["le"]}},
                      {"tap_for_mana": {"permanents": ["old"]}},
                      {"tap_for_mana": {"permanents": ["old"]}}])
    assert [r["status"] for r in rs] == ["ok", "ok", "illegal", "ok", "illegal"]
    assert rs[2]["reason"].startswith("302.6")
    assert rs[3]["view"]["players"]["alice"]["mana"] == "{G}"


def test_everflowing_chalice_taps_for_colourless_per_counter():
    setup = alice(battlefield=[{"card": "Everflowing Chalice", "label": "ec",
                                "counters": {"charge": 2}}])
    v = last_view(setup, [{"tap_for_mana": {"permanents": ["ec"]}}])
    assert v["players"]["alice"]["mana"] == "{C}{C}"


def test_mana_value_ignores_what_was_paid():
    setup = alice(hand=cards(("Burst Lightning", "b")), mana="{C}{C}{C}{C}{C}",
                  battlefield=cards(("Omniscience", "o")))
    v = last_view(setup, [{"cast": {"card": "b", "kicks": 1, "targets": ["bob"],
                                    "alternative": "without-paying-mana-cost"}}])
    assert v["stack"][0]["mana_value"] == 1 and v["stack"][0]["total_cost"] == "{4}"


def test_legend_rule_keeps_one_copy():
    setup = alice(hand=cards(("Rite of Replication", "rite")), mana="{U}{U}{C}{C}",
                  battlefield=cards(("Hallar, the Firefletcher", "h")))
    v = last_view(setup, [{"cast": {"card": "rite", "targets": ["h"]}}, {"resolve": {}}])
    assert v["cards"]["h"]["zone"] == "battlefield" and v["tokens"] == []


def test_put_onto_battlefield_needs_a_permanent_card_not_on_the_battlefield_or_the_stack():
    setup = {"players": {"alice": {"hand": [{"card": "Grizzly Bears", "label": "gb"},
                                            {"card": "Shock", "label": "sh"}],
                                   "battlefield": [{"card": "Hill Giant", "label": "hg"}],
                                   "mana": "{G}{G}"}}}
    results = play(setup, [{"put_onto_battlefield": {"card": "hg"}},
                           {"put_onto_battlefield": {"card": "sh"}},
                           {"cast": {"card": "gb", "pay": "{G}{G}"}},
                           {"put_onto_battlefield": {"card": "gb"}}])
    assert [r["status"] for r in results] == ["illegal", "illegal", "ok", "illegal"]
    assert [r["reason"].split(":")[0] for r in results if r["status"] == "illegal"] == ["400.7", "110.4", "400.7"]
    (bad,) = play(setup, [{"put_onto_battlefield": {"card": "nope"}}], allow_errored=True)
    assert bad["status"] == "errored" and "put_onto_battlefield.card: unknown label 'nope'" in bad["message"]


def test_put_onto_battlefield_runs_enters_replacements_and_triggers():
    """Clone put onto the battlefield with no creature chosen is a 0/0 and dies (704.5f);
    Viashino Pyromancer's enters trigger goes on the stack."""
    setup = {"players": {"alice": {"hand": [{"card": "Clone", "label": "cl"},
                                            {"card": "Viashino Pyromancer", "label": "vp"}]}}}
    results = play(setup, [{"put_onto_battlefield": {"card": "cl"}}, {"put_onto_battlefield": {"card": "vp"}}])
    assert results[0]["view"]["cards"]["cl"]["zone"] == "graveyard"
    stack = results[1]["view"]["stack"]
    assert len(stack) == 1 and stack[0]["kind"] == "ability" and stack[0]["source"] == "vp"


# ---- playing lands (305, 712.12) and costs paid with permanents (118.3, 601.2h) -----------------

@pytest.mark.parametrize("args, fragment", [
    ({}, "play_land takes `card`"),
    ({"face": "Forest"}, "play_land takes `card`"),
    ({"card": "forest", "tapped": True}, "play_land takes `card`"),
])
def test_a_malformed_land_play_names_its_fields(args, fragment):
    results = play(alice(hand=cards(("Forest", "forest"))), [{"play_land": args}], allow_errored=True)
    assert results[0]["status"] == "errored" and fragment in results[0]["message"], results


@pytest.mark.parametrize("card, face", [
    ("Forest", "Forest"),              # one face: no face to name (712.12 is about modal DFCs)
    ("Fire // Ice", "Fire"),           # a split card has halves, not faces played as lands
    ("Fire // Ice", "Forest"),
])
def test_a_face_named_for_a_card_that_is_not_modal_double_faced_is_illegal(card, face):
    results = play(alice(hand=cards((card, "card"))), [{"play_land": {"card": "card", "face": face}}],
                   allow_errored=True)
    assert results[0]["status"] == "illegal", results
    assert results[0]["view"]["cards"]["card"]["zone"] == "hand"


def _game_with(battlefield):
    from reference_impl.setup import build_game
    return build_game({"players": {"alice": {"battlefield": cards(*battlefield)}}})


def test_several_costs_of_one_kind_take_the_chosen_permanents_in_order():
    """601.2h: each cost is paid with its own permanents; one choice list names them for every
    cost of its kind, in the order of the costs (no catalog card has three tap costs)."""
    from reference_impl.rules.permanent_costs import PermanentCost, pay_permanent_costs
    game = _game_with([("Grizzly Bears", "a"), ("Savannah Lions", "b"), ("Forest", "c")])
    costs = (PermanentCost("tap", 1, types_any=("Creature",)), PermanentCost("tap", 1, types_any=("Creature",)),
             PermanentCost("tap", 1, types_any=("Land",)))
    pay_permanent_costs(game, "alice", costs, 0, {"tap_cost": ["a", "b", "c"]}, "the test")
    assert [game.objs[game.labels[x]].tapped for x in "abc"] == [True, True, True]
    game = _game_with([("Grizzly Bears", "a"), ("Savannah Lions", "b"), ("Forest", "c")])
    from reference_impl.state.game import IllegalAction
    with pytest.raises(IllegalAction):  # the Forest can't pay a creature's cost
        pay_permanent_costs(game, "alice", costs, 0, {"tap_cost": ["a", "c", "b"]}, "the test")


@pytest.mark.parametrize("choice, fragment", [
    ("a", "choices.sacrifice_cost must be a list of labels"),
    (["nobody"], "choices.sacrifice_cost: unknown label 'nobody'"),
])
def test_a_malformed_permanent_cost_choice_names_the_field(choice, fragment):
    from reference_impl.rules.permanent_costs import PermanentCost, pay_permanent_costs
    from reference_impl.state.game import CaseError
    game = _game_with([("Grizzly Bears", "a")])
    with pytest.raises(CaseError) as error:
        pay_permanent_costs(game, "alice", (PermanentCost("sacrifice", 1, types_any=("Creature",)),), 0,
                            {"sacrifice_cost": choice}, "the test")
    assert fragment in str(error.value)


def test_without_a_choice_the_only_creature_that_can_pay_is_sacrificed():
    """Altar's Reap's additional cost (601.2b, 601.2h) with one creature: the rules leave a
    single way to pay it, so the cast without a `sacrifice_cost` choice uses it."""
    v = last_view(alice(hand=cards(("Altar's Reap", "reap")), mana="{C}{B}",
                        battlefield=cards(("Grizzly Bears", "bears"), ("Forest", "forest"))),
                  [{"cast": {"card": "reap", "pay": "{C}{B}"}}])
    assert v["cards"]["bears"]["zone"] == "graveyard" and v["cards"]["forest"]["zone"] == "battlefield"


def test_without_a_choice_conspire_taps_the_two_creatures_that_share_a_color():
    """702.78a: conspire taps two untapped creatures you control that share a color with the
    spell; with exactly two green ones (and a white one) the choice is forced."""
    v = last_view({"players": {
        "alice": {"hand": cards(("Gleeful Sabotage", "sab")), "mana": "{C}{G}",
                  "battlefield": cards(("Grizzly Bears", "g1"), ("Grizzly Bears", "g2"), ("Savannah Lions", "w"))},
        "bob": {"battlefield": cards(("Chalice of the Void", "chalice"))}}},
        [{"cast": {"card": "sab", "pay": "{C}{G}", "targets": ["chalice"], "conspire": True}}])
    assert [v["cards"][x]["tapped"] for x in ("g1", "g2", "w")] == [True, True, False]


def test_an_aura_put_onto_the_battlefield_is_unsupported_not_approximated():
    """303.4f: an Aura put onto the battlefield without being cast is attached to something its
    controller chooses; protocol 1 has no such choice, so the step is a skip, never a guess."""
    setup = alice(hand=cards(("Curse of Echoes", "curse")))
    r = play(setup, [{"put_onto_battlefield": {"card": "curse"}}], allow_errored=True)[0]
    assert r["status"] == "errored" and r["message"].startswith("unsupported: Curse of Echoes is an Aura")


def test_without_a_color_choice_the_reference_engine_chooses_white():
    """614.12a: the color is chosen as Lurebound Scarecrow enters; without `color` the reference
    engine chooses W (ADAPTERS.md leaves the choice to the engine)."""
    v = play(alice(hand=cards(("Lurebound Scarecrow", "crow")), mana="{C}{C}{C}"),
             [{"cast": {"card": "crow"}}, {"resolve": {}}])[1]["view"]
    assert v["cards"]["crow"]["chosen_color"] == "W"
