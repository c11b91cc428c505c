"""Faulty engines that count the colors of mana spent (Converge, 207.2c) wrongly."""

from __future__ import annotations

from reference_impl.state.mana import COLORS

from .fault import Fault, cards, case
from .patching import top_copy_spell, view_stack_item, wrap


def _show_distinct_colors(stack):
    """The view still lists each color once, W U B R G: these engines count wrongly but
    report the payment correctly."""
    def adjust(game, obj, item):
        item["colors_spent"] = [c for c in COLORS if c in item["colors_spent"]]
    view_stack_item(stack, adjust)


def _colorless_counts(stack, run):
    def make(colors_of_payment):
        return lambda paid: colors_of_payment(paid) + (("C",) if paid[5] else ())
    wrap(stack, "reference_impl.rules.casting.colors_of_payment", make)
    _show_distinct_colors(stack)


def _each_mana_counts(stack, run):
    def make(colors_of_payment):
        return lambda paid: tuple(COLORS[i] for i in range(5) for _ in range(paid[i]))
    wrap(stack, "reference_impl.rules.casting.colors_of_payment", make)
    _show_distinct_colors(stack)


def _copy_keeps_colors(stack, run):
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            copy_spell(game, orig, controller, new_targets, colors)
            top_copy_spell(game, colors_spent=orig.spell.colors_spent)
        return faulty
    wrap(stack, "reference_impl.rules.resolution.copy_spell", make)


SCORCH = ("Kaleidoscorch", "scorch")

FAULTS = [
    Fault("converge_counts_colorless", "105.1",
          "Converge counts colorless mana spent as a color",
          _colorless_counts,
          case({"alice": {"hand": cards(SCORCH), "mana": "{R}{C}"}},
               [{"cast": {"card": "scorch", "targets": ["bob"], "pay": "{R}{C}"}}, {"resolve": {}}])),
    Fault("converge_counts_each_mana", "207.2c",
          "Converge counts each colored mana spent, so the same color counts twice (and more than five)",
          _each_mana_counts,
          case({"alice": {"hand": cards(SCORCH), "mana": "{R}{R}"}},
               [{"cast": {"card": "scorch", "targets": ["bob"], "pay": "{R}{R}"}}, {"resolve": {}}])),
    Fault("converge_copy_counts_original_colors", "707.10",
          "a copy of a Converge spell counts the colors spent on the original",
          _copy_keeps_colors,
          case({"alice": {"hand": cards(SCORCH, ("Twincast", "twin")), "mana": "{G}{R}{U}{U}"}},
               [{"cast": {"card": "scorch", "targets": ["bob"], "pay": "{G}{R}"}},
                {"cast": {"card": "twin", "targets": ["scorch"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
]
