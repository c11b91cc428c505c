"""Catalog cards with replacement effects (614) as data over rules/replacement.py: "instead"
for graveyards, damage, counters and draws, "skip" for steps, a self-replacement effect, lands that
enter tapped unless a condition holds."""

from __future__ import annotations

from ..effects import (
    Damage,
    DamageInstead,
    Draw,
    EachCreature,
    EventPlayer,
    ExileGraveyards,
    Kicked,
    MayPutLandFromHand,
    NextSpellThisTurn,
    Not,
    PutCounters,
    ShuffleIntoLibrary,
    Targets,
    X,
    You,
)
from ..rules.abilities import ActivatedAbility, BoardHolds, Trigger
from ..rules.filters import AtLeast, Count, Filter
from ..rules.replacement import (
    DamagePlus,
    DamageTimes,
    DrawInstead,
    EnterTappedOrUntapped,
    ExileInstead,
    MoreCounters,
    ShuffledIntoLibraryInstead,
    SkipNextStep,
    SkipSteps,
)
from ..rules.statics import CastFromGraveyardPermission, EntersTapped
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb

ANY = TargetSpec("any", description="any target")
PLAYER = TargetSpec("player", description="target player")

REPLACEMENT_POOL: dict[str, Behaviour] = {
    # "When this enchantment enters, exile all graveyards. If a card or token would be put into a
    # graveyard from anywhere, exile it instead."
    "Rest in Peace": Behaviour(triggers=(etb([ExileGraveyards()]),), statics=(ExileInstead(),)),
    # "If this card is in your opening hand, you may begin the game with it on the battlefield."
    # (a game in progress has no opening hand: nothing to do) / "If a card would be put into an
    # opponent's graveyard from anywhere, exile it instead."
    "Leyline of the Void": Behaviour(statics=(ExileInstead(opponents=True, cards_only=True),)),
    # "Whenever Anafenza attacks, put a +1/+1 counter on another target tapped creature you
    # control. / If a nontoken creature an opponent owns would die or a creature card not on the
    # battlefield would be put into an opponent's graveyard, exile that card instead."
    "Anafenza, the Foremost": Behaviour(
        triggers=(Trigger("self-attacks", (PutCounters("+1/+1", 1, Targets(0)),), (TargetSpec(
            "permanent", types_any=("Creature",), tapped=True, you_control=True, not_source=True,
            description="another target tapped creature you control"),)),),
        statics=(ExileInstead(opponents=True, cards_only=True, types_any=("Creature",)),)),
    # "You may cast nonland cards with cycling from your graveyard. / If a card with cycling would
    # be put into your graveyard from anywhere and it wasn't cycled, exile it instead." (No card
    # can be cycled here, 702.29a: the contract activates permanents' abilities only.)
    "Abandoned Sarcophagus": Behaviour(statics=(
        CastFromGraveyardPermission(keyword="cycling"), ExileInstead(yours=True, keyword="cycling"))),
    # "Trample, indestructible / If Darksteel Colossus would be put into a graveyard from anywhere,
    # reveal Darksteel Colossus and shuffle it into its owner's library instead."
    "Darksteel Colossus": Behaviour(statics=(ShuffledIntoLibraryInstead(),)),
    # "Put X -1/-1 counters on each creature. Shuffle Black Sun's Zenith into its owner's library."
    "Black Sun's Zenith": Behaviour(effects=(PutCounters("-1/-1", X(), EachCreature()), ShuffleIntoLibrary())),
    # "If a source would deal damage to a permanent or player, it deals double that damage to that
    # permanent or player instead."
    "Furnace of Rath": Behaviour(statics=(DamageTimes(2),)),
    # "If a red source you control would deal damage to an opponent or a permanent an opponent
    # controls, it deals that much damage plus 2 instead."
    "Torbran, Thane of Red Fell": Behaviour(statics=(DamagePlus(2, "R"),)),
    # "If one or more +1/+1 counters would be put on a creature you control, that many plus one
    # +1/+1 counters are put on it instead." / "... twice that many ... instead."
    "Hardened Scales": Behaviour(statics=(MoreCounters("+1/+1", plus=1),)),
    "Corpsejack Menace": Behaviour(statics=(MoreCounters("+1/+1", times=2),)),
    # Flash; "If an opponent would draw a card except the first one they draw in each of their draw
    # steps, instead that player skips that draw and you draw a card."
    "Notion Thief": Behaviour(statics=(DrawInstead(),)),
    # "Whenever an opponent draws a card, this enchantment deals 1 damage to that player."
    "Underworld Dreams": Behaviour(triggers=(Trigger("opponent-draws", (Damage(1, EventPlayer()),),
                                                     intervening=False),)),
    "Eon Hub": Behaviour(statics=(SkipSteps("upkeep"),)),  # "Players skip their upkeep steps."
    "Fatigue": Behaviour(targets=(PLAYER,), effects=(SkipNextStep("draw", Targets(0)),)),
    # "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage
    # instead." (a self-replacement effect, 614.15)
    "Burst Lightning": Behaviour(targets=(ANY,), effects=(DamageInstead(2, Targets(0), Kicked(), 4),)),
    # "This land enters tapped unless you control two or fewer other lands." (a conditional enters
    # replacement, 614.1d: tapped when three or more other lands are yours; "{T}: Add {U} or {R}." is parsed)
    "Spirebluff Canal": Behaviour(enters=(EntersTapped(BoardHolds(AtLeast(Count(
        Filter(types_any=("Land",), exclude_source=True)), 3))),)),
    # "This land enters tapped unless your opponents control eight or more lands." (the lands of
    # every opponent together; its reminder text's "{T}: Add {B} or {G}." is parsed)
    "Turbulent Fen": Behaviour(enters=(EntersTapped(Not(BoardHolds(AtLeast(Count(
        Filter(whose="opponents", types_any=("Land",))), 8)))),)),
    # "This land enters tapped unless you control a Mountain or a Forest. / {T}: Add {U}. / {U}, {T}:
    # The next spell you cast this turn can't be countered." (the mana ability is parsed; the last
    # ability's effect waits for its controller's next spell, 611.2f)
    "Mistrise Village": Behaviour(
        enters=(EntersTapped(Not(BoardHolds(AtLeast(Count(
            Filter(types_any=("Land",), subtypes_any=("Mountain", "Forest"))), 1)))),),
        activated=(ActivatedAbility((NextSpellThisTurn("cant-be-countered"),), mana=Cost.parse("{U}"), tap=True,
                                    description="{U}, {T}: The next spell you cast this turn can't be countered."),)),
    # "This land enters tapped." (614.1d, from the land itself: it affects only that land, 614.12;
    # "{T}: Add {W} or {U}." is parsed)
    "Azorius Guildgate": Behaviour(enters=(EntersTapped(),)),
    # "When Spelunking enters, draw a card, then you may put a land card from your hand onto the
    # battlefield. If you put a Cave onto the battlefield this way, you gain 4 life. / Lands you
    # control enter untapped." (614.1d; ordered with a land's own "enters tapped" by its controller, 616.1)
    "Spelunking": Behaviour(triggers=(etb([Draw(You(), 1), MayPutLandFromHand("Cave", 4)]),),
                            statics=(EnterTappedOrUntapped(False, types_any=("Land",), yours=True),)),
    # "As long as Archelos, Lagoon Mystic is tapped, other permanents enter tapped. / As long as
    # Archelos is untapped, other permanents enter untapped." (614.1d: every player's permanents)
    "Archelos, Lagoon Mystic": Behaviour(statics=(
        EnterTappedOrUntapped(True, others=True, while_tapped=True),
        EnterTappedOrUntapped(False, others=True, while_tapped=False))),
}
