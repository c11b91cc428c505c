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

from reference_impl.rules import actions, prevention, replacement, turn
from reference_impl.scenario import last_view
from reference_impl.state import characteristics

BLOCK = [{"declare_attackers": {"attackers": [{"card": "attacker", "attacks": "bob"}]}},
         {"declare_blockers": {"blockers": [{"card": "blocker", "blocks": "attacker"}]}},
         {"advance": {"to": "end_of_combat"}}]


def _combat(attacker: str, blocker: str, bob_also: tuple = ()) -> dict:
    return {"players": {"alice": {"battlefield": [{"card": attacker, "label": "attacker"}]},
                        "bob": {"battlefield": [{"card": blocker, "label": "blocker"},
                                                *({"card": c, "label": f"extra{i}"} for i, c in enumerate(bob_also))]}}}


def _count_calls(monkeypatch, names, module=actions, counted=None) -> dict[str, int]:
    """Wrap each of the engine's functions `names` (in `module`, rules.actions unless told) to
    count its calls, by name (into `counted`, when given)."""
    counted = {} if counted is None else counted

    def counting(name, original):
        def wrapper(*args, **kwargs):
            counted[name] = counted.get(name, 0) + 1
            return original(*args, **kwargs)
        return wrapper
    for name in names:
        monkeypatch.setattr(module, name, counting(name, getattr(module, name)))
    return counted


@pytest.fixture
def calls(monkeypatch):
    """Counts of the slow-path questions deal_damage may ask, by name."""
    return _count_calls(monkeypatch, ("source_has_keyword", "own_keyword", "replace_damage", "_damage_dealt",
                                      "boost_sources", "_legend_rule", "prevent"))


def test_plain_creatures_deal_damage_without_asking_anything(calls):
    """Grizzly Bears blocked by Hill Giant: neither has a keyword that changes damage, nothing on
    the battlefield has a static or triggered ability. Both damage events take the fast path: not
    even the prevention effects are asked (none exists, and neither creature has protection)."""
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


def test_a_spell_dealing_damage_to_a_player_has_its_own_keywords_only(calls):
    """Kicked Burst Lightning to bob, nothing on the battlefield: a spell on the stack has only its
    card's keywords, none of them lifelink or infect, so deal_damage asks neither the layered
    keyword question (source_has_keyword) nor the prevention effects."""
    setup = {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}], "mana": "{R}{R}{R}{R}{R}"}}}
    view = last_view(setup, [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                             {"resolve": {}}])
    assert view["players"]["bob"]["life"] == 16
    assert "source_has_keyword" not in calls and "prevent" not in calls


@pytest.fixture
def replacements(monkeypatch):
    """Calls of the general replacement loop (616.1) and of the protection question."""
    counted = _count_calls(monkeypatch, ("replace",), replacement)
    return _count_calls(monkeypatch, ("protected_from", "_cant_be_prevented"), prevention, counted)


def test_a_self_replacement_effect_alone_skips_the_general_loop(replacements):
    """Kicked Burst Lightning's "4 damage instead" (614.15) with no other replacement effect and no
    prevention shield: applied without the general loop's candidate records (replace)."""
    setup = {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}], "mana": "{R}{R}{R}{R}{R}"}}}
    view = last_view(setup, [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                             {"resolve": {}}])
    assert view["players"]["bob"]["life"] == 16
    assert "replace" not in replacements


def test_the_general_loop_still_orders_the_self_replacement_first(replacements):
    """The same spell beside Furnace of Rath: the general loop runs, the "4 instead" first (616.1a)."""
    setup = {"players": {"alice": {"hand": [{"card": "Burst Lightning", "label": "bolt"}], "mana": "{R}{R}{R}{R}{R}",
                                   "battlefield": [{"card": "Furnace of Rath", "label": "furnace"}]}}}
    view = last_view(setup, [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}},
                             {"resolve": {}}])
    assert view["players"]["bob"]["life"] == 12
    assert replacements.get("replace", 0) >= 1


def test_protection_is_asked_only_of_a_permanent_that_may_have_it(replacements):
    """Wildslayer Elves blocked by Wall of Fire beside Honor of the Pure (a static ability: the
    prevention effects are asked): neither creature has a static ability of its own, an "until end of
    turn" effect or a keyword gained as it entered, and no static ability on the battlefield grants
    keywords (Honor of the Pure boosts), so neither can have protection (qualities finds none) and
    protected_from is not asked; nor whether their damage can't be prevented."""
    last_view(_combat("Wildslayer Elves", "Wall of Fire", ("Honor of the Pure",)), BLOCK)
    assert "protected_from" not in replacements and "_cant_be_prevented" not in replacements


@pytest.fixture
def granting(monkeypatch):
    """Calls of may_grant_triggers (613.1f) where the trigger machinery asks it."""
    counted = _count_calls(monkeypatch, ("may_grant_triggers", "_extra_times"))
    return _count_calls(monkeypatch, ("may_grant_triggers",), turn, counted)


def test_without_a_static_ability_no_trigger_can_be_granted(granting):
    """A turn with an attack, and Soul Warden seeing a creature enter: no permanent has a static
    ability and no "until end of turn" effect exists, so no triggered ability can be granted (613.1f)
    or made to trigger additional times (603.2d), and may_grant_triggers and _extra_times are never
    asked (any_triggered_ability, _can_trigger and emit answer from their own pass)."""
    setup = {"players": {"alice": {"battlefield": [{"card": "Soul Warden", "label": "warden"}],
                                   "hand": [{"card": "Grizzly Bears", "label": "bears"}], "mana": "{G}{G}"}}}
    view = last_view(setup, [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}, {"resolve": {}},
                             {"advance": {"turn": "next", "to": "main1"}}])
    assert view["players"]["alice"]["life"] == 21
    assert granting == {}


def test_a_cards_static_abilities_are_read_once(monkeypatch):
    """may_grant_triggers and watching ask of a card with static abilities what those are (one that
    grants triggered abilities, the events its replacement effects watch for) once, into GRANTING
    and KINDS (card definitions are frozen), however often they are asked: here beside Honor of the
    Pure through a whole combat, in which the bears die."""
    writes = []

    class Counting(dict):
        def __init__(self, name):
            super().__init__()
            self.name = name

        def __setitem__(self, key, value):
            writes.append((self.name, key))
            super().__setitem__(key, value)
    monkeypatch.setattr(characteristics, "GRANTING", Counting("granting"))
    monkeypatch.setattr(replacement, "KINDS", Counting("kinds"))
    view = last_view(_combat("Grizzly Bears", "Hill Giant", ("Honor of the Pure",)), BLOCK)
    assert view["cards"]["attacker"]["zone"] == "graveyard"
    assert {name for name, _ in writes} == {"granting", "kinds"}
    assert len(writes) == len(set(writes)) == 2  # one card with statics, asked once by each


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


def _keyword_questions(monkeypatch) -> list:
    """Whether each keywords() question protection asks (prevention.qualities) names the game."""
    asked = []
    original = prevention.keywords
    monkeypatch.setattr(prevention, "keywords",
                        lambda o, game=None, grants=None: asked.append(game is not None) or original(o, game, grants))
    return asked


KAVU_BLOCKED = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}],
                                      "hand": [{"card": "Kavu Titan", "label": "kavu"}], "mana": "{G}{G}{G}{G}{G}",
                                      "library": [{"card": "Forest", "label": "forest"}]},
                            "bob": {"battlefield": [{"card": "Hill Giant", "label": "giant"}],
                                    "library": [{"card": "Island", "label": "island"}]}}}
KAVU_ATTACKS = [{"cast": {"card": "kavu", "kicks": 1}}, {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}},
                {"advance": {"turn": "next", "to": "main1"}},
                {"declare_attackers": {"attackers": [{"card": "kavu"}]}},
                {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "kavu"}]}},
                {"advance": {"to": "end_of_combat"}}]


def test_a_gained_keyword_alone_is_read_without_the_layers_for_protection(monkeypatch):
    """Kicked Kavu Titan (trample gained as it entered) blocked by Hill Giant, no static ability on
    the battlefield and no "until end of turn" effect: the Titan's keywords are its own and its
    gained ones, so the protection question about the damage it is dealt reads them without the
    game (no needs_layers or grant_sources pass); it has no protection and is dealt the damage."""
    asked = _keyword_questions(monkeypatch)
    view = last_view(KAVU_BLOCKED, KAVU_ATTACKS)
    assert view["cards"]["kavu"]["damage"] == 3 and view["cards"]["giant"]["zone"] == "graveyard"
    assert asked and not any(asked)


def test_beside_a_static_ability_protection_reads_the_keywords_through_the_game(monkeypatch):
    """The same combat beside bob's Honor of the Pure (a static ability that could grant keywords):
    the question names the game, with the same result."""
    bob = KAVU_BLOCKED["players"]["bob"]
    setup = {"players": {**KAVU_BLOCKED["players"],
                         "bob": {**bob, "battlefield": [*bob["battlefield"], {"card": "Honor of the Pure", "label": "honor"}]}}}
    asked = _keyword_questions(monkeypatch)
    view = last_view(setup, KAVU_ATTACKS)
    assert view["cards"]["kavu"]["damage"] == 3 and view["cards"]["giant"]["zone"] == "graveyard"
    assert asked and all(asked)


def _leaving_questions(monkeypatch) -> dict:
    """Calls of the questions Game.move may ask about a permanent leaving the battlefield."""
    from reference_impl.state import game as game_module
    return _count_calls(monkeypatch, ("power_toughness", "printed_power_toughness", "may_grant_triggers"), game_module)


def _plowshares(bob_battlefield: list) -> dict:
    return {"players": {"alice": {"hand": [{"card": "Swords to Plowshares", "label": "swords"}], "mana": "{W}"},
                        "bob": {"battlefield": bob_battlefield}}}


SWORDS_ON_LIONS = [{"cast": {"card": "swords", "targets": ["lions"], "pay": "{W}"}}, {"resolve": {}}]


def test_a_permanent_leaving_a_plain_battlefield_keeps_its_printed_power(monkeypatch):
    """Swords to Plowshares exiles bob's Savannah Lions with two +1/+1 counters, nothing else on the
    battlefield: Game.move reads its last power (608.2h) as printed power plus counters without
    the layers or the static boosts (power_toughness), and asks no question about granted
    triggered abilities (no static ability, no "until end of turn" effect); bob gains 4."""
    asked = _leaving_questions(monkeypatch)
    view = last_view(_plowshares([{"card": "Savannah Lions", "label": "lions", "counters": {"+1/+1": 2}}]),
                     SWORDS_ON_LIONS)
    assert view["cards"]["lions"]["zone"] == "exile" and view["players"]["bob"]["life"] == 24
    assert asked == {"printed_power_toughness": 1}


def test_a_permanent_leaving_beside_a_static_ability_reads_every_effect(monkeypatch):
    """The same beside bob's Honor of the Pure (white creatures get +1/+1): the Lions' last power
    is read through power_toughness (5), and whether a triggered ability is granted is asked."""
    asked = _leaving_questions(monkeypatch)
    view = last_view(_plowshares([{"card": "Savannah Lions", "label": "lions", "counters": {"+1/+1": 2}},
                                  {"card": "Honor of the Pure", "label": "honor"}]), SWORDS_ON_LIONS)
    assert view["cards"]["lions"]["zone"] == "exile" and view["players"]["bob"]["life"] == 25
    assert asked.get("power_toughness", 0) == 1 and asked.get("may_grant_triggers", 0) == 1
    assert "printed_power_toughness" not in asked


def test_steps_given_no_choices_share_one_empty_choices(monkeypatch):
    """A step (or an ability resolving without a step's choices) given no `choices` reads the one
    shared EMPTY_CHOICES: no Choices is built for it. A step that gives choices still gets its own,
    checked against the case's labels."""
    from reference_impl.rules import choices as choices_module
    from reference_impl.scenario import play

    built = []
    original = choices_module.Choices.__init__
    monkeypatch.setattr(choices_module.Choices, "__init__",
                        lambda self, raw, game=None: built.append(raw) or original(self, raw, game))
    view = last_view(KAVU_BLOCKED, KAVU_ATTACKS)
    assert view["cards"]["giant"]["zone"] == "graveyard"
    assert built == []
    assert choices_module.EMPTY_CHOICES.get("you_may") is None and not choices_module.EMPTY_CHOICES.trigger_targets
    results = play(KAVU_BLOCKED, [{"advance": {"to": "main2", "choices": {"discard": ["nowhere"]}}}], allow_errored=True)
    assert results[0]["status"] == "errored" and "nowhere" in results[0]["message"]
    assert built == [{"discard": ["nowhere"]}]
