"""Faulty engines for madness (702.35a): a discarded card with madness exiled instead of put into the
graveyard, its trigger offering a cast for the madness cost (timing ignored, 608.2g), the card put into
the graveyard when not cast, and the madness cost usable only through that trigger. Each drops a claim
of spec/rules/madness.yaml; all are designed (no public report known). They patch the reference engine
by name: rules.actions.discard_card, effects.CastExiledForMadness.apply, rules.offered_casts.cast_offered
and rules.casting.cast."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap, swap_method

ENTRY = "madness/discarded-into-exile-and-cast#"

PYROMANCER = ("Seasoned Pyromancer", "pyromancer")
GREETING = ("Alchemist's Greeting", "greeting")
AIR = ("Air Elemental", "air")


def _pyromancer(*more) -> dict:
    return case({"alice": {"hand": cards(PYROMANCER, GREETING, ("Plains", "plains")), "mana": "{R}{R}{C}{R}{C}",
                           "library": cards(("Mountain", "l1"), ("Mountain", "l2"))},
                 "bob": {"battlefield": cards(AIR)}},
                [{"cast": {"card": "pyromancer", "pay": "{R}{R}{C}"}}, {"resolve": {}},
                 {"resolve": {"choices": {"discard": ["greeting", "plains"]}}}, *more])


def _to_the_graveyard(original):
    """Madness never applies: the discarded card goes to the graveyard and nothing triggers."""
    return lambda game, o: game.move(o, "graveyard")


def _stays_in_exile(original):
    """Not cast, the card stays in exile (the "If that player doesn't" part dropped)."""
    def faulty(self, ctx):
        o, event = ctx.source, ctx.event
        if o is None or o.zone != "exile" or event is None or o.moves != event.amount:
            return
        locate.obj("cast_offered")(ctx.game, [o.oid], o.owner, ctx.choices.get("cast"), "madness")
    return faulty


def _only_at_sorcery_speed(original):
    """The offered cast keeps the card's timing: a sorcery can't be cast during the opponent's turn, so it
    goes to the graveyard."""
    def faulty(self, ctx):
        o, game = ctx.source, ctx.game
        if o is not None and "Sorcery" in o.card.types and (game.active != o.owner or len(game.stack) > 0):
            if o.zone == "exile":
                game.move(o, "graveyard")
            return
        original(self, ctx)
    return faulty


def _for_its_mana_cost(original):
    """The madness cast pays the card's mana cost (no alternative cost)."""
    def faulty(game, oids, caster, choice, alternative):
        return original(game, oids, caster, choice, None if alternative == "madness" else alternative)
    return faulty


def _cast_step_may_use_it(stack, run):
    """A cast step may use the madness cost from the hand: the Greeting cast for {1}{R}."""
    def make(original):
        def faulty(game, args, offered=False):
            return original(game, args, offered=offered or (isinstance(args, dict)
                                                             and args.get("alternative") == "madness"))
        return faulty
    locate.patch(stack, "cast", make)


FAULTS = [
    Fault("madness_ignored", "702.35a",
          "(designed) a discarded card with madness goes to the graveyard: Alchemist's Greeting discarded to "
          "Seasoned Pyromancer is not exiled and can't be cast",
          swap("discard_card", _to_the_graveyard),
          _pyromancer(),
          claims=(ENTRY + "discards-it-but-exiles-it",)),
    Fault("madness_card_not_cast_stays_in_exile", "702.35a",
          "(designed) Alchemist's Greeting not cast as its madness trigger resolves stays in exile",
          swap_method("CastExiledForMadness", "apply", _stays_in_exile),
          _pyromancer({"resolve": {}}),
          claims=(ENTRY + "if-that-player-doesnt",)),
    Fault("madness_cast_keeps_sorcery_timing", "608.2g",
          "(designed) the madness cast of a sorcery keeps its timing: during bob's turn alice can't cast "
          "Alchemist's Greeting, it goes to her graveyard",
          swap_method("CastExiledForMadness", "apply", _only_at_sorcery_speed),
          case({"alice": {"hand": cards(GREETING), "mana": "{R}{C}"},
                "bob": {"hand": cards(("Hypnotic Cloud", "cloud")), "mana": "{B}{C}", "battlefield": cards(AIR)}},
               [{"cast": {"card": "cloud", "targets": ["alice"], "pay": "{B}{C}"}}, {"resolve": {}},
                {"resolve": {"choices": {"cast": {"card": "greeting", "targets": ["air"], "pay": "{R}{C}"}}}}],
               turn={"active": "bob", "step": "main1"}),
          claims=(ENTRY + "may-cast-it-for-the-madness-cost",)),
    Fault("madness_cast_pays_the_mana_cost", "702.35b",
          "(designed) the madness cast pays Alchemist's Greeting's mana cost {4}{R}: alice's {1}{R} doesn't cover it",
          swap("cast_offered", _for_its_mana_cost),
          _pyromancer({"resolve": {"choices": {"cast": {"card": "greeting", "targets": ["air"], "pay": "{R}{C}"}}}}),
          claims=(ENTRY + "an-alternative-cost",)),
    Fault("madness_cost_in_a_cast_step", "702.35a",
          "(designed) a cast step may use the madness cost: Alchemist's Greeting cast from alice's hand for {1}{R}",
          _cast_step_may_use_it,
          case({"alice": {"hand": cards(GREETING), "mana": "{R}{C}{C}{C}{C}"}, "bob": {"battlefield": cards(AIR)}},
               [{"cast": {"card": "greeting", "targets": ["air"], "alternative": "madness", "pay": "{R}{C}"}}]),
          claims=(ENTRY + "only-when-exiled-this-way",)),
]
