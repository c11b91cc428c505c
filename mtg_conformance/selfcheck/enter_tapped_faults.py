"""Faulty engines for the replacement effects on how a permanent enters tapped or untapped: a land's
own "This land enters tapped", Spelunking's "Lands you control enter untapped" and Archelos, Lagoon
Mystic's "other permanents enter tapped/untapped" (614.1d), applied in the order the entering
permanent's controller chooses (616.1, 616.1e-f). Each drops claims of
spec/rules/peer-tests-phase-enter-tapped-order.yaml; all are designed (no public report known).
They patch the reference engine's `enters_tapped` and the effect's `applies` by name
(reference_impl/rules/replacement.py) and `enter_battlefield` (rules/resolution.py).
"""

from __future__ import annotations

from contextlib import contextmanager

from . import locate
from .fault import Fault, cards, case

ORDER = "peers-phase/enter-tapped-and-untapped-in-the-order-chosen#"

_SPELUNKING = {"battlefield": cards(("Spelunking", "spelunking")), "hand": cards(("Azorius Guildgate", "gate"))}


def _gate_played(order: list[str]) -> dict:
    return case({"alice": _SPELUNKING},
                [{"play_land": {"card": "gate", "choices": {"replacement_order": order}}}])


def _bears_with_archelos(tapped: bool) -> dict:
    archelos = {"card": "Archelos, Lagoon Mystic", "label": "archelos", "tapped": tapped}
    return case({"alice": {"battlefield": [archelos], "hand": cards(("Grizzly Bears", "bears")), "mana": "{G}{G}"}},
                [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}])


@contextmanager
def _order_cleared(game):
    saved, game.replacement_order = game.replacement_order, ()
    try:
        yield
    finally:
        game.replacement_order = saved


def _order_ignored(stack, run):
    """The order the controller gives is ignored: the effects apply by timestamp (the entering land's
    own last), so a Guildgate played beside Spelunking always enters tapped."""
    def make(original):
        def faulty(game, o, controller, tapped, own):
            with _order_cleared(game):
                return original(game, o, controller, tapped, own)
        return faulty
    locate.patch(stack, "enters_tapped", make)


def _untapped_always_last(stack, run):
    """"Enters untapped" overrides "enters tapped" whatever the order (applied as if it always came
    last): choosing Spelunking first still gives an untapped Guildgate."""
    def make(original):
        def faulty(game, o, controller, tapped, own):
            result = original(game, o, controller, tapped, own)
            effects = locate.obj("_effects")(game, "enter_tapped")
            from types import SimpleNamespace
            ev = SimpleNamespace(obj=o, player=controller)
            if any(not e.tapped and (src is None or src.oid != o.oid) and e.applies(game, src, ev)
                   for _, src, e, _ in effects if hasattr(e, "tapped")):
                return False
            return result
        return faulty
    locate.patch(stack, "enters_tapped", make)


def _only_the_first_applies(stack, run):
    """Only the effect chosen first applies (616.1f's repetition dropped): the Guildgate's own
    "enters tapped" chosen first leaves it tapped, Spelunking never applying after it."""
    def make(original):
        def faulty(game, o, controller, tapped, own):
            order = game.replacement_order
            first = order[0] if order else None
            if first is not None and first == o.label and own:
                return True
            return original(game, o, controller, tapped, own)
        return faulty
    locate.patch(stack, "enters_tapped", make)


def _only_lands(stack, run):
    """"Other permanents enter tapped" is applied to lands only (as if it said "other lands"): a
    creature cast while Archelos is tapped enters untapped."""
    def make(original):
        def applies(self, game, src, ev):
            return "Land" in ev.obj.card.types and original(self, game, src, ev)
        return applies
    locate.patch_method(stack, "EnterTappedOrUntapped", "applies", make)


def _conditions_swapped(stack, run):
    """Archelos's "As long as ~ is tapped" and "untapped" are read the other way round: with Archelos
    untapped a creature enters tapped (no effect says so), with Archelos tapped a Forest enters untapped."""
    def make(original):
        def applies(self, game, src, ev):
            if self.while_tapped is None:
                return original(self, game, src, ev)
            from dataclasses import replace
            return original(replace(self, while_tapped=not self.while_tapped), game, src, ev)
        return applies
    locate.patch_method(stack, "EnterTappedOrUntapped", "applies", make)


def _not_for_effects(stack, run):
    """A permanent an effect puts onto the battlefield (or a resolving permanent spell) gets only its
    own "enters tapped": other permanents' "enter untapped" is applied to lands played alone."""
    entering = []

    def make_enter(original):
        def faulty(*args, **kwargs):
            entering.append(True)
            try:
                return original(*args, **kwargs)
            finally:
                entering.pop()
        return faulty

    def make_tapped(original):
        def faulty(game, o, controller, tapped, own):
            if entering:
                return bool(own) or tapped
            return original(game, o, controller, tapped, own)
        return faulty
    locate.patch(stack, "enter_battlefield", make_enter)
    locate.patch(stack, "enters_tapped", make_tapped)


_SPELUNKING_CAST = case(
    {"alice": {"hand": cards(("Spelunking", "spelunking"), ("Azorius Guildgate", "gate")),
               "library": cards(("Grizzly Bears", "lib1")), "mana": "{G}{C}{C}"}},
    [{"cast": {"card": "spelunking", "pay": "{G}{C}{C}"}}, {"resolve": {}},
     {"resolve": {"choices": {"chosen": ["gate"], "replacement_order": ["gate", "spelunking"]}}}])

FAULTS = [
    Fault("enter_tapped_order_ignored", "616.1",
          "(designed) the order of \"enters tapped\" and \"enters untapped\" is the engine's, not the entering "
          "permanent's controller's: a Guildgate played beside Spelunking always enters tapped",
          _order_ignored, _gate_played(["gate", "spelunking"]),
          claims=(ORDER + "the-affected-objects-controller-chooses", ORDER + "any-applicable-effect-may-be-chosen")),
    Fault("enter_untapped_always_wins", "616.1e",
          "(designed) \"enters untapped\" beats \"enters tapped\" in any order: Spelunking chosen first still "
          "gives an untapped Guildgate",
          _untapped_always_last, _gate_played(["spelunking", "gate"]),
          claims=(ORDER + "any-applicable-effect-may-be-chosen",)),
    Fault("enter_tapped_only_first_chosen_applies", "616.1f",
          "(designed) only the effect chosen first applies to how a permanent enters: the Guildgate's own "
          "\"enters tapped\" first leaves it tapped, Spelunking never applying after it",
          _only_the_first_applies, _gate_played(["gate", "spelunking"]),
          claims=(ORDER + "the-process-is-repeated",)),
    Fault("others_enter_tapped_only_lands", "614.1d",
          "(designed) \"other permanents enter tapped\" applies to lands only: a Grizzly Bears cast while "
          "Archelos is tapped enters untapped",
          _only_lands, _bears_with_archelos(True),
          claims=(ORDER + "objects-enter-is-a-replacement",)),
    Fault("archelos_conditions_swapped", "110.5b",
          "(designed) \"as long as ~ is tapped\" and \"untapped\" read the other way round: with Archelos "
          "untapped a creature enters tapped though no effect says so",
          _conditions_swapped, _bears_with_archelos(False),
          claims=(ORDER + "untapped-unless-said-otherwise", ORDER + "objects-enter-is-a-replacement")),
    Fault("enter_untapped_only_for_lands_played", "614.12",
          "(designed) other permanents' effects on how a permanent enters apply only to a land played: the "
          "Guildgate Spelunking's enters trigger puts onto the battlefield enters tapped",
          _not_for_effects, _SPELUNKING_CAST,
          claims=(ORDER + "effects-from-other-sources",)),
]
