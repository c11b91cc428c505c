"""Faulty engines for the layer system (613): sublayers of power and toughness (613.4a-d), the
layers that read types, colors and abilities (613.1a, d, e, f), timestamps (613.7) and
dependency (613.8). Each drops one claim of spec/rules/layers.yaml; those modelled on a real
engine's public bug report carry it. They patch the reference engine's layer functions by name
(reference_impl/state/layers.py, rules/resolution.copiable_values).
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.effects import Matching, Pump
from reference_impl.rules.statics import PTBoost

from . import locate
from .fault import Fault, cards, case
from .fault_parts import ATTACK_BEARS, BEARS, BEARS_NAME, swap
from .patching import wrap, wrap_attr

MANA = "{U}{U}{U}{R}{R}{G}{G}{C}{C}{C}"



def _order(order):
    return swap("sublayer_order", lambda original: (lambda: order))


def _no_cda(original):
    return lambda card: ()


def _set_adds(original):
    def faulty(ch, e):
        ch.power += e.set_pt[0]
        ch.toughness += e.set_pt[1]
    return faulty


def _switch_once(original):
    def faulty(game, bf, out, proxies, effects):
        seen = set()
        for e in effects:
            if e.switch and e.oid in out and e.oid not in seen:
                seen.add(e.oid)
                ch = out[e.oid]
                ch.power, ch.toughness = ch.toughness, ch.power
    return faulty


def _copy_current(with_pt=False, with_keywords=False, fixed_cda=False):
    """A copy that takes the copied permanent's current values (the layers' results)."""
    def make(original):
        def faulty(game, target):
            card = original(game, target)
            ch = locate.obj("characteristics")(game).get(target.oid)
            if ch is None:
                return card
            changes = {}
            if with_pt or fixed_cda:
                changes.update(power=ch.power, toughness=ch.toughness)
            if fixed_cda:
                changes["statics"] = tuple(st for st in card.statics if not hasattr(st, "defines_pt"))
            if with_keywords:
                changes["keywords"] = frozenset(card.keywords | ch.keywords)
            return replace(card, **changes)
        return faulty
    return make


def _types_added(original):
    def faulty(ch, e):
        ch.subtypes = tuple(ch.subtypes) + tuple(s for s in e.subtypes if s not in ch.subtypes)
    return faulty


def _colors_ignored(original):
    return lambda ch, e: None


def _colors_added(original):
    """The effect's colors are added to the object's: nothing is replaced (105.3)."""
    def faulty(ch, e):
        ch.colors = tuple(dict.fromkeys(tuple(ch.colors or ()) + tuple(e.colors)))
    return faulty


def _removal_spares_granted(original):
    def faulty(ch, card):
        ch.keywords = set(ch.keywords) - set(k.lower() for k in card.keywords)
        ch.abilities = False
    return faulty


def _removal_keeps_keywords(original):
    def faulty(ch, card):
        ch.abilities = False
    return faulty


def _removal_last(original):
    def faulty(items):
        ordered = original(items)
        return [e for e in ordered if e[1] != "lose"] + [e for e in ordered if e[1] == "lose"]
    return faulty


def _lords_keep_working(original):
    def faulty(game, bf, out, proxies, effects=()):
        lost = [ch for ch in out.values() if not ch.abilities]
        for ch in lost:
            ch.abilities = True
        try:
            original(game, bf, out, proxies, effects)
        finally:
            for ch in lost:
                ch.abilities = False
    return faulty


def _earliest_set_wins(original):
    def faulty(game, bf, out, proxies, effects):
        original(game, bf, out, proxies, list(reversed(effects)))
    return faulty


def _first_timestamp(original):
    return lambda o, index: (0, index)


def _no_dependency(original):
    return lambda a, b: False


def _grant_waits_for_every_removal(original):
    return lambda a, b: a[1] == "grant" and b[1] == "lose"


OGRE = ("Gray Ogre", "ogre")
TURTLE = ("Horned Turtle", "turtle")
A = "layers/characteristic-defining-abilities-apply-first#"
B = "layers/effects-that-set-power-and-toughness#"
D = "layers/switching-power-and-toughness#"
L1 = "layers/copiable-values-are-layer-one#"
L4 = "layers/type-changing-effects-are-layer-four#"
L5 = "layers/color-changing-effects-are-layer-five#"
L6 = "layers/ability-adding-and-removing-effects-are-layer-six#"
TS = "layers/timestamp-order#"
DEP = "layers/dependency#"


def _cast(label, target):
    return [{"cast": {"card": label, "targets": [target]}}, {"resolve": {}}]


def _one(battlefield, hand, steps, bob=None):
    players = {"alice": {"battlefield": cards(*battlefield), "hand": cards(*hand), "mana": MANA}}
    if bob:
        players["bob"] = {"battlefield": cards(*bob)}
    return case(players, steps)


FAULTS = [
    Fault("characteristic_defining_ability_ignored", "613.4a",
          "a */* creature's characteristic-defining ability is never applied: Scion of the Wild is 0/0 (designed)",
          swap("defining_abilities", _no_cda),
          _one([("Scion of the Wild", "scion"), ("Grizzly Bears", "bears")], [("Giant Growth", "g")],
              _cast("g", "bears"))),
    Fault("characteristic_defining_ability_after_set_values", "613.4a",
          "7a applied after 7b: a characteristic-defining ability overrides Diminish's base 1/1 (designed)",
          _order(("b", "a", "c", "d")),
          _one([("Scion of the Wild", "scion"), ("Grizzly Bears", "bears")], [("Diminish", "d")], _cast("d", "scion"))),
    Fault("set_value_overwrites_modifications", "613.4b",
          "an effect setting power and toughness applies after the modifications and wipes them out "
          "(Giant Growth then Diminish: 1/1, not 4/4)",
          _order(("a", "c", "b", "d")),
          _one([OGRE], [("Giant Growth", "g"), ("Diminish", "d")], _cast("g", "ogre") + _cast("d", "ogre")),
          report="https://github.com/magefree/mage/pull/14612"),
    Fault("set_value_added", "613.4b",
          "\"has base power and toughness 1/1\" applied as +1/+1 (Gray Ogre becomes 3/3)",
          swap("apply_set_pt", _set_adds),
          _one([OGRE], [("Diminish", "d")], _cast("d", "ogre")),
          report="https://github.com/magefree/mage/issues/600"),
    Fault("switch_before_modifications", "613.4d",
          "the switch applies before the 7c modifications: a pump after About Face adds to the switched "
          "values (designed)",
          _order(("a", "b", "d", "c")),
          _one([TURTLE], [("About Face", "f"), ("Colossal Might", "m")], _cast("f", "turtle") + _cast("m", "turtle"))),
    Fault("second_switch_ignored", "613.4d",
          "a creature already switched stays switched: two switches don't cancel (designed)",
          swap("switch", _switch_once),
          _one([TURTLE], [("About Face", "f"), ("About Face", "f2")], _cast("f", "turtle") + _cast("f2", "turtle"))),
    Fault("copy_takes_counters_into_power", "707.2",
          "a copy of a creature with +1/+1 counters gets no counters but their power and toughness",
          swap("copiable_values", _copy_current(with_pt=True)),
          case({"alice": {"hand": cards(("Clone", "clone")), "mana": MANA},
                "bob": {"battlefield": [{"card": "Gray Ogre", "label": "ogre", "counters": {"+1/+1": 2}}]}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "ogre"}}}]),
          report="https://github.com/magefree/mage/issues/2131"),
    Fault("copy_takes_granted_abilities", "707.2",
          "a copy takes abilities the copied creature was granted by effects (Jump's flying)",
          swap("copiable_values", _copy_current(with_keywords=True)),
          _one([("Grizzly Bears", "bears")], [("Jump", "j"), ("Clone", "clone")],
               _cast("j", "bears") + [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "bears"}}}]),
          report="https://github.com/magefree/mage/issues/6416"),
    Fault("copy_fixes_a_defined_value", "613.1a",
          "a copy of a creature with a characteristic-defining ability copies its current value instead of "
          "the ability (designed)",
          swap("copiable_values", _copy_current(fixed_cda=True)),
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")), "hand": cards(("Clone",
              "clone")), "mana": MANA},
                "bob": {"battlefield": cards(("Scion of the Wild", "scion"), OGRE, ("Hill Giant", "giant"))}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "scion"}}}])),
    Fault("becoming_a_frog_keeps_creature_types", "613.1d",
          "\"becomes a blue Frog\" adds Frog to the creature types instead of replacing them: the lords of "
          "its old types still boost it",
          swap("set_types", _types_added),
          _one([("Verdeloth the Ancient", "v"), ("Saproling", "sap")], [("Turn to Frog", "f")], _cast("f", "sap")),
          report="https://github.com/phase-rs/phase/issues/1339"),
    Fault("color_change_ignored", "613.1e",
          "color-changing effects are not applied: a white creature turned blue keeps Honor of the Pure's "
          "boost (designed)",
          swap("set_colors", _colors_ignored),
          _one([("Honor of the Pure", "h"), ("Glory Seeker", "seeker")], [("Turn to Frog", "f")], _cast("f",
              "seeker"))),
    Fault("new_color_added_to_the_old", "105.3",
          "(designed) an effect that gives an object a new color adds it to the colors the object had: a white "
          "creature turned into a blue Frog is white and blue, and keeps Honor of the Pure's boost",
          swap("set_colors", _colors_added),
          _one([("Honor of the Pure", "h"), ("Glory Seeker", "seeker")], [("Turn to Frog", "f")], _cast("f",
              "seeker"))),
    Fault("ability_removal_keeps_keywords", "613.1f",
          "\"loses all abilities\" leaves the keywords in place (designed)",
          swap("lose_abilities", _removal_keeps_keywords),
          _one([("Birds of Paradise", "birds")], [("Turn to Frog", "f")], _cast("f", "birds"))),
    Fault("lord_boosts_without_its_abilities", "613.1f",
          "a lord that lost all its abilities still gives its power and toughness boost (designed)",
          swap("modify", _lords_keep_working),
          case({"alice": {"battlefield": [{"card": "Joraga Warcaller", "label": "w", "counters": {"+1/+1": 2}},
                                          {"card": "Cylian Elf", "label": "elf"}],
                          "hand": cards(("Ovinize", "o")), "mana": MANA}}, _cast("o", "w"))),
    Fault("ability_removal_applied_last", "613.7",
          "\"loses all abilities\" is applied after every ability-adding effect, whatever their timestamps: "
          "a Frog given flying later doesn't fly (designed)",
          swap("order_effects", _removal_last),
          _one([("Grizzly Bears", "bears")], [("Turn to Frog", "f"), ("Jump", "j")], _cast("f",
              "bears") + _cast("j", "bears"))),
    Fault("ability_removal_spares_granted_keywords", "613.7",
          "\"loses all abilities\" removes only the printed keywords: flying granted earlier by Jump stays (designed)",
          swap("lose_abilities", _removal_spares_granted),
          _one([("Grizzly Bears", "bears")], [("Jump", "j"), ("Turn to Frog", "f")], _cast("j",
              "bears") + _cast("f", "bears"))),
    Fault("earliest_set_value_wins", "613.7",
          "effects setting power and toughness apply in reverse timestamp order: the first one wins (designed)",
          swap("set_values", _earliest_set_wins),
          _one([OGRE], [("Diminish", "d"), ("Ovinize", "o")], _cast("d", "ogre") + _cast("o", "ogre"))),
    Fault("entering_again_keeps_the_old_timestamp", "613.7d",
          "a permanent's static abilities keep the timestamp of the game's start however often it enters the "
          "battlefield again (designed)",
          swap("timestamp", _first_timestamp),
          _one([("Stone Golem", "golem")], [("Ovinize", "o"), ("Blade Splicer", "s")],
               _cast("o", "golem") + [{"put_onto_battlefield": {"card": "s"}}])),
    Fault("no_dependency_on_ability_removal", "613.8a",
          "no dependency: a keyword grant whose source loses all abilities later still applies first, by timestamp",
          swap("depends_on", _no_dependency),
          _one([("Blade Splicer", "s"), ("Stone Golem", "golem")], [("Ovinize", "o")], _cast("o", "s")),
          report="https://github.com/Card-Forge/forge/issues/1850"),
    Fault("grant_waits_for_every_removal", "613.8a",
          "a keyword grant is taken to depend on every ability removal, also one on the creature it grants to "
          "(designed)",
          swap("depends_on", _grant_waits_for_every_removal),
          _one([("Blade Splicer", "s"), ("Stone Golem", "golem")], [("Ovinize", "o")], _cast("o", "golem"))),
]

DROPS = {
    "characteristic_defining_ability_ignored": (A + "defines-power-and-toughness",),
    "characteristic_defining_ability_after_set_values": (A + "first-of-layer-seven",),
    "set_value_overwrites_modifications": (B + "base-under-modifications", L4 + "only-type-changing-effects",
                                           L5 + "only-color-changing-effects",
                                           "peers-xmage/base-power-and-toughness#modifications-after-the-base"),
    "set_value_added": (B + "sets-a-specific-value",),
    "switch_before_modifications": (D + "switch-applies-last",),
    "second_switch_ignored": (D + "values-exchanged",),
    "copy_takes_counters_into_power": (L1 + "only-copiable-values",),
    "copy_takes_granted_abilities": (L1 + "only-copiable-values",),
    "copy_fixes_a_defined_value": (L1 + "copied-cda",),
    "becoming_a_frog_keeps_creature_types": (L4 + "types-before-power-and-toughness",),
    "color_change_ignored": (L5 + "colors-before-power-and-toughness",),
    "ability_removal_keeps_keywords": (L6 + "removes-every-ability",),
    "lord_boosts_without_its_abilities": (L6 + "before-layer-seven",),
    "ability_removal_applied_last": (TS + "within-a-layer", L6 + "ability-adding"),
    "ability_removal_spares_granted_keywords": (TS + "within-a-layer",),
    "earliest_set_value_wins": (TS + "later-set-wins", "layers/base-power-and-toughness#set-to-a-specific-value"),
    "entering_again_keeps_the_old_timestamp": (TS + "new-timestamp-on-entering",),
    "no_dependency_on_ability_removal": (DEP + "existence",),
    "grant_waits_for_every_removal": (DEP + "otherwise-independent",),
}


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _pumps_end_with_the_step(stack, run):
    """"Until end of turn" pumps and keyword grants end as the step they were made in ends."""
    def make(leave_step):
        def faulty(game):
            leave_step(game)
            if game.eot:
                game.eot = []
        return faulty
    locate.patch(stack, "leave_step", make)


def _pump_does_nothing(stack, run):
    """"Target creature gets +N/+N until end of turn" changes nothing (613.4c)."""
    locate.patch_method(stack, "Pump", "apply", lambda _original: lambda self, ctx: None)


def _conditional_keywords_always_on(stack, run):
    """"Has <keyword> as long as <condition>" gives the keyword whether or not the condition holds."""
    locate.patch_method(stack, "SelfKeywordsWhile", "grant_for",
                        lambda _original: lambda self, game, src, o: self.keywords if o.oid == src.oid else ())


def _lost_abilities_keep_mana_abilities(stack, run):
    """A permanent that lost all its abilities (Ovinize, 613.1f) can still be tapped for mana: where
    tap_for_mana asks for its mana abilities, none left reads as its card's."""
    module = locate.module_of("activate_mana_abilities")
    original = module.mana_abilities_of
    stack.enter_context(mock.patch.object(module, "mana_abilities_of",
                                          lambda game, o: original(game, o) or o.card.mana_abilities))


def _other_boost_includes_its_source(stack, run):
    """"Other [subtype] creatures get +1/+1" boosts its source too."""
    def make(boost_for):
        def faulty(self, game, src, o):
            if self.other and o.oid == src.oid:
                return boost_for(replace_other(self), game, src, o)
            return boost_for(self, game, src, o)
        return faulty
    wrap_attr(stack, PTBoost, "boost_for", make)


def replace_other(boost):
    from dataclasses import replace
    return replace(boost, other=False)


def _pump_all_only_the_source(stack, run):
    """"Creatures you control get +1/+0 ... until end of turn" (a resolving ability's effect on a set
    of objects) pumps only the ability's source."""
    def make(apply):
        def faulty(self, ctx):
            if isinstance(self.what, Matching) and ctx.source is not None:
                from dataclasses import replace

                from reference_impl.effects import Self
                return apply(replace(self, what=Self()), ctx)
            return apply(self, ctx)
        return faulty
    wrap_attr(stack, Pump, "apply", make)


def _chosen_color_ignored(stack, run):
    """"Creatures you control of the chosen color" reads as "creatures you control"."""
    from dataclasses import replace

    from reference_impl.rules.filters import Filter

    def make(matches):
        def faulty(self, game, o, source=None):
            return matches(replace(self, chosen_color=False) if self.chosen_color else self, game, o, source)
        return faulty
    wrap_attr(stack, Filter, "matches", make)


def _first_per_source(pairs):
    seen, out = set(), []
    for s, st in pairs:
        if s.oid not in seen:
            seen.add(s.oid)
            out.append((s, st))
    return out


def _one_boost_per_source(stack, run):
    """A permanent with several static +N/+N abilities applies only its first one."""
    def make_with(statics_with):
        def faulty(game, method):
            pairs = statics_with(game, method)
            return _first_per_source(pairs) if method == "boost_for" else pairs
        return faulty

    def make_both(static_sources):
        def faulty(game):
            boosts, grants = static_sources(game)
            return _first_per_source(boosts), grants
        return faulty
    wrap(stack, "reference_impl.state.characteristics._statics_with", make_with)
    wrap(stack, "reference_impl.view.static_sources", make_both)


FAULTS += [
    Fault("until_end_of_turn_ends_with_the_step", "611.2a",
          "(designed) \"until end of turn\" pumps and keyword grants end as the step they began in ends",
          _pumps_end_with_the_step,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Giant Growth", "gg")), "mana": "{G}"}},
               [{"cast": {"card": "gg", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}}] + ATTACK_BEARS)),
    Fault("pump_does_nothing", "613.4c", "\"gets +N/+N until end of turn\" does not change power and toughness",
          _pump_does_nothing,
          case({"alice": {"battlefield": cards((BEARS_NAME, "bears")), "hand": cards(("Giant Growth", "growth")),
                          "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}}])),
    Fault("lost_abilities_keep_mana_abilities", "613.1f", "a permanent that lost all its abilities can still be "
          "tapped for mana", _lost_abilities_keep_mana_abilities,
          case({"alice": {"battlefield": cards(("Llanowar Elves", "elves")), "hand": cards(("Ovinize", "ovinize")),
                          "mana": "{U}{C}"}},
               [{"cast": {"card": "ovinize", "targets": ["elves"], "pay": "{U}{C}"}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["elves"]}}])),
    Fault("conditional_keywords_always_on", "611.3a", "\"has <keyword> as long as <condition>\" gives the keyword "
          "even while the condition does not hold", _conditional_keywords_always_on,
          case({"alice": {"battlefield": cards(("Rakdos Pit Dragon", "dragon")),
                          "hand": cards(("White Knight", "knight"))}},
               [{"declare_attackers": {"attackers": [{"card": "dragon"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("chosen_color_filter_ignored", "611.3a",
          "(designed) \"creatures you control of the chosen color get +1/+1\" (Hall of Triumph) boosts all "
          "of them",
          _chosen_color_ignored,
          case({"alice": {"battlefield": cards(("Raging Goblin", "g")), "hand": cards(("Hall of Triumph", "h")),
                          "mana": "{C}{C}{C}"}},
               [{"cast": {"card": "h", "pay": "{C}{C}{C}"}}, {"resolve": {"choices": {"color": "G"}}}])),
    Fault("only_the_first_boost_of_a_source_applies", "613.4c",
          "(designed) of a permanent's several static +1/+1 abilities (Creakwood Liege's black and green) only "
          "the first applies",
          _one_boost_per_source,
          case({"alice": {"battlefield": cards(("Creakwood Liege", "a"), ("Creakwood Liege", "b"))}},
               [{"pass_until_empty": {}}])),
    Fault("other_boost_includes_its_source", "611.3a",
          "(designed) \"other Treefolk creatures get +1/+1\" (Verdeloth the Ancient) boosts its source too",
          _other_boost_includes_its_source,
          case({"alice": {"battlefield": cards(("Verdeloth the Ancient", "v"))}}, [{"pass_until_empty": {}}])),
    Fault("pump_all_only_the_source", "611.2c",
          "(designed) a resolving trigger's \"creatures you control get +1/+0\" (Goblin Bushwhacker) pumps "
          "only its source",
          _pump_all_only_the_source,
          case({"alice": {"battlefield": cards(("Elite Vanguard", "v")), "hand": cards(("Goblin Bushwhacker", "g")),
                          "mana": "{R}{R}"}},
               [{"cast": {"card": "g", "kicks": 1, "pay": "{R}{R}"}}, {"pass_until_empty": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _control_never_reverts(stack, run):
    """"Gain control of target creature until end of turn" lasts forever: the change is not recorded
    for the cleanup step to end it."""
    from . import locate

    def make(apply):
        def faulty(self, ctx):
            before = ctx.game.control_eot
            apply(self, ctx)
            ctx.game.control_eot = before
        return faulty
    locate.patch_method(stack, "GainControlUntilEndOfTurn", "apply", make)


def _control_given_until_end_of_turn(stack, run):
    """"Target opponent gains control of this artifact" (no duration) is treated as lasting until end
    of turn: the control goes back in the cleanup step."""
    from . import locate

    def make(apply):
        def faulty(self, ctx):
            game = ctx.game
            before = {o.oid: o.controller for o in (game.objs[i] for i in self.what(ctx) if i in game.objs)}
            apply(self, ctx)
            for oid, previous in before.items():
                o = game.objs[oid]
                if o.controller != previous:
                    game.control_eot = game.control_eot + ((oid, o.moves, previous),)
        return faulty
    locate.patch_method(stack, "GainsControl", "apply", make)


def _not_your_turn_ignored(stack, run):
    """"As long as it's not your turn, ..." grants its keyword in its controller's turn too."""
    from reference_impl.rules.statics import KeywordGrant

    def make(grant_for):
        def faulty(self, game, src, o):
            if not self.not_your_turn:
                return grant_for(self, game, src, o)
            active, game.active = game.active, None
            try:
                return grant_for(self, game, src, o)
            finally:
                game.active = active
        return faulty
    wrap_attr(stack, KeywordGrant, "grant_for", make)


def _turn_condition_ignored(stack, run):
    """Angry Mob's power and toughness count the opposing Swamps in every turn (the "as long as it's
    your turn" condition of its characteristic-defining ability is ignored)."""
    from reference_impl.rules.layers import DefinesPTByTurn

    def make(_defines):
        def faulty(self, game, src):
            n = self.base + self.count.count(game, src.controller, src)
            return n, n
        return faulty
    wrap_attr(stack, DefinesPTByTurn, "defines_pt", make)


def _enchanted_gets_no_keywords(stack, run):
    """"Enchanted creature has <keyword>" grants nothing: the Aura's keywords don't reach its creature."""
    from reference_impl.rules.statics import EnchantedGets

    wrap_attr(stack, EnchantedGets, "grant_for", lambda _original: lambda self, game, src, o: ())


_TREASON = {"alice": {"hand": cards(("Act of Treason", "treason")), "mana": "{R}{R}{R}"},
            "bob": {"battlefield": cards(("Vorapede", "vora")), "library": cards(("Island", "bobdraw"))}}


FAULTS += [
    Fault("control_until_end_of_turn_never_ends", "611.2a",
          "control gained \"until end of turn\" is kept after the turn ends (designed)",
          _control_never_reverts,
          case(_TREASON, [{"cast": {"card": "treason", "targets": ["vora"], "pay": "{R}{R}{R}"}}, {"resolve": {}},
                          {"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("control_without_duration_ends_with_the_turn", "611.2a",
          "a control change that states no duration ends in the cleanup step like an \"until end of turn\" one "
          "(designed)",
          _control_given_until_end_of_turn,
          case({"alice": {"battlefield": cards(("Jinxed Ring", "ring"), ("Bonded Construct", "c1"))},
                "bob": {"library": cards(("Island", "bobdraw"))}},
               [{"activate": {"card": "ring", "targets": ["bob"], "choices": {"sacrifice_cost": ["c1"]}}},
                {"pass_until_empty": {}}, {"advance": {"turn": "next", "to": "main1"}}])),
    Fault("not_your_turn_condition_ignored", "611.3a",
          "\"as long as it's not your turn\" is ignored: the keyword is granted in its controller's turn too "
          "(designed)",
          _not_your_turn_ignored,
          case({"alice": {"battlefield": [{"card": "Oak Street Innkeeper", "label": "innkeeper", "tapped": True}],
                          "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["innkeeper"], "pay": "{R}"}}])),
    Fault("turn_condition_of_a_cda_ignored", "208.2a",
          "\"as long as it's your turn\" in a characteristic-defining ability is ignored (designed)",
          _turn_condition_ignored,
          case({"alice": {"battlefield": cards(("Angry Mob", "mob"))},
                "bob": {"battlefield": cards(("Swamp", "s1")), "library": cards(("Island", "bobdraw"))}},
               [{"advance": {"turn": "next", "to": "main1"}}])),
    Fault("aura_keywords_not_granted", "303.4b",
          "\"Enchanted creature has lifelink\" gives the enchanted creature nothing (designed)",
          _enchanted_gets_no_keywords,
          case({"alice": {"battlefield": cards(("Runeclaw Bear", "bear")), "hand": cards(("Lifelink", "aura")),
                          "mana": "{W}"}},
               [{"cast": {"card": "aura", "targets": ["bear"], "pay": "{W}"}}, {"resolve": {}}])),
]


# ---- modelled on real reports (issue #30) -------------------------------------------------------

WAGIC = "https://github.com/WagicProject/wagic"


def _self_boost_locked_in(stack, run):
    """"This creature gets +1/+1 for each other ..." (Relentless Rats) counts once, the first
    time the creature is looked at, and keeps that number: the count is locked in as it enters."""
    seen: dict = {}

    def make(boost_for):
        def faulty(self, game, src, o):
            if o.oid != src.oid:
                return boost_for(self, game, src, o)
            key = (id(self), src.oid, src.moves)
            if key not in seen:
                seen[key] = boost_for(self, game, src, o)
            return seen[key]
        return faulty
    locate.patch_method(stack, "SelfBoostPer", "boost_for", make)


FAULTS += [
    Fault("self_boost_locked_in_as_it_enters", "611.3a",
          "\"this creature gets +1/+1 for each other creature named Relentless Rats\" counts the others once, "
          "as the creature enters, and is not updated (the report: of two Relentless Rats only the second got "
          "its bonus)",
          _self_boost_locked_in,
          case({"alice": {"battlefield": cards(("Relentless Rats", "rats1")),
                          "hand": cards(("Relentless Rats", "rats2")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "rats2", "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          report=f"{WAGIC}/issues/500", claims=("layers/static-effects-are-not-locked-in#at-any-given-moment",)),
]


MAGE = "https://github.com/magefree/mage"
NOT_LOCKED = "layers/static-effects-are-not-locked-in#"


def _knight_boost(faulty_boost):
    def install(stack, run):
        locate.patch_method(stack, "SelfBoostWhileAnyControls", "boost_for", lambda boost_for: faulty_boost)
    return install


def _boosts_every_creature_you_control(self, game, src, o):
    """"This creature gets +1/+0 as long as ..." gives the bonus to each creature its controller
    controls (an anthem), not only to itself."""
    if o.controller != src.controller or "Creature" not in o.card.types:
        return 0, 0
    if any(self.color in game.objs[sid].colors() for sid in game.battlefield):
        return self.power, self.toughness
    return 0, 0


def _any_player_means_you(self, game, src, o):
    """"as long as any player controls a black permanent" looks only at the permanents the
    creature's controller controls."""
    if o.oid != src.oid:
        return 0, 0
    if any(self.color in game.objs[sid].colors() for sid in game.battlefield
           if game.objs[sid].controller == src.controller):
        return self.power, self.toughness
    return 0, 0


def _condition_ignored(self, game, src, o):
    """"This creature gets +1/+0 as long as any player controls a black permanent" gives its bonus
    whether or not the condition holds."""
    return (self.power, self.toughness) if o.oid == src.oid else (0, 0)


def _self_boost_while_always(stack, run):
    """"This creature gets +1/+2 as long as you control a Forest" (Kird Ape) ignores its condition."""
    def make(_boost_for):
        return lambda self, game, src, o: (self.power, self.toughness) if o.oid == src.oid else (0, 0)
    locate.patch_method(stack, "SelfBoostWhile", "boost_for", make)


def _self_boost_per_for_every_creature(stack, run):
    """"This creature gets +1/+1 for each other creature you control named Relentless Rats" boosts
    each creature its controller controls by that count, not only itself."""
    def make(boost_for):
        def faulty(self, game, src, o):
            if o.controller != src.controller:
                return 0, 0
            return boost_for(self, game, src, src)
        return faulty
    locate.patch_method(stack, "SelfBoostPer", "boost_for", make)


FAULTS += [
    Fault("self_boost_condition_ignored", "611.3a",
          "(designed) Knight of Grace's \"as long as any player controls a black permanent\" bonus applies "
          "with no black permanent on the battlefield",
          _knight_boost(_condition_ignored),
          case({"alice": {"battlefield": cards(("Knight of Grace", "knight"))}}, [{"advance": {"to": "combat"}}]),
          claims=(NOT_LOCKED + "whatever-its-text-indicates",)),
    Fault("self_boost_while_condition_ignored", "611.3a",
          "(designed) Kird Ape's \"as long as you control a Forest\" bonus applies with no Forest",
          _self_boost_while_always,
          case({"alice": {"battlefield": cards(("Kird Ape", "ape"))}}, [{"pass_until_empty": {}}]),
          claims=(NOT_LOCKED + "whatever-its-text-indicates",)),
    Fault("self_boost_per_given_to_every_creature_you_control", "611.3a",
          "(designed) Relentless Rats' \"this creature gets +1/+1 for each other Relentless Rats\" boosts "
          "every creature its controller controls",
          _self_boost_per_for_every_creature,
          case({"alice": {"battlefield": cards(("Relentless Rats", "rats1"), ("Relentless Rats", "rats2"),
                                               ("Grizzly Bears", "bears"))}}, [{"pass_until_empty": {}}]),
          claims=(NOT_LOCKED + "whatever-its-text-indicates",)),
    Fault("self_boost_given_to_every_creature_you_control", "611.3a",
          "Knight of Malice's \"this creature gets +1/+0 as long as any player controls a white permanent\" "
          "boosts every creature its controller controls, like an anthem (the report: Knight of Malice "
          "functioned as a teamwide buff)",
          _knight_boost(_boosts_every_creature_you_control),
          case({"alice": {"battlefield": cards(("Knight of Malice", "knight"), ("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
               [{"advance": {"to": "combat"}}]),
          report=f"{MAGE}/issues/4864", claims=(NOT_LOCKED + "whatever-its-text-indicates",)),
    Fault("any_player_controls_read_as_you_control", "611.3a",
          "Knight of Grace's \"as long as any player controls a black permanent\" looks only at its controller's "
          "permanents: an opponent's black creature doesn't turn the bonus on (the report: the Knight stayed 2/2 "
          "while the opponent controlled a black creature)",
          _knight_boost(_any_player_means_you),
          case({"alice": {"battlefield": cards(("Knight of Grace", "knight"))},
                "bob": {"battlefield": cards(("Vampire Nighthawk", "nighthawk"))}},
               [{"advance": {"to": "combat"}}]),
          report=f"{MAGE}/issues/4828", claims=(NOT_LOCKED + "whatever-its-text-indicates",)),
]


def _your_opponents_means_everyone(stack, run):
    """"Creatures your opponents control get -1/-1 until end of turn" (Cower in Fear) affects every
    creature, its controller's too: the "your opponents control" of a one-shot effect's group is
    dropped."""
    def make(call):
        def faulty(self, ctx):
            f = self.filter
            if getattr(f, "whose", None) == "opponents":
                self = replace(self, filter=replace(f, whose="any"))
            return call(self, ctx)
        return faulty
    locate.patch_method(stack, "Matching", "__call__", make)


FAULTS += [
    Fault("your_opponents_creatures_means_all_creatures", "611.2c",
          "an effect on \"creatures your opponents control\" also affects its controller's creatures (the report: "
          "Thalia, Heretic Cathar made its controller's creatures enter tapped too): alice's Cower in Fear kills "
          "her own Llanowar Elves",
          _your_opponents_means_everyone,
          case({"alice": {"battlefield": cards(("Llanowar Elves", "elves")),
                          "hand": cards(("Cower in Fear", "cower")), "mana": "{B}{B}{C}"},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
               [{"cast": {"card": "cower", "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/8492",
          claims=("peers-xmage/resolved-effects-lock-in-their-objects#the-set-its-text-names",)),
]
def _identical_static_boosts_apply_once(original):
    """power_toughness keeping one (source, static) pair per card name among the boosting static
    abilities: a second permanent with the same static ability (a second Glorious Anthem) adds
    nothing."""
    def faulty(game, o, sources=None):
        seen, kept = set(), []
        for s, st in (locate.obj("boost_sources")(game) if sources is None else sources):
            if (s.card.name, st) not in seen:
                seen.add((s.card.name, st))
                kept.append((s, st))
        return original(game, o, kept)
    return faulty


FAULTS += [
    Fault("identical_static_boosts_apply_once", "613.4c",
          "(designed) two permanents with the same P/T-boosting static ability (two Glorious Anthems) boost "
          "only once, as if the effect were one",
          swap("power_toughness", _identical_static_boosts_apply_once),
          case({"alice": {"battlefield": cards(BEARS, ("Glorious Anthem", "anthem1")),
                          "hand": cards(("Glorious Anthem", "anthem2")), "mana": "{C}{W}{W}"}},
               [{"cast": {"card": "anthem2", "pay": "{C}{W}{W}"}}, {"resolve": {}}])),
]



# ---- Cited sub-rule 613.1b (the claim quoting it: selfcheck/cited_claims.py) ------------------------

def _control_changes_ignored(stack, run):
    """Control-changing effects (layer 2) are not applied: "gain control of target creature until
    end of turn" and "target opponent gains control of this artifact" leave the controller as it was."""
    def make(apply):
        def faulty(self, ctx):
            return None
        return faulty
    locate.patch_method(stack, "GainControlUntilEndOfTurn", "apply", make)
    locate.patch_method(stack, "GainsControl", "apply", make)


FAULTS += [
    Fault("control_changes_ignored", "613.1b",
          "(designed) control-changing effects are not applied: Act of Treason leaves the creature under its "
          "controller's control",
          _control_changes_ignored,
          case({"alice": {"hand": cards(("Act of Treason", "treason")), "mana": "{R}{R}{R}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "treason", "targets": ["bears"], "pay": "{R}{R}{R}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 613.1 (the claim quoting it: selfcheck/cited_claims.py) -------------------------

def _colors_after_power_and_toughness(stack, run):
    """The layers are applied out of order: color-changing effects (layer 5) after power and
    toughness (layer 7), so a boost for creatures of a color still sees the old color."""
    module = locate.module_of("_compute")
    set_colors = module.set_colors

    def make(compute):
        def faulty(game):
            with mock.patch.object(module, "set_colors", lambda ch, e: None):
                out = compute(game)
            for e in sorted(game.layered, key=lambda e: e.ts):
                if e.colors is not None and e.oid in out:
                    set_colors(out[e.oid], e)
            return out
        return faulty
    wrap_attr(stack, module, "_compute", make)


FAULTS += [
    Fault("color_change_applied_after_power_and_toughness", "613.1",
          "(designed) the layers are applied out of order, layer 5 (color) after layer 7 (power and toughness): "
          "Glory Seeker turned into a blue Frog still gets Honor of the Pure's +1/+1 for white creatures",
          _colors_after_power_and_toughness,
          case({"alice": {"battlefield": cards(("Glory Seeker", "seeker"), ("Honor of the Pure", "honor")),
                          "hand": cards(("Turn to Frog", "frog")), "mana": "{U}{U}"}},
               [{"cast": {"card": "frog", "targets": ["seeker"], "pay": "{U}{U}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 611.2d (the claim quoting it: selfcheck/cited_claims.py) ------------------------

def _pump_amounts_recounted(stack, run):
    """The X of a resolved "gets +X/+X until end of turn" is counted again after every action
    (as state-based actions are checked), not determined once on resolution: Elder of Laurels'
    boost grows as creatures arrive."""
    value = locate.obj("value")
    live = []  # (timestamp, pump, ctx) of pumps whose amounts are not numbers

    def make_apply(apply):
        def faulty(self, ctx):
            before = len(ctx.game.eot)
            apply(self, ctx)
            if not (isinstance(self.power, int) and isinstance(self.toughness, int)):
                live.extend((entry[4], self, ctx) for entry in ctx.game.eot[before:])
        return faulty

    def make_sba(sba):
        def faulty(game, *a, **k):
            for ts, pump, ctx in live:
                if ctx.game is not game:
                    continue
                for i, (oid, _dp, _dt, kws, stamp) in enumerate(game.eot):
                    if stamp == ts:
                        game.eot[i] = (oid, value(pump.power, ctx), value(pump.toughness, ctx), kws, stamp)
            return sba(game, *a, **k)
        return faulty
    wrap_attr(stack, Pump, "apply", make_apply)
    locate.patch(stack, "state_based_actions", make_sba)


FAULTS += [
    Fault("pump_x_counted_continuously", "611.2d",
          "(designed) the X of a resolved \"+X/+X until end of turn\" (Elder of Laurels': the number of creatures "
          "you control) is counted again as the game goes on instead of once on resolution",
          _pump_amounts_recounted,
          case({"alice": {"battlefield": cards(("Elder of Laurels", "elder"), BEARS),
                          "hand": cards(("Llanowar Elves", "elves")), "mana": "{G}{G}{G}{G}{G}"}},
               [{"activate": {"card": "elder", "targets": ["bears"], "pay": "{G}{G}{G}{G}"}}, {"resolve": {}},
                {"cast": {"card": "elves", "pay": "{G}"}}, {"resolve": {}}])),
]


def _is_effect_applied_after_entering(stack, run):
    """A resolving spell's "that creature is [characteristic]" for the permanent it puts onto the
    battlefield (Rise from the Grave's "is a black Zombie") applies only once the permanent is on
    the battlefield, after its entering was seen (611.2e: it applies simultaneously with it)."""
    enter_battlefield = locate.obj("enter_battlefield")

    def make(enter_battlefield_as):
        def faulty(game, o, controller, choices, entering_is):
            enter_battlefield(game, o, None, controller, choices)
            entering_is.apply_to(game, o)
        return faulty
    locate.patch(stack, "enter_battlefield_as", make)


FAULTS += [
    Fault("is_effect_applied_after_entering", "611.2e",
          "(designed) \"that creature is a black Zombie\" (Rise from the Grave) applies after the creature has "
          "entered: alice's Champion of the Perished doesn't see a Zombie enter and gets no counter",
          _is_effect_applied_after_entering,
          case({"alice": {"battlefield": cards(("Champion of the Perished", "champion")),
                          "hand": cards(("Rise from the Grave", "rise")), "mana": "{B}{C}{C}{C}{C}"},
                "bob": {"graveyard": cards(BEARS)}},
               [{"cast": {"card": "rise", "targets": ["bears"], "pay": "{B}{C}{C}{C}{C}"}}, {"resolve": {}},
                {"resolve": {}}])),
]


# ---------------------------------------------------------------- Tarmogoyf (Wagic CDA#1.txt and around it)
# spec/rules/peer-tests-wagic-cda.yaml; all designed. They patch rules.filters.CardTypesIn.count (what is
# counted), rules.layers.Becomes.becomes_for (whom a set effect reaches) and effects' Damage.apply.
GOYF = "peers-wagic/tarmogoyf#"
_GOYF_SHOCK = [{"cast": {"card": "shock", "by": "bob", "targets": ["alice"], "pay": "{R}"}}]


def _goyf_counts_its_controllers_graveyard(stack, run):
    """"Among cards in all graveyards" read as its controller's graveyard only."""
    def make(original):
        def count(self, game, player, source=None):
            return original(replace(self, all_players=False), game, player, source)
        return count
    wrap_attr(stack, locate.obj("CardTypesIn"), "count", make)


def _card_types_counted_per_card(stack, run):
    """Each card's card types are added up: two creature cards count two."""
    def make(original):
        def count(self, game, player, source=None):
            whose = game.players if self.all_players else (player,)
            return sum(len(game.objs[oid].card.types) for who in whose for oid in game.players[who].zone(self.zone))
        return count
    wrap_attr(stack, locate.obj("CardTypesIn"), "count", make)


def _set_effects_skip_cda_creatures(stack, run):
    """A set effect (7b) doesn't reach a creature whose characteristic-defining ability defines its power
    and toughness: the CDA is applied last, as if it were the newest effect."""
    def make(original):
        def becomes_for(self, game, src, o):
            if self.set_pt is not None and any(hasattr(st, "defines_pt") for st in o.card.statics):
                return None
            return original(self, game, src, o)
        return becomes_for
    wrap_attr(stack, locate.obj("Becomes"), "becomes_for", make)


def _state_based_actions_as_damage_is_dealt(stack, run):
    """State-based actions are checked as soon as a spell deals damage, before it has finished resolving
    (and so before it is in the graveyard)."""
    from reference_impl.rules import actions

    def make(original):
        def apply(self, ctx):
            original(self, ctx)
            actions.state_based_actions(ctx.game)
        return apply
    wrap_attr(stack, locate.obj("Damage"), "apply", make)


FAULTS += [
    Fault("tarmogoyf_counts_one_graveyard", "208.2a",
          "(designed) \"card types among cards in all graveyards\" counts its controller's graveyard only",
          _goyf_counts_its_controllers_graveyard,
          case({"alice": {"battlefield": cards(("Tarmogoyf", "goyf")), "graveyard": cards(("Mountain", "mountain"))},
                "bob": {"graveyard": cards(("Lightning Bolt", "bolt"), ("Grizzly Bears", "bears")),
                        "hand": cards(("Shock", "shock")), "mana": "{R}"}}, _GOYF_SHOCK),
          claims=(GOYF + "according-to-some-stated-condition",)),
    Fault("card_types_counted_per_card", "205.2a",
          "(designed) card types among cards are added up card by card: two creature cards count two",
          _card_types_counted_per_card,
          case({"alice": {"battlefield": cards(("Tarmogoyf", "goyf")),
                          "graveyard": cards(("Grizzly Bears", "bears"), ("Gray Ogre", "ogre"))},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}}, _GOYF_SHOCK),
          claims=(GOYF + "card-types-not-cards",)),
    Fault("set_effect_skips_a_cda_creature", "613.4b",
          "(designed) an effect setting base power and toughness doesn't reach a creature whose "
          "characteristic-defining ability defines them (7a applied after 7b)",
          _set_effects_skip_cda_creatures,
          case({"alice": {"battlefield": cards(("Godhead of Awe", "godhead"), ("Tarmogoyf", "goyf")),
                          "graveyard": cards(("Mountain", "mountain"))},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}}, _GOYF_SHOCK),
          claims=(GOYF + "set-values-after-the-cda",)),
    Fault("state_based_actions_mid_resolution", "608.2n",
          "(designed) state-based actions are checked as a spell's damage is dealt, before the spell is in the "
          "graveyard: Lightning Bolt kills a 2/3 Tarmogoyf",
          _state_based_actions_as_damage_is_dealt,
          case({"alice": {"battlefield": cards(("Tarmogoyf", "goyf")), "graveyard": cards(("Grizzly Bears", "bears"))},
                "bob": {"graveyard": cards(("Forest", "forest")), "hand": cards(("Lightning Bolt", "bolt")),
                        "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["goyf"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(GOYF + "the-spell-is-in-the-graveyard-before-state-based-actions",)),
]
