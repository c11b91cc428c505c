"""Faulty engines for dash (702.109a) and blitz (702.152a; spec/rules/dash-and-blitz.yaml): the
alternative cost offered where it isn't, and the haste, delayed trigger and draw ability the permanent
gets only when that cost was paid. All are designed. They patch `entered` (rules/dash_blitz.py),
`_dash_or_blitz_cost` (rules/casting.py) and `GrantBlitz` by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

DASH = "dash/cast-for-its-dash-cost#"
BLITZ = "blitz/cast-for-a-blitz-cost#"
_HENZIE = [{"card": "Henzie \"Toolbox\" Torre", "label": "henzie"}]


def _dashed(steps: list, alternative: str | None = "dash") -> dict:
    cast = {"card": "berserker", "pay": "{R}"}
    if alternative:
        cast["alternative"] = alternative
    return case({"alice": {"hand": [{"card": "Lightning Berserker", "label": "berserker"}], "mana": "{R}"}},
                [{"cast": cast}, {"resolve": {}}, *steps])


_ATTACK = [{"declare_attackers": {"attackers": [{"card": "berserker", "attacks": "bob"}]}}]
_TO_END = [{"advance": {"to": "end"}}, {"pass_until_empty": {}}]


def _blitzed(steps: list, hand: list = (), mana: str = "{W}{W}{B}{B}{C}{C}{C}{C}") -> dict:
    return case({"alice": {"battlefield": list(_HENZIE),
                           "hand": [{"card": "Serra Angel", "label": "angel"}, *hand],
                           "library": [{"card": "Wastes", "label": "wastes"}, {"card": "Forest", "label": "forest"}],
                           "mana": mana}},
                [{"cast": {"card": "angel", "alternative": "blitz", "pay": "{W}{W}{C}{C}{C}"}},
                 {"resolve": {}}, *steps])


def _sacrifice_any_object(stack, run):
    """The delayed sacrifice looks for the card, not the object: a permanent that left the battlefield
    and came back (a new object, 400.7) is sacrificed too."""
    def make(original):
        def apply(self, ctx):
            o = ctx.game.objs.get(self.oid)
            moves = o.moves if o is not None and o.zone == "battlefield" else self.moves
            original(type(self)(self.oid, moves), ctx)
        return apply
    locate.patch_method(stack, "SacrificeThat", "apply", make)


def _sacrifice_whoever_controls(stack, run):
    """The delayed sacrifice is done by the permanent's controller at the time, whoever controls the
    trigger: a blitzed creature given to another player is still sacrificed."""
    def make(original):
        def apply(self, ctx):
            o = ctx.game.objs.get(self.oid)
            if o is not None and o.zone == "battlefield" and o.moves == self.moves:
                ctx.game.move(o, "graveyard")
        return apply
    locate.patch_method(stack, "SacrificeThat", "apply", make)


def _entered_with(change):
    def install(stack, run):
        locate.patch(stack, "entered", lambda original: lambda game, o, controller, alternative:
                     change(original, game, o, controller, alternative))
    return install


def _without_haste(kind):
    def change(original, game, o, controller, alternative):
        original(game, o, controller, alternative)
        if alternative == kind:
            o.gained = tuple(k for k in o.gained if k != "haste")
    return change


def _without_delayed(kind):
    def change(original, game, o, controller, alternative):
        before = game.delayed
        original(game, o, controller, alternative)
        if alternative == kind:
            game.delayed = before
    return change


def _on_any_cast(original, game, o, controller, alternative):
    """The dash riders apply to a card with dash however it was cast (its keyword, not the cost paid)."""
    original(game, o, controller, "dash" if alternative is None and o.card.dash is not None else alternative)


def _without_draw(original, game, o, controller, alternative):
    before = game.eot_triggers, game.lasting_triggers
    original(game, o, controller, alternative)
    game.eot_triggers, game.lasting_triggers = before


def _draw_only_when_sacrificed(original, game, o, controller, alternative):
    """Blitz's draw is part of the end-step sacrifice, not an ability the permanent has: a blitzed
    creature destroyed before the end step draws nothing."""
    _without_draw(original, game, o, controller, alternative)
    if alternative == "blitz":
        trigger = game.delayed[-1][2]
        draw = locate.obj("DrawACard")()
        game.delayed = game.delayed[:-1] + ((game.delayed[-1][0], game.delayed[-1][1],
                                             type(trigger)("delayed", (*trigger.effects, draw),
                                                           controller=trigger.controller)),)


def _any_card_dashed(stack, run):
    """Any card can be cast for a "dash cost" equal to its mana cost."""
    def make(original):
        def cost(game, card, caster, alt):
            found = original(game, card, caster, alt)
            return card.cost if found is None and alt == "dash" else found
        return cost
    locate.patch(stack, "_dash_or_blitz_cost", make)


def _grant(change):
    def install(stack, run):
        locate.patch_method(stack, "GrantBlitz", "blitz_cost_for",
                            lambda original: lambda self, src, caster, card, mv: change(self, src, caster, card, mv))
    return install


FAULTS = [
    Fault("dash_without_haste", "702.109a",
          "(designed) a dashed creature doesn't have haste: it can't attack the turn it is cast",
          _entered_with(_without_haste("dash")), _dashed(_ATTACK),
          claims=(DASH + "haste-while-dashed",)),
    Fault("dash_never_returned", "702.109a",
          "(designed) a dashed creature isn't returned to its owner's hand at the next end step",
          _entered_with(_without_delayed("dash")), _dashed(_TO_END),
          claims=(DASH + "returned-at-the-next-end-step",)),
    Fault("dash_riders_on_any_cast", "702.109a",
          "(designed) a card with dash gets haste and returns at end of turn even when cast for its mana cost",
          _entered_with(_on_any_cast), _dashed(_TO_END, alternative=None),
          claims=(DASH + "only-if-the-dash-cost-was-paid",)),
    Fault("any_card_can_be_dashed", "702.109a",
          "(designed) a card without dash can be cast with dash (for its mana cost)",
          _any_card_dashed,
          case({"alice": {"hand": [{"card": "Grizzly Bears", "label": "bears"}], "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "alternative": "dash", "pay": "{G}{C}"}}]),
          claims=(DASH + "cast-for-the-dash-cost",)),
    Fault("blitz_grant_ignores_mana_value", "702.152a",
          "(designed) Henzie grants blitz to creature spells of any mana value",
          _grant(lambda self, src, caster, card, mv: card.cost if caster == src.controller
                 and "Creature" in card.types else None),
          case({"alice": {"battlefield": list(_HENZIE), "hand": [{"card": "Grizzly Bears", "label": "bears"}],
                          "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "alternative": "blitz", "pay": "{G}{C}"}}]),
          claims=(BLITZ + "cast-for-the-blitz-cost",)),
    Fault("blitz_grant_to_every_player", "702.152a",
          "(designed) Henzie's blitz reaches the creature spells its controller's opponents cast",
          _grant(lambda self, src, caster, card, mv: card.cost if "Creature" in card.types
                 and mv >= self.min_mana_value else None),
          case({"alice": {"battlefield": list(_HENZIE)},
                "bob": {"hand": [{"card": "Serra Angel", "label": "angel"}], "mana": "{W}{W}{C}{C}{C}"}},
               [{"cast": {"card": "angel", "by": "bob", "alternative": "blitz", "pay": "{W}{W}{C}{C}{C}"}}],
               {"active": "bob", "step": "main1"}),
          claims=(BLITZ + "cast-for-the-blitz-cost",)),
    Fault("blitz_not_sacrificed", "702.152a",
          "(designed) a blitzed creature isn't sacrificed at the beginning of the next end step",
          _entered_with(_without_delayed("blitz")), _blitzed(_TO_END),
          claims=(BLITZ + "sacrificed-at-the-next-end-step",)),
    Fault("blitz_sacrifices_the_new_object", "702.152a",
          "(designed) blitz's end-step sacrifice finds the card again after it left the battlefield and "
          "returned as a new object",
          _sacrifice_any_object,
          _blitzed([{"cast": {"card": "ephemerate", "targets": ["angel"], "pay": "{W}"}}, {"resolve": {}}, *_TO_END],
                   hand=[{"card": "Ephemerate", "label": "ephemerate"}], mana="{W}{W}{W}{C}{C}{C}"),
          claims=(BLITZ + "sacrificed-at-the-next-end-step",)),
    Fault("blitz_sacrifice_by_the_new_controller", "701.21a",
          "(designed) blitz's end-step sacrifice takes the creature from whoever controls it then",
          _sacrifice_whoever_controls,
          _blitzed([{"cast": {"card": "donate", "targets": ["bob", "angel"], "pay": "{U}{C}{C}"}}, {"resolve": {}},
                    *_TO_END],
                   hand=[{"card": "Donate", "label": "donate"}], mana="{W}{W}{U}{C}{C}{C}{C}{C}"),
          claims=(BLITZ + "the-sacrifice-is-the-casters",)),
    Fault("blitz_without_haste", "702.152a",
          "(designed) a blitzed creature doesn't have haste",
          _entered_with(_without_haste("blitz")),
          _blitzed([{"declare_attackers": {"attackers": [{"card": "angel", "attacks": "bob"}]}}]),
          claims=(BLITZ + "haste-and-draw-while-blitzed",)),
    Fault("blitz_without_draw", "702.152a",
          "(designed) a blitzed creature put into the graveyard draws no card",
          _entered_with(_without_draw), _blitzed(_TO_END),
          claims=(BLITZ + "haste-and-draw-while-blitzed",)),
    Fault("blitz_draw_only_from_the_sacrifice", "702.152a",
          "(designed) blitz's draw comes with the end-step sacrifice only: a blitzed creature destroyed "
          "earlier draws nothing",
          _entered_with(_draw_only_when_sacrificed),
          _blitzed([{"cast": {"card": "murder", "targets": ["angel"], "pay": "{B}{B}{C}"}},
                    {"pass_until_empty": {}}], hand=[{"card": "Murder", "label": "murder"}]),
          claims=(BLITZ + "haste-and-draw-while-blitzed",)),
]
