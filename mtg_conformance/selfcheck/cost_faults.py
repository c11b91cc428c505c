"""Faulty engines that determine the total cost (601.2f), the payment (601.2h) or the mana
value (202.3) wrongly."""

from __future__ import annotations

from unittest import mock

from reference_impl.rules.abilities import CostModifier
from reference_impl.state.game import Game

from .fault import Fault, cards, case
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
        for module in ("view", "rules.abilities", "effects"):
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

FAULTS = [
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
