"""Faulty engines for cards looked at and cards hidden: Impulse's "look at the top four cards ... put
one of them into your hand and the rest on the bottom of your library in any order" (701.20e,
701.20b, 401.4; spec/rules/looking-at-cards.yaml) and Bane Alley Broker's face-down exile with its
linked return (406.3, 406.3a, 400.7, 607.2a, 608.2c; spec/rules/exile-face-down.yaml). All are
designed. They patch the reference engine's `look_and_place` (rules/library.py), its
`is_face_down` (state/game.py), and the two Broker effects by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

LOOK = "look/put-one-into-hand-and-the-rest-on-the-bottom#"
DOWN = "exile/a-card-exiled-face-down#"

_LIBRARY = [{"card": "Forest", "label": "forest"}, {"card": "Lightning Bolt", "label": "bolt"},
            {"card": "Grizzly Bears", "label": "bears"}, {"card": "Savannah Lions", "label": "lions"},
            {"card": "Opt", "label": "opt"}]


def _impulse(look: dict, then: list = ()) -> dict:
    return case({"alice": {"hand": [{"card": "Impulse", "label": "impulse"},
                                    {"card": "Deep Analysis", "label": "analysis"}],
                           "library": list(_LIBRARY), "mana": "{U}{U}{C}{C}{C}{C}"}},
                [{"cast": {"card": "impulse", "pay": "{U}{C}"}}, {"resolve": {"choices": {"look": look}}}, *then])


_DRAW_TWO = [{"cast": {"card": "analysis", "targets": ["alice"], "pay": "{U}{C}{C}{C}"}}, {"resolve": {}}]


def _look_with(change):
    """Patch look_and_place with `change(original, game, player, n, choice, into_hand)`."""
    def install(stack, run):
        locate.patch(stack, "look_and_place", lambda original: lambda game, player, n, choice, into_hand:
                     change(original, game, player, n, choice, into_hand))
    return install


def _looks_one_more(original, game, player, n, choice, into_hand):
    """The card below the ones looked at is looked at too (an off-by-one count)."""
    original(game, player, n + 1, choice, into_hand)


def _takes_any_number(original, game, player, n, choice, into_hand):
    """"Put one of them into your hand" is not checked: the choice's `hand` is taken as it is."""
    taken = len(choice.get("hand", [])) if isinstance(choice, dict) else into_hand
    original(game, player, n, choice, taken)


def _rest_on_top(original, game, player, n, choice, into_hand):
    """The cards not taken go back on top (in the chosen order), not to the bottom."""
    library = game.players[player].library
    size = len(library)
    original(game, player, n, choice, into_hand)
    moved = size - len(library)  # the cards put into the hand
    rest = min(n, size) - moved
    if rest > 0:
        library[:] = library[-rest:] + library[:-rest]


def _bottom_in_library_order(original, game, player, n, choice, into_hand):
    """The cards put on the bottom keep the order they had in the library: the owner's arrangement
    is ignored (401.4)."""
    if isinstance(choice, dict) and choice.get("bottom"):
        order = {oid: i for i, oid in enumerate(game.players[player].library)}
        bottom = sorted(choice["bottom"], key=lambda label: order.get(game.labels.get(label), 0))
        choice = {**choice, "bottom": bottom}
    original(game, player, n, choice, into_hand)


def _rest_to_graveyard(original, game, player, n, choice, into_hand):
    """The cards not taken are put into the graveyard: looking "moves" them out of the library."""
    library = game.players[player].library
    size = len(library)
    original(game, player, n, choice, into_hand)
    moved = size - len(library)
    for oid in list(library[-(min(n, size) - moved):]) if min(n, size) - moved > 0 else []:
        game.move(game.objs[oid], "graveyard")


def _broker(hand: list, library: list, steps: list, mana: str = "", second: bool = False) -> dict:
    battlefield = [{"card": "Bane Alley Broker", "label": "broker"}]
    if second:
        battlefield.append({"card": "Bane Alley Broker", "label": "second"})
    return case({"alice": {"battlefield": battlefield, "hand": hand, "library": library, "mana": mana}}, steps)


_EXILE_BOLT = _broker([{"card": "Lightning Bolt", "label": "bolt"}], [{"card": "Forest", "label": "forest"}],
                      [{"activate": {"card": "broker"}}, {"resolve": {"choices": {"chosen": ["bolt"]}}}])


def _never_face_down(stack, run):
    """Exiling "face down" exiles the card face up: the view shows it face up with its mana value."""
    locate.patch(stack, "is_face_down", lambda _original: lambda game, o: False)


def _face_down_keeps_its_mana_value(stack, run):
    """A face-down exiled card keeps its characteristics: its mana value is still its card's (406.3a)."""
    def make(original):
        def entry(o, zone, face_down=False, hand_keywords=None):
            out = original(o, zone, face_down, hand_keywords)
            if face_down:
                out = {**out, "mana_value": locate.obj("mana_value")(o)}
            return out
        return entry
    locate.patch(stack, "_zone_entry", make)


def _stays_face_down_after_leaving(stack, run):
    """A face-down card keeps being face down after it leaves exile (no new object, 400.7): the
    engine remembers the card, not the object it was."""
    def make(original):
        def is_face_down(game, o):
            return bool(game.face_down) and any(oid == o.oid for oid, _moves in game.face_down)
        return is_face_down
    locate.patch(stack, "is_face_down", make)


def _exiles_before_drawing(stack, run):
    """Bane Alley Broker exiles a card from the hand before it draws (the instructions out of
    order, 608.2c): the card just drawn (the last in the hand) was not there to exile, so a hand
    that held nothing else exiles nothing."""
    def make(original):
        def apply(self, ctx):
            if len(ctx.game.players[ctx.controller].hand) <= 1:
                return
            return original(self, ctx)
        return apply
    locate.patch_method(stack, "ExileFromHandFaceDownLinked", "apply", make)


def _any_exiled_card_returns(stack, run):
    """"a card exiled with this creature" is read as any card in exile its controller owns: another
    Broker's (or any effect's) exiled card can be returned (607.2a)."""
    def make(original):
        def apply(self, ctx):
            game = ctx.game
            chosen = ctx.choices.get("chosen")
            picks = [game.labels.get(label) for label in chosen] if isinstance(chosen, list) else []
            exiled = [oid for oid in picks if oid in game.objs and game.objs[oid].zone == "exile"]
            if exiled:
                for oid in exiled[:1]:
                    game.move(game.objs[oid], "hand")
                return
            return original(self, ctx)
        return apply
    locate.patch_method(stack, "ReturnLinkedExiledToHand", "apply", make)


FAULTS = [
    Fault("impulse_looks_at_one_more_card", "701.20e",
          "(designed) Impulse looks at the top five cards, not four: the card below can be taken",
          _look_with(_looks_one_more),
          _impulse({"hand": ["opt"], "bottom": ["forest", "bolt", "bears", "lions"]}),
          claims=(LOOK + "looks-at-the-cards-named",)),
    Fault("impulse_takes_any_number", "701.20e",
          "(designed) \"Put one of them into your hand\" isn't checked: Impulse puts two cards into the hand",
          _look_with(_takes_any_number),
          _impulse({"hand": ["bolt", "bears"], "bottom": ["forest", "lions"]}),
          claims=(LOOK + "looks-at-the-cards-named",)),
    Fault("looked_at_rest_back_on_top", "701.20b",
          "(designed) the cards Impulse doesn't take go back on top of the library, not to the bottom",
          _look_with(_rest_on_top),
          _impulse({"hand": ["bolt"], "bottom": ["lions", "forest", "bears"]}, _DRAW_TWO),
          claims=(LOOK + "looking-moves-nothing",)),
    Fault("looked_at_rest_to_graveyard", "701.20b",
          "(designed) the cards Impulse doesn't take are put into the graveyard",
          _look_with(_rest_to_graveyard),
          _impulse({"hand": ["bolt"], "bottom": ["lions", "forest", "bears"]}),
          claims=(LOOK + "looking-moves-nothing",)),
    Fault("bottom_order_ignored", "401.4",
          "(designed) the cards put on the bottom keep their library order: the owner's arrangement is ignored",
          _look_with(_bottom_in_library_order),
          _impulse({"hand": ["bolt"], "bottom": ["lions", "forest", "bears"]}, _DRAW_TWO),
          claims=(LOOK + "owner-arranges-them",)),
    Fault("face_down_exile_is_face_up", "406.3",
          "(designed) \"exile a card from your hand face down\" exiles it face up",
          _never_face_down, _EXILE_BOLT,
          claims=(DOWN + "exiled-face-down", DOWN + "no-characteristics")),
    Fault("face_down_card_keeps_mana_value", "406.3a",
          "(designed) a card exiled face down keeps its characteristics: its mana value is its card's",
          _face_down_keeps_its_mana_value, _EXILE_BOLT,
          claims=(DOWN + "no-characteristics",)),
    Fault("face_down_follows_the_card", "400.7",
          "(designed) a card exiled face down stays face down after it returns to a hand: the card, not "
          "the object, is remembered as face down",
          _stays_face_down_after_leaving,
          _broker([{"card": "Lightning Bolt", "label": "bolt"}, {"card": "Gift of Growth", "label": "gift"}],
                  [{"card": "Forest", "label": "forest"}],
                  [{"activate": {"card": "broker"}}, {"resolve": {"choices": {"chosen": ["bolt"]}}},
                   {"cast": {"card": "gift", "targets": ["broker"], "pay": "{G}{C}"}}, {"resolve": {}},
                   {"activate": {"card": "broker", "ability": 1, "pay": "{U}{B}"}},
                   {"resolve": {"choices": {"chosen": ["bolt"]}}}], mana="{U}{B}{G}{C}"),
          claims=(DOWN + "a-new-object-face-up",)),
    Fault("broker_exiles_before_drawing", "608.2c",
          "(designed) Bane Alley Broker exiles from the hand before drawing: an empty hand exiles nothing",
          _exiles_before_drawing,
          _broker([], [{"card": "Lightning Bolt", "label": "bolt"}, {"card": "Forest", "label": "forest"}],
                  [{"activate": {"card": "broker"}}, {"resolve": {}}]),
          claims=(DOWN + "instructions-in-order",)),
    Fault("linked_return_takes_any_exiled_card", "607.2a",
          "(designed) \"a card exiled with this creature\" returns a card another Bane Alley Broker exiled",
          _any_exiled_card_returns,
          _broker([{"card": "Lightning Bolt", "label": "bolt"}], [{"card": "Forest", "label": "forest"}],
                  [{"activate": {"card": "broker"}}, {"resolve": {"choices": {"chosen": ["bolt"]}}},
                   {"activate": {"card": "second", "ability": 1, "pay": "{U}{B}"}},
                   {"resolve": {"choices": {"chosen": ["bolt"]}}}], mana="{U}{B}", second=True),
          claims=(DOWN + "only-cards-exiled-with-this-object",)),
]
