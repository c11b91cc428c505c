"""Faulty engines that get escape (702.138) wrong: where it casts from, what pays its cost, what
happens to an escaped spell, and the "escapes with" counters. All designed; each drops the
claims of spec/rules/escape.yaml it names (`claims`)."""

from __future__ import annotations

from unittest import mock

from reference_impl.effects.amounts import Escaped

from .fault import Fault, cards, case
from .patching import wrap

A = "escape/cast-from-your-graveyard-for-the-escape-cost#"
WITH = "escape/escapes-with-counters#"
PEER = "peers-phase/escape-casts-from-the-graveyard#"
ESCAPE_PAY = "{C}{C}{C}{C}{G}"
CHIMERA = ("Loathsome Chimera", "chimera")
OTHERS = (("Grizzly Bears", "bears"), ("Lightning Bolt", "bolt"), ("Forest", "forest"))


def _from_any_zone(stack, run):
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            if alt == "escape" and o.card.escape is not None:
                return None, False  # escape read as "you may cast this card for [cost]", from anywhere
            return permission(game, o, caster, zone, alt, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._permission", make)


def _counts_itself(stack, run):
    """The card with escape counts toward its own exile cost: named among the cards exiled, or
    counted when the engine picks, it stands for one of them (and stays on the stack)."""
    def make(exile):
        def faulty(game, caster, n, chosen, name):
            me = game.objs[game.stack[-1]]  # the card being cast, on the stack since 601.2a
            if chosen is not None and me.label in chosen:
                chosen = [c for c in chosen if c != me.label]
                n -= 1
            elif chosen is None and len(game.players[caster].graveyard) == n - 1:
                n -= 1
            return exile(game, caster, n, chosen, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._exile_for_escape", make)


def _any_graveyard(stack, run):
    """Cards of any player's graveyard pay the exile part (the caster's first, then the others')."""
    def faulty(game, caster, n, chosen, name):
        if chosen is None:
            picks = [game.objs[i] for p in sorted(game.players, key=lambda p: p != caster)
                     for i in game.players[p].graveyard][:n]
        else:
            picks = [game.objs[game.labels[c]] for c in chosen if c in game.labels]
            picks = [p for p in picks if p.zone == "graveyard"]
        if len(picks) != n:
            from reference_impl.state.game import IllegalAction
            raise IllegalAction("601.2h", f"{name}: {len(picks)} graveyard card(s), {n} needed")
        for pick in picks:
            game.move(pick, "exile")
    stack.enter_context(mock.patch("reference_impl.rules.casting._exile_for_escape", faulty))


def _partial_exile(stack, run):
    """The exile part is paid as far as it can be: too few other cards exile all there are."""
    def make(exile):
        def faulty(game, caster, n, chosen, name):
            if chosen is None:
                n = min(n, len(game.players[caster].graveyard))
            return exile(game, caster, n, chosen, name)
        return faulty
    wrap(stack, "reference_impl.rules.casting._exile_for_escape", make)


def _mana_cost_instead(stack, run):
    """The escape cast charges the card's mana cost instead of its escape cost's mana."""
    def make(total_cost):
        def faulty(game, card, caster, base, *rest):
            if card.escape is not None and base is card.escape.mana and card.cost is not None:
                base = card.cost
            return total_cost(game, card, caster, base, *rest)
        return faulty
    wrap(stack, "reference_impl.rules.casting.total_cost", make)


def _escaped_spell_exiled(stack, run):
    """An escaped instant or sorcery is exiled as it resolves, as if escape were flashback."""
    def make(leave_stack):
        def faulty(game, o, dest):
            if o.spell is not None and o.spell.alternative == "escape" and dest == "graveyard":
                dest = "exile"
            return leave_stack(game, o, dest)
        return faulty
    wrap(stack, "reference_impl.rules.actions.leave_stack", make)


def _escaped_is(answer):
    def install(stack, run):
        stack.enter_context(mock.patch.object(Escaped, "__call__", lambda self, ctx: answer))
    return install


def _chimera_case(graveyard, steps, hand=()):
    return case({"alice": {"graveyard": cards(*graveyard), "hand": cards(*hand), "mana": ESCAPE_PAY}}, steps)


ESCAPE_CAST = {"cast": {"card": "chimera", "alternative": "escape", "pay": ESCAPE_PAY}}

FAULTS = [
    Fault("escape_from_the_hand", "702.138a",
          "escape casts the card from its owner's hand too, not only from a graveyard",
          _from_any_zone, _chimera_case(OTHERS, [ESCAPE_CAST], hand=(CHIMERA,)),
          claims=(A + "from-your-graveyard",)),
    Fault("escape_card_exiles_itself_for_its_cost", "702.138a",
          "the card with escape counts as one of the other cards its escape cost exiles",
          _counts_itself,
          _chimera_case((CHIMERA,) + OTHERS, [{"cast": {"card": "chimera", "alternative": "escape", "pay": ESCAPE_PAY,
                                                        "choices": {"exile": ["chimera", "bears", "bolt"]}}}]),
          claims=(A + "other-cards",)),
    Fault("escape_exiles_from_any_graveyard", "702.138a",
          "cards of another player's graveyard pay an escape cost's \"exile ... from your graveyard\"",
          _any_graveyard,
          case({"alice": {"graveyard": cards(CHIMERA, OTHERS[0], OTHERS[2]), "mana": ESCAPE_PAY},
                "bob": {"graveyard": cards(("Lightning Bolt", "bolt"))}}, [ESCAPE_CAST]),
          claims=(A + "your-graveyard",)),
    Fault("escape_exile_cost_paid_partly", "601.2h",
          "with too few other cards in the graveyard, the escape cost exiles those there are and the cast goes on",
          _partial_exile, _chimera_case((CHIMERA,) + OTHERS[:2], [ESCAPE_CAST]),
          claims=(A + "by-paying-the-cost", PEER + "may-cast-from-your-graveyard")),
    Fault("escape_charges_the_mana_cost", "702.138a",
          "a spell cast with escape costs its mana cost rather than its escape cost's mana",
          _mana_cost_instead, _chimera_case((CHIMERA,) + OTHERS, [ESCAPE_CAST]),
          claims=(A + "rather-than-its-mana-cost",)),
    Fault("escaped_sorcery_exiled", "608.2n",
          "an escaped instant or sorcery is exiled as it resolves instead of going to its owner's graveyard",
          _escaped_spell_exiled,
          case({"alice": {"graveyard": cards(("Fruit of Tizerus", "fruit"), *OTHERS), "mana": "{C}{C}{C}{B}"}},
               [{"cast": {"card": "fruit", "alternative": "escape", "targets": ["bob"]}}, {"resolve": {}}]),
          claims=(A + "escaped-sorcery-to-graveyard",)),
    Fault("escapes_with_counters_forgotten", "702.138c",
          "a permanent that escaped enters without its \"escapes with\" counters",
          _escaped_is(False), _chimera_case((CHIMERA,) + OTHERS, [ESCAPE_CAST, {"resolve": {}}]),
          claims=(WITH + "enters-with-those-counters",)),
    Fault("escapes_with_counters_without_escaping", "702.138c",
          "a permanent gets its \"escapes with\" counters though it did not escape (cast from the hand)",
          _escaped_is(True),
          case({"alice": {"hand": cards(CHIMERA), "mana": "{C}{C}{G}"}},
               [{"cast": {"card": "chimera"}}, {"resolve": {}}]),
          claims=(WITH + "if-this-permanent-escaped", WITH + "cast-with-an-escape-ability")),
]
