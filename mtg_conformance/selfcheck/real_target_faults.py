"""Faulty engines modelled on real bug reports about shroud, hexproof, ward and targets that
become illegal before their spell or ability resolves (608.2b).

Each does what the linked report says a real engine did, on this suite's cards: a non-targeting
effect that skipped shroud and hexproof permanents (XMage), hexproof or shroud gained in response
not checked again on resolution (XMage), a spell that fizzled when only its first target became
illegal (Forge), a spell whose only target was illegal resolving anyway (phase.rs), a target that
left and came back still being the same object (Argentum), ward triggering for a player target
(phase.rs), ward not triggering for an ability (XMage), ward not countering when unpaid (Forge).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.state.characteristics import has_keyword

from . import locate
from .fault import Fault, cards, case
from .target_faults import SEEKER, WARD, targeted_events, ward_payment

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


FAULTS = [
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
