"""Faulty engines for type-changing effects that make a permanent a creature (613.1d, 205.1b) and
for base power and toughness (208.4b, 613.4b): each drops claims of
spec/rules/type-changing-effects.yaml or of the ports in spec/rules/peer-tests-xmage-base-power-
toughness.yaml and peer-tests-phase-type-changing.yaml; all are designed (no public report
known). They patch the reference engine by name: the layer functions of state/layers.py
(add_card_types, set_values), its view (_card_entry, base_power_toughness), the Aura check of
rules/actions.py (can_enchant), or the `is_creature` one rules module reads (printed card types
there: the rule forgets that an effect can make a permanent a creature).
"""

from __future__ import annotations

from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap

T = "type-changing/a-permanent-an-effect-makes-a-creature-is-one#"
BASE = "layers/base-power-and-toughness#"
XBASE = "peers-xmage/base-power-and-toughness#"
PHASE = "peers-phase/type-changing#"

_ENSOUL = {"battlefield": cards(("Sol Ring", "sol")), "hand": cards(("Ensoul Artifact", "ensoul")), "mana": "{U}{U}"}
_ENSOUL_SOL = [{"cast": {"card": "ensoul", "targets": ["sol"]}}, {"resolve": {}}]
_MARCH = {"hand": cards(("March of the Machines", "march")), "mana": "{U}{C}{C}{C}"}
_CAST_MARCH = [{"cast": {"card": "march"}}, {"resolve": {}}]


def _printed_is_creature(game, o) -> bool:
    return "Creature" in o.card.types


def _printed_types_in(*where: str):
    """The rules modules defining `where` ask whether a permanent is a creature of its printed
    card types, not of the types the layers give it."""
    def install(stack, run):
        for name in where:
            stack.enter_context(mock.patch.object(locate.module_of(name), "is_creature", _printed_is_creature))
    return install


def _filters_read_printed_types(stack, run):
    """The filters of "all creatures", "creatures you control" and the like read each permanent's
    printed types and colors, not the layers'."""
    stack.enter_context(mock.patch.object(locate.module_of("Filter"), "as_it_is", lambda game, o: o))


def _no_card_type(original):
    return lambda ch, e: None


def _replaces_card_types(original):
    def faulty(ch, e):
        ch.types = tuple(e.add_types)
    return faulty


def _zero_for_noncreatures(original):
    def faulty(*args):
        entry = original(*args)
        if entry.get("power") is None:
            entry = dict(entry, power=0, toughness=0, base_power=0, base_toughness=0)
        return entry
    return faulty


def _both_entries(stack, run):
    """The view's two ways of building a permanent's entry (with and without static abilities
    around) both give a noncreature 0/0."""
    locate.patch(stack, "_card_entry", _zero_for_noncreatures)
    locate.patch(stack, "_plain_entry", _zero_for_noncreatures)


def _reselects_in_seven_b(original):
    """A static ability's "set power and toughness" part applies only to the objects its text
    selects as layer 7b is applied (the types after layer 4), not to the ones it applied to in
    layer 4."""
    def faulty(game, bf, out, proxies, effects):
        selecting = [(s, st) for s in bf for st in s.card.statics
                     if hasattr(st, "becomes_for") and getattr(st, "what", "enchanted") != "enchanted"]

        def still(e):
            return any(st.what.selects(game, proxies[e.oid], s.controller, s) for s, st in selecting)
        kept = [e for e in effects if not (e.ts == 0 and e.set_pt is not None and selecting
                                           and e.oid in proxies and not still(e))]
        original(game, bf, out, proxies, kept)
    return faulty


def _statics_set_nothing(original):
    def faulty(game, bf, out, proxies, effects):
        original(game, bf, out, proxies, [e for e in effects if e.ts != 0])
    return faulty


def _printed_base(original):
    return lambda game, o: ((o.card.power or 0), (o.card.toughness or 0))


def _base_with_modifications(original):
    return lambda game, o: locate.obj("power_toughness")(game, o)


FAULTS = [
    Fault("type_change_adds_no_card_type", "613.1d",
          "(designed) an effect that says a permanent is a creature \"in addition to its other types\" adds no card "
          "type: Sol Ring enchanted by Ensoul Artifact stays a noncreature artifact",
          swap("add_card_types", _no_card_type),
          case({"alice": _ENSOUL}, _ENSOUL_SOL),
          claims=(T + "card-type-added", PHASE + "creature-before-the-boost")),
    Fault("each_creature_reads_printed_types", "613.1d",
          "(designed) \"all creatures\" and other filtered sets of permanents read the printed card types: Wrath "
          "of God spares Sol Ring made a creature by Ensoul Artifact",
          _filters_read_printed_types,
          case({"alice": {**_ENSOUL, "hand": cards(("Ensoul Artifact", "ensoul"), ("Wrath of God", "wrath")),
                          "mana": "{U}{U}{W}{W}{C}{C}"}},
               _ENSOUL_SOL + [{"cast": {"card": "wrath"}}, {"resolve": {}}]),
          claims=(T + "card-type-added",)),
    Fault("type_change_replaces_card_types", "205.1b",
          "(designed) \"is a creature in addition to its other types\" replaces the card types: Sol Ring enchanted "
          "by Ensoul Artifact is a creature and no longer an artifact",
          swap("add_card_types", _replaces_card_types),
          case({"alice": {**_ENSOUL, "hand": cards(("Ensoul Artifact", "ensoul"), ("Broken Wings", "wings")),
                          "mana": "{U}{U}{G}{G}{G}"}},
               _ENSOUL_SOL + [{"cast": {"card": "wings", "targets": ["sol"]}}]),
          claims=(T + "other-types-retained",)),
    Fault("noncreature_permanent_has_zero_power", "208.3",
          "(designed) a noncreature permanent is given power and toughness 0/0 (and base 0/0), as if every "
          "permanent had them",
          _both_entries,
          case({"alice": _ENSOUL}, _ENSOUL_SOL[:1]),
          claims=(T + "noncreature-has-no-power-and-toughness",)),
    Fault("state_based_actions_read_printed_types", "704.5f",
          "(designed) state-based actions check toughness only of permanents printed as creatures: Mox Pearl made "
          "a 0/0 creature by March of the Machines stays on the battlefield",
          _printed_types_in("_find_dying"),
          case({"alice": {**_MARCH, "battlefield": cards(("Mox Pearl", "mox"))}}, _CAST_MARCH),
          claims=(T + "toughness-zero-dies",)),
    Fault("summoning_sickness_reads_printed_types", "302.6",
          "(designed) summoning sickness stops only the {T} abilities of permanents printed as creatures: a Sol "
          "Ring cast this turn under March of the Machines taps for mana",
          _printed_types_in("activate_mana_abilities", "activate"),
          case({"alice": {"battlefield": cards(("March of the Machines", "march")),
                          "hand": cards(("Sol Ring", "sol")), "mana": "{C}"}},
               [{"cast": {"card": "sol"}}, {"resolve": {}}, {"tap_for_mana": {"permanents": ["sol"]}}]),
          claims=(T + "tap-ability-needs-control-since-the-turn-began",)),
    Fault("attackers_read_printed_types", "302.6",
          "(designed) only permanents printed as creatures may attack: Sol Ring made a 5/5 creature by Ensoul "
          "Artifact can't",
          _printed_types_in("declare_attackers", "declare_blockers"),
          case({"alice": _ENSOUL}, _ENSOUL_SOL + [{"declare_attackers": {"attackers": [{"card": "sol"}]}}]),
          claims=(T + "attacks-when-controlled-since-the-turn-began",)),
    Fault("set_part_reselects_its_objects", "613.6",
          "(designed) a static ability's power-and-toughness part applies to what its text selects in layer 7b, "
          "not to the objects it applied to in layer 4: March of the Machines' artifacts, creatures by then, "
          "keep 0/0",
          swap("set_values", _reselects_in_seven_b),
          case({"alice": {**_MARCH, "battlefield": cards(("Sol Ring", "sol"))}}, _CAST_MARCH),
          claims=(T + "same-set-of-objects-in-later-layers",)),
    Fault("aura_stays_on_an_illegal_object", "303.4c",
          "(designed) an Aura stays attached to an object its enchant ability no longer allows: Arcane Flight "
          "stays on a Sol Ring that is no creature any more",
          swap("can_enchant", lambda original: lambda game, aura: True),
          case({"alice": {"battlefield": cards(("Sol Ring", "sol")),
                          "hand": cards(("Ensoul Artifact", "ensoul"), ("Arcane Flight", "flight"),
                                        ("Broken Wings", "wings")), "mana": "{U}{U}{U}{G}{G}{G}"}},
               _ENSOUL_SOL + [{"cast": {"card": "flight", "targets": ["sol"]}}, {"resolve": {}},
                              {"cast": {"card": "wings", "targets": ["ensoul"]}}, {"resolve": {}}]),
          claims=(T + "aura-on-an-illegal-object",)),
    Fault("static_set_base_power_toughness_ignored", "613.4b",
          "(designed) a static ability that sets base power and toughness sets nothing: Sol Ring enchanted by "
          "Ensoul Artifact is 0/0, Silvercoat Lion enchanted by Ichthyomorphosis 2/2",
          swap("set_values", _statics_set_nothing),
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")),
                          "hand": cards(("Ichthyomorphosis", "fish")), "mana": "{U}{U}{U}"}},
               [{"cast": {"card": "fish", "targets": ["lion"]}}, {"resolve": {}}]),
          claims=(XBASE + "refers-to-base",)),
    Fault("base_power_toughness_is_printed", "208.4b",
          "(designed) the view's base power and toughness are the printed ones, whatever sets them",
          swap("base_power_toughness", _printed_base),
          case({"alice": _ENSOUL}, _ENSOUL_SOL),
          claims=(BASE + "after-setting-effects",)),
    Fault("base_power_toughness_includes_modifications", "208.4b",
          "(designed) the view's base power and toughness include the Auras' boosts and the counters",
          swap("base_power_toughness", _base_with_modifications),
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")),
                          "hand": cards(("Arcane Flight", "flight")), "mana": "{U}"}},
               [{"cast": {"card": "flight", "targets": ["lion"]}}, {"resolve": {}}]),
          claims=(BASE + "without-modifications-and-counters",)),
]
