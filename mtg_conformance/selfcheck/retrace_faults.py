"""Faulty engines for retrace (702.81a), an intervening "if" (603.4) and "nontoken creature enters"
seeing a token copy (111.1, 707.2): Wagic's spitting_image.txt port. Each drops claims of
spec/rules/peer-tests-wagic-spitting-image.yaml; all are designed (Wagic's test was written for a
report that casting Spitting Image triggered Genesis Chamber, the fault `token_copy_is_nontoken`).
They patch the reference engine's `_discard_a_land_card` (rules/casting.py), `SourceUntapped` and
`Filter.selects` by name.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

IMAGE = "peers-wagic/spitting-image-and-genesis-chamber#"


def _retrace_case(hand, choices=None) -> dict:
    cast = {"card": "image", "targets": ["bears"], "pay": "{U}{U}{C}{C}{C}{C}"}
    if choices:
        cast["choices"] = choices
    return case({"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}],
                           "graveyard": [{"card": "Spitting Image", "label": "image"}],
                           "hand": hand, "mana": "{U}{U}{C}{C}{C}{C}"}},
                [{"cast": cast}, {"resolve": {}}])


def _no_discard(stack, run):
    """Retrace casts the card from the graveyard without its additional cost: no land is discarded."""
    locate.patch(stack, "_discard_a_land_card", lambda _original: lambda game, caster, chosen, name: None)


def _any_card(stack, run):
    """Retrace's discard takes any card of the hand, not only a land card."""
    def make(_original):
        def discard(game, caster, chosen, name):
            hand = game.players[caster].hand
            picks = [game.labels.get(label) for label in chosen or ()] or hand[:1]
            if picks and picks[0] in hand:
                game.move(game.objs[picks[0]], "graveyard")
        return discard
    locate.patch(stack, "_discard_a_land_card", make)


def _condition_ignored(stack, run):
    """"if this artifact is untapped" is not checked: a tapped Genesis Chamber still makes a Myr."""
    locate.patch_method(stack, "SourceUntapped", "__call__", lambda _original: lambda self, ctx: True)


def _tokens_are_nontoken(stack, run):
    """"a nontoken creature" selects tokens too: the token copy Spitting Image makes triggers
    Genesis Chamber."""
    def make(original):
        def selects(self, game, o, controller, source=None):
            return original(replace(self, nontoken=False), game, o, controller, source)
        return selects
    locate.patch_method(stack, "Filter", "selects", make)


def _copy_without_printed_pt(stack, run):
    """A token copy doesn't take the printed power and toughness of the original (a 1/1 "copy")."""
    def make(_original):
        def apply(self, ctx):
            for o in locate.obj("_objs")(ctx, self.what(ctx)):
                card = replace(o.card, power=1, toughness=1)
                locate.obj("create_token")(ctx.game, card, ctx.controller)
        return apply
    locate.patch_method(stack, "CreateTokenCopies", "apply", make)


_IMAGE_FROM_HAND = case(
    {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"},
                               {"card": "Genesis Chamber", "label": "chamber"}],
               "hand": [{"card": "Spitting Image", "label": "image"}], "mana": "{U}{U}{C}{C}{C}{C}"}},
    [{"cast": {"card": "image", "targets": ["bears"], "pay": "{U}{U}{C}{C}{C}{C}"}}, {"resolve": {}}])

FAULTS = [
    Fault("retrace_without_discarding", "702.81a",
          "(designed) retrace casts the card from its owner's graveyard without discarding a land card",
          _no_discard, _retrace_case([{"card": "Mountain", "label": "mountain"}], {"discard": ["mountain"]}),
          claims=(IMAGE + "cast-from-your-graveyard",)),
    Fault("retrace_discards_any_card", "702.81a",
          "(designed) retrace's discard takes a nonland card: Spitting Image is cast discarding a Grizzly Bears",
          _any_card, _retrace_case([{"card": "Grizzly Bears", "label": "bears2"}], {"discard": ["bears2"]}),
          claims=(IMAGE + "cast-from-your-graveyard",)),
    Fault("intervening_if_untapped_ignored", "603.4",
          "(designed) Genesis Chamber's \"if this artifact is untapped\" is not checked: tapped, it still makes a Myr",
          _condition_ignored,
          case({"alice": {"battlefield": [{"card": "Genesis Chamber", "label": "chamber", "tapped": True}],
                          "hand": [{"card": "Grizzly Bears", "label": "bears"}], "mana": "{G}{G}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}, {"resolve": {}}]),
          claims=(IMAGE + "the-condition-checked-as-it-triggers",)),
    Fault("token_copy_is_nontoken", "111.1",
          "(designed, after the report Wagic's spitting_image.txt was written for) a token copy entering "
          "triggers \"Whenever a nontoken creature enters\"",
          _tokens_are_nontoken, _IMAGE_FROM_HAND,
          claims=(IMAGE + "a-token-copy-is-a-token",)),
    Fault("token_copy_without_copiable_power_toughness", "707.2",
          "(designed) Spitting Image's token copy of Grizzly Bears is a 1/1, not the Bears' printed 2/2",
          _copy_without_printed_pt, _IMAGE_FROM_HAND,
          claims=(IMAGE + "the-copy-takes-the-copiable-values",)),
]
