"""Faulty engines for "Whenever another nontoken creature dies" seen by a creature dying in the same
event (603.10a), tokens left out (111.1), and a delayed trigger sacrificing the tokens it remembers
(603.7c): XMage's HarvesterOfSoulsTest port. Each drops claims of
spec/rules/peer-tests-xmage-nontoken-dies.yaml; all are designed. They patch the reference engine's
`LeavesBattlefield.matches` and `SacrificeThese.apply` by name.
"""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, case

DIES = "peers-xmage/another-nontoken-creature-dies#"

_HARVESTER = case(
    {"alice": {"battlefield": [{"card": "Harvester of Souls", "label": "harvester"},
                               {"card": "Craw Wurm", "label": "wurm"}],
               "hand": [{"card": "Thatcher Revolt", "label": "revolt"},
                        {"card": "Day of Judgment", "label": "judgment"}],
               "library": [{"card": "Island", "label": f"lib{i}"} for i in range(6)],
               "mana": "{R}{W}{W}{C}{C}{C}{C}"},
     "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}},
    [{"cast": {"card": "revolt", "pay": "{R}{C}{C}"}}, {"resolve": {}},
     {"cast": {"card": "judgment", "pay": "{W}{W}{C}{C}"}}, {"resolve": {}}, {"pass_until_empty": {}}])


def _not_while_dying(stack, run):
    """A leaves-the-battlefield ability of a permanent leaving in the same event doesn't see the
    others (it looks at the battlefield after the event, not back in time)."""
    def make(original):
        def triggers_on(self, game, src, event):
            if self.event == "leaves" and self.leaves is not None and self.leaves.which == "other":
                now = game.objs.get(src.oid)
                if now is None or now.zone != "battlefield":
                    return False
            return original(self, game, src, event)
        return triggers_on
    locate.patch_method(stack, "Trigger", "triggers_on", make)


def _tokens_count(stack, run):
    """"Nontoken" is ignored: a token dying triggers "another nontoken creature dies"."""
    def make(original):
        def matches(self, src, left):
            return original(replace(self, nontoken=False), src, left)
        return matches
    locate.patch_method(stack, "LeavesBattlefield", "matches", make)


def _sacrifices_every_human(stack, run):
    """The delayed trigger sacrifices every creature of the tokens' type its controller controls
    (what the tokens are, not those tokens)."""
    def make(original):
        def apply(self, ctx):
            game = ctx.game
            kinds = {t for oid, _ in self.objs if oid in game.objs for t in game.objs[oid].card.subtypes}
            extra = tuple((o.oid, o.moves) for o in game.permanents()
                          if o.controller == ctx.controller and kinds & set(o.card.subtypes))
            original(replace(self, objs=self.objs + extra), ctx)
        return apply
    locate.patch_method(stack, "SacrificeThese", "apply", make)


FAULTS = [
    Fault("dies_trigger_blind_while_its_source_dies", "603.10a",
          "(designed) Harvester of Souls dying with the others doesn't trigger for them (no look back in time)",
          _not_while_dying, _HARVESTER, claims=(DIES + "looks-back-at-its-own-death",)),
    Fault("nontoken_ignored", "111.1",
          "(designed) \"another nontoken creature dies\" triggers for tokens too: five draws",
          _tokens_count, _HARVESTER, claims=(DIES + "tokens-are-not-cards",)),
    Fault("delayed_sacrifice_takes_every_such_creature", "603.7c",
          "(designed) Thatcher Revolt's delayed trigger sacrifices every Human its controller controls, not only "
          "those tokens",
          _sacrifices_every_human,
          case({"alice": {"battlefield": [{"card": "Elite Vanguard", "label": "vanguard"}],
                          "hand": [{"card": "Thatcher Revolt", "label": "revolt"}], "mana": "{R}{C}{C}"}},
               [{"cast": {"card": "revolt", "pay": "{R}{C}{C}"}}, {"resolve": {}}, {"advance": {"to": "end"}},
                {"resolve": {}}]),
          claims=(DIES + "the-delayed-trigger-affects-those-tokens",)),
]
