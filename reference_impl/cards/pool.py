"""Behaviour of the cards added to the catalog with the grown card pool (spec/cards-source),
as data over the shared primitives: burn, removal with target restrictions, pump spells,
kicker and flashback payoffs, converge, cost changers and counterspells. Vanilla creatures
have no entry. Same conventions as behaviour.py (which this module extends)."""

from __future__ import annotations

from ..effects import (
    AdditionalLandsThisTurn,
    AddOneManaTheLandProduced,
    Both,
    CantBeRegeneratedThisTurn,
    CantCastThisTurn,
    CastFromGraveyard,
    ColorsSpent,
    ControllerOf,
    CopySpell,
    CounterSpell,
    CounterTarget,
    CounterTargetingUnless,
    CountOf,
    CreateTokens,
    CreaturesCantAttackThisTurn,
    Damage,
    DamageDividedEvenly,
    DamageFromTarget,
    Destroy,
    DestroyGainLifePer,
    DestroySameName,
    Discard,
    DiscardHand,
    DoesntUntapWhileYouControlSource,
    DoubleLifeTotal,
    DoublePower,
    Draw,
    EachOpponent,
    EachOtherPlayerMayCopy,
    EachPlayer,
    EventAmount,
    EventPlayer,
    Exile,
    GainLife,
    If,
    Kicked,
    LoseLife,
    Matching,
    Mill,
    Not,
    OpponentsAndTheirCreatures,
    PlayerCounter,
    Pump,
    PutCardOnto,
    PutCounters,
    ReturnSpellToHand,
    ReturnToHand,
    Self,
    ShuffleIntoLibrary,
    Tap,
    TargetManaValue,
    TargetPower,
    Targets,
    Untap,
    When,
    X,
    You,
)
from ..rules.abilities import ActivatedAbility, BoardHolds, CastSpell, LifeAtMost, Trigger
from ..rules.filters import AtLeast, CardTypesIn, Count, Filter, PlayerCounters
from ..rules.keywords import parse_permanent_cost
from ..rules.layers import Anthem, DefinesPT, UntilEndOfTurn
from ..rules.prevention import CantBePrevented, PreventCombatDamageThisTurn, PreventNextDamage, Protection
from ..rules.statics import (
    CantBeCountered,
    CostModifier,
    Enchant,
    EntersWithCounters,
    HexproofFrom,
    KeywordGrant,
    PlayLandsFromGraveyard,
    SelfBoostWhileAnyControls,
    SelfCostModifier,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb

ANY = TargetSpec("any", description="any target")
PLAYER = TargetSpec("player", description="target player")
OPPONENT = TargetSpec("opponent", description="target opponent")
SPELL = TargetSpec("spell", description="target spell")
CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")
CREATURE_OR_PW = TargetSpec("permanent", types_any=("Creature", "Planeswalker"),
                            description="target creature or planeswalker")
NONLAND = TargetSpec("permanent", types_not=("Land",), description="target nonland permanent")
ARTIFACT = TargetSpec("permanent", types_any=("Artifact",), description="target artifact")
ART_OR_ENCH = TargetSpec("permanent", types_any=("Artifact", "Enchantment"),
                         description="target artifact or enchantment")
YOUR_CREATURE = TargetSpec("permanent", types_any=("Creature",), you_control=True,
                           description="target creature you control")
CREATURE_SPELL = TargetSpec("spell", types_any=("Creature",), description="target creature spell")
INSTANT_OR_SORCERY = ("Instant", "Sorcery")
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Planeswalker", "Battle")  # 110.4 (a land is never a spell)
KICKED = Kicked()
YOUR_CREATURES = Filter(types_any=("Creature",))


def ward(cost: str) -> Trigger:
    """702.21a: "Ward [cost]": whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays [cost]."""
    return Trigger("targeted-by-opponent", (CounterTargetingUnless(Cost.parse(cost)),))


def burn(n, spec=ANY) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(Damage(n, Targets(0)),))


def destroy(spec) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(Destroy(Targets(0)),))


def pump(p, t, keywords=(), spec=CREATURE) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(Pump(Targets(0), p, t, keywords),))


def kicked_counters(n) -> Behaviour:
    return Behaviour(enters=(EntersWithCounters("+1/+1", n, KICKED),))


def converge_counters(per=1) -> Behaviour:
    amount = ColorsSpent() if per == 1 else _Times(ColorsSpent(), per)
    return Behaviour(enters=(EntersWithCounters("+1/+1", amount),))


def counter(spec=SPELL, dest="graveyard", then=(), only_if=None, **extra) -> Behaviour:
    return Behaviour(targets=(spec,), effects=(CounterTarget(Targets(0), dest, only_if),) + tuple(then),
                     **extra)


def you_control(**kw) -> object:
    """Condition "if you control a <...>" for self cost reductions."""
    return AtLeast(Count(Filter(**kw)), 1)


def cheaper_if(amount, condition, **rest) -> Behaviour:
    return Behaviour(statics=(SelfCostModifier(-amount, condition),), **rest)


def spell_targeting(what, desc) -> TargetSpec:
    return TargetSpec("spell", targeting=what, description=desc)


class _Times:
    """Amount times a constant (converge "two counters for each color")."""

    __slots__ = ("a", "k")

    def __init__(self, a, k):
        self.a, self.k = a, k

    def __call__(self, ctx) -> int:
        return self.a(ctx) * self.k

    def __eq__(self, other):
        return isinstance(other, _Times) and (self.a, self.k) == (other.a, other.k)

    def __hash__(self):
        return hash((_Times, self.a, self.k))


def until_end_of_turn(**parts) -> Behaviour:
    """"[Until end of turn,] target creature ..." as one continuous effect (layers 4-7, 613.6)."""
    return Behaviour(targets=(CREATURE,), effects=(UntilEndOfTurn(Targets(0), **parts),))


POOL: dict[str, Behaviour] = {
    # ---- the layer system (613) ----------------------------------------------------------
    "About Face": until_end_of_turn(switch=True),
    "Diminish": until_end_of_turn(set_pt=(1, 1)),
    "Ovinize": until_end_of_turn(lose_all=True, set_pt=(0, 1)),
    "Turn to Frog": until_end_of_turn(subtypes=("Frog",), colors=("U",), lose_all=True, set_pt=(1, 1)),
    "Jump": pump(0, 0, ("flying",)),
    "Honor of the Pure": Behaviour(statics=(Anthem(Filter(types_any=("Creature",), colors_any=("W",))),)),
    # "Other creatures you control get +2/+2. Creatures your opponents control get -2/-2." (613.4c)
    "Elesh Norn, Grand Cenobite": Behaviour(statics=(
        Anthem(Filter(types_any=("Creature",), exclude_source=True), 2, 2),
        Anthem(Filter(types_any=("Creature",), whose="opponents"), -2, -2))),
    "Scion of the Wild": Behaviour(statics=(DefinesPT(Count(Filter(types_any=("Creature",)))),)),
    # ---- burn and removal (phase-rs fixture cards) ------------------------------------
    "Shock": burn(2),
    # split second (702.61a) is read from the keyword line (rules.keywords, rules.statics.split_second_spell)
    "Sudden Shock": burn(2),
    # "Kicker {R}. If this spell was kicked, it has split second. Molten Disaster deals X damage to each
    # creature without flying and each player."
    "Molten Disaster": Behaviour(effects=(Damage(X(), Both(
        Matching(Filter(whose="any", types_any=("Creature",), keyword_not="flying")), EachPlayer())),)),
    "Prodigal Pyromancer": Behaviour(activated=(ActivatedAbility(
        (Damage(1, Targets(0)),), targets=(ANY,), tap=True,
        description="{T}: This creature deals 1 damage to any target."),)),
    # a land with an enters trigger: playing a land (305.1) is an event triggers see (603.2)
    "Radiant Fountain": Behaviour(triggers=(etb((GainLife(You(), 2),)),)),
    "Lightning Strike": burn(3),
    "Searing Spear": burn(3),
    "Lava Spike": burn(3, TargetSpec("player-or-planeswalker",
                                     description="target player or planeswalker")),
    "Murder": destroy(CREATURE),
    "Doom Blade": destroy(TargetSpec("permanent", types_any=("Creature",), not_color="B",
                                     description="target nonblack creature")),
    "Go for the Throat": destroy(TargetSpec("permanent", types_any=("Creature",),
                                            types_not=("Artifact",),
                                            description="target nonartifact creature")),
    "Cast Down": destroy(TargetSpec("permanent", types_any=("Creature",), not_supertype="Legendary",
                                    description="target nonlegendary creature")),
    "Ultimate Price": destroy(TargetSpec("permanent", types_any=("Creature",), monocolored=True,
                                         description="target monocolored creature")),
    "Walk the Plank": destroy(TargetSpec("permanent", types_any=("Creature",), not_subtype="Merfolk",
                                         description="target non-Merfolk creature")),
    "Cut Down": destroy(TargetSpec("permanent", types_any=("Creature",), max_total_pt=5,
                                   description="target creature with total power and toughness 5 or less")),
    "Disenchant": destroy(ART_OR_ENCH),
    "Naturalize": destroy(ART_OR_ENCH),
    "Divine Offering": Behaviour(targets=(ARTIFACT,),
                                 effects=(Destroy(Targets(0)), GainLife(You(), TargetManaValue(0)))),
    "Swords to Plowshares": Behaviour(targets=(CREATURE,), effects=(
        Exile(Targets(0)), GainLife(ControllerOf(Targets(0)), TargetPower(0)))),
    "Unsummon": Behaviour(targets=(CREATURE,), effects=(ReturnToHand(Targets(0)),)),
    # "Destroy all creatures. They can't be regenerated."
    "Wrath of God": Behaviour(effects=(Destroy(Matching(Filter(whose="any", types_any=("Creature",))),
                                               regenerate=False),)),
    "Giant Growth": pump(3, 3),
    # ---- targets that become illegal (702.11, 702.18, 608.2b) ---------------------------
    "Ranger's Guile": pump(1, 1, ("hexproof",), YOUR_CREATURE),
    "Sylvan Safekeeper": Behaviour(activated=(ActivatedAbility(
        (Pump(Targets(0), 0, 0, ("shroud",)),), targets=(YOUR_CREATURE,),
        costs=(parse_permanent_cost("Sacrifice a land"),),
        description="Sacrifice a land: Target creature you control gains shroud until end of turn."),)),
    "Waterfall Aerialist": Behaviour(triggers=(ward("{2}"),)),
    # 605.1b: a triggered mana ability (resolved at once by rules.actions.triggered_mana_abilities)
    "Heartbeat of Spring": Behaviour(triggers=(
        Trigger("a-player-taps-a-land-for-mana", (AddOneManaTheLandProduced(EventPlayer()),)),)),
    "Crystalline Sliver": Behaviour(statics=(
        KeywordGrant(("shroud",), Filter(whose="any", subtypes_any=("Sliver",))),)),  # "All Slivers have shroud."
    # protection (702.16) and prevention effects (615): rules/prevention.py
    "Paladin en-Vec": Behaviour(statics=(Protection(("black", "red")),)),
    "Beloved Chaplain": Behaviour(statics=(Protection(("creatures",)),)),
    "Crimson Acolyte": Behaviour(statics=(Protection(("red",)),), activated=(ActivatedAbility(
        (Pump(Targets(0), 0, 0, ("protection from red",)),), targets=(CREATURE,), mana=Cost.parse("{W}"),
        description="{W}: Target creature gains protection from red until end of turn."),)),
    "Fog": Behaviour(effects=(PreventCombatDamageThisTurn(),)),
    "Mending Hands": Behaviour(targets=(ANY,), effects=(PreventNextDamage(4, Targets(0)),)),
    "Knight of Grace": Behaviour(statics=(HexproofFrom(("B",)), SelfBoostWhileAnyControls("B", 1, 0))),
    "Colossal Might": pump(4, 2, ("trample",)),
    "Revitalize": Behaviour(effects=(GainLife(You(), 3), Draw(You(), 1))),
    "Explore": Behaviour(effects=(AdditionalLandsThisTurn(You()), Draw(You(), 1))),
    "Viashino Pyromancer": Behaviour(triggers=(etb([Damage(2, Targets(0))], [TargetSpec(
        "player-or-planeswalker", description="target player or planeswalker")]),)),
    "Goblin Chainwhirler": Behaviour(triggers=(etb([Damage(1, OpponentsAndTheirCreatures())]),)),
    "Ash Zealot": Behaviour(triggers=(Trigger("any-cast", (Damage(3, EventPlayer()),),
                                              condition=CastFromGraveyard(), intervening=False),)),
    "Blade Splicer": Behaviour(
        triggers=(etb([CreateTokens("Phyrexian Golem", 1)]),),
        statics=(KeywordGrant(("first strike",), Filter(subtypes_any=("Golem",))),)),
    "Faerie Miscreant": Behaviour(triggers=(etb([Draw(You(), 1)], (), BoardHolds(AtLeast(Count(
        Filter(types_any=("Creature",), named_as_source=True, exclude_source=True)), 1))),)),
    "Cleric of the Forward Order": Behaviour(triggers=(etb([GainLife(You(), _Times(CountOf(
        Filter(types_any=("Creature",), named_as_source=True)), 2))]),)),
    # ---- kicker -------------------------------------------------------------------------
    "Academy Drake": kicked_counters(2),
    "Ardent Soldier": kicked_counters(1),
    "Baloth Gorger": kicked_counters(3),
    "Ghastly Gloomhunter": kicked_counters(2),
    "Pincer Spider": kicked_counters(1),
    "Shalai's Acolyte": kicked_counters(2),
    "Stronghold Confessor": kicked_counters(2),
    "Untamed Kavu": kicked_counters(3),
    "Cragplate Baloth": Behaviour(enters=(EntersWithCounters("+1/+1", 4, KICKED),),
                                  statics=(CantBeCountered(),)),
    "Gnarlid Colony": Behaviour(enters=(EntersWithCounters("+1/+1", 2, KICKED),), statics=(
        KeywordGrant(("trample",), Filter(types_any=("Creature",), counter="+1/+1")),)),
    "Bloodchief's Thirst": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature", "Planeswalker"), max_mv=2,
                            only_if=Not(KICKED),
                            description="target creature or planeswalker with mana value 2 or less"),
                 TargetSpec("permanent", types_any=("Creature", "Planeswalker"), only_if=KICKED,
                            description="target creature or planeswalker")),
        effects=(Destroy(Targets(0)), Destroy(Targets(1)))),
    "Field Research": Behaviour(effects=(Draw(You(), If(KICKED, 3, 2)),)),
    "Firebending Lesson": burn(If(KICKED, 5, 2), CREATURE),
    "Shivan Fire": burn(If(KICKED, 4, 2), CREATURE),
    "Roil Eruption": burn(If(KICKED, 5, 3)),
    "Urza's Rage": Behaviour(targets=(ANY,), effects=(CantBePrevented(Damage(If(KICKED, 10, 3), Targets(0)), KICKED),),
                             statics=(CantBeCountered(),)),
    "Hypnotic Cloud": Behaviour(targets=(PLAYER,), effects=(Discard(Targets(0), If(KICKED, 3, 1)),)),
    "Jilt": Behaviour(
        targets=(CREATURE, TargetSpec("permanent", types_any=("Creature",), only_if=KICKED,
                                      distinct=True, description="another target creature")),
        effects=(ReturnToHand(Targets(0)), Damage(2, Targets(1)))),
    "Probe": Behaviour(targets=(TargetSpec("player", only_if=KICKED, description="target player"),),
                       effects=(Draw(You(), 3), Discard(You(), 2), Discard(Targets(0), 2))),
    "Saproling Migration": Behaviour(effects=(CreateTokens("Saproling", If(KICKED, 4, 2)),)),
    "Conqueror's Pledge": Behaviour(effects=(CreateTokens("Kor Soldier", If(KICKED, 12, 6)),)),
    "Wild Onslaught": Behaviour(effects=(PutCounters("+1/+1", If(KICKED, 2, 1), Matching(YOUR_CREATURES)),)),
    "Explosive Growth": pump(If(KICKED, 5, 2), If(KICKED, 5, 2)),
    "Might of Murasa": pump(If(KICKED, 5, 3), If(KICKED, 5, 3)),
    "Gift of Growth": Behaviour(targets=(CREATURE,), effects=(
        Untap(Targets(0)), Pump(Targets(0), If(KICKED, 4, 2), If(KICKED, 4, 2)))),
    "Orim's Chant": Behaviour(targets=(PLAYER,), effects=(
        CantCastThisTurn(Targets(0)), When(KICKED, (CreaturesCantAttackThisTurn(),)))),
    "Vampire's Bite": Behaviour(targets=(CREATURE,), effects=(
        Pump(Targets(0), 3, 0), When(KICKED, (Pump(Targets(0), 0, 0, ("lifelink",)),)))),
    "Colossal Growth": Behaviour(targets=(CREATURE,), effects=(
        Pump(Targets(0), If(KICKED, 4, 3), If(KICKED, 4, 3)),
        When(KICKED, (Pump(Targets(0), 0, 0, ("trample", "haste")),)))),
    "Strength of the Coalition": Behaviour(targets=(YOUR_CREATURE,), effects=(
        Pump(Targets(0), 2, 2), PutCounters("+1/+1", If(KICKED, 1, 0), Matching(YOUR_CREATURES)))),
    "Goblin Bushwhacker": Behaviour(triggers=(etb([Pump(Matching(YOUR_CREATURES), 1, 0, ("haste",))],
                                                  (), KICKED),)),
    "Yavimaya Iconoclast": Behaviour(triggers=(etb([Pump(Self(), 1, 1, ("haste",))], (), KICKED),)),
    "Scorch Rider": Behaviour(triggers=(etb([Pump(Self(), 0, 0, ("haste",))], (), KICKED),)),
    "Bog Badger": Behaviour(triggers=(etb([Pump(Matching(YOUR_CREATURES), 0, 0, ("menace",))], (), KICKED),)),
    "Sun-Blessed Healer": Behaviour(triggers=(etb([PutCardOnto(Targets(0), "battlefield")], [TargetSpec(
        "graveyard-card", types_not=("Land",), types_any=("Artifact", "Creature", "Enchantment",
                                                          "Planeswalker", "Battle"), max_mv=2,
        description="target nonland permanent card with mana value 2 or less from your graveyard")],
        KICKED),)),
    "Sunscape Battlemage": Behaviour(triggers=(
        etb([Destroy(Targets(0))], [TargetSpec("permanent", types_any=("Creature",), keyword="flying",
                                               description="target creature with flying")], Kicked("A")),
        etb([Draw(You(), 2)], (), Kicked("B")),
    )),
    "Thornscape Battlemage": Behaviour(triggers=(
        etb([Damage(2, Targets(0))], [ANY], Kicked("A")),
        etb([Destroy(Targets(0))], [ARTIFACT], Kicked("B")),
    )),
    "Ertai's Trickery": counter(only_if=Kicked(linked=False)),
    "Marsh Casualties": Behaviour(targets=(PLAYER,), effects=(
        Pump(Matching(Filter(types_any=("Creature",)), of_target=0), If(KICKED, -2, -1), If(KICKED, -2, -1)),)),
    # ---- flashback ------------------------------------------------------------------------
    "Increasing Devotion": Behaviour(effects=(CreateTokens("Human", If(CastFromGraveyard(), 10, 5)),)),
    "Increasing Savagery": Behaviour(targets=(CREATURE,), effects=(
        PutCounters("+1/+1", If(CastFromGraveyard(), 10, 5), Targets(0)),)),
    "Chill of Foreboding": Behaviour(effects=(Mill(EachPlayer(), 5),)),
    "Bulk Up": Behaviour(targets=(CREATURE,), effects=(DoublePower(Targets(0)),)),
    "Beacon of Immortality": Behaviour(targets=(PLAYER,), effects=(DoubleLifeTotal(Targets(0)), ShuffleIntoLibrary())),
    "Spider Spawning": Behaviour(effects=(CreateTokens("Spider", CountOf(
        Filter(zone="graveyard", types_any=("Creature",)))),)),
    "Nibelheim Aflame": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), you_control=True,
                                                      description="target creature you control"),),
                                  effects=(DamageFromTarget(0, Matching(Filter(whose="any",
                                                                               types_any=("Creature",)))),
                                           When(CastFromGraveyard(), (DiscardHand(You()), Draw(You(), 4))))),
    "Wild Hunger": pump(3, 1, ("trample",)),
    "Silent Departure": Behaviour(targets=(CREATURE,), effects=(ReturnToHand(Targets(0)),)),
    # "Put target face-up exiled card into its owner's graveyard."
    "Pull from Eternity": Behaviour(targets=(TargetSpec("exiled-card", face_up_any_owner=True,
                                                        description="target face-up exiled card"),),
                                    effects=(PutCardOnto(Targets(0), "graveyard"),)),
    "Runic Repetition": Behaviour(targets=(TargetSpec("exiled-card", with_flashback=True,
                                                      description="target exiled card with flashback you own"),),
                                  effects=(PutCardOnto(Targets(0), "hand"),)),
    # ---- converge -------------------------------------------------------------------------
    "Rancorous Archaic": converge_counters(),
    "Tajuru Stalwart": converge_counters(),
    "Woodland Wanderer": converge_counters(),
    "Unified Front": Behaviour(effects=(CreateTokens("Kor Ally", ColorsSpent()),)),
    # ---- cost changes ---------------------------------------------------------------------
    "Arcane Melee": Behaviour(statics=(CostModifier(-2, types_any=INSTANT_OR_SORCERY),)),
    "Chill": Behaviour(statics=(CostModifier(+2, colors_any=("R",)),)),
    "Feroz's Ban": Behaviour(statics=(CostModifier(+2, types_any=("Creature",)),)),
    "Glowrider": Behaviour(statics=(CostModifier(+1, types_not=("Creature",)),)),
    "Vryn Wingmare": Behaviour(statics=(CostModifier(+1, types_not=("Creature",)),)),
    "Thorn of Amethyst": Behaviour(statics=(CostModifier(+1, types_not=("Creature",)),)),
    "Lodestone Golem": Behaviour(statics=(CostModifier(+1, types_not=("Artifact",)),)),
    "Squeeze": Behaviour(statics=(CostModifier(+3, types_any=("Sorcery",)),)),
    "Grand Arbiter Augustin IV": Behaviour(statics=(
        CostModifier(-1, colors_any=("W",), yours=True), CostModifier(-1, colors_any=("U",), yours=True),
        CostModifier(+1, opponents=True))),
    "Ballyrush Banneret": Behaviour(statics=(CostModifier(-1, subtypes_any=("Kithkin", "Soldier"), yours=True),)),
    "Bosk Banneret": Behaviour(statics=(CostModifier(-1, subtypes_any=("Treefolk", "Shaman"), yours=True),)),
    "Frogtosser Banneret": Behaviour(statics=(CostModifier(-1, subtypes_any=("Goblin", "Rogue"), yours=True),)),
    "Krosan Drover": Behaviour(statics=(CostModifier(-2, types_any=("Creature",), min_mv=6, yours=True),)),
    "Spectacle Mage": Behaviour(statics=(CostModifier(-1, types_any=INSTANT_OR_SORCERY, min_mv=5, yours=True),)),
    "Temur Battlecrier": Behaviour(statics=(CostModifier(-1, yours=True, your_turn=True, per=Count(
        Filter(types_any=("Creature",), min_power=4))),)),
    "Hamza, Guardian of Arashin": Behaviour(statics=(
        SelfCostModifier(-1, per=Count(Filter(types_any=("Creature",), counter="+1/+1"))),
        CostModifier(-1, types_any=("Creature",), yours=True,
                     per=Count(Filter(types_any=("Creature",), counter="+1/+1"))))),
    "Longshot, Rebel Bowman": Behaviour(
        statics=(CostModifier(-1, types_not=("Creature",), yours=True),),
        triggers=(Trigger("you-cast", (Damage(2, EachOpponent()),), condition=CastSpell(types_not=("Creature",)),
                          intervening=False),)),
    "Mizzix of the Izmagnus": Behaviour(
        statics=(CostModifier(-1, types_any=INSTANT_OR_SORCERY, yours=True, per=PlayerCounters("experience")),),
        triggers=(Trigger("you-cast", (PlayerCounter(You(), "experience"),),
                          condition=CastSpell(types_any=INSTANT_OR_SORCERY, mv_over_counters="experience"),
                          intervening=False),)),
    "Winged Words": cheaper_if(1, you_control(types_any=("Creature",), keyword="flying"),
                               effects=(Draw(You(), 2),)),
    "Wizard's Lightning": cheaper_if(2, you_control(subtypes_any=("Wizard",)), targets=(ANY,),
                                     effects=(Damage(3, Targets(0)),)),
    "Wizard's Retort": cheaper_if(1, you_control(subtypes_any=("Wizard",)), targets=(SPELL,),
                                  effects=(CounterTarget(Targets(0)),)),
    "Arcane Epiphany": cheaper_if(1, you_control(subtypes_any=("Wizard",)), effects=(Draw(You(), 3),)),
    "Draconic Lore": cheaper_if(2, you_control(subtypes_any=("Dragon",)), effects=(Draw(You(), 3),)),
    "Squash": cheaper_if(3, you_control(subtypes_any=("Giant",)), targets=(CREATURE_OR_PW,),
                         effects=(Damage(6, Targets(0)),)),
    "Pearl of Wisdom": cheaper_if(1, you_control(subtypes_any=("Otter",)), effects=(Draw(You(), 2),)),
    "Machine Over Matter": cheaper_if(1, you_control(types_all=("Artifact", "Creature")),
                                      targets=(NONLAND,), effects=(ReturnToHand(Targets(0)),)),
    "Mistmeadow Council": cheaper_if(1, you_control(subtypes_any=("Kithkin",)),
                                     triggers=(etb([Draw(You(), 1)]),)),
    "Gust of Wind": cheaper_if(2, you_control(types_any=("Creature",), keyword="flying"),
                               targets=(TargetSpec("permanent", types_not=("Land",), not_you_control=True,
                                                   description="target nonland permanent you don't control"),),
                               effects=(ReturnToHand(Targets(0)), Draw(You(), 1))),
    "Neonate's Rush": cheaper_if(1, you_control(subtypes_any=("Vampire",)), targets=(CREATURE,),
                                 effects=(Damage(1, Both(Targets(0), ControllerOf(Targets(0)))), Draw(You(), 1))),
    "Ghostfire Slice": cheaper_if(2, AtLeast(Count(Filter(whose="opponents", multicolored=True)), 1),
                                  targets=(ANY,), effects=(Damage(4, Targets(0)),)),
    "Stoic Rebuttal": cheaper_if(1, AtLeast(Count(Filter(types_any=("Artifact",))), 3), targets=(SPELL,),
                                 effects=(CounterTarget(Targets(0)),)),
    "Dusk Feaster": cheaper_if(2, AtLeast(CardTypesIn(), 4)),
    "Scour the Laboratory": cheaper_if(2, AtLeast(CardTypesIn(), 4), effects=(Draw(You(), 3),)),
    "Distorted Curiosity": cheaper_if(2, AtLeast(PlayerCounters("poison", opponent=True), 3),
                                      effects=(Draw(You(), 2),)),
    "Venom's Hunger": cheaper_if(2, you_control(subtypes_any=("Villain",)), targets=(CREATURE,),
                                 effects=(Destroy(Targets(0)), GainLife(You(), 2))),
    "Visions of Villainy": cheaper_if(1, you_control(subtypes_any=("Villain",)),
                                      effects=(Draw(You(), 2), LoseLife(You(), 2))),
    "Lashwhip Predator": cheaper_if(2, AtLeast(Count(Filter(whose="opponents", types_any=("Creature",))), 3)),
    "Academy Journeymage": cheaper_if(1, you_control(subtypes_any=("Wizard",)), triggers=(
        etb([ReturnToHand(Targets(0))], [TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                                    description="target creature an opponent controls")]),)),
    "Fireball": Behaviour(targets=(TargetSpec("any", count="any-number", description="any number of targets"),),
                          effects=(DamageDividedEvenly(X(), Targets(0)),),
                          statics=(SelfCostModifier(+1, per_extra_target=True),)),
    # ---- counterspells and copies ---------------------------------------------------------
    "Geist Snatch": counter(CREATURE_SPELL, then=(CreateTokens("Spirit (blue)", 1),)),
    "Summoner's Bane": counter(CREATURE_SPELL, then=(CreateTokens("Illusion", 1),)),
    "Launch Mishap": counter(TargetSpec("spell", types_any=("Creature", "Planeswalker"),
                                        description="target creature or planeswalker spell"),
                             then=(CreateTokens("Thopter", 1),)),
    "Intervene": counter(spell_targeting("creature", "target spell that targets a creature")),
    "Confound": counter(spell_targeting("creature", "target spell that targets a creature"),
                        then=(Draw(You(), 1),)),
    "Outwit": counter(spell_targeting("player", "target spell that targets a player")),
    "Keep Safe": counter(spell_targeting("permanent-you-control", "target spell that targets a permanent you control"),
                         then=(Draw(You(), 1),)),
    "Turn Aside": counter(spell_targeting("permanent-you-control",
                                          "target spell that targets a permanent you control")),
    "Rebuff the Wicked": counter(spell_targeting("permanent-you-control",
                                                 "target spell that targets a permanent you control")),
    "Hindering Light": counter(spell_targeting("you-or-permanent-you-control",
                                               "target spell that targets you or a permanent you control"),
                               then=(Draw(You(), 1),)),
    "Remand": counter(dest="hand", then=(Draw(You(), 1),)),
    "Lookout's Dispersal": cheaper_if(1, you_control(subtypes_any=("Pirate",)), targets=(SPELL,),
                                      effects=(CounterSpell(Targets(0), Cost.parse("{4}")),)),
    "Memory Lapse": counter(dest="library-top"),
    "Lapse of Certainty": counter(dest="library-top"),
    "Spell Snuff": counter(then=(When(BoardHolds(LifeAtMost(5)), (Draw(You(), 1),)),)),
    "Narset's Reversal": Behaviour(
        targets=(TargetSpec("spell", types_any=INSTANT_OR_SORCERY, description="target instant or sorcery spell"),),
        effects=(CopySpell(Targets(0)), ReturnSpellToHand(Targets(0)))),
    # ---- more removal and bounce ----------------------------------------------------------
    "Disembowel": destroy(TargetSpec("permanent", types_any=("Creature",), mv_is_x=True,
                                     description="target creature with mana value X")),
    "Eyeblight's Ending": destroy(TargetSpec("permanent", types_any=("Creature",), not_subtype="Elf",
                                             description="target non-Elf creature")),
    "Rend Flesh": destroy(TargetSpec("permanent", types_any=("Creature",), not_subtype="Spirit",
                                     description="target non-Spirit creature")),
    "Echoing Calm": Behaviour(targets=(TargetSpec("permanent", types_any=("Enchantment",),
                                                  description="target enchantment"),),
                              effects=(DestroySameName(Targets(0), ("Enchantment",)),)),
    "Echoing Ruin": Behaviour(targets=(ARTIFACT,), effects=(DestroySameName(Targets(0), ("Artifact",)),)),
    "Maelstrom Pulse": Behaviour(targets=(NONLAND,), effects=(DestroySameName(Targets(0)),)),
    "Boomerang": Behaviour(targets=(TargetSpec("permanent", description="target permanent"),),
                           effects=(ReturnToHand(Targets(0)),)),
    "Repeal": Behaviour(targets=(TargetSpec("permanent", types_not=("Land",), mv_is_x=True,
                                            description="target nonland permanent with mana value X"),),
                        effects=(ReturnToHand(Targets(0)), Draw(You(), 1))),
    "Blaze": burn(X()),
    "Divination": Behaviour(effects=(Draw(You(), 2),)),
    # ---- cards of the ported peer tests (XMage ConvergeTest, CostModificationTest) ----------
    "Akroan Jailer": Behaviour(activated=(ActivatedAbility(
        (Tap(Targets(0)),), (CREATURE,), tap=True, mana=Cost.parse("{2}{W}"),
        description="{2}{W}, {T}: Tap target creature."),)),
    "Boreal Elemental": Behaviour(statics=(CostModifier(+2, opponents=True, targeting_source=True),)),
    # "It can't be regenerated this turn" (701.19c)
    "Engulfing Flames": Behaviour(targets=(CREATURE,), effects=(Damage(1, Targets(0)),
                                                                CantBeRegeneratedThisTurn(Targets(0)))),
    # ---- cards of the ported peer test FlashbackTest.testSnapcasterMageWithIcefallRegent -----
    "Icefall Regent": Behaviour(
        triggers=(etb([Tap(Targets(0)), DoesntUntapWhileYouControlSource(Targets(0))],
                      [TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                  description="target creature an opponent controls")]),),
        statics=(CostModifier(+2, opponents=True, targeting_source=True),)),
    "Terminate": Behaviour(targets=(CREATURE,), effects=(Destroy(Targets(0), regenerate=False),)),
    # ---- cards of the ported peer test KickerTest.test_ZCC_CopiedSpellMustHaveIndependentZCC_InStaticAbility
    "Lithoform Engine": Behaviour(activated=(
        ActivatedAbility((), (), tap=True, mana=Cost.parse("{2}"),
                         description="{2}, {T}: Copy target activated or triggered ability you control.",
                         unsupported="the protocol cannot name an ability on the stack as a target"),
        ActivatedAbility((CopySpell(Targets(0)),), (TargetSpec(
            "spell", types_any=INSTANT_OR_SORCERY, you_control=True,
            description="target instant or sorcery spell you control"),), tap=True, mana=Cost.parse("{3}"),
            description="{3}, {T}: Copy target instant or sorcery spell you control."),
        ActivatedAbility((CopySpell(Targets(0)),), (TargetSpec(
            "spell", types_any=PERMANENT_TYPES, you_control=True,
            description="target permanent spell you control"),), tap=True, mana=Cost.parse("{4}"),
            description="{4}, {T}: Copy target permanent spell you control."),
    )),
    "Absorb": Behaviour(targets=(SPELL,), effects=(CounterTarget(Targets(0)), GainLife(You(), 3))),
    # ---- cards of the ported peer test FlashbackTest.testSnapcasterMageWithFracturingGust ----
    "Fracturing Gust": Behaviour(effects=(DestroyGainLifePer(Matching(Filter(
        whose="any", types_any=("Artifact", "Enchantment"))), 2),)),
    # ---- cards of the ported peer test CopySpellTest.testCurseOfEchoes ----------------------
    "Curse of Echoes": Behaviour(
        targets=(PLAYER,), statics=(Enchant("player"),),
        triggers=(Trigger("enchanted-player-casts", (EachOtherPlayerMayCopy(),),
                          condition=CastSpell(types_any=INSTANT_OR_SORCERY), intervening=False),)),
    "Berserkers' Onslaught": Behaviour(statics=(
        KeywordGrant(("double strike",), Filter(types_any=("Creature",), attacking=True)),)),
    # ---- phase.rs's casting::play_land_from_graveyard_* tests ------------------------------------
    "Crucible of Worlds": Behaviour(statics=(PlayLandsFromGraveyard(),)),  # "You may play lands from your graveyard."
    # ---- phase.rs's combat::damage_received_trigger_fires_when_creature_dies --------------------
    # "Whenever this creature is dealt damage, it deals that much damage to you." (the creature deals it)
    "Jackal Pup": Behaviour(triggers=(Trigger("self-dealt-damage", (Damage(EventAmount(), You()),),
                                              intervening=False),)),
}


def _token(name, colors, types, subtypes, p, t, text="", keywords=()):
    type_line = "Token " + " ".join(types) + " — " + " ".join(subtypes)
    return {"name": name, "mana_cost": None, "colors": list(colors), "type_line": type_line,
            "supertypes": [], "types": list(types), "subtypes": list(subtypes), "power": str(p),
            "toughness": str(t), "oracle_text": text, "keywords": list(keywords)}


# Tokens these cards create (111.4: the creating effect defines them; the name is the subtypes).
POOL_TOKENS = {
    "Phyrexian Golem": _token("Phyrexian Golem", (), ("Artifact", "Creature"), ("Phyrexian", "Golem"), 3, 3),
    "Kor Soldier": _token("Kor Soldier", ("W",), ("Creature",), ("Kor", "Soldier"), 1, 1),
    "Human": _token("Human", ("W",), ("Creature",), ("Human",), 1, 1),
    "Spider": _token("Spider", ("G",), ("Creature",), ("Spider",), 1, 2, "Reach", ("Reach",)),
    "Kor Ally": _token("Kor Ally", ("W",), ("Creature",), ("Kor", "Ally"), 1, 1),
    "Spirit (blue)": _token("Spirit", ("U",), ("Creature",), ("Spirit",), 1, 1, "Flying", ("Flying",)),
    "Illusion": _token("Illusion", ("U",), ("Creature",), ("Illusion",), 2, 2),
    "Thopter": _token("Thopter", (), ("Artifact", "Creature"), ("Thopter",), 1, 1, "Flying", ("Flying",)),
}
