"""Faulty engines for rebound (702.88a; spec/rules/rebound.yaml): the spell not exiled as it resolves,
exiled however it was cast or even when it didn't resolve, and its delayed trigger at the wrong upkeep.
All are designed. They patch `rebounds` and `exile_for_rebound` (rules/rebound.py) and the effect
`MayCastItFromExile` by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

REBOUND = "rebound/exiled-as-it-resolves-and-cast-at-your-next-upkeep#"
_NEXT_UPKEEP = {"advance": {"to": "upkeep", "turn": "next"}}


def _ephemerate(steps: list, bob: dict | None = None) -> dict:
    players = {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}],
                         "hand": [{"card": "Ephemerate", "label": "ephemerate"}],
                         "library": [{"card": "Island", "label": "i1"}, {"card": "Island", "label": "i2"}],
                         "mana": "{W}"},
               "bob": bob or {"library": [{"card": "Island", "label": "b1"}, {"card": "Island", "label": "b2"}]}}
    return case(players, [{"cast": {"card": "ephemerate", "targets": ["bears"], "pay": "{W}"}}, *steps])


def _never(stack, run):
    """Rebound does nothing: the spell goes to the graveyard as it resolves."""
    locate.patch(stack, "rebounds", lambda original: lambda o: False)


def _from_anywhere(stack, run):
    """Rebound ignores "If this spell was cast from your hand": a spell cast from exile rebounds again."""
    locate.patch(stack, "rebounds", lambda original: lambda o: bool(o.card.rebound) and not o.copy)


def _any_upkeep(stack, run):
    """The delayed trigger waits for the next upkeep of any player, not its controller's."""
    def make(original):
        def exile_for_rebound(game, o):
            original(game, o)
            game.delayed = tuple(("upkeep", *d[1:]) if str(d[0]).startswith("upkeep/") else d
                                 for d in game.delayed)
        return exile_for_rebound
    locate.patch(stack, "exile_for_rebound", make)


def _rebound_cast(stack, offers, alternative):
    """Replace the rebound trigger's effect: it offers its card when `offers(self, o)` says so (`o` the
    card's object now, or None), to be cast the way `alternative` names."""
    def make(original):
        def apply(self, ctx):
            o = ctx.game.objs.get(self.oid)
            offered = [self.oid] if o is not None and offers(self, o) else []
            locate.obj("cast_offered")(ctx.game, offered, ctx.controller, ctx.choices.get("cast"), alternative)
        return apply
    locate.patch_method(stack, "MayCastItFromExile", "apply", make)


def _not_free(stack, run):
    """The rebound cast is not free: the card must be cast for its mana cost from exile."""
    _rebound_cast(stack, lambda self, o: o.zone == "exile" and o.moves == self.moves, None)


def _also_when_countered(stack, run):
    """A spell with rebound that doesn't resolve (all its targets illegal) is exiled too."""
    def make(original):
        def leave_stack(game, o, dest):
            if dest == "graveyard" and getattr(o.card, "rebound", False) and o.spell is not None \
                    and o.spell.cast_from == "hand" and not o.copy:
                return locate.obj("exile_for_rebound")(game, o)
            return original(game, o, dest)
        return leave_stack
    locate.patch(stack, "leave_stack", make)


_AGAIN = [{"resolve": {}}, _NEXT_UPKEEP, _NEXT_UPKEEP,
          {"resolve": {"choices": {"cast": {"card": "ephemerate", "targets": ["bears"]}}}}, {"resolve": {}},
          _NEXT_UPKEEP, _NEXT_UPKEEP]

FAULTS = [
    Fault("rebound_ignored", "702.88a",
          "(designed) a spell with rebound cast from a hand goes to the graveyard as it resolves",
          _never, _ephemerate([{"resolve": {}}]),
          claims=(REBOUND + "exiled-as-it-resolves",)),
    Fault("rebound_from_anywhere", "702.88a",
          "(designed) a spell cast from exile by its rebound trigger rebounds again",
          _from_anywhere, _ephemerate(_AGAIN),
          claims=(REBOUND + "only-if-cast-from-your-hand",)),
    Fault("rebound_at_any_upkeep", "702.88a",
          "(designed) rebound's trigger comes at the next upkeep, the opponent's included",
          _any_upkeep, _ephemerate([{"resolve": {}}, _NEXT_UPKEEP]),
          claims=(REBOUND + "at-your-next-upkeep",)),
    Fault("rebound_cast_not_free", "702.88a",
          "(designed) rebound's cast from exile must pay the mana cost",
          _not_free, _ephemerate(_AGAIN[:4]),
          claims=(REBOUND + "at-your-next-upkeep",)),
    Fault("rebound_when_it_didnt_resolve", "608.2b",
          "(designed) a spell with rebound whose targets all became illegal is exiled and rebounds",
          _also_when_countered,
          _ephemerate([{"cast": {"card": "bolt", "by": "bob", "targets": ["bears"], "pay": "{R}"}},
                       {"pass_until_empty": {}}],
                      bob={"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}",
                           "library": [{"card": "Island", "label": "b1"}]}),
          claims=(REBOUND + "only-as-it-resolves",)),
]


def _any_card_in_exile(stack, run):
    """The rebound trigger casts the card if it is in exile now, whether or not it is still the card
    rebound exiled (400.7: one that left exile and was exiled again is a new object)."""
    _rebound_cast(stack, lambda self, o: o.zone == "exile", "without-paying-mana-cost")


FAULTS += [
    Fault("rebound_casts_a_new_object", "702.88a",
          "(designed) rebound's trigger casts its card from exile though the card left exile and was exiled "
          "again (Pull from Eternity, then Shadowfeed): a new object, not the card rebound exiled",
          _any_card_in_exile,
          _ephemerate([{"resolve": {}},
                       {"cast": {"card": "pull", "by": "bob", "targets": ["ephemerate"], "pay": "{W}"}},
                       {"resolve": {}},
                       {"cast": {"card": "shadowfeed", "by": "bob", "targets": ["ephemerate"], "pay": "{B}"}},
                       {"resolve": {}}, _NEXT_UPKEEP, _NEXT_UPKEEP,
                       {"resolve": {"choices": {"cast": {"card": "ephemerate", "targets": ["bears"]}}}}],
                      bob={"hand": [{"card": "Pull from Eternity", "label": "pull"},
                                    {"card": "Shadowfeed", "label": "shadowfeed"}], "mana": "{W}{B}",
                           "library": [{"card": "Island", "label": "b1"}, {"card": "Island", "label": "b2"}]}),
          claims=(REBOUND + "at-your-next-upkeep",)),
]
