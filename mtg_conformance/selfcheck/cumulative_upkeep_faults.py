"""Faulty engines for cumulative upkeep (702.24a) and the age counters a dies trigger counts
(608.2h). Each drops claims of spec/rules/cumulative-upkeep.yaml; all are designed (no public
report known). They patch the reference engine's `PayForEachAgeCounterOrSacrifice.apply`,
`cumulative_upkeep` (the trigger it builds) and `CountersOnSource` by name.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

UPKEEP = "cumulative-upkeep/an-increasing-cost-each-upkeep#"


def _upkeep_case(lands, choices=None, active="bob", extra=()) -> dict:
    owl = {"card": "Jotun Owl Keeper", "label": "owl", "counters": {"age": 1}}
    steps = [{"advance": {"turn": "next", "to": "upkeep"}}]
    if lands:
        steps.append({"tap_for_mana": {"permanents": [label for _, label in lands]}})
    steps.append({"resolve": {"choices": choices or {}}})
    return case({"alice": {"battlefield": [owl, *({"card": c, "label": lab} for c, lab in lands)],
                           "library": [{"card": "Grizzly Bears", "label": "lib1"}]},
                 "bob": {"library": [{"card": "Grizzly Bears", "label": "lib2"}]}},
                steps + list(extra), turn={"active": active, "step": "main2"})


_BOTH = [("Plains", "plains"), ("Island", "island")]


def _apply_with(make_apply):
    def install(stack, run):
        locate.patch_method(stack, "PayForEachAgeCounterOrSacrifice", "apply", make_apply)
    return install


def _before_the_counter(original):
    """The costs are counted before the new age counter is put on: one fewer is paid."""
    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "battlefield":
            return original(self, ctx)
        o.counters["age"] = o.counters.get("age", 0) - 1
        try:
            original(self, ctx)
        finally:
            if o.zone == "battlefield":
                o.counters["age"] = o.counters.get("age", 0) + 1
    return apply


def _one_choice_for_all(original):
    """"{W} or {U}" is chosen once for every age counter (the first option the pool pays once)."""
    def apply(self, ctx):
        pool = ctx.game.players[ctx.controller].pool
        first = next((c for c in self.options if locate.obj("auto_payment")(c, pool) is not None), self.options[0])
        return original(replace(self, options=(first,)), ctx)
    return apply


def _partial(original):
    """What the pool can pay is paid, then the permanent is sacrificed for the rest."""
    def apply(self, ctx):
        o = ctx.source
        if o is None or o.zone != "battlefield" or not ctx.choices.get("pay_unless", True):
            return original(self, ctx)
        pool = ctx.game.players[ctx.controller].pool
        pay = locate.obj("auto_payment")
        for _ in range(o.counters.get("age", 0)):
            paid = next(filter(None, (pay(c, pool) for c in self.options)), None)
            if paid is None:
                ctx.game.move(o, "graveyard")
                return
            pool[:] = [have - p for have, p in zip(pool, paid)]
    return apply


def _declining_keeps_it(original):
    """Declining to pay leaves the permanent on the battlefield."""
    def apply(self, ctx):
        if ctx.choices.get("pay_unless", True) is False:
            return None
        return original(self, ctx)
    return apply


def _every_upkeep(stack, run):
    """Cumulative upkeep triggers at the beginning of each player's upkeep, not only its controller's."""
    pays = locate.obj("PayForEachAgeCounterOrSacrifice")

    def make(original):
        def triggers_on(self, game, src, event):
            if self.event == "beginning-of" and any(isinstance(e, pays) for e in self.effects):
                return original(replace(self, each_turn=True), game, src, event)
            return original(self, game, src, event)
        return triggers_on
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def _counts_the_card_in_the_graveyard(stack, run):
    """"For each age counter on it" counts the counters of the card in the graveyard (none), not of
    the permanent as it last existed."""
    def make(_original):
        def call(self, ctx):
            src = ctx.source
            return 0 if src is None else src.counters.get(self.kind, 0)
        return call
    locate.patch_method(stack, "CountersOnSource", "__call__", make)


_MURDER = case({"alice": {"battlefield": [{"card": "Jotun Owl Keeper", "label": "owl", "counters": {"age": 2}}],
                          "hand": [{"card": "Murder", "label": "murder"}], "mana": "{C}{B}{B}"}},
               [{"cast": {"card": "murder", "targets": ["owl"], "pay": "{C}{B}{B}"}}, {"resolve": {}}, {"resolve": {}}])

FAULTS = [
    Fault("cumulative_upkeep_paid_before_the_counter", "702.24a",
          "(designed) cumulative upkeep's costs are counted before its new age counter: one fewer is paid",
          _apply_with(_before_the_counter), _upkeep_case(_BOTH, {"pay_unless": True}),
          claims=(UPKEEP + "a-counter-then-a-cost-for-each",)),
    Fault("cumulative_upkeep_one_choice_for_all_counters", "702.24a",
          "(designed) \"{W} or {U}\" is chosen once for all age counters: {W}{U} can't pay for two and the "
          "permanent is sacrificed",
          _apply_with(_one_choice_for_all), _upkeep_case(_BOTH, {"pay_unless": True}),
          claims=(UPKEEP + "each-choice-separately",)),
    Fault("cumulative_upkeep_partial_payment", "702.24a",
          "(designed) what the pool can pay of cumulative upkeep is paid before the permanent is sacrificed",
          _apply_with(_partial), _upkeep_case([("Plains", "plains")], {"pay_unless": True}),
          claims=(UPKEEP + "all-or-none",)),
    Fault("cumulative_upkeep_declined_keeps_it", "702.24a",
          "(designed) declining to pay cumulative upkeep doesn't sacrifice the permanent",
          _apply_with(_declining_keeps_it), _upkeep_case(_BOTH, {"pay_unless": False}),
          claims=(UPKEEP + "if-you-dont-sacrifice-it",)),
    Fault("cumulative_upkeep_in_every_upkeep", "702.24a",
          "(designed) cumulative upkeep triggers in the opponent's upkeep too",
          _every_upkeep, _upkeep_case([], active="alice"),
          claims=(UPKEEP + "your-upkeep",)),
    Fault("dies_trigger_counts_the_card_in_the_graveyard", "608.2h",
          "(designed) a dies trigger's \"for each age counter on it\" counts the card in the graveyard: no Birds",
          _counts_the_card_in_the_graveyard, _MURDER,
          claims=(UPKEEP + "last-known-information-counts-the-counters",)),
]
