"""Faulty engines for a card's triggered ability as it leaves a graveyard ("When this card is put into
your hand from your graveyard", 113.6k: it triggers from the graveyard; 603.10a: it looks back at the
card there), for a creature card returned from a graveyard being a new object with its abilities (400.7),
and for dredge (702.52a-b, 613.1f). Each drops a claim of spec/rules/peer-tests-xmage-graveyard-triggers.yaml;
all are designed (no public report known). They patch the reference engine by name: Game.move and
rules.actions (collect_graveyard_leavers, dredged), state.characteristics.triggers_of.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap

LEAVE = "peers-xmage/a-card-leaving-a-graveyard#"
DREDGE = "peers-xmage/dredge#"

JAILER = ("Yixlid Jailer", "jailer")
BROWNSCALE = ("Golgari Brownscale", "brownscale")
RECRUITMENT = ("Cemetery Recruitment", "recruitment")
SWAMPS = tuple(("Swamp", f"s{i}") for i in range(1, 4))
_BOB_MAIN = {"active": "bob", "step": "main1"}
_BOB_TURN = {"active": "bob", "step": "main1"}


def _recruit(with_jailer: bool) -> dict:
    return case({"alice": {"battlefield": cards(JAILER) if with_jailer else []},
                 "bob": {"graveyard": cards(BROWNSCALE), "hand": cards(RECRUITMENT), "mana": "{B}{C}",
                         "library": cards(SWAMPS[0])}},
                [{"cast": {"card": "recruitment", "targets": ["brownscale"], "pay": "{B}{C}"}},
                 {"resolve": {}}, *([] if with_jailer else [{"resolve": {}}])], turn=_BOB_MAIN)


def _dredge(library, bob=None, order=True) -> dict:
    players = {"alice": {"graveyard": cards(BROWNSCALE), "library": cards(*library)}}
    if bob:
        players["bob"] = bob
    advance = {"turn": "next", "to": "draw"}
    if order:
        advance["choices"] = {"replacement_order": ["brownscale"]}
    return case(players, [{"advance": advance}], turn=_BOB_TURN)


def _reads_it_in_its_new_zone(original):
    """The ability is looked for on the card in the hand it went to, not as it was in the graveyard:
    under Yixlid Jailer the Brownscale, which has its abilities again in the hand, triggers."""
    def faulty(game):
        game.left_graveyard = tuple(type(r)(r.oid, r.owner, r.to, True) for r in game.left_graveyard)
        original(game)
    return faulty


def _only_from_the_battlefield(original):
    """A triggered ability functions only on the battlefield: the card's own "put into your hand from
    your graveyard" never triggers."""
    def faulty(game):
        game.left_graveyard = ()
    return faulty


def _keeps_the_graveyard_removal(stack, run):
    """The card returned from a graveyard where Yixlid Jailer took its abilities is treated as the
    same object: on the battlefield it still has no triggered ability (400.7 ignored)."""
    came = set()
    has_its_abilities = locate.obj("has_its_abilities")

    def make_move(original):
        def faulty(self, o, zone, top=True):
            stripped = o.zone == "graveyard" and not has_its_abilities(self, o)
            original(self, o, zone, top)
            if stripped and zone == "battlefield":
                came.add(o.oid)
        return faulty

    def make_triggers_of(original):
        def faulty(game, o, granting=None):
            return () if o.oid in came else original(game, o, granting)
        return faulty
    locate.patch_method(stack, "Game", "move", make_move)
    locate.patch(stack, "triggers_of", make_triggers_of)


def _never_dredges(original):
    return lambda game, player: False


def _dredges_short_libraries(original):
    """702.52b ignored: with fewer than N cards in the library the dredge mills what there is and
    returns the card."""
    def faulty(game, player):
        p = game.players[player]
        for label in game.replacement_order:
            oid = game.labels.get(label)
            if oid is not None and oid in p.graveyard and len(p.library) < 2:
                for c in list(p.library):
                    game.move(game.objs[c], "graveyard")
                game.move(game.objs[oid], "hand")
                return True
        return original(game, player)
    return faulty


def _dredges_without_its_abilities(original):
    """The dredge is read from the card's printed abilities: under Yixlid Jailer it still dredges."""
    def faulty(game, player):
        p = game.players[player]
        for label in game.replacement_order:
            oid = game.labels.get(label)
            if oid is not None and oid in p.graveyard and len(p.library) >= 2:
                locate.obj("mill")(game, player, 2)
                game.move(game.objs[oid], "hand")
                return True
        return False
    return faulty


FAULTS = [
    Fault("graveyard_leaving_trigger_read_in_the_new_zone", "603.10a",
          "(designed) a card's \"When this card is put into your hand from your graveyard\" is looked for on the "
          "card in the hand: under Yixlid Jailer, Golgari Brownscale returned by Cemetery Recruitment gains bob 2 life",
          swap("collect_graveyard_leavers", _reads_it_in_its_new_zone),
          _recruit(with_jailer=True),
          claims=(LEAVE + "leaving-a-graveyard-looks-back",)),
    Fault("graveyard_leaving_trigger_never_triggers", "113.6k",
          "(designed) a triggered ability functions only from the battlefield: Golgari Brownscale returned from "
          "bob's graveyard to his hand gains him nothing",
          swap("collect_graveyard_leavers", _only_from_the_battlefield),
          _recruit(with_jailer=False),
          claims=(LEAVE + "triggers-from-the-graveyard",)),
    Fault("returned_card_keeps_the_graveyard_removal", "400.7",
          "(designed) a card Yixlid Jailer took the abilities of in a graveyard keeps none once Unearth returns it "
          "to the battlefield: Seasoned Pyromancer's enters trigger doesn't trigger",
          _keeps_the_graveyard_removal,
          case({"alice": {"battlefield": cards(JAILER)},
                "bob": {"graveyard": cards(("Seasoned Pyromancer", "pyromancer")),
                        "hand": cards(("Unearth", "unearth"), ("Lightning Bolt", "bolt1"), ("Lightning Bolt", "bolt2")),
                        "mana": "{B}", "library": cards(("Swamp", "s1"), ("Swamp", "s2"))}},
               [{"cast": {"card": "unearth", "targets": ["pyromancer"], "pay": "{B}"}}, {"resolve": {}}],
               turn=_BOB_MAIN),
          claims=(LEAVE + "a-new-object-has-its-abilities",)),
    Fault("dredge_ignored", "702.52a",
          "(designed) dredge never replaces a draw: alice, choosing Golgari Brownscale's dredge 2, draws her top card",
          swap("dredged", _never_dredges),
          _dredge(SWAMPS),
          claims=(DREDGE + "instead-mill-and-return",)),
    Fault("dredge_with_too_few_cards", "702.52b",
          "(designed) dredge 2 with one card in the library mills it and returns the card",
          swap("dredged", _dredges_short_libraries),
          _dredge(SWAMPS[:1]),
          claims=(DREDGE + "at-least-n-cards",)),
    Fault("dredge_without_its_abilities", "613.1f",
          "(designed) dredge is read from the card's printed abilities: under Yixlid Jailer Golgari Brownscale "
          "still dredges",
          swap("dredged", _dredges_without_its_abilities),
          _dredge(SWAMPS, bob={"battlefield": cards(JAILER)}),
          claims=(DREDGE + "functions-only-in-a-graveyard",)),
]
