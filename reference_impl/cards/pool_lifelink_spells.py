"""Catalog cards of Forge's GameSimulationTest lifelink-spell and Alpha Brawl tests ported in
spec/rules/peer-tests-forge-lifelink-spells.yaml, and of XMage's control-change tests ported in
spec/rules/peer-tests-xmage-control-auras.yaml (a creature's damage dealt by a spell, damage
doubled and halved, a static redirection, "players can't gain life" and wither for all damage), as
data over the effect primitives. Kept apart from the other pools so that card additions elsewhere
merge cleanly."""

from __future__ import annotations

from ..effects import (
    Both,
    DamageAtOnce,
    DamageFromTarget,
    EachOpponent,
    ExchangeControl,
    Matching,
    PutCounters,
    Self,
    TargetBrawls,
    Targets,
)
from ..rules.abilities import ActivatedAbility
from ..rules.filters import Filter
from ..rules.permanent_costs import PermanentCost
from ..rules.prevention import NoDamageCanBePrevented
from ..rules.replacement import (
    DamageToOpponentsSideTimes,
    ExileInsteadOfDyingWithToken,
    PreventDamageToSelfThen,
    PreventHalfToYourSide,
    RedirectToSelf,
)
from ..rules.statics import (
    AllDamageAsThoughWither,
    CreaturesCantHaveCounters,
    Enchant,
    EnchantedGets,
    EntersWithCounters,
    OpponentsCreaturesLoseKeywords,
    PlayersCantGainLife,
    YouCantGetPoisonCounters,
    YouControlEnchanted,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour
from .pool import ANY, YOUR_CREATURE

ANOTHER = TargetSpec("any", distinct=True, description="another target")

LIFELINK_SPELLS_POOL: dict[str, Behaviour] = {
    # "Lifelink / If a nontoken creature an opponent controls would die, instead exile that card and
    # create a 2/2 black Zombie creature token. / {2}{B}, Sacrifice another Vampire or Zombie: Put two
    # +1/+1 counters on Kalitas, Traitor of Ghet."
    "Kalitas, Traitor of Ghet": Behaviour(
        statics=(ExileInsteadOfDyingWithToken("Zombie"),),
        activated=(ActivatedAbility(
            (PutCounters("+1/+1", 2, Self()),), mana=Cost.parse("{2}{B}"),
            costs=(PermanentCost("sacrifice", 1, subtypes_any=("Vampire", "Zombie"), other=True,
                                 description="Sacrifice another Vampire or Zombie"),),
            description="{2}{B}, Sacrifice another Vampire or Zombie: Put two +1/+1 counters on Kalitas, "
                        "Traitor of Ghet."),)),
    # "Target creature you control deals damage equal to its power to each other creature and each
    # opponent." (the creature is the source: its lifelink applies, one damage event, 120.4)
    "Chandra's Ignition": Behaviour(targets=(YOUR_CREATURE,), effects=(
        DamageFromTarget(0, Both(Matching(Filter(whose="any", types_any=("Creature",))), EachOpponent())),)),
    # "Flying, first strike / If a source would deal damage to an opponent or a permanent an opponent
    # controls, that source deals double that damage to that player or permanent instead. / If a source
    # would deal damage to you or a permanent you control, prevent half that damage, rounded up."
    "Gisela, Blade of Goldnight": Behaviour(statics=(DamageToOpponentsSideTimes(2), PreventHalfToYourSide())),
    # "All damage that would be dealt to you or another permanent you control is dealt to this creature
    # instead." (614.9, from a static ability)
    "Palisade Giant": Behaviour(statics=(RedirectToSelf(),)),
    # "Cone of Flame deals 1 damage to any target, 2 damage to another target, and 3 damage to a third
    # target." (dealt at once: one damage event)
    "Cone of Flame": Behaviour(targets=(ANY, ANOTHER, ANOTHER), effects=(
        DamageAtOnce(((1, Targets(0)), (2, Targets(1)), (3, Targets(2)))),)),
    # "Players can't gain life. / Damage can't be prevented. / All damage is dealt as though its source
    # had wither."
    "Everlasting Torment": Behaviour(statics=(PlayersCantGainLife(), NoDamageCanBePrevented(),
                                              AllDamageAsThoughWither())),
    # "You can't get poison counters. / Creatures you control can't have -1/-1 counters put on them. /
    # Creatures your opponents control lose infect."
    "Melira, Sylvok Outcast": Behaviour(statics=(YouCantGetPoisonCounters(), CreaturesCantHaveCounters("-1/-1"),
                                                 OpponentsCreaturesLoseKeywords(("infect",)))),
    # "Enchant permanent / Enchanted permanent has indestructible."
    "Indestructibility": Behaviour(targets=(TargetSpec("permanent", description="target permanent"),),
                                   statics=(Enchant("permanent"), EnchantedGets(keywords=("indestructible",)))),
    # "Trample, lifelink / This creature enters with seven +1/+1 counters on it. / If damage would be
    # dealt to this creature, prevent that damage. Remove a +1/+1 counter from this creature." (one
    # counter for each damage event, however many sources deal damage to it at once)
    "Phantom Nishoba": Behaviour(enters=(EntersWithCounters("+1/+1", 7),),
                                 statics=(PreventDamageToSelfThen(remove_one="+1/+1"),)),
    # "Flying / If noncombat damage would be dealt to this creature, prevent that damage. Put a +1/+1
    # counter on this creature for each 1 damage prevented this way."
    "Stormwild Capridor": Behaviour(statics=(PreventDamageToSelfThen(put="+1/+1", noncombat=True),)),
    # "Target creature an opponent controls deals damage equal to its power to each other creature that
    # player controls, then each of those creatures deals damage equal to its power to that creature."
    "Alpha Brawl": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                                 description="target creature an opponent controls"),),
                             effects=(TargetBrawls(0),)),
    # ---- control changes, after XMage's UndyingTest and JinxedRingTest ----------------------------------
    # "Enchant creature with mana value 2 or less / You control enchanted creature." (613.1b, layer 2)
    "Threads of Disloyalty": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature",), max_mv=2,
                            description="target creature with mana value 2 or less"),),
        statics=(Enchant("creature"), YouControlEnchanted())),
    # "Enchant permanent / You control enchanted permanent." (613.1b; "you" is the Aura's controller now, 109.5)
    "Confiscate": Behaviour(targets=(TargetSpec("permanent", description="target permanent"),),
                            statics=(Enchant("permanent"), YouControlEnchanted())),
    # "Exchange control of target artifact or creature and another target permanent that shares one of
    # those types with it. (This effect lasts indefinitely.)" (701.12)
    "Legerdemain": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Artifact", "Creature"), description="target artifact or creature"),
                 TargetSpec("permanent", distinct=True, shares_type_with=("Artifact", "Creature"),
                            description="another target permanent that shares one of those types with it")),
        effects=(ExchangeControl(0, 1),)),
}
