"""Card behaviours not exercised elsewhere: each catalog card does what its Oracle text says,
through the generic primitives (a check that the card data is composed correctly)."""

import pytest

from reference_impl.cards import CARDS
from reference_impl.cards.oracle import ORACLE
from reference_impl.scenario import alice, cards, last_view, play


def duel(a, b):
    return {"players": {"alice": a, "bob": b}}


def test_catalog_has_all_oracle_cards_and_no_card_is_unsupported():
    assert set(ORACLE) <= set(CARDS) and len(ORACLE) >= 300
    assert [n for n in ORACLE if CARDS[n].unsupported] == []


def test_engine_oracle_data_equals_the_spec_catalog():
    """oracle.json (shipped with the engine) holds the catalog fields of every spec card."""
    import yaml
    from spec_helpers import CATALOG
    spec = {}
    for path in CATALOG.glob("*.yaml"):
        card = yaml.safe_load(path.read_text(encoding="utf-8"))
        spec[card["name"]] = card
    assert set(spec) == set(ORACLE)
    for name, data in ORACLE.items():
        assert {k: spec[name][k] for k in data} == data, name


def test_a_card_with_text_the_engine_does_not_handle_is_unsupported_not_approximated():
    from reference_impl.cards.behaviour import Behaviour
    from reference_impl.cards.catalog import build, unhandled_lines

    data = dict(ORACLE["Grizzly Bears"], oracle_text="Flying\nWhen this creature dies, draw a card.")
    assert unhandled_lines(data["oracle_text"]) == ["When this creature dies, draw a card."]
    assert build(data, Behaviour()).unsupported.startswith("not implemented: ")
    assert unhandled_lines(ORACLE["Vampire Nighthawk"]["oracle_text"]) == []
    assert unhandled_lines(ORACLE["Birds of Paradise"]["oracle_text"]) == []


def test_setup_with_an_unsupported_card_answers_errored_unsupported(monkeypatch):
    from dataclasses import replace

    from reference_impl.cards import catalog
    from reference_impl.runner import run_case

    monkeypatch.setitem(catalog.CARDS, "Grizzly Bears",
                        replace(catalog.CARDS["Grizzly Bears"], unsupported="needs combat"))
    out = run_case({"setup": alice(hand=cards(("Grizzly Bears", "gb"))), "steps": [{"resolve": {}}]})
    assert out["results"] == [{"status": "errored", "message": "unsupported: Grizzly Bears: needs combat"}]


@pytest.mark.parametrize("land,mana", [("Plains", "{W}"), ("Island", "{U}"), ("Swamp", "{B}"),
                                       ("Mountain", "{R}"), ("Forest", "{G}"), ("Wastes", "{C}")])
def test_basic_lands_and_wastes_tap_for_their_mana(land, mana):
    v = last_view(alice(battlefield=cards((land, "l"))), [{"tap_for_mana": {"permanents": ["l"]}}])
    assert v["players"]["alice"]["mana"] == mana and v["cards"]["l"]["tapped"] is True


def test_ana_battlemage_second_kicker_taps_and_damages_controller():
    setup = duel({"hand": cards(("Ana Battlemage", "ana")), "mana": "{G}{B}{C}{C}{C}"},
                 {"battlefield": cards(("Serra Angel", "sa"))})
    v = last_view(setup, [{"cast": {"card": "ana", "kickers": ["B"]}},
                          {"resolve": {"choices": {"trigger_targets": [
                              {"source": "ana", "targets": ["sa"]}]}}},
                          {"resolve": {}}])
    assert v["cards"]["sa"]["tapped"] is True and v["players"]["bob"]["life"] == 16


def test_bloodhusk_ritualist_discards_per_kick():
    setup = duel({"hand": cards(("Bloodhusk Ritualist", "br")), "mana": "{B}{B}{B}{C}{C}"},
                 {"hand": cards(("Island", "i1"), ("Island", "i2"), ("Island", "i3"))})
    v = last_view(setup, [{"cast": {"card": "br", "kicks": 2}}, {"pass_until_empty": {}}])
    assert v["players"]["bob"]["hand"] == 1 and v["players"]["bob"]["graveyard"] == 2


def test_baral_reduces_and_loots_after_countering():
    setup = duel({"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}"},
                 {"hand": cards(("Counterspell", "cs")), "library": cards(("Island", "i1")),
                  "battlefield": cards(("Baral, Chief of Compliance", "baral")), "mana": "{U}{U}"})
    rs = play(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                      {"cast": {"card": "cs", "targets": ["lb"]}},
                      {"resolve": {}}, {"resolve": {"choices": {"discard": ["i1"]}}}])
    assert rs[1]["view"]["stack"][0]["total_cost"] == "{U}{U}"  # coloured mana can't be reduced
    assert [s["kind"] for s in rs[2]["view"]["stack"]] == ["ability"]
    end = rs[3]["view"]
    assert end["cards"]["i1"]["zone"] == "graveyard" and end["players"]["bob"]["hand"] == 0


def test_bring_to_light_exiles_a_card_that_can_be_cast_free():
    """Without a search choice the engine finds the first fitting card (Serra Angel's mana value
    5 is above the 3 colours spent); it is cast as Bring to Light resolves (608.2g)."""
    setup = alice(hand=cards(("Bring to Light", "btl")), mana="{G}{U}{R}{C}{C}",
                  library=cards(("Serra Angel", "sa"), ("Lightning Bolt", "lb")))
    rs = play(setup, [{"cast": {"card": "btl", "pay": "{G}{U}{R}{C}{C}"}},
                      {"resolve": {"choices": {"cast": {"card": "lb", "targets": ["bob"]}}}},
                      {"resolve": {}}])
    assert rs[1]["view"]["cards"]["sa"]["zone"] == "library"
    assert rs[1]["view"]["cards"]["btl"]["zone"] == "graveyard"
    assert [(s["source"], s["cast_from"], s["alternative"]) for s in rs[1]["view"]["stack"]] == [
        ("lb", "exile", "without-paying-mana-cost")]
    assert rs[2]["view"]["players"]["bob"]["life"] == 17


def test_bring_to_light_not_cast_leaves_the_card_in_exile_for_good():
    setup = alice(hand=cards(("Bring to Light", "btl")), mana="{G}{U}{R}{C}{C}",
                  library=cards(("Lightning Bolt", "lb")))
    rs = play(setup, [{"cast": {"card": "btl", "pay": "{G}{U}{R}{C}{C}"}}, {"resolve": {}},
                      {"cast": {"card": "lb", "alternative": "without-paying-mana-cost", "targets": ["bob"]}}])
    assert rs[1]["view"]["cards"]["lb"]["zone"] == "exile"
    assert rs[2]["status"] == "illegal" and rs[2]["reason"].startswith("601.3")


def test_exiled_card_without_permission_cannot_be_cast():
    r = play(alice(exile=cards(("Lightning Bolt", "lb")), mana="{R}"),
             [{"cast": {"card": "lb", "targets": ["bob"]}}])[0]
    assert r["status"] == "illegal" and r["reason"].startswith("601.3")


def test_ancient_grudge_flashback_destroys_an_artifact():
    setup = duel({"graveyard": cards(("Ancient Grudge", "ag")), "mana": "{G}"},
                 {"battlefield": cards(("Sphere of Resistance", "s"))})
    rs = play(setup, [{"cast": {"card": "ag", "alternative": "flashback", "targets": ["s"]}},
                      {"resolve": {}}])
    # Sphere taxes the flashback cost too: {G} + {1}
    assert rs[0]["status"] == "illegal" and rs[0]["reason"].startswith("601.2h")
    setup["players"]["alice"]["mana"] = "{G}{C}"
    v = last_view(setup, [{"cast": {"card": "ag", "alternative": "flashback", "targets": ["s"]}},
                          {"resolve": {}}])
    assert v["cards"]["s"]["zone"] == "graveyard" and v["cards"]["ag"]["zone"] == "exile"


def test_faithless_looting_draws_two_then_discards_two():
    setup = alice(hand=cards(("Faithless Looting", "fl"), ("Grizzly Bears", "gb")), mana="{R}",
                  library=cards(("Island", "i1"), ("Forest", "f1")))
    v = last_view(setup, [{"cast": {"card": "fl"}},
                          {"resolve": {"choices": {"discard": ["gb", "f1"]}}}])
    assert v["cards"]["i1"]["zone"] == "hand"
    assert (v["cards"]["gb"]["zone"], v["cards"]["f1"]["zone"]) == ("graveyard", "graveyard")


def test_goblin_ruinblaster_trigger_without_legal_target_is_removed():
    setup = duel({"hand": cards(("Goblin Ruinblaster", "gr")), "mana": "{R}{R}{C}{C}"},
                 {"battlefield": cards(("Mountain", "m"))})
    v = last_view(setup, [{"cast": {"card": "gr", "kicks": 1}}, {"resolve": {}}])
    assert v["stack"] == [] and v["cards"]["m"]["zone"] == "battlefield"  # basic: not a target
    assert v["cards"]["gr"]["keywords"] == ["haste"]


def test_prismatic_ending_exiles_up_to_colours_spent():
    setup = duel({"hand": cards(("Prismatic Ending", "pe")), "mana": "{W}{U}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"))})
    v = last_view(setup, [{"cast": {"card": "pe", "x": 1, "targets": ["gb"], "pay": "{W}{U}"}},
                          {"resolve": {}}])
    assert v["cards"]["gb"]["zone"] == "exile"
    setup["players"]["alice"]["mana"] = "{W}{C}"
    v = last_view(setup, [{"cast": {"card": "pe", "x": 1, "targets": ["gb"], "pay": "{W}{C}"}},
                          {"resolve": {}}])
    assert v["cards"]["gb"]["zone"] == "battlefield"


def test_radiant_flames_hits_each_creature_for_colours_spent():
    setup = duel({"hand": cards(("Radiant Flames", "rf")), "mana": "{R}{W}{C}",
                  "battlefield": cards(("Elite Vanguard", "ev"))},
                 {"battlefield": cards(("Savannah Lions", "sl"), ("Serra Angel", "sa"))})
    v = last_view(setup, [{"cast": {"card": "rf", "pay": "{R}{W}{C}"}}, {"resolve": {}}])
    assert [v["cards"][c]["zone"] for c in ("ev", "sl", "sa")] == ["graveyard", "graveyard",
                                                                 "battlefield"]


def test_strength_of_the_tajuru_x_counters_on_each_target():
    setup = alice(hand=cards(("Strength of the Tajuru", "st")), mana="{G}{G}{C}{C}{C}",
                  battlefield=cards(("Grizzly Bears", "gb"), ("Elite Vanguard", "ev")))
    v = last_view(setup, [{"cast": {"card": "st", "x": 2, "kicks": 1, "targets": ["gb", "ev"]}},
                          {"resolve": {}}])
    assert v["cards"]["gb"]["counters"] == {"+1/+1": 2} and v["cards"]["ev"]["power"] == 4


def test_deep_analysis_flashback_needs_the_life():
    setup = alice(graveyard=cards(("Deep Analysis", "da")), mana="{U}{C}", life=2)
    r = play(setup, [{"cast": {"card": "da", "alternative": "flashback", "targets": ["alice"]}}])[0]
    assert r["status"] == "illegal" and r["reason"].startswith("119.4")


def test_conflagrate_single_target_needs_at_least_one_damage():
    setup = alice(hand=cards(("Conflagrate", "c")), mana="{R}")
    r = play(setup, [{"cast": {"card": "c", "x": 0, "targets": ["bob"]}}])[0]
    assert r["status"] == "illegal" and r["reason"].startswith("601.2d")
    v = last_view(setup, [{"cast": {"card": "c", "x": 0}}, {"resolve": {}}])
    assert v["players"]["bob"]["life"] == 20


def test_fork_copy_is_controlled_by_forks_caster():
    setup = duel({"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}"},
                 {"hand": cards(("Fork", "fk")), "mana": "{R}{R}"})
    rs = play(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                      {"cast": {"card": "fk", "targets": ["lb"]}},
                      {"resolve": {"choices": {"copy_targets": ["alice"]}}},
                      {"pass_until_empty": {}}])
    assert rs[2]["view"]["stack"][0]["controller"] == "bob"
    end = rs[3]["view"]["players"]
    assert (end["alice"]["life"], end["bob"]["life"]) == (17, 17)


def test_omniscience_x_spell_free_means_x_is_zero():
    setup = alice(hand=cards(("Comet Storm", "cs")), battlefield=cards(("Omniscience", "o")))
    r = play(setup, [{"cast": {"card": "cs", "x": 2, "targets": ["bob"],
                               "alternative": "without-paying-mana-cost"}}])[0]
    assert r["status"] == "illegal" and r["reason"].startswith("107.3b")


def test_a_card_defined_in_two_pools_is_an_error():
    """One registry of card behaviours by name: a second definition must not silently win."""
    import pytest as _pytest

    from reference_impl.cards.catalog import one_registry

    assert one_registry({"A": 1}, {"B": 2}) == {"A": 1, "B": 2}
    with _pytest.raises(ValueError, match="card 'A' is defined twice"):
        one_registry({"A": 1}, {"A": 2})


def test_a_land_adding_one_of_two_colors_taps_for_either_and_no_other():
    """"{T}: Add {U} or {R}." (Spirebluff Canal), also as reminder text of two basic land types
    (Turbulent Fen, 305.6): the named color is added; another color is illegal and leaves the land
    untapped; without a color the case is malformed."""
    for land, color in (("Spirebluff Canal", "U"), ("Spirebluff Canal", "R"), ("Turbulent Fen", "G")):
        v = last_view(alice(battlefield=cards((land, "l"))), [{"tap_for_mana": {"permanents": ["l"], "color": color}}])
        assert v["players"]["alice"]["mana"] == "{" + color + "}" and v["cards"]["l"]["tapped"] is True
    r = play(alice(battlefield=cards(("Spirebluff Canal", "l"))),
             [{"tap_for_mana": {"permanents": ["l"], "color": "G"}}], allow_errored=True)[0]
    assert r["status"] == "illegal" and r["reason"].startswith("106.4")
    assert r["view"]["cards"]["l"]["tapped"] is False and r["view"]["players"]["alice"]["mana"] == ""
    r = play(alice(battlefield=cards(("Turbulent Fen", "l"))), [{"tap_for_mana": {"permanents": ["l"]}}],
             allow_errored=True)[0]
    assert r["status"] == "errored"



def test_toxic_values_add_up_and_loyalty_becomes_an_enters_with_counters_ability():
    """702.164b: a creature's total toxic value is the sum of the N of its toxic abilities (the
    parser adds the printed ones; no catalog card has two, so the sum is pinned here); 306.5b: a
    printed loyalty is an "enters with" loyalty-counters ability, and a card without one has none."""
    from reference_impl.cards.catalog import toxic_value
    from reference_impl.rules.statics import EntersWithCounters

    assert toxic_value(ORACLE["Pestilent Syphoner"]["oracle_text"]) == CARDS["Pestilent Syphoner"].toxic == 1
    assert toxic_value("Toxic 2 (Players dealt combat damage by this creature also get two poison counters.)\n"
                       "Flying, toxic 1") == 3
    assert toxic_value("Flying") == CARDS["Grizzly Bears"].toxic == 0
    assert CARDS["Jace Beleren"].enters == (EntersWithCounters("loyalty", 3),)
    assert not any(isinstance(e, EntersWithCounters) and e.kind == "loyalty" for e in CARDS["Grizzly Bears"].enters)
