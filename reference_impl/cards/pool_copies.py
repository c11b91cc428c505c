"""Catalog cards for copies of permanent spells (707.10, 608.3f), as data over the effect
primitives. Kept apart from pool.py so that card additions elsewhere merge cleanly.

Lithoform Engine (pool.py) copies any permanent spell its controller controls; the cards here
are the permanent spells whose copies carry a decision made as the original was cast: X
(107.3m: the permanent's "enters with" replacement uses the X of the spell it was), and copy
effects with exceptions (707.9a-b: the exceptions are part of the copy's copiable values). Ivy,
Gleeful Spellthief copies a spell with the new target its ability names (707.10e)."""

from __future__ import annotations

from ..effects import CopyEventSpellTargetingSource, CopyExceptions, CreateTokenCopies, Targets, X
from ..rules.abilities import CastSpell, Trigger
from ..rules.statics import EntersAsCopy, EntersWithCounters
from .behaviour import Behaviour
from .pool import YOUR_CREATURE

COPIES_POOL: dict[str, Behaviour] = {
    "Endless One": Behaviour(enters=(EntersWithCounters("+1/+1", X()),)),
    # "You may have this creature enter as a copy of any artifact or creature on the battlefield,
    # except it's an artifact in addition to its other types." (707.9b)
    "Phyrexian Metamorph": Behaviour(enters=(
        EntersAsCopy(of_types=("Artifact", "Creature"), adds_types=("Artifact",)),)),
    "Irenicus's Vile Duplication": Behaviour(
        targets=(YOUR_CREATURE,),
        effects=(CreateTokenCopies(Targets(0), exceptions=CopyExceptions(frozenset({"flying"}), nonlegendary=True)),)),
    # a copy whose target the copying effect specifies (707.10e)
    "Ivy, Gleeful Spellthief": Behaviour(triggers=(Trigger(
        "any-cast", (CopyEventSpellTargetingSource(),),
        condition=CastSpell(targets_single_other_creature=True), intervening=False),)),
}
