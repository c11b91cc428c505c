"""Faulty engines for "you may" answered for each triggered ability as it resolves and for optional
costs paid then (603.5, 608.2d, 118.3, 118.3a, 107.3m). Each drops claims of
spec/rules/optional-costs-on-resolution.yaml or of the ports in peer-tests-xmage-you-may-each.yaml;
all are designed (no public report known). They patch the reference engine by name: the step's
Choices.for_ability, effects.MayPay, effects.SacrificeSourceIfYouDo, effects.CreateTokenCopies,
rules.triggers.put_triggers and rules.resolution._resolve_ability.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

TRIG = "triggers/optional-abilities-are-answered-as-each-resolves#"
RES = "resolution/choices-are-announced-while-applying-the-effect#"
COST = "costs/a-cost-paid-on-resolution-needs-the-resources#"
MANA = "costs/mana-is-paid-from-the-pool#"
ELENDA = "peers-xmage/each-optional-ability-answered-alone#"
TOKEN_X = "peers-xmage/x-of-a-token-copy-is-0#"
KICKED_COPY = "peers-xmage/a-copied-kicked-creature-spell-stays-kicked#"

_RIKU = {"battlefield": cards(("Riku of Two Reflections", "riku")), "hand": cards(("Blaze", "blaze"))}
_BLAZE = {"cast": {"card": "blaze", "x": 2, "targets": ["bob"], "pay": "{R}{R}{R}"}}
_WRATH = {"alice": {"battlefield": cards(("Elenda, the Dusk Rose", "elenda"), ("Silvercoat Lion", "lion"),
                                         ("Angelic Renewal", "renewal"))},
          "bob": {"hand": cards(("Wrath of God", "wrath")), "mana": "{W}{W}{C}{C}"}}
_BOBS_TURN = {"active": "bob"}


def _riku_answers(answer: bool) -> dict:
    return {"you_may_each": [{"source": "riku", "answer": answer}]}


def _renewal_answers(lion: bool, elenda: bool) -> dict:
    return {"you_may_each": [{"source": "renewal", "about": "lion", "answer": lion},
                             {"source": "renewal", "about": "elenda", "answer": elenda}]}


def _each_answer_ignored(stack, run):
    """`you_may_each` is never read: every "you may" of a step gets the step's `you_may` (yes when
    not given), as before the feature."""
    locate.patch_method(stack, "Choices", "for_ability",
                        lambda _original: lambda self, source_label, about_label: self)


def _answer_read_as_it_triggers(stack, run):
    """An ability's "you may" answer is the one given in the step in which it triggered (and was
    put on the stack), not the one given as it resolves."""
    from reference_impl.state.game import Ability
    Choices = locate.obj("Choices")
    at_trigger: dict = {}  # id of an Ability on the stack -> the raw choices of the step that put it there

    def make_put(original):
        def put(game, choices, *args, **kwargs):
            before = {id(item) for item in game.stack}
            original(game, choices, *args, **kwargs)
            for item in game.stack:
                if isinstance(item, Ability) and id(item) not in before:
                    at_trigger[id(item)] = choices.raw
        return put

    def make_resolve(original):
        def resolve(game, ab, choices):
            raw = at_trigger.get(id(ab))
            if raw is not None:
                swapped = Choices.__new__(Choices)
                swapped.raw = {**{k: v for k, v in choices.raw.items() if k not in ("you_may", "you_may_each")},
                               **{k: raw[k] for k in ("you_may", "you_may_each") if k in raw}}
                swapped.trigger_targets = choices.trigger_targets
                choices = swapped
            return original(game, ab, choices)
        return resolve
    locate.patch(stack, "put_triggers", make_put)
    locate.patch(stack, "_resolve_ability", make_resolve)


def _declined_ability_left_off_the_stack(stack, run):
    """A triggered ability its controller has already answered no for (in the step in which it
    triggers) is not put on the stack at all."""
    from reference_impl.state.game import Ability
    about = locate.obj("_about")

    def make(original):
        def put(game, choices, *args, **kwargs):
            before = {id(item) for item in game.stack}
            original(game, choices, *args, **kwargs)
            for item in list(game.stack):
                if isinstance(item, Ability) and id(item) not in before:
                    src = game.objs.get(item.source)
                    label = src.label if src is not None else None
                    if choices.for_ability(label, about(game, item.event)).get("you_may", True) is False:
                        game.stack.remove(item)
        return put
    locate.patch(stack, "put_triggers", make)


def _optional_cost_not_paid(stack, run):
    """"You may pay [cost]. If you do, ..." answered yes does what follows without paying."""
    def make(_original):
        def apply(self, ctx):
            if ctx.choices.get("you_may", True):
                for e in self.effects:
                    e.apply(ctx)
        return apply
    locate.patch_method(stack, "MayPay", "apply", make)


def _unaffordable_cost_still_does(stack, run):
    """"You may pay [cost]. If you do, ..." answered yes by a player who can't pay the cost: the
    pool pays nothing, and what follows "If you do" happens all the same."""
    from reference_impl.state.mana import auto_payment

    def make(original):
        def apply(self, ctx):
            pool = ctx.game.players[ctx.controller].pool
            if ctx.choices.get("you_may", True) and auto_payment(self.cost, pool) is None:
                for e in self.effects:
                    e.apply(ctx)
                return
            original(self, ctx)
        return apply
    locate.patch_method(stack, "MayPay", "apply", make)


def _if_you_do_without_doing(stack, run):
    """"You may sacrifice [this permanent]. If you do, ..." answered yes after the permanent has
    already left the battlefield: nothing is sacrificed, and what follows happens all the same."""
    def make(original):
        def apply(self, ctx):
            src = ctx.source
            if ctx.choices.get("you_may", True) and src is not None and src.zone != "battlefield":
                for e in self.effects:
                    e.apply(ctx)
                return
            original(self, ctx)
        return apply
    locate.patch_method(stack, "SacrificeSourceIfYouDo", "apply", make)


def _token_copy_keeps_x(stack, run):
    """A token that copies a permanent which entered with X +1/+1 counters gets the X its original
    was cast with (as if the token had been that spell)."""
    from reference_impl.effects.selectors import _objs

    def make(original):
        def apply(self, ctx):
            game = ctx.game
            copied = _objs(ctx, self.what(ctx))
            before = set(game.battlefield)
            original(self, ctx)
            x = max((getattr(o.etb, "x", 0) for o in copied if o.etb is not None), default=0)
            for oid in game.battlefield:
                o = game.objs[oid]
                if oid not in before and o.token and x > 0 and "X +1/+1 counters" in o.card.oracle_text:
                    o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + x
        return apply
    locate.patch_method(stack, "CreateTokenCopies", "apply", make)


def _unremovable_counters_still_do(stack, run):
    """"You may remove N counters from [this]. If you do, ..." answered yes when it has fewer than N:
    it loses what it has, and what follows "If you do" happens all the same."""
    def make(original):
        def apply(self, ctx):
            src = ctx.source
            if ctx.choices.get("you_may", True) and src is not None and src.zone == "battlefield" \
                    and src.counters.get(self.kind, 0) < self.n:
                src.counters[self.kind] = 0
                for e in self.effects:
                    e.apply(ctx)
                return
            original(self, ctx)
        return apply
    locate.patch_method(stack, "MayRemoveCounters", "apply", make)


def _token_of_a_copy_forgets_its_spell(stack, run):
    """The token a copy of a permanent spell becomes (608.3f) enters without the decisions the
    copy copied (707.10): not kicked, X 0."""
    def make(original):
        def enter(game, o, info, controller, choices, tapped=False):
            if o.token and info is not None and info.cast_from is None:
                info = None
            return original(game, o, info, controller, choices, tapped)
        return enter
    locate.patch(stack, "enter_battlefield", make)


FAULTS = [
    Fault("you_may_each_ignored", "608.2d",
          "(designed) one answer for every \"you may\" of a step: the answer given for each ability is ignored",
          _each_answer_ignored,
          case(_WRATH, [{"cast": {"card": "wrath", "pay": "{W}{W}{C}{C}"}}, {"resolve": {}},
                        {"pass_until_empty": {"choices": _renewal_answers(False, True)}}], _BOBS_TURN),
          claims=(RES + "each-ability-its-own-answer", ELENDA + "the-lion-declined-elenda-returned")),
    Fault("you_may_answered_as_it_triggers", "603.5",
          "(designed) a \"you may\" ability takes the answer given in the step in which it triggered, not the "
          "one given as it resolves",
          _answer_read_as_it_triggers,
          case({"alice": {**_RIKU, "mana": "{R}{R}{R}{U}{R}{G}"}},
               [{"cast": {**_BLAZE["cast"], "choices": _riku_answers(False)}},
                {"resolve": {"choices": _riku_answers(True)}}]),
          claims=(TRIG + "the-answer-as-it-resolves",)),
    Fault("declined_optional_ability_not_on_the_stack", "603.5",
          "(designed) a triggered ability already answered no is not put on the stack",
          _declined_ability_left_off_the_stack,
          case({"alice": {**_RIKU, "mana": "{R}{R}{R}{U}{R}{G}"}},
               [{"cast": {**_BLAZE["cast"], "choices": _riku_answers(False)}}]),
          claims=(TRIG + "on-the-stack-regardless",)),
    Fault("optional_cost_not_paid", "118.3a",
          "(designed) \"you may pay [cost]. If you do, ...\" answered yes does what follows without paying",
          _optional_cost_not_paid,
          case({"alice": {**_RIKU, "mana": "{R}{R}{R}{U}{R}{G}"}},
               [_BLAZE, {"resolve": {"choices": _riku_answers(True)}}]),
          claims=(MANA + "removed-from-the-pool",)),
    Fault("unaffordable_optional_cost_still_does", "118.3",
          "(designed) \"you may pay [cost]. If you do, ...\" answered yes without the mana to pay: nothing is "
          "paid and what follows happens anyway",
          _unaffordable_cost_still_does,
          case({"alice": {**_RIKU, "mana": "{R}{R}{R}{R}{R}{G}"}},
               [_BLAZE, {"resolve": {"choices": _riku_answers(True)}}]),
          claims=(COST + "cant-pay-without-the-resources",)),
    Fault("if_you_do_without_sacrificing", "608.2d",
          "(designed) \"you may sacrifice [this]. If you do, ...\" once it has left the battlefield: nothing "
          "is sacrificed and what follows happens anyway",
          _if_you_do_without_doing,
          case(_WRATH, [{"cast": {"card": "wrath", "pay": "{W}{W}{C}{C}"}}, {"resolve": {}},
                        {"pass_until_empty": {"choices": _renewal_answers(True, True)}}], _BOBS_TURN),
          claims=(RES + "no-impossible-option",)),
    Fault("token_copy_keeps_the_x_of_its_original", "107.3m",
          "(designed) a token copy of a permanent that entered with X +1/+1 counters enters with as many, "
          "the X its original was cast with",
          _token_copy_keeps_x,
          case({"alice": {"battlefield": cards(("Riku of Two Reflections", "riku")),
                          "hand": cards(("Endless One", "one")), "mana": "{G}{G}{U}"}},
               [{"cast": {"card": "one", "x": 1, "pay": "{G}"}},
                {"pass_until_empty": {"choices": {"you_may_each": [{"source": "riku", "about": "one",
                                                                    "answer": True}]}}}]),
          claims=(TOKEN_X + "the-token-copy-enters-with-x-0",)),
    Fault("unremovable_counters_still_copy", "118.3",
          "(designed) \"you may remove N counters from [this]. If you do, ...\" answered yes with fewer than N "
          "counters: what follows happens anyway",
          _unremovable_counters_still_do,
          case({"alice": {"battlefield": [{"card": "Verazol, the Split Current", "label": "verazol",
                                           "counters": {"+1/+1": 1}}],
                          "hand": cards(("Burst Lightning", "burst")), "mana": "{R}{C}{C}{C}{C}"}},
               [{"cast": {"card": "burst", "kicks": 1, "targets": ["bob"], "pay": "{R}{C}{C}{C}{C}"}},
                {"resolve": {"choices": {"you_may_each": [{"source": "verazol", "answer": True}]}}}]),
          claims=(COST + "cant-pay-without-the-resources",)),
    Fault("token_of_a_copied_spell_forgets_its_kicker", "707.10",
          "(designed) the token a copy of a permanent spell becomes enters without the copied decisions "
          "(not kicked, X 0)",
          _token_of_a_copy_forgets_its_spell,
          case({"alice": {"hand": cards(("Verazol, the Split Current", "verazol"), ("Deathforge Shaman", "shaman")),
                          "mana": "{G}{G}{G}{U}{R}{R}{R}{R}{R}{R}{R}"}},
               [{"cast": {"card": "verazol", "x": 2, "pay": "{G}{G}{G}{U}"}}, {"resolve": {}},
                {"cast": {"card": "shaman", "kicks": 2, "pay": "{R}{R}{R}{R}{R}{R}{R}"}},
                {"pass_until_empty": {"choices": {"you_may_each": [{"source": "verazol", "answer": True}]}}}]),
          claims=(KICKED_COPY + "the-token-copy-is-kicked-too",)),
]
