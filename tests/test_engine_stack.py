"""The stack: resolution, countering (701.6), copies (707.10), flashback's exile (702.34a),
illegal targets on resolution (608.2b), triggered abilities and intervening ifs (603), library
actions as spells resolve (701.22-701.25) and casting a card an effect offers (608.2g)."""

import pytest

from reference_impl.rules import library
from reference_impl.scenario import alice, cards, last_view, play
from reference_impl.setup import build_game
from reference_impl.state.game import CaseError, IllegalAction


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


# ---- library actions as spells resolve (rules/library.py: 701.22 scry, 701.23 search, 701.24
# shuffle, 701.25 surveil) and casting a card an effect offers (rules/offered_casts.py, 608.2g):
# a choice that gives only one of its lists, or none; a malformed choice is an error naming the
# field; scry and surveil 0; a search for a quantity of cards (701.23d; no catalog card has one);
# the same shuffle for the same case (tests/test_engine_library.py shows it reorders the library).
# They live here because mutmut's test selection (pyproject.toml) has this file and not that one.

CHOICE_LIBRARY = cards(("Forest", "forest"), ("Lightning Bolt", "bolt"), ("Grizzly Bears", "bears"))


def _one_spell(card: str, choices) -> list[dict]:
    """Cast `card` (Opt: scry 1 then draw; Consider: surveil 1 then draw) and resolve it."""
    resolve = {"resolve": {"choices": choices}} if choices is not None else {"resolve": {}}
    return play(alice(hand=cards((card, "spell")), library=CHOICE_LIBRARY, mana="{U}"),
                [{"cast": {"card": "spell", "pay": "{U}"}}, resolve], allow_errored=True)


def _zones(result) -> dict:
    return {label: c["zone"] for label, c in result["view"]["cards"].items()}


@pytest.mark.parametrize("card, choice, drawn", [
    ("Opt", {"scry": {"bottom": ["forest"]}}, "bolt"),       # top omitted: none kept on top
    ("Opt", {"scry": {"top": ["forest"]}}, "forest"),        # bottom omitted: none on the bottom
    ("Consider", {"surveil": {"graveyard": ["forest"]}}, "bolt"),
    ("Consider", {"surveil": {"top": ["forest"]}}, "forest"),
])
def test_a_scry_or_surveil_choice_may_give_only_one_of_its_lists(card, choice, drawn):
    """701.22a / 701.25a: any number (so all, or none) of the cards looked at go to the bottom
    (the graveyard); a choice that lists them all in one place needs no empty other list."""
    results = _one_spell(card, choice)
    assert [r["status"] for r in results] == ["ok", "ok"], results
    zones = _zones(results[-1])
    assert zones[drawn] == "hand"
    assert zones["forest"] == {"forest": "hand", "bolt": "graveyard" if card == "Consider" else "library"}[drawn]


@pytest.mark.parametrize("card", ["Opt", "Consider"])
def test_without_a_choice_the_cards_looked_at_stay_on_top(card):
    """The choice is optional (the engine decides without it): the card stays and is drawn."""
    results = _one_spell(card, None)
    assert [r["status"] for r in results] == ["ok", "ok"], results
    assert _zones(results[-1])["forest"] == "hand"


@pytest.mark.parametrize("card, choice, field", [
    ("Opt", {"scry": {"top": [], "middle": ["forest"]}}, "choices.scry"),
    ("Opt", {"scry": {"top": ["nobody"]}}, "choices.scry"),
    ("Opt", {"scry": {"bottom": ["nobody"]}}, "choices.scry"),
    ("Opt", {"scry": {"bottom": "forest"}}, "choices.scry"),
    ("Consider", {"surveil": {"graveyard": [], "bottom": ["forest"]}}, "choices.surveil"),
    ("Consider", {"surveil": {"top": ["nobody"]}}, "choices.surveil"),
    ("Consider", {"surveil": {"graveyard": ["nobody"]}}, "choices.surveil"),
])
def test_a_malformed_scry_or_surveil_choice_is_an_error_naming_its_field(card, choice, field):
    results = _one_spell(card, choice)
    assert results[-1]["status"] == "errored", results
    assert results[-1]["message"].startswith(f"step 1: {field}"), results[-1]["message"]


def test_a_malformed_search_choice_is_an_error_naming_its_field():
    setup = alice(hand=cards(("Bring to Light", "btl")), library=cards(("Savannah Lions", "lions")),
                  mana="{W}{U}{B}{R}{G}")
    for choice in (["nobody"], "lions"):
        results = play(setup, [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                               {"resolve": {"choices": {"search": choice}}}], allow_errored=True)
        assert results[-1]["status"] == "errored", results
        assert results[-1]["message"].startswith("step 1: choices.search"), results[-1]["message"]


def _game(n_cards: int = 3):
    names = ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    return build_game({"players": {"alice": {"library": [
        {"card": names[i % 5], "label": f"c{i}"} for i in range(n_cards)]}}})


def _labels(game) -> list[str]:
    return [game.objs[oid].label for oid in game.players["alice"].library]


@pytest.mark.parametrize("action, choice", [
    (library.scry, {"top": [], "bottom": ["c0"]}),
    (library.surveil, {"top": [], "graveyard": ["c0"]}),
])
def test_scry_0_and_surveil_0_look_at_no_card(action, choice):
    """701.22b / 701.25c: scry 0 and surveil 0 do nothing, whatever the choice says."""
    game = _game()
    action(game, "alice", 0, choice)
    assert _labels(game) == ["c0", "c1", "c2"]
    assert game.players["alice"].graveyard == []


def test_a_search_for_a_quantity_finds_as_many_as_it_can():
    """701.23d: a search for a number of cards without a stated quality must find that many,
    or all the library has; fewer is not a choice the rules allow."""
    game = _game()
    everything = lambda o: True  # noqa: E731 - "search your library for two cards"
    two = [game.labels["c0"], game.labels["c2"]]
    assert library.search(game, "alice", everything, 2, ["c0", "c2"], quality=False) == two
    with pytest.raises(IllegalAction) as illegal:
        library.search(game, "alice", everything, 2, ["c1"], quality=False)
    assert illegal.value.rule == "701.23d"
    small = _game(1)  # only one card: finding it is as many as it can
    assert library.search(small, "alice", everything, 2, ["c0"], quality=False) == [small.labels["c0"]]
    # with a stated quality (701.23b) fewer, even none, may be found
    assert library.search(game, "alice", everything, 2, [], quality=True) == []


def test_a_card_named_twice_in_a_search_is_illegal():
    game = _game()
    with pytest.raises(IllegalAction):
        library.search(game, "alice", lambda o: True, 2, ["c0", "c0"])
    with pytest.raises(CaseError, match="choices.search"):
        library.search(game, "alice", lambda o: True, 2, ["nobody"])


def test_the_same_case_gives_the_same_shuffle():
    """701.24a asks for a random order; the engine's is deterministic for the same case (a
    20-card library), so a case answers the same on every run."""
    first, second = _game(20), _game(20)
    before = _labels(first)
    library.shuffle(first, "alice")
    library.shuffle(second, "alice")
    assert sorted(_labels(first)) == sorted(before)
    assert _labels(first) == _labels(second)


BTL_SETUP = alice(hand=cards(("Bring to Light", "btl")),
                  library=cards(("Savannah Lions", "lions"), ("Lightning Bolt", "bolt")),
                  mana="{W}{U}{B}{R}{G}")


@pytest.mark.parametrize("offered", [
    {"targets": ["bob"]},              # no `card`
    ["card"],                          # not a mapping
    {"card": ["bolt"], "targets": ["bob"]},   # `card` not a label
    {"card": "bolt", "targets": ["bob"], "timing": "now"},  # a field a cast doesn't have
])
def test_a_malformed_offered_cast_is_an_error_naming_the_field(offered):
    results = play(BTL_SETUP, [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                               {"resolve": {"choices": {"search": ["bolt"], "cast": offered}}}],
                   allow_errored=True)
    assert results[-1]["status"] == "errored", results
    assert results[-1]["message"].startswith("step 1: choices.cast"), results[-1]["message"]


@pytest.mark.parametrize("action, choice, message", [
    (library.scry, {"top": ["nobody"]}, "choices.scry: unknown label 'nobody'"),
    (library.scry, {"bottom": ["nobody"]}, "choices.scry: unknown label 'nobody'"),
    (library.scry, {"top": "c0"}, "choices.scry must be a list of labels"),
    (library.surveil, {"top": ["nobody"]}, "choices.surveil: unknown label 'nobody'"),
    (library.surveil, {"graveyard": ["nobody"]}, "choices.surveil: unknown label 'nobody'"),
    (library.surveil, {"graveyard": "c0"}, "choices.surveil must be a list of labels"),
])
def test_the_library_procedures_name_the_choice_field_they_reject(action, choice, message):
    """The step's choices are checked before the engine acts (so the cases above answer their
    own message); the procedures check again, naming the field, when called by any effect."""
    with pytest.raises(CaseError) as error:
        action(_game(), "alice", 1, choice)
    assert str(error.value) == message


def test_cast_offered_names_the_field_it_rejects():
    from reference_impl.rules.offered_casts import cast_offered
    game = _game()
    oids = [game.labels["c0"]]
    for choice, message in ((["card"], "choices.cast must be a mapping"),
                            ({"card": ["c0"]}, "choices.cast.card: unknown label ['c0']")):
        with pytest.raises(CaseError) as error:
            cast_offered(game, oids, "alice", choice, "without-paying-mana-cost")
        assert str(error.value).startswith(message)


# ---- modal triggered abilities (rules/triggers.py, 603.3c / 700.2b): the modes are chosen as
# the ability is put on the stack; without `modes` the reference engine takes the first modes
# that can be chosen, in printed order (ADAPTERS.md leaves that choice to the engine, so these
# are engine tests). Here, not in test_engine_cards.py, because mutmut's test selection
# (pyproject.toml) has this file.

def _exarch_with_modes(monkeypatch, **spec_changes):
    """Deceiver Exarch's enters trigger with its untap mode's target changed (both modes can then
    lack a legal target): a data change, not a new card."""
    from dataclasses import replace

    from reference_impl.cards import catalog

    exarch = catalog.CARDS["Deceiver Exarch"]
    trig = exarch.triggers[0]
    untap = replace(trig.targets[0], **spec_changes)
    monkeypatch.setitem(catalog.CARDS, "Deceiver Exarch",
                        replace(exarch, triggers=(replace(trig, targets=(untap,) + trig.targets[1:]),)))


def test_a_modal_trigger_with_no_mode_that_can_be_chosen_is_removed(monkeypatch):
    """700.2b: "If no mode is chosen, the ability is removed from the stack"."""
    _exarch_with_modes(monkeypatch, types_any=("Land",))
    v = last_view(alice(hand=cards(("Deceiver Exarch", "ex")), mana="{U}{U}{U}"),
                  [{"cast": {"card": "ex"}}, {"resolve": {}}])
    assert v["stack"] == [] and v["cards"]["ex"]["zone"] == "battlefield"


def test_a_modal_trigger_without_modes_given_takes_the_first_mode_that_can_be_chosen(monkeypatch):
    _exarch_with_modes(monkeypatch, types_any=("Land",))
    setup = duel({"hand": cards(("Deceiver Exarch", "ex")), "mana": "{U}{U}{U}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"))})
    v = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}])
    assert v["stack"] == [{"kind": "ability", "source": "ex", "controller": "alice", "targets": ["gb"], "modes": [1]}]
    v = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}, {"resolve": {}}])
    assert v["cards"]["gb"]["tapped"] is True


def test_a_modal_trigger_without_targets_still_has_its_modes_chosen(monkeypatch):
    """603.3c: a modal triggered ability whose modes have no targets ("choose one — gain 3 life;
    draw a card") also gets its modes as it is put on the stack (from its trigger_targets entry)."""
    from dataclasses import replace

    from reference_impl.cards import catalog
    from reference_impl.effects import Draw, GainLife, InMode, You
    from reference_impl.rules.modes import Modes

    exarch = catalog.CARDS["Deceiver Exarch"]
    trig = replace(exarch.triggers[0], targets=(), modes=Modes(2, "one"),
                   effects=(InMode(0, (GainLife(You(), 3),)), InMode(1, (Draw(You(), 1),))))
    monkeypatch.setitem(catalog.CARDS, "Deceiver Exarch", replace(exarch, triggers=(trig,)))
    setup = alice(hand=cards(("Deceiver Exarch", "ex")), library=cards(("Island", "i")), mana="{U}{U}{U}")
    drew = last_view(setup, [{"cast": {"card": "ex"}},
                             {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": [1]}]}}},
                             {"resolve": {}}])
    assert drew["cards"]["i"]["zone"] == "hand" and drew["players"]["alice"]["life"] == 20
    gained = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}, {"resolve": {}}])
    assert gained["cards"]["i"]["zone"] == "library" and gained["players"]["alice"]["life"] == 23


def test_without_modes_given_a_modal_trigger_takes_exactly_one_mode_when_both_can_be_chosen():
    """700.2a / 603.3c: "choose one" is one mode even when both have legal targets: the first."""
    setup = duel({"hand": cards(("Deceiver Exarch", "ex")), "mana": "{U}{U}{U}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"))})
    v = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}])
    assert v["stack"] == [{"kind": "ability", "source": "ex", "controller": "alice", "targets": ["ex"], "modes": [0]}]
    v = last_view(setup, [{"cast": {"card": "ex"}}, {"resolve": {}}, {"resolve": {}}])
    assert v["cards"]["gb"]["tapped"] is False and v["stack"] == []


def test_a_trigger_targets_entry_without_targets_chooses_none():
    """An entry naming the trigger's source but no `targets` chose no target: the tap mode
    needs one (603.3d), so the step is illegal rather than given a default target."""
    setup = duel({"hand": cards(("Deceiver Exarch", "ex")), "mana": "{U}{U}{U}"},
                 {"battlefield": cards(("Grizzly Bears", "gb"))})
    r = play(setup, [{"cast": {"card": "ex"}},
                     {"resolve": {"choices": {"trigger_targets": [{"source": "ex", "modes": [1]}]}}}])[1]
    assert r["status"] == "illegal" and r["reason"].startswith("603.3d")


def test_a_delayed_trigger_of_a_copy_is_controlled_by_the_copys_controller():
    """603.7d: a delayed trigger's controller is the player who controlled the spell that
    created it as it resolved, here bob's copy of Firecat Blitz (which has ceased to exist);
    603.3b: alice, the active player, puts hers on the stack first, so bob's is on top. The view
    names the ceased copy by the label of the spell it copies (113.7a; the scenarios of
    turn/a-spells-delayed-trigger-belongs-to-who-controlled-the-spell check the same through the
    harness, with and without a copy label)."""
    setup = duel({"hand": cards(("Firecat Blitz", "blitz")), "mana": "{R}{R}{R}"},
                 {"hand": cards(("Twincast", "twin")), "mana": "{U}{U}"})
    steps = [{"cast": {"card": "blitz", "x": 1}}, {"cast": {"card": "twin", "by": "bob", "targets": ["blitz"]}},
             {"resolve": {}}, {"resolve": {"labels": ["bob-cat"]}}, {"resolve": {"labels": ["alice-cat"]}},
             {"advance": {"to": "end"}}]
    v = last_view(setup, steps)
    assert [(a["controller"], a["source"]) for a in v["stack"]] == [("bob", "blitz"), ("alice", "blitz")]
    v = last_view(setup, steps + [{"resolve": {}}])
    assert [t["controller"] for t in v["tokens"]] == ["alice"]
