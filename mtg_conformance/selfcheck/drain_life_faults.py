"""Faulty engines for Drain Life's payment and life gain (Wagic's drain_life.txt port): "Spend only
black mana on X" (601.2h: a payment that can't follow it can't be made) and "You gain life equal to
the damage dealt, but not more than ..." (120.3a, 120.3e: what the target received). Each drops claims
of spec/rules/peer-tests-wagic-drain-life.yaml; all are designed. They patch the reference engine's
`_x_paid_with` (rules/casting.py) and `DamageThenGainLifeCapped.apply` by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

DRAIN = "peers-wagic/drain-life#"


def _drain(x: int, pay: str, target: str, bob: dict | None = None) -> dict:
    bob = bob if bob is not None else {"battlefield": [{"card": "Brass Man", "label": "brass"}]}
    return case({"alice": {"hand": [{"card": "Drain Life", "label": "drain"}], "mana": pay}, "bob": bob},
                [{"cast": {"card": "drain", "x": x, "targets": [target], "pay": pay}}, {"resolve": {}}])


def _restriction_ignored(stack, run):
    """"Spend only black mana on X" is not checked: any mana pays X."""
    locate.patch(stack, "_x_paid_with", lambda _original: lambda total, x, letter: total)


def _gain_is_x(stack, run):
    """The life gained is X, whatever damage was dealt and whatever the target had."""
    def make(original):
        def apply(self, ctx):
            before = ctx.game.players[ctx.controller].life
            original(self, ctx)
            ctx.game.players[ctx.controller].life = before + locate.obj("value")(self.amount, ctx)
        return apply
    locate.patch_method(stack, "DamageThenGainLifeCapped", "apply", make)


def _player_cap_after_the_damage(stack, run):
    """A player's cap is read after the damage (their life total then), not before it: a player
    left at -1 gives no life."""
    def make(original):
        def apply(self, ctx):
            targets = self.to(ctx)
            if not any(isinstance(ref, str) for ref in targets):
                return original(self, ctx)
            game = ctx.game
            for ref in targets:
                locate.obj("deal_damage")(game, ctx.source, ref, locate.obj("value")(self.amount, ctx))
                after = game.players[ref].life
                if after > 0:
                    locate.obj("gain_life")(game, ctx.controller, after)
        return apply
    locate.patch_method(stack, "DamageThenGainLifeCapped", "apply", make)


FAULTS = [
    Fault("spend_only_color_on_x_ignored", "601.2h",
          "(designed) \"Spend only black mana on X\" isn't checked: Drain Life's X is paid with red mana",
          _restriction_ignored, _drain(3, "{B}{B}{B}{R}{R}", "brass"),
          claims=(DRAIN + "unpayable-costs",)),
    Fault("drain_life_gains_x", "120.3e",
          "(designed) Drain Life's life gain is X, not capped by the creature's toughness or the player's life",
          _gain_is_x, _drain(5, "{B}{B}{B}{B}{B}{B}{B}", "brass"),
          claims=(DRAIN + "damage-marked-is-the-damage-dealt", DRAIN + "life-lost-is-the-damage-dealt")),
    Fault("drain_life_player_cap_after_the_damage", "120.3a",
          "(designed) Drain Life caps the gain by the player's life total after the damage, not before it",
          _player_cap_after_the_damage, _drain(3, "{B}{B}{B}{B}{R}", "bob", {"life": 2}),
          claims=(DRAIN + "life-lost-is-the-damage-dealt",)),
]
