"""Cards that ask for choices beyond targets and mana: the modes of a modal spell (700.2), the
permanents that pay a sacrifice or tap cost (601.2h), a color or an opponent chosen as a
permanent enters (614.12a). Data only, like pool.py:
mode targets and effects are gated on the chosen mode (rules.modes.ModeChosen, effects.InMode);
sacrifice/tap costs are read from the Oracle text (rules.keywords)."""

from __future__ import annotations

from ..effects import (
    ChosenPlayer,
    ControllerOf,
    ControlsNoPermanentOfChosenColor,
    CopyEventSpell,
    CounterSpell,
    CreateTokens,
    CreateTokensExiledAtNextEndStep,
    Damage,
    Destroy,
    Draw,
    Exile,
    Fight,
    GainLife,
    GreatestPowerOf,
    HandSize,
    If,
    InMode,
    Kicked,
    Matching,
    Mul,
    PutCardOnto,
    PutCounters,
    ReturnToHand,
    Sacrifice,
    Self,
    Sum,
    Tap,
    TargetPower,
    Targets,
    Untap,
    X,
    You,
)
from ..rules.abilities import ActivatedAbility, CastSpell, Trigger
from ..rules.filters import Filter
from ..rules.keywords import parse_permanent_cost
from ..rules.layers import IsAlso
from ..rules.modes import ModeChosen, Modes
from ..rules.statics import CantCastChosenColor, CantDuringPhase, EntersChoosingColor, EntersChoosingOpponent
from ..rules.targets import TargetSpec
from ..state.game import COMBAT_PHASE
from ..state.mana import Cost
from .behaviour import Behaviour
from .pool import _token

REANIMATE = Behaviour(
    targets=(TargetSpec("graveyard-card", types_any=("Creature",),
                        description="target creature card from your graveyard"),),
    effects=(PutCardOnto(Targets(0), "battlefield"),))

CHOICE_POOL: dict[str, Behaviour] = {
    "Inscription of Abundance": Behaviour(
        modes=Modes(3, "one", kicked="any-number"),
        targets=(
            TargetSpec("permanent", types_any=("Creature",), only_if=ModeChosen(0), description="target creature"),
            TargetSpec("player", only_if=ModeChosen(1), description="target player"),
            TargetSpec("permanent", types_any=("Creature",), you_control=True, only_if=ModeChosen(2),
                       description="target creature you control"),
            TargetSpec("permanent", types_any=("Creature",), not_you_control=True, only_if=ModeChosen(2),
                       description="target creature you don't control"),
        ),
        effects=(
            InMode(0, (PutCounters("+1/+1", 2, Targets(0)),)),
            InMode(1, (GainLife(Targets(1), GreatestPowerOf(Targets(1))),)),
            InMode(2, (Fight(2, 3),)),
        )),
    "Crush Contraband": Behaviour(
        modes=Modes(2, "one-or-more"),
        targets=(TargetSpec("permanent", types_any=("Artifact",), only_if=ModeChosen(0), description="target artifact"),
                 TargetSpec("permanent", types_any=("Enchantment",), only_if=ModeChosen(1),
                            description="target enchantment")),
        effects=(InMode(0, (Exile(Targets(0)),)), InMode(1, (Exile(Targets(1)),)))),
    "Cryptic Command": Behaviour(
        modes=Modes(4, "two"),
        targets=(TargetSpec("spell", only_if=ModeChosen(0), description="target spell"),
                 TargetSpec("permanent", only_if=ModeChosen(1), description="target permanent")),
        effects=(InMode(0, (CounterSpell(Targets(0)),)),
                 InMode(1, (ReturnToHand(Targets(1)),)),
                 InMode(2, (Tap(Matching(Filter(whose="opponents", types_any=("Creature",)))),)),
                 InMode(3, (Draw(You(), 1),)))),
    "Mystic Confluence": Behaviour(  # "You may choose the same mode more than once." (700.2d)
        modes=Modes(3, "three", repeatable=True),
        targets=(TargetSpec("spell", only_if=ModeChosen(0), description="target spell"),
                 TargetSpec("permanent", types_any=("Creature",), only_if=ModeChosen(1),
                            description="target creature")),
        effects=(InMode(0, (CounterSpell(Targets(0), Cost.parse("{3}")),)),
                 InMode(1, (ReturnToHand(Targets(1)),)),
                 InMode(2, (Draw(You(), 1),)))),
    "Deceiver Exarch": Behaviour(triggers=(Trigger(  # a modal triggered ability (603.3c, 700.2b)
        "enters-self",
        (InMode(0, (Untap(Targets(0)),)), InMode(1, (Tap(Targets(1)),))),
        (TargetSpec("permanent", you_control=True, only_if=ModeChosen(0), description="target permanent you control"),
         TargetSpec("permanent", not_you_control=True, only_if=ModeChosen(1),
                    description="target permanent an opponent controls")),
        modes=Modes(2, "one")),)),
    "Gleeful Sabotage": Behaviour(  # conspire is parsed from its text (rules.keywords)
        targets=(TargetSpec("permanent", types_any=("Artifact", "Enchantment"),
                            description="target artifact or enchantment"),),
        effects=(Destroy(Targets(0)),)),
    "Altar's Reap": Behaviour(effects=(Draw(You(), 2),)),
    "Battle Screech": Behaviour(effects=(CreateTokens("Bird", 2),)),
    "Dread Return": REANIMATE,
    "Firecat Blitz": Behaviour(effects=(CreateTokensExiledAtNextEndStep("Elemental Cat", X()),)),
    "Unburial Rites": REANIMATE,
    # "During combat, players can't cast instant spells or activate abilities that aren't mana
    # abilities." (304.5: a creature spell with flash is no instant spell)
    "Hand to Hand": Behaviour(statics=(CantDuringPhase(COMBAT_PHASE, ("Instant",), nonmana_abilities=True),)),
    # "Put target creature card from a graveyard onto the battlefield under your control. That
    # creature is a black Zombie in addition to its other colors and types." (611.2e: it enters as one)
    "Rise from the Grave": Behaviour(
        targets=(TargetSpec("graveyard-card", types_any=("Creature",), any_graveyard=True,
                            description="target creature card from a graveyard"),),
        effects=(PutCardOnto(Targets(0), "battlefield", under_your_control=True,
                             entering_is=IsAlso(colors=("B",), subtypes=("Zombie",))),)),
    # "Whenever another Zombie you control enters, put a +1/+1 counter on this creature."
    "Champion of the Perished": Behaviour(triggers=(
        Trigger("other-enters", (PutCounters("+1/+1", 1, Self()),),
                entering=Filter(subtypes_any=("Zombie",))),)),
    "Iona, Shield of Emeria": Behaviour(enters=(EntersChoosingColor(),), statics=(CantCastChosenColor(),)),
    "Lurebound Scarecrow": Behaviour(
        enters=(EntersChoosingColor(),),
        triggers=(Trigger("state", (Sacrifice(Self()),), condition=ControlsNoPermanentOfChosenColor()),)),
    # "you may" answered on resolution (feature you-may), used by XMage's copy tests
    "Swarm Intelligence": Behaviour(triggers=(
        Trigger("you-cast", (CopyEventSpell(optional=True),), condition=CastSpell(types_any=("Instant", "Sorcery")),
                intervening=False),)),
    "Agonizing Demise": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature",), not_color="B",
                            description="target nonblack creature"),),
        effects=(Destroy(Targets(0), regenerate=False),  # "It can't be regenerated."
                 Damage(If(Kicked(), TargetPower(0), 0), ControllerOf(Targets(0))))),
    "Hand of Justice": Behaviour(activated=(ActivatedAbility(
        (Destroy(Targets(0)),),
        targets=(TargetSpec("permanent", types_any=("Creature",), description="target creature"),),
        tap=True, costs=(parse_permanent_cost("Tap three untapped white creatures you control"),),
        description="{T}, Tap three untapped white creatures you control: Destroy target creature."),)),
    "The Rack": Behaviour(
        enters=(EntersChoosingOpponent(),),
        triggers=(Trigger("beginning-of", (Damage(Sum(3, Mul(-1, HandSize(ChosenPlayer()))), ChosenPlayer()),),
                          step="upkeep", chosen_player=True),)),
}

CHOICE_POOL_TOKENS = {
    "Bird": _token("Bird", ("W",), ("Creature",), ("Bird",), 1, 1, "Flying", ("Flying",)),
    "Elemental Cat": _token("Elemental Cat", ("R",), ("Creature",), ("Elemental", "Cat"), 1, 1, "Haste", ("Haste",)),
}
