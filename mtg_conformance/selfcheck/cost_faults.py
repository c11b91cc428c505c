"""Faulty engines that determine the total cost (601.2f), the payment (601.2h) or the mana
value (202.3) wrongly.

The faults of this rule area, the total cost (601.2f) and paying it (601.2g-h, 118.9): the designed ones
first (`DESIGNED`), then those modelled on real engines' bug reports (`REPORTED`; each
`report` names its report).
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from unittest import mock

from reference_impl.rules.abilities import ManaAbility
from reference_impl.rules.statics import CostModifier
from reference_impl.state.game import Game

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS, BEARS_NAME
from .hooks import CastWatch, watch_casts
from .patching import track_casts, wrap, wrap_attr


def _total_cost_for_alternative(keep):
    """With an alternative cost (flashback), only the cost modifiers `keep(amount)` accepts
    apply: the others were applied to the mana cost the alternative cost replaced."""
    def install(stack, run):
        track_casts(stack, run)
        applies = CostModifier.applies

        def filtered(self, src, spell_card, caster, chosen=()):
            return keep(self.amount) and applies(self, src, spell_card, caster, chosen)

        def make(total_cost):
            def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
                if run.alternative != "flashback":
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
                with mock.patch.object(CostModifier, "applies", filtered):
                    return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
            return faulty
        wrap(stack, "reference_impl.rules.casting.total_cost", make)
    return install


def _total_without_kicker(stack, run):
    def make(total_cost):
        return lambda game, card, caster, base, kicks, x, n_targets=0, chosen=(): total_cost(
            game, card, caster, base, [], x, n_targets, chosen)
    wrap(stack, "reference_impl.rules.casting.total_cost", make)


def _multikicker_paid_once(stack, run):
    def make(total_cost):
        return lambda game, card, caster, base, kicks, x, n_targets=0, chosen=(): total_cost(
            game, card, caster, base, list(dict.fromkeys(kicks)), x, n_targets, chosen)
    wrap(stack, "reference_impl.rules.casting.total_cost", make)


def _overpay(stack, run):
    def payment_covers(cost, paid):
        rest = 0
        for i in range(6):
            extra = paid[i] - cost.typed[i]
            if extra < 0:
                return False
            rest += extra
        return rest >= cost.generic  # extra mana is accepted (and counted as spent)
    stack.enter_context(mock.patch("reference_impl.rules.casting.payment_matches", payment_covers))


def _mana_value(compute):
    """Replace the mana value seen by the view, cost checks and effects (202.3)."""
    def install(stack, run):
        def make(mana_value):
            return lambda o: compute(o, mana_value)
        for module in ("view", "rules.abilities", "effects.amounts", "effects.zones"):
            wrap(stack, f"reference_impl.{module}.mana_value", make)
    return install


def _x_zero_on_stack(o, mana_value):
    return o.card.cost.total if o.card.cost is not None else 0


def _flashback_cost_mv(o, mana_value):
    if (o.zone == "stack" and o.spell is not None and o.spell.alternative == "flashback"
            and o.card.flashback is not None):
        return o.card.flashback.mana.mana_value(o.spell.x)
    return mana_value(o)


def _payment_kept_after_illegal_cast(stack, run):
    def make(restore):
        def faulty(self, snap):
            pools = {name: p.pool[:] for name, p in self.players.items()}
            restore(self, snap)
            for name, pool in pools.items():  # the mana already paid is not given back
                self.players[name].pool = pool
        return faulty
    wrap_attr(stack, Game, "restore", make)


FIREBOLT_IN_GRAVEYARD = cards(("Firebolt", "firebolt"))

DESIGNED = [
    Fault("reduction_lost_with_flashback", "601.2f",
          "cost reductions are applied to the mana cost before the flashback cost replaces it, "
          "so they are lost",
          _total_cost_for_alternative(lambda amount: amount > 0),
          case({"alice": {"graveyard": FIREBOLT_IN_GRAVEYARD, "mana": "{R}{R}{R}{R}",
                          "battlefield": cards(("Goblin Electromancer", "electromancer"))}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"],
                          "pay": "{R}{R}{R}{R}"}}])),
    Fault("increase_ignored_with_flashback", "118.9d",
          "cost increases (Thalia) are not applied to a flashback cost",
          _total_cost_for_alternative(lambda amount: amount < 0),
          case({"alice": {"graveyard": FIREBOLT_IN_GRAVEYARD, "mana": "{R}{R}{R}{R}{R}{R}"},
                "bob": {"battlefield": cards(("Thalia, Guardian of Thraben", "thalia"))}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}}])),
    Fault("total_cost_ignores_kicker", "601.2f",
          "the total cost leaves out the kicker cost: a spell is kicked without paying for it",
          _total_without_kicker,
          case({"alice": {"hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{R}{R}{R}{R}"}}])),
    Fault("multikicker_cost_paid_once", "702.33c",
          "a multikicked spell's total cost includes the multikicker cost once, however many kicks",
          _multikicker_paid_once,
          case({"alice": {"hand": cards(("Everflowing Chalice", "chalice")), "mana": "{C}{C}{C}{C}"}},
               [{"cast": {"card": "chalice", "kicks": 2, "pay": "{C}{C}{C}{C}"}}])),
    Fault("overpaying_allowed", "601.2h",
          "a player may pay more mana than the total cost (e.g. to add colors for converge)",
          _overpay,
          case({"alice": {"hand": cards(("Kaleidoscorch", "scorch")), "mana": "{W}{U}{R}"}},
               [{"cast": {"card": "scorch", "targets": ["bob"], "pay": "{W}{U}{R}"}}])),
    Fault("x_is_zero_on_the_stack", "202.3e",
          "X in a spell's mana cost counts as 0 on the stack too",
          _mana_value(_x_zero_on_stack),
          case({"alice": {"hand": cards(("Comet Storm", "comet")), "mana": "{R}{R}{R}{R}"}},
               [{"cast": {"card": "comet", "x": 2, "targets": ["bob"], "pay": "{R}{R}{R}{R}"}}])),
    Fault("flashback_cost_is_mana_value", "202.3",
          "a spell cast with flashback has the mana value of its flashback cost",
          _mana_value(_flashback_cost_mv),
          case({"alice": {"graveyard": FIREBOLT_IN_GRAVEYARD, "mana": "{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"]}}])),
    Fault("payment_kept_after_illegal_cast", "733.1",
          "a cast that turns out illegal after its mana was paid is undone, but the mana is not",
          _payment_kept_after_illegal_cast,
          case({"alice": {"graveyard": cards(("Deep Analysis", "analysis")), "mana": "{U}{U}",
                          "life": 2}},
               [{"cast": {"card": "analysis", "alternative": "flashback", "targets": ["alice"],
                          "pay": "{U}{U}"}}])),
]


# ---------------------------------------------------------------- modelled on real bug reports

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

REPORTED = [
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


def _reductions_skip_mana_spells(stack, run):
    """Cost reductions don't apply to a spell whose effect adds mana (a ritual)."""
    def make(original):
        def applies(self, src, spell_card, caster, chosen=()):
            if self.amount < 0 and any(type(e).__name__ == "AddMana" for e in getattr(spell_card, "spell_effects", ())):
                return False
            return original(self, src, spell_card, caster, chosen)
        return applies
    locate.patch_method(stack, "CostModifier", "applies", make)


FAULTS = DESIGNED + REPORTED


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _modifier_applies(change):
    """Patch CostModifier.applies: `change(modifier, answer, src, caster) -> bool`."""
    def install(stack, run):
        cls = locate.obj("CostModifier")

        def make(applies):
            def faulty(self, src, spell_card, caster, chosen=()):
                return change(self, applies(self, src, spell_card, caster, chosen), src, caster)
            return faulty
        wrap_attr(stack, cls, "applies", make)
    return install


def _self_amount(change):
    """Patch SelfCostModifier.amount_for: `change(modifier, game, caster, n_targets, amount_for)`."""
    def install(stack, run):
        cls = locate.obj("SelfCostModifier")
        wrap_attr(stack, cls, "amount_for", lambda amount_for: lambda self, game, caster, n_targets:
                  change(self, game, caster, n_targets, amount_for))
    return install


def _self_condition_ignored(m, game, caster, n_targets, amount_for):
    from dataclasses import replace
    return amount_for(replace(m, condition=None), game, caster, n_targets)


def _self_reductions_lost(m, game, caster, n_targets, amount_for):
    return max(0, amount_for(m, game, caster, n_targets))


def _per_extra_target_ignored(m, game, caster, n_targets, amount_for):
    return 0 if m.per_extra_target else amount_for(m, game, caster, n_targets)


def _per_counted_once(stack, run):
    """"Cost {n} less for each ..." counts at most one."""
    cls = locate.obj("CostModifier")

    def make(amount_for):
        def faulty(self, game, src):
            n = amount_for(self, game, src)
            return max(-abs(self.amount), min(abs(self.amount), n)) if self.per is not None else n
        return faulty
    wrap_attr(stack, cls, "amount_for", make)


def _hybrid_first_color_only(stack, run):
    """A two-colour hybrid symbol ({G/W}) is paid only with its first colour."""
    def make(pay_hybrid):
        def faulty(hybrid, left):
            return pay_hybrid(tuple(p if p[0] == "2" else p[0] * 2 for p in hybrid), left)
        return faulty
    locate.patch(stack, "_pay_hybrid", make)


def _announcements(keep):
    """Cost.announcements keeps only the options `keep(cost, option)` allows."""
    def install(stack, run):
        cost_class = locate.obj("Cost")

        def make(announcements):
            def faulty(self):
                options = announcements(self)
                if not self.mono_hybrid:
                    return options
                return [o for o in options if keep(self, o)] or options[:1]
            return faulty
        wrap_attr(stack, cost_class, "announcements", make)
    return install


def _only_colored(cost, option):
    return option.generic == cost.generic


def _only_generic(cost, option):
    return sum(option.typed) == sum(cost.typed)


def _free_cast_charged(stack, run):
    """A spell cast "without paying its mana cost" is charged its mana cost."""
    from .patching import track_casts
    track_casts(stack, run)

    def make(total_cost):
        def faulty(game, card, caster, base, *a, **k):
            if run.alternative == "without-paying-mana-cost" and card.cost is not None:
                base = card.cost
            return total_cost(game, card, caster, base, *a, **k)
        return faulty
    locate.patch(stack, "total_cost", make)


def _partial_payment(stack, run):
    """A payment of part of the total cost's mana is accepted as paying it."""
    casting = locate.module_of("_mana_payment")
    matches = casting.payment_matches

    def faulty(total, paid):
        return matches(total, paid) or 0 < sum(paid) < total.total
    stack.enter_context(mock.patch.object(casting, "payment_matches", faulty))


CHILL_SHOCK = case({"alice": {"battlefield": cards(("Chill", "chill")), "hand": cards(("Shock", "shock")),
                                "mana": "{R}{C}{C}"}},
                   [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}])


def JAVELIN(mana):  # noqa: N802 - a case, like the constants around it
    return case({"alice": {"hand": cards(("Flame Javelin", "javelin")), "mana": mana}},
                [{"cast": {"card": "javelin", "targets": ["bob"], "pay": mana}}])


def _sacrifice_costs_skipped(stack, run):
    """"Sacrifice a creature" in a cost is accepted but the creature stays (701.21a)."""
    def make(pay):
        def faulty(game, caster, costs, x, choices, name, spell_colors=(), source=None):
            kept = tuple(c for c in costs if c.action != "sacrifice")
            rest = {k: v for k, v in choices.items() if k != "sacrifice_cost"}
            return pay(game, caster, kept, x, rest, name, spell_colors, source)
        return faulty
    locate.patch(stack, "pay_permanent_costs", make)


def _unless_payment_ignored(stack, run):
    """"Counter target spell unless its controller pays {X}": when the controller pays, nothing
    is paid (and the spell is not countered), 118.12a."""
    def make(apply):
        def faulty(self, ctx):
            if self.unless is not None and ctx.choices.get("pay_unless"):
                return None
            return apply(self, ctx)
        return faulty
    locate.patch_method(stack, "CounterSpell", "apply", make)


def _affinity_counts_one(stack, run):
    """A self cost reduction "for each" thing counts one, whatever the number (702.41a)."""
    def make(amount_for):
        def faulty(self, game, caster, n_targets):
            full = amount_for(self, game, caster, n_targets)
            return max(full, self.amount) if self.per is not None and full else full
        return faulty
    locate.patch_method(stack, "SelfCostModifier", "amount_for", make)


def _colored_cost_changes_ignored(stack, run):
    """Cost increases and reductions of colored mana ("cost {W} more", "costs {G} less for each")
    change nothing (601.2f)."""
    for cls in ("CostModifier", "SelfCostModifier"):
        def make(amount_for):
            def faulty(self, *args):
                return 0 if self.color is not None else amount_for(self, *args)
            return faulty
        locate.patch_method(stack, cls, "amount_for", make)


def _sacrifice_costs_unseen(stack, run):
    """Permanents sacrificed to pay a cost leave no record: their dies abilities don't trigger."""
    def make(pay):
        def faulty(game, *args, **kwargs):
            before = len(game.left)
            pay(game, *args, **kwargs)
            game.left = game.left[:before]
        return faulty
    wrap(stack, "reference_impl.rules.activation.pay_permanent_costs", make)
    wrap(stack, "reference_impl.rules.casting.pay_permanent_costs", make)


def _counters_on_source_count_nothing(stack, run):
    """"For each +1/+1 counter on [this permanent]" counts nothing (the reduction never applies)."""
    from reference_impl.rules.filters import SourceCounters
    wrap_attr(stack, SourceCounters, "count", lambda count: lambda self, game, player, source=None: 0)


FAULTS += [
    Fault("cost_increases_ignored", "601.2f",
          "(designed) cost increases of permanents on the battlefield (Chill, Thalia) are not added to the total cost",
          _modifier_applies(lambda m, answer, src, caster: answer and m.amount <= 0), CHILL_SHOCK),
    Fault("cost_increase_for_every_spell", "601.2f",
          "(designed) a cost increase for some spells (Chill: red spells) increases every spell's cost",
          _modifier_applies(lambda m, answer, src, caster: answer or m.amount > 0),
          case({"alice": {"battlefield": cards(("Chill", "chill"), ("Bear Cub", "c")),
                          "hand": cards(("Giant Growth", "gg")), "mana": "{G}{C}{C}"}},
               [{"cast": {"card": "gg", "targets": ["c"], "pay": "{G}"}}])),
    Fault("cost_reduction_only_for_its_controller", "601.2f",
          "(designed) a cost reduction for every player's spells (Arcane Melee) reduces only its controller's",
          _modifier_applies(lambda m, answer, src, caster: answer and (m.amount > 0 or src.controller == caster)),
          case({"alice": {"hand": cards(("Lightning Strike", "ls")), "mana": "{R}{C}{C}"},
                "bob": {"battlefield": cards(("Arcane Melee", "melee"))}},
               [{"cast": {"card": "ls", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("self_reduction_condition_ignored", "601.2f",
          "(designed) \"this spell costs {n} less if ...\" reduces the cost when the condition doesn't hold",
          _self_amount(_self_condition_ignored),
          case({"alice": {"hand": cards(("Wizard's Lightning", "wl")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("self_cost_reductions_lost", "601.2f",
          "(designed) a spell's own \"costs {n} less\" is not subtracted from its total cost",
          _self_amount(_self_reductions_lost),
          case({"alice": {"battlefield": cards(("Fugitive Wizard", "w")), "hand": cards(("Wizard's Lightning", "wl")),
                          "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("cost_per_extra_target_ignored", "601.2f",
          "(designed) \"costs {1} more for each target beyond the first\" (Fireball) adds nothing",
          _self_amount(_per_extra_target_ignored),
          case({"alice": {"hand": cards(("Fireball", "fb")), "mana": "{C}{C}{C}{C}{R}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "fb", "targets": ["bob", "bears"], "x": 2, "pay": "{C}{C}{R}"}}])),
    Fault("cost_reduction_per_counted_once", "601.2f",
          "(designed) \"costs {1} less for each ...\" (Temur Battlecrier) reduces by one step however many there are",
          _per_counted_once,
          case({"alice": {"battlefield": cards(("Temur Battlecrier", "t"), ("Golden Bear", "bear")),
                          "hand": cards(("Water Elemental", "we")), "mana": "{C}{U}{U}"}},
               [{"cast": {"card": "we", "pay": "{C}{U}{U}"}}])),
    Fault("hybrid_paid_only_with_its_first_color", "107.4e",
          "(designed) a two-colour hybrid symbol ({G/W}) is paid only with its first colour",
          _hybrid_first_color_only,
          case({"alice": {"hand": cards(("Fracturing Gust", "gust")), "mana": "{W}{W}{W}{C}{C}"}},
               [{"cast": {"card": "gust", "pay": "{W}{W}{W}{C}{C}"}}])),
    Fault("monocolored_hybrid_not_paid_with_two_mana", "107.4e",
          "(designed) a monocoloured hybrid symbol ({2/R}) can be paid only with its colour, not with two mana",
          _announcements(_only_colored), JAVELIN("{C}{C}{C}{C}{C}{C}")),
    Fault("monocolored_hybrid_not_paid_with_its_color", "107.4e",
          "(designed) a monocoloured hybrid symbol ({2/R}) can be paid only with two mana, not with one of its colour",
          _announcements(_only_generic), JAVELIN("{R}{R}{R}")),
    Fault("free_cast_charged_its_mana_cost", "118.9",
          "(designed) a spell cast \"without paying its mana cost\" (Omniscience) is charged its mana cost",
          _free_cast_charged,
          case({"alice": {"battlefield": cards(("Omniscience", "omni")), "hand": cards(("Gray Ogre", "ogre"))}},
               [{"cast": {"card": "ogre", "alternative": "without-paying-mana-cost"}}])),
    Fault("partial_mana_payment_accepted", "601.2h",
          "(designed) paying part of a spell's total cost (less mana than it costs) is accepted",
          _partial_payment,
          case({"alice": {"hand": cards(("Wizard's Lightning", "wl")), "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "wl", "targets": ["bob"], "pay": "{R}"}}])),
    Fault("affinity_counts_one", "702.41a", "affinity reduces the cost by {1} once, not once for each "
          "permanent it counts", _affinity_counts_one,
          case({"alice": {"battlefield": cards(("Forest", "f1"), ("Forest", "f2"), ("Forest", "f3"), ("Forest", "f4")),
                          "hand": cards(("Tangle Golem", "golem")), "mana": "{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "golem"}}])),
    Fault("sacrifice_costs_skipped", "701.21a", "a sacrifice cost is accepted but the sacrificed creature stays on "
          "the battlefield", _sacrifice_costs_skipped,
          case({"alice": {"battlefield": cards(("Nantuko Husk", "husk"), (BEARS_NAME, "bears"))}},
               [{"activate": {"card": "husk", "choices": {"sacrifice_cost": ["bears"]}}}, {"resolve": {}}])),
    Fault("unless_payment_ignored", "118.12a", "paying for \"counter unless its controller pays\" takes no mana",
          _unless_payment_ignored,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}{C}{C}"},
                "bob": {"battlefield": cards((BEARS_NAME, "bears")), "hand": cards(("Spell Rupture", "rupture")),
                        "mana": "{U}{C}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "rupture", "by": "bob", "targets": ["moon"], "pay": "{U}{C}"}},
                {"resolve": {"choices": {"pay_unless": True}}}])),
    Fault("colored_cost_changes_ignored", "601.2f", "cost increases and reductions of colored mana are not "
          "added to or taken from the total cost", _colored_cost_changes_ignored,
          case({"alice": {"battlefield": cards(("Alabaster Leech", "leech")),
                          "hand": cards(("Savannah Lions", "lions")), "mana": "{W}{W}"}},
               [{"cast": {"card": "lions"}}])),
    Fault("sacrificed_for_a_cost_doesnt_die", "701.21a",
          "(designed) a creature sacrificed to pay a cost triggers no dies ability",
          _sacrifice_costs_unseen,
          case({"alice": {"battlefield": cards(("Zulaport Cutthroat", "z"), ("Bloodflow Connoisseur", "c"))}},
               [{"activate": {"card": "c", "choices": {"sacrifice_cost": ["z"]}}}, {"pass_until_empty": {}}])),
    Fault("per_counter_cost_reduction_ignored", "601.2f",
          "(designed) a cost reduction \"for each +1/+1 counter on\" its source (Animar) reduces nothing",
          _counters_on_source_count_nothing,
          case({"alice": {"battlefield": [{"card": "Animar, Soul of Elements", "label": "a", "counters": {"+1/+1": 1}}],
                          "hand": cards(("Silvercoat Lion", "l")), "mana": "{W}"}},
               [{"cast": {"card": "l", "pay": "{W}"}}, {"pass_until_empty": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _source_and_ability(game, args):
    """The permanent an `activate` step names and the ability it activates (None if the step is
    malformed: the engine reports that itself)."""
    if not isinstance(args, dict) or args.get("card") not in game.labels:
        return None, None
    o = game.objs[game.labels[args["card"]]]
    index = args.get("ability", 0)
    abilities = o.card.activated
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(abilities):
        return o, None
    return o, abilities[index]


def _wrap_activate(stack, before, after):
    from . import locate

    def make(activate):
        def faulty(game, args):
            o, ab = _source_and_ability(game, args)
            saved = before(o, ab) if ab is not None else None
            activate(game, args)
            if ab is not None:
                after(o, ab, saved)
        return faulty
    locate.patch(stack, "activate", make)


def _counters_conjured(stack, run):
    """A cost that removes counters is paid by a permanent without them: the missing counters are
    taken from nothing (118.3 not checked)."""
    def before(o, ab):
        for kind, n in ab.remove_counters:
            if o.counters.get(kind, 0) < n:
                o.counters[kind] = n
    _wrap_activate(stack, before, lambda o, ab, saved: None)


def _counters_not_removed(stack, run):
    """A cost that removes counters is accepted, but the counters stay on the permanent."""
    def before(o, ab):
        return {kind: o.counters.get(kind, 0) for kind, _ in ab.remove_counters}

    def after(o, ab, saved):
        for kind, n in (saved or {}).items():
            if n:
                o.counters[kind] = n
    _wrap_activate(stack, before, after)


def _mana_sacrifice_skipped(stack, run):
    """A mana ability's "Sacrifice this artifact" cost is not paid: the source stays."""
    wrap_attr(stack, ManaAbility, "sacrifice_self", lambda default: property(lambda self: False))


def _cant_pay_ignored(stack, run):
    """"Players can't pay life or sacrifice creatures to cast spells or activate abilities" is not
    checked: the costs are paid as usual (101.2)."""
    from . import locate

    module = locate.module_of("life_and_creature_sacrifice_forbidden")
    stack.enter_context(mock.patch.object(module, "life_and_creature_sacrifice_forbidden", lambda game: False))


def _discard_cost_skipped(stack, run):
    """"Discard another card named [this card]" is not paid: the ability is activated without it."""
    from reference_impl.rules.abilities import ActivatedAbility

    wrap_attr(stack, ActivatedAbility, "discard_another_named", lambda default: property(lambda self: False))


_TRIGON = {"card": "Trigon of Corruption", "label": "trigon"}


FAULTS += [
    Fault("counter_cost_paid_without_counters", "118.3",
          "a cost that removes counters from a permanent is paid by one without those counters (designed)",
          _counters_conjured,
          case({"alice": {"battlefield": [_TRIGON], "mana": "{C}{C}"},
                "bob": {"battlefield": cards(("Coral Merfolk", "merfolk"))}},
               [{"activate": {"card": "trigon", "ability": 1, "targets": ["merfolk"], "pay": "{C}{C}"}}])),
    Fault("counter_cost_removes_nothing", "602.2b",
          "a cost that removes counters is accepted but the counters stay on the permanent (designed)",
          _counters_not_removed,
          case({"alice": {"battlefield": [dict(_TRIGON, counters={"charge": 1})], "mana": "{C}{C}"},
                "bob": {"battlefield": cards(("Coral Merfolk", "merfolk"))}},
               [{"activate": {"card": "trigon", "ability": 1, "targets": ["merfolk"], "pay": "{C}{C}"}}])),
    Fault("cant_pay_life_or_sacrifice_ignored", "101.2",
          "under \"players can't pay life or sacrifice creatures\" a creature is sacrificed to pay a cost (designed)",
          _cant_pay_ignored,
          case({"alice": {"battlefield": cards(("Angel of Jubilation", "angel"), ("Corpse Traders", "traders"),
                                               ("Grizzly Bears", "bears")), "mana": "{B}{C}{C}"},
                "bob": {"hand": cards(("Island", "bisland"))}},
               [{"activate": {"card": "traders", "targets": ["bob"], "pay": "{B}{C}{C}",
                              "choices": {"sacrifice_cost": ["bears"]}}}])),
    Fault("grandeur_discard_not_paid", "118.3",
          "\"Discard another card named [this card]\" is not paid: the ability is activated without it (designed)",
          _discard_cost_skipped,
          case({"bob": {"battlefield": cards(("Oriss, Samite Guardian", "oriss")),
                        "hand": cards(("Oriss, Samite Guardian", "oriss2"))}},
               [{"activate": {"card": "oriss", "ability": 1, "targets": ["alice"]}}])),
    Fault("mana_ability_sacrifice_skipped", "701.21a",
          "a mana ability's \"Sacrifice this artifact\" cost is not paid: the artifact stays (designed)",
          _mana_sacrifice_skipped,
          case({"alice": {"battlefield": cards(("Chromatic Star", "star")), "mana": "{C}",
                          "library": cards(("Island", "lib1"))}},
               [{"tap_for_mana": {"permanents": ["star"], "color": "U"}}])),
]


# ---- sub-rules of 107, 119 and 202 the cost entries cite (cited_claims.SECTIONS_1_TO_4) -------------------

def _x_kept_off_the_stack(o, mana_value):
    """A permanent keeps the X of the spell it was in its mana value (107.3g: 0 off the stack)."""
    cost = o.card.cost
    if cost is not None and cost.xs and o.zone == "battlefield" and o.etb is not None:
        return cost.mana_value(o.etb.x)
    return mana_value(o)


def _free_cast_takes_any_x(stack, run):
    """A spell with {X} cast without paying its mana cost may be announced with any X (107.3b:
    only 0): the cast is made with X 0, then the spell gets the X announced."""
    def make(cast):
        def faulty(game, args, **how):
            x = args.get("x") if isinstance(args, dict) else None
            if not x or args.get("alternative") != "without-paying-mana-cost":
                return cast(game, args, **how)
            cast(game, {**args, "x": 0}, **how)
            top = game.objs[game.stack[-1]]
            top.spell = replace(top.spell, x=x)
        return faulty
    wrap(stack, "reference_impl.runner.cast", make)


class _AnyLife(int):
    """A life total that is never less than a payment (the 119.4 check always passes)."""

    def __lt__(self, other):
        return False


def _life_paid_beyond_the_total(stack, run):
    """A player may pay more life than they have (119.4: only up to their life total)."""
    def make(check):
        def faulty(game, life, name):
            check(game, life, name)
            for p in game.players.values():
                if p.life < life:
                    p.life = _AnyLife(p.life)
        return faulty
    locate.patch(stack, "check_life_payment", make)


def _zero_life_forbidden(stack, run):
    """An effect that says players can't pay life forbids paying 0 life as well (119.4b: 0 life
    can always be paid): the check is made as if a life was to be paid."""
    def make(check):
        def faulty(game, life, name):
            check(game, max(life, 1), name)
        return faulty
    locate.patch(stack, "check_life_payment", make)


FAULTS += [
    Fault("x_counted_off_the_stack", "107.3g",
          "(designed) a permanent keeps in its mana value the X of the spell it was: Chalice of the Void cast "
          "with X=1 has mana value 2 on the battlefield",
          _mana_value(_x_kept_off_the_stack),
          case({"alice": {"hand": cards(("Chalice of the Void", "chalice")), "mana": "{C}{C}"}},
               [{"cast": {"card": "chalice", "x": 1, "pay": "{C}{C}"}}, {"resolve": {}}])),
    Fault("free_cast_takes_any_x", "107.3b",
          "(designed) a spell with {X} cast without paying its mana cost (Omniscience) may have any X, not only 0",
          _free_cast_takes_any_x,
          case({"alice": {"battlefield": cards(("Omniscience", "omni")), "hand": cards(("Comet Storm", "comet"))}},
               [{"cast": {"card": "comet", "alternative": "without-paying-mana-cost", "x": 2, "targets": ["bob"],
                          "pay": ""}}])),
    Fault("life_paid_beyond_the_total", "119.4",
          "(designed) a player may pay more life than their life total: Deep Analysis's flashback (3 life) is "
          "cast from 2 life",
          _life_paid_beyond_the_total,
          case({"alice": {"graveyard": cards(("Deep Analysis", "analysis")), "mana": "{U}{C}", "life": 2}},
               [{"cast": {"card": "analysis", "alternative": "flashback", "targets": ["alice"], "pay": "{U}{C}"}}])),
    Fault("zero_life_forbidden_by_cant_pay_life", "119.4b",
          "(designed) \"players can't pay life\" stops a payment of 0 life too: under Angel of Jubilation Toxic "
          "Deluge can't be cast with X = 0",
          _zero_life_forbidden,
          case({"alice": {"hand": cards(("Toxic Deluge", "deluge")), "mana": "{B}{C}{C}"},
                "bob": {"battlefield": cards(("Angel of Jubilation", "angel"))}},
               [{"cast": {"card": "deluge", "x": 0, "pay": "{B}{C}{C}"}}])),
]


def _kicker_x_costs_nothing(stack, run):
    """An {X} in a kicker cost (an additional cost) is left out of the total cost: X there is
    not the announced value (107.3a), so Verdeloth the Ancient kicked with X=2 costs {4}{G}{G}."""
    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            kicks = [replace(k, cost=k.cost.with_x(0)) if k.cost is not None and k.cost.xs else k for k in kicks]
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


FAULTS += [
    Fault("kicker_x_costs_nothing", "107.3a",
          "(designed) an {X} in a kicker cost counts 0 in the total cost, not the announced X: Verdeloth the "
          "Ancient kicked with X=2 costs {4}{G}{G} and still makes two Saprolings",
          _kicker_x_costs_nothing,
          case({"alice": {"hand": cards(("Verdeloth the Ancient", "verdeloth")), "mana": "{G}{G}{C}{C}{C}{C}"}},
               [{"cast": {"card": "verdeloth", "kicks": 1, "x": 2, "pay": "{G}{G}{C}{C}{C}{C}"}}])),
]


def _printed_alternative_cost_mandatory(stack, run):
    """A card with a printed alternative cost (Force of Will) can be cast only for that cost: its
    mana cost can't be paid instead (118.9b: alternative costs are generally optional)."""
    from reference_impl.state.game import IllegalAction

    def make(cast):
        def faulty(game, args, **how):
            label = args.get("card") if isinstance(args, dict) else None
            oid = game.labels.get(label) if isinstance(label, str) else None
            o = game.objs.get(oid) if oid is not None else None
            if o is not None and o.card.alt_cost is not None and args.get("alternative") is None:
                raise IllegalAction("118.9b", f"{label} can be cast only for its alternative cost")
            return cast(game, args, **how)
        return faulty
    wrap(stack, "reference_impl.runner.cast", make)


FAULTS += [
    Fault("printed_alternative_cost_mandatory", "118.9b",
          "(designed) a spell with a printed alternative cost must be cast for it: Force of Will can't be cast "
          "for its mana cost",
          _printed_alternative_cost_mandatory,
          case({"alice": {"hand": cards(("Lightning Bolt", "lb"), ("Force of Will", "fow")),
                          "mana": "{R}{U}{U}{C}{C}{C}"}},
               [{"cast": {"card": "lb", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "fow", "targets": ["lb"], "pay": "{U}{U}{C}{C}{C}"}}])),
]


def _alternative_cost_waives_timing(stack, run):
    """A spell cast from the hand for an alternative cost (Omniscience's "without paying its mana
    cost", a printed alternative cost) is cast at any time: 117.1a's sorcery timing is waived."""
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            options, waived = permission(game, o, caster, zone, alt, name)
            return options, waived or (zone == "hand" and alt in ("without-paying-mana-cost", "printed"))
        return faulty
    wrap(stack, "reference_impl.rules.casting._permission", make)


FAULTS += [
    Fault("alternative_cost_waives_timing", "117.1a",
          "(designed) a spell cast for an alternative cost ignores sorcery timing: under Omniscience alice casts "
          "Divination without paying its mana cost while her Lightning Bolt is on the stack",
          _alternative_cost_waives_timing,
          case({"alice": {"battlefield": cards(("Omniscience", "omni")),
                          "hand": cards(("Lightning Bolt", "lb"), ("Divination", "div")),
                          "library": cards(("Plains", "p1"), ("Plains", "p2"))}},
               [{"cast": {"card": "lb", "alternative": "without-paying-mana-cost", "targets": ["bob"], "pay": ""}},
                {"cast": {"card": "div", "alternative": "without-paying-mana-cost", "pay": ""}}])),
]


# -- a claim quoting 701.9a, which the 207.2c entry (Oriss's grandeur) cites (selfcheck/cited_claims.py)

def _discarded_into_exile(stack, run):
    """A card that goes from a hand to the graveyard (a discard: as a cost, by an effect, to the
    maximum hand size) is exiled instead."""
    def make(move):
        def faulty(self, o, zone, top=True):
            if o.zone == "hand" and zone == "graveyard":
                zone = "exile"
            return move(self, o, zone, top)
        return faulty
    wrap_attr(stack, Game, "move", make)


FAULTS += [
    Fault("discarded_card_exiled", "701.9a",
          "(designed) a discarded card is exiled instead of put into its owner's graveyard: the Oriss, Samite "
          "Guardian bob discards for the grandeur cost goes to exile",
          _discarded_into_exile,
          case({"bob": {"battlefield": cards(("Oriss, Samite Guardian", "oriss")),
                        "hand": cards(("Oriss, Samite Guardian", "oriss2"))}},
               [{"activate": {"card": "oriss", "ability": 1, "targets": ["alice"]}}])),
]


# ---- Cited sub-rule 118.7c (the claim quoting it: selfcheck/cited_claims.py) -------------------------

def _colored_changes(game, card, caster, n_targets, chosen) -> list:
    """The colored increases (+) and reductions (-) for this spell, per mana type W U B R G C."""
    modifier, own = locate.obj("CostModifier"), locate.obj("SelfCostModifier")
    colored = [0] * 6
    for st in card.statics:
        if isinstance(st, own) and st.color is not None:
            colored["WUBRGC".index(st.color)] += st.amount_for(game, caster, n_targets)
    for sid in game.battlefield:
        src = game.objs[sid]
        for st in src.card.statics:
            if isinstance(st, modifier) and st.color is not None and st.applies(src, card, caster, chosen):
                colored["WUBRGC".index(st.color)] += st.amount_for(game, src)
    return colored


def _excess_colored_reduction_lost(stack, run):
    """A colored reduction larger than that color's part of the cost stops at nothing: the
    difference is lost instead of reducing the generic part (118.7c). Done by giving the cost
    as many more symbols of that color as the excess, which the reduction then takes away."""
    cost_type = locate.obj("Cost")

    def make(total_cost):
        def faulty(game, card, caster, base, kicks, x, n_targets=0, chosen=()):
            colored = _colored_changes(game, card, caster, n_targets, chosen)
            typed = base.typed
            for k in kicks:
                typed = tuple(a + b for a, b in zip(typed, k.cost.typed))
            excess = [max(0, -d - t) for t, d in zip(typed, colored)]
            if any(excess):
                base = base + cost_type(0, tuple(excess))
            return total_cost(game, card, caster, base, kicks, x, n_targets, chosen)
        return faulty
    locate.patch(stack, "total_cost", make)


FAULTS += [
    Fault("excess_colored_reduction_lost", "118.7c",
          "(designed) a colored cost reduction larger than that color's part of the cost reduces it to nothing and "
          "no more: Khalni Hydra with nine green creatures under Sphere of Resistance still costs {1}",
          _excess_colored_reduction_lost,
          case({"alice": {"battlefield": cards(("Sphere of Resistance", "sphere"),
                                               *((BEARS_NAME, f"b{i}") for i in range(9))),
                          "hand": cards(("Khalni Hydra", "hydra")), "mana": "{G}"}},
               [{"cast": {"card": "hydra", "pay": ""}}])),
]


# -- 601.2h: "Unpayable costs can't be paid": a stated payment must come out of the pool

def _payment_not_checked_against_the_pool(stack, run):
    """A payment that matches the total cost is taken even when the pool doesn't hold it: mana
    the player doesn't have pays a cost (the pool goes below zero)."""
    def make(mana_payment):
        def faulty(args, total, pool, caster, name):
            if "pay" not in args:
                return mana_payment(args, total, pool, caster, name)
            roomy = [n + 9 for n in pool]
            paid = mana_payment(args, total, roomy, caster, name)
            pool[:] = [n - 9 for n in roomy]
            return paid
        return faulty
    locate.patch(stack, "_mana_payment", make)


FAULTS += [
    Fault("payment_not_checked_against_the_pool", "601.2h",
          "(designed) a payment matching the total cost is taken whether or not the pool holds it: Grizzly Bears "
          "is paid with {G}{W} from a pool of {G}{C}",
          _payment_not_checked_against_the_pool,
          case({"alice": {"hand": cards(BEARS), "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{W}"}}]),
          claims=("pool/converge#unpayable-costs",)),
    Fault("cost_reduction_skips_mana_spells", "601.2f",
          "(designed, after the report XMage's CostModificationTest.testCostReductionForPyreticRitual quotes: "
          "\"Goblin Electromancer, but somehow Pyretic Ritual wasn't cheaper\") a cost reduction misses a spell "
          "whose effect adds mana: Pyretic Ritual still costs {1}{R}",
          _reductions_skip_mana_spells,
          case({"alice": {"battlefield": cards(("Goblin Electromancer", "electromancer")),
                          "hand": cards(("Pyretic Ritual", "ritual")), "mana": "{R}"}},
               [{"cast": {"card": "ritual", "pay": "{R}"}}]),
          claims=("peers-xmage/cost-modifiers#increases-and-reductions",)),
]


def _another_includes_the_source(stack, run):
    """"Sacrifice another ..." is read without "another": the ability's own permanent may pay it."""
    def make(original):
        def faulty(game, caster, costs, *args, **kwargs):
            costs = tuple(replace(c, other=False) if getattr(c, "other", False) else c for c in costs)
            return original(game, caster, costs, *args, **kwargs)
        return faulty
    locate.patch(stack, "pay_permanent_costs", make)


FAULTS += [
    Fault("another_includes_the_source", "602.2b",
          "(designed) an activation cost \"Sacrifice another Vampire or Zombie\" is paid as if it said \"a\": "
          "Kalitas, Traitor of Ghet is sacrificed to its own ability",
          _another_includes_the_source,
          case({"alice": {"battlefield": cards(("Kalitas, Traitor of Ghet", "kalitas")), "mana": "{B}{C}{C}"}},
               [{"activate": {"card": "kalitas", "pay": "{B}{C}{C}", "choices": {"sacrifice_cost": ["kalitas"]}}}]),
          claims=("costs/an-activation-cost-is-paid-as-a-spells-cost#paid-as-a-spells-cost-is",)),
]
