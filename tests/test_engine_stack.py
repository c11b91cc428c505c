"""The stack: resolution, countering (701.6), copies (707.10), flashback's exile (702.34a),
illegal targets on resolution (608.2b), triggered abilities and intervening ifs (603)."""

from reference_impl.scenario import alice, cards, last_view, play


def duel(alice_zones, bob_zones):
    return {"players": {"alice": alice_zones, "bob": bob_zones}}


def test_kicked_burst_lightning_deals_four():
    v = last_view(alice(hand=cards(("Burst Lightning", "b")), mana="{R}{R}{R}{R}{R}"),
                  [{"cast": {"card": "b", "kicks": 1, "targets": ["bob"]}}, {"resolve": {}}])
    assert v["players"]["bob"]["life"] == 16 and v["cards"]["b"]["zone"] == "graveyard"


def test_cancel_counters_the_whole_kicked_spell():
    setup = duel({"hand": cards(("Burst Lightning", "b")), "mana": "{R}{R}{R}{R}{R}"},
                 {"hand": cards(("Cancel", "c")), "mana": "{U}{U}{U}"})
    v = last_view(setup, [{"cast": {"card": "b", "kicks": 1, "targets": ["bob"]}},
                          {"cast": {"card": "c", "targets": ["b"]}}, {"pass_until_empty": {}}])
    assert v["players"]["bob"]["life"] == 20
    assert v["cards"]["b"]["zone"] == "graveyard" and v["cards"]["c"]["zone"] == "graveyard"


def test_negate_cannot_target_a_creature_spell_but_essence_scatter_can():
    setup = duel({"hand": cards(("Grizzly Bears", "gb")), "mana": "{G}{G}"},
                 {"hand": cards(("Negate", "n"), ("Essence Scatter", "es")), "mana": "{U}{U}{U}{U}"})
    rs = play(setup, [{"cast": {"card": "gb"}}, {"cast": {"card": "n", "targets": ["gb"]}},
                      {"cast": {"card": "es", "targets": ["gb"]}}, {"resolve": {}}])
    assert [r["status"] for r in rs] == ["ok", "illegal", "ok", "ok"]
    assert rs[-1]["view"]["cards"]["gb"]["zone"] == "graveyard"


def test_mana_leak_pay_unless():
    setup = duel({"hand": cards(("Lightning Bolt", "lb")), "mana": "{R}{C}{C}{C}"},
                 {"hand": cards(("Mana Leak", "ml")), "mana": "{U}{U}"})
    steps = [{"cast": {"card": "lb", "targets": ["bob"]}},
             {"cast": {"card": "ml", "targets": ["lb"]}}]
    paid = last_view(setup, steps + [{"resolve": {"choices": {"pay_unless": True}}},
                                     {"resolve": {}}])
    assert paid["players"]["bob"]["life"] == 17 and paid["players"]["alice"]["mana"] == ""
    unpaid = last_view(setup, steps + [{"resolve": {}}])
    assert unpaid["cards"]["lb"]["zone"] == "graveyard" and unpaid["stack"] == []


def test_flashback_spell_is_exiled_when_countered():
    setup = duel({"graveyard": cards(("Firebolt", "fb")), "mana": "{R}{R}{R}{R}{R}"},
                 {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"})
    v = last_view(setup, [{"cast": {"card": "fb", "alternative": "flashback", "targets": ["bob"]}},
                          {"cast": {"card": "cs", "targets": ["fb"]}}, {"resolve": {}}])
    assert v["cards"]["fb"]["zone"] == "exile"


def test_flashback_spell_is_exiled_when_its_target_is_gone():
    setup = duel({"graveyard": cards(("Firebolt", "fb")), "hand": cards(("Lightning Bolt", "lb")),
                  "mana": "{R}{R}{R}{R}{R}{R}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"))})
    v = last_view(setup, [{"cast": {"card": "fb", "alternative": "flashback", "targets": ["gb"]}},
                          {"cast": {"card": "lb", "targets": ["gb"]}}, {"pass_until_empty": {}}])
    assert v["cards"]["fb"]["zone"] == "exile" and v["cards"]["gb"]["zone"] == "graveyard"


def test_twincast_copy_keeps_kicked_status_and_ceases_to_exist():
    setup = alice(hand=cards(("Burst Lightning", "b"), ("Twincast", "tc")),
                  mana="{R}{R}{R}{R}{R}{U}{U}")
    rs = play(setup, [{"cast": {"card": "b", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                      {"cast": {"card": "tc", "targets": ["b"]}}, {"resolve": {}},
                      {"pass_until_empty": {}}])
    copy = rs[2]["view"]["stack"][0]
    assert copy["copy"] is True and copy["source"] == "b"
    assert (copy["kicked"], copy["times_kicked"], copy["targets"]) == (True, 1, ["bob"])
    assert copy["colors_spent"] == [] and copy["cast_from"] is None
    end = rs[3]["view"]
    assert end["players"]["bob"]["life"] == 12 and end["stack"] == []
    assert end["players"]["alice"]["graveyard"] == 2  # the copy left no card behind


def test_copy_with_new_targets():
    setup = duel({"hand": cards(("Lightning Bolt", "lb"), ("Reverberate", "rv")),
                  "mana": "{R}{R}{R}"}, {"battlefield": cards(("Grizzly Bears", "gb"))})
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                          {"cast": {"card": "rv", "targets": ["lb"]}},
                          {"resolve": {"choices": {"copy_targets": ["gb"]}}},
                          {"pass_until_empty": {}}])
    assert v["cards"]["gb"]["zone"] == "graveyard" and v["players"]["bob"]["life"] == 17


def test_increasing_vengeance_from_graveyard_copies_twice():
    setup = alice(hand=cards(("Lightning Bolt", "lb")),
                  graveyard=cards(("Increasing Vengeance", "iv")), mana="{R}{R}{R}{R}{R}{R}")
    rs = play(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                      {"cast": {"card": "iv", "alternative": "flashback", "targets": ["lb"]}},
                      {"resolve": {}}, {"pass_until_empty": {}}])
    assert [s["copy"] for s in rs[2]["view"]["stack"]] == [True, True, False]
    assert rs[3]["view"]["players"]["bob"]["life"] == 11
    assert rs[3]["view"]["cards"]["iv"]["zone"] == "exile"


def test_copy_of_x_spell_keeps_x_and_copy_of_converge_spell_spent_nothing():
    setup = alice(hand=cards(("Comet Storm", "cs"), ("Twincast", "tc")),
                  mana="{R}{R}{C}{C}{U}{U}")
    rs = play(setup, [{"cast": {"card": "cs", "x": 2, "targets": ["bob"], "pay": "{R}{R}{C}{C}"}},
                      {"cast": {"card": "tc", "targets": ["cs"]}}, {"resolve": {}},
                      {"pass_until_empty": {}}])
    assert rs[2]["view"]["stack"][0]["x"] == 2 and rs[2]["view"]["stack"][0]["mana_value"] == 4
    assert rs[3]["view"]["players"]["bob"]["life"] == 16
    setup = alice(hand=cards(("Kaleidoscorch", "k"), ("Twincast", "tc")),
                  mana="{R}{G}{U}{U}")
    v = last_view(setup, [{"cast": {"card": "k", "targets": ["bob"], "pay": "{R}{G}"}},
                          {"cast": {"card": "tc", "targets": ["k"]}}, {"pass_until_empty": {}}])
    assert v["players"]["bob"]["life"] == 18  # original: 2 colours; copy: 0


def test_increasing_confusion_mills_double_only_when_cast_from_graveyard():
    lib = cards(*[("Island", f"i{n}") for n in range(10)])
    setup = {"players": {"alice": {"graveyard": cards(("Increasing Confusion", "ic")),
                                   "mana": "{U}{U}{U}"}, "bob": {"library": lib}}}
    v = last_view(setup, [{"cast": {"card": "ic", "alternative": "flashback", "x": 2,
                                    "targets": ["bob"]}}, {"resolve": {}}])
    assert v["players"]["bob"]["graveyard"] == 4 and v["cards"]["ic"]["zone"] == "exile"


def test_etb_trigger_targets_chosen_when_put_on_the_stack_and_intervening_if():
    setup = duel({"hand": cards(("Gatekeeper of Malakir", "gk")), "mana": "{B}{B}{B}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"), ("Serra Angel", "sa"))})
    rs = play(setup, [{"cast": {"card": "gk", "kicks": 1}},
                      {"resolve": {"choices": {"trigger_targets": [
                          {"source": "gk", "targets": ["bob"]}]}}},
                      {"resolve": {"choices": {"sacrifice": "sa"}}}])
    assert rs[1]["view"]["stack"] == [{"kind": "ability", "source": "gk", "controller": "alice",
                                      "targets": ["bob"]}]
    assert rs[2]["view"]["cards"]["sa"]["zone"] == "graveyard"
    unkicked = last_view(setup, [{"cast": {"card": "gk"}}, {"resolve": {}}])
    assert unkicked["stack"] == []


def test_chalice_of_the_void_counters_matching_spells():
    setup = alice(hand=cards(("Chalice of the Void", "cv"), ("Lightning Bolt", "lb")),
                  mana="{C}{C}{R}")
    v = last_view(setup, [{"cast": {"card": "cv", "x": 1}}, {"resolve": {}},
                          {"cast": {"card": "lb", "targets": ["bob"]}}, {"pass_until_empty": {}}])
    assert v["cards"]["cv"]["counters"] == {"charge": 1} and v["cards"]["cv"]["mana_value"] == 0
    assert v["players"]["bob"]["life"] == 20 and v["cards"]["lb"]["zone"] == "graveyard"


def test_archangel_kicked_twice_triggers_twice_with_lifelink():
    setup = alice(hand=cards(("Archangel of Wrath", "aw")), mana="{W}{W}{B}{R}{C}{C}", life=10)
    v = last_view(setup, [{"cast": {"card": "aw", "kickers": ["A", "B"]}},
                          {"resolve": {"choices": {"trigger_targets": [
                              {"source": "aw", "targets": ["bob"]},
                              {"source": "aw", "targets": ["bob"]}]}}},
                          {"pass_until_empty": {}}])
    assert v["players"]["bob"]["life"] == 16 and v["players"]["alice"]["life"] == 14


def test_resolving_with_an_empty_stack_is_illegal():
    r = play(alice(), [{"resolve": {}}])[0]
    assert r["status"] == "illegal" and r["reason"].startswith("608.1")


def test_snapcaster_grants_flashback_at_mana_cost():
    setup = alice(hand=cards(("Snapcaster Mage", "sm")), graveyard=cards(("Think Twice", "tt")),
                  mana="{U}{U}{U}{C}", library=cards(("Island", "i1")))
    v = last_view(setup, [{"cast": {"card": "sm"}},
                          {"resolve": {"choices": {"trigger_targets": [
                              {"source": "sm", "targets": ["tt"]}]}}},
                          {"resolve": {}},
                          {"cast": {"card": "tt", "alternative": "flashback"}}])
    assert v["stack"][0]["total_cost"] == "{1}{U}" and v["stack"][0]["alternative"] == "flashback"


def test_chalice_trigger_counters_even_if_chalice_leaves_in_response():
    """The mana-value check is the trigger condition, not an intervening if (603.4)."""
    setup = duel({"battlefield": [{"card": "Chalice of the Void", "label": "cv",
                                   "counters": {"charge": 1}}],
                  "hand": cards(("Lightning Bolt", "lb")), "mana": "{R}"},
                 {"hand": cards(("Into the Roil", "ir")), "mana": "{U}{U}"})
    v = last_view(setup, [{"cast": {"card": "lb", "targets": ["bob"]}},
                          {"cast": {"card": "ir", "by": "bob", "targets": ["cv"]}},
                          {"pass_until_empty": {}}])
    assert v["cards"]["cv"]["zone"] == "hand"
    assert v["cards"]["lb"]["zone"] == "graveyard" and v["players"]["bob"]["life"] == 20


def test_hallar_trigger_uses_last_known_counters_after_hallar_leaves():
    setup = duel({"battlefield": [{"card": "Hallar, the Firefletcher", "label": "h",
                                   "counters": {"+1/+1": 2}}],
                  "hand": cards(("Burst Lightning", "b")), "mana": "{R}{R}{R}{R}{R}"},
                 {"hand": cards(("Into the Roil", "ir")), "mana": "{U}{U}"})
    v = last_view(setup, [{"cast": {"card": "b", "kicks": 1, "targets": ["alice"]}},
                          {"cast": {"card": "ir", "targets": ["h"]}}, {"resolve": {}},
                          {"resolve": {}}])
    assert v["cards"]["h"]["zone"] == "hand"
    assert v["players"]["bob"]["life"] == 18  # no counter added; 2 from last known information
