"""Faulty engines for targets that become illegal: shroud (702.18a), hexproof
(702.11b), hexproof from a quality (702.11d), ward (702.21a) and the resolution check (608.2b).

Each drops one restrictive word of its rule (spec/rules/targets-that-become-illegal.yaml,
`claims`): whose spells a keyword stops, spells or abilities, which quality, what a spell whose
targets are illegal does and does not do, who pays for ward and when it triggers.

The faults of this rule area, shroud, hexproof, ward and targets that become illegal (608.2b): the designed ones
first (`DESIGNED`), then those modelled on real engines' bug reports (`REPORTED`; each
`report` names its report).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.rules.choices import Choices
from reference_impl.rules.context import Ctx
from reference_impl.state.characteristics import has_keyword
from reference_impl.state.game import IllegalAction
from reference_impl.state.mana import auto_payment

from . import locate
from .fault import Fault, cards, case
from .fault_parts import keyword_instances, swap

SEEKER = ("Glory Seeker", "seeker")


def may_target(rule):
    """Replace the target-blocking keyword check of permanents (shroud, hexproof, hexproof
    from): `rule(original, o, game, controller, source_oid, from_oid)` decides instead."""
    def install(stack, run):
        def make(original):
            def faulty(o, game, controller, source_oid, from_oid):
                return rule(original, o, game, controller, source_oid, from_oid)
            return faulty
        locate.patch(stack, "_may_target_permanent", make)
    return install


def spells_only(kw):
    """`kw` stops spells only: an activated or triggered ability targets the permanent freely."""
    def rule(original, o, game, controller, source_oid, from_oid):
        if from_oid is not None and has_keyword(o, kw, game):
            return True
        return original(o, game, controller, source_oid, from_oid)
    return rule


def _shroud_is_hexproof(original, o, game, controller, source_oid, from_oid):
    if o.controller == controller and has_keyword(o, "shroud", game):
        return True  # shroud read as "your opponents' spells and abilities" only
    return original(o, game, controller, source_oid, from_oid)


def _hexproof_for_everyone(original, o, game, controller, source_oid, from_oid):
    if has_keyword(o, "hexproof", game):
        return False  # hexproof read as shroud: its controller can't target it either
    return original(o, game, controller, source_oid, from_oid)


def _hexproof_ignored_by_spells(original, o, game, controller, source_oid, from_oid):
    if from_oid is None and has_keyword(o, "hexproof", game) and not has_keyword(o, "shroud", game):
        return True  # only abilities see hexproof
    return original(o, game, controller, source_oid, from_oid)


def _hexproof_from(o) -> tuple:
    return tuple(st for st in o.card.statics if type(st).__name__ == "HexproofFrom")


def _hexproof_from_is_hexproof(original, o, game, controller, source_oid, from_oid):
    if _hexproof_from(o) and o.controller != controller:
        return False  # "hexproof from black" read as plain hexproof
    return original(o, game, controller, source_oid, from_oid)


def _hexproof_from_stops_everyone(original, o, game, controller, source_oid, from_oid):
    found = _hexproof_from(o)
    src = game.objs.get(from_oid if from_oid is not None else source_oid)
    if found and src is not None and any(st.stops(src) for st in found):
        return False  # its controller's black spells are stopped too
    return original(o, game, controller, source_oid, from_oid)


def _illegal_targets_affected(stack, run):
    """A spell that still resolves affects all its chosen targets, the illegal ones too."""
    def make(legal):
        def faulty(self, i):
            if self.all_illegal():
                return legal(self, i)
            return list(self.chosen(i))
        return faulty
    locate.patch_method(stack, "TargetSet", "legal", make)


def fizzled_spell(then):
    """When a spell doesn't resolve for its illegal targets, `then(game, o)` happens as it
    leaves the stack instead of the plain move to its owner's graveyard."""
    def install(stack, run):
        fizzled = set()

        def make_all_illegal(all_illegal):
            def faulty(self):
                out = all_illegal(self)
                if out and self.source_oid is not None:
                    fizzled.add(self.source_oid)
                return out
            return faulty
        locate.patch_method(stack, "TargetSet", "all_illegal", make_all_illegal)

        def make_leave(leave_stack):
            def faulty(game, o, dest):
                if o.oid in fizzled and o.zone == "stack":
                    fizzled.discard(o.oid)
                    return then(leave_stack, game, o, dest)
                return leave_stack(game, o, dest)
            return faulty
        locate.patch(stack, "leave_stack", make_leave)
    return install


def _to_exile(leave_stack, game, o, dest):
    return leave_stack(game, o, "exile")


def _refund(leave_stack, game, o, dest):
    total = o.spell.total_cost if o.spell is not None else None
    if total is not None:
        game.players[o.controller].pool[5] += total.mana_value()  # its mana back, as colorless
    return leave_stack(game, o, dest)


def _zone_only_on_resolution(stack, run):
    """On resolution a target is checked only for being where it was (in its zone), not against
    the target requirement again: a target grown too big for Cut Down stays legal."""
    is_legal = locate.obj("is_legal")

    def make(legal_all):
        def faulty(self):
            def zone_only(spec, ref, game, controller, source_oid=None, info=None, from_oid=None):
                if isinstance(ref, str):
                    return is_legal(spec, ref, game, controller, source_oid, info, from_oid)
                o = game.objs.get(ref)
                return o is not None and o.zone == {"spell": "stack"}.get(spec.what, "battlefield")
            with mock.patch.object(locate.module_of("TargetSet"), "is_legal", zone_only):
                return legal_all(self)
        return faulty
    locate.patch_method(stack, "TargetSet", "_legal_all", make)


def targeted_events(rule):
    """Replace the 'becomes the target' events: `rule(original, game, controller, targets, by,
    info)` emits them instead."""
    def install(stack, run):
        def make(original):
            def faulty(game, controller, targets, by, info=None):
                return rule(original, game, controller, targets, by, info)
            return faulty
        locate.patch(stack, "became_targets", make)
    return install


def _ward_on_own_spells(stack, run):
    """Ward triggers whenever the permanent becomes a target, its controller's spells too."""
    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "targeted-by-opponent":
                return event.kind == "targeted" and event.oid == src.oid
            return triggers_on(self, game, src, event)
        return faulty
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def ward_payment(rule):
    """Replace ward's "counter it unless that player pays": `rule(original, self, ctx)`."""
    def install(stack, run):
        locate.patch_method(stack, "CounterTargetingUnless", "apply",
                            lambda original: lambda self, ctx: rule(original, self, ctx))
    return install


def _spend(pool, cost) -> bool:
    spent = auto_payment(cost, pool)
    if spent is None:
        return False
    for i in range(6):
        pool[i] -= spent[i]
    return True


def _counter_even_if_paid(original, self, ctx):
    if ctx.choices.get("pay_unless") and ctx.event is not None:
        _spend(ctx.game.players[ctx.event.player].pool, self.cost)  # taken, and then countered anyway
        declined = {k: v for k, v in ctx.choices.raw.items() if k != "trigger_targets"}
        unpaid = Ctx(ctx.game, ctx.source, ctx.controller, ctx.info, ctx.targets,
                     Choices({**declined, "pay_unless": False}), ctx.event, ctx.modes)
        return original(self, unpaid)
    return original(self, ctx)


def _paid_from_either_pool(original, self, ctx):
    if ctx.choices.get("pay_unless") and ctx.event is not None:
        game = ctx.game
        if auto_payment(self.cost, game.players[ctx.event.player].pool) is None:
            # the ward permanent's controller's mana pays for the player who can't
            if _spend(game.players[ctx.controller].pool, self.cost):
                return None
    return original(self, ctx)


def _ward_ignores_spells(original, game, controller, targets, by, info):
    if isinstance(by, int):
        return None  # no 'becomes the target' event for a spell
    return original(game, controller, targets, by, info)


WARD = ("Waterfall Aerialist", "aerialist")
SH = "shroud/no-spell-or-ability-can-target-it#"
HX = "hexproof/only-opponents-cant-target-it#"
HF = "hexproof/hexproof-from-a-quality#"
RS = "resolution/targets-illegal-on-resolution#"
WD = "ward/counter-it-unless-that-player-pays#"

DESIGNED = [
    Fault("shroud_is_hexproof", "702.18a",
          "shroud stops only the opponents' spells and abilities, as hexproof does (designed)",
          may_target(_shroud_is_hexproof),
          case({"alice": {"battlefield": cards(("Wall of Denial", "wall")),
                          "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["wall"]}}])),
    Fault("shroud_stops_spells_only", "702.18a",
          "shroud stops spells but an activated ability may target the permanent (designed)",
          may_target(spells_only("shroud")),
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyro"))},
                "bob": {"battlefield": cards(("Wall of Denial", "wall"))}},
               [{"activate": {"card": "pyro", "targets": ["wall"]}}])),
    Fault("hexproof_stops_its_controller", "702.11b",
          "hexproof read as shroud: its controller's spells can't target it either (designed)",
          may_target(_hexproof_for_everyone),
          case({"alice": {"battlefield": cards(("Cragplate Baloth", "baloth")),
                          "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["baloth"]}}])),
    Fault("hexproof_stops_spells_only", "702.11b",
          "hexproof stops an opponent's spells but not an opponent's activated ability (designed)",
          may_target(spells_only("hexproof")),
          case({"alice": {"battlefield": cards(("Cragplate Baloth", "baloth"))},
                "bob": {"battlefield": cards(("Prodigal Pyromancer", "pyro"))}},
               [{"activate": {"card": "pyro", "targets": ["baloth"]}}])),
    Fault("hexproof_ignored_by_spells", "702.11b",
          "an opponent's spell may target a permanent with hexproof; only abilities are stopped (designed)",
          may_target(_hexproof_ignored_by_spells),
          case({"alice": {"battlefield": cards(("Cragplate Baloth", "baloth"))},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["baloth"]}}])),
    Fault("hexproof_from_is_full_hexproof", "702.11d",
          "'hexproof from black' stops every spell and ability an opponent controls, whatever its color (designed)",
          may_target(_hexproof_from_is_hexproof),
          case({"alice": {"battlefield": cards(("Knight of Grace", "knight"))},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["knight"]}}])),
    Fault("hexproof_from_stops_its_controller", "702.11d",
          "'hexproof from black' stops its controller's own black spells too (designed)",
          may_target(_hexproof_from_stops_everyone),
          case({"alice": {"battlefield": cards(("Knight of Grace", "knight")),
                          "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "murder", "targets": ["knight"]}}])),
    Fault("illegal_targets_still_affected", "608.2b",
          "a spell that resolves for its legal targets affects its illegal ones too (designed)",
          _illegal_targets_affected,
          case({"alice": {"hand": cards(("Jilt", "jilt")), "mana": "{U}{R}{C}{C}"},
                "bob": {"battlefield": cards(SEEKER, ("Savannah Lions", "lions")),
                        "hand": cards(("Ranger's Guile", "guile")), "mana": "{G}"}},
               [{"cast": {"card": "jilt", "kicks": 1, "targets": ["seeker", "lions"]}},
                {"cast": {"card": "guile", "by": "bob", "targets": ["lions"]}}, {"pass_until_empty": {}}])),
    Fault("fizzled_spell_exiled", "608.2b",
          "a spell that doesn't resolve for illegal targets is exiled, not put into its owner's graveyard (designed)",
          fizzled_spell(_to_exile),
          case({"alice": {"hand": cards(("Shock", "shock"), ("Unsummon", "unsummon")), "mana": "{R}{U}"},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}},
                {"cast": {"card": "unsummon", "targets": ["seeker"], "pay": "{U}"}},
                {"pass_until_empty": {}}])),
    Fault("fizzled_spell_refunds_its_mana", "608.2b",
          "a spell that doesn't resolve for illegal targets gives its caster back the mana spent on it (designed)",
          fizzled_spell(_refund),
          case({"alice": {"hand": cards(("Shock", "shock"), ("Unsummon", "unsummon")), "mana": "{R}{U}"},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}},
                {"cast": {"card": "unsummon", "targets": ["seeker"], "pay": "{U}"}},
                {"pass_until_empty": {}}])),
    Fault("targets_rechecked_for_zone_only", "608.2b",
          "on resolution a target is checked only for still being in its zone, not against the target "
          "requirement: a changed characteristic never makes it illegal (designed)",
          _zone_only_on_resolution,
          case({"alice": {"hand": cards(("Cut Down", "cut")), "mana": "{B}"},
                "bob": {"battlefield": cards(SEEKER), "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "cut", "targets": ["seeker"]}},
                {"cast": {"card": "growth", "by": "bob", "targets": ["seeker"]}},
                {"pass_until_empty": {}}])),
    Fault("ward_triggers_on_its_controllers_spells", "702.21a",
          "ward triggers when its controller's own spell targets the permanent (designed)",
          _ward_on_own_spells,
          case({"alice": {"battlefield": cards(WARD), "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["aerialist"]}}])),
    Fault("ward_counters_even_when_paid", "702.21a",
          "the ward cost is taken and the spell is countered anyway (designed)",
          ward_payment(_counter_even_if_paid),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["aerialist"], "pay": "{R}"}},
                {"resolve": {"choices": {"pay_unless": True}}}])),
    Fault("ward_paid_by_its_controller", "702.21a",
          "the ward permanent's controller's mana pays the ward cost the targeting player can't pay (designed)",
          ward_payment(_paid_from_either_pool),
          case({"alice": {"battlefield": cards(WARD), "mana": "{C}{C}"},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["aerialist"], "pay": "{R}"}},
                {"resolve": {"choices": {"pay_unless": True}}}])),
    Fault("ward_ignores_spells", "702.21a",
          "ward triggers only when an ability targets the permanent, never a spell (designed)",
          targeted_events(_ward_ignores_spells),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["aerialist"]}}])),
]


# ---------------------------------------------------------------- modelled on real bug reports

MAGE = "https://github.com/magefree/mage"
FORGE = "https://github.com/Card-Forge/forge"
PHASE = "https://github.com/phase-rs/phase"
ARGENTUM = "https://github.com/wingedsheep/argentum-engine"


def _non_targeting_skips_untargetable(stack, run):
    """"Each creature" effects pass over permanents with shroud or hexproof, as if choosing them
    were targeting them (XMage's proliferate couldn't pick them)."""
    def make(call):
        def faulty(self, ctx):
            game = ctx.game
            return [oid for oid in call(self, ctx)
                    if not (has_keyword(game.objs[oid], "shroud", game)
                            or has_keyword(game.objs[oid], "hexproof", game))]
        return faulty
    locate.patch_method(stack, "Matching", "__call__", make)


def not_rechecked_on_resolution(kw):
    """A keyword `kw` the target has as the spell or ability resolves is not looked at again:
    only the choice of targets checks it."""
    def install(stack, run):
        original = locate.obj("_may_target_permanent")

        def lenient(o, game, controller, source_oid, from_oid):
            if has_keyword(o, kw, game):
                return True
            return original(o, game, controller, source_oid, from_oid)

        def make(legal_all):
            def faulty(self):
                module = locate.module_of("_may_target_permanent")
                with mock.patch.object(module, "_may_target_permanent", lenient):
                    return legal_all(self)
            return faulty
        locate.patch_method(stack, "TargetSet", "_legal_all", make)
    return install


def _first_target_decides(stack, run):
    """The spell doesn't resolve when the targets of its first instance of the word target are
    all illegal, whatever its other targets."""
    def make(all_illegal):
        def faulty(self):
            legal = self._legal_all()
            if self.chosen_refs and self.chosen_refs[0] and not legal[0]:
                return True
            return all_illegal(self)
        return faulty
    locate.patch_method(stack, "TargetSet", "all_illegal", make)


def _resolves_with_illegal_targets(stack, run):
    """A spell or ability whose targets are all illegal resolves anyway, on the targets it chose."""
    def make_all(all_illegal):
        return lambda self: False

    def make_legal(legal):
        def faulty(self, i):
            if any(self.chosen_refs) and not any(self._legal_all()):
                return list(self.chosen(i))
            return legal(self, i)
        return faulty
    locate.patch_method(stack, "TargetSet", "all_illegal", make_all)
    locate.patch_method(stack, "TargetSet", "legal", make_legal)


def _same_object_after_zone_change(stack, run):
    """A target that left its zone and came back is still the object that was targeted."""
    locate.patch_method(stack, "TargetSet", "_same_object", lambda original: lambda self, r: True)


def _activated_targets_unstamped(stack, run):
    """An activated ability doesn't remember which objects its targets were as it was activated
    (the object a target card is now counts as the one targeted)."""
    import dataclasses

    def make(activate):
        def faulty(game, *args, **kwargs):
            before = len(game.stack)
            out = activate(game, *args, **kwargs)
            if len(game.stack) > before and not isinstance(game.stack[-1], int):
                game.stack[-1] = dataclasses.replace(game.stack[-1], stamps=())
            return out
        return faulty
    locate.patch(stack, "activate", make)


def _ward_for_player_targets(original, game, controller, targets, by, info):
    """A spell targeting a player makes that player's permanents 'become the target' too."""
    extra = []
    for group in targets:
        for r in group:
            if isinstance(r, str):
                extra.append(tuple(oid for oid in game.battlefield if game.objs[oid].controller == r))
    return original(game, controller, tuple(targets) + tuple(extra), by, info)


def _ward_ignores_abilities(original, game, controller, targets, by, info):
    if not isinstance(by, int):
        return None  # no 'becomes the target' event for an ability
    return original(game, controller, targets, by, info)


def _unpaid_ward_does_nothing(original, self, ctx):
    if not ctx.choices.get("pay_unless"):
        return None  # "cancel" on the ward payment: the spell stays
    return original(self, ctx)


REPORTED = [
    Fault("non_targeting_effect_skips_untargetable", "702.18a",
          "an effect that doesn't target ('destroy all creatures') skips permanents with shroud or hexproof",
          _non_targeting_skips_untargetable,
          case({"alice": {"hand": cards(("Wrath of God", "wrath")), "mana": "{W}{W}{C}{C}"},
                "bob": {"battlefield": cards(("Wall of Denial", "wall"))}},
               [{"cast": {"card": "wrath"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/880"),
    Fault("gained_hexproof_not_rechecked", "608.2b",
          "hexproof gained after an opponent's spell targeted the permanent is not checked on resolution: "
          "the spell still affects it",
          not_rechecked_on_resolution("hexproof"),
          case({"alice": {"battlefield": cards(SEEKER), "hand": cards(("Ranger's Guile", "guile")), "mana": "{G}"},
                "bob": {"hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "murder", "by": "bob", "targets": ["seeker"]}},
                {"cast": {"card": "guile", "targets": ["seeker"]}}, {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/10220"),
    Fault("gained_shroud_not_rechecked", "608.2b",
          "shroud gained in response (Sylvan Safekeeper) is not checked on resolution: the spell "
          "still affects its targets",
          not_rechecked_on_resolution("shroud"),
          case({"alice": {"hand": cards(("Shock", "shock")), "mana": "{R}"},
                "bob": {"battlefield": cards(("Sylvan Safekeeper", "keeper"), SEEKER, ("Forest", "forest"))}},
               [{"cast": {"card": "shock", "targets": ["seeker"]}},
                {"activate": {"card": "keeper", "targets": ["seeker"], "choices": {"sacrifice_cost": ["forest"]}}},
                {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/10213"),
    Fault("first_illegal_target_fizzles", "608.2b",
          "a spell doesn't resolve when its first target is illegal, though its other target is legal",
          _first_target_decides,
          case({"alice": {"hand": cards(("Jilt", "jilt")), "mana": "{U}{R}{C}{C}"},
                "bob": {"battlefield": cards(SEEKER, ("Savannah Lions", "lions")),
                        "hand": cards(("Ranger's Guile", "guile")), "mana": "{G}"}},
               [{"cast": {"card": "jilt", "kicks": 1, "targets": ["seeker", "lions"]}},
                {"cast": {"card": "guile", "by": "bob", "targets": ["seeker"]}}, {"pass_until_empty": {}}]),
          report=f"{FORGE}/pull/4873"),
    Fault("resolves_with_only_illegal_targets", "608.2b",
          "a spell whose only target became illegal resolves anyway and affects it",
          _resolves_with_illegal_targets,
          case({"alice": {"battlefield": cards(SEEKER), "hand": cards(("Ranger's Guile", "guile")), "mana": "{G}"},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["seeker"]}},
                {"cast": {"card": "guile", "targets": ["seeker"]}}, {"pass_until_empty": {}}]),
          report=f"{PHASE}/pull/8685"),
    Fault("target_back_from_another_zone_still_legal", "400.7",
          "a target that left its zone and came back is still the object the spell targeted",
          _same_object_after_zone_change,
          case({"alice": {"hand": cards(("Shock", "shock"), ("Unsummon", "unsummon")), "mana": "{R}{U}"},
                "bob": {"battlefield": cards(SEEKER)}},
               [{"cast": {"card": "shock", "targets": ["seeker"], "pay": "{R}"}},
                {"cast": {"card": "unsummon", "targets": ["seeker"], "pay": "{U}"}},
                {"resolve": {}}, {"put_onto_battlefield": {"card": "seeker"}}, {"resolve": {}}]),
          report=f"{ARGENTUM}/pull/1448"),
    Fault("activated_ability_target_identity_forgotten", "400.7",
          "(designed) an activated ability's target that left the battlefield and came back is still its target",
          _activated_targets_unstamped,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears")), "hand": cards(("Cloudshift", "cloudshift")),
                        "mana": "{W}"}},
               [{"activate": {"card": "pyromancer", "targets": ["bears"]}},
                {"cast": {"card": "cloudshift", "by": "bob", "targets": ["bears"], "pay": "{W}"}},
                {"resolve": {}}, {"resolve": {}}]),
          claims=("resolution/targets-illegal-on-resolution#left-its-zone",)),
    Fault("ward_triggers_for_its_controller_as_target", "702.21a",
          "a spell that targets a player triggers the ward of that player's permanents",
          targeted_events(_ward_for_player_targets),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["alice"]}}]),
          report=f"{PHASE}/issues/8111"),
    Fault("ward_ignores_abilities", "702.21a",
          "ward doesn't trigger when an opponent's ability (activated or triggered) targets the permanent",
          targeted_events(_ward_ignores_abilities),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"battlefield": cards(("Prodigal Pyromancer", "pyro"))}},
               [{"activate": {"card": "pyro", "targets": ["aerialist"]}}]),
          report=f"{MAGE}/issues/13971"),
    Fault("unpaid_ward_does_nothing", "702.21a",
          "declining to pay the ward cost leaves the spell on the stack to resolve (the report was not "
          "reproduced by the maintainers)",
          ward_payment(_unpaid_ward_does_nothing),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["aerialist"]}},
                {"resolve": {"choices": {"pay_unless": False}}}]),
          report=f"{FORGE}/issues/6068"),
]


FAULTS = DESIGNED + REPORTED


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _target_spec_loosened(**loose):
    """is_legal reads the target spec with some of its restrictions dropped."""
    def install(stack, run):
        from dataclasses import replace as dc_replace

        def make(is_legal):
            def faulty(spec, ref, game, controller, *a, **k):
                return is_legal(dc_replace(spec, **loose), ref, game, controller, *a, **k)
            return faulty
        locate.patch(stack, "is_legal", make)
    return install


def _same_target_twice(stack, run):
    """The same object or player may be chosen more than once for one instance of "target"
    (the casting code's duplicate test sees a list, never fewer items than chosen)."""
    casting = locate.module_of("_assign_targets")

    def no_dedupe(items=()):
        return list(items) if isinstance(items, (list, tuple)) else set(items)
    stack.enter_context(mock.patch.object(casting, "set", no_dedupe, create=True))


FAULTS += [
    Fault("target_exclusions_ignored", "601.2c",
          "(designed) a target's exclusions (nonblack, nonartifact, nonlegendary, non-Merfolk, monocolored) are "
          "ignored: any creature is an appropriate target",
          _target_spec_loosened(types_not=(), not_color=None, not_supertype=None, not_subtype=None, monocolored=False),
          case({"alice": {"hand": cards(("Doom Blade", "db")), "mana": "{B}{B}"},
                "bob": {"battlefield": cards(("Python", "python"))}},
               [{"cast": {"card": "db", "targets": ["python"], "pay": "{B}{B}"}}])),
    Fault("target_card_types_ignored", "601.2c",
          "(designed) a target's card type (\"target creature\", \"target artifact or enchantment\") is ignored "
          "among permanents",
          _target_spec_loosened(types_any=()),
          case({"alice": {"hand": cards(("Unsummon", "u")), "mana": "{U}"},
                "bob": {"battlefield": cards(("Mox Pearl", "mox"))}},
               [{"cast": {"card": "u", "targets": ["mox"], "pay": "{U}"}}])),
    Fault("target_mana_value_limits_ignored", "601.2c",
          "(designed) a target's mana value or power-and-toughness limit (Disembowel, Repeal, Cut Down) is ignored",
          _target_spec_loosened(max_mv=None, mv_is_x=False, max_total_pt=None),
          case({"alice": {"hand": cards(("Cut Down", "cd")), "mana": "{B}"},
                "bob": {"battlefield": cards(("Golden Bear", "bear"))}},
               [{"cast": {"card": "cd", "targets": ["bear"], "pay": "{B}"}}])),
    Fault("same_target_twice_for_one_instance", "601.2c",
          "(designed) the same player or object may be chosen twice for one instance of the word target "
          "(Fireball at bob twice)",
          _same_target_twice,
          case({"alice": {"hand": cards(("Fireball", "fb")), "mana": "{R}{C}{C}{C}"}},
               [{"cast": {"card": "fb", "x": 2, "targets": ["bob", "bob"], "pay": "{R}{C}{C}{C}"}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _clone_choice_targets(enter_battlefield):
    """Clone's "copy of any creature" is treated as a target: an opponent's creature with
    hexproof or shroud can't be chosen."""
    def faulty(game, o, info, controller, choices):
        label = choices.get("clone") if choices is not None else None
        if label is not None:
            target = next((x for x in game.objs.values() if x.label == label), None)
            has = locate.obj("has_keyword")
            if target is not None and target.zone == "battlefield" and (
                    has(target, "shroud", game)
                    or (has(target, "hexproof", game) and target.controller != controller)):
                raise locate.obj("IllegalAction")("115.10", f"{label} can't be the target of "
                                                            "the Clone's ability")
        return enter_battlefield(game, o, info, controller, choices)
    return faulty


FAULTS += [
    Fault("clone_choice_targets", "115.10",
          "Clone's choice of a creature to copy is treated as a target: an opponent's creature with hexproof "
          "can't be copied (designed)",
          swap("enter_battlefield", _clone_choice_targets),
          case({"alice": {"hand": cards(("Clone", "clone")), "mana": "{U}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Invisible Stalker", "stalker"))}},
               [{"cast": {"card": "clone"}}, {"resolve": {"choices": {"clone": "stalker"}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _restriction_counts_from_the_permanent(stack, run):
    """"Can't be the target of spells or abilities your opponents control" is read like hexproof:
    "your" becomes the permanent's controller, not the controller of the effect (Vines of Vastwood)."""
    from . import locate

    def make(_original):
        def faulty(self, ctx):
            game = ctx.game
            for oid in self.what(ctx):
                o = game.objs.get(oid) if isinstance(oid, int) else None
                if o is not None and o.zone == "battlefield":
                    game.restrictions = game.restrictions + (("target", o.oid, o.moves, o.controller),)
        return faulty
    locate.patch_method(stack, "CantBeTargetedByOpponentsThisTurn", "apply", make)


FAULTS += [
    Fault("opponents_restriction_read_as_hexproof", "608.2b",
          "\"can't be the target of spells or abilities your opponents control\" counts the opponents of the "
          "permanent's controller, not of the effect's (designed)",
          _restriction_counts_from_the_permanent,
          case({"alice": {"battlefield": cards(("Silvercoat Lion", "lion")), "hand": cards(("Shock", "ashock")),
                          "mana": "{R}"},
                "bob": {"hand": cards(("Vines of Vastwood", "vines")), "mana": "{G}"}},
               [{"cast": {"card": "vines", "by": "bob", "kicks": 0, "targets": ["lion"], "pay": "{G}"}},
                {"resolve": {}}, {"cast": {"card": "ashock", "targets": ["lion"], "pay": "{R}"}}])),
]


# ---- more faults modelled on real reports (issue #30) ------------------------------------------

def _your_graveyard_means_any(stack, run):
    """"target creature card from your graveyard" (Raise Dead) takes a card from any graveyard."""
    from dataclasses import replace as _replace

    def make(is_legal):
        def faulty(spec, ref, game, controller, *args, **kwargs):
            if spec.what == "graveyard-card" and not spec.any_graveyard:
                spec = _replace(spec, any_graveyard=True)
            return is_legal(spec, ref, game, controller, *args, **kwargs)
        return faulty
    locate.patch(stack, "is_legal", make)


def _its_controller_is_you(stack, run):
    """"Its controller gains life" (Swords to Plowshares) gives the life to the spell's
    controller, not to the controller of the exiled creature."""
    controller_of = locate.obj("ControllerOf")

    def make(apply):
        def faulty(self, ctx):
            if isinstance(self.who, controller_of):
                ctx.game.players[ctx.controller].life += locate.obj("value")(self.n, ctx)
                return
            apply(self, ctx)
        return faulty
    locate.patch_method(stack, "GainLife", "apply", make)


FAULTS += [
    Fault("your_graveyard_target_from_any_graveyard", "601.2c",
          "\"target card from your graveyard\" accepts a card in another player's graveyard (the report: "
          "Regrowth returned a card from any graveyard): alice's Raise Dead takes bob's Hill Giant",
          _your_graveyard_means_any,
          case({"alice": {"hand": cards(("Raise Dead", "raise")), "mana": "{B}"},
                "bob": {"graveyard": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "raise", "targets": ["giant"], "pay": "{B}"}}, {"resolve": {}}]),
          report=f"{ARGENTUM}/pull/1171", claims=("pool/target-restrictions#your-graveyard",)),
    Fault("exiled_creatures_life_to_the_caster", "608.2h",
          "\"its controller gains life equal to its power\" gives the life to the player who exiled the creature "
          "(the report: Solitude's life gain went to Solitude's controller): alice's Swords to Plowshares on "
          "bob's creature gains alice the life",
          _its_controller_is_you,
          case({"alice": {"hand": cards(("Swords to Plowshares", "swords")), "mana": "{W}"},
                "bob": {"battlefield": cards(("Hill Giant", "giant"))}},
               [{"cast": {"card": "swords", "targets": ["giant"], "pay": "{W}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/2381"),
]


def _ward_ignores_modal_triggers(original, game, controller, targets, by, info):
    if not isinstance(by, int) and getattr(by, "modes", None):
        return None  # the modal trigger's targets "never became targets" (they were left for resolution)
    return original(game, controller, targets, by, info)


FAULTS += [
    Fault("ward_ignores_modal_triggers", "702.21a",
          "ward doesn't trigger when a modal triggered ability targets the permanent (the report: Downwind "
          "Ambusher's modal enters trigger destroyed a creature with ward without its controller paying): Deceiver "
          "Exarch taps an opponent's Waterfall Aerialist without paying {2}",
          targeted_events(_ward_ignores_modal_triggers),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Deceiver Exarch", "exarch")), "mana": "{U}{U}{U}"}},
               [{"cast": {"card": "exarch", "by": "bob", "pay": "{U}{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "exarch", "modes": [1],
                                                               "targets": ["aerialist"]}]}}},
                {"pass_until_empty": {}}],
               turn={"active": "bob"}),
          report=f"{ARGENTUM}/pull/1307", claims=(WD + "abilities-too",)),
]


# ---- found by a fuzz campaign against phase.rs (fuzz --minutes 32) ------------------------------

def _extra_targets_dropped(assign):
    """More targets than the spell requires: the extra ones are dropped instead of making the cast
    illegal (601.2c: a target for each target the spell requires, no more)."""
    def faulty(game, card, info, given, *args):
        try:
            return assign(game, card, info, given, *args)
        except IllegalAction as refused:
            if refused.rule != "601.2c" or not isinstance(given, list):
                raise
            for n in range(len(given) - 1, 0, -1):
                try:
                    return assign(game, card, info, given[:n], *args)
                except IllegalAction:
                    continue
            raise
    return faulty


def _spell_cast_without_its_target(original):
    """_assign_targets accepting a targeted spell announced with no target at all (as if "no legal
    target" meant "no target needed"): the spell goes on the stack targeting nothing."""
    def faulty(game, card, info, given, caster, source_oid, name):
        if isinstance(given, list) and not given and card.spell_targets:
            return tuple(() for _ in card.spell_targets)
        return original(game, card, info, given, caster, source_oid, name)
    return faulty


FAULTS += [
    Fault("extra_targets_dropped", "601.2c",
          "a spell cast with more targets than it requires keeps the ones it needs and drops the rest: Deep "
          "Analysis naming two players is cast at the first (designed; phase.rs accepts such a cast, found "
          "by a fuzz campaign)",
          swap("_assign_targets", _extra_targets_dropped),
          case({"alice": {"graveyard": cards(("Deep Analysis", "da")), "mana": "{U}{C}"}},
               [{"cast": {"card": "da", "alternative": "flashback", "targets": ["bob", "alice"], "pay": "{U}{C}"}}]),
          claims=("pool/target-restrictions#for-each-target",)),
]

FAULTS += [
    Fault("spell_cast_without_its_target", "601.2c",
          "(designed) a spell that requires a target can be cast with none announced when nothing is a legal "
          "target (Murder with no creature on the battlefield)",
          swap("_assign_targets", _spell_cast_without_its_target),
          case({"alice": {"hand": cards(("Murder", "murder")), "mana": "{C}{B}{B}"}},
               [{"cast": {"card": "murder", "targets": [], "pay": "{C}{B}{B}"}}])),
]



# ---- sub-rules of 115 the targeting entries cite (cited_claims.SECTIONS_1_TO_4) ----------------------------

def _spell_may_target_itself(stack, run):
    """A spell or ability is a legal target for itself (115.5: never)."""
    def make(is_legal):
        def faulty(spec, ref, game, controller, source_oid=None, info=None, from_oid=None):
            if ref is not None and ref == source_oid:
                return is_legal(spec, ref, game, controller, None, info,
                                from_oid if from_oid is not None else source_oid)
            return is_legal(spec, ref, game, controller, source_oid, info, from_oid)
        return faulty
    locate.patch(stack, "is_legal", make)


def _any_number_means_at_least_one(stack, run):
    """"Any number of targets" is read as one or more: zero targets is refused (115.6)."""
    def make(assign):
        def faulty(game, card, info, given, caster, source_oid, name):
            if not given and any(s.count == "any-number" for s in card.spell_targets or ()):
                raise IllegalAction("601.2c", f"{name} requires at least one target")
            return assign(game, card, info, given, caster, source_oid, name)
        return faulty
    locate.patch(stack, "_assign_targets", make)


FAULTS += [
    Fault("spell_may_target_itself", "115.5",
          "(designed) a spell on the stack is a legal target for itself: Cancel can be cast targeting itself",
          _spell_may_target_itself,
          case({"alice": {"hand": cards(("Cancel", "cancel")), "mana": "{U}{U}{C}"}},
               [{"cast": {"card": "cancel", "targets": ["cancel"], "pay": "{U}{U}{C}"}}])),
    Fault("any_number_of_targets_needs_one", "115.6",
          "(designed) a spell with \"any number of targets\" can't be cast with zero targets: Fireball needs one",
          _any_number_means_at_least_one,
          case({"alice": {"hand": cards(("Fireball", "fireball")), "mana": "{R}{C}"}},
               [{"cast": {"card": "fireball", "x": 1, "targets": [], "pay": "{R}{C}"}}])),
]


def _ward_paid_for_free(original, self, ctx):
    """Choosing to pay the ward cost pays nothing: the cost of 118.12 is never taken, and the
    spell stays on the stack."""
    if ctx.choices.get("pay_unless"):
        return None
    return original(self, ctx)


FAULTS += [
    Fault("ward_paid_for_free", "118.12",
          "(designed) a player who chooses to pay a ward cost pays nothing as the ward trigger resolves, and "
          "the spell still resolves: bob's {R}{C}{C} stay in his pool after Shock is let through",
          ward_payment(_ward_paid_for_free),
          case({"alice": {"battlefield": cards(WARD)},
                "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["aerialist"], "pay": "{R}"}},
                {"resolve": {"choices": {"pay_unless": True}}}])),
]


def _aura_cast_without_a_target(stack, run):
    """An Aura spell may be cast with no target announced (303.4a: it requires one)."""
    def make(assign):
        def faulty(game, card, info, given, caster, source_oid, name):
            if not given and "Aura" in card.subtypes:
                return tuple(() for _ in card.spell_targets)
            return assign(game, card, info, given, caster, source_oid, name)
        return faulty
    locate.patch(stack, "_assign_targets", make)


FAULTS += [
    Fault("aura_cast_without_a_target", "303.4a",
          "(designed) an Aura spell can be cast with no target: Lifelink is cast though no creature is chosen",
          _aura_cast_without_a_target,
          case({"alice": {"battlefield": cards(("Runeclaw Bear", "bear")), "hand": cards(("Lifelink", "aura")),
                          "mana": "{W}"}},
               [{"cast": {"card": "aura", "targets": [], "pay": "{W}"}}])),
]


# -- a claim quoting 702.18b, which the 702.18a entry cites (selfcheck/cited_claims.py)

def _shroud_instances_cancel(stack, run):
    """Each instance of shroud toggles it: a permanent with two instances has none."""
    def make(has_keyword):
        def faulty(o, kw, game=None):
            found = has_keyword(o, kw, game)
            if found and kw == "shroud" and game is not None and o.zone == "battlefield":
                return keyword_instances(o, game, kw) % 2 == 1
            return found
        return faulty
    locate.patch(stack, "has_keyword", make)


FAULTS += [
    Fault("shroud_instances_cancel", "702.18b",
          "(designed) two instances of shroud on one permanent cancel out instead of being redundant: each of "
          "two Crystalline Slivers (\"All Slivers have shroud\") can be targeted by Giant Growth",
          _shroud_instances_cancel,
          case({"alice": {"battlefield": cards(("Crystalline Sliver", "s1"), ("Crystalline Sliver", "s2")),
                          "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["s1"], "pay": "{G}"}}])),
]
