"""What each catalog card does, declared as data composed from the reusable primitives of
reference_impl.effects, rules.abilities and rules.targets. Keyword costs (kicker, multikicker,
flashback) and mana abilities are not here: they are parsed from the Oracle text
(reference_impl.rules.keywords).
Cards without an entry (vanilla creatures, basic lands) have no further behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..effects import (
    CastFromGraveyard,
    ColorsSpent,
    CopySpell,
    CounterEventSpell,
    CountersOnSource,
    CounterSpell,
    CreateTokenCopies,
    CreateTokens,
    Damage,
    Destroy,
    Discard,
    DividedDamage,
    Draw,
    EachCreature,
    EachOpponent,
    ExileIf,
    GainControlOfSpell,
    GainLife,
    GrantFlashback,
    If,
    Kicked,
    LoseLife,
    MayLoot,
    Mill,
    Mul,
    PayForEachAgeCounterOrSacrifice,
    PutCounters,
    ReturnToHand,
    SacrificeCreature,
    SearchExileMayCastFree,
    Self,
    TapAndDamageController,
    TargetManaValue,
    Targets,
    TimesKicked,
    X,
    You,
)
from ..rules.abilities import ActivatedAbility, PrintedAltCost, SpellMVEqualsCounters, Trigger
from ..rules.keywords import parse_sticker_kicker
from ..rules.statics import (
    CantBeBlocked,
    CastWithoutPaying,
    CostModifier,
    EntersAsCopy,
    EntersWithCounters,
    EntersWithKeywords,
    GrantKicker,
    MinimumCost,
    PTBoost,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .oracle import ORACLE


@dataclass(frozen=True)
class Behaviour:
    targets: tuple = ()       # spell targets (601.2c), in the order the text asks for them
    effects: tuple = ()       # spell effects on resolution (608.2)
    triggers: tuple = ()
    statics: tuple = ()
    enters: tuple = ()        # replacement effects as it enters (614.1c)
    activated: tuple = ()     # non-mana activated abilities (602), in printed order
    alt_cost: object = None   # a printed alternative cost
    modes: object = None      # rules.modes.Modes for a modal spell (700.2)
    additional_costs: tuple = ()  # non-mana additional costs (rules.costs_paid), 601.2b/118.8
    unsupported: str | None = None
    faces: tuple = ()         # a split card's halves (709): one Behaviour each, left first
    x_mana: str | None = None  # "Spend only black mana on X." (a WUBRG letter: the X part paid with it)
    spend_only_from: str | None = None  # "Spend only mana produced by creatures to cast this spell." ("Creature")


ANY = TargetSpec("any", description="any target")
PLAYER = TargetSpec("player", description="target player")
OPPONENT = TargetSpec("opponent", description="target opponent")
SPELL = TargetSpec("spell", description="target spell")
CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")
NONLAND = TargetSpec("permanent", types_not=("Land",), description="target nonland permanent")
INSTANT_SORCERY_SPELL = TargetSpec("spell", types_any=("Instant", "Sorcery"),
                                   description="target instant or sorcery spell")
INSTANT_OR_SORCERY = ("Instant", "Sorcery")


def etb(effects, targets=(), condition=None) -> Trigger:
    return Trigger("enters-self", tuple(effects), tuple(targets), condition)


def counter(spec=SPELL, unless=None) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(CounterSpell(Targets(0), unless),))


def copier(spec=INSTANT_SORCERY_SPELL, times=1, colors=None) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(CopySpell(Targets(0), times, colors),))


def cumulative_upkeep(*options: str) -> Trigger:
    """"Cumulative upkeep [cost]" (702.24a: "At the beginning of your upkeep, if this permanent is on
    the battlefield, put an age counter on this permanent. Then you may pay [cost] for each age counter
    on it. If you don't, sacrifice it."); `options`, "{W}" and "{U}" for "{W} or {U}"."""
    return Trigger("beginning-of", (PutCounters("age", 1, Self()),
                                    PayForEachAgeCounterOrSacrifice(tuple(Cost.parse(o) for o in options))),
                   step="upkeep")


def enters_counters(kind, amount, condition=None) -> Behaviour:
    return Behaviour(enters=(EntersWithCounters(kind, amount, condition),))


BEHAVIOUR: dict[str, Behaviour] = {
    "Aether Figment": Behaviour(enters=(EntersWithCounters("+1/+1", 2, Kicked()),),
                                statics=(CantBeBlocked(),)),
    "Aethersnatch": Behaviour(targets=(SPELL,), effects=(GainControlOfSpell(Targets(0)),)),
    "Ana Battlemage": Behaviour(triggers=(
        etb([Discard(Targets(0), 3)], [PLAYER], Kicked("A")),
        etb([TapAndDamageController(Targets(0))],
            [TargetSpec("permanent", types_any=("Creature",), untapped=True,
                        description="target untapped creature")], Kicked("B")),
    )),
    "Ancient Grudge": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Artifact",), description="target artifact"),),
        effects=(Destroy(Targets(0)),)),
    "Apex Hawks": enters_counters("+1/+1", TimesKicked()),
    "Archangel of Wrath": Behaviour(triggers=(
        etb([Damage(2, Targets(0))], [ANY], Kicked()),
        etb([Damage(2, Targets(0))], [ANY], Kicked(times=2)),
    )),
    "Baral, Chief of Compliance": Behaviour(
        statics=(CostModifier(-1, types_any=INSTANT_OR_SORCERY, yours=True),),
        triggers=(Trigger("you-counter", (MayLoot(),)),)),
    "Bloodhusk Ritualist": Behaviour(triggers=(etb([Discard(Targets(0), TimesKicked())], [OPPONENT]),)),
    "Bring to Light": Behaviour(effects=(
        SearchExileMayCastFree(("Creature", "Instant", "Sorcery"), ColorsSpent()),)),
    "Cancel": counter(),
    "Chalice of the Void": Behaviour(
        enters=(EntersWithCounters("charge", X()),),
        triggers=(Trigger("any-cast", (CounterEventSpell(),),
                          condition=SpellMVEqualsCounters("charge"), intervening=False),)),
    "Clone": Behaviour(enters=(EntersAsCopy(),)),
    "Comet Storm": Behaviour(
        targets=(TargetSpec("any", count="one-plus-kicks", description="any target"),),
        effects=(Damage(X(), Targets(0)),)),
    "Conflagrate": Behaviour(
        targets=(TargetSpec("any", count="any-number", divided=True,
                            description="any number of targets"),),
        effects=(DividedDamage(X(), Targets(0)),)),
    "Counterspell": counter(),
    "Deprive": counter(),  # its additional cost is parsed from the Oracle text (rules/keywords.py)
    "Crystalline Crawler": Behaviour(
        enters=(EntersWithCounters("+1/+1", ColorsSpent()),),
        activated=(ActivatedAbility((PutCounters("+1/+1", 1, Self()),), tap=True,
                                    description="{T}: Put a +1/+1 counter on this creature."),)),
    "Deep Analysis": Behaviour(targets=(PLAYER,), effects=(Draw(Targets(0), 2),)),
    "Essence Scatter": counter(TargetSpec("spell", types_any=("Creature",),
                                          description="target creature spell")),
    "Everflowing Chalice": enters_counters("charge", TimesKicked()),
    "Faithless Looting": Behaviour(effects=(Draw(You(), 2), Discard(You(), 2))),
    "Firebolt": Behaviour(targets=(ANY,), effects=(Damage(2, Targets(0)),)),
    "Flame Javelin": Behaviour(targets=(ANY,), effects=(Damage(4, Targets(0)),)),
    "Force of Will": Behaviour(targets=(SPELL,), effects=(CounterSpell(Targets(0)),),
                               alt_cost=PrintedAltCost(life=1, exile_color="U")),
    "Fork": copier(colors=("R",)),
    "Gatekeeper of Malakir": Behaviour(triggers=(
        etb([SacrificeCreature(Targets(0))], [PLAYER], Kicked()),)),
    "Goblin Electromancer": Behaviour(
        statics=(CostModifier(-1, types_any=INSTANT_OR_SORCERY, yours=True),)),
    "Goblin Ruinblaster": Behaviour(triggers=(
        etb([Destroy(Targets(0))],
            [TargetSpec("permanent", types_any=("Land",), not_supertype="Basic",
                        description="target nonbasic land")], Kicked()),)),
    "Hallar, the Firefletcher": Behaviour(triggers=(
        Trigger("you-cast", (PutCounters("+1/+1", 1, Self()),
                             Damage(CountersOnSource("+1/+1"), EachOpponent())),
                condition=Kicked(linked=False)),)),
    "Helm of Awakening": Behaviour(statics=(CostModifier(-1),)),
    "Increasing Confusion": Behaviour(
        targets=(PLAYER,),
        effects=(Mill(Targets(0), If(CastFromGraveyard(), Mul(X(), 2), X())),)),
    "Increasing Vengeance": copier(
        TargetSpec("spell", types_any=INSTANT_OR_SORCERY, you_control=True,
                   description="target instant or sorcery spell you control"),
        times=If(CastFromGraveyard(), 2, 1)),
    "Into the Roil": Behaviour(targets=(NONLAND,),
                               effects=(ReturnToHand(Targets(0)), Draw(You(), If(Kicked(), 1, 0)))),
    "Joraga Warcaller": Behaviour(
        enters=(EntersWithCounters("+1/+1", TimesKicked()),),
        statics=(PTBoost(("Elf",), other=True, you_control=True, per_counter="+1/+1"),)),
    "Kaleidoscorch": Behaviour(targets=(ANY,), effects=(Damage(ColorsSpent(), Targets(0)),)),
    "Kavu Titan": Behaviour(enters=(EntersWithCounters("+1/+1", 3, Kicked()),
                                    EntersWithKeywords(("trample",), Kicked()))),
    "Lightning Bolt": Behaviour(targets=(ANY,), effects=(Damage(3, Targets(0)),)),
    "Lingering Souls": Behaviour(effects=(CreateTokens("Spirit", 2),)),
    "Mana Leak": counter(unless=Cost.parse("{3}")),
    "Negate": counter(TargetSpec("spell", types_not=("Creature",),
                                 description="target noncreature spell")),
    "Omniscience": Behaviour(statics=(CastWithoutPaying("hand"),)),
    "Orim's Thunder": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Artifact", "Enchantment"),
                            description="target artifact or enchantment"),
                 TargetSpec("permanent", types_any=("Creature",), only_if=Kicked(),
                            description="target creature")),
        effects=(Destroy(Targets(0)), Damage(TargetManaValue(0), Targets(1)))),
    "Painful Truths": Behaviour(effects=(Draw(You(), ColorsSpent()), LoseLife(You(), ColorsSpent()))),
    "Prismatic Ending": Behaviour(targets=(NONLAND,), effects=(ExileIf(Targets(0), ColorsSpent()),)),
    "Radiant Flames": Behaviour(effects=(Damage(ColorsSpent(), EachCreature()),)),
    "Reverberate": copier(),
    "Rite of Replication": Behaviour(targets=(CREATURE,),
                                     effects=(CreateTokenCopies(Targets(0), If(Kicked(), 5, 1)),)),
    "Saproling Infestation": Behaviour(triggers=(Trigger("kick", (CreateTokens("Saproling", 1),)),)),
    "Skyrider Elf": enters_counters("+1/+1", ColorsSpent()),
    "Snapcaster Mage": Behaviour(triggers=(
        etb([GrantFlashback(Targets(0), until_end_of_turn=True)],
            [TargetSpec("graveyard-card", types_any=INSTANT_OR_SORCERY,
                        description="target instant or sorcery card in your graveyard")]),)),
    "Sphere of Resistance": Behaviour(statics=(CostModifier(+1),)),
    "Stormscape Battlemage": Behaviour(triggers=(
        etb([GainLife(You(), 3)], (), Kicked("A")),
        etb([Destroy(Targets(0), regenerate=False)],  # "It can't be regenerated."
            [TargetSpec("permanent", types_any=("Creature",), not_color="B",
                        description="target nonblack creature")], Kicked("B")),
    )),
    "Strength of the Tajuru": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature",), count="one-plus-kicks",
                            description="target creature"),),
        effects=(PutCounters("+1/+1", X(), Targets(0)),)),
    "Thalia, Guardian of Thraben": Behaviour(statics=(CostModifier(+1, types_not=("Creature",)),)),
    "Think Twice": Behaviour(effects=(Draw(You(), 1),)),
    "Trinisphere": Behaviour(statics=(MinimumCost(3),)),
    "Twincast": copier(),
    "Verdeloth the Ancient": Behaviour(
        statics=(PTBoost(("Saproling",)), PTBoost(("Treefolk",), other=True)),
        triggers=(etb([CreateTokens("Saproling", X())], (), Kicked()),)),
    "Wicker Picker": Behaviour(statics=(
        GrantKicker(parse_sticker_kicker(ORACLE["Wicker Picker"]["oracle_text"])),)),
    "Wolfbriar Elemental": Behaviour(triggers=(etb([CreateTokens("Wolf", TimesKicked())]),)),
}

# Tokens created by catalog cards that are not catalog cards themselves (111.4: the effect
# that creates a token defines its characteristics).
EXTRA_TOKENS = {
    "Spirit": {"name": "Spirit", "mana_cost": None, "colors": ["W"], "type_line":
               "Token Creature — Spirit", "supertypes": [], "types": ["Creature"],
               "subtypes": ["Spirit"], "power": "1", "toughness": "1", "oracle_text": "Flying",
               "keywords": ["Flying"]},
    "Wolf": {"name": "Wolf", "mana_cost": None, "colors": ["G"], "type_line":
             "Token Creature — Wolf", "supertypes": [], "types": ["Creature"],
             "subtypes": ["Wolf"], "power": "2", "toughness": "2", "oracle_text": "",
             "keywords": []},
}
