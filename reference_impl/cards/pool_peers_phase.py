"""Catalog cards of the phase.rs tests ported in spec/rules/peer-tests-phase-costs-decayed.yaml
(blight as an additional cost, a once-each-turn free cast, decayed), as data over the effect
primitives. Their blight costs (701.68a) and decayed's triggered ability (702.147a) come from the
Oracle text (rules.keywords, catalog.DECAYED_TRIGGER); what is here is the rest of each card."""

from __future__ import annotations

from ..effects import AdditionalCostPaid, Destroy, Exile, GainLife, Targets, When, You
from ..rules.abilities import ActivatedAbility
from ..rules.statics import CastWithoutPaying
from ..rules.targets import TargetSpec
from .behaviour import Behaviour

CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")

PHASE_POOL: dict[str, Behaviour] = {
    # "As an additional cost to cast this spell, you may blight 1. ... Destroy target creature with
    # mana value 2 or less. If this spell's additional cost was paid, you gain 2 life."
    "Requiting Hex": Behaviour(
        targets=(TargetSpec("permanent", types_any=("Creature",), max_mv=2,
                            description="target creature with mana value 2 or less"),),
        effects=(Destroy(Targets(0)), When(AdditionalCostPaid(), (GainLife(You(), 2),)))),
    # "As an additional cost to cast this spell, blight 1 or pay {3}. ... Exile target creature."
    "Bogslither's Embrace": Behaviour(targets=(CREATURE,), effects=(Exile(Targets(0)),)),
    # "Once during each of your turns, you may cast an instant or sorcery spell from your hand
    # without paying its mana cost."
    "Zaffai and the Tempests": Behaviour(statics=(
        CastWithoutPaying("hand", types_any=("Instant", "Sorcery"), once_each_turn=True),)),
    # "Trample / Decayed / Renew — {X}{B}{B}, Exile this card from your graveyard: Put a decayed
    # counter on each of X target creatures. Activate only as a sorcery." Renew is activated from a
    # graveyard, which the engine does not implement: activating it answers unsupported.
    "Rot-Curse Rakshasa": Behaviour(activated=(ActivatedAbility(
        (), sorcery=True,
        description="Renew \u2014 {X}{B}{B}, Exile this card from your graveyard: Put a decayed counter on "
                    "each of X target creatures. Activate only as a sorcery.",
        unsupported="abilities activated from a graveyard are not implemented"),)),
}
