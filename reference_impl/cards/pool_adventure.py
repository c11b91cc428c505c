"""Catalog cards of the adventurer-card rules (715) and of their peer ports (XMage's CopySpellTest
Bonecrusher Giant tests, WardTest's Panharmonicon tests), as data over the effect primitives: an
adventurer card has one Behaviour for the creature and one for its Adventure (715.2), creature
first. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import CreateTokens, Damage, DamageByEntering, EventPlayer, Pump, Self, Targets
from ..effects.amounts import CountOf
from ..rules.abilities import ActivatedAbility, Trigger
from ..rules.filters import Filter
from ..rules.prevention import DamageCantBePreventedThisTurn
from ..rules.statics import (
    CantBlock,
    ChosenTypeTriggersAdditionalTime,
    EntersChoosingCreatureType,
    IsTheChosenType,
    OthersOfChosenTypeEnterWithCounter,
)
from ..state.mana import Cost
from .behaviour import ANY, CREATURE, Behaviour
from .pool import ward

DRAGONS = Filter(subtypes_any=("Dragon",))  # "Dragons you control"
# "Whenever this creature or another Dragon you control enters, it deals X damage to any target,
# where X is the number of Dragons you control." (the Dragon that entered deals it; X counted as the
# ability resolves, 608.2h)
_SCOURGE_DAMAGE = (DamageByEntering(CountOf(DRAGONS), Targets(0)),)

ADVENTURE_POOL: dict[str, Behaviour] = {
    "Bonecrusher Giant // Stomp": Behaviour(faces=(
        # "Whenever this creature becomes the target of a spell, this creature deals 2 damage to that
        # spell's controller." (a copy of a spell is a spell too, 707.10: one put onto the stack
        # targeting it makes it become the target of a spell, 707.10c)
        Behaviour(triggers=(Trigger("self-targeted-by-spell", (Damage(2, EventPlayer()),)),)),
        # Stomp: "Damage can't be prevented this turn. Stomp deals 2 damage to any target." (615.12,
        # in the order written, 608.2c)
        Behaviour(targets=(ANY,), effects=(DamageCantBePreventedThisTurn(), Damage(2, Targets(0)))),
    )),
    # "Target creature gets +2/+2 until end of turn. / Conspire" (702.78a: parsed from its text)
    "Barkshell Blessing": Behaviour(targets=(CREATURE,), effects=(Pump(Targets(0), 2, 2),)),
    "Young Red Dragon // Bathe in Gold": Behaviour(faces=(
        # "Flying / This creature can't block." (509.1a)
        Behaviour(statics=(CantBlock(),)),
        # Bathe in Gold: "Create a Treasure token."
        Behaviour(effects=(CreateTokens("Treasure", 1),)),
    )),
    # "Ward {2} / As this creature enters, choose a creature type. / This creature is the chosen type in
    # addition to its other types. / If a triggered ability of another creature you control of the
    # chosen type triggers, it triggers an additional time." (702.21a, 614.12a, 205.1b, 603.2d)
    "Roaming Throne": Behaviour(triggers=(ward("{2}"),), enters=(EntersChoosingCreatureType(),),
                                statics=(IsTheChosenType(), ChosenTypeTriggersAdditionalTime())),
    # "Flying / Whenever this creature or another Dragon you control enters, it deals X damage to any
    # target, where X is the number of Dragons you control. / {R}: This creature gets +1/+0 until end
    # of turn."
    "Scourge of Valkas": Behaviour(
        triggers=(Trigger("enters-self", _SCOURGE_DAMAGE, (ANY,)),
                  Trigger("other-enters", _SCOURGE_DAMAGE, (ANY,), entering=DRAGONS)),
        activated=(ActivatedAbility((Pump(Self(), 1, 0),), mana=Cost.parse("{R}"),
                                    description="{R}: This creature gets +1/+0 until end of turn."),)),
    # "As this creature enters, choose a creature type. / This creature is the chosen type in addition to
    # its other types. / Each other creature you control of the chosen type enters with an additional
    # +1/+1 counter on it." (614.12a, 205.1b, 614.1d)
    "Metallic Mimic": Behaviour(enters=(EntersChoosingCreatureType(),),
                                statics=(IsTheChosenType(), OthersOfChosenTypeEnterWithCounter())),
}

# Tokens these cards create (111.10a: a Treasure token is a colorless Treasure artifact token with
# "{T}, Sacrifice this token: Add one mana of any color.")
ADVENTURE_POOL_TOKENS = {
    "Treasure": {"name": "Treasure", "mana_cost": None, "colors": [], "type_line": "Token Artifact — Treasure",
                 "supertypes": [], "types": ["Artifact"], "subtypes": ["Treasure"], "power": None,
                 "toughness": None, "oracle_text": "{T}, Sacrifice this token: Add one mana of any color.",
                 "keywords": []},
}
