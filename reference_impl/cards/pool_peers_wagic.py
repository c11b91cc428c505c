"""Catalog cards added for the Wagic peer tests (spec/peers/wagic.yaml, spec/rules/peer-tests-wagic.yaml),
as data over the shared primitives. Keyword-only creatures (White Knight's first strike, Crash of
Rhinos's trample, ...) need no entry beyond their keywords; those here have rules text the engine
runs. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    AddMana,
    Both,
    CantBeRegeneratedThisTurn,
    CantBeTargetedByOpponentsThisTurn,
    CantCastThisTurn,
    ColorsSpent,
    ControllerOf,
    CounterSpell,
    CountOf,
    CreateTokens,
    CreaturesBlockingSource,
    Damage,
    DamageThenGainLifeCapped,
    Destroy,
    Draw,
    EachCreature,
    EachPlayer,
    EventAmount,
    ExileIfItWouldDieThisTurn,
    FewerThanAnOpponent,
    GainLife,
    GreatestPowerOf,
    If,
    Kicked,
    LeftCounters,
    Matching,
    May,
    MayPay,
    Not,
    Pump,
    PutCardOnto,
    PutCounters,
    Regenerate,
    ReturnLeftToHand,
    ReturnToHand,
    SacrificeAnotherCreatureElse,
    SacrificeSourceUnlessPay,
    SearchForNamedToHand,
    Self,
    ShuffleIntoLibrary,
    Targets,
    TheirCreaturesCantAttackThisTurn,
    Untap,
    When,
    X,
    You,
    returns_with_counter,
)
from ..rules.abilities import (
    ActivatedAbility,
    AttackedThisTurn,
    CameUnderControlThisTurn,
    LeavesBattlefield,
    Trigger,
)
from ..rules.filters import AtLeast, CardTypesIn, Count, Filter
from ..rules.keywords import parse_permanent_cost
from ..rules.layers import Anthem, Becomes, DefinesPT, DefinesPTByTurn
from ..rules.prevention import (
    PreventAllDamageToThisTurn,
    PreventAllDamageToThisTurnOf,
    PreventNextDamage,
    PreventNextFromChosenSource,
    PreventsDamage,
    Protection,
)
from ..rules.statics import (
    CantBeBlocked,
    CantBeBlockedExceptBy,
    CantBeCountered,
    CantBlockPowerAtLeast,
    CostModifier,
    CreatureDiedThisTurn,
    DamageBecomesCounters,
    DoesntUntapInUntapStep,
    Enchant,
    EnchantedGets,
    EntersAsCopy,
    EntersChoosingColor,
    EntersWithCounters,
    EntersWithKeywords,
    HandAtMost,
    KeywordGrant,
    SelfBoostPer,
    SelfBoostWhile,
    SelfCostModifier,
    SelfKeywordsWhile,
    TokensDoubled,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb
from .pool import ANY, CREATURE, OPPONENT, SPELL, YOUR_CREATURES, _token, counter, destroy, pump

KICKED = Kicked()
PERMANENT = TargetSpec("permanent", description="target permanent")
PERSIST = returns_with_counter("-1/-1")  # 702.79a


def affinity_for(**filter_fields) -> SelfCostModifier:
    """702.41a: "Affinity for [text]": this spell costs {1} less for each [text] you control."""
    return SelfCostModifier(-1, per=Count(Filter(**filter_fields)))


def creatures_get(p, t, **filter_fields) -> Anthem:
    return Anthem(Filter(types_any=("Creature",), **filter_fields), p, t)


def creatures_have(keywords, **filter_fields) -> KeywordGrant:
    return KeywordGrant(tuple(keywords), Filter(types_any=("Creature",), **filter_fields))


# 702.43a: "When this permanent is put into a graveyard from the battlefield, you may put a +1/+1
# counter on target artifact creature for each +1/+1 counter on this permanent."
MODULAR = Trigger("leaves", (May(PutCounters("+1/+1", LeftCounters("+1/+1"), Targets(0))),),
                  (TargetSpec("permanent", types_all=("Artifact", "Creature"),
                              description="target artifact creature"),),
                  leaves=LeavesBattlefield("graveyard", "self", types_any=()))

# "Whenever enchanted creature deals damage, you gain that much life."
DAMAGE_LINK = Trigger("enchanted-deals-damage", (GainLife(You(), EventAmount()),))


def aura(statics=(), triggers=()) -> Behaviour:
    """An Aura with "Enchant creature" (702.5a): its spell targets a creature (303.4a)."""
    return Behaviour(targets=(CREATURE,), statics=(Enchant("creature"),) + tuple(statics), triggers=tuple(triggers))


WAGIC_POOL: dict[str, Behaviour] = {
    # ---- static abilities: layers 6 and 7 (613.1f-g) -------------------------------------
    "White Knight": Behaviour(statics=(Protection(("black",)),)),
    "Black Knight": Behaviour(statics=(Protection(("white",)),)),
    "Great Sable Stag": Behaviour(statics=(CantBeCountered(), Protection(("blue", "black")))),
    "Baneslayer Angel": Behaviour(statics=(Protection(("Demons", "Dragons")),)),
    "Timber Protector": Behaviour(statics=(
        creatures_get(1, 1, subtypes_any=("Treefolk",), exclude_source=True),
        KeywordGrant(("indestructible",), Filter(subtypes_any=("Treefolk", "Forest"), exclude_source=True)))),
    "Bloodmark Mentor": Behaviour(statics=(creatures_have(("first strike",), colors_any=("R",)),)),
    "Kinsbaile Cavalier": Behaviour(statics=(creatures_have(("double strike",), subtypes_any=("Knight",)),)),
    # "As long as it's not your turn, tapped creatures you control have hexproof."
    "Oak Street Innkeeper": Behaviour(statics=(KeywordGrant(("hexproof",), Filter(types_any=("Creature",), tapped=True),
                                                            not_your_turn=True),)),
    # "{T}: Prevent all damage that would be dealt to target creature this turn. / Grandeur — Discard another
    # card named Oriss, Samite Guardian: Target player can't cast spells this turn, and creatures that player
    # controls can't attack this turn."
    "Oriss, Samite Guardian": Behaviour(activated=(
        ActivatedAbility((PreventAllDamageToThisTurnOf(Targets(0)),), (CREATURE,), tap=True,
                         description="{T}: Prevent all damage that would be dealt to target creature this turn."),
        ActivatedAbility((CantCastThisTurn(Targets(0)), TheirCreaturesCantAttackThisTurn(Targets(0))),
                         (TargetSpec("player", description="target player"),), discard_another_named=True,
                         description="Grandeur — Discard another card named Oriss, Samite Guardian: Target player "
                                     "can't cast spells this turn, and creatures that player controls can't attack "
                                     "this turn."))),
    "Rage Reflection": Behaviour(statics=(KeywordGrant(("double strike",), YOUR_CREATURES),)),
    "Fervor": Behaviour(statics=(KeywordGrant(("haste",), YOUR_CREATURES),)),
    "Thistledown Liege": Behaviour(statics=(
        creatures_get(1, 1, colors_any=("W",), exclude_source=True),
        creatures_get(1, 1, colors_any=("U",), exclude_source=True))),
    "Bad Moon": Behaviour(statics=(creatures_get(1, 1, whose="any", colors_any=("B",)),)),
    "Crusade": Behaviour(statics=(creatures_get(1, 1, whose="any", colors_any=("W",)),)),
    "Glorious Anthem": Behaviour(statics=(Anthem(YOUR_CREATURES),)),
    "Ascendant Evincar": Behaviour(statics=(
        creatures_get(1, 1, whose="any", colors_any=("B",), exclude_source=True),
        creatures_get(-1, -1, whose="any", colors_not=("B",)))),
    "Kird Ape": Behaviour(statics=(SelfBoostWhile(AtLeast(Count(Filter(subtypes_any=("Forest",)))), 1, 2),)),
    # 604.3a: characteristic-defining abilities
    "Plague Rats": Behaviour(statics=(DefinesPT(Count(Filter(
        whose="any", types_any=("Creature",), named_as_source=True))),)),
    "Nightmare": Behaviour(statics=(DefinesPT(Count(Filter(subtypes_any=("Swamp",)))),)),
    "Goblin King": Behaviour(statics=(
        creatures_get(1, 1, whose="any", subtypes_any=("Goblin",), exclude_source=True),
        creatures_have(("mountainwalk",), whose="any", subtypes_any=("Goblin",),
                       exclude_source=True))),
    "Elvish Champion": Behaviour(statics=(
        creatures_get(1, 1, whose="any", subtypes_any=("Elf",), exclude_source=True),
        creatures_have(("forestwalk",), whose="any", subtypes_any=("Elf",),
                       exclude_source=True))),
    "Toxic Iguanar": Behaviour(statics=(
        SelfKeywordsWhile(("deathtouch",), AtLeast(Count(Filter(colors_any=("G",))))),)),
    "Rakdos Pit Dragon": Behaviour(statics=(SelfKeywordsWhile(("double strike",), HandAtMost(0)),), activated=(
        ActivatedAbility((Pump(Self(), 0, 0, ("flying",)),), mana=Cost.parse("{R}{R}"),
                         description="{R}{R}: This creature gains flying until end of turn."),
        ActivatedAbility((Pump(Self(), 1, 0),), mana=Cost.parse("{R}"),
                         description="{R}: This creature gets +1/+0 until end of turn."))),
    "Welkin Hawk": Behaviour(triggers=(Trigger(
        "leaves", (May(SearchForNamedToHand()),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Rage Weaver": Behaviour(activated=(ActivatedAbility(
        (Pump(Targets(0), 0, 0, ("haste",)),), targets=(TargetSpec(
            "permanent", types_any=("Creature",), colors_any=("B", "G"),
            description="target black or green creature"),),
        mana=Cost.parse("{2}"), description="{2}: Target black or green creature gains haste until end of turn."),)),
    "Relentless Rats": Behaviour(statics=(SelfBoostPer(Count(Filter(
        whose="any", types_any=("Creature",), named_as_source=True, exclude_source=True))),)),
    "Child of Gaea": Behaviour(
        triggers=(Trigger("beginning-of", (SacrificeSourceUnlessPay(Cost.parse("{G}{G}")),), step="upkeep"),),
        activated=(ActivatedAbility((Regenerate(Self()),), mana=Cost.parse("{1}{G}"),
                                    description="{1}{G}: Regenerate this creature."),)),
    "Incinerate": Behaviour(targets=(ANY,), effects=(Damage(3, Targets(0)), CantBeRegeneratedThisTurn(Targets(0)))),
    "Deathmark": destroy(TargetSpec("permanent", types_any=("Creature",), colors_any=("G", "W"),
                                    description="target green or white creature")),
    "Drudge Skeletons": Behaviour(activated=(ActivatedAbility(
        (Regenerate(Self()),), mana=Cost.parse("{B}"), description="{B}: Regenerate this creature."),)),
    "Duergar Cave-Guard": Behaviour(activated=(ActivatedAbility(  # wither: a keyword (rules/actions.py)
        (Pump(Self(), 1, 0),), mana=Cost.parse("{R/W}"),
        description="{R/W}: This creature gets +1/+0 until end of turn."),)),
    "Wall of Fire": Behaviour(activated=(ActivatedAbility(
        (Pump(Self(), 1, 0),), mana=Cost.parse("{R}"),
        description="{R}: This creature gets +1/+0 until end of turn."),)),
    # ---- Auras that enchant creatures (303.4) -----------------------------------------------
    "Spirit Link": aura(triggers=(DAMAGE_LINK,)),
    "Vampiric Link": aura(triggers=(DAMAGE_LINK,)),
    "Armadillo Cloak": aura(statics=(EnchantedGets(2, 2, ("trample",)),), triggers=(DAMAGE_LINK,)),
    "Lifelink": aura(statics=(EnchantedGets(keywords=("lifelink",)),)),
    "Rancor": aura(statics=(EnchantedGets(2, 0, ("trample",)),), triggers=(Trigger(
        "leaves", (ReturnLeftToHand(),), leaves=LeavesBattlefield("graveyard", "self", types_any=())),)),
    "Hollowhenge Scavenger": Behaviour(triggers=(etb([GainLife(You(), 5)], (), CreatureDiedThisTurn()),)),
    "Parallel Lives": Behaviour(statics=(TokensDoubled(),)),
    "Demystify": destroy(TargetSpec("permanent", types_any=("Enchantment",), description="target enchantment")),
    "Cathodion": Behaviour(triggers=(Trigger(
        "leaves", (AddMana(You(), "CCC"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Castle": Behaviour(statics=(creatures_get(0, 2, untapped=True),)),
    "Angry Mob": Behaviour(statics=(DefinesPTByTurn(Count(Filter(whose="opponents", subtypes_any=("Swamp",)))),)),
    "Keldon Warlord": Behaviour(statics=(DefinesPT(Count(Filter(types_any=("Creature",), subtypes_not=("Wall",)))),)),
    "Shifting Sliver": Behaviour(statics=(CantBeBlockedExceptBy("Sliver"),)),
    "Guma": Behaviour(statics=(Protection(("blue",)),)),
    "Ironclaw Orcs": Behaviour(statics=(CantBlockPowerAtLeast(2),)),
    # 702.43a: modular N / modular—sunburst (702.44a)
    "Arcbound Worker": Behaviour(enters=(EntersWithCounters("+1/+1", 1),), triggers=(MODULAR,)),
    "Arcbound Wanderer": Behaviour(enters=(EntersWithCounters("+1/+1", ColorsSpent()),), triggers=(MODULAR,)),
    "Beacon of Creation": Behaviour(effects=(CreateTokens("Insect", CountOf(Filter(subtypes_any=("Forest",)))),
                                             ShuffleIntoLibrary())),
    "Timely Reinforcements": Behaviour(effects=(
        When(FewerThanAnOpponent("life"), (GainLife(You(), 6),)),
        When(FewerThanAnOpponent("creatures"), (CreateTokens("Soldier", 3),)))),
    "Invisible Stalker": Behaviour(statics=(CantBeBlocked(),)),
    # ---- replacement effects (614) ---------------------------------------------------------------
    "Phytohydra": Behaviour(statics=(DamageBecomesCounters(),)),
    "Magma Spray": Behaviour(targets=(CREATURE,),
                             effects=(Damage(2, Targets(0)), ExileIfItWouldDieThisTurn(Targets(0)))),
    "Safe Passage": Behaviour(effects=(PreventAllDamageToThisTurn(You()),)),
    # ---- static prevention (615.1) ------------------------------------------------------------
    "Fog Bank": Behaviour(statics=(PreventsDamage(to="self", combat_only=True),
                                   PreventsDamage(by="self", combat_only=True))),
    "Uncle Istvan": Behaviour(statics=(PreventsDamage(to="self", by="creatures"),)),
    "Bubble Matrix": Behaviour(statics=(PreventsDamage(to="creatures"),)),
    # ---- cost changes (601.2f) -----------------------------------------------------------------
    "Alabaster Leech": Behaviour(statics=(CostModifier(1, yours=True, colors_any=("W",), color="W"),)),
    "Khalni Hydra": Behaviour(statics=(SelfCostModifier(-1, per=Count(Filter(
        types_any=("Creature",), colors_any=("G",))), color="G"),)),
    "Razor Golem": Behaviour(statics=(affinity_for(subtypes_any=("Plains",)),)),
    "Tangle Golem": Behaviour(statics=(affinity_for(subtypes_any=("Forest",)),)),
    "Dross Golem": Behaviour(statics=(affinity_for(subtypes_any=("Swamp",)),)),
    "Frogmite": Behaviour(statics=(affinity_for(types_any=("Artifact",)),)),
    # ---- spells ------------------------------------------------------------------------------
    "Terror": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), types_not=("Artifact",),
                                            not_color="B", description="target nonartifact, nonblack creature"),),
                        effects=(Destroy(Targets(0), regenerate=False),)),  # "It can't be regenerated."
    "Desert Twister": destroy(PERMANENT),
    "Wreak Havoc": Behaviour(targets=(TargetSpec("permanent", types_any=("Artifact", "Land"),
                                                 description="target artifact or land"),),
                             effects=(Destroy(Targets(0)),), statics=(CantBeCountered(),)),
    "Dematerialize": Behaviour(targets=(PERMANENT,), effects=(ReturnToHand(Targets(0)),)),
    "Dragon Fodder": Behaviour(effects=(CreateTokens("Goblin", 2),)),
    "Goblin Offensive": Behaviour(effects=(CreateTokens("Goblin", X()),)),
    "Last Gasp": pump(-3, -3),
    # "Target creature can't be the target of spells or abilities your opponents control this turn.
    # If this spell was kicked, that creature gets +4/+4 until end of turn." The restriction is not
    # hexproof (702.11b stops the permanent's controller's opponents): "your" is the Vines' controller
    "Vines of Vastwood": Behaviour(targets=(CREATURE,), effects=(
        CantBeTargetedByOpponentsThisTurn(Targets(0)), Pump(Targets(0), If(KICKED, 4, 0), If(KICKED, 4, 0)))),
    "Pyroclasm": Behaviour(effects=(Damage(2, EachCreature()),)),
    "Elvish Promenade": Behaviour(effects=(CreateTokens("Elf Warrior", CountOf(Filter(subtypes_any=("Elf",)))),)),
    "Fire Tempest": Behaviour(effects=(Damage(6, Both(EachCreature(), EachPlayer())),)),
    "Dissipate": counter(dest="exile"),
    "Dream Fracture": counter(then=(Draw(ControllerOf(Targets(0)), 1), Draw(You(), 1))),
    # ---- triggered abilities ---------------------------------------------------------------
    "Blister Beetle": Behaviour(triggers=(etb([Pump(Targets(0), -1, -1)], [CREATURE]),)),
    "Denizen of the Deep": Behaviour(triggers=(etb([ReturnToHand(Matching(Filter(
        types_any=("Creature",), exclude_source=True)))]),)),
    "Soul Warden": Behaviour(triggers=(Trigger("other-creature-enters", (GainLife(You(), 1),)),)),
    "Lord of the Pit": Behaviour(triggers=(Trigger("beginning-of", (SacrificeAnotherCreatureElse(
        (Damage(7, You()),)),), step="upkeep"),)),
    "Serendib Efreet": Behaviour(triggers=(Trigger("beginning-of", (Damage(1, You()),), step="upkeep"),)),
    "Symbiotic Wurm": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Insect", 7),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Gravelgill Axeshark": Behaviour(triggers=(PERSIST,)),
    "Lingering Tormentor": Behaviour(triggers=(PERSIST,)),
    "Duskwalker": Behaviour(enters=(EntersWithCounters("+1/+1", 2, KICKED), EntersWithKeywords(("fear",), KICKED))),
    "Golgari Germination": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Saproling", 1),),
        leaves=LeavesBattlefield("graveyard", "any", "you", nontoken=True)),)),
    "Siege-Gang Commander": Behaviour(triggers=(etb([CreateTokens("Goblin", 3)]),), activated=(ActivatedAbility(
        (Damage(2, Targets(0)),), targets=(ANY,), mana=Cost.parse("{1}{R}"),
        costs=(parse_permanent_cost("Sacrifice a Goblin"),),
        description="{1}{R}, Sacrifice a Goblin: This creature deals 2 damage to any target."),)),
    "Hunted Dragon": Behaviour(triggers=(etb([CreateTokens("Knight", 3, who=Targets(0))], [OPPONENT]),)),
    "Syncopate": Behaviour(targets=(SPELL,), effects=(CounterSpell(Targets(0), X(), "exile"),)),
    "Spell Rupture": Behaviour(targets=(SPELL,), effects=(CounterSpell(Targets(0), GreatestPowerOf(You())),)),
    "Raise Dead": Behaviour(targets=(TargetSpec("graveyard-card", types_any=("Creature",),
                                                description="target creature card from your graveyard"),),
                            effects=(PutCardOnto(Targets(0), "hand"),)),
    # ---- activated abilities (602) ---------------------------------------------------------
    "Nantuko Husk": Behaviour(activated=(ActivatedAbility(
        (Pump(Self(), 2, 2),), costs=(parse_permanent_cost("Sacrifice a creature"),),
        description="Sacrifice a creature: This creature gets +2/+2 until end of turn."),)),
    "Bottle Gnomes": Behaviour(activated=(ActivatedAbility(
        (GainLife(You(), 3),), sacrifice_self=True, description="Sacrifice this creature: You gain 3 life."),)),
    "Kithkin Spellduster": Behaviour(triggers=(PERSIST,), activated=(ActivatedAbility(
        (Destroy(Targets(0)),), targets=(TargetSpec("permanent", types_any=("Enchantment",),
                                                   description="target enchantment"),),
        mana=Cost.parse("{1}{W}"), sacrifice_self=True,
        description="{1}{W}, Sacrifice this creature: Destroy target enchantment."),)),
    "Prodigal Sorcerer": Behaviour(activated=(ActivatedAbility(
        (Damage(1, Targets(0)),), targets=(ANY,), tap=True,
        description="{T}: This creature deals 1 damage to any target."),)),
    "Samite Healer": Behaviour(activated=(ActivatedAbility(
        (PreventNextDamage(1, Targets(0)),), targets=(ANY,), tap=True,
        description="{T}: Prevent the next 1 damage that would be dealt to any target this turn."),)),
    # "Buyback {3}" is read from its Oracle text (702.27a, rules/keywords.py)
    "Capsize": Behaviour(targets=(TargetSpec("permanent", description="target permanent"),),
                         effects=(ReturnToHand(Targets(0)),)),
    # "{1}: The next time a [color] source of your choice would deal damage to you this turn,
    # prevent that damage." (609.7, 615.8): the source chosen as the ability resolves
    "Circle of Protection: Black": Behaviour(activated=(ActivatedAbility(
        (PreventNextFromChosenSource("black", You()),), mana=Cost.parse("{1}"),
        description="{1}: The next time a black source of your choice would deal damage to you this turn, "
                    "prevent that damage."),)),
    "Circle of Protection: Red": Behaviour(activated=(ActivatedAbility(
        (PreventNextFromChosenSource("red", You()),), mana=Cost.parse("{1}"),
        description="{1}: The next time a red source of your choice would deal damage to you this turn, "
                    "prevent that damage."),)),
    "Conservator": Behaviour(activated=(ActivatedAbility(
        (PreventNextDamage(2, You()),), tap=True, mana=Cost.parse("{3}"),
        description="{3}, {T}: Prevent the next 2 damage that would be dealt to you this turn."),)),
    "Selesnya Guildmage": Behaviour(activated=(
        ActivatedAbility((CreateTokens("Saproling", 1),), mana=Cost.parse("{3}{G}"),
                         description="{3}{G}: Create a 1/1 green Saproling creature token."),
        ActivatedAbility((Pump(Matching(YOUR_CREATURES), 1, 1),), mana=Cost.parse("{3}{W}"),
                         description="{3}{W}: Creatures you control get +1/+1 until end of turn."))),
    # "Whenever this creature becomes blocked, it gets +1/+1 until end of turn for each creature
    # blocking it." (509.3c; the number counted as it resolves, 608.2h)
    "Elvish Berserker": Behaviour(triggers=(Trigger(
        "self-becomes-blocked", (Pump(Self(), CreaturesBlockingSource(), CreaturesBlockingSource()),)),)),
    # "At the beginning of your end step, if this creature didn't attack this turn, it deals 2 damage to
    # you unless it came under your control this turn." (an intervening if, 603.4; the "unless" read
    # as it resolves)
    "Erg Raiders": Behaviour(triggers=(Trigger(
        "beginning-of", (When(Not(CameUnderControlThisTurn()), (Damage(2, You()),)),), step="end",
        condition=Not(AttackedThisTurn())),)),
    # "You may have this creature enter as a copy of any creature card in a graveyard." (`clone` choice)
    "Body Double": Behaviour(enters=(EntersAsCopy(zone="graveyard"),)),
    # ---- CDA#1: a characteristic-defining ability (7a) under a set effect (7b) and a pump (7c) ----
    # "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its
    # toughness is equal to that number plus 1."
    "Tarmogoyf": Behaviour(statics=(DefinesPT(CardTypesIn(all_players=True), toughness_plus=1),)),
    # "Other creatures have base power and toughness 1/1." (613.4b, layer 7b)
    "Godhead of Awe": Behaviour(statics=(
        Becomes(Filter(whose="any", types_any=("Creature",), exclude_source=True), set_pt=(1, 1)),)),
    # ---- pledge_protection.txt: protection and what is attached (702.16c-d, 702.16n), colors (613.1e) ----
    "Holy Strength": aura(statics=(EnchantedGets(1, 2),)),
    # "Enchanted creature has protection from the colors of permanents you control. This effect doesn't
    # remove this Aura."
    "Pledge of Loyalty": aura(statics=(EnchantedGets(protection_from_your_colors=True, doesnt_remove_this=True),)),
    # "As this enchantment enters, choose a color. / All nonland permanents are the chosen color."
    "Shifting Sky": Behaviour(enters=(EntersChoosingColor(),), statics=(
        Becomes(Filter(whose="any", types_not=("Land",)), chosen_color=True),)),
    "Concordant Crossroads": Behaviour(statics=(
        KeywordGrant(("haste",), Filter(whose="any", types_any=("Creature",))),)),  # "All creatures have haste."
    # ---- Wagic's drain_life.txt ----
    # "Spend only black mana on X. / Drain Life deals X damage to any target. You gain life equal to the
    # damage dealt, but not more life than the player's life total before the damage was dealt, the
    # planeswalker's loyalty before the damage was dealt, or the creature's toughness."
    "Drain Life": Behaviour(targets=(ANY,), effects=(DamageThenGainLifeCapped(X(), Targets(0)),), x_mana="B"),
    # "This creature doesn't untap during your untap step. / At the beginning of your upkeep, you may
    # pay {1}. If you do, untap this creature."
    "Brass Man": Behaviour(statics=(DoesntUntapInUntapStep(),), triggers=(Trigger(
        "beginning-of", (MayPay(Cost.parse("{1}"), (Untap(Self()),)),), step="upkeep"),)),
}

WAGIC_POOL_TOKENS = {
    "Goblin": _token("Goblin", ("R",), ("Creature",), ("Goblin",), 1, 1),
    "Knight": _token("Knight", ("W",), ("Creature",), ("Knight",), 2, 2, "First strike", ("First strike",)),
    "Soldier": _token("Soldier", ("W",), ("Creature",), ("Soldier",), 1, 1),
    "Elf Warrior": _token("Elf Warrior", ("G",), ("Creature",), ("Elf", "Warrior"), 1, 1),
    "Insect": _token("Insect", ("G",), ("Creature",), ("Insect",), 1, 1),
}
