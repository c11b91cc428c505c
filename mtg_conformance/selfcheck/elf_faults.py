"""Faulty engines for Elvish Archdruid and Nettle Sentinel (spec/rules/peer-tests-xmage-elves.yaml)
(the repeated state-based check, 704.3, is state_based_faults' state_based_check_not_repeated,
which drops that entry's claim too, selfcheck/cited_claims.py): a mana ability adding mana
once per Elf (106.4), a permanent kept from untapping in its controller's untap step (502.3), a
cast trigger limited to green spells (603.2). All are designed (no public report known). They
patch the reference engine's mana
abilities (rules/mana_abilities.py), untap step (rules/turn.py) and the CastSpell condition by
name.
"""

from __future__ import annotations

from dataclasses import replace

from .fault import Fault, cards, case
from .fault_parts import swap, swap_method

ELVES = "peers-xmage/a-lords-boost-ends-with-it#"

ARCHDRUID = ("Elvish Archdruid", "archdruid")
SENTINEL = ("Nettle Sentinel", "sentinel")


def _once(times):
    """"Add {G} for each Elf you control" adds {G} once."""
    def faulty(game, o, ab):
        return 1 if ab.per_filter is not None else times(game, o, ab)
    return faulty


def _never(_original):
    return lambda *args: False


def _any_color(call):
    """"Whenever you cast a green spell" read as "whenever you cast a spell"."""
    def faulty(self, ctx):
        return call(replace(self, colors_any=()), ctx)
    return faulty


FAULTS = [
    Fault("mana_for_each_elf_added_once", "106.4",
          "(designed) \"{T}: Add {G} for each Elf you control\" adds {G} once",
          swap("_times", _once),
          case({"alice": {"battlefield": cards(ARCHDRUID, SENTINEL)}},
               [{"tap_for_mana": {"permanents": ["archdruid"]}}]),
          claims=(ELVES + "for-each-elf",)),
    Fault("doesnt_untap_in_untap_step_ignored", "502.3",
          "(designed) \"This creature doesn't untap during your untap step\" is ignored: Nettle Sentinel untaps",
          swap("_doesnt_untap", _never),
          case({"alice": {"battlefield": [{"card": "Nettle Sentinel", "label": "sentinel", "tapped": True}],
                          "library": cards(("Forest", "l1"))},
                "bob": {"library": cards(("Forest", "l2"))}},
               [{"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "main1"}}]),
          claims=(ELVES + "doesnt-untap",)),
    Fault("green_spell_trigger_on_any_spell", "603.2",
          "(designed) \"Whenever you cast a green spell\" triggers on any spell: Shock triggers Nettle Sentinel",
          swap_method("CastSpell", "__call__", _any_color),
          case({"alice": {"battlefield": [{"card": "Nettle Sentinel", "label": "sentinel", "tapped": True}],
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          claims=(ELVES + "whenever-you-cast-a-green-spell",)),
]
