"""Faulty engines for costs to attack (508.1h-j, 508.1: Ghostly Prison, Norn's Annex) and Phyrexian
mana (107.4f, 601.2b, 119.4, 202.3g: Gitaxian Probe, Norn's Annex, Trinisphere).

Three do what a real engine's bug report says it did: a cost to attack never charged (phase.rs
#309, Archangel of Tithes and the whole "can't attack you unless ... pays" class), an unpaid cost
that drops the creature from the attack but leaves it tapped (XMage #4145, War Tax), a Phyrexian
symbol that can't be paid with life (phase.rs #175) and the life-or-mana choice made after
Trinisphere has set the total (XMage #1617). The others are designed: each breaks one word of the
rules the spec claims (how much, who pays, when mana abilities are activated, its color, how much
life, enough life, its mana value).
"""

from __future__ import annotations

from unittest import mock

from reference_impl.state.game import IllegalAction
from reference_impl.state.mana import TYPES, ZERO, Cost

from . import locate
from .fault import Fault, cards, case

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"

_PRISON = {"battlefield": cards(("Ghostly Prison", "prison"))}
_BEARS_AND_PLAINS = cards(("Grizzly Bears", "bears"), ("Plains", "p1"), ("Plains", "p2"))
_ATTACK_PAYING = [{"declare_attackers": {"attackers": [{"card": "bears"}],
                                         "tap_for_mana": {"permanents": ["p1", "p2"]}}}]
_PROBE = cards(("Gitaxian Probe", "probe"))


# ----------------------------------------------------------------------- costs to attack


def _attack_costs_ignored(stack, run):
    """No permanent's cost to attack is ever charged: the total cost to attack is always zero."""
    locate.patch(stack, "attack_cost", lambda _original: lambda game, chosen: ZERO)


def _unpaid_attackers_drop_out_tapped(stack, run):
    """When the total cost to attack can't be paid, the last declared attackers are dropped one by
    one until the rest can be paid; the dropped creatures stay tapped (508.1f came first)."""
    def make(pay):
        def faulty(game, args, chosen, player):
            for n in range(len(chosen), -1, -1):
                snap = game.clone()
                try:
                    pay(game, args, chosen[:n], player)
                except IllegalAction:
                    game.restore(snap)
                    if n == 0:
                        raise
                    continue
                game.attackers = tuple(chosen[:n])
                return
        return faulty
    locate.patch(stack, "pay_attack_costs", make)


def _attack_cost_once_per_permanent(stack, run):
    """A permanent's cost to attack is charged once however many creatures attack its controller."""
    attack_cost_type = locate.obj("AttackCost")

    def faulty(game, chosen):
        total = ZERO
        for sid in game.battlefield:
            src = game.objs[sid]
            for st in src.card.statics:
                if isinstance(st, attack_cost_type) and any(a == src.controller for _, a in chosen):
                    total = total + st.cost
        return total
    locate.patch(stack, "attack_cost", lambda _original: faulty)


def _defending_player_pays(stack, run):
    """The total cost to attack is taken from the defending player's mana pool and life."""
    def make(pay):
        def faulty(game, args, chosen, player):
            pay(game, args, chosen, game.opponent(player))
        return faulty
    locate.patch(stack, "pay_attack_costs", make)


def _mana_abilities_after_the_payment(stack, run):
    """The mana abilities of the declaration (`tap_for_mana`) are activated only after the costs to
    attack are paid, so their mana pays none of them."""
    activate = locate.obj("activate_mana_abilities")

    def make(pay):
        def faulty(game, args, chosen, player):
            pay(game, {k: v for k, v in args.items() if k != "tap_for_mana"}, chosen, player)
            if "tap_for_mana" in args:
                activate(game, args["tap_for_mana"], "declare_attackers.tap_for_mana")
        return faulty
    locate.patch(stack, "pay_attack_costs", make)


# ----------------------------------------------------------------------- Phyrexian mana


def _phyrexian_life_refused(stack, run):
    """A Phyrexian symbol can't be paid with 2 life: the announcement is ignored and every one is
    paid with mana of its color."""
    locate.patch(stack, "announce_phyrexian",
                 lambda announce: lambda given, cost, where, what: announce(None, cost, where, what))


def _phyrexian_always_life(stack, run):
    """A Phyrexian symbol can't be paid with mana: every one is paid with 2 life, whatever the
    payer announces."""
    locate.patch(stack, "announce_phyrexian",
                 lambda _announce: lambda given, cost, where, what: cost.pay_phyrexian(cost.phyrexian))


def _life_chosen_after_the_total_cost(stack, run):
    """The choice of life for a Phyrexian symbol is made after the total cost is determined: cost
    increases and Trinisphere count the symbol as one mana of its color, which is then taken off
    the total (Trinisphere's three mana become two and 2 life)."""
    casting = locate.module_of("_announce_hybrid")
    announce, total_cost = casting.announce_phyrexian, casting.total_cost
    paid_with_life: list = []

    def faulty_announce(given, cost, where, what):
        mana, life = announce(given, cost, where, what)
        paid_with_life[:] = Cost.parse(given).phyrexian if given else ()
        return mana, life

    def faulty_total(game, card, caster, base, *rest):
        colors, paid_with_life[:] = tuple(paid_with_life), ()
        if not colors:
            return total_cost(game, card, caster, base, *rest)
        as_mana = base + Cost.parse("".join("{%s}" % c for c in colors))
        total = total_cost(game, card, caster, as_mana, *rest)
        typed, generic = list(total.typed), total.generic
        for c in colors:
            i = TYPES.index(c)
            if typed[i]:
                typed[i] -= 1
            else:
                generic = max(0, generic - 1)
        return Cost(generic, tuple(typed), total.xs, total.hybrid, total.phyrexian)
    stack.enter_context(mock.patch.object(casting, "announce_phyrexian", faulty_announce))
    stack.enter_context(mock.patch.object(casting, "total_cost", faulty_total))


def _life_paid_below_the_amount(stack, run):
    """Life for Phyrexian symbols is paid whatever the payer's life total: at 1 life, 2 life can be
    paid (the total goes below 0)."""
    from reference_impl import runner

    cast = runner.cast
    boost = 1000

    def faulty(game, args, *rest, **kw):
        if not (isinstance(args, dict) and args.get("phyrexian_life")):
            return cast(game, args, *rest, **kw)
        for p in game.players.values():
            p.life += boost
        try:
            return cast(game, args, *rest, **kw)
        finally:
            for p in game.players.values():
                p.life -= boost
    stack.enter_context(mock.patch.object(runner, "cast", faulty))


def _phyrexian_counts_zero(stack, run):
    """A Phyrexian symbol counts 0 in mana value."""
    def make(mana_value):
        def faulty(o) -> int:
            cost = o.card.cost
            return mana_value(o) - (len(cost.phyrexian) if cost is not None else 0)
        return faulty
    locate.patch(stack, "mana_value", make)


_COSTS = "costs-to-attack/the-total-cost-to-attack#"
_PARTIAL = "costs-to-attack/no-partial-payment#"
_PEER_PRISON = "peers-phase/costs-to-attack#"
_PEER_ANNEX = "peers-phase/phyrexian-costs-to-attack#"
_PHYREXIAN = "phyrexian-mana/one-mana-of-its-color-or-2-life#"

FAULTS = [
    Fault("attack_costs_never_charged", "508.1h",
          "creatures attack through Ghostly Prison and Norn's Annex without paying: no cost to attack is "
          "ever charged",
          _attack_costs_ignored,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))}, "bob": _PRISON},
               [{"declare_attackers": {"attackers": [{"card": "bears"}]}}]),
          report=f"{PHASE}/issues/309",
          claims=(_COSTS + "the-total-cost", _PARTIAL + "the-game-returns-to-the-moment-before",
                  _PEER_PRISON + "the-total-cost-is-paid", _PEER_PRISON + "declining-leaves-no-attackers",
                  _PEER_ANNEX + "unpaid-means-no-attack")),
    Fault("unpaid_attackers_drop_out_tapped", "508.1j",
          "an attack whose cost can't be paid in full goes ahead with the attackers it can pay for; the "
          "others are dropped but stay tapped",
          _unpaid_attackers_drop_out_tapped,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "b1"), ("Grizzly Bears", "b2"),
                                               ("Plains", "p1"), ("Plains", "p2"))}, "bob": _PRISON},
               [{"declare_attackers": {"attackers": [{"card": "b1"}, {"card": "b2"}],
                                       "tap_for_mana": {"permanents": ["p1", "p2"]}}}]),
          report=f"{MAGE}/issues/4145",
          claims=(_PARTIAL + "partial-payments-not-allowed", _PARTIAL + "the-game-returns-to-the-moment-before",
                  _PEER_PRISON + "declining-leaves-no-attackers", _PEER_ANNEX + "unpaid-means-no-attack")),
    Fault("attack_cost_once_per_permanent", "508.1h",
          "(designed) Ghostly Prison's {2} is charged once for the whole attack, not for each creature "
          "attacking its controller",
          _attack_cost_once_per_permanent,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "b1"), ("Grizzly Bears", "b2"), ("Plains", "p1"),
                                               ("Plains", "p2"), ("Plains", "p3"), ("Plains", "p4"))},
                "bob": _PRISON},
               [{"declare_attackers": {"attackers": [{"card": "b1"}, {"card": "b2"}],
                                       "tap_for_mana": {"permanents": ["p1", "p2", "p3", "p4"]},
                                       "pay": "{W}{W}{W}{W}"}}]),
          claims=(_COSTS + "the-total-cost", _PEER_PRISON + "the-total-cost-is-paid")),
    Fault("attack_cost_paid_by_the_defending_player", "508.1h",
          "(designed) the total cost to attack is paid from the defending player's mana pool and life, "
          "not the active player's",
          _defending_player_pays,
          case({"alice": {"battlefield": _BEARS_AND_PLAINS}, "bob": _PRISON}, _ATTACK_PAYING),
          claims=(_COSTS + "the-active-player-pays",)),
    Fault("attack_mana_abilities_after_the_payment", "508.1i",
          "(designed) the mana abilities activated during the declaration of attackers come after the "
          "costs to attack are paid: their mana pays none of them",
          _mana_abilities_after_the_payment,
          case({"alice": {"battlefield": _BEARS_AND_PLAINS}, "bob": _PRISON}, _ATTACK_PAYING),
          claims=(_COSTS + "mana-abilities-during-the-declaration",)),
    Fault("phyrexian_mana_cant_be_paid_with_life", "107.4f",
          "a Phyrexian mana symbol can't be paid with 2 life: Gitaxian Probe needs {U}",
          _phyrexian_life_refused,
          case({"alice": {"hand": _PROBE}}, [{"cast": {"card": "probe", "targets": ["bob"],
                                                         "phyrexian_life": "{U/P}"}}]),
          report=f"{PHASE}/issues/175",
          claims=(_PHYREXIAN + "or-by-paying-2-life", _PEER_ANNEX + "or-with-2-life",
                  "peers-xmage/norns-annex#life-announced-for-a-cost-to-attack")),
    Fault("phyrexian_mana_always_paid_with_life", "107.4f",
          "(designed) a Phyrexian mana symbol can't be paid with mana of its color: every one costs 2 life",
          _phyrexian_always_life,
          case({"alice": {"hand": _PROBE, "mana": "{U}"}},
               [{"cast": {"card": "probe", "targets": ["bob"], "pay": "{U}"}}]),
          claims=(_PHYREXIAN + "one-mana-of-its-color", _PEER_ANNEX + "with-one-mana-of-its-color")),
    Fault("phyrexian_life_chosen_after_the_total_cost", "601.2b",
          "life or mana for a Phyrexian symbol is chosen after the total cost: under Trinisphere Gitaxian "
          "Probe paid with life costs {2} and 2 life instead of {3} and 2 life",
          _life_chosen_after_the_total_cost,
          case({"alice": {"hand": _PROBE, "mana": "{C}{C}"}, "bob": {"battlefield": cards(("Trinisphere", "t"))}},
               [{"cast": {"card": "probe", "targets": ["bob"], "phyrexian_life": "{U/P}", "pay": "{C}{C}"}}]),
          report=f"{MAGE}/issues/1617",
          claims=("phyrexian-mana/announced-as-the-spell-is-cast#life-or-colored-mana-announced",
                  "peers-xmage/phyrexian-mana-under-trinisphere#life-paid-is-not-mana")),
    Fault("phyrexian_life_paid_below_the_amount", "119.4",
          "(designed) 2 life for a Phyrexian symbol is paid whatever the payer's life total: at 1 life "
          "Gitaxian Probe is cast for life",
          _life_paid_below_the_amount,
          case({"alice": {"life": 1, "hand": _PROBE}},
               [{"cast": {"card": "probe", "targets": ["bob"], "phyrexian_life": "{U/P}"}}]),
          claims=(_PHYREXIAN + "only-with-enough-life",)),
    Fault("phyrexian_symbol_counts_zero_in_mana_value", "202.3g",
          "(designed) a Phyrexian mana symbol counts 0 in mana value: Norn's Annex has mana value 3",
          _phyrexian_counts_zero,
          case({"alice": {"hand": _PROBE, "mana": "{U}"}},
               [{"cast": {"card": "probe", "targets": ["bob"], "pay": "{U}"}}]),
          claims=("phyrexian-mana/one-in-mana-value#contributes-1",)),
]
