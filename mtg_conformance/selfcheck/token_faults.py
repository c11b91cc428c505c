"""Faulty engines for tokens (111): how many an effect creates and who creates them (111.1, 111.2).
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, cards, case
from .patching import wrap_attr


def _one_token_per_effect(stack, run):
    """An effect that creates N tokens creates one (111.1)."""
    def make(apply):
        def faulty(self, ctx):
            return apply(replace(self, n=1), ctx)
        return faulty
    locate.patch_method(stack, "CreateTokens", "apply", make)


def _tokens_for_the_controller(stack, run):
    """"Each opponent creates ..." makes the tokens for the ability's controller."""
    from dataclasses import replace

    from reference_impl.effects import CreateTokens

    def make(apply):
        return lambda self, ctx: apply(replace(self, who=None), ctx)
    wrap_attr(stack, CreateTokens, "apply", make)


def _tokens_named_as_their_subtypes(stack, run):
    """A token whose creating effect gives it no name is named after its subtypes alone ("Goblin"),
    as before the rule added the word "Token" (111.4)."""
    def make(create):
        def faulty(game, card, controller, tapped=False):
            if card.name.endswith(" Token"):
                card = replace(card, name=card.name.removesuffix(" Token"))
            return create(game, card, controller, tapped)
        return faulty
    locate.patch(stack, "create_token", make)


FAULTS = [
    Fault("token_named_as_its_subtypes", "111.4",
          "(designed) a token its creating effect doesn't name is named after its subtypes without the word "
          "\"Token\": Dragon Fodder's tokens are named Goblin (the name phase.rs 0.103.0 gives them)",
          _tokens_named_as_their_subtypes,
          case({"alice": {"hand": cards(("Dragon Fodder", "fodder")), "mana": "{R}{C}"}},
               [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("one_token_per_effect", "111.1", "an effect that creates several tokens creates one",
          _one_token_per_effect,
          case({"alice": {"hand": cards(("Dragon Fodder", "fodder")), "mana": "{R}{C}"}},
               [{"cast": {"card": "fodder", "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("each_opponent_creates_for_you", "111.2",
          "(designed) \"each opponent creates a token\" creates it for the ability's controller",
          _tokens_for_the_controller,
          case({"alice": {"hand": cards(("Slaughter Specialist", "s")), "mana": "{B}{B}"}},
               [{"cast": {"card": "s", "pay": "{B}{B}"}}, {"pass_until_empty": {}}])),
]
