"""Continuous effects as data for the layer system (613; state/layers.py applies them).

- `UntilEndOfTurn`: the effect of a resolving spell on each object it affects, "until end of
  turn" (611.2a): its creature types (layer 4), colors (5), losing all abilities (6), base power
  and toughness (7b), switching power and toughness (7d). Each part applies in its own layer
  (613.6). The objects are locked in as it resolves (611.2c); it ends in the cleanup step (514.2)
  or when the object leaves the battlefield (400.7).
- `IsAlso`: "That creature is a black Zombie in addition to its other colors and types", for a
  permanent a resolving spell puts onto the battlefield: it enters with them (611.2e).
- `DefinesPT`: a characteristic-defining ability "[This]'s power and toughness are each equal to
  the number of ..." (604.3, layer 7a), functioning everywhere but read on the battlefield here.
- `Anthem`: "[filtered] creatures you control get +p/+t" (layer 7c), whose filter reads the
  colors and types the earlier layers give (613.9 example: "White creatures get +1/+1").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.layers import Layered


@dataclass(frozen=True)
class UntilEndOfTurn:
    what: object                 # a target selector (effects.Targets(0)): its legal targets, permanents (608.2b)
    subtypes: tuple | None = None
    colors: tuple | None = None
    lose_all: bool = False
    set_pt: tuple | None = None
    switch: bool = False

    def apply(self, ctx):
        game = ctx.game
        for ref in self.what(ctx):
            game.clock += 1  # 613.7b: a timestamp as it is created
            game.layered = game.layered + (Layered(game.clock, ref, self.subtypes, self.colors,
                                                   self.lose_all, self.set_pt, self.switch),)


@dataclass(frozen=True)
class IsAlso:
    """The continuous effect of a resolving spell or ability that puts a permanent onto the
    battlefield and says "That creature is a black Zombie in addition to its other colors and
    types" (Rise from the Grave): it adds `subtypes` (layer 4) and `colors` (layer 5). 611.2e: an
    "is" effect applies simultaneously with the permanent entering the battlefield, so the
    permanent enters with them (rules.resolution.enter_battlefield applies it before the enters
    event); no duration is stated, so it lasts until the game ends (611.2a), or until the
    permanent leaves (400.7)."""

    colors: tuple = ()
    subtypes: tuple = ()

    def apply_to(self, game, o) -> None:
        game.clock += 1  # 613.7b: a timestamp as it is created
        game.layered = game.layered + (Layered(game.clock, o.oid, add_subtypes=self.subtypes,
                                               add_colors=self.colors, lasting=True),)


@dataclass(frozen=True)
class DefinesPT:
    """604.3a: power and toughness each equal to `count` (filters.Count) for its controller."""

    count: object

    def defines_pt(self, game, src) -> tuple:
        n = self.count.count(game, src.controller, src)
        return n, n


@dataclass(frozen=True)
class DefinesPTByTurn:
    """604.3a: "As long as it's your turn, [its] power and toughness are each equal to `base` plus
    `count`. As long as it's not your turn, [its] power and toughness are each `base`." (Angry
    Mob: it always sets them, so it is a characteristic-defining ability, layer 7a)."""

    count: object
    base: int = 2

    def defines_pt(self, game, src) -> tuple:
        n = self.base + (self.count.count(game, src.controller, src) if game.active == src.controller else 0)
        return n, n


@dataclass(frozen=True)
class Anthem:
    """"[Filter] creatures you control get +p/+t" (613.4c), or every player's creatures when the
    filter's `whose` is "any" ("White creatures get +1/+1")."""

    filter: object  # filters.Filter, whose == "you" relative to the source's controller
    power: int = 1
    toughness: int = 1

    def boost_for(self, game, src, o):
        # the filter's `whose` says whose creatures: "you" (the default), "opponents", or "any"
        # ("Black creatures get +1/+1": every player's)
        whose = self.filter.whose
        if "Creature" not in o.card.types or (whose == "you" and o.controller != src.controller) \
                or (whose == "opponents" and o.controller == src.controller):
            return 0, 0
        return (self.power, self.toughness) if self.filter.matches(game, o, src) else (0, 0)
