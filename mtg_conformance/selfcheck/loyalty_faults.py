"""Faulty engines for loyalty abilities (606) and a player's hexproof (702.11c): each drops claims
of spec/rules/loyalty-abilities.yaml or spec/rules/peer-tests-xmage-player-hexproof.yaml; all are
designed (no public report known). They patch the reference engine by name: the parts of
rules/loyalty.py (during_their_turn, main_phase_empty_stack, activated_this_turn, loyalty_cost, pay,
enough_loyalty), the turn's start (_new_turn), the target check of a player (hexproof_stops) and
Spark Double's copy exceptions (EntersAsCopy.copy_of; the claim is spec/rules/copies.yaml's).
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap

LOY = "loyalty/loyalty-abilities#"
HEX = "peers-xmage/player-hexproof#"


def _jace(n: int, label: str = "jace") -> dict:
    return {"card": "Jace Beleren", "label": label, "counters": {"loyalty": n}}


_LIBS = {"library": cards(("Island", "i1"), ("Island", "i2"))}
_BOB = {"library": cards(("Island", "b1"), ("Island", "b2"))}
_PLUS_TWO = {"activate": {"card": "jace", "ability": 0}}
_JACE3 = {"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": _BOB}
_CARTH = cards(("Carth the Lion", "carth"))


def _always(value):
    return lambda original: lambda *args: value


def _keeps_activations_across_turns(original):
    """A new turn forgets nothing of the loyalty abilities activated: once for good, not once each turn."""
    def faulty(game):
        kept = game.loyalty_activated
        original(game)
        game.loyalty_activated = kept
    return faulty


def _pay_nothing(original):
    """The loyalty cost is checked but never paid: no counter put on or removed."""
    def faulty(game, o, ab, player, label):
        saved = dict(o.counters)
        original(game, o, ab, player, label)
        o.counters.clear()
        o.counters.update(saved)
    return faulty


def _printed_cost(original):
    return lambda game, o, ab, player: ab.loyalty


def _everyones_modifiers(original):
    """"Loyalty abilities you activate cost an additional [+1]" read as every player's: the
    modifiers of permanents any player controls apply."""
    def faulty(game, o, ab, player):
        return original(game, o, ab, player) + sum(original(game, o, ab, p) - ab.loyalty
                                                   for p in game.players if p != player)
    return faulty


def _limit_on_the_printed_cost(original):
    """606.6 asked of the printed loyalty cost only, not of the cost with its additional costs;
    the cost paid is still the combined one (606.5)."""
    illegal, loyalty_cost, put = locate.obj("IllegalAction"), locate.obj("loyalty_cost"), locate.obj("put_counters")

    def faulty(game, o, ab, player, label):
        have = o.counters.get("loyalty", 0)
        if ab.loyalty < 0 and have < -ab.loyalty:
            raise illegal("606.6", f"{label} has {have} loyalty counter(s)")
        total = loyalty_cost(game, o, ab, player)
        if total > 0:
            put(game, o, "loyalty", total)
        elif total < 0:
            o.counters["loyalty"] = max(0, have + total)
    return faulty


def _spark_double_stays_legendary(stack, run):
    """An "enter as a copy ... and it isn't legendary" (Spark Double) copies the legendary
    supertype all the same: the legend rule (704.5j) then keeps only one of the two."""
    def make(copy_of):
        def faulty(self, card):
            return copy_of(replace(self, not_legendary=False), card)
        return faulty
    locate.patch_method(stack, "EntersAsCopy", "copy_of", make)


def _hexproof_stops_everyone(original):
    has = locate.obj("player_has_hexproof")
    return lambda game, player, controller: has(game, player)


FAULTS = [
    Fault("loyalty_on_opponents_turn", "606.3",
          "(designed) a loyalty ability may be activated in any player's main phase: alice activates her Jace "
          "Beleren's +2 during bob's turn",
          swap("during_their_turn", _always(True)),
          case(_JACE3, [_PLUS_TWO], {"active": "bob", "step": "main1"}),
          claims=(LOY + "main-phase-of-their-turn",)),
    Fault("loyalty_at_instant_speed", "606.3",
          "(designed) a loyalty ability may be activated whenever its controller has priority in their turn: with a "
          "spell on the stack, or at the beginning of combat",
          swap("main_phase_empty_stack", _always(True)),
          case(_JACE3, [_PLUS_TWO], {"active": "alice", "step": "combat"}),
          claims=(LOY + "main-phase-of-their-turn",)),
    Fault("loyalty_twice_each_turn", "606.3",
          "(designed) a planeswalker's loyalty abilities may be activated any number of times each turn",
          swap("activated_this_turn", _always(False)),
          case({"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": _BOB}, [_PLUS_TWO, {"resolve": {}}, _PLUS_TWO]),
          claims=(LOY + "once-each-turn-for-that-permanent",)),
    Fault("loyalty_once_for_good", "606.3",
          "(designed) a permanent whose loyalty ability was activated can't activate one again in a later turn: "
          "the record of \"that turn\" is never cleared",
          swap("_new_turn", _keeps_activations_across_turns),
          case({"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": _BOB},
               [_PLUS_TWO, {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}},
                {"advance": {"turn": "next", "to": "main1"}}, _PLUS_TWO]),
          claims=(LOY + "once-each-turn-for-that-permanent",)),
    Fault("loyalty_cost_not_paid", "606.4",
          "(designed) activating a loyalty ability puts no loyalty counter on the planeswalker and removes none",
          swap("pay", _pay_nothing),
          case({"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": _BOB}, [_PLUS_TWO]),
          claims=(LOY + "the-cost-is-loyalty-counters",)),
    Fault("loyalty_cost_unmodified", "606.4",
          "(designed) the printed loyalty cost is paid as it is: Carth the Lion's additional [+1] is ignored",
          swap("loyalty_cost", _printed_cost),
          case({"alice": {"battlefield": [_jace(3)] + _CARTH, **_LIBS}, "bob": _BOB}, [_PLUS_TWO]),
          claims=(LOY + "the-cost-may-be-modified", LOY + "costs-combined-into-one")),
    Fault("loyalty_cost_modified_by_opponents", "606.4",
          "(designed) an opponent's Carth the Lion also makes the loyalty abilities a player activates cost an "
          "additional [+1]",
          swap("loyalty_cost", _everyones_modifiers),
          case({"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": {**_BOB, "battlefield": _CARTH}},
               [_PLUS_TWO]),
          claims=(LOY + "the-cost-may-be-modified",)),
    Fault("loyalty_cost_overdrawn", "606.6",
          "(designed) a negative loyalty cost may be paid with fewer loyalty counters than it removes: Jace Beleren "
          "with 3 loyalty activates its \u221210",
          swap("enough_loyalty", _always(True)),
          case({"alice": {"battlefield": [_jace(3)], **_LIBS}, "bob": _BOB},
               [{"activate": {"card": "jace", "ability": 2, "targets": ["bob"]}}]),
          claims=(LOY + "negative-cost-needs-that-many-counters",)),
    Fault("loyalty_last_counter_kept", "606.6",
          "(designed) a negative loyalty cost needs more loyalty counters than it removes: Jace Beleren with 1 "
          "loyalty can't activate its \u22121",
          swap("enough_loyalty", lambda original: lambda have, total: have > -total),
          case({"alice": {"battlefield": [_jace(1)], **_LIBS}, "bob": _BOB},
               [{"activate": {"card": "jace", "ability": 1, "targets": ["bob"]}}]),
          claims=(LOY + "negative-cost-needs-that-many-counters",)),
    Fault("loyalty_limit_on_printed_cost", "606.6",
          "(designed) whether a negative loyalty cost can be paid is asked of its printed cost, without the "
          "additional costs: with Carth the Lion, Jace Beleren with 9 loyalty can't activate its \u221210",
          swap("pay", _limit_on_the_printed_cost),
          case({"alice": {"battlefield": [_jace(9)] + _CARTH, **_LIBS}, "bob": _BOB},
               [{"activate": {"card": "jace", "ability": 2, "targets": ["bob"]}}]),
          claims=(LOY + "additional-costs-count",)),
    Fault("spark_double_stays_legendary", "707.9b",
          "(designed) Spark Double entering as a copy of a legendary permanent is legendary all the same (its "
          "exception \"and it isn't legendary\" is dropped): the legend rule puts one of the two into the graveyard",
          _spark_double_stays_legendary,
          case({"alice": {"battlefield": cards(("Carth the Lion", "carth")), "hand": cards(("Spark Double", "double")),
                          "mana": "{U}{U}{U}{U}"}},
               [{"cast": {"card": "double"}}, {"resolve": {"choices": {"clone": "carth"}}}]),
          claims=("copies/exceptions-to-the-copying-process-are-copiable-values#exception-applies",)),
    Fault("player_hexproof_ignored", "702.11c",
          "(designed) a player's hexproof (Leyline of Sanctity) stops nothing: an opponent's ability and spell target "
          "that player",
          swap("hexproof_stops", _always(False)),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Leyline of Sanctity", "leyline"))}},
               [{"cast": {"card": "bolt", "targets": ["bob"]}}]),
          claims=(HEX + "opponents-cant-target-the-player",)),
    Fault("player_hexproof_stops_everyone", "702.11c",
          "(designed) a player's hexproof reads as shroud: the player's own spells and abilities can't target them "
          "either",
          swap("hexproof_stops", _hexproof_stops_everyone),
          case({"bob": {"battlefield": cards(("Leyline of Sanctity", "leyline")), "hand": cards(("Shock", "shock")),
                        "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["bob"]}}]),
          claims=(HEX + "only-the-opponents",)),
]
