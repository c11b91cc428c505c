"""Faulty engines for a kicker cost with X (Thieving Skydiver's "Kicker {X}. X can't be 0."; XMage's
KickerTest.test_FreeCast_MinXValueMustWork, spec/rules/peer-tests-xmage-kicker-x.yaml): X 0 allowed
(107.3a: the bug the XMage test was written for), the kicker's X forced to 0 by a free cast (107.3b
read too widely), the enters trigger reading the permanent's X or ignoring its "mana value X or
less" (107.3m), and the stolen Equipment left unattached (701.3a). All are designed. They patch
`announce_x` (rules/casting.py), `is_legal` (rules/targets.py) and `AttachEquipmentToThis` by name.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

KICKER_X = "peers-xmage/kicker-x-cant-be-0#"
ETB_X = "peers-xmage/an-enters-trigger-reads-the-spells-x#"
ATTACHED = "peers-xmage/a-stolen-equipment-is-attached#"


def _etali(choice: dict, bob: list, more=()) -> dict:
    """Etali attacks; its trigger exiles alice's Thieving Skydiver, cast with `choice`."""
    return case({"alice": {"battlefield": [{"card": "Etali, Primal Storm", "label": "etali"},
                                           {"card": "Wastes", "label": "w1"}, {"card": "Wastes", "label": "w2"}],
                           "library": [{"card": "Thieving Skydiver", "label": "skydiver"}]},
                 "bob": {"battlefield": bob}},
                [{"declare_attackers": {"attackers": [{"card": "etali", "attacks": "bob"}]}},
                 {"tap_for_mana": {"permanents": ["w1", "w2"]}},
                 {"resolve": {"choices": {"cast": choice}}}, *more])


JAR = [{"card": "Brain in a Jar", "label": "jar"}]
SHUKO = [{"card": "Shuko", "label": "shuko"}]


def _takes(label: str) -> list:
    return [{"resolve": {"choices": {"trigger_targets": [{"source": "skydiver", "targets": [label]}]}}},
            {"resolve": {}}]


def _x_may_be_0(stack, run):
    """"X can't be 0" is not enforced: a kicked Skydiver may announce X = 0 (or none)."""
    def make(original):
        def announce_x(args, card, fb, kicks, alt, name):
            if not args.get("x") and kicks and card.x_not_zero:
                original({**args, "x": 1}, card, fb, kicks, alt, name)
                return 0
            return original(args, card, fb, kicks, alt, name)
        return announce_x
    locate.patch(stack, "announce_x", make)


def _free_cast_zeroes_every_x(stack, run):
    """107.3b applied to any X: a spell cast without paying its mana cost must announce X = 0 even
    for an X in its kicker (an additional cost), so a free kicked Skydiver can't be cast at all."""
    illegal = locate.obj("IllegalAction")

    def make(original):
        def announce_x(args, card, fb, kicks, alt, name):
            x = original(args, card, fb, kicks, alt, name)
            if alt == "without-paying-mana-cost" and x:
                raise illegal("107.3b", f"{name} cast without paying its mana cost: X must be 0")
            return x
        return announce_x
    locate.patch(stack, "announce_x", make)


def _targets_with(change):
    def install(stack, run):
        def make(original):
            def is_legal(spec, ref, game, controller, source_oid=None, info=None, from_oid=None):
                if getattr(spec, "max_mv_is_x", False):
                    spec, info = change(spec, info)
                return original(spec, ref, game, controller, source_oid, info, from_oid)
            return is_legal
        locate.patch(stack, "is_legal", make)
    return install


def _permanents_x(spec, info):
    """The enters trigger reads X of the permanent (0), not of the spell it resolved from."""
    return spec, None


def _no_mana_value_limit(spec, info):
    """The trigger's "with mana value X or less" is not checked: any artifact can be its target."""
    return replace(spec, max_mv_is_x=False), info


def _not_attached(stack, run):
    """The stolen Equipment is not attached to the Skydiver ("attach it to this creature" ignored)."""
    locate.patch_method(stack, "AttachEquipmentToThis", "apply", lambda _original: lambda self, ctx: None)


FAULTS = [
    Fault("kicker_x_may_be_0", "107.3a",
          "(designed, the bug XMage's test_FreeCast_MinXValueMustWork was written for) Thieving Skydiver kicked "
          "with X = 0 is cast: \"X can't be 0\" is not enforced",
          _x_may_be_0, _etali({"card": "skydiver", "kicks": 1}, JAR),
          claims=(KICKER_X + "x-announced-and-not-0",)),
    Fault("free_cast_zeroes_the_kicker_x", "107.3b",
          "(designed) a spell cast without paying its mana cost must announce X = 0 even for an X in its kicker: "
          "Thieving Skydiver free-cast from Etali's trigger can't be kicked with X = 2",
          _free_cast_zeroes_every_x, _etali({"card": "skydiver", "kicks": 1, "x": 2, "pay": "{C}{C}"}, JAR),
          claims=(KICKER_X + "free-cast-keeps-the-kicker-x",)),
    Fault("enters_trigger_reads_the_permanents_x", "107.3m",
          "(designed) Thieving Skydiver's enters trigger reads X of the permanent (0), not of the kicked spell: "
          "Brain in a Jar (mana value 2) is not a legal target with X = 2",
          _targets_with(_permanents_x),
          _etali({"card": "skydiver", "kicks": 1, "x": 2, "pay": "{C}{C}"}, JAR, _takes("jar")),
          claims=(ETB_X + "target-mana-value-x-or-less",)),
    Fault("enters_trigger_ignores_mana_value_x", "107.3m",
          "(designed) Thieving Skydiver's \"target artifact with mana value X or less\" is not checked: kicked with "
          "X = 1 it takes Brain in a Jar (mana value 2)",
          _targets_with(_no_mana_value_limit),
          _etali({"card": "skydiver", "kicks": 1, "x": 1, "pay": "{C}"}, JAR, _takes("jar")),
          claims=(ETB_X + "target-mana-value-x-or-less",)),
    Fault("stolen_equipment_not_attached", "701.3a",
          "(designed) the Equipment Thieving Skydiver's trigger takes is not attached to it",
          _not_attached, _etali({"card": "skydiver", "kicks": 1, "x": 1, "pay": "{C}"}, SHUKO, _takes("shuko")),
          claims=(ATTACHED + "equipment-attached-to-it",)),
]
