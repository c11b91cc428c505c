"""Catalog cards of the XMage and Forge tests ported in spec/rules/peer-tests-xmage-*.yaml (dies
and leaves-the-battlefield triggers, undying and persist, hexproof), as data over the effect
primitives. Kept apart from pool.py so that card additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import (
    AddMana,
    AttachEquipmentToThis,
    Both,
    CardTypesAmongSacrificed,
    ControllerOf,
    CopyForEachOtherPossibleTarget,
    CountersOnSource,
    CountOf,
    CreateTokens,
    Damage,
    DamageByLeft,
    DamageFixedToCreatures,
    DefendingPlayerSacrifices,
    Destroy,
    Discard,
    DiscardThenDraw,
    Draw,
    EachCreature,
    EachOpponent,
    EachPlayer,
    EventAmount,
    Exile,
    ExiledCardsOwnerCreatesToken,
    ExileFromGraveyard,
    ExileLinked,
    ExileThenReturnUnderYourControl,
    ExileUntilSourceLeaves,
    GainControlUntilEndOfTurn,
    GainLife,
    GainsControl,
    GainsProtectionFromChosenQuality,
    If,
    ItsA,
    Kicked,
    LeftController,
    LeftPower,
    LoseLife,
    Matching,
    May,
    Mill,
    Mul,
    NextSpellThisTurn,
    OtherCreaturesOfTheirController,
    OwnerShufflesGraveyardIntoLibrary,
    Pump,
    PutCardOnto,
    PutCounters,
    RedirectNextDamageTo,
    RedirectNextDamageToPermanent,
    RedirectNextFromChosenSource,
    ReturnLeft,
    ReturnTheExiledCard,
    ReturnToHand,
    SacrificeSourceIfYouDo,
    Scry,
    SearchBasicLandOntoBattlefield,
    Self,
    TargetManaValue,
    TargetPower,
    Targets,
    Unimplemented,
    Untap,
    When,
    X,
    You,
    returns_with_counter,
)
from ..rules.abilities import ActivatedAbility, BoardHolds, CastSpell, LeavesBattlefield, LifeAtMost, Trigger
from ..rules.filters import (
    AnOpponentHasMore,
    AtLeast,
    Count,
    Filter,
    HalfHighestOpponentLife,
    ItsYourTurn,
    SourceCounters,
)
from ..rules.keywords import parse_permanent_cost
from ..rules.layers import Anthem, DefinesPT
from ..rules.permanent_costs import PermanentCost
from ..rules.prevention import (
    COLORED_SPELLS,
    DamageCantBePrevented,
    PreventsDamage,
    Protection,
    YourCreaturesCombatDamageCantBePrevented,
)
from ..rules.statics import (
    CantAttackAlone,
    CantBeBlockedByPowerAtMost,
    CantBeCountered,
    CantBlock,
    CantPayLifeOrSacrificeCreatures,
    CastFromGraveyardPermission,
    CastOnlyFromGraveyard,
    CostModifier,
    DoesntUntapInUntapStep,
    Dredge,
    Enchant,
    EnchantedGets,
    EntersChoosingColor,
    EntersTapped,
    EntersWithCounters,
    HexproofFrom,
    KeywordGrant,
    LoseAllAbilitiesInZone,
    MayCastFromGraveyard,
    PTBoost,
    SelfBoostWhileAnyControls,
    SpellsHaveKeyword,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb
from .pool import ART_OR_ENCH, YOUR_CREATURE, _token
from .pool_peers_wagic import aura

ANY = TargetSpec("any", description="any target")
PLAYER = TargetSpec("player", description="target player")
OPPONENT = TargetSpec("opponent", description="target opponent")
CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")
CREATURES = Filter(types_any=("Creature",))

PEERS_XMAGE_POOL: dict[str, Behaviour] = {
    # "Buyback {5}" is read from its Oracle text (702.27a, rules/keywords.py)
    "Whispers of the Muse": Behaviour(effects=(Draw(You(), 1),)),
    # "Other nonblack creatures you control get +1/+1. / Players can't pay life or sacrifice creatures
    # to cast spells or activate abilities."
    "Angel of Jubilation": Behaviour(statics=(
        Anthem(Filter(types_any=("Creature",), colors_not=("B",), exclude_source=True), 1, 1),
        CantPayLifeOrSacrificeCreatures())),
    # "As an additional cost to cast this spell, pay X life." (a LifeCost, parsed) / "All creatures
    # get -X/-X until end of turn."
    "Toxic Deluge": Behaviour(effects=(Pump(EachCreature(), Mul(X(), -1), Mul(X(), -1)),)),
    # "{T}, Tap two untapped Humans you control: Exile target artifact or enchantment."
    "Devout Chaplain": Behaviour(activated=(ActivatedAbility(
        (Exile(Targets(0)),), (ART_OR_ENCH,), tap=True,
        costs=(parse_permanent_cost("Tap two untapped Humans you control"),),
        description="{T}, Tap two untapped Humans you control: Exile target artifact or enchantment."),)),
    # "{2}{B}, Sacrifice a creature: Target opponent reveals their hand. You choose a card from it. That
    # player discards that card. Activate only as a sorcery." (the step's `discard` choice is the card
    # the ability's controller chooses; the reveal changes nothing the view shows)
    "Corpse Traders": Behaviour(activated=(ActivatedAbility(
        (Discard(Targets(0), 1),), (OPPONENT,), mana=Cost.parse("{2}{B}"), sorcery=True,
        costs=(parse_permanent_cost("Sacrifice a creature"),),
        description="{2}{B}, Sacrifice a creature: Target opponent reveals their hand. You choose a card "
                    "from it. That player discards that card. Activate only as a sorcery."),)),
    "Bonded Construct": Behaviour(statics=(CantAttackAlone(),)),  # "This creature can't attack alone."
    # "Whenever a nontoken permanent is put into your graveyard from the battlefield, this artifact deals
    # 1 damage to you. / Sacrifice a creature: Target opponent gains control of this artifact."
    "Jinxed Ring": Behaviour(triggers=(Trigger(
        "leaves", (Damage(1, You()),),
        leaves=LeavesBattlefield("graveyard", "any", "owned", types_any=(), nontoken=True)),), activated=(
        ActivatedAbility((GainsControl(Self(), Targets(0)),), (OPPONENT,),
                         costs=(parse_permanent_cost("Sacrifice a creature"),),
                         description="Sacrifice a creature: Target opponent gains control of this artifact."),)),
    # "Target creature gets +1/+0 and gains infect until end of turn." (a granted infect, 702.90b-c)
    "Tainted Strike": Behaviour(targets=(CREATURE,), effects=(Pump(Targets(0), 1, 0, ("infect",)),)),
    # "Target player gains control of target permanent you control." (613.1b, no duration: 611.2a)
    "Donate": Behaviour(targets=(PLAYER, TargetSpec("permanent", you_control=True,
                                                    description="target permanent you control")),
                        effects=(GainsControl(Targets(1), Targets(0)),)),
    # "Destroy all artifacts. They can't be regenerated."
    "Shatterstorm": Behaviour(effects=(Destroy(Matching(Filter(whose="any", types_any=("Artifact",))),
                                               regenerate=False),)),
    # "When this creature enters, gain control of target permanent until end of turn. Untap that
    # permanent. It gains haste until end of turn."
    "Zealous Conscripts": Behaviour(triggers=(etb(
        [GainControlUntilEndOfTurn(Targets(0)), Untap(Targets(0)), Pump(Targets(0), 0, 0, ("haste",))],
        [TargetSpec("permanent", description="target permanent")]),)),
    # "Exile target creature. Its controller may search their library for a basic land card, put that
    # card onto the battlefield tapped, then shuffle." (its controller as it last existed, 608.2h)
    "Path to Exile": Behaviour(targets=(CREATURE,), effects=(
        Exile(Targets(0)), SearchBasicLandOntoBattlefield(ControllerOf(Targets(0))))),
    # "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."
    "Act of Treason": Behaviour(targets=(CREATURE,), effects=(
        GainControlUntilEndOfTurn(Targets(0)), Untap(Targets(0)), Pump(Targets(0), 0, 0, ("haste",)))),
    "Act of Aggression": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                                                       description="target creature an opponent controls"),),
                                   effects=(GainControlUntilEndOfTurn(Targets(0)), Untap(Targets(0)),
                                            Pump(Targets(0), 0, 0, ("haste",)))),
    "Vorapede": Behaviour(triggers=(returns_with_counter("+1/+1"),)),  # undying (702.93a)
    # "Enchant creature / When this Aura enters, you gain 3 life. / Enchanted creature gets +1/+3."
    "Divine Favor": aura(statics=(EnchantedGets(1, 3),), triggers=(etb([GainLife(You(), 3)]),)),
    # its mana ability ("{1}, {T}, Sacrifice this artifact: Add one mana of any color.") is parsed
    # (rules/keywords.py); "When this artifact is put into a graveyard from the battlefield, draw a card."
    "Chromatic Star": Behaviour(triggers=(Trigger(
        "leaves", (Draw(You(), 1),), leaves=LeavesBattlefield("graveyard", "self", types_any=())),)),
    # "Destroy target artifact or enchantment. Its controller gains 4 life."
    "Nature's Claim": Behaviour(targets=(ART_OR_ENCH,), effects=(
        Destroy(Targets(0)), GainLife(ControllerOf(Targets(0)), 4))),
    # "Protection from artifacts" (702.16a); infect is a keyword (rules/actions.py deal_damage)
    "Tel-Jilad Fallen": Behaviour(statics=(Protection(("artifacts",)),)),
    "Trigon of Corruption": Behaviour(enters=(EntersWithCounters("charge", 3),), activated=(
        ActivatedAbility((PutCounters("charge", 1, Self()),), tap=True, mana=Cost.parse("{B}{B}"),
                         description="{B}{B}, {T}: Put a charge counter on this artifact."),
        ActivatedAbility((PutCounters("-1/-1", 1, Targets(0)),), (CREATURE,), tap=True, mana=Cost.parse("{2}"),
                         remove_counters=(("charge", 1),),
                         description="{2}, {T}, Remove a charge counter from this artifact: "
                                     "Put a -1/-1 counter on target creature."))),
    # "Whenever this creature or another creature dies, target player loses 1 life and you gain 1 life."
    "Blood Artist": Behaviour(triggers=(Trigger(
        "leaves", (LoseLife(Targets(0), 1), GainLife(You(), 1)), (PLAYER,),
        leaves=LeavesBattlefield("graveyard", "any", "any")),)),
    # "Sacrifice a creature: Put a +1/+1 counter on this creature."
    "Bloodflow Connoisseur": Behaviour(activated=(ActivatedAbility(
        (PutCounters("+1/+1", 1, Self()),), costs=(parse_permanent_cost("Sacrifice a creature"),),
        description="Sacrifice a creature: Put a +1/+1 counter on this creature."),)),
    # "When this creature dies, it deals 1 damage to any target." (the creature deals it, 608.2h)
    "Footlight Fiend": Behaviour(triggers=(Trigger(
        "leaves", (DamageByLeft(1, Targets(0)),), (ANY,), leaves=LeavesBattlefield("graveyard", "self")),)),
    # "{2}, {T}, Sacrifice a creature: Draw a card."
    "Phyrexian Vault": Behaviour(activated=(ActivatedAbility(
        (Draw(You(), 1),), tap=True, mana=Cost.parse("{2}"),
        costs=(parse_permanent_cost("Sacrifice a creature"),),
        description="{2}, {T}, Sacrifice a creature: Draw a card."),)),
    # "Whenever one or more other creatures you control die, put a +1/+1 counter on this creature."
    "Vengeful Townsfolk": Behaviour(triggers=(Trigger(
        "leaves", (PutCounters("+1/+1", 1, Self()),),
        leaves=LeavesBattlefield("graveyard", "other", "you", one_or_more=True)),)),
    "Geralf's Messenger": Behaviour(
        enters=(EntersTapped(),),
        triggers=(etb([LoseLife(Targets(0), 2)], [OPPONENT]), returns_with_counter("+1/+1"))),
    "Strangleroot Geist": Behaviour(triggers=(returns_with_counter("+1/+1"),)),
    "Safehold Elite": Behaviour(triggers=(returns_with_counter("-1/-1"),)),
    # 611.2c: the creatures are locked in as it resolves
    "Cower in Fear": Behaviour(effects=(Pump(Matching(Filter(whose="opponents", types_any=("Creature",))), -1, -1),)),
    # "Destroy target creature an opponent controls. Each other creature that player controls gets
    # -2/-0 until end of turn."
    "Public Execution": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                            description="target creature an opponent controls"),),
        effects=(Destroy(Targets(0)), Pump(OtherCreaturesOfTheirController(Targets(0)), -2, 0))),
    "Tortoise Formation": Behaviour(effects=(Pump(Matching(Filter(whose="you", types_any=("Creature",))), 0, 0,
                                                  ("shroud",)),)),
    "Knight of Malice": Behaviour(statics=(HexproofFrom(("W",)), SelfBoostWhileAnyControls("W", 1, 0))),
    # "{3}{G}: Target creature gets +X/+X until end of turn, where X is the number of creatures you control."
    "Elder of Laurels": Behaviour(activated=(ActivatedAbility(
        (Pump(Targets(0), CountOf(CREATURES), CountOf(CREATURES)),), (CREATURE,), mana=Cost.parse("{3}{G}"),
        description="{3}{G}: Target creature gets +X/+X until end of turn, where X is the number of "
                    "creatures you control."),)),
    "Into the Void": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), count="up-to-two",
                                                   description="up to two target creatures"),),
                               effects=(ReturnToHand(Targets(0)),)),
    "Arbor Elf": Behaviour(activated=(ActivatedAbility(
        (Untap(Targets(0)),), (TargetSpec("permanent", subtype="Forest", description="target Forest"),),
        tap=True, description="{T}: Untap target Forest."),)),
    "Shadowfeed": Behaviour(targets=(TargetSpec("graveyard-card", any_graveyard=True,
                                                description="target card from a graveyard"),),
                            effects=(ExileFromGraveyard(Targets(0)), GainLife(You(), 3))),
    # "Whenever a creature dies, that creature's controller may draw a card."
    "Fecundity": Behaviour(triggers=(Trigger(
        "leaves", (May(Draw(LeftController(), 1)),), leaves=LeavesBattlefield("graveyard", "any", "any")),)),
    # "Other Merfolk creatures you control get +1/+1 and have islandwalk."
    "Master of the Pearl Trident": Behaviour(statics=(
        PTBoost(("Merfolk",), other=True, you_control=True),
        KeywordGrant(("islandwalk",),
                     Filter(types_any=("Creature",), subtypes_any=("Merfolk",), exclude_source=True)))),
    "Dolmen Gate": Behaviour(statics=(PreventsDamage(to="creatures", combat_only=True, attacking=True,
                                                     you_control=True),)),
    "Vedalken Outlander": Behaviour(statics=(Protection(("red",)),)),
    "Malignus": Behaviour(statics=(DefinesPT(HalfHighestOpponentLife()), DamageCantBePrevented())),
    # ---- cards of Forge's GameSimulationTest (dies triggers, damage, chosen color) --------
    "Slaughter Specialist": Behaviour(triggers=(
        etb([CreateTokens("Human", 1, EachOpponent())]),
        Trigger("leaves", (PutCounters("+1/+1", 1, Self()),),
                leaves=LeavesBattlefield("graveyard", "other", "opponents")))),
    # card of Forge's GameSimulationTest.testSlaughterSpecialistStillTriggersAfterBeingBlinked
    "Cloudshift": Behaviour(targets=(YOUR_CREATURE,), effects=(ExileThenReturnUnderYourControl(Targets(0)),)),
    # "Exile target creature you control, then return it to the battlefield under its owner's control."
    # (its rebound is parsed from the text: rules.rebound)
    "Ephemerate": Behaviour(targets=(YOUR_CREATURE,),
                            effects=(ExileThenReturnUnderYourControl(Targets(0), owners=True),)),
    # card of Forge's GameSimulationTest.testFiendHunterReturnDoesNotSeePastOpponentDeath: two
    # linked abilities (607.2a)
    "Fiend Hunter": Behaviour(triggers=(
        etb([ExileLinked(Targets(0))], [TargetSpec("permanent", types_any=("Creature",), not_source=True,
                                                   description="another target creature")]),
        Trigger("leaves", (ReturnTheExiledCard(),), leaves=LeavesBattlefield(None, "self", types_any=())))),
    # cards of XMage's VengefulTownsfolkTest.testReplacedDieEvent_*: "{T}, Sacrifice up to three
    # permanents: If there were three or more card types among the sacrificed permanents, each
    # opponent loses 3 life, you gain 3 life, and you draw three cards."
    "Baba Lysaga, Night Witch": Behaviour(activated=(ActivatedAbility(
        (LoseLife(EachOpponent(), If(CardTypesAmongSacrificed(3), 3, 0)),
         GainLife(You(), If(CardTypesAmongSacrificed(3), 3, 0)),
         Draw(You(), If(CardTypesAmongSacrificed(3), 3, 0))),
        tap=True, costs=(PermanentCost("sacrifice", 3, up_to=True, description="Sacrifice up to three permanents"),),
        description="{T}, Sacrifice up to three permanents: ..."),)),
    # "Flying / Cycling {2} ({2}, Discard this card: Draw a card.)": cycling functions only from a
    # hand (702.29a), where the contract's `activate` (a permanent's abilities) can't name it; on
    # the battlefield it exists (702.29b) and can't be activated
    "Angel of the God-Pharaoh": Behaviour(activated=(ActivatedAbility(
        (Draw(You(), 1),), mana=Cost.parse("{2}"), description="Cycling {2}", from_hand=True),)),
    # card of Forge's GameSimulationTest.testTokenExiledByReplacementStillCountsAsLeavesBattlefield:
    # "When this creature enters, exile up to one target nonland, nontoken permanent you don't
    # control with mana value 4 or less. / When this creature leaves the battlefield, the exiled
    # card's owner creates an X/X blue Illusion creature token, where X is the mana value of the
    # exiled card." (two linked abilities, 607.2a)
    "Skyclave Apparition": Behaviour(triggers=(
        etb([ExileLinked(Targets(0), optional=False)],
            [TargetSpec("permanent", types_not=("Land",), nontoken=True, not_you_control=True, max_mv=4,
                        count="up-to-one", description="up to one target nonland, nontoken permanent you "
                                                       "don't control with mana value 4 or less")]),
        Trigger("leaves", (ExiledCardsOwnerCreatesToken("Illusion (X/X)"),),
                leaves=LeavesBattlefield(None, "self", types_any=())))),
    # card of Forge's GameSimulationTest.testBanisherPriestReturnDoesNotSeePastOpponentDeath: one
    # ability with a duration (610.3), where Fiend Hunter has two linked abilities
    "Banisher Priest": Behaviour(triggers=(
        etb([ExileUntilSourceLeaves(Targets(0))],
            [TargetSpec("permanent", types_any=("Creature",), not_you_control=True,
                        description="target creature an opponent controls")]),)),
    "Doomed Dissenter": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Zombie"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Poison-Tip Archer": Behaviour(triggers=(Trigger(
        "leaves", (LoseLife(EachOpponent(), 1),), leaves=LeavesBattlefield("graveyard", "other", "any")),)),
    "Hall of Triumph": Behaviour(enters=(EntersChoosingColor(),),
                                 statics=(Anthem(Filter(types_any=("Creature",), chosen_color=True)),)),
    # ---- cards of XMage's dies-trigger tests (EvernightShade, SelhoffOccultist, RotcrownGhoul, ...) --------
    "Evernight Shade": Behaviour(
        activated=(ActivatedAbility((Pump(Self(), 1, 1),), mana=Cost.parse("{B}"),
                                    description="{B}: This creature gets +1/+1 until end of turn."),),
        triggers=(returns_with_counter("+1/+1"),)),
    # "Whenever this creature or another creature dies, target player mills a card."
    "Selhoff Occultist": Behaviour(triggers=(Trigger(
        "leaves", (Mill(Targets(0), 1),), (PLAYER,), leaves=LeavesBattlefield("graveyard", "any", "any")),)),
    "Ana Disciple": Behaviour(activated=(
        ActivatedAbility((Pump(Targets(0), 0, 0, ("flying",)),), (CREATURE,), tap=True, mana=Cost.parse("{U}"),
                         description="{U}, {T}: Target creature gains flying until end of turn."),
        ActivatedAbility((Pump(Targets(0), -2, 0),), (CREATURE,), tap=True, mana=Cost.parse("{B}"),
                         description="{B}, {T}: Target creature gets -2/-0 until end of turn."))),
    "Rotcrown Ghoul": Behaviour(triggers=(Trigger(
        "leaves", (Mill(Targets(0), 5),), (PLAYER,), leaves=LeavesBattlefield("graveyard", "self")),)),
    # the counters are read on the creature as it last existed on the battlefield (608.2h)
    "Servant of the Scale": Behaviour(
        enters=(EntersWithCounters("+1/+1", 1),),
        triggers=(Trigger("leaves", (PutCounters("+1/+1", CountersOnSource("+1/+1"), Targets(0)),),
                          (TargetSpec("permanent", types_any=("Creature",), you_control=True,
                                      description="target creature you control"),),
                          leaves=LeavesBattlefield("graveyard", "self")),)),
    "Xathrid Necromancer": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Zombie", 1, tapped=True),),
        leaves=LeavesBattlefield("graveyard", "any", "you", subtypes_any=("Human",))),)),
    "Gather the Townsfolk": Behaviour(effects=(
        CreateTokens("Human", If(BoardHolds(LifeAtMost(5)), 5, 2)),)),
    # Reef Worm and the tokens it leads to: each a dies trigger creating the next (111.3: the token's
    # text is what the creating effect says)
    "Reef Worm": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Fish"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Fish": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Whale"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Whale": Behaviour(triggers=(Trigger(
        "leaves", (CreateTokens("Kraken"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    # ---- cards of XMage's ProtectionFromColorTest ----------------------------------------------
    "Royal Assassin": Behaviour(activated=(ActivatedAbility(
        (Destroy(Targets(0)),), (TargetSpec("permanent", types_any=("Creature",), tapped=True,
                                            description="target tapped creature"),), tap=True,
        description="{T}: Destroy target tapped creature."),)),
    "Order of the Stars": Behaviour(enters=(EntersChoosingColor(),), statics=(Protection(chosen_color=True),)),
    "Reanimate": Behaviour(
        targets=(TargetSpec("graveyard-card", types_any=("Creature",), any_graveyard=True,
                            description="target creature card from a graveyard"),),
        effects=(PutCardOnto(Targets(0), "battlefield", under_your_control=True), LoseLife(You(), TargetManaValue(0)))),
    "Seismic Shudder": Behaviour(effects=(Damage(1, Matching(Filter(whose="any", types_any=("Creature",),
                                                                    keyword_not="flying"))),)),
    # ---- cards of XMage's CopySpellTest.ZadaHedronGrinderBoost --------------------------------------
    "Zada, Hedron Grinder": Behaviour(triggers=(Trigger(
        "you-cast", (CopyForEachOtherPossibleTarget(),),
        condition=CastSpell(types_any=("Instant", "Sorcery"), targets_only_source=True), intervening=False),)),
    "Angelic Blessing": Behaviour(targets=(CREATURE,), effects=(Pump(Targets(0), 3, 3, ("flying",)),)),
    # ---- card of XMage's CostModificationTest.AnimarSoulOfElementsTest --------------------------------
    "Animar, Soul of Elements": Behaviour(
        statics=(Protection(("white", "black")),
                 CostModifier(-1, types_any=("Creature",), yours=True, per=SourceCounters("+1/+1"))),
        triggers=(Trigger("you-cast", (PutCounters("+1/+1", 1, Self()),), condition=CastSpell(types_any=("Creature",)),
                          intervening=False),)),
    # ---- cards of XMage's SacrificeDiesTriggerTest.test_SuChi_SageOfLatNam ----------------------------
    "Su-Chi": Behaviour(triggers=(Trigger(
        "leaves", (AddMana(You(), "CCCC"),), leaves=LeavesBattlefield("graveyard", "self")),)),
    "Sage of Lat-Nam": Behaviour(activated=(ActivatedAbility(
        (Draw(You(), 1),), tap=True, costs=(parse_permanent_cost("Sacrifice an artifact"),),
        description="{T}, Sacrifice an artifact: Draw a card."),)),
    # ---- card of Forge's GameSimulationTest.testStaticMultiPump --------------------------------------
    "Creakwood Liege": Behaviour(
        statics=(Anthem(Filter(types_any=("Creature",), colors_any=("B",), exclude_source=True)),
                 Anthem(Filter(types_any=("Creature",), colors_any=("G",), exclude_source=True))),
        triggers=(Trigger("beginning-of", (May(CreateTokens("Worm")),), step="upkeep"),)),
    # ---- card of XMage's TwoHeadedSliverTest: a keyword granted to every Sliver, whoever controls it ----
    "Two-Headed Sliver": Behaviour(statics=(
        KeywordGrant(("menace",), Filter(whose="any", types_any=("Creature",), subtypes_any=("Sliver",))),)),
    # ---- cards of XMage's ElendaTheDuskRoseTest -------------------------------------------------------
    "Elenda, the Dusk Rose": Behaviour(triggers=(
        Trigger("leaves", (PutCounters("+1/+1", 1, Self()),), leaves=LeavesBattlefield("graveyard", "other", "any")),
        # X is its power as it last existed on the battlefield (608.2h)
        Trigger("leaves", (CreateTokens("Vampire", LeftPower()),), leaves=LeavesBattlefield("graveyard", "self")))),
    "Angelic Renewal": Behaviour(triggers=(Trigger(
        "leaves", (SacrificeSourceIfYouDo((ReturnLeft(),)),),
        leaves=LeavesBattlefield("graveyard", "any", "owned")),)),
    # ---- card of XMage's HarmsWayRedirectDamageTest: a redirection effect (614.9) --------------------
    # "The next 2 damage that a source of your choice would deal to you and/or permanents you control
    # this turn is dealt to any target instead." (the source chosen as it resolves, 609.7a)
    "Harm's Way": Behaviour(targets=(ANY,), effects=(RedirectNextFromChosenSource(2, Targets(0)),)),
    # "Lava Burst deals X damage to any target. If Lava Burst would deal damage to a creature, that damage
    # can't be prevented or dealt instead to another permanent or player." (615.12, 614.9)
    "Lava Burst": Behaviour(targets=(ANY,), effects=(DamageFixedToCreatures(X(), Targets(0)),)),
    # ---- cards of Forge's GameSimulationTest.testGlarecaster: a redirection effect for one damage event --
    # "{5}{W}: The next time damage would be dealt to this creature and/or you this turn, that damage is
    # dealt to any target instead." (614.9; every recipient of the next damage event, 120.4)
    "Glarecaster": Behaviour(activated=(ActivatedAbility(
        (RedirectNextDamageTo(Targets(0)),), (ANY,), mana=Cost.parse("{5}{W}"),
        description="{5}{W}: The next time damage would be dealt to this creature and/or you this turn, that "
                    "damage is dealt to any target instead."),)),
    # "Inferno deals 6 damage to each creature and each player." (one damage event, 120.4)
    "Inferno": Behaviour(effects=(Damage(6, Both(EachCreature(), EachPlayer())),)),
    # ---- cards of Forge's GameSimulationTest.testEnKor and testRazia2: lifelink on spells, life gain ----
    "Soulfire Grand Master": Behaviour(
        statics=(SpellsHaveKeyword(("lifelink",), ("Instant", "Sorcery")),),
        activated=(ActivatedAbility(
            (NextSpellThisTurn("to-hand-as-it-resolves", ("Instant", "Sorcery"), "hand"),),
            mana=Cost.parse("{2}{U/R}{U/R}"),
            description="{2}{U/R}{U/R}: The next time you cast an instant or sorcery spell from your hand this "
                        "turn, put that card into your hand instead of into your graveyard as it resolves."),)),
    # "Whenever you gain life, put a +1/+1 counter on this creature." (one counter per life gain event, 119.9)
    "Ajani's Pridemate": Behaviour(triggers=(Trigger("you-gain-life", (PutCounters("+1/+1", 1, Self()),)),)),
    # "Alchemist's Greeting deals 4 damage to target creature. / Madness {1}{R}" (Forge's testRazia; madness,
    # 702.35a, is parsed from the Oracle text: rules.keywords, rules.actions.discard_card)
    "Alchemist's Greeting": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",),
                                                          description="target creature"),),
                                      effects=(Damage(4, Targets(0)),)),
    # ---- redirection shields on a creature (614.9), after Forge's testEnKor and testRazia2 -------------
    "Spirit en-Kor": Behaviour(activated=(ActivatedAbility(
        (RedirectNextDamageToPermanent(1, Self(), Targets(0)),), (YOUR_CREATURE,), mana=Cost.parse("{0}"),
        description="{0}: The next 1 damage that would be dealt to this creature this turn is dealt to target "
                    "creature you control instead."),)),
    "Razia, Boros Archangel": Behaviour(activated=(ActivatedAbility(
        (RedirectNextDamageToPermanent(3, Targets(0), Targets(1)),),
        (YOUR_CREATURE, TargetSpec("permanent", types_any=("Creature",), distinct=True,
                                   description="another target creature")),
        tap=True,
        description="{T}: The next 3 damage that would be dealt to target creature you control this turn is dealt "
                    "to another target creature instead."),)),
    # GainProtectionTest: protection from the quality chosen as the spell resolves (608.2d, 702.16a)
    "Apostle's Blessing": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Artifact", "Creature"), you_control=True,
                            description="target artifact or creature you control"),),
        effects=(GainsProtectionFromChosenQuality(Targets(0)),)),
    # FlickeringWardTest: "Enchant creature / As this Aura enters, choose a color. / Enchanted creature has
    # protection from the chosen color. This effect doesn't remove this Aura. / {W}: Return this Aura to its
    # owner's hand." (702.16c, 702.16n)
    "Flickering Ward": Behaviour(
        targets=(CREATURE,), enters=(EntersChoosingColor(),),
        statics=(Enchant("creature"), EnchantedGets(protection_from_chosen_color=True, doesnt_remove_this=True)),
        activated=(ActivatedAbility((ReturnToHand(Self()),), mana=Cost.parse("{W}"),
                                    description="{W}: Return this Aura to its owner's hand."),)),
    # "Choose a color. White creatures you control gain protection from the chosen color until end of turn."
    "Brave the Elements": Behaviour(effects=(GainsProtectionFromChosenQuality(
        Matching(Filter(types_any=("Creature",), colors_any=("W",))), colors_only=True),)),
    # ConditionalPreventionTest: "Questing Beast can't be blocked by creatures with power 2 or less. / Combat
    # damage that would be dealt by creatures you control can't be prevented. / Whenever Questing Beast deals
    # combat damage to an opponent, it deals that much damage to target planeswalker that player controls."
    "Questing Beast": Behaviour(
        statics=(CantBeBlockedByPowerAtMost(2), YourCreaturesCombatDamageCantBePrevented()),
        triggers=(Trigger("self-deals-combat-damage-to-opponent", (Damage(EventAmount(), Targets(0)),),
                          targets=(TargetSpec("permanent", types_any=("Planeswalker",), not_you_control=True,
                                              description="target planeswalker that player controls"),)),)),
    # ---- cards of XMage's ElvishArchdruidTest ----
    # "Other Elf creatures you control get +1/+1. / {T}: Add {G} for each Elf you control." (the
    # mana ability is read from the Oracle text, rules.keywords.parse_mana_abilities)
    "Elvish Archdruid": Behaviour(statics=(Anthem(Filter(subtypes_any=("Elf",), types_any=("Creature",),
                                                         exclude_source=True)),)),
    # "This creature doesn't untap during your untap step. / Whenever you cast a green spell, you
    # may untap this creature."
    "Nettle Sentinel": Behaviour(
        statics=(DoesntUntapInUntapStep(),),
        triggers=(Trigger("you-cast", (May(Untap(Self())),), condition=CastSpell(colors_any=("G",)),
                          intervening=False),)),
    # ---- cards of XMage's OmniscienceTest (a permission to cast from the graveyard, 601.3) ----
    # "You may cast this card from your graveyard, but not from anywhere else. / As long as this
    # creature is on the battlefield, you may cast Knight spells from your graveyard. / When this
    # creature dies, you lose 2 life."
    "Haakon, Stromgald Scourge": Behaviour(
        statics=(CastOnlyFromGraveyard(), CastFromGraveyardPermission(subtype="Knight")),
        triggers=(Trigger("leaves", (LoseLife(You(), 2),), leaves=LeavesBattlefield("graveyard", "self")),)),
    # "First strike / When this creature enters, if an opponent controls more lands than you, you
    # may search your library for a Plains card, put it onto the battlefield, then shuffle." (the
    # search for a Plains card put onto the battlefield untapped is not in the engine: it answers
    # unsupported if it ever triggers; the "if" keeps it from triggering otherwise, 603.4)
    "Knight of the White Orchid": Behaviour(triggers=(etb(
        [Unimplemented("a search for a Plains card put onto the battlefield untapped")], (),
        BoardHolds(AnOpponentHasMore(Filter(types_any=("Land",))))),)),
    # ---- cards of XMage's LoosingAbilitiesTest (static abilities of cards in graveyards, 113.6b;
    # an effect on cards in graveyards, 613.1f) ----
    # "Swampwalk / As long as this card is in your graveyard and you control a Swamp, creatures you
    # control have swampwalk." (the keyword is the card's; the grant functions in its graveyard only)
    "Filth": Behaviour(statics=(KeywordGrant(("swampwalk",), Filter(types_any=("Creature",)),
                                             functions_in="graveyard",
                                             condition=AtLeast(Count(Filter(subtypes_any=("Swamp",))))),)),
    # "Cards in graveyards lose all abilities."
    "Yixlid Jailer": Behaviour(statics=(LoseAllAbilitiesInZone("graveyard"),)),
    # ---- cards of XMage's LoosingAbilitiesTest with Yixlid Jailer: a creature returned from a
    # graveyard has its enters trigger; a card's trigger as it is put into a hand from a graveyard
    # (113.6k) looks back at the card in the graveyard (603.10a); dredge (702.52a)
    # "When this creature enters, discard two cards, then draw two cards. For each nonland card
    # discarded this way, create a 1/1 red Elemental creature token. / {3}{R}{R}, Exile this card from
    # your graveyard: Create two 1/1 red Elemental creature tokens." (the second functions only from a
    # graveyard, where the contract's `activate`, a permanent's abilities, can't name it)
    "Seasoned Pyromancer": Behaviour(
        triggers=(etb([DiscardThenDraw(2, 2, "Elemental")]),),
        activated=(ActivatedAbility(
            (CreateTokens("Elemental", 2),), mana=Cost.parse("{3}{R}{R}"), from_graveyard=True,
            description="{3}{R}{R}, Exile this card from your graveyard: Create two 1/1 red Elemental creature "
                        "tokens.", unsupported="an activated ability of a card in a graveyard"),)),
    # "Return target creature card with mana value 3 or less from your graveyard to the battlefield. /
    # Cycling {2}" (cycling functions only from a hand, 702.29a)
    "Unearth": Behaviour(
        targets=(TargetSpec("graveyard-card", types_any=("Creature",), max_mv=3,
                            description="target creature card with mana value 3 or less from your graveyard"),),
        effects=(PutCardOnto(Targets(0), "battlefield"),),
        activated=(ActivatedAbility((Draw(You(), 1),), mana=Cost.parse("{2}"), description="Cycling {2}",
                                    from_hand=True),)),
    # "When this card is put into your hand from your graveyard, you gain 2 life. / Dredge 2"
    "Golgari Brownscale": Behaviour(triggers=(Trigger("self-graveyard-to-hand", (GainLife(You(), 2),)),),
                                    statics=(Dredge(2),)),
    # "Return target creature card from your graveyard to your hand. If it's a Zombie card, draw a card."
    "Cemetery Recruitment": Behaviour(
        targets=(TargetSpec("graveyard-card", types_any=("Creature",),
                            description="target creature card from your graveyard"),),
        effects=(PutCardOnto(Targets(0), "hand"), When(ItsA(0, "Zombie"), (Draw(You(), 1),)))),
    # "This creature can't block. / You may cast this card from your graveyard as long as you
    # control a Zombie."
    "Gravecrawler": Behaviour(statics=(CantBlock(), MayCastFromGraveyard(
        AtLeast(Count(Filter(subtypes_any=("Zombie",))))))),
    "Titanic Growth": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",),
                                                    description="target creature"),),
                                effects=(Pump(Targets(0), 4, 4),)),
    # "{5}{G}{G}: Put a +1/+1 counter on this creature."
    "Carnivorous Moss-Beast": Behaviour(activated=(ActivatedAbility(
        (PutCounters("+1/+1", 1, Self()),), mana=Cost.parse("{5}{G}{G}"),
        description="{5}{G}{G}: Put a +1/+1 counter on this creature."),)),
    # "Artifact spells you cast cost {1} less to cast."
    "Etherium Sculptor": Behaviour(statics=(CostModifier(-1, types_any=("Artifact",), yours=True),)),
    # "Spend only mana produced by creatures to cast this spell." (106.3, 601.2h)
    "Myr Superion": Behaviour(spend_only_from="Creature"),
    # "Add {R}{R}{R}." (a spell's effect, not a mana ability: 605.1, 106.3)
    "Pyretic Ritual": Behaviour(effects=(AddMana(You(), "RRR"),)),
    # "Fated Conflagration deals 5 damage to target creature or planeswalker. If it's your turn, scry 2."
    # "Kicker {X}. X can't be 0. ... / Flying / When this creature enters, if it was kicked, gain control of
    # target artifact with mana value X or less. If that artifact is an Equipment, attach it to this creature."
    # (the kicker and "X can't be 0" are parsed from the text; X is the spell's, 107.3m; control for good, 611.2a)
    "Thieving Skydiver": Behaviour(triggers=(etb(
        [GainsControl(Targets(0), You()), AttachEquipmentToThis(Targets(0))],
        [TargetSpec("permanent", types_any=("Artifact",), max_mv_is_x=True,
                    description="target artifact with mana value X or less")], Kicked()),)),
    # "{1}, {T}: Put a charge counter on this artifact, then you may cast an instant or sorcery spell with mana
    # value equal to the number of charge counters on this artifact from your hand without paying its mana cost.
    # / {3}, {T}, Remove X charge counters from this artifact: Scry X." (an artifact with mana value 2 for
    # KickerTest's Thieving Skydiver; neither ability is implemented, so neither can be activated)
    "Brain in a Jar": Behaviour(activated=(
        ActivatedAbility((), tap=True, mana=Cost.parse("{1}"),
                         description="{1}, {T}: Put a charge counter on this artifact, then you may cast an instant "
                                     "or sorcery spell with mana value equal to the number of charge counters on "
                                     "this artifact from your hand without paying its mana cost.",
                         unsupported="a cast from hand during resolution chosen by the artifact's charge counters"),
        ActivatedAbility((), tap=True, mana=Cost.parse("{3}"),
                         description="{3}, {T}, Remove X charge counters from this artifact: Scry X.",
                         unsupported="a cost that removes X counters, X chosen as it is activated"),
    )),
    "Fated Conflagration": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature", "Planeswalker"),
                            description="target creature or planeswalker"),),
        effects=(Damage(5, Targets(0)), When(BoardHolds(ItsYourTurn()), (Scry(2),)))),
    # "This spell can't be countered." / "When you cast this spell, take an extra turn after this
    # one." (extra turns, 500.7, are not in the engine: the cast trigger is put on the stack and
    # resolving it answers unsupported, never an approximation) / "Flying, protection from spells
    # that are one or more colors, annihilator 6" (702.16a: a quality over spells only; 702.86a) /
    # "When Emrakul is put into a graveyard from anywhere, its owner shuffles their graveyard into
    # their library." (never a leaves-the-battlefield ability, even from the battlefield, 603.6c:
    # seen in the graveyard after the event, actions.collect_graveyard_arrivals)
    "Emrakul, the Aeons Torn": Behaviour(
        statics=(CantBeCountered(), Protection((COLORED_SPELLS,))),
        triggers=(Trigger("cast-self", (Unimplemented("take an extra turn after this one (500.7): extra turns "
                                                      "are not in the engine"),)),
                  Trigger("self-attacks", (DefendingPlayerSacrifices(6),)),
                  Trigger("self-to-graveyard", (OwnerShufflesGraveyardIntoLibrary(),)))),
    # "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)
    # Destroy target creature." (delve: rules.casting._delve, 702.66a)
    "Murderous Cut": Behaviour(targets=(CREATURE,), effects=(Destroy(Targets(0)),)),
    # card of XMage's WardTest.wardMultipleAbilities: "When this creature enters, exile up to one other
    # target creature. That creature's controller gains life equal to its power." Its evoke cost
    # ("Evoke—Exile a white card from your hand.") and evoke's sacrifice trigger come from the keyword
    # line (rules.keywords, cards.catalog.EVOKE_TRIGGER, 702.74a).
    # "When this creature enters, draw two cards." (Evoke {2}{U}: a mana evoke cost, 702.74a)
    "Mulldrifter": Behaviour(triggers=(etb([Draw(You(), 2)]),)),
    "Solitude": Behaviour(triggers=(
        etb([Exile(Targets(0)), GainLife(ControllerOf(Targets(0)), TargetPower(0))],
            [TargetSpec("permanent", types_any=("Creature",), not_source=True, count="up-to-one",
                        description="up to one other target creature")]),)),
}

PEERS_XMAGE_POOL_TOKENS = {
    "Zombie": _token("Zombie", ("B",), ("Creature",), ("Zombie",), 2, 2),
    "Elemental": _token("Elemental", ("R",), ("Creature",), ("Elemental",), 1, 1),
    "Fish": _token("Fish", ("U",), ("Creature",), ("Fish",), 3, 3,
                   "When this creature dies, create a 6/6 blue Whale creature token with \"When this creature dies, "
                   "create a 9/9 blue Kraken creature token.\""),
    "Whale": _token("Whale", ("U",), ("Creature",), ("Whale",), 6, 6,
                    "When this creature dies, create a 9/9 blue Kraken creature token."),
    "Kraken": _token("Kraken", ("U",), ("Creature",), ("Kraken",), 9, 9),
    "Worm": _token("Worm", ("B", "G"), ("Creature",), ("Worm",), 1, 1),
    "Vampire": _token("Vampire", ("W",), ("Creature",), ("Vampire",), 1, 1, "Lifelink", ("Lifelink",)),
    # Skyclave Apparition's: its power and toughness are the X the creating effect gives it
    "Illusion (X/X)": _token("Illusion", ("U",), ("Creature",), ("Illusion",), 0, 0),
}
