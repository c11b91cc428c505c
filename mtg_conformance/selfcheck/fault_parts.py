"""Case fragments and patch helpers that faults of several rules areas use (each area's faults
are in its own module; see faults.py)."""

from __future__ import annotations

from unittest import mock

from . import locate

PHASE = "https://github.com/phase-rs/phase"


class AlwaysYes:
    """The choices of a step, with the "you may" answer always yes."""

    def __init__(self, choices):
        self._choices = choices

    def get(self, key, default=None):
        return True if key == "you_may" else self._choices.get(key, default)

    def __getattr__(self, name):
        return getattr(self._choices, name)


BEARS = ("Grizzly Bears", "bears")


ATTACK_BEARS = [{"declare_attackers": {"attackers": [{"card": "bears"}]}}]


def keyword_never_found(keyword: str, *names: str, where: str = "deal_damage"):
    """The keyword queries `names` of the module defining `where` never find `keyword`."""
    def install(stack, run):
        module = locate.module_of(where)
        for name in names:
            original = vars(module)[name]

            def faulty(*args, _original=original, **kwargs):
                if keyword in args:
                    return False
                return _original(*args, **kwargs)
            stack.enter_context(mock.patch.object(module, name, faulty))
    return install


class NoStatic:
    """A class no static ability is an instance of (to switch a kind of static off)."""


def ignore_static(kind: str, where: str):
    """The module defining `where` no longer recognises statics of class `kind`."""
    def install(stack, run):
        stack.enter_context(mock.patch.object(locate.module_of(where), kind, NoStatic))
    return install


BEARS_NAME = "Grizzly Bears"


BOLT = ("Lightning Bolt", "bolt")


def swap(name, make):
    """A fault's install that replaces the engine function `name` with `make(original)`."""
    def install(stack, run):
        locate.patch(stack, name, make)
    return install


def swap_method(class_name, attr, make):
    """A fault's install that replaces method `attr` of class `class_name` with `make(original)`."""
    def install(stack, run):
        locate.patch_method(stack, class_name, attr, make)
    return install


# Tel-Jilad Fallen (label "fallen") attacks bob unblocked, to the end of combat
FALLEN_ATTACKS = [{"declare_attackers": {"attackers": [{"card": "fallen", "attacks": "bob"}]}},
                  {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}]


def keyword_instances(o, game, kw: str) -> int:
    """How many instances of `kw` the permanent `o` has: printed, gained, one for each effect
    granting it until end of turn, one for each static ability of a permanent granting it (for
    faults that make instances of a keyword cancel out, 702.12c and 702.18b)."""
    n = (kw in o.card.keywords) + (kw in o.gained)
    n += sum(1 for eid, _, _, kws, _ in game.eot if eid == o.oid and kw in kws)
    for sid in game.battlefield:
        source = game.objs[sid]
        for st in source.card.statics or ():
            if hasattr(st, "grant_for") and kw in st.grant_for(game, source, o):
                n += 1
    return n
