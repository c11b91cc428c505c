"""601.2b/601.2f: which kicker costs a spell offers, and the total cost of a spell.

Total cost = mana cost or alternative cost + additional costs (each kicker payment) + cost
increases - cost reductions (generic only, 118.7a; never below {0}); then effects that act on
the total itself (Trinisphere) apply, and the result is locked in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..state.game import CaseError, IllegalAction
from ..state.mana import Cost, ManaError
from .statics import CostModifier, GrantKicker, MinimumCost, SelfCostModifier


@dataclass(frozen=True)
class KickerAbility:
    letter: str        # "A", "B", ...: the order printed (702.33f), granted ones after
    cost: Cost
    multi: bool = False
    sticker: bool = False
    printed: bool = True   # printed on the card (linked to its "if kicked" abilities)


LETTERS = "ABCDEFGH"


def announce_phyrexian(given, cost: Cost, where: str, what: str) -> tuple[Cost, int]:
    """601.2b (and 508.1h for a cost to attack): the payer announces, for each Phyrexian mana
    symbol of `cost`, whether they pay 2 life or one mana of its colour (107.4f). `given` is the
    case's `phyrexian_life`: the Phyrexian symbols paid with life, as a mana string ("{W/P}"), or
    None (every one paid with mana). Returns the mana cost left and the life to pay."""
    if given is None or given == "":
        return cost.pay_phyrexian()
    try:
        if not isinstance(given, str):
            raise ManaError(f"a mana string of Phyrexian symbols is expected, got {given!r}")
        announced = Cost.parse(given)
    except ManaError as e:
        raise CaseError(f"{where}.phyrexian_life: {e}") from None
    if announced.generic or announced.xs or announced.hybrid or any(announced.typed):
        raise CaseError(f"{where}.phyrexian_life: only Phyrexian symbols ({{W/P}} .. {{G/P}}) are "
                        f"paid with life, got {given!r}")
    rest = list(cost.phyrexian)
    for c in announced.phyrexian:
        if c not in rest:
            raise IllegalAction("601.2b", f"{what}: its cost {cost.format()} has no {{{c}/P}} "
                                          "left to pay with 2 life")
        rest.remove(c)
    return cost.pay_phyrexian(announced.phyrexian)


@lru_cache(maxsize=1024)
def _printed_kickers(card) -> tuple:
    """The KickerAbility of each printed kicker cost of `card`, in printed order: immutable data
    of the card (keyed by the card definition itself), built once instead of on every cast."""
    return tuple(KickerAbility(LETTERS[i], c, card.multikicker, False, True) for i, c in enumerate(card.kickers))


def kicker_abilities(game, card, caster: str) -> list[KickerAbility]:
    """The printed kicker costs of `card`, then kicker costs granted by permanents (702.33h).
    A new list each call (the printed ones are shared, immutable, KickerAbility values)."""
    found = list(_printed_kickers(card)) if card.kickers else []
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        if src.controller != caster:
            continue
        for st in src.card.statics:
            if isinstance(st, GrantKicker) and any(t in card.types for t in st.types_any):
                found.append(KickerAbility(LETTERS[len(found)], st.cost, False, st.sticker, False))
    return found


def total_cost(game, card, caster: str, base: Cost, kicks: list[KickerAbility], x: int,
               n_targets: int = 0, chosen: tuple = ()) -> Cost:
    """601.2f for a spell whose base (mana or alternative) cost is `base` (X not yet replaced);
    `n_targets` is how many targets were chosen (601.2c comes first), for "costs {1} more for
    each target beyond the first"; `chosen` the targets themselves (one group of refs per
    target spec), for "spells that target this creature cost {2} more"."""
    cost = base
    for k in kicks:
        cost = cost + k.cost
    if cost.xs:  # else with_x(x) is the cost itself
        cost = cost.with_x(x)
    increase = reduction = minimum = 0
    colored = [0] * 6  # colored increases (+) and reductions (-) per mana type, W U B R G C
    for st in card.statics:  # the spell's own cost changes ("this spell costs ... less")
        if isinstance(st, SelfCostModifier):
            n = st.amount_for(game, caster, n_targets)
            if st.color is not None:
                colored["WUBRGC".index(st.color)] += n
                continue
            increase += max(n, 0)
            reduction += max(-n, 0)
    objs = game.objs
    for sid in game.battlefield:
        src = objs[sid]
        for st in src.card.statics:
            if isinstance(st, CostModifier) and st.applies(src, card, caster, chosen):
                n = st.amount_for(game, src)
                if st.color is not None:
                    colored["WUBRGC".index(st.color)] += n
                    continue
                increase += max(n, 0)
                reduction += max(-n, 0)
            elif isinstance(st, MinimumCost) and not (st.while_untapped and src.tapped):
                minimum = max(minimum, st.amount)
    # Increases first, then reductions: the player may order reductions freely (601.2f) and
    # a reduction can only take away generic mana (118.7a), which the increases add.
    if any(colored):  # colored increases add symbols; a colored reduction beyond that color's
        # symbols reduces the generic component by the difference (118.7c)
        typed = tuple(max(0, t + d) for t, d in zip(cost.typed, colored))
        reduction += sum(max(0, -d - t) for t, d in zip(cost.typed, colored))
        cost = Cost(cost.generic, typed, cost.xs, cost.hybrid, cost.phyrexian)
    if increase or reduction:  # without any, plus_generic(0) would rebuild an equal cost
        cost = cost.plus_generic(increase).plus_generic(-reduction)
    if cost.total < minimum:
        cost = cost.plus_generic(minimum - cost.total)
    return cost

