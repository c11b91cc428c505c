"""Faulty engines for daybound and nightbound (702.145), day and night (731) and what a transforming
permanent keeps (712.18, 701.27e), with Brutal Cathar // Moonrage Brute and its "exile ... until this
creature leaves the battlefield" (610.3). Each drops a claim of spec/rules/peer-tests-forge-daybound.yaml;
all are designed (no public report known). They patch the reference engine by name:
reference_impl/rules/day_night.py (check, becomes, untap_step_check, enters_transformed,
transform_permanent) and state/game.py (Game._until_it_leaves)."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

DAY = "peers-forge/daybound-and-day-and-night#"
CATHAR = "Brutal Cathar // Moonrage Brute"


def _never_day(stack, run):
    """A daybound permanent never makes it day (702.145d ignored): it stays neither, so no untap step changes it."""
    module = locate.module_of("untap_step_check")
    stack.enter_context(_swap(module, "check", lambda game: None))


def _swap(module, name, value):
    from unittest import mock
    return mock.patch.object(module, name, value)


def _new_active_players_spells(stack, run):
    """The untap step's check counts the spells the NEW active player cast in the previous turn."""
    def make(original):
        def faulty(game, previous_active, previous_spells):
            return original(game, game.active, previous_spells)
        return faulty
    locate.patch(stack, "untap_step_check", make)


def _one_spell_makes_it_day(stack, run):
    """At night, one spell cast by the previous turn's active player makes it day."""
    def make(original):
        def faulty(game, previous_active, previous_spells):
            if game.day_night == "night" and any(who == previous_active for _, who in previous_spells):
                return locate.obj("becomes")(game, "day")
            return original(game, previous_active, previous_spells)
        return faulty
    locate.patch(stack, "untap_step_check", make)


def _designation_only(stack, run):
    """It becomes night or day, but no daybound or nightbound permanent transforms."""
    def make(original):
        def faulty(game, designation):
            game.day_night = designation
        return faulty
    locate.patch(stack, "becomes", make)


def _day_transforms_nothing(stack, run):
    """It becomes day, but no back face up nightbound permanent transforms (night works as it should)."""
    def make(original):
        def faulty(game, designation):
            if designation == "day":
                game.day_night = designation
                return
            original(game, designation)
        return faulty
    locate.patch(stack, "becomes", make)


def _new_object(stack, run):
    """A permanent that transforms becomes a new object, as if it left and re-entered the battlefield:
    its counters are gone and what it exiled "until it leaves the battlefield" returns."""
    is_transformed = locate.obj("is_transformed")

    def make(original):
        def faulty(game, o):
            before = is_transformed(o)
            original(game, o)
            if is_transformed(o) != before:
                o.moves += 1
                o.counters = {}
                game._until_it_leaves(o)
                if game.returns_due and game.exile_returner is not None:
                    game.exile_returner(game)
        return faulty
    locate.patch(stack, "transform_permanent", make)


def _no_transform_event(stack, run):
    """Transforming is no event abilities see: "transforms into Brutal Cathar" never triggers."""
    def make(original):
        def faulty(game, o):
            locate.obj("transform")(o)
        return faulty
    locate.patch(stack, "transform_permanent", make)


def _front_face_up_at_night(stack, run):
    """A daybound card enters front face up at night (702.145b ignored)."""
    locate.patch(stack, "enters_transformed", lambda original: lambda game, card: False)


def _never_returns(stack, run):
    """The card exiled "until this creature leaves the battlefield" stays exiled when it leaves."""
    locate.patch_method(stack, "Game", "_until_it_leaves", lambda original: lambda self, o: None)


BOB_TURN = {"active": "bob", "step": "main1"}
NIGHT_FALLS = case(
    {"alice": {"hand": cards((CATHAR, "cathar")), "mana": "{W}{C}{C}", "library": cards(("Plains", "p1"))},
     "bob": {"battlefield": cards(("Slaughter Specialist", "specialist")), "library": cards(("Mountain", "m1"))}},
    [{"cast": {"card": "cathar", "pay": "{W}{C}{C}"}},
     {"resolve": {"choices": {"trigger_targets": [{"source": "cathar", "targets": ["specialist"]}]}}},
     {"resolve": {}},
     {"advance": {"to": "main1", "turn": "next"}},
     {"advance": {"to": "upkeep", "turn": "next"}}])
DAY_AGAIN = case(
    {"alice": {"battlefield": [{"card": CATHAR, "label": "cathar", "counters": {"+1/+1": 1}},
                               {"card": "Mountain", "label": "m1"}],
               "hand": cards(("Shock", "shock1")), "library": cards(("Plains", "p1"), ("Plains", "p2"))},
     "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Mountain", "m2"), ("Mountain", "m3")),
             "hand": cards(("Shock", "shock2"), ("Shock", "shock3")),
             "library": cards(("Forest", "f1"), ("Forest", "f2"))}},
    [{"advance": {"to": "main1", "turn": "next"}},
     {"tap_for_mana": {"permanents": ["m1"]}},
     {"cast": {"card": "shock1", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}},
     {"advance": {"to": "main1", "turn": "next"}},
     {"tap_for_mana": {"permanents": ["m2", "m3"]}},
     {"cast": {"card": "shock2", "by": "bob", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}},
     {"cast": {"card": "shock3", "by": "bob", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}},
     {"advance": {"to": "upkeep", "turn": "next"}},
     {"resolve": {"choices": {"trigger_targets": [{"source": "cathar", "targets": ["bears"]}]}}}],
    turn=BOB_TURN)
AT_NIGHT = case(
    {"alice": {"battlefield": cards((CATHAR, "cathar1"), ("Plains", "p1"), ("Plains", "p2"), ("Plains", "p3")),
               "hand": cards((CATHAR, "cathar2")), "library": cards(("Plains", "p4"))},
     "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
    [{"advance": {"to": "main1", "turn": "next"}},
     {"tap_for_mana": {"permanents": ["p1", "p2", "p3"]}},
     {"cast": {"card": "cathar2", "pay": "{W}{W}{W}"}},
     {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "cathar2", "targets": ["bears"]}]}}}],
    turn=BOB_TURN)
MURDERED = case(
    {"alice": {"hand": cards((CATHAR, "cathar"), ("Murder", "murder")), "mana": "{W}{B}{B}{C}{C}{C}"},
     "bob": {"battlefield": cards(("Slaughter Specialist", "specialist"))}},
    [{"cast": {"card": "cathar", "pay": "{W}{C}{C}"}},
     {"resolve": {"choices": {"trigger_targets": [{"source": "cathar", "targets": ["specialist"]}]}}},
     {"resolve": {}},
     {"cast": {"card": "murder", "targets": ["cathar"], "pay": "{B}{B}{C}"}}, {"resolve": {}}])

def _copy_of_back_face_keeps_front_cost(stack, run):
    """A permanent copying a transforming double-faced permanent's back face gets the mana value of
    that card's front face, as the double-faced permanent itself has (712.8e says 0)."""
    cards_by_name = vars(locate.module_of("card_def"))["CARDS"]

    def make(original):
        def faulty(o):
            card = o.card
            if card.layout == "transform_back":
                for cd in cards_by_name.values():
                    if cd.layout == "transform" and cd.faces[1] is card and cd.faces[0].cost is not None:
                        return cd.faces[0].cost.total
            return original(o)
        return faulty
    locate.patch(stack, "mana_value", make)


def _copy_transforms_in_name(stack, run):
    """A permanent with daybound that isn't a double-faced card is told to transform and, though
    nothing happens, its "transforms into" abilities trigger as if it had."""
    event, emit = locate.obj("Event"), locate.obj("emit")

    def make(original):
        def faulty(game, o):
            original(game, o)
            if o.printed.layout != "transform":
                emit(game, event("transformed", o.controller, o.oid, None))
        return faulty
    locate.patch(stack, "transform_permanent", make)


FAULTS = [
    Fault("daybound_never_makes_it_day", "702.145d",
          "(designed) a permanent with daybound doesn't make it day: with neither day nor night, no turn makes "
          "Brutal Cathar transform",
          _never_day, NIGHT_FALLS, claims=(DAY + "it-becomes-day",)),
    Fault("night_checks_the_new_active_player", "731.2a",
          "(designed) the untap step's day/night check counts the spells the new active player cast in the "
          "previous turn, not the previous turn's active player's",
          _new_active_players_spells, NIGHT_FALLS, claims=(DAY + "night-after-a-turn-without-spells",)),
    Fault("daybound_doesnt_transform_as_it_becomes_night", "702.145c",
          "(designed) it becomes night but the front face up daybound permanents don't transform",
          _designation_only, NIGHT_FALLS, claims=(DAY + "transforms-as-it-becomes-night",)),
    Fault("nightbound_doesnt_transform_as_it_becomes_day", "702.145f",
          "(designed) it becomes day but the back face up nightbound permanents don't transform",
          _day_transforms_nothing, DAY_AGAIN, claims=(DAY + "nightbound-transforms-as-it-becomes-day",)),
    Fault("transforming_makes_a_new_object", "712.18",
          "(designed) a permanent that transforms becomes a new object: its counters are lost and the card it "
          "exiled until it leaves the battlefield returns",
          _new_object, NIGHT_FALLS, claims=(DAY + "the-same-object",)),
    Fault("one_spell_makes_it_day", "731.2b",
          "(designed) at night one spell cast by the previous turn's active player makes it day",
          _one_spell_makes_it_day, DAY_AGAIN, claims=(DAY + "two-spells-make-it-day",)),
    Fault("transforms_into_doesnt_trigger", "701.27e",
          "(designed) transforming is no event: \"enters or transforms into Brutal Cathar\" triggers only as it enters",
          _no_transform_event, DAY_AGAIN, claims=(DAY + "transforms-into-brutal-cathar",)),
    Fault("daybound_enters_front_face_up_at_night", "702.145b",
          "(designed) a daybound card enters front face up at night: Brutal Cathar's enters ability exiles a creature",
          _front_face_up_at_night, AT_NIGHT, claims=(DAY + "enters-transformed-at-night",)),
    Fault("exiled_until_never_returns", "610.3",
          "(designed) the card exiled until its exiler leaves the battlefield stays exiled when it leaves",
          _never_returns, MURDERED, claims=(DAY + "returns-after-the-cathar-leaves",)),
    Fault("copy_of_a_back_face_has_its_front_faces_mana_value", "712.8e",
          "(designed) a Clone copying Moonrage Brute has mana value 3 (the Brute's front face's), not 0",
          _copy_of_back_face_keeps_front_cost,
          case({"alice": {"battlefield": cards((CATHAR, "cathar"), *(("Island", f"i{n}") for n in range(1, 5))),
                          "hand": cards(("Clone", "clone")), "library": cards(("Plains", "p1"))},
                "bob": {"library": cards(("Island", "b1"))}},
               [{"advance": {"to": "main1", "turn": "next"}},
                {"tap_for_mana": {"permanents": [f"i{n}" for n in range(1, 5)]}},
                {"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}}, {"resolve": {"choices": {"clone": "cathar"}}}],
               turn={"active": "bob", "step": "main1"}),
          claims=(DAY + "a-copy-of-the-back-face-has-mana-value-zero",)),
    Fault("a_copy_of_a_daybound_card_transforms_in_name", "701.27c",
          "(designed) a Clone copying Brutal Cathar \"transforms\" as it becomes night: its \"transforms into "
          "Brutal Cathar\" triggers, though nothing happened",
          _copy_transforms_in_name,
          case({"alice": {"battlefield": cards((CATHAR, "cathar"), *(("Island", f"i{n}") for n in range(1, 5))),
                          "hand": cards(("Clone", "clone")), "library": cards(("Plains", "p1"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Savannah Lions", "lions")),
                        "library": cards(("Island", "b1"))}},
               [{"tap_for_mana": {"permanents": [f"i{n}" for n in range(1, 5)]}},
                {"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"choices": {"clone": "cathar",
                                         "trigger_targets": [{"source": "clone", "targets": ["bears"]}]}}},
                {"resolve": {}}, {"advance": {"to": "main1", "turn": "next"}},
                {"advance": {"to": "upkeep", "turn": "next"}}]),
          claims=(DAY + "only-a-double-faced-card-transforms",)),
]


def _any_with(game, keyword: str) -> bool:
    return any(keyword in game.objs[oid].card.keywords for oid in game.battlefield)


def _nightbound_never_makes_it_night(stack, run):
    """702.145g ignored: a nightbound permanent without a daybound one leaves it neither day nor night."""
    module = locate.module_of("untap_step_check")
    check, daybound = vars(module)["check"], vars(module)["DAYBOUND"]

    def faulty(game):
        if _any_with(game, daybound):
            check(game)
    stack.enter_context(_swap(module, "check", faulty))


def _nightbound_first(stack, run):
    """702.145g read without "there are no permanents with daybound": a nightbound permanent makes it
    night even beside a daybound one."""
    module = locate.module_of("untap_step_check")
    check, becomes, nightbound = vars(module)["check"], vars(module)["becomes"], vars(module)["NIGHTBOUND"]

    def faulty(game):
        if game.day_night is None and _any_with(game, nightbound):
            becomes(game, "night")
        check(game)
    stack.enter_context(_swap(module, "check", faulty))


_NIGHTBOUND_SET_UP = case(
    {"alice": {"battlefield": [{"card": CATHAR, "label": "brute", "transformed": True}],
               "hand": cards(("Shock", "shock1"), ("Shock", "shock2")), "library": cards(("Plains", "a1")),
               "mana": "{R}{R}"},
     "bob": {"library": cards(("Island", "b1"))}},
    [{"cast": {"card": "shock1", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}},
     {"cast": {"card": "shock2", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}},
     {"advance": {"turn": "next", "to": "upkeep"}}])

FAULTS += [
    Fault("nightbound_never_makes_it_night", "702.145g",
          "(designed) a nightbound permanent with no daybound one leaves it neither day nor night: Moonrage Brute "
          "set up back face up never transforms back, whatever is cast",
          _nightbound_never_makes_it_night, _NIGHTBOUND_SET_UP, claims=(DAY + "nightbound-alone-makes-it-night",)),
    Fault("nightbound_makes_it_night_beside_daybound", "702.145g",
          "(designed) a nightbound permanent makes it night even beside a daybound one: Moonrage Brute set up "
          "beside Brutal Cathar makes it night and the Cathar transforms too",
          _nightbound_first,
          case({"alice": {"battlefield": [{"card": CATHAR, "label": "brute", "transformed": True},
                                          {"card": CATHAR, "label": "cathar"}],
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          claims=(DAY + "nightbound-alone-makes-it-night",)),
]
