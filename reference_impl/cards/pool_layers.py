"""Catalog cards of the layer-4 type-changing effects (613.1d) and base power and toughness
(613.4b): static abilities that make a permanent a creature (an Aura's "Enchanted artifact is a
creature with base power and toughness 5/5", an enchantment's "Each noncreature artifact is an
artifact creature"), an Aura that makes a creature something else, and the cards of XMage's
SetPowerToughnessTest, as data over the effect primitives. Kept apart from pool.py so that card
additions elsewhere merge cleanly."""

from __future__ import annotations

from ..effects import Destroy, Matching, PutCounters, Targets, X
from ..rules.filters import Filter
from ..rules.layers import Becomes, LandTypes, UntilEndOfTurn
from ..rules.statics import Enchant, EnchantedGets
from ..rules.targets import TargetSpec
from .behaviour import Behaviour, etb

CREATURE = TargetSpec("permanent", types_any=("Creature",), description="target creature")
ARTIFACT = TargetSpec("permanent", types_any=("Artifact",), description="target artifact")
LAND = TargetSpec("permanent", types_any=("Land",), description="target land")


def aura(what: str, spec: TargetSpec, statics=(), triggers=()) -> Behaviour:
    """An Aura with "Enchant <what>" (702.5a): its spell targets one (303.4a)."""
    return Behaviour(targets=(spec,), statics=(Enchant(what),) + tuple(statics), triggers=tuple(triggers))


LAYERS_POOL: dict[str, Behaviour] = {
    # ---- land types (305.7), the cards of XMage's LayerTests ----
    # "Nonbasic lands are Mountains."
    "Blood Moon": Behaviour(statics=(
        LandTypes(Filter(whose="any", types_any=("Land",), supertypes_not=("Basic",)), set_types=("Mountain",)),)),
    # "Each land is a Swamp in addition to its other land types."
    "Urborg, Tomb of Yawgmoth": Behaviour(statics=(
        LandTypes(Filter(whose="any", types_any=("Land",)), add_types=("Swamp",)),)),
    # "Each land is a Forest in addition to its other land types."
    "Yavimaya, Cradle of Growth": Behaviour(statics=(
        LandTypes(Filter(whose="any", types_any=("Land",)), add_types=("Forest",)),)),
    # "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to
    # their other types." (one effect: types in layer 4, color in 5, base power and toughness in 7b)
    "Life and Limb": Behaviour(statics=(
        Becomes(Filter(whose="any", subtypes_any=("Forest", "Saproling")), add_types=("Creature", "Land"),
                add_subtypes=("Saproling",), add_land_types=("Forest",), colors=("G",), set_pt=(1, 1)),)),
    # "All creatures lose all abilities and have base power and toughness 1/1."
    "Humility": Behaviour(statics=(
        Becomes(Filter(whose="any", types_any=("Creature",)), lose_all=True, set_pt=(1, 1)),)),
    # "Until end of turn, target land becomes a 3/3 creature that's still a land."
    "Animate Land": Behaviour(targets=(LAND,), effects=(
        UntilEndOfTurn(Targets(0), add_types=("Creature",), set_pt=(3, 3)),)),
    # "Enchant artifact / Enchanted artifact is a creature with base power and toughness 5/5 in
    # addition to its other types."
    "Ensoul Artifact": aura("artifact", ARTIFACT, statics=(Becomes(add_types=("Creature",), set_pt=(5, 5)),)),
    # "Each noncreature artifact is an artifact creature with power and toughness each equal to its
    # mana value."
    "March of the Machines": Behaviour(statics=(
        Becomes(Filter(whose="any", types_any=("Artifact",), types_not=("Creature",)),
                add_types=("Creature",), pt_mana_value=True),)),
    # "Enchant creature / Enchanted creature loses all abilities and is a blue Fish with base power
    # and toughness 0/1."
    "Ichthyomorphosis": aura("creature", CREATURE, statics=(
        Becomes(subtypes=("Fish",), colors=("U",), lose_all=True, set_pt=(0, 1)),)),
    # "Enchant creature / Enchanted creature gets +1/+1 and has flying."
    "Arcane Flight": aura("creature", CREATURE, statics=(EnchantedGets(1, 1, ("flying",)),)),
    # "Enchant creature / When this Aura enters, put a +1/+1 counter on target creature you
    # control. / Enchanted creature gets -1/-1."
    "Ancestral Vengeance": aura("creature", CREATURE, statics=(EnchantedGets(-1, -1),), triggers=(etb(
        [PutCounters("+1/+1", 1, Targets(0))],
        [TargetSpec("permanent", types_any=("Creature",), you_control=True,
                    description="target creature you control")]),)),
    # "Creatures you control have base power and toughness X/X until end of turn."
    "Biomass Mutation": Behaviour(effects=(
        UntilEndOfTurn(Matching(Filter(types_any=("Creature",))), set_pt=(X(), X())),)),
    # "Destroy target artifact, enchantment, or creature with flying."
    "Broken Wings": Behaviour(targets=(TargetSpec(
        "permanent", types_any=("Artifact", "Enchantment", "Creature"), keyword="flying",
        keyword_unless=("Artifact", "Enchantment"),
        description="target artifact, enchantment, or creature with flying"),),
        effects=(Destroy(Targets(0)),)),
}
