"""Faulty engines for the later vocabulary of library actions, casts during resolution and
split cards: a search that finds anything (701.23a), scry and surveil that ignore the choice
(701.22a, 701.25a), a cast during resolution that pays the mana cost anyway (608.2g), a split
card's half cast for the whole card's cost (709.3a), a fused spell that follows only its left
half (702.102d)."""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, cards, case
from .patching import wrap


def _search_finds_anything(stack, run):
    def make(search):
        def faulty(game, player, matches, n, chosen, quality=True):
            return search(game, player, lambda o: True, n, chosen, quality)
        return faulty
    wrap(stack, "reference_impl.rules.library.search", make)


def _scry_never_bottoms(stack, run):
    wrap(stack, "reference_impl.rules.library.scry", lambda scry: lambda game, player, n, choice: None)


def _surveil_keeps_all(stack, run):
    wrap(stack, "reference_impl.rules.library.surveil", lambda surveil: lambda game, player, n, choice: None)


def _offered_cast_pays_mana_cost(stack, run):
    def make(cast_offered):
        def faulty(game, oids, caster, choice, alternative):
            return cast_offered(game, oids, caster, choice, None)
        return faulty
    wrap(stack, "reference_impl.rules.offered_casts.cast_offered", make)


def _fused_resolves_only_the_left_half(stack, run):
    def make(resolve_fused):
        def faulty(game, o, info, choices):
            left = o.card.faces[0]
            o.card = replace(o.card, faces=(left,))
            resolve_fused(game, o, info, choices)
        return faulty
    wrap(stack, "reference_impl.rules.resolution._resolve_fused", make)


def _half_costs_the_whole_card(stack, run):
    def make(choose_half):
        def faulty(o, args, zone, name):
            whole = o.card
            choose_half(o, args, zone, name)
            if o.card is not whole and whole.layout == "split":
                o.card = replace(o.card, cost=whole.cost)
        return faulty
    wrap(stack, "reference_impl.rules.casting._choose_half", make)


BTL = ("Bring to Light", "btl")

FAULTS = [
    Fault("search_finds_any_card", "701.23a",
          "a library search finds any card, whatever the description it looks for",
          _search_finds_anything,
          case({"alice": {"hand": cards(BTL), "library": cards(("Forest", "forest")), "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                {"resolve": {"choices": {"search": ["forest"]}}}])),
    Fault("scry_never_puts_on_the_bottom", "701.22a",
          "scry leaves every card looked at on top, whatever the player chose",
          _scry_never_bottoms,
          case({"alice": {"hand": cards(("Opt", "opt")), "mana": "{U}",
                          "library": cards(("Forest", "forest"), ("Lightning Bolt", "bolt"))}},
               [{"cast": {"card": "opt", "pay": "{U}"}},
                {"resolve": {"choices": {"scry": {"top": [], "bottom": ["forest"]}}}}])),
    Fault("surveil_never_puts_into_the_graveyard", "701.25a",
          "surveil leaves every card looked at on top, whatever the player chose",
          _surveil_keeps_all,
          case({"alice": {"hand": cards(("Consider", "consider")), "mana": "{U}",
                          "library": cards(("Forest", "forest"), ("Lightning Bolt", "bolt"))}},
               [{"cast": {"card": "consider", "pay": "{U}"}},
                {"resolve": {"choices": {"surveil": {"top": [], "graveyard": ["forest"]}}}}])),
    Fault("cast_during_resolution_pays_the_mana_cost", "608.2g",
          "a spell an effect lets its controller cast without paying its mana cost during resolution "
          "is charged its mana cost",
          _offered_cast_pays_mana_cost,
          case({"alice": {"hand": cards(BTL), "library": cards(("Lightning Bolt", "bolt")),
                          "mana": "{W}{U}{B}{R}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}},
                {"resolve": {"choices": {"search": ["bolt"], "cast": {"card": "bolt", "targets": ["bob"]}}}}])),
    Fault("split_half_costs_the_whole_card", "709.3a",
          "a split card's half is cast for the combined mana cost of both halves",
          _half_costs_the_whole_card,
          case({"alice": {"hand": cards(("Fire // Ice", "fire-ice")), "mana": "{U}{R}{C}{C}"}},
               [{"cast": {"card": "fire-ice", "half": "Fire", "targets": ["bob"]}}])),
    Fault("fused_spell_follows_only_its_left_half", "702.102d",
          "a fused split spell follows the instructions of its left half only",
          _fused_resolves_only_the_left_half,
          case({"alice": {"hand": cards(("Wear // Tear", "wt")), "mana": "{W}{R}{C}"},
                "bob": {"battlefield": cards(("Everflowing Chalice", "chalice"),
                                             ("Saproling Infestation", "infestation"))}},
               [{"cast": {"card": "wt", "fuse": True, "targets": ["chalice", "infestation"]}}, {"resolve": {}}])),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _search_must_find(stack, run):
    """A search for cards with a stated quality must find as many as it can (as for a quantity)."""
    def make(search):
        def faulty(game, player, matches, n, chosen, quality=True):
            return search(game, player, matches, n, chosen, False)
        return faulty
    locate.patch(stack, "search", make)


FAULTS += [
    Fault("quality_search_must_find", "701.23b",
          "(designed) a search for a card with a stated quality must find one when the library has one",
          _search_must_find,
          case({"alice": {"hand": cards(("Bring to Light", "btl")), "library": cards(("Lightning Bolt", "bolt")),
                          "mana": "{W}{U}{B}{R}{G}"}},
               [{"cast": {"card": "btl", "pay": "{W}{U}{B}{R}{G}"}}, {"resolve": {"choices": {"search": []}}}])),
]


# ---- 121.1, cited by the scry and surveil entries (cited_claims.SECTIONS_1_TO_4) ---------------------------

def _draws_the_bottom_card(stack, run):
    """A player draws the bottom card of their library, not the top one (121.1)."""
    def make(draw):
        def faulty(game, player, n, first=False):
            for i in range(n):
                for p in game.players.values():
                    p.library.reverse()
                try:
                    draw(game, player, 1, first and i == 0)
                finally:
                    for p in game.players.values():
                        p.library.reverse()
                if player in game.lost:
                    return
        return faulty
    locate.patch(stack, "draw", make)


FAULTS += [
    Fault("draws_the_bottom_card", "121.1",
          "(designed) a player draws the bottom card of their library instead of the top card",
          _draws_the_bottom_card,
          case({"alice": {"hand": cards(("Opt", "opt")), "library": cards(("Island", "top"), ("Forest", "bottom")),
                          "mana": "{U}"}},
               [{"cast": {"card": "opt", "pay": "{U}"}},
                {"resolve": {"choices": {"scry": {"top": ["top"], "bottom": []}}}}])),
]


# ---- 401.2, cited by the scry entry (cited_claims.SECTIONS_1_TO_4) ----------------------------------------

def _library_reordered_after_a_spell(stack, run):
    """The engine changes the order of a library on its own: each time a spell or ability
    resolves, every library is turned over (its bottom card becomes the top one) (401.2)."""
    def make(resolve_top):
        def faulty(game, choices):
            resolve_top(game, choices)
            for p in game.players.values():
                p.library.reverse()
        return faulty
    locate.patch(stack, "resolve_top", make)


FAULTS += [
    Fault("library_reordered_after_a_spell_resolves", "401.2",
          "(designed) the order of cards in a library changes without any effect saying so: after each "
          "resolution every library is turned over, so the card Opt left on top is no longer the next draw",
          _library_reordered_after_a_spell,
          case({"alice": {"hand": cards(("Opt", "opt"), ("Think Twice", "think")),
                          "library": cards(("Island", "a"), ("Forest", "b"), ("Mountain", "c")),
                          "mana": "{U}{U}{C}"}},
               [{"cast": {"card": "opt", "pay": "{U}"}},
                {"resolve": {"choices": {"scry": {"top": ["a"], "bottom": []}}}},
                {"cast": {"card": "think", "pay": "{U}{C}"}}, {"resolve": {}}])),
]
