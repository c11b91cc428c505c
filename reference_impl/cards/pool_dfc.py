"""Catalog cards of issue #31's peer ports (XMage's SacredBoonTest and CostModificationTest, Forge's
GameSimulationTest): storm spells (702.40), a shield that counts the damage it prevents, and
transforming double-faced cards (712), as data over the effect primitives. Kept apart from pool.py
so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    CounterTargetingUnless,
    Damage,
    EventPlayer,
    ExileUntilSourceLeaves,
    GainLife,
    LoseLife,
    PreventNextThenCountersAtEndStep,
    ReturnLeftTransformed,
    Targets,
    You,
)
from ..rules.abilities import LeavesBattlefield, Trigger
from ..rules.statics import CostModifier, Enchant
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import ANY, CREATURE, OPPONENT, Behaviour

CREATURE_AN_OPPONENT_CONTROLS = TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                           description="target creature an opponent controls")

DFC_POOL: dict[str, Behaviour] = {
    # A transforming double-faced card (712.2): one Behaviour per face, front first.
    "Accursed Witch // Infectious Curse": Behaviour(faces=(
        # "Spells your opponents cast that target Accursed Witch cost {1} less to cast. / When Accursed
        # Witch dies, return it to the battlefield transformed under your control attached to target opponent."
        Behaviour(statics=(CostModifier(-1, opponents=True, targeting_source=True),),
                  triggers=(Trigger("leaves", (ReturnLeftTransformed(Targets(0)),), (OPPONENT,),
                                    leaves=LeavesBattlefield("graveyard", "self")),)),
        # "Enchant player / Spells you cast that target enchanted player cost {1} less to cast. / At the
        # beginning of enchanted player's upkeep, that player loses 1 life and you gain 1 life."
        Behaviour(statics=(Enchant("player"), CostModifier(-1, yours=True, targeting_enchanted_player=True)),
                  triggers=(Trigger("beginning-of", (LoseLife(EventPlayer(), 1), GainLife(You(), 1)),
                                    step="upkeep", enchanted_player=True),)),
    )),
    # "When this creature enters or transforms into Brutal Cathar, exile target creature an opponent controls
    # until this creature leaves the battlefield. / Daybound" // "First strike / Ward—Pay 3 life. / Nightbound"
    # (daybound and nightbound: rules/day_night.py)
    "Brutal Cathar // Moonrage Brute": Behaviour(faces=(
        Behaviour(triggers=(Trigger("enters-or-transforms-self", (ExileUntilSourceLeaves(Targets(0)),),
                                    (CREATURE_AN_OPPONENT_CONTROLS,)),)),
        Behaviour(triggers=(Trigger("targeted-by-opponent", (CounterTargetingUnless(Cost.parse("{0}"), life=3),)),)),
    )),
    # "Bombard deals 4 damage to target creature."
    "Bombard": Behaviour(targets=(CREATURE,), effects=(Damage(4, Targets(0)),)),
    # "Grapeshot deals 1 damage to any target. / Storm" (storm is parsed from its keyword line)
    "Grapeshot": Behaviour(targets=(ANY,), effects=(Damage(1, Targets(0)),)),
    # "Prevent the next 3 damage that would be dealt to target creature this turn. At the beginning
    # of the next end step, put a +0/+1 counter on that creature for each 1 damage prevented this way."
    "Sacred Boon": Behaviour(targets=(CREATURE,),
                             effects=(PreventNextThenCountersAtEndStep(3, Targets(0), "+0/+1"),)),
    # "Scattershot deals 1 damage to target creature. / Storm"
    "Scattershot": Behaviour(targets=(CREATURE,), effects=(Damage(1, Targets(0)),)),
}
