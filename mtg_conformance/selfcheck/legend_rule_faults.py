"""Faulty engines for the legend rule (704.5j), one per way it can be broken: whose permanents it
compares (each player's own, not everyone's, the rule before the 2013 change), how many stay
(one: the 2004-2013 rule put all of them into the graveyard), what it compares (the name, not
just the supertype) and which name (the copiable one: a Clone of a legend is that legend, 707.2).

Those four are designed (no report). One more does what Wagic did before its PR 643: its legend
rule "buried" the extra legends (destroyed them), so indestructible ones all stayed. phase.rs #685
(nonlegendary token copies) is faulted with the copy exceptions it concerns, in
permanent_copy_faults.py.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

WAGIC = "https://github.com/WagicProject/wagic"


def _legend_rule(key, keep_one: bool = True):
    """The legend rule grouping legendary permanents by `key(o)`; with keep_one False every
    member of a group of two or more goes."""
    def install(stack, run):
        def make(_original):
            def faulty(game) -> bool:
                groups: dict = {}
                for oid in game.battlefield:
                    o = game.objs[oid]
                    if "Legendary" in o.card.supertypes:
                        groups.setdefault(key(o), []).append(o)
                losers = [o for group in groups.values() if len(group) > 1
                          for o in (group[1:] if keep_one else group)]
                for o in losers:
                    game.move(o, "graveyard")
                return bool(losers)
            return faulty
        locate.patch(stack, "_legend_rule", make)
    return install


def _legend_rule_destroys(stack, run):
    """The legend rule destroys the extra legends instead of putting them into the graveyard, so
    an indestructible one stays (Wagic before PR 643: "bury is destroy without regenerate")."""
    destroy = vars(locate.module_of("_legend_rule"))["destroy"]  # 701.8, honouring 702.12b

    def make(_original):
        def faulty(game) -> bool:
            seen, moved = set(), False
            for oid in list(game.battlefield):
                o = game.objs[oid]
                if "Legendary" in o.card.supertypes:
                    key = (o.controller, o.card.name)
                    if key in seen:
                        destroy(game, o)
                        moved |= o.zone != "battlefield"
                    seen.add(key)
            return moved
        return faulty
    locate.patch(stack, "_legend_rule", make)


_ISAMARU = "Isamaru, Hound of Konda"
_ZETALPA = "Zetalpa, Primal Dawn"

FAULTS = [
    Fault("legend_rule_across_controllers", "704.5j",
          "the legend rule compares every player's legendary permanents, so alice's Isamaru goes to "
          "her graveyard when bob controls one too",
          _legend_rule(lambda o: o.card.name),
          case({"alice": {"hand": cards((_ISAMARU, "mine")), "mana": "{W}"},
                "bob": {"battlefield": cards((_ISAMARU, "theirs"))}},
               [{"cast": {"card": "mine", "pay": "{W}"}}, {"resolve": {}}])),
    Fault("legend_rule_keeps_none", "704.5j",
          "two legendary permanents with the same name and controller both go to the graveyard "
          "(the rule of 2004-2013), instead of all but the one their controller chooses",
          _legend_rule(lambda o: (o.controller, o.card.name), keep_one=False),
          case({"alice": {"battlefield": cards((_ISAMARU, "first")), "hand": cards((_ISAMARU, "second")),
                          "mana": "{W}"}},
               [{"cast": {"card": "second", "pay": "{W}"}}, {"resolve": {}}])),
    Fault("legend_rule_ignores_names", "704.5j",
          "the legend rule keeps one legendary permanent per controller, whatever their names",
          _legend_rule(lambda o: o.controller),
          case({"alice": {"battlefield": cards((_ISAMARU, "isamaru")),
                          "hand": cards(("Thalia, Guardian of Thraben", "thalia")), "mana": "{W}{C}"}},
               [{"cast": {"card": "thalia", "pay": "{W}{C}"}}, {"resolve": {}}])),
    Fault("legend_rule_reads_printed_names", "704.5j",
          "the legend rule compares the cards' printed names and supertypes, so a Clone that copies "
          "its controller's legend stays beside it (707.2: the copy has the legend's name)",
          _legend_rule(lambda o: (o.controller, o.printed.name) if "Legendary" in o.printed.supertypes
                       else (o.controller, o.oid)),
          case({"alice": {"battlefield": cards((_ISAMARU, "isamaru")), "hand": cards(("Clone", "clone")),
                          "mana": "{U}{U}{U}{U}"}},
               [{"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"choices": {"clone": "isamaru"}}}])),
    Fault("legend_rule_destroys", "704.5j",
          "the legend rule destroys the extra legendary permanents instead of putting them into their "
          "owners' graveyards, so a second indestructible Zetalpa, Primal Dawn stays",
          _legend_rule_destroys,
          case({"alice": {"battlefield": cards((_ZETALPA, "first")), "hand": cards((_ZETALPA, "second")),
                          "mana": "{W}{W}{C}{C}{C}{C}{C}{C}"}},
               [{"cast": {"card": "second", "pay": "{W}{W}{C}{C}{C}{C}{C}{C}"}}, {"resolve": {}}]),
          report=f"{WAGIC}/pull/643"),
]


# ---- modelled on real reports (issue #30) -------------------------------------------------------

FORGE = "https://github.com/Card-Forge/forge"


def _legend_rule_deaths_unseen(stack, run):
    """The legendary permanents the legend rule puts into the graveyard leave no record for the
    leaves-the-battlefield abilities: nothing sees them die."""
    def make(legend_rule):
        def faulty(game):
            before = game.left
            changed = legend_rule(game)
            game.left = before
            return changed
        return faulty
    locate.patch(stack, "_legend_rule", make)


FAULTS += [
    Fault("legend_rule_deaths_trigger_nothing", "704.5j",
          "a legendary permanent the legend rule puts into its owner's graveyard doesn't die for the dies "
          "abilities (the report: Kratos, Stoic Father saw no God die to the legend rule): Blood Artist "
          "doesn't trigger",
          _legend_rule_deaths_unseen,
          case({"alice": {"battlefield": cards(("Blood Artist", "artist"), (_ISAMARU, "first")),
                          "hand": cards((_ISAMARU, "second")), "mana": "{W}"}},
               [{"cast": {"card": "second", "pay": "{W}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "artist", "targets": ["bob"]}]}}}]),
          report=f"{FORGE}/issues/9988", claims=("state-based-actions/the-legend-rule#they-die",)),
]
