"""Catalog cards of granted triggered abilities (613.1f: undying, persist and "When this creature
dies, ..." given by a resolved spell until end of turn, by a static ability or by an Aura),
abilities that trigger an additional time (603.2d), a delayed "when that creature dies this turn"
(603.7c), intimidate (702.13), "can't have counters put on it" (122.6) and a replacement effect an
activated ability creates for the turn (614.1a, Goblin Goliath), as data over the effect
primitives. The XMage and Forge tests they port are in spec/rules/peer-tests-xmage-granted-triggers.yaml
and spec/rules/peer-tests-forge-additional-triggers.yaml."""

from __future__ import annotations

from ..effects import (
    CreateTokens,
    Damage,
    Destroy,
    Draw,
    EventObject,
    ExileReturnAtNextEndStep,
    GainLife,
    GainsTriggerUntilEndOfTurn,
    LeftController,
    Matching,
    MayCastFromGraveyardFree,
    MayDiscard,
    Monstrosity,
    OnceEachTurn,
    OpponentCount,
    PlayerCounter,
    Pump,
    PutCounters,
    ReplacementThisTurn,
    ReturnLeft,
    ReturnLeftWithCounter,
    ReturnThisAuraToHand,
    SacrificeSourceUnlessSacrifice,
    Targets,
    WhenItDiesThisTurn,
    You,
    echo,
    returns_with_counter,
)
from ..rules.abilities import ActivatedAbility, LeavesBattlefield, PutIntoGraveyard, Trigger
from ..rules.filters import Filter, IsMonstrous
from ..rules.layers import Anthem
from ..rules.replacement import DamageToOpponentsTimes
from ..rules.statics import (
    AdditionalLandPlays,
    CantHaveCounters,
    EnchantedGets,
    KeywordGrant,
    SelfKeywordsWhile,
    TriggersAdditionalTime,
)
from ..rules.targets import TargetSpec
from ..state.mana import Cost
from .behaviour import Behaviour, etb
from .pool_peers_wagic import aura

CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")


def when_this_dies(*effects) -> Trigger:
    """"When this creature dies, <effects>" (700.4), as a granted ability reads it."""
    return Trigger("leaves", tuple(effects), leaves=LeavesBattlefield("graveyard", "self"))


NO_FLYING = Filter(whose="any", types_any=("Creature",), keyword_not="flying")
OTHER_NON_HUMANS = Filter(types_any=("Creature",), subtypes_not=("Human",), exclude_source=True)

TRIGGERS_POOL: dict[str, Behaviour] = {
    # ---- granted until end of turn (611.2a, 613.1f) ------------------------------------------
    # "Target creature gains undying until end of turn."
    "Undying Evil": Behaviour(targets=(CREATURE,), effects=(Pump(Targets(0), 0, 0, ("undying",)),)),
    # "Until end of turn, target creature gains "When this creature dies, return it to the
    # battlefield tapped under its owner's control with a +1/+1 counter on it.""
    "Undying Malice": Behaviour(targets=(CREATURE,), effects=(GainsTriggerUntilEndOfTurn(
        Targets(0), when_this_dies(ReturnLeftWithCounter("+1/+1", tapped=True))),)),
    # "... gets +2/+0 and gains "When this creature dies, return it to the battlefield tapped
    # under its owner's control.""
    "Supernatural Stamina": Behaviour(targets=(CREATURE,), effects=(
        Pump(Targets(0), 2, 0),
        GainsTriggerUntilEndOfTurn(Targets(0), when_this_dies(ReturnLeftWithCounter(None, tapped=True))))),
    # "... gets +2/+0 and gains "When this creature dies, return it to the battlefield under its
    # owner's control.""
    "Demonic Gifts": Behaviour(targets=(CREATURE,), effects=(
        Pump(Targets(0), 2, 0), GainsTriggerUntilEndOfTurn(Targets(0), when_this_dies(ReturnLeft())))),
    # "When this creature enters, put three -1/-1 counters on target creature you control." (its
    # "{T}, Remove a -1/-1 counter from this creature: Add one mana of any color." is parsed, 605)
    "Channeler Initiate": Behaviour(triggers=(etb(
        [PutCounters("-1/-1", 3, Targets(0))],
        [TargetSpec("permanent", types_any=("Creature",), you_control=True,
                    description="target creature you control")]),)),
    # ---- granted by static abilities (613.1f) ----------------------------------------------
    # "Enchanted creature gets +2/+0 and has "When this creature dies, draw a card.""
    "Infernal Scarring": aura(statics=(EnchantedGets(2, 0, triggers=(when_this_dies(Draw(You(), 1)),)),)),
    # "Enchanted creature has "At the beginning of your upkeep, create a 1/1 white Human creature
    # token."": the creature's ability, so "your" is the creature's controller (109.5)
    # "Exile target creature. At the beginning of the next end step, return that card to the
    # battlefield under its owner's control with a +1/+1 counter on it." (603.7, 513.2)
    "Otherworldly Journey": Behaviour(targets=(CREATURE,), effects=(ExileReturnAtNextEndStep(Targets(0), "+1/+1"),)),
    "Commander's Authority": aura(statics=(EnchantedGets(triggers=(
        Trigger("beginning-of", (CreateTokens("Human"),), step="upkeep"),)),)),
    # "Intimidate / Whenever a Human deals damage to you, destroy it. / Other non-Human creatures
    # you control get +1/+1 and have undying."
    "Mikaeus, the Unhallowed": Behaviour(
        triggers=(Trigger("deals-damage-to-you", (Destroy(EventObject()),),
                          source_filter=Filter(whose="any", subtypes_any=("Human",))),),
        statics=(Anthem(OTHER_NON_HUMANS, 1, 1), KeywordGrant(("undying",), OTHER_NON_HUMANS))),
    # "Other green creatures you control have intimidate."
    "Bellowing Tanglewurm": Behaviour(statics=(KeywordGrant(
        ("intimidate",), Filter(types_any=("Creature",), colors_any=("G",), exclude_source=True)),)),
    "Butcher Ghoul": Behaviour(triggers=(returns_with_counter("+1/+1"),)),  # undying (702.93a)
    # "When this creature enters, you gain 2 life. / Persist"
    "Kitchen Finks": Behaviour(triggers=(etb([GainLife(You(), 2)]), returns_with_counter("-1/-1"))),
    "Tatterkite": Behaviour(statics=(CantHaveCounters(),)),  # "This creature can't have counters put on it."
    # ---- triggering an additional time (603.2d) --------------------------------------------
    # "If a creature dying causes a triggered ability of a permanent you control to trigger, that
    # ability triggers an additional time. / Creature tokens you control have vigilance and lifelink."
    "Teysa Karlov": Behaviour(statics=(
        TriggersAdditionalTime("dies", ("Creature",)),
        KeywordGrant(("lifelink", "vigilance"), Filter(types_any=("Creature",), token=True)))),
    "Panharmonicon": Behaviour(statics=(TriggersAdditionalTime("enters", ("Artifact", "Creature")),)),
    # ---- "one or more land cards are put into your graveyard from anywhere" (603.2c, 603.6c) --
    # "Deathtouch / At the beginning of your upkeep, sacrifice The Gitrog Monster unless you sacrifice
    # a land. / You may play an additional land on each of your turns. / Whenever one or more land
    # cards are put into your graveyard from anywhere, draw a card."
    "The Gitrog Monster": Behaviour(
        statics=(AdditionalLandPlays(1),),
        triggers=(Trigger("beginning-of", (SacrificeSourceUnlessSacrifice(("Land",)),), step="upkeep"),
                  Trigger("cards-to-your-graveyard", (Draw(You(), 1),), arriving=PutIntoGraveyard(("Land",))))),
    # "You may play an additional land on each of your turns." (305.2; beside The Gitrog Monster: two)
    "Exploration": Behaviour(statics=(AdditionalLandPlays(1),)),
    # "Destroy all lands."
    "Armageddon": Behaviour(effects=(Destroy(Matching(Filter(whose="any", types_any=("Land",)))),)),
    # (Indestructibility, an Aura these tests use too, is in pool_lifelink_spells.py)
    "Yarok, the Desecrated": Behaviour(statics=(TriggersAdditionalTime("enters"),)),
    # ---- a delayed trigger on one creature dying this turn (603.7c) -------------------------
    # "Put a -1/-1 counter on target creature. When that creature dies this turn, its controller
    # gets a poison counter."
    "Virulent Wound": Behaviour(targets=(CREATURE,), effects=(
        PutCounters("-1/-1", 1, Targets(0)),
        WhenItDiesThisTurn(Targets(0), (PlayerCounter(LeftController(), "poison", 1),)))),
    # ---- a replacement effect created for the turn (614.1a, 611.2a) --------------------------
    # "When this creature enters, create a number of 1/1 red Goblin creature tokens equal to the
    # number of opponents you have. / {3}{R}, {T}: If a source you control would deal damage to an
    # opponent this turn, it deals double that damage to that player instead."
    "Goblin Goliath": Behaviour(
        triggers=(etb([CreateTokens("Goblin", OpponentCount())]),),
        activated=(ActivatedAbility(
            (ReplacementThisTurn(DamageToOpponentsTimes(2)),), mana=Cost.parse("{3}{R}"), tap=True,
            description="{3}{R}, {T}: If a source you control would deal damage to an opponent this turn, "
                        "it deals double that damage to that player instead."),)),
    # ---- an Aura's ability that finds the Aura in the graveyard (400.7f) ----------------------
    # "Enchant creature / Enchanted creature gets +4/+4, has flying and first strike, and is an Angel
    # in addition to its other types. / When enchanted creature dies, return this card to its owner's hand."
    "Angelic Destiny": aura(
        statics=(EnchantedGets(4, 4, ("flying", "first strike"), subtypes=("Angel",)),),
        triggers=(Trigger("leaves", (ReturnThisAuraToHand(),), leaves=LeavesBattlefield("graveyard", "enchanted")),)),
    # ---- an effect that lets a card be cast and then finds the spell it became (400.7h) -------
    # "When this creature enters, you may cast target instant or sorcery card with mana value 4 or
    # less from your graveyard without paying its mana cost. If that spell would be put into your
    # graveyard, exile it instead."
    "Daring Waverider": Behaviour(triggers=(etb(
        [MayCastFromGraveyardFree(Targets(0))],
        [TargetSpec("graveyard-card", types_any=("Instant", "Sorcery"), max_mv=4,
                    description="target instant or sorcery card with mana value 4 or less from your graveyard")]),)),
    # ---- "Do this only once each turn" (603.2h) --------------------------------------------
    # "Menace / Whenever another creature you control with power 2 or less enters, you may discard a
    # card. If you do, draw a card. Do this only once each turn."
    "Irreverent Gremlin": Behaviour(triggers=(Trigger(
        "other-creature-enters", (OnceEachTurn(MayDiscard(1, (Draw(You(), 1),))),),
        entering=Filter(types_any=("Creature",), max_power=2, exclude_source=True)),)),
    # ---- monstrosity (701.37) ----------------------------------------------------------------
    # "{3}{G}{W}: Monstrosity 1. / As long as this creature is monstrous, it has hexproof and
    # indestructible."
    "Fleecemane Lion": Behaviour(
        activated=(ActivatedAbility((Monstrosity(1),), mana=Cost.parse("{3}{G}{W}"),
                                    description="{3}{G}{W}: Monstrosity 1."),),
        statics=(SelfKeywordsWhile(("hexproof", "indestructible"), IsMonstrous()),)),
    # ---- echo (702.30) -------------------------------------------------------------------
    # "Echo {3}{R} / When this creature enters or leaves the battlefield, it deals 1 damage to each
    # creature without flying."
    "Subterranean Shambler": Behaviour(triggers=(
        echo(Cost.parse("{3}{R}")),
        etb([Damage(1, Matching(NO_FLYING))]),
        Trigger("leaves", (Damage(1, Matching(NO_FLYING)),), leaves=LeavesBattlefield(None, "self")))),
}
