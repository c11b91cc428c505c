"""Faulty engines that get the graveyard and hand alternative costs escape (702.138) and miracle
(702.94) wrong. Escape: where it casts from, what pays its cost, what happens to an escaped spell,
the "escapes with" counters. Miracle: which draw reveals, the two "you may"s, the trigger, the
cost and the timing of the cast. All designed; each drops the claims of spec/rules/escape.yaml
or spec/rules/miracle.yaml it names (`claims`)."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.effects.amounts import Escaped
from reference_impl.rules import casting as ref_casting

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
                return [o.card.escape], False  # escape read as "you may cast this card for [cost]", from anywhere
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


def _printed_escape_only(stack, run):
    """Escape granted by another card (Underworld Breach) is not seen: only printed escape counts."""
    def make(permission):
        def faulty(game, o, caster, zone, alt, name):
            options, free = permission(game, o, caster, zone, alt, name)
            if alt == "escape":
                options = [e for e in options if e is o.card.escape]
                if not options:
                    from reference_impl.state.game import IllegalAction
                    raise IllegalAction("702.138a", f"{name} has no escape")
            return options, free
        return faulty
    wrap(stack, "reference_impl.rules.casting._permission", make)


def _alternative_lost_with_x(stack, run):
    """An escape cast with X announced loses its escape status on the way to the stack (the
    recorded alternative cost is dropped when X is chosen)."""
    def make(cast):
        def faulty(game, args, offered=False):
            cast(game, args, offered=offered)
            o = game.objs.get(game.labels.get(args.get("card")))
            if o is not None and o.spell is not None and o.spell.alternative == "escape" and o.spell.x:
                o.spell = replace(o.spell, alternative=None)
        return faulty
    wrap(stack, "reference_impl.runner.cast", make)  # the cast step


def _escaped_is(answer):
    def install(stack, run):
        stack.enter_context(mock.patch.object(Escaped, "__call__", lambda self, ctx: answer))
    return install


def _chimera_case(graveyard, steps, hand=()):
    return case({"alice": {"graveyard": cards(*graveyard), "hand": cards(*hand), "mana": ESCAPE_PAY}}, steps)


ESCAPE_CAST = {"cast": {"card": "chimera", "alternative": "escape", "pay": ESCAPE_PAY}}

M = "miracle/reveal-the-first-card-drawn-and-cast-it#"
PM = "peers-phase/miracle-casts-the-first-card-drawn#"
MIRACLE = "miracle-revealed"  # the event of miracle's linked trigger (reference_impl.cards.catalog)


def _every_draw_is_the_first(stack, run):
    """Each draw (each call drawing cards) counts as the first of the turn."""
    def make(draw):
        def faulty(game, player, n, first=False):
            game.drawn_this_turn = ()
            return draw(game, player, n, first)
        return faulty
    wrap(stack, "reference_impl.rules.actions.draw", make)


class _RevealAnyway:
    """A step's choices with its `you_may` unread (the reveal treated as not optional)."""

    __slots__ = ("choices",)

    def __init__(self, choices):
        self.choices = choices

    def get(self, key, default=None):
        return None if key == "you_may" else self.choices.get(key, default)

    def __getattr__(self, name):
        return getattr(self.choices, name)


def _on_put_triggers(change):
    def install(stack, run):
        def make(put_triggers):
            def faulty(game, choices):
                if any(trig.event == MIRACLE for _, trig, _ in game.pending):
                    game.pending, choices = change(game.pending, choices)
                return put_triggers(game, choices)
            return faulty
        wrap(stack, "reference_impl.rules.resolution.put_triggers", make)
        wrap(stack, "reference_impl.runner.put_triggers", make)
    return install


def _miracle_mana_cost(stack, run):
    def make(total_cost):
        def faulty(game, card, caster, base, *rest):
            if card.miracle is not None and base is card.miracle and card.cost is not None:
                base = card.cost
            return total_cost(game, card, caster, base, *rest)
        return faulty
    wrap(stack, "reference_impl.rules.casting.total_cost", make)


def _miracle_keeps_timing(stack, run):
    """The miracle cast, made while its trigger resolves, still follows the card's timing (117.1a)."""
    def make(cast):
        def faulty(game, args, offered=False):
            if offered and args.get("alternative") == "miracle":
                o = game.objs[game.labels[args["card"]]]
                ref_casting._check_timing(game, o, args["by"], o.card.name)
            return cast(game, args, offered=offered)
        return faulty
    wrap(stack, "reference_impl.rules.offered_casts.cast", make)


def _miracle_always_cast(stack, run):
    """The revealed card is cast whenever its trigger resolves, as if casting it were not optional."""
    def make(cast_offered):
        def faulty(game, oids, caster, choice, alternative):
            if alternative == "miracle" and choice is None and oids:
                choice = {"card": game.objs[oids[0]].label}
            return cast_offered(game, oids, caster, choice, alternative)
        return faulty
    wrap(stack, "reference_impl.rules.offered_casts.cast_offered", make)


def _tide_case(steps, library=(("Devastation Tide", "tide"), ("Forest", "forest")), islands=2):
    return case({"alice": {"library": cards(*library),
                           "battlefield": cards(*(("Island", f"i{n}") for n in range(1, islands + 1)))},
                 "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
                steps, turn={"active": "alice", "step": "upkeep"})


BREACH_CASE = case({"alice": {"battlefield": cards(("Underworld Breach", "breach")),
                               "graveyard": cards(("Endless One", "one"), *OTHERS), "mana": "{C}{C}"}},
                    [{"cast": {"card": "one", "alternative": "escape", "x": 2, "pay": "{C}{C}"}}])
TAP = {"tap_for_mana": {"permanents": ["i1", "i2"]}}
CAST_TIDE = {"resolve": {"choices": {"cast": {"card": "tide", "pay": "{U}{U}"}}}}

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
    Fault("miracle_on_any_draw", "702.94a",
          "a card with miracle is revealed and triggers when drawn after the first card of the turn",
          _every_draw_is_the_first,
          case({"alice": {"library": cards(("Forest", "forest"), ("Devastation Tide", "tide"), ("Island", "island")),
                          "hand": cards(("Deep Analysis", "analysis")),
                          "battlefield": cards(*(("Island", f"i{n}") for n in range(1, 5)))}},
               [{"advance": {"to": "main1"}}, {"tap_for_mana": {"permanents": ["i1", "i2", "i3", "i4"]}},
                {"cast": {"card": "analysis", "targets": ["alice"]}}, {"resolve": {}}],
               turn={"active": "alice", "step": "upkeep"}),
          claims=(M + "first-card-drawn-this-turn",)),
    Fault("miracle_reveal_not_optional", "702.94a",
          "a card with miracle drawn first is revealed (and triggers) even when its owner declines",
          _on_put_triggers(lambda pending, choices: (pending, _RevealAnyway(choices))),
          _tide_case([{"advance": {"to": "draw", "choices": {"you_may": False}}}]),
          claims=(M + "you-may-reveal", PM + "you-may-reveal")),
    Fault("miracle_trigger_never_triggers", "702.94a",
          "revealing a card with miracle triggers nothing (the linked triggered ability is missing)",
          _on_put_triggers(lambda pending, choices: ([p for p in pending if p[1].event != MIRACLE], choices)),
          _tide_case([{"advance": {"to": "draw"}}]),
          claims=(M + "when-you-reveal", M + "you-may-reveal", M + "linked-triggered-ability", PM + "you-may-reveal")),
    Fault("miracle_charges_the_mana_cost", "702.94a",
          "the miracle cast costs the card's mana cost rather than its miracle cost",
          _miracle_mana_cost, _tide_case([{"advance": {"to": "draw"}}, TAP, CAST_TIDE]),
          claims=(M + "rather-than-its-mana-cost", PM + "rather-than-its-mana-cost")),
    Fault("miracle_cast_keeps_sorcery_timing", "608.2g",
          "a sorcery with miracle can't be cast as its trigger resolves in the draw step (timing applied)",
          _miracle_keeps_timing, _tide_case([{"advance": {"to": "draw"}}, TAP, CAST_TIDE]),
          claims=(M + "cast-during-resolution", PM + "cast-during-resolution")),
    Fault("miracle_cast_not_optional", "702.94a",
          "the revealed card is cast as its trigger resolves though its owner doesn't cast it",
          _miracle_always_cast, _tide_case([{"advance": {"to": "draw"}}, TAP, {"resolve": {}}]),
          claims=(M + "you-may-cast-it",)),
    Fault("escape_granted_by_another_card_ignored", "702.138a",
          "escape granted to a graveyard card by another card (Underworld Breach) can't be used",
          _printed_escape_only, BREACH_CASE, claims=(A + "granted-escape", PEER + "cast-using-its-escape-ability")),
    Fault("escape_forgotten_when_x_is_announced", "702.138a",
          "a spell cast with escape and X announced is no longer recorded as cast with escape",
          _alternative_lost_with_x, BREACH_CASE, claims=(PEER + "cast-using-its-escape-ability",)),
]
