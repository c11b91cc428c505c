"""Catalog cards that are Equipment (301.5): "Equipped creature gets/has ..." static abilities
(the Aura primitive rules.statics.EnchantedGets, for the creature it is attached to) and the equip
keyword ability (702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
only as a sorcery."), as data over the effect primitives. Kept apart so that card additions
elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import AttachThisTo, Damage, DamagedPlayer, GainLife, HandSize, Targets, You
from ..rules.abilities import ActivatedAbility, Trigger
from ..rules.statics import EnchantedGets
from ..state.mana import Cost
from .behaviour import Behaviour
from .pool import YOUR_CREATURE


def equip(cost: str) -> ActivatedAbility:
    """Equip [cost] (702.6a): attach it to target creature you control, only as a sorcery."""
    return ActivatedAbility((AttachThisTo(Targets(0)),), (YOUR_CREATURE,), mana=Cost.parse(cost), sorcery=True,
                            description=f"Equip {cost}")


EQUIPMENT_POOL: dict[str, Behaviour] = {
    # "Equipped creature can't be blocked and has shroud. / Equip {2}"
    "Whispersilk Cloak": Behaviour(statics=(EnchantedGets(keywords=("shroud",), cant_be_blocked=True),),
                                   activated=(equip("{2}"),)),
    # "Equipped creature gets +1/+0. / Equip {0}"
    # "Equipped creature gets +2/+2 and has protection from red and from white. / Whenever equipped creature
    # deals combat damage to a player, Sword of War and Peace deals damage to that player equal to the number of
    # cards in their hand and you gain 1 life for each card in your hand. / Equip {2}"
    "Sword of War and Peace": Behaviour(
        statics=(EnchantedGets(2, 2, keywords=("protection from red", "protection from white")),),
        triggers=(Trigger("equipped-deals-combat-damage-to-player",
                          (Damage(HandSize(DamagedPlayer()), DamagedPlayer()), GainLife(You(), HandSize(You())))),),
        activated=(equip("{2}"),)),
    "Shuko": Behaviour(statics=(EnchantedGets(1, 0),), activated=(equip("{0}"),)),
}
