"""Faulty engines for the XMage control-change ports (spec/rules/peer-tests-xmage-control-auras.yaml):
Threads of Disloyalty's "You control enchanted creature" (613.1b, an Aura's static ability, 611.3a)
and Legerdemain's exchange of control (701.12) of two targets that share a card type (601.2c). Each
drops one claim; all are designed (no public report known). They patch the reference engine by name
(reference_impl/rules/control.py, rules/targets.py, effects/permanents.py)."""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

AURA = "peers-xmage/control-from-an-auras-static-ability#"
EXCHANGE = "peers-xmage/exchange-of-control#"


def _aura_control_ignored(stack, run):
    """"You control enchanted creature" does nothing: the enchanted creature keeps its controller."""
    locate.patch(stack, "apply_control_statics", lambda _original: lambda game: None)


def _aura_control_locked_in(stack, run):
    """The control an Aura's static ability gave is locked in: it doesn't end when the Aura stops
    enchanting the creature (as if a resolved spell had given it)."""
    def make(original):
        def faulty(game):
            game.control_statics = tuple(r[:5] + (None,) for r in game.control_statics)
            original(game)
        return faulty
    locate.patch(stack, "apply_control_statics", make)


def _aura_control_restarted(stack, run):
    """The control an Aura's static ability gives is given anew at every check, as if the effect
    started again: the creature never stays under its new controller's control continuously."""
    def make(original):
        def faulty(game):
            original(game)
            for rec in game.control_statics:
                o = game.objs.get(rec[0])
                if o is not None and o.zone == "battlefield":
                    game.change_control(o, o.controller)
        return faulty
    locate.patch(stack, "apply_control_statics", make)


def _every_aura_gives_control(stack, run):
    """Every Aura with a static ability gives its controller control of what it enchants."""
    locate.patch(stack, "_gives_control", lambda _original: lambda card: bool(card.statics))


def _you_locked_in(stack, run):
    """The "you" of an Aura's control effect stays the player who controlled the Aura when the effect
    started, though another effect has since given the Aura to someone else."""
    def make(original):
        def faulty(game):
            kept = game.control_statics
            original(game)
            before = {(r[3], r[4]): r for r in kept}
            for rec in game.control_statics:
                old = before.get((rec[3], rec[4]))
                o = game.objs.get(rec[0])
                if old is not None and old[5] != rec[5] and o is not None and o.controller == rec[5]:
                    game.change_control(o, old[5])
            game.control_statics = tuple(before.get((r[3], r[4]), r) for r in game.control_statics)
        return faulty
    locate.patch(stack, "apply_control_statics", make)


def _exchange_one_way(stack, run):
    """An exchange of control moves only the first permanent: its controller's opponent gains it, and
    the second permanent stays where it was."""
    def make(_original):
        def apply(self, ctx):
            first = locate.obj("_objs")(ctx, ctx.targets.legal(self.a))
            second = locate.obj("_objs")(ctx, ctx.targets.legal(self.b))
            if first and second and first[0].controller != second[0].controller:
                ctx.game.change_control(first[0], second[0].controller)
        return apply
    locate.patch_method(stack, "ExchangeControl", "apply", make)


def _exchange_half_done(stack, run):
    """An exchange of control with one of its permanents gone still gives the other one away (the part
    of the exchange that can happen happens)."""
    def make(original):
        def apply(self, ctx):
            first = locate.obj("_objs")(ctx, ctx.targets.legal(self.a))
            second = locate.obj("_objs")(ctx, ctx.targets.legal(self.b))
            if first and not second and first[0].zone == "battlefield":
                ctx.game.change_control(first[0], ctx.game.opponent(first[0].controller))
                return
            original(self, ctx)
        return apply
    locate.patch_method(stack, "ExchangeControl", "apply", make)


def _any_second_target(stack, run):
    """"another target permanent that shares one of those types with it" accepts any permanent."""
    locate.patch(stack, "shares_a_type", lambda _original: lambda game, spec, ref, first: True)


def _threads(more=(), hand=(("Lightning Bolt", "bolt"),), mana="{R}", more_steps=()):
    return case({"alice": {"battlefield": cards(("Strangleroot Geist", "geist")), "hand": cards(*hand), "mana": mana},
                 "bob": {"hand": cards(("Threads of Disloyalty", "threads")), "mana": "{U}{U}{C}"}},
                [{"cast": {"card": "threads", "by": "bob", "targets": ["geist"], "pay": "{U}{U}{C}"}}, {"resolve": {}},
                 *more_steps], turn={"active": "bob"})


def _legerdemain(bob_battlefield=(), bob_hand=(), bob_mana="", steps=()):
    return case({"alice": {"battlefield": cards(("Jinxed Ring", "ring")),
                           "hand": cards(("Legerdemain", "legerdemain"), ("Shatterstorm", "shatterstorm")),
                           "mana": "{U}{U}{C}{C}{R}{R}{C}{C}"},
                 "bob": {"battlefield": cards(("Bonded Construct", "construct1"), ("Bonded Construct", "construct2"),
                                              *bob_battlefield),
                         "hand": cards(*bob_hand), "mana": bob_mana}},
                list(steps))


_LEG = {"cast": {"card": "legerdemain", "targets": ["ring", "construct1"], "pay": "{U}{U}{C}{C}"}}

FAULTS = [
    Fault("aura_control_effect_ignored", "613.1b",
          "(designed) an Aura's \"You control enchanted creature\" does nothing",
          _aura_control_ignored, _threads(), claims=(AURA + "you-control-enchanted-creature",)),
    Fault("aura_control_effect_locked_in", "611.3a",
          "(designed) the control an Aura's static ability gave lasts after the Aura stops enchanting the creature",
          _aura_control_locked_in,
          _threads(hand=(("Nature's Claim", "claim"),), mana="{G}",
                   more_steps=({"cast": {"card": "claim", "by": "alice", "targets": ["threads"], "pay": "{G}"}},
                               {"resolve": {}})),
          claims=(AURA + "not-locked-in",)),
    Fault("aura_control_restarted_each_check", "302.6",
          "(designed) an Aura's control effect starts again at every check: the creature it took can never attack",
          _aura_control_restarted,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")), "library": cards(("Forest", "a1"))},
                "bob": {"hand": cards(("Threads of Disloyalty", "threads")), "mana": "{U}{U}{C}",
                        "library": cards(("Island", "b1"), ("Island", "b2"))}},
               [{"cast": {"card": "threads", "by": "bob", "targets": ["bears"], "pay": "{U}{U}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "combat"}},
                {"declare_attackers": {"attackers": [{"card": "bears", "attacks": "alice"}]}}],
               turn={"active": "bob"}),
          claims=(AURA + "control-held-continuously",)),
    Fault("every_aura_gives_control", "613.1b",
          "(designed) an Aura without a control-changing effect still gives its controller the enchanted creature",
          _every_aura_gives_control,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"hand": cards(("Ichthyomorphosis", "fish")), "mana": "{U}{C}{C}"}},
               [{"cast": {"card": "fish", "by": "bob", "targets": ["bears"], "pay": "{U}{C}{C}"}}, {"resolve": {}}],
               turn={"active": "bob"}),
          claims=(AURA + "only-an-aura-that-says-so",)),
    Fault("aura_control_you_locked_in", "109.5",
          "(designed) an Aura's \"You control enchanted creature\" keeps giving the creature to the Aura's "
          "former controller",
          _you_locked_in,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"), *(("Island", f"i{n}") for n in range(1, 7))),
                          "hand": cards(("Confiscate", "confiscate")), "library": cards(("Island", "a1"))},
                "bob": {"hand": cards(("Threads of Disloyalty", "threads")), "mana": "{U}{U}{C}",
                        "library": cards(("Island", "b1"))}},
               [{"cast": {"card": "threads", "by": "bob", "targets": ["bears"], "pay": "{U}{U}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}},
                {"tap_for_mana": {"permanents": [f"i{n}" for n in range(1, 7)]}},
                {"cast": {"card": "confiscate", "targets": ["threads"], "pay": "{U}{U}{U}{U}{U}{U}"}}, {"resolve": {}}],
               turn={"active": "bob"}),
          claims=(AURA + "you-is-the-auras-controller-now",)),
    Fault("exchange_of_control_one_way", "701.12b",
          "(designed) an exchange of control gives away only the first permanent",
          _exchange_one_way, _legerdemain(steps=(_LEG, {"resolve": {}})),
          claims=(EXCHANGE + "each-gains-the-others-permanent",)),
    Fault("exchange_of_control_partly_done", "701.12a",
          "(designed) an exchange of control whose other permanent is gone still gives the first one away",
          _exchange_half_done,
          _legerdemain(bob_hand=(("Nature's Claim", "claim"),), bob_mana="{G}",
                       steps=(_LEG, {"cast": {"card": "claim", "by": "bob", "targets": ["construct1"], "pay": "{G}"}},
                              {"resolve": {}}, {"resolve": {}})),
          claims=(EXCHANGE + "no-part-of-the-exchange",)),
    Fault("shared_type_target_unchecked", "601.2c",
          "(designed) \"another target permanent that shares one of those types with it\" accepts any permanent",
          _any_second_target,
          _legerdemain(bob_battlefield=(("Grizzly Bears", "bears"),),
                       steps=({"cast": {"card": "legerdemain", "targets": ["ring", "bears"], "pay": "{U}{U}{C}{C}"}},)),
          claims=(EXCHANGE + "a-target-that-shares-a-type",)),
]
