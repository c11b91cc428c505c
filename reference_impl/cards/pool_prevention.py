"""Catalog cards of the prevention effects with an additional effect (615.5) and of "damage can't be
prevented" for all damage (615.12), after the XMage and Forge tests ported in
spec/rules/peer-tests-prevention.yaml, as data over the effect primitives. Kept apart from the
other pools so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    Both,
    Damage,
    DamageByLeft,
    EachCreature,
    EachPlayer,
    Escaped,
    If,
    PreventFromChosenSourceThenDamage,
    SourceFights,
    Targets,
)
from ..rules.abilities import ActivatedAbility, BoardHolds, LeavesBattlefield, Trigger
from ..rules.filters import AtLeast, Count, Filter
from ..rules.prevention import DamageCantBePreventedThisTurn, NoDamageCanBePrevented, PreventNextDamageDivided
from ..rules.replacement import PreventDamageToSelfThen
from ..rules.statics import EntersWithCounters, PlayersCantGainLife
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour
from .pool import ANY, KICKED

# "If you control a creature with power 4 or greater" (ferocious)
FEROCIOUS = BoardHolds(AtLeast(Count(Filter(types_any=("Creature",), min_power=4)), 1))

PREVENTION_POOL: dict[str, Behaviour] = {
    # "If an opponent cast a red instant or sorcery spell this turn, you may pay {W} rather than pay
    # this spell's mana cost. / Prevent the next 3 damage that a source of your choice would deal to
    # you and/or permanents you control this turn. If damage is prevented this way, Refraction Trap
    # deals that much damage to any target." (615.5, 615.7; the source chosen as it resolves, 609.7a).
    # The trap's alternative cost is not in the engine (no record of the spells cast this turn): a
    # `printed` cast of it is illegal here; the scenarios pay its mana cost.
    "Refraction Trap": Behaviour(targets=(ANY,), effects=(
        PreventFromChosenSourceThenDamage(3, Targets(0), permanents=True),)),
    # "The next time a source of your choice would deal damage to you this turn, prevent that damage.
    # If damage is prevented this way, Deflecting Palm deals that much damage to that source's
    # controller." (615.5, 615.8)
    "Deflecting Palm": Behaviour(effects=(PreventFromChosenSourceThenDamage(None),)),
    # "Ferocious — If you control a creature with power 4 or greater, damage can't be prevented this
    # turn. / Wild Slash deals 2 damage to any target." (615.12, in the order written, 608.2c)
    "Wild Slash": Behaviour(targets=(ANY,), effects=(DamageCantBePreventedThisTurn(FEROCIOUS),
                                                       Damage(2, Targets(0)))),
    # "Kicker—Sacrifice a land. / Prevent the next 3 damage that would be dealt this turn to any number of
    # targets, divided as you choose. If this spell was kicked, prevent the next 6 damage this way instead."
    # (601.2d; the kicker cost, a sacrifice, is read from the Oracle text: rules.keywords, 702.33a)
    "Pollen Remedy": Behaviour(
        targets=(TargetSpec("any", count="any-number", divided=True, description="any number of targets"),),
        effects=(PreventNextDamageDivided(If(KICKED, 6, 3), Targets(0)),)),
    # ---- Forge's GameSimulationTest.testCantBePrevented: static prevention with an additional effect
    # (615.5) under "Damage can't be prevented." (615.12)
    # "If this card is in your opening hand, you may begin the game with it on the battlefield. / Players
    # can't gain life. / Damage can't be prevented." (a case starts after the opening hands: the first
    # ability never applies)
    "Leyline of Punishment": Behaviour(statics=(PlayersCantGainLife(), NoDamageCanBePrevented())),
    # "Polukranos enters with six +1/+1 counters on it. It escapes with twelve +1/+1 counters on it
    # instead. / If damage would be dealt to Polukranos while it has a +1/+1 counter on it, prevent that
    # damage and remove that many +1/+1 counters from it. / {1}{B}{G}: Polukranos fights another target
    # creature. / Escape—..." (the escape cost is read from the Oracle text; 702.138c for the twelve)
    "Polukranos, Unchained": Behaviour(
        enters=(EntersWithCounters("+1/+1", If(Escaped(), 12, 6)),),
        statics=(PreventDamageToSelfThen(remove="+1/+1", while_counter="+1/+1"),),
        activated=(ActivatedAbility(
            (SourceFights(0),), (TargetSpec("permanent", types_any=("Creature",), not_source=True,
                                            description="another target creature"),),
            mana=Cost.parse("{1}{B}{G}"), description="{1}{B}{G}: Polukranos fights another target creature."),)),
    # "Infect / If damage would be dealt to this creature, prevent that damage. Put a -1/-1 counter on this
    # creature for each 1 damage prevented this way."
    "Phyrexian Hydra": Behaviour(statics=(PreventDamageToSelfThen(put="-1/-1"),)),
    # ---- XMage's HarmsWayRedirectDamageTest.testRedirectTriggeredAbilityDamage: a chosen source that dies
    # and deals damage as it last existed (609.7a, 608.2h)
    # "Flying / When this creature dies, it deals 3 damage to each creature and each player. / {3}{R}{R}:
    # Return this card from your graveyard to your hand." (activating an ability of a card in a graveyard
    # is not in the engine: it answers unsupported, never an approximation)
    "Magma Phoenix": Behaviour(
        triggers=(Trigger("leaves", (DamageByLeft(3, Both(EachCreature(), EachPlayer())),),
                          leaves=LeavesBattlefield("graveyard", "self")),),
        activated=(ActivatedAbility(
            (), mana=Cost.parse("{3}{R}{R}"), from_graveyard=True,
            unsupported="activating an ability of a card in a graveyard",
            description="{3}{R}{R}: Return this card from your graveyard to your hand."),)),
}
