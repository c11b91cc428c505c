"""Faulty engines that let a copy of a permanent spell (707.10) lose a decision made for the
original as the copy resolves and becomes a token (608.3f), each modelled on a real bug report.

Dimensions attacked: kicked status seen by the token's enters triggers while its "enters with"
replacements still see it (magefree/mage#7433), the number of times it was kicked, for
replacements and triggers alike (#7431), and X (#9697). On the stack the copy is right in each:
only the permanent it becomes is wrong.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, cards, case

MAGE = "https://github.com/magefree/mage"
ENGINE = ("Lithoform Engine", "engine")


def _copy_it(label: str) -> dict:
    """Lithoform Engine's "{4}, {T}: Copy target permanent spell you control." on `label`."""
    return {"activate": {"card": "engine", "ability": 2, "targets": [label], "pay": "{C}{C}{C}{C}"}}


def _from_a_copy(o, info) -> bool:
    """`o` is entering as the token a resolving copy of a permanent spell became (608.3f)."""
    return info is not None and o.token and o.copy_of is not None


def _copy_enters_with(**changes):
    """The token a copy becomes enters with `changes` made to the copied decisions: for its
    "enters with" replacements (614.1c) and for its enters triggers alike."""
    def install(stack, run):
        def make(enter):
            def faulty(game, o, info, controller, choices):
                if _from_a_copy(o, info):
                    info = replace(info, **changes)
                return enter(game, o, info, controller, choices)
            return faulty
        locate.patch(stack, "enter_battlefield", make)
    return install


def _copy_triggers_as_unkicked(stack, run):
    """#7433: the token's enters triggers see it unkicked; its replacements still see the kicks."""
    real: dict = {}

    def make_enter(enter):
        def faulty(game, o, info, controller, choices):
            if not _from_a_copy(o, info):
                return enter(game, o, info, controller, choices)
            real[o.oid] = info
            try:
                return enter(game, o, replace(info, kickers=(), linked=()), controller, choices)
            finally:
                real.pop(o.oid, None)
        return faulty

    def make_replace(replace_entering):
        def faulty(game, o, card, info, controller, choices):
            return replace_entering(game, o, card, real.get(o.oid, info), controller, choices)
        return faulty
    locate.patch(stack, "enter_battlefield", make_enter)
    locate.patch(stack, "_replace_entering", make_replace)


FAULTS = [
    Fault("copied_permanent_triggers_as_unkicked", "707.10",
          "the token a copy of a kicked permanent spell becomes enters as if unkicked for its "
          "enters triggers (\"if it was kicked\" doesn't trigger), while its \"enters with\" "
          "replacements still see the kick",
          _copy_triggers_as_unkicked,
          case({"alice": {"battlefield": cards(ENGINE),
                          "hand": cards(("Gatekeeper of Malakir", "gatekeeper")),
                          "mana": "{B}{B}{B}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Savannah Lions", "lions"))}},
               [{"cast": {"card": "gatekeeper", "kicks": 1, "pay": "{B}{B}{B}"}}, _copy_it("gatekeeper"),
                {"resolve": {}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "gatekeeper", "targets": ["bob"]}]}}}]),
          report=f"{MAGE}/issues/7433"),
    Fault("copied_permanent_enters_without_its_kicks", "707.10",
          "the token a copy of a multikicked permanent spell becomes enters as if never kicked: "
          "a copy of Everflowing Chalice kicked three times enters with no charge counters",
          _copy_enters_with(kickers=(), linked=()),
          case({"alice": {"battlefield": cards(ENGINE),
                          "hand": cards(("Everflowing Chalice", "chalice")),
                          "mana": "{C}{C}{C}{C}{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "chalice", "kicks": 3, "pay": "{C}{C}{C}{C}{C}{C}"}}, _copy_it("chalice"),
                {"resolve": {}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/7431"),
    Fault("copied_permanent_enters_with_x_zero", "707.10",
          "the token a copy of a permanent spell with X becomes enters with X = 0 (the copy on "
          "the stack has the right X): a copy of Endless One enters as a 0/0",
          _copy_enters_with(x=0),
          case({"alice": {"battlefield": cards(ENGINE), "hand": cards(("Endless One", "one")),
                          "mana": "{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "one", "x": 2, "pay": "{C}{C}"}}, _copy_it("one"),
                {"resolve": {}}, {"resolve": {}}]),
          report=f"{MAGE}/issues/9697"),
]
