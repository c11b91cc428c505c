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
- `Becomes`: a static ability that makes permanents something else: card types added (layer
  4: "Enchanted artifact is a creature ... in addition to its other types", "Each noncreature
  artifact is an artifact creature"), creature types set, colors set, all abilities lost, base
  power and toughness set (7b), each part in its layer for the objects it applied to in the
  first (613.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.characteristics import mana_value
from ..state.layers import Layered
from .abilities import ManaAbility
from .context import value


@dataclass(frozen=True)
class UntilEndOfTurn:
    what: object                 # a target selector (effects.Targets(0)): its legal targets, permanents (608.2b)
    subtypes: tuple | None = None
    colors: tuple | None = None
    lose_all: bool = False
    set_pt: tuple | None = None
    switch: bool = False
    add_types: tuple = ()        # "becomes a 3/3 creature that's still a land": card types added (layer 4, 205.1b)

    def apply(self, ctx):
        game = ctx.game
        # values fixed as it resolves ("base power and toughness X/X": the spell's X, 608.2h)
        set_pt = tuple(value(v, ctx) for v in self.set_pt) if self.set_pt is not None else None
        for ref in self.what(ctx):
            game.clock += 1  # 613.7b: a timestamp as it is created
            game.layered = game.layered + (Layered(game.clock, ref, self.subtypes, self.colors,
                                                   self.lose_all, set_pt, self.switch, add_types=self.add_types),)


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
    """604.3a: power and toughness each equal to `count` (filters.Count) for its controller;
    `toughness_plus`: "its toughness is equal to that number plus N" (Tarmogoyf)."""

    count: object
    toughness_plus: int = 0

    def defines_pt(self, game, src) -> tuple:
        n = self.count.count(game, src.controller, src)
        return n, n + self.toughness_plus


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


@dataclass(frozen=True)
class Becomes:
    """A static ability's continuous effect that makes each permanent it applies to something
    else (613.1d-613.4b), for as long as its source is on the battlefield (611.3a):

    - `what`: "enchanted" (the permanent the Aura enchants, 303.4) or a filters.Filter read on
      the types the earlier effects of layer 4 gave ("each noncreature artifact");
    - `add_types`: card types it has in addition to its others (layer 4, 205.1b);
    - `subtypes`: its creature types become these ("is a blue Fish", layer 4, 205.1b);
    - `add_subtypes`: subtypes it has in addition to its others (a planeswalker that "is a Human
      Soldier creature ... that's still a planeswalker" keeps its planeswalker type, layer 4);
    - `colors`: its colors become these (layer 5, 105.3);
    - `lose_all`: it loses all abilities (layer 6);
    - `set_pt`: its base power and toughness become (p, t) (layer 7b, 613.4b), or with
      `pt_mana_value` each equal to its mana value (202.3).

    The state layers.py applies the parts, each in its layer, to the permanents the effect
    applied to in layer 4 (613.6)."""

    what: object = "enchanted"
    add_types: tuple = ()
    subtypes: tuple | None = None
    colors: tuple | None = None
    lose_all: bool = False
    set_pt: tuple | None = None
    pt_mana_value: bool = False
    chosen_color: bool = False  # `colors`: the color chosen as the source entered ("are the chosen color")
    add_subtypes: tuple = ()  # "is a 4/4 Human Soldier creature ... that's still a planeswalker": added (layer 4)
    add_land_types: tuple = ()  # "... and Forest lands in addition to their other types" (305.7, with mana)

    def becomes_for(self, game, src, o):
        if self.what == "enchanted":
            attached = game.objs[src.oid].attached
            if type(attached) is not tuple or attached[0] != o.oid or game.objs[o.oid].moves != attached[1]:
                return None
        elif not self.what.selects(game, o, src.controller, src):
            return None
        pt = (mana_value(o),) * 2 if self.pt_mana_value else self.set_pt
        colors = self.colors
        if self.chosen_color:  # Shifting Sky: "All nonland permanents are the chosen color."
            chosen = (game.objs[src.oid].chosen or {}).get("color")
            colors = (chosen,) if chosen else None
        land = tuple((t, INTRINSIC_MANA[t]) for t in self.add_land_types if t in INTRINSIC_MANA)
        return Layered(0, o.oid, subtypes=self.subtypes, colors=colors, lose_all=self.lose_all,
                       set_pt=pt, add_types=self.add_types, add_subtypes=self.add_subtypes,
                       add_land_types=self.add_land_types, land_mana=land)


# 305.6: the intrinsic mana ability of each basic land type
INTRINSIC_MANA = {"Plains": ManaAbility("tap", produce="W"), "Island": ManaAbility("tap", produce="U"),
                  "Swamp": ManaAbility("tap", produce="B"), "Mountain": ManaAbility("tap", produce="R"),
                  "Forest": ManaAbility("tap", produce="G")}


@dataclass(frozen=True)
class LandTypes:
    """A static ability that changes the land types of the lands `what` selects (a filters.Filter,
    read on the types the earlier effects of layer 4 gave), layer 4 (613.1d), as 305.7 says:

    - `set_types`: "Nonbasic lands are Mountains": their land types become these; each loses the
      abilities of its rules text and gains the intrinsic mana ability of each new basic land type;
    - `add_types`: "Each land is a Swamp in addition to its other land types": they keep their land
      types and rules text and gain each new basic land type's mana ability (305.6)."""

    what: object
    set_types: tuple | None = None
    add_types: tuple = ()

    def becomes_for(self, game, src, o):
        if "Land" not in o.card.types or not self.what.selects(game, o, src.controller, src):
            return None
        types = self.set_types if self.set_types is not None else self.add_types
        mana = tuple((t, INTRINSIC_MANA[t]) for t in types if t in INTRINSIC_MANA)
        return Layered(0, o.oid, set_land_types=self.set_types, add_land_types=self.add_types, land_mana=mana)
