"""Faulty engines that get "choose two/three", repeated modes (700.2d) and divided damage
(601.2d, 608.2b, 115.7f) wrong: each dimension of spec/rules/modes.yaml and divided-damage.yaml
comes with the fault its scenarios reject."""

from __future__ import annotations

from reference_impl.effects import DividedDamage, InMode
from reference_impl.rules import actions
from reference_impl.rules.modes import FIXED, Modes
from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS
from .patching import top_copy_spell, wrap, wrap_attr

CONFLUENCE = {"hand": cards(("Mystic Confluence", "mc")), "mana": "{U}{U}{U}{U}{U}",
              "library": cards(("Island", "i1"), ("Island", "i2"), ("Island", "i3"))}


def _repeated_mode_once(stack, run):
    def make(apply):
        def faulty(self, ctx):
            if self.index in ctx.modes:
                for e in self.effects:
                    e.apply(ctx)
        return faulty
    wrap_attr(stack, InMode, "apply", make)


def _no_repeats(stack, run):
    def make(check):
        def faulty(modes, given, *rest, **kw):
            if modes is not None and modes.repeatable and isinstance(given, list) and len(set(given)) != len(given):
                raise IllegalAction("700.2d", "the same mode can't be chosen more than once")
            return check(modes, given, *rest, **kw)
        return faulty
    wrap(stack, "reference_impl.rules.modes.check_modes", make)


def _fixed_count_is_up_to(stack, run):
    def make(bounds):
        def faulty(self, kicked):
            fewest, most = bounds(self, kicked)
            return (1, most) if self.count in FIXED else (fewest, most)
        return faulty
    wrap_attr(stack, Modes, "bounds", make)


def _share_moves_to_the_others(stack, run):
    def make(apply):
        def faulty(self, ctx):
            chosen = ctx.targets.chosen(self.to.spec)
            legal = ctx.targets.legal(self.to.spec)
            lost = sum(n for r, n in zip(chosen, ctx.info.division) if r not in legal)
            apply(self, ctx)
            if legal and lost:
                actions.deal_damage(ctx.game, ctx.source, legal[0], lost)
        return faulty
    wrap_attr(stack, DividedDamage, "apply", make)


def _shares_need_not_add_up(stack, run):
    def make(announce):
        def faulty(game, card, info, targets, given, name):
            try:
                return announce(game, card, info, targets, given, name)
            except IllegalAction as e:
                if "add up" not in str(e) or not isinstance(given, dict):
                    raise
                return tuple(given.values())
        return faulty
    wrap(stack, "reference_impl.rules.casting._announce_division", make)


def _copy_divides_anew(stack, run):
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            copy_spell(game, orig, controller, new_targets, colors)
            if new_targets is not None:
                c = game.objs[game.stack[-1]]
                if c.spell.division:  # divided again, as evenly as it goes, in the new target order
                    total, n = sum(c.spell.division), len(c.spell.division)
                    top_copy_spell(game, division=tuple(total // n + (i < total % n) for i in range(n)))
        return faulty
    wrap(stack, "reference_impl.rules.resolution.copy_spell", make)


FAULTS = [
    Fault("repeated_mode_performed_once", "700.2d",
          "a mode chosen more than once (\"You may choose the same mode more than once\") happens only once",
          _repeated_mode_once,
          case({"alice": CONFLUENCE}, [{"cast": {"card": "mc", "modes": [2, 2, 2], "targets": []}}, {"resolve": {}}])),
    Fault("same_mode_more_than_once_refused", "700.2d",
          "\"You may choose the same mode more than once\" is ignored: a repeated mode is illegal",
          _no_repeats,
          case({"alice": CONFLUENCE}, [{"cast": {"card": "mc", "modes": [2, 2, 2], "targets": []}}])),
    Fault("choose_two_takes_one", "700.2a",
          "\"Choose two\" (or three) is read as \"up to two\": one mode is accepted",
          _fixed_count_is_up_to,
          case({"alice": {"hand": cards(("Cryptic Command", "cc")), "mana": "{U}{U}{U}{U}",
                          "library": cards(("Island", "i1"))}},
               [{"cast": {"card": "cc", "modes": [3], "targets": []}}])),
    Fault("illegal_targets_share_dealt_to_another", "608.2b",
          "the share of divided damage of a target that became illegal is dealt to a remaining target",
          _share_moves_to_the_others,
          case({"alice": {"hand": cards(("Fire // Ice", "fi")), "mana": "{R}{R}"},
                "bob": {"hand": cards(("Unsummon", "un")), "battlefield": cards(("Savannah Lions", "lions")),
                        "mana": "{U}"}},
               [{"cast": {"card": "fi", "half": "Fire", "targets": ["bob", "lions"], "divide": {"bob": 1, "lions": 1}}},
                {"cast": {"card": "un", "by": "bob", "targets": ["lions"]}},
                {"resolve": {}}, {"resolve": {}}])),
    Fault("divided_shares_need_not_add_up", "601.2d",
          "the announced shares of divided damage need not add up to the amount divided",
          _shares_need_not_add_up,
          case({"alice": {"hand": cards(("Fire // Ice", "fi")), "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Savannah Lions", "lions"))}},
               [{"cast": {"card": "fi", "half": "Fire", "targets": ["bob", "lions"],
                          "divide": {"bob": 2, "lions": 1}}}])),
    Fault("copy_with_new_targets_divides_anew", "115.7f",
          "a copy of a spell that divides damage, given new targets, divides it again (evenly) instead of "
          "keeping the original division",
          _copy_divides_anew,
          case({"alice": {"hand": cards(("Conflagrate", "cf"), ("Twincast", "tw")),
                          "mana": "{R}{R}{R}{R}{R}{R}{R}{R}{R}{U}{U}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Savannah Lions", "lions"))}},
               [{"cast": {"card": "cf", "x": 4, "targets": ["bob", "bears"], "divide": {"bob": 3, "bears": 1},
                          "pay": "{R}{R}{R}{R}{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "tw", "targets": ["cf"], "pay": "{U}{U}"}},
                {"resolve": {"choices": {"copy_targets": ["lions", "bob"]}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _trigger_modes_ignored(stack, run):
    """The modes its controller names for a modal triggered ability are ignored: the engine takes
    the first modes that can be chosen."""
    def make(trigger_modes):
        def faulty(game, trig, src, controller, given):
            return trigger_modes(game, trig, src, controller, None)
        return faulty
    locate.patch(stack, "_trigger_modes", make)


FAULTS += [
    Fault("modal_trigger_modes_chosen_by_the_engine", "700.2b",
          "(designed) the modes the controller of a modal triggered ability names are ignored: the first "
          "modes that can be chosen are taken",
          _trigger_modes_ignored,
          case({"alice": {"hand": cards(("Deceiver Exarch", "exarch")), "mana": "{U}{U}{U}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "exarch", "pay": "{U}{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [
                    {"source": "exarch", "modes": [1], "targets": ["bears"]}]}}},
                {"resolve": {}}])),
]


# ---- modelled on real reports (issue #30) -------------------------------------------------------

MAGE = "https://github.com/magefree/mage"


def _only_the_first_mode_works(stack, run):
    """Of a modal spell's modes only the first one written ever does anything: a chosen later
    mode is announced (and targets) but does nothing as the spell resolves."""
    def make(apply):
        def faulty(self, ctx):
            if self.index == 0:
                apply(self, ctx)
        return faulty
    wrap_attr(stack, InMode, "apply", make)


FAULTS += [
    Fault("only_the_first_mode_works", "700.2",
          "a modal spell performs only its first mode: a later mode that was chosen does nothing (the report: "
          "Funeral Charm's second mode, and every modal card's, did nothing)",
          _only_the_first_mode_works,
          case({"alice": {"hand": cards(("Crush Contraband", "crush")), "mana": "{W}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Glorious Anthem", "anthem"))}},
               [{"cast": {"card": "crush", "modes": [1], "targets": ["anthem"], "pay": "{W}{C}{C}{C}"}},
                {"resolve": {}}]),
          report=f"{MAGE}/issues/2397"),
]


# ---- claims quoting sub-rules of 700.2 the entries cite (selfcheck/cited_claims.py) -------------

def _unchosen_modes_target(stack, run):
    """Every mode's instances of the word "target" are kept, chosen or not: a mode chosen once
    or never has its targets once (the targets of a mode chosen twice come twice)."""
    def make(target_slots):
        def faulty(specs, modes):
            every = tuple(sorted(set(modes) | {s.only_if.index for s in specs
                                               if getattr(s.only_if, "gates_mode", False)}))
            return target_slots(specs, tuple(modes) + tuple(k for k in every if k not in modes))
        return faulty
    locate.patch(stack, "target_slots", make)


def _new_targets_change_the_mode(stack, run):
    """A copy given new targets that the original's modes can't take is given the first single
    mode that takes them instead (the new target picks the mode)."""
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            try:
                return copy_spell(game, orig, controller, new_targets, colors)
            except IllegalAction:
                modes = orig.card.modes
                if new_targets is None or modes is None:
                    raise
                info = orig.spell
                for k in range(modes.n):
                    orig.spell = type(info)(**{**info.__dict__, "modes": (k,)})
                    try:
                        return copy_spell(game, orig, controller, new_targets, colors)
                    except IllegalAction:
                        continue
                    finally:
                        orig.spell = info
                raise
        return faulty
    locate.patch(stack, "copy_spell", make)


INSCRIPTION_COPIED = case(
    {"alice": {"hand": cards(("Inscription of Abundance", "ins"), ("Twincast", "twin")),
               "battlefield": cards(("Balduvian Bears", "bears")), "mana": "{G}{G}{U}{U}"}},
    [{"cast": {"card": "ins", "modes": [0], "targets": ["bears"], "pay": "{G}{G}"}},
     {"cast": {"card": "twin", "targets": ["ins"], "pay": "{U}{U}"}},
     {"resolve": {"choices": {"copy_targets": ["alice"]}}}])

FAULTS += [
    Fault("unchosen_modes_need_targets", "700.2c",
          "(designed) a modal spell needs the targets of its unchosen modes too: Inscription of Abundance cast "
          "for its life mode alone must also target a creature for its counters mode",
          _unchosen_modes_target,
          case({"alice": {"hand": cards(("Inscription of Abundance", "ins")),
                          "battlefield": cards(("Balduvian Bears", "bears")), "mana": "{G}{G}"}},
               [{"cast": {"card": "ins", "modes": [1], "targets": ["alice"], "pay": "{G}{G}"}}])),
    Fault("copy_new_targets_change_the_mode", "700.2f",
          "(designed) a copy of a modal spell given a new target its mode can't take switches to a mode that "
          "can: Twincast's copy of Inscription of Abundance (counters mode) retargeted at a player gains life",
          _new_targets_change_the_mode, INSCRIPTION_COPIED),
]
