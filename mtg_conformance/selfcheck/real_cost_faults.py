"""Faulty engines that determine the total cost (601.2f) or count converge (207.2c) wrongly,
most modelled on real bug reports.

Dimensions attacked: the order of 601.2f (X and additional costs, then increases, then
reductions, then effects on the total such as Trinisphere's minimum); generic reductions never
pay colored mana (118.7a); which spells a modifier applies to; each casting way (normal,
kicked, flashback, free, printed alternative cost) under each modifier; converge counts the
colors of all the mana spent, nothing else; a mandatory additional cost (Deprive's "return a
land you control to its owner's hand") is paid however the spell is cast and can't be skipped.
"""

from __future__ import annotations

import importlib
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .hooks import CastWatch, watch_casts

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"


def _additional_costs_skipped(only_flashback: bool):
    """The permanents of a spell's additional costs (118.8) are not asked for: when it is cast by
    flashback (XMage #1967: Deprive cast by Snapcaster Mage's flashback returned no land), or
    whenever they can't be paid (the cost treated as optional)."""
    def install(stack, run):
        casting = locate.module_of("cast")
        pay = vars(casting)["pay_permanent_costs"]
        illegal = locate.obj("IllegalAction")

        def make(cast):
            def faulty(game, args, offered=False):
                card = game.objs[game.labels[args["card"]]].card if args.get("card") in game.labels else None
                extra = set(map(id, card.additional_costs)) if card is not None else set()
                if only_flashback and args.get("alternative") != "flashback":
                    return cast(game, args, offered)

                def lax(g, caster, costs, *rest):
                    if only_flashback:
                        return pay(g, caster, tuple(c for c in costs if id(c) not in extra), *rest)
                    try:
                        return pay(g, caster, costs, *rest)
                    except illegal:
                        rest_costs = tuple(c for c in costs if id(c) not in extra)
                        return pay(g, caster, rest_costs, *rest) if rest_costs else None
                with mock.patch.object(casting, "pay_permanent_costs", lax):
                    return cast(game, args, offered)
            return faulty
        locate.patch(stack, "cast", make)
    return install


class _NoSuchStatic:
    """Stands in for a static ability class the faulty engine doesn't know about."""


def _minimum_ignored(when=None):
    """Trinisphere's minimum is not applied (`when(watch)` says for which casts; always)."""
    def install(stack, run):
        watch = watch_casts(stack, CastWatch())
        costs_module = importlib.import_module(locate.obj("total_cost").__module__)

        def make(total_cost):
            def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
                if when is not None and not when(watch):
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
                with mock.patch.object(costs_module, "MinimumCost", _NoSuchStatic):
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
            return faulty
        locate.patch(stack, "total_cost", make)
    return install


def _minimum_before_x(stack, run):
    """Trinisphere's minimum is applied while X still counts as 0; X is added afterwards."""
    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            xs = base.xs + sum(k.cost.xs for k in kicks)
            return total_cost(game, card, caster, base, kicks, 0, n_targets, chosen).plus_generic(x * xs)
        return faulty
    locate.patch(stack, "total_cost", make)


def _modifiers(game, card, caster, n_targets=0, chosen=()):
    """(increase, reduction, minimum) of the spell's own cost changes and the cost modifiers on
    the battlefield for this spell."""
    modifier, minimum_kind = locate.obj("CostModifier"), locate.obj("MinimumCost")
    own = locate.obj("SelfCostModifier")
    increase = reduction = minimum = 0
    for st in card.statics:
        if isinstance(st, own):
            n = st.amount_for(game, caster, n_targets)
            increase, reduction = increase + max(n, 0), reduction + max(-n, 0)
    for sid in game.battlefield:
        src = game.objs[sid]
        for st in src.card.statics:
            if isinstance(st, modifier) and st.applies(src, card, caster, chosen):
                n = st.amount_for(game, src)
                increase, reduction = increase + max(n, 0), reduction + max(-n, 0)
            elif isinstance(st, minimum_kind) and not (st.while_untapped and src.tapped):
                minimum = max(minimum, st.amount)
    return increase, reduction, minimum


def _reductions_before_increases(stack, run):
    """Reductions are applied before increases, so a reduction finding no generic mana is lost
    even though an increase adds generic mana (601.2f adds increases first)."""
    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            cost = base
            for k in kicks:
                cost = cost + k.cost
            cost = cost.with_x(x)
            increase, reduction, minimum = _modifiers(game, card, caster, n_targets, chosen)
            cost = cost.plus_generic(-reduction).plus_generic(increase)
            if cost.total < minimum:
                cost = cost.plus_generic(minimum - cost.total)
            return cost
        return faulty
    locate.patch(stack, "total_cost", make)


def _generic_reduction_takes_colored(stack, run):
    """A reduction of generic mana that finds too little generic mana takes colored mana."""
    cost_type = locate.obj("Cost")

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            cost = total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
            full = base
            for k in kicks:
                full = full + k.cost
            full = full.with_x(x)
            increase, reduction, _ = _modifiers(game, card, caster, n_targets, chosen)
            leftover = reduction - (full.generic + increase)
            if leftover <= 0 or cost.generic:
                return cost
            typed = list(cost.typed)
            for i in range(len(typed)):
                take = min(typed[i], leftover)
                typed[i] -= take
                leftover -= take
            return cost_type(cost.generic, tuple(typed), cost.xs)
        return faulty
    locate.patch(stack, "total_cost", make)


def _modifiers_filtered(keep, when):
    """Only the cost modifiers `keep(modifier)` accepts apply, for the casts `when(watch)`."""
    def install(stack, run):
        watch = watch_casts(stack, CastWatch())
        modifier = locate.obj("CostModifier")

        def make(total_cost):
            def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
                if not when(watch):
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
                applies = modifier.applies
                with mock.patch.object(modifier, "applies",
                                       lambda self, *a: keep(self) and applies(self, *a)):
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
            return faulty
        locate.patch(stack, "total_cost", make)
    return install


def _reduction_ignores_spell_types(stack, run):
    """"Instant and sorcery spells you cast cost {1} less" reduces every spell you cast."""
    def make(applies):
        def faulty(self, src, spell_card, caster, chosen=()):
            if self.amount < 0 and self.types_any:
                if self.yours and src.controller != caster:
                    return False
                return True
            return applies(self, src, spell_card, caster, chosen)
        return faulty
    locate.patch_method(stack, "CostModifier", "applies", make)


def _printed_alternative_plus_mana_cost(stack, run):
    """Paying a printed alternative cost (Force of Will's) still asks for the mana cost."""
    watch = watch_casts(stack, CastWatch())

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            if watch.alternative == "printed" and card.cost is not None:
                base = card.cost
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


def _converge_skips_colored_symbols(stack, run):
    """Converge counts only the colors of the mana spent beyond the colored symbols of the
    total cost (mana spent on {U}{G} of Bring to Light is not counted)."""
    paying = {}

    def make_payment(mana_payment):
        def faulty(args, total, pool, caster, name):
            paying["total"] = total
            return mana_payment(args, total, pool, caster, name)
        return faulty
    locate.patch(stack, "_mana_payment", make_payment)

    def make_colors(colors_of_payment):
        def faulty(paid):
            total = paying.pop("total", None)
            if total is None:
                return colors_of_payment(paid)
            return colors_of_payment([max(0, p - t) for p, t in zip(paid, total.typed)])
        return faulty
    locate.patch(stack, "colors_of_payment", make_colors)


def _converge_counts_permanents(stack, run):
    """Converge's "number of colors of mana spent" is read as the number of permanents."""
    def make(call):
        return lambda self, ctx: len(ctx.game.battlefield)
    locate.patch_method(stack, "ColorsSpent", "__call__", make)


def _free(watch) -> bool:
    return watch.alternative == "without-paying-mana-cost"


TRINISPHERE = ("Trinisphere", "trinisphere")
BOLT = ("Lightning Bolt", "lb")

FAULTS = [
    Fault("trinisphere_ignored", "601.2f",
          "Trinisphere's \"costs at least three mana\" is not applied: a spell is cast for its "
          "lower total cost",
          _minimum_ignored(),
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}{R}"},
                "bob": {"battlefield": cards(TRINISPHERE)}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}}]),
          report=f"{PHASE}/issues/296"),
    Fault("trinisphere_before_x", "601.2f",
          "Trinisphere's minimum is applied before X is added, so X spells are overcharged",
          _minimum_before_x,
          case({"alice": {"hand": cards(("Comet Storm", "comet")), "mana": "{R}{R}{R}{R}"},
                "bob": {"battlefield": cards(TRINISPHERE)}},
               [{"cast": {"card": "comet", "x": 1, "targets": ["bob"], "pay": "{R}{R}{R}"}}]),
          report=f"{PHASE}/issues/1438"),
    Fault("trinisphere_ignored_for_free_spells", "601.2f",
          "a spell cast without paying its mana cost ignores Trinisphere's minimum",
          _minimum_ignored(_free),
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}{R}",
                          "battlefield": cards(("Omniscience", "omni"))},
                "bob": {"battlefield": cards(TRINISPHERE)}},
               [{"cast": {"card": "lb", "alternative": "without-paying-mana-cost", "targets": ["bob"],
                          "pay": ""}}])),
    Fault("reductions_before_increases", "601.2f",
          "cost reductions are applied before cost increases, so a {1} reduction is lost on a "
          "spell without generic mana even though an increase adds {1}",
          _reductions_before_increases,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}{R}",
                          "battlefield": cards(("Helm of Awakening", "helm"))},
                "bob": {"battlefield": cards(("Sphere of Resistance", "sphere"))}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("generic_reduction_pays_colored", "118.7a",
          "a generic cost reduction that finds no generic mana reduces colored mana instead",
          _generic_reduction_takes_colored,
          case({"alice": {"hand": cards(BOLT), "mana": "{R}",
                          "battlefield": cards(("Helm of Awakening", "helm"))}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": ""}}])),
    Fault("increase_ignored_for_free_spells", "118.9d",
          "a cost increase (Thalia) is not applied to a spell cast without paying its mana cost",
          _modifiers_filtered(lambda m: m.amount < 0, _free),
          case({"alice": {"hand": cards(BOLT), "mana": "{R}",
                          "battlefield": cards(("Omniscience", "omni"))},
                "bob": {"battlefield": cards(("Thalia, Guardian of Thraben", "thalia"))}},
               [{"cast": {"card": "lb", "alternative": "without-paying-mana-cost", "targets": ["bob"],
                          "pay": ""}}])),
    Fault("reduction_ignores_spell_types", "601.2f",
          "a reduction for instant and sorcery spells (Goblin Electromancer) reduces every spell",
          _reduction_ignores_spell_types,
          case({"alice": {"hand": cards(("Grizzly Bears", "bears")), "mana": "{G}{G}",
                          "battlefield": cards(("Goblin Electromancer", "electromancer"))}},
               [{"cast": {"card": "bears", "pay": "{G}"}}]),
          report=f"{PHASE}/issues/141"),
    Fault("printed_alternative_cost_plus_mana_cost", "118.9",
          "paying Force of Will's alternative cost still requires paying its mana cost",
          _printed_alternative_plus_mana_cost,
          case({"alice": {"hand": cards(BOLT, ("Force of Will", "fow"), ("Counterspell", "blue")),
                          "mana": "{R}"}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "fow", "alternative": "printed", "targets": ["lb"], "pay": ""}}]),
          report=f"{MAGE}/issues/384"),
    Fault("converge_skips_colored_symbols", "207.2c",
          "converge doesn't count the colors of mana spent on the colored symbols of the cost",
          _converge_skips_colored_symbols,
          case({"alice": {"hand": cards(("Kaleidoscorch", "scorch")), "mana": "{W}{R}"}},
               [{"cast": {"card": "scorch", "targets": ["bob"], "pay": "{W}{R}"}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/3816"),
    Fault("converge_counts_permanents", "207.2c",
          "converge counts the permanents on the battlefield instead of the colors spent",
          _converge_counts_permanents,
          case({"alice": {"hand": cards(("Painful Truths", "truths")), "mana": "{B}{B}{B}",
                          "library": cards(("Island", "i1"), ("Island", "i2"), ("Island", "i3")),
                          "battlefield": cards(("Forest", "f1"), ("Forest", "f2"))}},
               [{"cast": {"card": "truths", "pay": "{B}{B}{B}"}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/307"),
    Fault("flashback_skips_additional_costs", "118.9d",
          "Deprive cast by the flashback Snapcaster Mage gives it returns no land: the additional cost "
          "is skipped with the alternative cost",
          _additional_costs_skipped(only_flashback=True),
          case({"alice": {"hand": cards(("Snapcaster Mage", "snap")), "graveyard": cards(("Deprive", "deprive")),
                          "battlefield": cards(("Island", "island")), "mana": "{U}{U}{U}{U}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "snap", "pay": "{U}{U}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "snap", "targets": ["deprive"]}]}}},
                {"resolve": {}},
                {"cast": {"card": "deprive", "alternative": "flashback", "targets": ["bolt"], "pay": "{U}{U}"}}]),
          report=f"{MAGE}/issues/1967"),
    Fault("unpayable_additional_cost_is_skipped", "601.2h",
          "a mandatory additional cost that can't be paid (Deprive with no land to return) is skipped and "
          "the spell is cast anyway",
          _additional_costs_skipped(only_flashback=False),
          case({"alice": {"hand": cards(("Deprive", "deprive")), "mana": "{U}{U}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "deprive", "targets": ["bolt"], "pay": "{U}{U}"}}])),
]
