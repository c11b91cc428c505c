"""Faulty engines for a shield that counts the damage it prevents (615.7) and the counters a delayed
trigger puts for it (603.7a, 122.1a): Sacred Boon's "Prevent the next 3 damage that would be dealt to
target creature this turn. At the beginning of the next end step, put a +0/+1 counter on that creature
for each 1 damage prevented this way." Each drops a claim of spec/rules/peer-tests-xmage-sacred-boon.yaml;
all are designed (no public report known). They patch the reference engine's tally
(reference_impl/rules/prevention.py count_prevented, prevented_this_way) and its counters
(reference_impl/state/layers.py counter_pt) by name."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

BOON = "peers-xmage/sacred-boon#"


def _per_event(stack, run):
    """Each damage event a counting shield prevents counts 1, whatever it prevented of it."""
    locate.patch(stack, "count_prevented", lambda original: lambda game, e, used: original(game, e, min(used, 1)))


def _last_event_only(stack, run):
    """A counting shield keeps only what it prevented of the last event (its tally is replaced, not added to)."""
    def make(original):
        def faulty(game, e, used):
            if used and len(e) > 5 and e[5] is not None:
                game.prevented_by = tuple(x for x in game.prevented_by if x[0] != e[5])
            original(game, e, used)
        return faulty
    locate.patch(stack, "count_prevented", make)


def _any_shield(stack, run):
    """"prevented this way" counts all damage prevented to that creature this turn, by any shield."""
    def count(original):
        def faulty(game, e, used):
            original(game, e, used)
            if used and not (len(e) > 5 and e[5] is not None):
                game.prevented_by = game.prevented_by + ((("any", e[1]), used),)
        return faulty

    def this_way(original):
        def faulty(game, tally):
            return original(game, tally) + original(game, ("any", tally[2]))
        return faulty
    locate.patch(stack, "count_prevented", count)
    locate.patch(stack, "prevented_this_way", this_way)


def _right_away(stack, run):
    """The counters are put on the creature as the damage is prevented, not by a delayed trigger at the
    next end step."""
    def count(original):
        def faulty(game, e, used):
            if used and len(e) > 5 and e[5] is not None:
                o = game.objs.get(e[1])
                if o is not None and o.zone == "battlefield":
                    o.counters["+0/+1"] = o.counters.get("+0/+1", 0) + used
                return
            original(game, e, used)
        return faulty
    locate.patch(stack, "count_prevented", count)


def _only_plus_one_counters(stack, run):
    """Only +1/+1 and -1/-1 counters modify power and toughness: a +0/+1 counter does nothing."""
    def make(original):
        def faulty(counters):
            plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            return plus, plus
        return faulty
    locate.patch(stack, "counter_pt", make)


def _boon_then(damage_card: str, label: str, more=(), alice_extra=(), mana="{W}{W}") -> dict:
    """Alice's Sacred Boon on her Silvercoat Lion, bob's `damage_card` at it, then the end step."""
    return case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")),
                           "hand": cards(*alice_extra, ("Sacred Boon", "boon")), "mana": mana},
                 "bob": {"hand": cards((damage_card, label)), "mana": "{R}{R}{R}"}},
                [*more,
                 {"cast": {"card": "boon", "targets": ["lion"], "pay": "{W}{W}"}}, {"resolve": {}},
                 {"cast": {"card": label, "by": "bob", "targets": ["lion"], "pay": "{R}{R}{R}"}},
                 {"pass_until_empty": {"choices": {"replacement_order": ["mending", "boon"]}} if alice_extra else {}},
                 {"advance": {"to": "end"}}, {"resolve": {}}])


BIG = _boon_then("Bombard", "bombard")
SMALL = _boon_then("Scattershot", "scattershot")
TWO_SHIELDS = _boon_then("Bombard", "bombard", alice_extra=(("Mending Hands", "mending"),), mana="{W}{W}{W}",
                         more=({"cast": {"card": "mending", "targets": ["lion"], "pay": "{W}"}}, {"resolve": {}}))

FAULTS = [
    Fault("prevented_damage_counted_per_event", "615.7",
          "(designed) \"for each 1 damage prevented this way\" counts the damage events the shield prevented damage "
          "of, not the damage: Bombard's 4 (3 prevented) gives one counter",
          _per_event, BIG, claims=(BOON + "each-1-damage-prevented",)),
    Fault("prevented_damage_counts_only_the_last_event", "615.7",
          "(designed) a counting shield keeps only what it prevented of the last damage event: Scattershot and "
          "its copy (1 and 1 prevented) give one counter",
          _last_event_only, SMALL, claims=(BOON + "the-number-of-events-doesnt-matter",)),
    Fault("prevented_this_way_counts_every_shield", "616.1",
          "(designed) \"prevented this way\" counts the damage every shield prevented to that creature: Mending "
          "Hands' prevention gives Sacred Boon's counters",
          _any_shield, TWO_SHIELDS, claims=(BOON + "only-this-shield",)),
    Fault("boon_counters_put_right_away", "603.7a",
          "(designed) the counters are put on the creature as the damage is prevented, not by the delayed "
          "trigger at the next end step",
          _right_away, BIG, claims=(BOON + "at-the-next-end-step",)),
    Fault("plus_zero_plus_one_counters_ignored", "122.1a",
          "(designed) only +1/+1 and -1/-1 counters modify power and toughness: three +0/+1 counters leave "
          "Silvercoat Lion 2/2",
          _only_plus_one_counters, BIG, claims=(BOON + "plus-zero-plus-one",)),
]
