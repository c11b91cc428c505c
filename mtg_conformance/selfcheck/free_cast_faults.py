"""Faulty engines for a spell cast without paying its mana cost during a resolution (Etali, Primal
Storm; XMage's KickerTest.test_FreeCast_Normal, spec/rules/peer-tests-xmage-free-cast.yaml): kicker
refused or added to the mana cost (118.9d), and a cast the effect doesn't allow (608.2g). All are
designed; the first is what the XMage test's own name guards against. They patch `cast_offered`
(rules/offered_casts.py) and `ExileTopOfEachLibraryMayCastFree` by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

FREE = "peers-xmage/a-free-cast-during-resolution-may-be-kicked#"


def _etali(choice: dict, bob: dict | None = None) -> dict:
    players = {"alice": {"battlefield": [{"card": "Etali, Primal Storm", "label": "etali"},
                                         {"card": "Wastes", "label": "w1"}, {"card": "Wastes", "label": "w2"}],
                         "library": [{"card": "Ardent Soldier", "label": "soldier"},
                                     {"card": "Grizzly Bears", "label": "bears"}]}}
    if bob is not None:
        players["bob"] = bob
    return case(players, [{"declare_attackers": {"attackers": [{"card": "etali", "attacks": "bob"}]}},
                          {"tap_for_mana": {"permanents": ["w1", "w2"]}},
                          {"resolve": {"choices": {"cast": choice}}}, {"resolve": {}}])


def _offered(change):
    def install(stack, run):
        locate.patch(stack, "cast_offered", lambda original: lambda game, oids, caster, choice, alternative:
                     change(original, game, oids, caster, choice, alternative))
    return install


def _no_kicker(original, game, oids, caster, choice, alternative):
    """A spell cast without paying its mana cost can't be kicked: the kicker is dropped."""
    if isinstance(choice, dict):
        choice = {k: v for k, v in choice.items() if k not in ("kicks", "kickers", "pay")}
    return original(game, oids, caster, choice, alternative)


def _kicker_on_top_of_the_mana_cost(original, game, oids, caster, choice, alternative):
    """A kicked free cast pays its mana cost too: the kicker is added to the mana cost, not to the
    alternative cost (118.9d)."""
    if isinstance(choice, dict) and choice.get("kicks"):
        alternative = None
    return original(game, oids, caster, choice, alternative)


def _any_card(original, game, oids, caster, choice, alternative):
    """The effect's offer is not checked: any card of the caster's can be cast this way."""
    label = choice.get("card") if isinstance(choice, dict) else None
    oid = game.labels.get(label) if isinstance(label, str) else None
    return original(game, [*oids, oid] if oid is not None else oids, caster, choice, alternative)


def _only_your_library(stack, run):
    """Etali exiles only the top card of its controller's library."""
    def make(original):
        def apply(self, ctx):
            g = ctx.game
            library = g.players[ctx.controller].library
            exiled = []
            if library:
                o = g.objs[library[0]]
                g.move(o, "exile")
                exiled.append(o.oid)
            locate.obj("cast_offered")(g, exiled, ctx.controller, ctx.choices.get("cast"), "without-paying-mana-cost")
        return apply
    locate.patch_method(stack, "ExileTopOfEachLibraryMayCastFree", "apply", make)


FAULTS = [
    Fault("free_cast_cant_be_kicked", "118.9d",
          "(designed, the bug XMage's test_FreeCast_Normal guards against) a spell cast without paying its mana "
          "cost from Etali's trigger can't be kicked",
          _offered(_no_kicker), _etali({"card": "soldier", "kicks": 1, "pay": "{C}{C}"}),
          claims=(FREE + "kicker-added-to-the-free-cast",)),
    Fault("free_cast_kicker_adds_the_mana_cost", "118.9d",
          "(designed) a kicked free cast pays its mana cost as well as the kicker",
          _offered(_kicker_on_top_of_the_mana_cost), _etali({"card": "soldier", "kicks": 1, "pay": "{C}{C}"}),
          claims=(FREE + "kicker-added-to-the-free-cast",)),
    Fault("offered_cast_of_any_card", "608.2g",
          "(designed) a cast during resolution isn't limited to what the effect allows: a card still in the "
          "library is cast",
          _offered(_any_card), _etali({"card": "bears"}),
          claims=(FREE + "cast-during-the-resolution",)),
    Fault("etali_exiles_only_its_controllers_card", "608.2g",
          "(designed) Etali exiles only the top card of its controller's library, not each player's",
          _only_your_library, _etali({"card": "soldier"}, bob={"library": [{"card": "Forest", "label": "forest"}]}),
          claims=(FREE + "cast-during-the-resolution",)),
]
