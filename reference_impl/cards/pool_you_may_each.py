"""Catalog cards whose triggered abilities offer an optional cost paid as they resolve ("you may pay
{U}{R}. If you do, ...", "you may remove two +1/+1 counters from Verazol. If you do, ..."; 603.5,
608.2d, 118.3), answered per ability with feature you-may-each, as data over effects.MayPay and
effects.MayRemoveCounters, and the kicked spell XMage's Verazol test copies; and cards whose spells
tell players to choose objects that are not targets as they resolve (608.2d, feature
choose-on-resolution), as data over effects.chosen; and spells that may copy themselves as they
resolve (Chain of Vapor, Sevinne's Reclamation: the step's `you_may`, `sacrifice`, `copy_targets`);
and Forcefield, whose unblocked creature is chosen as its ability resolves (609.7a, `damage_source`)."""

from __future__ import annotations

from ..effects import (
    BounceThenMaySacrificeLandToCopy,
    CastFromGraveyard,
    CopyEventSpell,
    CopyThisSpell,
    CreateTokenCopies,
    CreateTokens,
    CreaturesOfChosenType,
    Damage,
    DestroyAllButChosen,
    EachPlayerSacrifices,
    EventObject,
    Kicked,
    ManaSpentToCast,
    MayPay,
    MayRemoveCounters,
    Mul,
    Pump,
    PutCardOnto,
    Targets,
    TimesKicked,
    When,
    X,
    You,
)
from ..rules.abilities import ActivatedAbility, CastSpell, Trigger
from ..rules.filters import Filter
from ..rules.prevention import PreventNextFromChosenSource
from ..rules.statics import EntersWithCounters
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb

YOU_MAY_EACH_POOL: dict[str, Behaviour] = {
    # "Whenever you cast an instant or sorcery spell, you may pay {U}{R}. If you do, copy that
    # spell. You may choose new targets for the copy." / "Whenever another nontoken creature you
    # control enters, you may pay {G}{U}. If you do, create a token that's a copy of that creature."
    "Riku of Two Reflections": Behaviour(triggers=(
        Trigger("you-cast", (MayPay(Cost.parse("{U}{R}"), (CopyEventSpell(),)),),
                condition=CastSpell(types_any=("Instant", "Sorcery")), intervening=False),
        Trigger("other-enters", (MayPay(Cost.parse("{G}{U}"), (CreateTokenCopies(EventObject()),)),),
                entering=Filter(types_any=("Creature",), nontoken=True)))),
    # "Verazol enters with a +1/+1 counter on it for each mana spent to cast it." / "Whenever you cast
    # a kicked spell, you may remove two +1/+1 counters from Verazol. If you do, copy that spell. You
    # may choose new targets for the copy." (a copy of a permanent spell becomes a token, 707.10f)
    "Verazol, the Split Current": Behaviour(
        enters=(EntersWithCounters("+1/+1", ManaSpentToCast()),),
        triggers=(Trigger("you-cast", (MayRemoveCounters("+1/+1", 2, (CopyEventSpell(),)),),
                          condition=Kicked(linked=False), intervening=False),)),
    # "Multikicker {R}" (parsed from the Oracle text) / "When this creature enters, it deals damage to
    # target player or planeswalker equal to twice the number of times it was kicked."
    "Deathforge Shaman": Behaviour(triggers=(etb(
        [Damage(Mul(TimesKicked(), 2), Targets(0))],
        [TargetSpec("player-or-planeswalker", description="target player or planeswalker")]),)),
    # "Choose up to one creature. Destroy the rest."
    "Duneblast": Behaviour(effects=(DestroyAllButChosen(1),)),
    # "Each player sacrifices two creatures."
    "Barter in Blood": Behaviour(effects=(EachPlayerSacrifices(2),)),
    # "Create two 1/1 white Soldier creature tokens." (the Soldier token of pool_peers_wagic)
    "Raise the Alarm": Behaviour(effects=(CreateTokens("Soldier", 2),)),
    # "Return target nonland permanent to its owner's hand. Then that permanent's controller may
    # sacrifice a land of their choice. If the player does, they may copy this spell and may choose a
    # new target for that copy."
    "Chain of Vapor": Behaviour(
        targets=(TargetSpec("permanent", types_not=("Land",), description="target nonland permanent"),),
        effects=(BounceThenMaySacrificeLandToCopy(Targets(0)),)),
    # "Return target permanent card with mana value 3 or less from your graveyard to the battlefield.
    # If this spell was cast from a graveyard, you may copy this spell and may choose a new target for
    # the copy." (Flashback {4}{W}: parsed from the Oracle text)
    "Sevinne's Reclamation": Behaviour(
        targets=(TargetSpec("graveyard-card", types_any=("Artifact", "Creature", "Enchantment", "Land",
                                                         "Planeswalker", "Battle"), max_mv=3,
                            description="target permanent card with mana value 3 or less from your graveyard"),),
        effects=(PutCardOnto(Targets(0), "battlefield"), When(CastFromGraveyard(), (CopyThisSpell(),)))),
    # "{1}: The next time an unblocked creature of your choice would deal combat damage to you this
    # turn, prevent all but 1 of that damage." (609.7: the creature chosen as the ability resolves,
    # the step's `damage_source`)
    "Forcefield": Behaviour(activated=(ActivatedAbility(
        (PreventNextFromChosenSource("unblocked creature", You(), combat_only=True, leaves=1),),
        mana=Cost.parse("{1}"),
        description="{1}: The next time an unblocked creature of your choice would deal combat damage to you "
                    "this turn, prevent all but 1 of that damage."),)),
    # "Creatures of the creature type of your choice get +X/+X until end of turn." (the type chosen as
    # it resolves: the step's `creature_type`)
    "Tribal Unity": Behaviour(effects=(Pump(CreaturesOfChosenType(), X(), X()),)),
}
