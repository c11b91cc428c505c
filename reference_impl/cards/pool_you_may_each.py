"""Catalog cards whose triggered abilities offer an optional cost paid as they resolve ("you may pay
{U}{R}. If you do, ..."; 603.5, 608.2d, 118.3), answered per ability with feature you-may-each, as
data over effects.MayPay."""

from __future__ import annotations

from ..effects import CopyEventSpell, CreateTokenCopies, EventObject, MayPay
from ..rules.abilities import CastSpell, Trigger
from ..rules.filters import Filter
from ..state.mana import Cost
from .behaviour import Behaviour

YOU_MAY_EACH_POOL: dict[str, Behaviour] = {
    # "Whenever you cast an instant or sorcery spell, you may pay {U}{R}. If you do, copy that
    # spell. You may choose new targets for the copy." / "Whenever another nontoken creature you
    # control enters, you may pay {G}{U}. If you do, create a token that's a copy of that creature."
    "Riku of Two Reflections": Behaviour(triggers=(
        Trigger("you-cast", (MayPay(Cost.parse("{U}{R}"), (CopyEventSpell(),)),),
                condition=CastSpell(types_any=("Instant", "Sorcery")), intervening=False),
        Trigger("other-enters", (MayPay(Cost.parse("{G}{U}"), (CreateTokenCopies(EventObject()),)),),
                entering=Filter(types_any=("Creature",), nontoken=True)))),
}
