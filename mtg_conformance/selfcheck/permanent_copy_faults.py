"""Faulty engines that let a copy of a permanent spell (707.10) lose a decision made for the
original as the copy resolves and becomes a token (608.3f), each modelled on a real bug report.

Dimensions attacked: kicked status seen by the token's enters triggers while its "enters with"
replacements still see it (magefree/mage#7433), the number of times it was kicked, for
replacements and triggers alike (#7431), and X (#9697). On the stack the copy is right in each:
only the permanent it becomes is wrong.

Two more attack copy exceptions (707.9a-b: "except it has flying and it isn't legendary" is part
of the copy's copiable values): the "isn't legendary" exception dropped, so nonlegendary token
copies of a legend fall to the legend rule (phase.rs #685), and (designed, no report) the
exceptions not copied along when the token is copied in turn.
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS, swap

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
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


def _nonlegendary_exception_dropped(stack, run):
    """A token copy "except it isn't legendary" is legendary all the same: its other exceptions
    (flying) apply (phase.rs #685: such tokens made by Ember Island Production, Delina and others
    triggered the legend rule)."""
    def make(call):
        def faulty(self, card):
            return call(replace(self, nonlegendary=False), card)
        return faulty
    locate.patch_method(stack, "CopyExceptions", "__call__", make)


def _exceptions_not_copiable(stack, run):
    """A permanent entering as a copy of a token made with exceptions copies the card the token
    copied, without the exceptions (707.9b says they are the token's copiable values)."""
    excepted = vars(locate.module_of("CopyExceptions"))["_EXCEPTED"]

    def make(enter):
        def faulty(game, o, info, controller, choices):
            enter(game, o, info, controller, choices)
            for (original, _), derived in list(excepted.items()):
                if o.card is derived and not o.token:
                    o.card = original
        return faulty
    locate.patch(stack, "enter_battlefield", make)


_ISAMARU = ("Isamaru, Hound of Konda", "isamaru")
_DUPLICATE = {"cast": {"card": "duplication", "targets": ["isamaru"], "pay": "{U}{C}{C}{C}"}}

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
    Fault("nonlegendary_token_copy_is_legendary", "707.9b",
          "a token copy made \"except it isn't legendary\" (Irenicus's Vile Duplication) is still "
          "legendary, so the legend rule puts it or the legend it copies into the graveyard",
          _nonlegendary_exception_dropped,
          case({"alice": {"battlefield": cards(_ISAMARU),
                          "hand": cards(("Irenicus's Vile Duplication", "duplication")), "mana": "{U}{C}{C}{C}"}},
               [_DUPLICATE, {"resolve": {}}]),
          report=f"{PHASE}/issues/685"),
    Fault("copy_exceptions_not_copiable", "707.9b",
          "a Clone entering as a copy of a token made \"except it has flying and it isn't legendary\" "
          "copies the legend the token copied, without the exceptions",
          _exceptions_not_copiable,
          case({"alice": {"battlefield": cards(_ISAMARU),
                          "hand": cards(("Irenicus's Vile Duplication", "duplication"), ("Clone", "clone")),
                          "mana": "{U}{U}{U}{U}{U}{C}{C}{C}"}},
               [_DUPLICATE, {"resolve": {"labels": ["copy"]}},
                {"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"choices": {"clone": "copy"}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _copy_resolves_as_a_card(stack, run):
    """A copy of a permanent spell enters as a card, not a token."""
    def make(resolve_spell):
        def faulty(game, o, choices):
            copied = o.copy and o.card.is_permanent
            resolve_spell(game, o, choices)
            if copied and o.zone == "battlefield":
                o.token = False
        return faulty
    locate.patch(stack, "_resolve_spell", make)


def _copy_without_abilities(stack, run):
    """A copy effect (Clone) copies name, types and power/toughness but none of the abilities (707.2)."""
    def make(copiable):
        def faulty(game, target):
            card = copiable(game, target)
            return replace(card, keywords=frozenset(), triggers=(), statics=(), activated=(), mana_abilities=())
        return faulty
    locate.patch(stack, "copiable_values", make)


FAULTS += [
    Fault("permanent_spell_copy_enters_as_a_card", "608.3f",
          "(designed) a copy of a permanent spell enters the battlefield as a nontoken permanent",
          _copy_resolves_as_a_card,
          case({"alice": {"battlefield": cards(("Lithoform Engine", "engine")), "hand": cards(BEARS),
                          "mana": "{G}{G}{C}{C}{C}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}},
                {"activate": {"card": "engine", "ability": 2, "targets": ["bears"], "pay": "{C}{C}{C}{C}"}},
                {"pass_until_empty": {}}])),
    Fault("copy_without_abilities", "707.2", "a copy effect copies a creature's name, types and power and "
          "toughness but not its abilities", _copy_without_abilities,
          case({"alice": {"battlefield": cards(("Canopy Spider", "spider")), "hand": cards(("Clone", "clone")),
                          "mana": "{U}{C}{C}{C}"}},
               [{"cast": {"card": "clone", "pay": "{U}{C}{C}{C}"}}, {"resolve": {"choices": {"clone": "spider"}}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _printed_values(copiable_values):
    def faulty(game, target):
        return target.printed  # the card itself, not what its own copy effect made it
    return faulty


FAULTS += [
    Fault("copy_of_a_copy_copies_the_printed_card", "707.3",
          "a permanent that copies a copy copies the printed card of the copy, not what the copy became: a "
          "Clone of a Clone of Grizzly Bears is a 0/0 Shapeshifter and dies (designed)",
          swap("copiable_values", _printed_values),
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears")),
                          "hand": cards(("Clone", "c1"), ("Clone", "c2")),
                          "mana": "{U}{U}{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "c1"}}, {"resolve": {"choices": {"clone": "bears"}}},
                {"cast": {"card": "c2"}}, {"resolve": {"choices": {"clone": "c1"}}}])),
]


def _copy_only_from_the_battlefield(stack, run):
    """"Enter as a copy of any creature card in a graveyard" is read as "of any creature on the
    battlefield": the card in a graveyard can't be chosen."""
    kind = locate.obj("EntersAsCopy")
    stack.enter_context(mock.patch.object(kind, "zone", property(lambda self: "battlefield")))


FAULTS += [
    Fault("copy_from_a_graveyard_refused", "707.2",
          "a creature that may enter as a copy of a creature card in a graveyard (Body Double) may copy only a "
          "creature on the battlefield: choosing Grizzly Bears in the graveyard is refused (designed)",
          _copy_only_from_the_battlefield,
          case({"alice": {"hand": cards(("Body Double", "double")), "graveyard": cards(("Grizzly Bears", "bears")),
                          "mana": "{U}{C}{C}{C}{C}"}},
               [{"cast": {"card": "double", "pay": "{C}{C}{C}{C}{U}"}},
                {"resolve": {"choices": {"clone": "bears"}}}]),
          claims=("peers-wagic/copy-values#the-copiable-values-are-the-values-derived",)),
]
