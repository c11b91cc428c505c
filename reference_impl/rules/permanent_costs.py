"""Costs paid with permanents (118.3, 601.2h): "sacrifice a creature" (an additional cost, Altar's
Reap), "Sacrifice three creatures" / "Sacrifice X Mountains" and "Tap three untapped white
creatures you control" (flashback costs: Dread Return, Firecat Blitz, Battle Screech), "return a
land you control to its owner's hand" (an additional cost, Deprive).

The caster chooses which permanents pay (the cast's `choices.sacrifice_cost` / `tap_cost`);
without a choice the first ones that can pay, in the order they entered, are used. A return
cost has no choice field in protocol 1: the engine picks (ADAPTERS.md). A choice
that cannot pay the cost makes the cast illegal and it is undone (601.2h, 733.1): a permanent
the caster doesn't control, one of the wrong kind, a tapped one for a tap cost (118.3), or the
wrong number. Summoning sickness doesn't matter here: 302.6 restricts only {T}/{Q} abilities of
the creature itself, never "tap an untapped creature you control" as a spell's cost.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state.game import CaseError, IllegalAction
from ..state.layers import card_types, is_creature
from .statics import CantPayLifeOrSacrificeCreatures

CHOICE_FIELD = {"sacrifice": "sacrifice_cost", "tap": "tap_cost"}
WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@dataclass(frozen=True)
class PermanentCost:
    """Sacrifice, tap or return to hand `n` permanents the caster controls ("X" for the announced X) that match:
    one of `types_any`, one of `subtypes_any`, of `color`."""

    action: str                     # sacrifice | tap | return (to its owner's hand)
    n: object                       # an int, or "X"
    types_any: tuple = ()
    subtypes_any: tuple = ()
    color: str | None = None
    share_color: bool = False       # "that each share a color with it" (conspire, 702.78a)
    description: str = ""
    up_to: bool = False             # "Sacrifice up to three permanents": any number from 0 to `n`
    kicker: str | None = None       # a kicker cost's letter ("Kicker—Sacrifice a land."): paid only if it is kicked
    other: bool = False             # "Sacrifice another Vampire or Zombie": not the ability's source

    def count(self, x: int) -> int:
        return x if self.n == "X" else self.n

    def can_pay_with(self, o, caster, spell_colors=()) -> bool:
        c = o.card
        return (o.zone == "battlefield" and o.controller == caster
                and (not self.share_color or any(col in spell_colors for col in o.colors()))
                and (not self.types_any or any(t in c.types for t in self.types_any))
                and (not self.subtypes_any or any(s in c.subtypes for s in self.subtypes_any))
                and (self.color is None or self.color in o.colors())
                and not (self.action == "tap" and o.tapped))


@dataclass(frozen=True)
class LifeCost:
    """"pay N life" / "pay X life" (`n` "X": the announced X) as an additional cost to cast a
    spell (118.8, 119.4; Toxic Deluge): paid with the spell's other costs (601.2h); 0 life can
    always be paid (119.4b)."""

    n: object                       # an int, or "X" (uses_x reads it, as of a PermanentCost)

    def count(self, x: int) -> int:
        return x if self.n == "X" else self.n


def life_and_creature_sacrifice_forbidden(game) -> bool:
    """Is a "Players can't pay life or sacrifice creatures to cast spells or activate abilities"
    static ability on the battlefield (101.2)?"""
    objs = game.objs
    return any(isinstance(st, CantPayLifeOrSacrificeCreatures)
               for oid in game.battlefield for st in objs[oid].card.statics)


def check_life_payment(game, life: int, what: str) -> None:
    """101.2: paying life to cast a spell or activate an ability may be forbidden; 119.4b: never
    paying 0 life ("pay X life" with X = 0)."""
    if life > 0 and life_and_creature_sacrifice_forbidden(game):
        raise IllegalAction("101.2", f"players can't pay life to cast spells or activate abilities ({what})")


def check_creature_sacrifice(game, objs, what: str) -> None:
    """101.2: sacrificing creatures to cast a spell or activate an ability may be forbidden."""
    if any(is_creature(game, o) for o in objs) and life_and_creature_sacrifice_forbidden(game):
        raise IllegalAction("101.2", f"players can't sacrifice creatures to cast spells or activate abilities ({what})")


def uses_x(costs) -> bool:
    return any(c.n == "X" for c in costs)


def pay_permanent_costs(game, caster: str, costs, x: int, choices: dict, name: str, spell_colors=(),
                        source: int | None = None) -> tuple:
    """Pay each cost in `costs` (601.2h); raises IllegalAction if the chosen permanents (or, with
    no choice, the caster's permanents) can't pay it. Sacrificed permanents go to their owners'
    graveyards (701.21a); tapped ones become tapped. A choice list names the permanents of every
    cost of its kind, in the order of the costs, and exactly as many as they need (as many as
    the caster likes, up to that, for an "up to" cost; none without a choice). Returns the card
    types of the sacrificed permanents, each as it last existed on the battlefield (613.1d), for
    an ability that asks about "the sacrificed permanents"."""
    used: list[int] = []
    sacrificed: list[tuple] = []
    cursor = {field: 0 for field in CHOICE_FIELD.values()}
    for field in CHOICE_FIELD.values():
        chosen = choices.get(field)
        if chosen is None:
            continue
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise CaseError(f"choices.{field} must be a list of labels")
        unknown = [c for c in chosen if c not in game.labels]
        if unknown:
            raise CaseError(f"choices.{field}: unknown label {unknown[0]!r}")
        mine = [c for c in costs if CHOICE_FIELD.get(c.action) == field]
        need = sum(c.count(x) for c in mine)
        if len(chosen) != need and not (len(mine) == 1 and mine[0].up_to and len(chosen) < need):
            raise IllegalAction("601.2h", f"{name}'s costs need {need} permanent(s) for {field}, "
                                          f"{len(chosen)} chosen")
    for cost in costs:
        field, n = CHOICE_FIELD.get(cost.action), cost.count(x)
        what = cost.description or cost.action
        chosen = choices.get(field) if field else None
        if chosen is not None:
            picks = []
            if cost.up_to:
                n = min(n, len(chosen) - cursor[field])
            for label in chosen[cursor[field]:cursor[field] + n]:
                o = game.objs[game.labels[label]]
                if (o.oid in used or o.oid in picks or not cost.can_pay_with(o, caster, spell_colors)
                        or (cost.other and o.oid == source)):
                    raise IllegalAction("601.2h", f"{label} can't pay {name}'s cost \"{what}\"")
                picks.append(o.oid)
            cursor[field] += n
        elif cost.up_to:
            picks = []  # "up to": the caster may choose none
        else:
            picks = [oid for oid in game.battlefield if oid not in used and not (cost.other and oid == source)
                     and cost.can_pay_with(game.objs[oid], caster, spell_colors)][:n]
            if len(picks) != n:
                raise IllegalAction("601.2h", f"{caster} can't pay {name}'s cost \"{what}\" ({n} needed)")
        if cost.action == "sacrifice":
            check_creature_sacrifice(game, [game.objs[oid] for oid in picks], name)
        used.extend(picks)
        for oid in picks:
            o = game.objs[oid]
            if cost.action == "tap":
                o.tapped = True
            elif cost.action == "return":
                game.move(o, "hand")  # its owner's hand
            else:
                sacrificed.append(card_types(game, o))
                game.move(o, "graveyard")
    return tuple(sacrificed)


# 702.78a: conspire's optional additional cost.
CONSPIRE_COST = PermanentCost("tap", 2, types_any=("Creature",), share_color=True,
                              description="tap two untapped creatures you control that each share a color with it")
