"""Catalog cards with loyalty abilities (606) and the cards the ported planeswalker tests need
(spec/rules/loyalty-abilities.yaml, peer-tests-xmage-planeswalkers.yaml), as data over the
effect primitives. A loyalty ability is an ActivatedAbility whose `loyalty` is the printed
loyalty symbol of its cost (rules.loyalty: 606.3 timing and once each turn, 606.4-606.6 its cost).
Abilities no scenario activates and that need what the engine lacks (emblems, a search that puts
the card on top) answer unsupported rather than being approximated."""

from __future__ import annotations

from ..effects import (
    Destroy,
    Discard,
    Draw,
    EachOpponent,
    EachPlayer,
    Exile,
    ExileLinked,
    LookAtTopMayTake,
    LoseLifeGainWhatWasLost,
    Matching,
    MaySacrificeThenSearchOneMore,
    Mill,
    ReturnTheExiledCard,
    Targets,
    Unimplemented,
)
from ..rules.abilities import ActivatedAbility, LeavesBattlefield, Trigger
from ..rules.filters import Filter, ItsYourTurn, ThisDuringYourTurn
from ..rules.layers import Becomes
from ..rules.prevention import PreventsDamage
from ..rules.statics import EntersAsCopy, LoyaltyCostModifier, SelfKeywordsWhile, YouHaveHexproof
from ..rules.targets import TargetSpec
from .behaviour import PLAYER as TARGET_PLAYER
from .behaviour import Behaviour, etb

MINUS = "\u2212"  # Oracle text writes a negative loyalty cost with a minus sign, U+2212

def loyalty(cost: int, effects=(), targets=(), text: str = "", unsupported: str | None = None):
    """A loyalty ability (606.2): "[+N | −N | 0]: effect"; `cost` the printed loyalty symbol."""
    return ActivatedAbility(tuple(effects), targets=tuple(targets), loyalty=cost, description=text,
                            unsupported=unsupported)


# "Look at the top seven cards of your library. You may reveal a planeswalker card from among them
# and put it into your hand. Put the rest on the bottom of your library in a random order."
_CARTH_LOOK = (LookAtTopMayTake(7, ("Planeswalker",)),)

WALKERS_POOL = {
    # "+2: Each player draws a card. / −1: Target player draws a card. / −10: Target player mills
    # twenty cards." (loyalty 3)
    "Jace Beleren": Behaviour(activated=(
        loyalty(2, (Draw(EachPlayer(), 1),), text="+2: Each player draws a card."),
        loyalty(-1, (Draw(Targets(0), 1),), (TARGET_PLAYER,), text=MINUS + "1: Target player draws a card."),
        loyalty(-10, (Mill(Targets(0), 20),), (TARGET_PLAYER,), text=MINUS + "10: Target player mills twenty cards."),
    )),
    # "+1: Target player discards a card. / −2: Search your library for a card, then shuffle and put
    # that card on top. / −8: Put all creature cards from all graveyards onto the battlefield under
    # your control." (loyalty 5)
    "Liliana Vess": Behaviour(activated=(
        loyalty(1, (Discard(Targets(0), 1),), (TARGET_PLAYER,), text="+1: Target player discards a card."),
        loyalty(-2, text=MINUS + "2: Search your library for a card, then shuffle and put that card on top.",
                unsupported="a search that puts the card found on top of the library"),
        loyalty(-8, text=MINUS + "8: Put all creature cards from all graveyards onto the battlefield ...",
                unsupported="putting every creature card of every graveyard onto the battlefield"),
    )),
    # "+2: You may sacrifice a creature. If you do, search your library for a creature card with mana
    # value equal to 1 plus the sacrificed creature's mana value, put it onto the battlefield, then
    # shuffle. / +1: Mill five cards, then put any number of creature cards milled this way into your
    # hand. / −1: Create a 4/4 green Rhino Warrior creature token." (loyalty 4)
    "Vivien on the Hunt": Behaviour(activated=(
        loyalty(2, (MaySacrificeThenSearchOneMore(),), text="+2: You may sacrifice a creature. If you do, ..."),
        loyalty(1, text="+1: Mill five cards, then put any number of creature cards milled this way into your hand.",
                unsupported="choosing among the cards milled this way"),
        loyalty(-1, text=MINUS + "1: Create a 4/4 green Rhino Warrior creature token.",
                unsupported="the Rhino Warrior token is not in the token catalog"),
    )),
    # "+1: Look at the top four cards of your library. You may reveal a creature or land card from
    # among them and put it into your hand. Put the rest on the bottom of your library in a random
    # order. / −3: Destroy target artifact, enchantment, or creature with flying. / −8: You get an
    # emblem with "Creatures you control get +2/+2 and have vigilance, trample, and indestructible.""
    # (loyalty 5)
    "Vivien Reid": Behaviour(activated=(
        loyalty(1, (LookAtTopMayTake(4, ("Creature", "Land")),), text="+1: Look at the top four cards ..."),
        loyalty(-3, (Destroy(Targets(0)),), (TargetSpec(
            "permanent", types_any=("Artifact", "Enchantment", "Creature"), keyword="flying",
            keyword_unless=("Artifact", "Enchantment"),
            description="target artifact, enchantment, or creature with flying"),),
            text=MINUS + "3: Destroy target artifact, enchantment, or creature with flying."),
        loyalty(-8, (Unimplemented("emblems (114) are not in the engine"),), text=MINUS + "8: You get an emblem ..."),
    )),
    # "Flying / When Kokusho, the Evening Star dies, each opponent loses 5 life. You gain life equal
    # to the life lost this way."
    "Kokusho, the Evening Star": Behaviour(triggers=(Trigger(
        "leaves", (LoseLifeGainWhatWasLost(EachOpponent(), 5),), leaves=LeavesBattlefield("graveyard", "self")),)),
    # "If this card is in your opening hand, you may begin the game with it on the battlefield. / You
    # have hexproof." (the opening hand is before any case begins: only the second ability acts)
    "Leyline of Sanctity": Behaviour(statics=(YouHaveHexproof(),)),
    # "Whenever Carth the Lion enters or a planeswalker you control dies, look at the top seven cards
    # ... / Planeswalkers' loyalty abilities you activate cost an additional [+1] to activate."
    "Carth the Lion": Behaviour(
        triggers=(etb(_CARTH_LOOK), Trigger("leaves", _CARTH_LOOK, leaves=LeavesBattlefield(
            "graveyard", "other", "you", types_any=("Planeswalker",)))),
        statics=(LoyaltyCostModifier(1),)),
    # ---- cards of XMage's ChildOfAlaraTest ------------------------------------------------------
    # "+1: Choose up to two target creatures. Until your next turn, whenever either of those creatures
    # deals combat damage, you draw a card. / −2: Tap up to two target nonland permanents. They don't
    # untap during their controller's next untap step. / −7: Draw three cards. You get an emblem with
    # "You may cast spells from your hand without paying their mana costs."" (loyalty 4)
    "Tamiyo, Field Researcher": Behaviour(activated=(
        loyalty(1, text="+1: Choose up to two target creatures. ...",
                unsupported="a triggered ability created until your next turn for the chosen creatures"),
        loyalty(-2, text=MINUS + "2: Tap up to two target nonland permanents. ...",
                unsupported="\"don't untap during their controller's next untap step\" for up to two targets"),
        loyalty(-7, text=MINUS + "7: Draw three cards. You get an emblem ...",
                unsupported="emblems (114) are not in the engine"),
    )),
    # "Trample / When Child of Alara dies, destroy all nonland permanents. They can't be regenerated."
    "Child of Alara": Behaviour(triggers=(Trigger(
        "leaves", (Destroy(Matching(Filter(whose="any", types_not=("Land",))), regenerate=False),),
        leaves=LeavesBattlefield("graveyard", "self")),)),
    # "When this enchantment enters, exile another target nonland permanent. / When this enchantment
    # leaves the battlefield, return the exiled card to the battlefield under its owner's control."
    # (two linked abilities, 607.2a)
    "Oblivion Ring": Behaviour(triggers=(
        etb([ExileLinked(Targets(0))], [TargetSpec("permanent", types_not=("Land",), not_source=True,
                                                   description="another target nonland permanent")]),
        Trigger("leaves", (ReturnTheExiledCard(),), leaves=LeavesBattlefield(None, "self", types_any=())))),
    # "Destroy target creature or Vehicle."
    "Daring Demolition": Behaviour(targets=(TargetSpec("permanent", types_any=("Creature",), subtypes_or=("Vehicle",),
                                                       description="target creature or Vehicle"),),
                                   effects=(Destroy(Targets(0)),)),
    # ---- cards of Forge's GameSimulationTest.testSparkDoubleAndGideon ------------------------------
    # "During your turn, Gideon Blackblade is a 4/4 Human Soldier creature with indestructible that's
    # still a planeswalker. / Prevent all damage that would be dealt to Gideon Blackblade during your
    # turn. / +1: Up to one other target creature you control gains your choice of vigilance, lifelink,
    # or indestructible until end of turn. / −6: Exile target nonland permanent." (loyalty 4)
    "Gideon Blackblade": Behaviour(
        statics=(Becomes(ThisDuringYourTurn(), add_types=("Creature",), add_subtypes=("Human", "Soldier"),
                         set_pt=(4, 4)),
                 SelfKeywordsWhile(("indestructible",), ItsYourTurn()),
                 PreventsDamage(to="self", your_turn=True)),
        activated=(
            loyalty(1, text="+1: Up to one other target creature you control gains your choice of ...",
                    unsupported="a choice of the keyword granted (vigilance, lifelink or indestructible)"),
            loyalty(-6, (Exile(Targets(0)),), (TargetSpec("permanent", types_not=("Land",),
                                                          description="target nonland permanent"),),
                    text=MINUS + "6: Exile target nonland permanent."),
        )),
    # "You may have this creature enter as a copy of a creature or planeswalker you control, except it
    # enters with an additional +1/+1 counter on it if it's a creature, it enters with an additional
    # loyalty counter on it if it's a planeswalker, and it isn't legendary."
    "Spark Double": Behaviour(enters=(EntersAsCopy(
        of_types=("Creature", "Planeswalker"), you_control=True, not_legendary=True,
        extra_counters=(("Creature", "+1/+1"), ("Planeswalker", "loyalty"))),)),
}
