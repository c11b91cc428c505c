"""Faulty engines for land-type-changing effects (305.7: Blood Moon's "Nonbasic lands are
Mountains", Urborg, Tomb of Yawgmoth's "Each land is a Swamp in addition to its other land
types"), their dependency in layer 4 (613.8a) and the order of layers 4 and 6 (613.1: Urborg
losing its ability to Ovinize). Each drops a claim of the XMage ports in spec/rules/peer-tests-
xmage-land-types.yaml. They patch the reference engine by name: the land-type parts of
state/layers.py (set_land_types, add_land_types, next_in_layer_four, _layer_four_found) and the
"enters tapped" check of rules/lands.py (enters_tapped).
"""

from __future__ import annotations

import dataclasses
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap

L = "peers-xmage/setting-a-lands-subtype#"
D = "peers-xmage/a-type-change-that-depends-on-another#"

MOON = ("Blood Moon", "moon")
URBORG = ("Urborg, Tomb of Yawgmoth", "urborg")
PLAINS = ("Plains", "plains")
FOUNTAIN = ("Radiant Fountain", "f1")


def _keeps_old_land_types(original):
    """"Nonbasic lands are Mountains" adds Mountain: the old land types and their mana stay."""
    def faulty(ch, e, o):
        kept = tuple(t for t in ch.subtypes if t in locate.module_of("set_land_types").LAND_TYPES)
        mine = ch.mana if ch.mana is not None else o.card.mana_abilities
        original(ch, e, o)
        ch.subtypes = ch.subtypes + tuple(t for t in kept if t not in ch.subtypes)
        ch.mana = tuple(mine) + tuple(ch.mana)
    return faulty


def _keeps_printed_mana(original):
    """The land loses the other abilities of its rules text, but not its printed mana abilities."""
    def faulty(ch, e, o):
        original(ch, e, o)
        ch.mana = tuple(o.card.mana_abilities) + tuple(ch.mana)
    return faulty


def _keeps_rules_text(original):
    """The land keeps the (non-mana) abilities of its rules text: its static and triggered ones."""
    def faulty(ch, e, o):
        had = ch.abilities, set(ch.keywords)
        original(ch, e, o)
        ch.abilities, ch.keywords = had
    return faulty


def _no_basic_mana(original):
    def faulty(ch, e, o):
        original(ch, e, o)
        ch.mana = ()
    return faulty


def _add_replaces(original):
    """"Is a Swamp in addition to its other land types" read as "is a Swamp": 305.7's set."""
    def faulty(ch, e, o):
        locate.obj("set_land_types")(ch, dataclasses.replace(e, set_land_types=e.add_land_types), o)
    return faulty


def _add_without_mana(original):
    def faulty(ch, e, o):
        mana = ch.mana
        original(ch, e, o)
        ch.mana = mana
    return faulty


def _timestamp_order(original):
    return lambda game, bf, out, items: 0


def _existence_only(original):
    def faulty(game, bf, out, a, b):
        if a[1] == 0:
            return False
        found = locate.obj("_layer_four_found")
        before = bool(found(game, bf, out, a[1], a[2]))
        return original(game, bf, out, a, b) and before != bool(_after(game, bf, out, a, b, found))
    return faulty


def _after(game, bf, out, a, b, found):
    """Item `a`'s effect once item `b` has been applied to a copy of `out`."""
    layers = locate.module_of("_layer_four_found")
    trial = {oid: ch.copy() for oid, ch in out.items()}
    for e in found(game, bf, out, b[1], b[2]):
        if e.oid in trial:
            layers.apply_type_change(trial[e.oid], e)
            layers.apply_land_change(trial[e.oid], e, game.objs[e.oid])
    return found(game, bf, trial, a[1], a[2])


def _undone_by_layer_six(original):
    """A static ability whose source loses all its abilities by a later layer's effect (Ovinize's,
    layer 6) is taken to generate no effect at all, not even in the earlier layer 4."""
    def faulty(game, bf, out, kind, data):
        if kind and any(e.lose_all and e.oid == data[0].oid for e in game.layered):
            return []
        return original(game, bf, out, kind, data)
    return faulty


def _landwalk_reads_printed_types(stack, run):
    """Landwalk looks at the defender's lands as printed: the combat rules' as_it_is answers the
    object itself."""
    stack.enter_context(mock.patch.object(locate.module_of("declare_blockers"), "as_it_is", lambda game, o: o))


def _enters_tapped_anyway(stack, run):
    """"Enters tapped" read from the card as printed, not as the land would exist on the
    battlefield: the land rules' check of lost abilities answers "none lost"."""
    stack.enter_context(mock.patch.object(locate.module_of("own_enters_tapped"), "lost_all_abilities",
                                          lambda game, o: False))


FAULTS = [
    Fault("land_set_keeps_old_land_types", "305.7",
          "(designed) \"Nonbasic lands are Mountains\" adds Mountain to a land's types: Turbulent Fen under Blood "
          "Moon is still a Swamp Forest, with its {B}-or-{G} ability beside {R}",
          swap("set_land_types", _keeps_old_land_types),
          case({"alice": {"battlefield": cards(MOON, ("Turbulent Fen", "fen"))}},
               [{"tap_for_mana": {"permanents": ["fen"], "mana_ability": 1}}]),
          claims=(L + "no-longer-its-old-land-type",)),
    Fault("blood_moon_leaves_the_mana_ability", "305.7",
          "(designed) a land whose subtype an effect set loses the other abilities of its rules text but keeps "
          "its printed mana ability: Radiant Fountain under Blood Moon still taps for {C}",
          swap("set_land_types", _keeps_printed_mana),
          case({"alice": {"battlefield": cards(MOON, FOUNTAIN)}},
               [{"tap_for_mana": {"permanents": ["f1"]}}]),
          claims=(L + "loses-its-rules-text",)),
    Fault("land_set_keeps_rules_text", "305.7",
          "(designed) a land whose subtype an effect set keeps the abilities of its rules text: Urborg under Blood "
          "Moon still makes every land a Swamp, so the Plains taps for {B}",
          swap("set_land_types", _keeps_rules_text),
          case({"alice": {"battlefield": cards(MOON, URBORG, PLAINS)}},
               [{"tap_for_mana": {"permanents": ["plains"], "mana_ability": 1}}]),
          claims=(L + "loses-its-rules-text",)),
    Fault("land_set_without_basic_mana_ability", "305.7",
          "(designed) a land Blood Moon made a Mountain gets no {T}: Add {R}: Urborg under Blood Moon has no mana "
          "ability",
          swap("set_land_types", _no_basic_mana),
          case({"alice": {"battlefield": cards(MOON, URBORG)}}, [{"tap_for_mana": {"permanents": ["urborg"]}}]),
          claims=(L + "gains-the-basic-mana-ability",)),
    Fault("land_type_added_replaces_the_others", "305.7",
          "(designed) \"is a Swamp in addition to its other land types\" makes each land a Swamp only: under "
          "Urborg a Plains taps for {B} but not {W}, Radiant Fountain not for {C}",
          swap("add_land_types", _add_replaces),
          case({"alice": {"battlefield": cards(URBORG, PLAINS)}}, [{"tap_for_mana": {"permanents": ["plains"]}}]),
          claims=(L + "in-addition-keeps-its-text",)),
    Fault("land_type_added_without_mana_ability", "305.7",
          "(designed) a land that gains a basic land type in addition to its own doesn't gain its mana ability: "
          "under Urborg a Plains taps for {W} only",
          swap("add_land_types", _add_without_mana),
          case({"alice": {"battlefield": cards(URBORG, PLAINS)}},
               [{"tap_for_mana": {"permanents": ["plains"], "mana_ability": 1}}]),
          claims=(L + "in-addition-gains-mana-abilities",)),
    Fault("layer_four_in_timestamp_order", "613.8a",
          "(designed) layer-4 effects apply in timestamp order, dependencies ignored: Urborg, on the battlefield "
          "before Blood Moon, still makes every land a Swamp (then Blood Moon makes Urborg a Mountain)",
          swap("next_in_layer_four", _timestamp_order),
          case({"alice": {"battlefield": cards(URBORG, PLAINS), "hand": cards(MOON), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "moon"}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["plains"], "mana_ability": 1}}]),
          claims=(L + "dependency-in-layer-four", D + "waits-for-what-it-applies-to")),
    Fault("layer_four_dependency_on_existence_only", "613.8a",
          "(designed) a layer-4 effect is taken to depend on another only when applying that one would make it apply "
          "to nothing or to something where it applied to nothing: Life and Limb (earlier), already applying to a "
          "Forest, applies before Yavimaya, and the Plains Yavimaya makes a Forest is no creature",
          swap("layer_four_depends", _existence_only),
          case({"alice": {"battlefield": cards(("Life and Limb", "limb"), ("Forest", "forest"), PLAINS,
                                               ("Yavimaya, Cradle of Growth", "yavimaya"))}},
               [{"pass_until_empty": {}}]),
          claims=(D + "waits-for-what-it-applies-to",)),
    Fault("layer_six_loss_undoes_layer_four", "613.1",
          "(designed) a static ability whose source loses all abilities in layer 6 applies in no layer: Urborg "
          "turned into a 0/1 by Ovinize no longer makes the Forest a Swamp",
          swap("_layer_four_found", _undone_by_layer_six),
          case({"alice": {"battlefield": cards(URBORG, ("Forest", "forest"), ("Grizzly Bears", "bears")),
                          "hand": cards(("Animate Land", "animate"), ("Ovinize", "ovinize")), "mana": "{G}{U}{C}"}},
               [{"cast": {"card": "animate", "targets": ["urborg"]}}, {"resolve": {}},
                {"cast": {"card": "ovinize", "targets": ["urborg"]}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["forest"], "mana_ability": 1}}]),
          claims=(L + "layer-four-before-layer-six",)),
    Fault("landwalk_reads_printed_land_types", "702.14c",
          "(designed) landwalk reads the defender's lands' printed land types: under Urborg, bob's Plains is no "
          "Swamp to the swampwalking Bog Wraith, and his Grizzly Bears block it",
          _landwalk_reads_printed_types,
          case({"alice": {"battlefield": cards(("Bog Wraith", "wraith"), URBORG)},
                "bob": {"battlefield": cards(PLAINS, ("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "wraith"}]}},
                {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "wraith"}]}}]),
          claims=(L + "landwalk-reads-the-land-types",)),
    Fault("blood_moon_land_enters_tapped", "305.7",
          "a nonbasic land played under Blood Moon still enters tapped by its own \"enters tapped\" ability, which "
          "it has lost as it would exist on the battlefield (614.12): Turbulent Fen enters tapped (the report: "
          "Dakmor Salvage entering tapped under Blood Moon)",
          _enters_tapped_anyway,
          case({"alice": {"battlefield": cards(MOON), "hand": cards(("Turbulent Fen", "fen"))}},
               [{"play_land": {"card": "fen"}}]),
          report="https://github.com/magefree/mage/issues/5411",
          claims=(L + "loses-its-rules-text",)),
]
