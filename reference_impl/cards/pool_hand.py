"""Catalog cards whose abilities work from a hand or reach cards there: Teferi, Mage of Zhalfir (flash
for its owner's creature cards off the battlefield, 702.8a, 611.3a; sorcery timing for each opponent,
307.5), dash (702.109a, parsed from the card's text) and blitz granted to spells cast from a hand
(Henzie "Toolbox" Torre, 702.152a), as data over the shared statics. Kept apart from pool.py so that
card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Pump, Self
from ..rules.abilities import ActivatedAbility
from ..rules.statics import (
    CardsYouOwnHaveKeyword,
    CommanderCastDiscount,
    GrantBlitz,
    HasGraveyardCreaturesAbilities,
    OpponentsCastOnlyAsSorcery,
)
from ..state.mana import Cost
from .behaviour import Behaviour

HAND_POOL: dict[str, Behaviour] = {
    "Teferi, Mage of Zhalfir": Behaviour(statics=(CardsYouOwnHaveKeyword(("flash",), ("Creature",)),
                                                  OpponentsCastOnlyAsSorcery())),
    "Henzie \"Toolbox\" Torre": Behaviour(statics=(GrantBlitz(4), CommanderCastDiscount())),
    # its dash is parsed from the text (rules.keywords); "{R}: This creature gets +1/+0 until end of turn."
    "Lightning Berserker": Behaviour(activated=(ActivatedAbility((Pump(Self(), 1, 0),), mana=Cost.parse("{R}")),)),
    # Forge's GameSimulationTest.testNecroticOozeActivateOnce: "{1}{G}: This creature gets +2/+2 until end of
    # turn. Activate only once each turn." (madness from the keyword line)
    "Basking Rootwalla": Behaviour(activated=(ActivatedAbility(
        (Pump(Self(), 2, 2),), mana=Cost.parse("{1}{G}"), once_each_turn=True,
        description="{1}{G}: This creature gets +2/+2 until end of turn. Activate only once each turn."),)),
    # "As long as this creature is on the battlefield, it has all activated abilities of all creature cards
    # in all graveyards." (rules.activation.activated_abilities, state.layers.mana_abilities_of)
    "Necrotic Ooze": Behaviour(statics=(HasGraveyardCreaturesAbilities(),)),
}
