"""Faulty engines for mana and its source (106.3, 106.4) as a spell restricted to "mana produced by
creatures" is paid (601.2f, 601.2h): Myr Superion's "Spend only mana produced by creatures to cast
this spell." with Etherium Sculptor's "Artifact spells you cast cost {1} less to cast." Each drops
claims of spec/rules/peer-tests-xmage-mana-provenance.yaml (the XMage CostModificationTest ports);
all are designed (no public report known). They patch the reference engine's record of the mana
creatures produced (state/game.py Player) and the restricted payment (rules/casting.py) by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

ENTRY = "peers-xmage/mana-produced-by-creatures#"
NONE = (0, 0, 0, 0, 0, 0)

SCULPTOR = ("Etherium Sculptor", "sculptor")
ELVES = ("Llanowar Elves", "elves")
MYR = ("Myr Superion", "myr")


def _not_recorded(stack, run):
    """Mana abilities add mana with no source: nothing a creature produced is known as such."""
    def make(original):
        def add_mana(self, index, n=1, by_creature=False):
            original(self, index, n, False)
        return add_mana
    locate.patch_method(stack, "Player", "add_mana", make)


def _restriction_ignored(stack, run):
    """"Spend only mana produced by creatures" is not checked: any mana in the pool pays."""
    def make(_original):
        def pay(args, total, player, caster, card):
            return locate.obj("_mana_payment")(args, total, player.pool, caster, card.name)
        return pay
    locate.patch(stack, "_pay_only_with_creature_mana", make)


def _some_creature_mana_enough(stack, run):
    """The restriction is met as soon as the pool holds some mana a creature produced: the rest of
    the payment may be any mana."""
    def make(original):
        def pay(args, total, player, caster, card):
            if any(player.creature_produced()):
                return locate.obj("_mana_payment")(args, total, player.pool, caster, card.name)
            return original(args, total, player, caster, card)
        return pay
    locate.patch(stack, "_pay_only_with_creature_mana", make)


def _before_reductions(stack, run):
    """The restriction asks for creature mana for the spell's mana cost as printed, not for the
    total cost after its reductions (Myr Superion under Etherium Sculptor still needs two)."""
    def make(original):
        def pay(args, total, player, caster, card):
            if sum(player.creature_produced()) < card.cost.mana_value():
                raise locate.obj("IllegalAction")("601.2h", f"{card.name} needs {card.cost.format()} "
                                                            "of mana produced by creatures")
            return original(args, total, player, caster, card)
        return pay
    locate.patch(stack, "_pay_only_with_creature_mana", make)


def _forgotten_when_the_creature_leaves(stack, run):
    """Mana counts as produced by a creature only while that creature is still one on the
    battlefield: a creature leaving it takes its controller's creature mana's source away."""
    is_creature = locate.obj("is_creature")

    def make(original):
        def move(self, o, zone, top=True):
            left = o.zone == "battlefield" and is_creature(self, o)
            controller = o.controller
            original(self, o, zone, top)
            if left:
                self.players[controller].creature_mana = NONE
        return move
    locate.patch_method(stack, "Game", "move", make)


def _last_added_decides(stack, run):
    """The pool has one source for all its mana, the last mana added's: a land's mana added after a
    creature's makes all of it mana produced by no creature."""
    def make(original):
        def add_mana(self, index, n=1, by_creature=False):
            if not by_creature:
                self.creature_mana = NONE
            original(self, index, n, by_creature)
        return add_mana
    locate.patch_method(stack, "Player", "add_mana", make)


def _not_used_up(stack, run):
    """Mana a creature produced, spent on a restricted spell, still counts as there: a land's mana of
    the same type left in the pool is taken for it."""
    locate.patch_method(stack, "Player", "spend_creature_mana", lambda _original: lambda self, paid: None)


_WORKING = case({"alice": {"battlefield": cards(SCULPTOR, ELVES), "hand": cards(MYR)}},
                [{"tap_for_mana": {"permanents": ["elves"]}}, {"cast": {"card": "myr", "pay": "{G}"}},
                 {"resolve": {}}])

_MOUNTAIN = case({"alice": {"battlefield": cards(SCULPTOR, ("Mountain", "mountain")), "hand": cards(MYR)}},
                 [{"tap_for_mana": {"permanents": ["mountain"]}}, {"cast": {"card": "myr", "pay": "{R}"}}])

_ELVES_AND_FOREST = case(
    {"alice": {"battlefield": cards(("Llanowar Elves", "elves1"), ("Forest", "forest")), "hand": cards(MYR)}},
    [{"tap_for_mana": {"permanents": ["forest"]}}, {"tap_for_mana": {"permanents": ["elves1"]}},
     {"cast": {"card": "myr", "pay": "{G}{G}"}}])

_TWO_SUPERIONS = case(
    {"alice": {"battlefield": cards(SCULPTOR, ELVES, ("Forest", "forest")),
               "hand": cards(("Myr Superion", "myr1"), ("Myr Superion", "myr2"))}},
    [{"tap_for_mana": {"permanents": ["elves"]}}, {"tap_for_mana": {"permanents": ["forest"]}},
     {"cast": {"card": "myr1", "pay": "{G}"}}, {"resolve": {}}, {"cast": {"card": "myr2", "pay": "{G}"}}])

_SHOCKED_ELVES = case(
    {"alice": {"battlefield": cards(SCULPTOR, ELVES), "hand": cards(MYR)},
     "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
    [{"tap_for_mana": {"permanents": ["elves"]}},
     {"cast": {"card": "shock", "by": "bob", "targets": ["elves"], "pay": "{R}"}}, {"resolve": {}},
     {"cast": {"card": "myr", "pay": "{G}"}}])

FAULTS = [
    Fault("creature_mana_not_recorded", "106.3",
          "(designed) mana a creature's mana ability adds is not known as produced by a creature: Llanowar Elves' "
          "{G} can't cast Myr Superion",
          _not_recorded, _WORKING, claims=(ENTRY + "the-source-of-that-mana",)),
    Fault("creature_only_spending_ignored", "106.3",
          "(designed) \"Spend only mana produced by creatures to cast this spell\" is not checked: a Mountain's "
          "{R} casts Myr Superion",
          _restriction_ignored, _MOUNTAIN, claims=(ENTRY + "other-mana-has-another-source",)),
    Fault("some_creature_mana_pays_all", "601.2h",
          "(designed) a spell restricted to mana produced by creatures is paid from the whole pool as soon as it "
          "holds some creature mana: Llanowar Elves' {G} and a Forest's {G} cast Myr Superion",
          _some_creature_mana_enough, _ELVES_AND_FOREST, claims=(ENTRY + "all-of-the-total-cost",)),
    Fault("creature_mana_needed_before_reductions", "601.2f",
          "(designed) a spell restricted to mana produced by creatures needs that mana for its printed mana "
          "cost: Myr Superion reduced to {1} by Etherium Sculptor can't be cast with one Elves' {G}",
          _before_reductions, _WORKING, claims=(ENTRY + "after-reductions",)),
    Fault("creature_mana_forgotten_when_it_leaves", "106.3",
          "(designed) mana counts as produced by a creature only while that creature is on the battlefield: "
          "after Shock killed Llanowar Elves, their {G} can't cast Myr Superion",
          _forgotten_when_the_creature_leaves, _SHOCKED_ELVES,
          claims=(ENTRY + "the-source-as-the-mana-was-produced",)),
    Fault("pool_source_is_the_last_mana_added", "106.4",
          "(designed) a pool's mana has one source, the last mana added's: a Forest's {G} added after Llanowar "
          "Elves' {G} leaves no creature mana for Myr Superion",
          _last_added_decides, _TWO_SUPERIONS, claims=(ENTRY + "each-mana-keeps-its-source",)),
    Fault("spent_creature_mana_not_used_up", "106.4",
          "(designed) creature mana spent on Myr Superion still counts as in the pool: the Forest's {G} left "
          "casts a second Myr Superion",
          _not_used_up, _TWO_SUPERIONS, claims=(ENTRY + "each-mana-keeps-its-source",)),
]
