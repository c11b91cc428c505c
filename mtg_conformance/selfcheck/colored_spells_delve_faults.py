"""Faulty engines for protection from a quality over spells only (702.16a-b: Emrakul, the Aeons
Torn's "protection from spells that are one or more colors") and for delve (702.66a: Murderous
Cut). Each drops claims of spec/rules/peer-tests-xmage-colored-spells-delve.yaml; all are designed
(no public report known). They patch the reference engine's helpers by name (has_quality in
reference_impl/rules/prevention.py, _delve in rules/casting.py).
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

PROT = "peers-xmage/protection-from-colored-spells#"
DELVE = "peers-xmage/delve#"
EMRAKUL_ENTRY = "peers-xmage/emrakul-annihilator-and-graveyard-trigger#"

EMRAKUL = {"battlefield": cards(("Emrakul, the Aeons Torn", "emrakul"))}
CUT = ("Murderous Cut", "cut")
BEARS = {"battlefield": cards(("Grizzly Bears", "bears"))}


def _quality(faulty_answer):
    """has_quality answering `faulty_answer(source)` for the quality over colored spells."""
    def install(stack, run):
        colored_spells = vars(locate.module_of("has_quality"))["COLORED_SPELLS"]

        def make(original):
            def has_quality(source, quality):
                if quality == colored_spells:
                    return faulty_answer(source)
                return original(source, quality)
            return has_quality
        locate.patch(stack, "has_quality", make)
    return install


def _delve_ignored(stack, run):
    """Delve does nothing: the cards named are not exiled and the whole total cost is due in mana."""
    locate.patch(stack, "_delve", lambda _original: lambda game, caster, total, chosen, pay, name: (total, []))


def _delve_pays_colored(stack, run):
    """A card exiled for delve pays any mana of the total cost, colored mana too, once the generic
    mana is paid."""
    cost = locate.obj("Cost")

    def make(original):
        def faulty(game, caster, total, chosen, pay, name):
            extra = len(chosen) - total.generic if isinstance(chosen, list) else 0
            if extra > 0:
                typed = list(total.typed)
                for i, n in enumerate(typed):
                    take = min(n, extra)
                    typed[i] -= take
                    extra -= take
                total = cost(len(chosen), tuple(typed), total.xs, total.hybrid, total.phyrexian)
            return original(game, caster, total, chosen, pay, name)
        return faulty
    locate.patch(stack, "_delve", make)


def _delve_from_any_graveyard(stack, run):
    """Delve exiles cards from any graveyard, not only its caster's."""
    cost = locate.obj("Cost")

    def make(original):
        def faulty(game, caster, total, chosen, pay, name):
            if not isinstance(chosen, list) or any(c not in game.labels for c in chosen):
                return original(game, caster, total, chosen, pay, name)
            picks = [game.objs[game.labels[c]] for c in chosen]
            if any(p.zone != "graveyard" for p in picks) or len(picks) > total.generic:
                return original(game, caster, total, chosen, pay, name)
            return cost(total.generic - len(picks), total.typed, total.xs, total.hybrid, total.phyrexian), picks
        return faulty
    locate.patch(stack, "_delve", make)


def _attacker_sacrifices(stack, run):
    """Annihilator makes the attacking player sacrifice, not the defending player."""
    def make(_original):
        def apply(self, ctx):
            game = ctx.game
            mine = [o for o in game.permanents() if o.controller == game.active]
            for o in mine[:self.n]:
                game.move(o, "graveyard")
        return apply
    locate.patch_method(stack, "DefendingPlayerSacrifices", "apply", make)


def _arrivals_from(zone_test):
    """Cards put into a graveyard from a zone `zone_test` accepts are not seen by the graveyard
    arrival triggers (as if "from anywhere" were a narrower trigger condition)."""
    def install(stack, run):
        def make(original):
            def faulty(game):
                game.to_graveyard = tuple(a for a in game.to_graveyard if not zone_test(a.source_zone))
                original(game)
            return faulty
        locate.patch(stack, "collect_graveyard_arrivals", make)
    return install


_ANNIHILATED = case(
    {"alice": EMRAKUL,
     "bob": {"battlefield": cards(("Emrakul, the Aeons Torn", "his"), ("Forest", "f1"), ("Forest", "f2"),
                                  ("Forest", "f3"), ("Forest", "f4"), ("Forest", "f5"), ("Grizzly Bears", "bears"))}},
    [{"declare_attackers": {"attackers": [{"card": "emrakul", "attacks": "bob"}]}},
     {"resolve": {"choices": {"chosen": ["his", "f1", "f2", "f3", "f4", "f5"]}}}, {"resolve": {}}])


def _cast_at_emrakul(card, mana, pay, more=(), alice=None):
    """Alice casts `card` (label `c`) at bob's Emrakul, then resolves it."""
    return case({"alice": {"hand": cards((card, "c")), "mana": mana, **(alice or {})}, "bob": EMRAKUL},
                [{"cast": {"card": "c", "targets": ["emrakul"], "pay": pay}}, *more, {"resolve": {}}])


def _graveyard(*labels):
    names = ("Grizzly Bears", "Lightning Bolt", "Forest", "Shock", "Island")
    return cards(*zip(names, labels))


FAULTS = [
    Fault("colored_spells_protection_ignored", "702.16b",
          "(designed) protection from spells that are one or more colors stops nothing: a black Murderous Cut "
          "targets Emrakul, the Aeons Torn",
          _quality(lambda source: False), _cast_at_emrakul("Murderous Cut", "{B}{C}{C}{C}{C}", "{B}{C}{C}{C}{C}"),
          claims=(PROT + "colored-spells-cant-target",)),
    Fault("colored_spells_protection_from_colored_sources", "702.16a",
          "(designed) protection from spells that are one or more colors is read as protection from colored "
          "sources: the ability of a red creature (Prodigal Pyromancer) can't target Emrakul",
          _quality(lambda source: bool(source.colors())),
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))}, "bob": EMRAKUL},
               [{"activate": {"card": "pyromancer", "targets": ["emrakul"]}}, {"resolve": {}}]),
          claims=(PROT + "a-quality-over-spells-only",)),
    Fault("colored_spells_protection_from_every_spell", "702.16a",
          "(designed) protection from spells that are one or more colors stops colorless spells too: Ghostfire "
          "Slice (devoid) can't target Emrakul",
          _quality(lambda source: source.zone == "stack"),
          _cast_at_emrakul("Ghostfire Slice", "{R}{C}{C}", "{R}{C}{C}"),
          claims=(PROT + "a-quality-over-spells-only",)),
    Fault("delve_ignored", "702.66a",
          "(designed) delve does nothing: Murderous Cut with two cards named for delve still costs {4}{B} in mana",
          _delve_ignored,
          case({"alice": {"hand": cards(CUT), "graveyard": _graveyard("g1", "g2"), "mana": "{B}{C}{C}"}, "bob": BEARS},
               [{"cast": {"card": "cut", "targets": ["bears"], "pay": "{B}{C}{C}", "choices": {"exile": ["g1", "g2"]}}},
                {"resolve": {}}]),
          claims=(DELVE + "exiled-cards-pay-generic-mana",)),
    Fault("delve_pays_colored_mana", "702.66a",
          "(designed) a card exiled for delve pays colored mana too: five cards pay all of Murderous Cut's {4}{B}",
          _delve_pays_colored,
          case({"alice": {"hand": cards(CUT), "graveyard": _graveyard("g1", "g2", "g3", "g4", "g5")}, "bob": BEARS},
               [{"cast": {"card": "cut", "targets": ["bears"], "pay": "",
                          "choices": {"exile": ["g1", "g2", "g3", "g4", "g5"]}}},
                {"resolve": {}}]),
          claims=(DELVE + "only-generic-mana",)),
    Fault("delve_from_any_graveyard", "702.66a",
          "(designed) delve exiles cards from any graveyard: a card of the opponent's graveyard pays {1} of "
          "Murderous Cut",
          _delve_from_any_graveyard,
          case({"alice": {"hand": cards(CUT), "mana": "{B}{C}{C}{C}"},
                "bob": {**BEARS, "graveyard": cards(("Island", "his"))}},
               [{"cast": {"card": "cut", "targets": ["bears"], "pay": "{B}{C}{C}{C}", "choices": {"exile": ["his"]}}},
                {"resolve": {}}]),
          claims=(DELVE + "from-your-graveyard",)),
    Fault("annihilator_attacker_sacrifices", "702.86a",
          "(designed) annihilator makes the attacking player sacrifice N permanents, not the defending player",
          _attacker_sacrifices, _ANNIHILATED,
          claims=(EMRAKUL_ENTRY + "defending-player-sacrifices",)),
    Fault("from_anywhere_trigger_misses_the_battlefield", "603.6c",
          "(designed) a card put into a graveyard from the battlefield triggers no \"put into a graveyard from "
          "anywhere\" ability: a sacrificed Emrakul doesn't shuffle its owner's graveyard",
          _arrivals_from(lambda zone: zone == "battlefield"), _ANNIHILATED,
          claims=(EMRAKUL_ENTRY + "from-anywhere-not-leaves-the-battlefield",)),
    Fault("from_anywhere_trigger_only_from_the_battlefield", "603.6c",
          "(designed) \"put into a graveyard from anywhere\" triggers only for a card from the battlefield: a "
          "milled Emrakul doesn't shuffle its owner's graveyard",
          _arrivals_from(lambda zone: zone != "battlefield"),
          case({"alice": {"hand": cards(("Increasing Confusion", "confusion")), "mana": "{U}{C}"},
                "bob": {"library": cards(("Emrakul, the Aeons Torn", "his"), ("Grizzly Bears", "lib")),
                        "graveyard": cards(("Forest", "forest"))}},
               [{"cast": {"card": "confusion", "x": 1, "targets": ["bob"], "pay": "{U}{C}"}},
                {"resolve": {}}, {"resolve": {}}]),
          claims=(EMRAKUL_ENTRY + "from-anywhere-not-leaves-the-battlefield",)),
]
