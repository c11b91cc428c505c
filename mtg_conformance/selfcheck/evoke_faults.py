"""Faulty engines for evoke (702.74a; spec/rules/evoke.yaml): the alternative cost refused or charged
on top of the mana cost, the sacrifice trigger dropped, made unconditional or done at once, a card's own
pitch cost paid with itself, and ward countering the wrong one of the evoked creature's abilities. Two
are modelled on real reports: phase-rs/phase#580 (Solitude's evoke not offered) and magefree/mage#8378
(ward countered the evoke trigger, the top of the stack, not the exile ability that targeted). They patch
`Evoked`, `entered`, `total_cost`, `_permission`, `_exile_a_card_from_hand` and `CounterTargetingUnless`
by name.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

EVOKE = "evoke/cast-for-its-evoke-cost-and-sacrificed#"
COSTS = "costs/the-caster-chooses-the-card-that-pays-a-cost#"
_SOLITUDE = [{"card": "Solitude", "label": "solitude"}, {"card": "Healer's Hawk", "label": "hawk"}]
_EVOKE_CAST = {"cast": {"card": "solitude", "alternative": "evoke", "pay": "", "choices": {"exile": ["hawk"]}}}
_AT_BEARS = {"resolve": {"choices": {"trigger_targets": [{"source": "solitude", "targets": ["bears"]}]}}}


def _evoked(steps: list, hand: list = _SOLITUDE, mana: str = "") -> dict:
    alice = {"hand": list(hand), **({"mana": mana} if mana else {})}
    return case({"alice": alice, "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}},
                [*steps])


def _evoked_is(answer):
    def install(stack, run):
        locate.patch_method(stack, "Evoked", "holds_for", lambda original: lambda self, info: answer)
    return install


def _sacrificed_at_once(stack, run):
    """An evoked permanent is sacrificed as it enters, by the resolution itself: nothing is put on the
    stack for it, and nothing can be done while it is on the battlefield."""
    _evoked_is(False)(stack, run)

    def make(original):
        def entered(game, o, controller, alternative):
            original(game, o, controller, alternative)
            if alternative == "evoke":
                game.move(o, "graveyard")
        return entered
    locate.patch(stack, "entered", make)


def _evoke_costs_the_mana_cost_too(stack, run):
    """Evoke read as an additional cost: the mana cost is paid besides."""
    zero = locate.obj("ZERO")

    def make(original):
        def total_cost(game, card, caster, base, *rest):
            evoke = getattr(card, "evoke", None)
            if evoke is not None and base is evoke.mana and base == zero and card.cost is not None:
                base = card.cost
            return original(game, card, caster, base, *rest)
        return total_cost
    locate.patch(stack, "total_cost", make)


def _no_evoke_without_mana(stack, run):
    """An evoke cost that is not mana ("Exile a white card from your hand") is not offered."""
    illegal = locate.obj("IllegalAction")

    def make(original):
        def permission(game, o, caster, zone, alt, name):
            if alt == "evoke" and o.card.evoke is not None and o.card.evoke.exile_color:
                raise illegal("702.74a", f"{name} has no evoke cost that can be paid")
            return original(game, o, caster, zone, alt, name)
        return permission
    locate.patch(stack, "_permission", make)


def _exile_cost_also_paid_by(accepts):
    """The pitch cost ("exile a <color> card from your hand") also accepts the named card of its color
    that `accepts(pick, caster)`."""
    def install(stack, run):
        ref_of = locate.obj("ref_of")

        def make(original):
            def exile(game, caster, color, chosen, name):
                if chosen and len(chosen) == 1:
                    pick = game.objs[ref_of(game, chosen[0])]
                    if color in pick.colors() and accepts(pick, caster):
                        game.move(pick, "exile")
                        return
                original(game, caster, color, chosen, name)
            return exile
        locate.patch(stack, "_exile_a_card_from_hand", make)
    return install


# The card being cast pays its own pitch cost: the cost is checked against where the card was before the
# cast moved it to the stack (601.2a).
_the_spell_pays_its_own_cost = _exile_cost_also_paid_by(lambda pick, caster: pick.zone == "stack"
                                                        and pick.owner == caster)
# A card of the right color in any player's hand pays "exile a <color> card from your hand".
_any_players_hand_pays = _exile_cost_also_paid_by(lambda pick, caster: pick.zone == "hand")


def _ward_counters_the_top_of_the_stack(stack, run):
    """Ward counters whichever ability is on top of the stack as it resolves (the last one put there),
    not the ability that targeted its permanent."""
    def make(original):
        def apply(self, ctx):
            game, event = ctx.game, ctx.event
            if event is not None and event.by is not None and not isinstance(event.by, int) and game.stack:
                top = game.stack[-1]
                if not isinstance(top, int):
                    ctx.event = replace(event, by=top)
                    try:
                        return original(self, ctx)
                    finally:
                        ctx.event = event
            return original(self, ctx)
        return apply
    locate.patch_method(stack, "CounterTargetingUnless", "apply", make)


_WARD_CASE = case(
    {"alice": {"hand": list(_SOLITUDE)},
     "bob": {"battlefield": [{"card": "Waterfall Aerialist", "label": "aerialist"}]}},
    [_EVOKE_CAST, {"resolve": {"choices": {"trigger_targets": [{"source": "solitude", "targets": ["aerialist"]}]}}},
     {"resolve": {"choices": {"pay_unless": False}}}, {"resolve": {}}])

FAULTS = [
    Fault("evoke_never_sacrificed", "702.74a",
          "(designed) an evoked creature is never sacrificed: evoke's enters trigger is missing",
          _evoked_is(False), _evoked([_EVOKE_CAST, _AT_BEARS, {"resolve": {}}, {"resolve": {}}]),
          claims=(EVOKE + "sacrificed-as-a-triggered-ability",)),
    Fault("evoke_sacrifice_on_any_cast", "702.74a",
          "(designed) a creature with evoke is sacrificed as it enters even when cast for its mana cost",
          _evoked_is(True),
          _evoked([{"cast": {"card": "solitude", "pay": "{W}{W}{C}{C}{C}"}}, _AT_BEARS, {"resolve": {}},
                   {"resolve": {}}], hand=_SOLITUDE[:1], mana="{W}{W}{C}{C}{C}"),
          claims=(EVOKE + "only-if-the-evoke-cost-was-paid",)),
    Fault("evoke_sacrificed_as_it_enters", "702.74a",
          "(designed) an evoked creature is sacrificed as it enters, not by a triggered ability that "
          "waits on the stack beside its other enters abilities",
          _sacrificed_at_once, _evoked([_EVOKE_CAST, _AT_BEARS]),
          claims=(EVOKE + "sacrificed-as-a-triggered-ability",)),
    Fault("evoke_costs_the_mana_cost_too", "702.74a",
          "(designed) casting a card for its evoke cost pays its mana cost as well (evoke read as an "
          "additional cost)",
          _evoke_costs_the_mana_cost_too, _evoked([_EVOKE_CAST]),
          claims=(EVOKE + "cast-for-the-evoke-cost",)),
    Fault("evoke_not_offered_for_a_card_cost", "702.74a",
          "Solitude can't be cast for its evoke cost \"Exile a white card from your hand\" (an evoke cost "
          "that is not mana is not offered)",
          _no_evoke_without_mana, _evoked([_EVOKE_CAST]),
          report="https://github.com/phase-rs/phase/issues/580",
          claims=(EVOKE + "cast-for-the-evoke-cost",)),
    Fault("pitch_cost_paid_by_the_spell_itself", "601.2h",
          "(designed) a spell's own \"exile a <color> card from your hand\" cost can be paid by exiling "
          "the spell itself, already on the stack (601.2a)",
          _the_spell_pays_its_own_cost,
          case({"alice": {"hand": [{"card": "Solitude", "label": "solitude"}]}},
               [{"cast": {"card": "solitude", "alternative": "evoke", "pay": "",
                          "choices": {"exile": ["solitude"]}}}]),
          claims=(EVOKE + "paid-as-an-alternative-cost", COSTS + "the-spell-cant-pay-its-own-cost")),
    Fault("pitch_cost_paid_from_an_opponents_hand", "601.2h",
          "(designed) \"exile a white card from your hand\" is paid with a white card from another player's hand",
          _any_players_hand_pays,
          case({"alice": {"hand": list(_SOLITUDE[:1])}, "bob": {"hand": [{"card": "Healer's Hawk", "label": "hawk"}]}},
               [_EVOKE_CAST]),
          claims=(EVOKE + "paid-as-an-alternative-cost",)),
    Fault("ward_counters_the_top_of_the_stack", "702.21a",
          "Ward counters the ability on top of the stack (an evoked Solitude's sacrifice trigger) instead "
          "of the ability that targeted the ward creature",
          _ward_counters_the_top_of_the_stack, _WARD_CASE,
          report="https://github.com/magefree/mage/issues/8378",
          claims=(EVOKE + "ward-counters-only-the-targeting-ability",)),
]
