"""Faulty engines for the keyword abilities of cards in a hand and Teferi, Mage of Zhalfir's two
static abilities (702.8a, 611.3a, 109.2, 117.1a, 307.5, 102.2; spec/rules/keywords-in-hand.yaml). All
are designed. They patch `CardsYouOwnHaveKeyword`, `OpponentsCastOnlyAsSorcery`, `card_keywords`
(state/characteristics.py) and `_check_timing` (rules/casting.py) by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, case

HAND = "hand/keywords-of-a-card-in-a-hand#"
_BOBS_TURN = {"active": "bob", "step": "main1"}
_TEFERI = [{"card": "Teferi, Mage of Zhalfir", "label": "teferi"}]


def _teferi_flash(hand: list) -> dict:
    return case({"alice": {"battlefield": list(_TEFERI), "hand": hand, "mana": "{G}{U}{C}{C}{C}"},
                 "bob": {"hand": [{"card": "Grizzly Bears", "label": "bobs"}]}},
                [{"cast": {"card": hand[0]["label"], "by": "alice",
                           "pay": "{G}{C}" if hand[0]["card"] == "Grizzly Bears" else "{U}{C}{C}"}}], _BOBS_TURN)


def _bolts(caster: str, turn: dict | None, two: bool = False) -> dict:
    other = "bob" if caster == "alice" else "alice"
    hand = [{"card": "Lightning Bolt", "label": "bolt"}]
    if two:
        hand.append({"card": "Lightning Bolt", "label": "again"})
    players = {"alice": {"battlefield": list(_TEFERI)}}
    players[caster] = {**players.get(caster, {}), "hand": hand, "mana": "{R}{R}"}
    steps = [{"cast": {"card": "bolt", "by": caster, "targets": [other], "pay": "{R}"}}]
    if two:
        steps.append({"cast": {"card": "again", "by": caster, "targets": [other], "pay": "{R}"}})
    return case(players, steps, turn)


def _grant(change):
    def install(stack, run):
        locate.patch_method(stack, "CardsYouOwnHaveKeyword", "grant_card_for",
                            lambda original: lambda self, game, src, o: change(original, self, game, src, o))
    return install


def _no_grant(original, self, game, src, o):
    """The grant to cards off the battlefield is never applied."""
    return ()


def _every_owner(original, self, game, src, o):
    """"you own" is dropped: every player's creature cards have flash."""
    if o.zone in ("battlefield", "stack") or not any(t in o.card.types for t in self.types_any):
        return ()
    return self.keywords


def _every_type(original, self, game, src, o):
    """"Creature cards" is dropped: every card its controller owns has flash."""
    if o.owner != src.controller or o.zone in ("battlefield", "stack"):
        return ()
    return self.keywords


def _humility_reaches_the_hand(stack, run):
    """An effect on "creatures" (Humility's "All creatures lose all abilities") also takes the
    abilities of creature cards in a hand (109.2 ignored): their keywords, printed flash included."""
    def strip(game, o):
        if "Creature" not in o.card.types:
            return False
        return any(getattr(st, "lose_all", False) for sid in game.battlefield for st in game.objs[sid].card.statics)

    def make_keywords(original):
        def card_keywords(game, o, sources=None):
            return [] if strip(game, o) else original(game, o, sources)
        return card_keywords
    locate.patch(stack, "card_keywords", make_keywords)

    def make_timing(original):
        def check(game, o, caster, name):
            if strip(game, o) and "Instant" not in o.card.types:
                if caster != game.active or game.step not in ("main1", "main2") or game.stack:
                    raise locate.obj("IllegalAction")("117.1a", f"{name} lost flash to an effect on creatures")
                return None
            return original(game, o, caster, name)
        return check
    locate.patch(stack, "_check_timing", make_timing)


def _restriction(change):
    def install(stack, run):
        locate.patch_method(stack, "OpponentsCastOnlyAsSorcery", "sorcery_only_for",
                            lambda original: lambda self, src, caster: change(src, caster))
    return install


def _ignores_the_stack(stack, run):
    """"any time they could cast a sorcery" is read as "during their main phase": the empty stack
    (307.5) is not required."""
    def make(original):
        def check(game, o, caster, name):
            if (locate.obj("_sorcery_only")(game, caster) is not None and caster == game.active
                    and game.step in ("main1", "main2")):
                return None
            return original(game, o, caster, name)
        return check
    locate.patch(stack, "_check_timing", make)


def _instants_only_in_your_turn(stack, run):
    """An instant is cast only during its caster's own turn (117.1a's "any time they have priority"
    dropped)."""
    def make(original):
        def check(game, o, caster, name):
            if "Instant" in o.card.types and caster != game.active:
                raise locate.obj("IllegalAction")("117.1a", f"{name} can be cast only during its caster's turn")
            return original(game, o, caster, name)
        return check
    locate.patch(stack, "_check_timing", make)


FAULTS = [
    Fault("granted_flash_not_applied", "702.8a",
          "(designed) Teferi's \"Creature cards you own that aren't on the battlefield have flash\" gives no card "
          "flash: a Grizzly Bears in hand can't be cast on the opponent's turn",
          _grant(_no_grant), _teferi_flash([{"card": "Grizzly Bears", "label": "bears"}]),
          claims=(HAND + "flash-works-from-the-hand",)),
    Fault("granted_flash_for_every_owner", "611.3a",
          "(designed) Teferi's grant ignores \"you own\": the opponent's creature cards have flash too",
          _grant(_every_owner),
          case({"alice": {"battlefield": list(_TEFERI)},
                "bob": {"hand": [{"card": "Grizzly Bears", "label": "bobs"}], "mana": "{G}{C}"}},
               [{"cast": {"card": "bobs", "by": "bob", "pay": "{G}{C}"}}], None),
          claims=(HAND + "applies-to-what-its-text-indicates",)),
    Fault("granted_flash_for_every_card_type", "611.3a",
          "(designed) Teferi's grant ignores \"Creature cards\": a sorcery in its controller's hand has flash",
          _grant(_every_type), _teferi_flash([{"card": "Divination", "label": "div"}]),
          claims=(HAND + "applies-to-what-its-text-indicates",)),
    Fault("creature_effect_reaches_cards_in_hand", "109.2",
          "(designed) Humility's \"All creatures lose all abilities\" also strips creature cards in a hand: "
          "Deceiver Exarch loses flash there",
          _humility_reaches_the_hand,
          case({"alice": {"battlefield": [{"card": "Humility", "label": "humility"}],
                          "hand": [{"card": "Deceiver Exarch", "label": "exarch"}], "mana": "{U}{C}{C}"}},
               [{"cast": {"card": "exarch", "by": "alice", "pay": "{U}{C}{C}"}}], _BOBS_TURN),
          claims=(HAND + "creatures-means-creature-permanents",)),
    Fault("sorcery_timing_restricts_nobody", "307.5",
          "(designed) \"Each opponent can cast spells only any time they could cast a sorcery\" restricts no one",
          _restriction(lambda src, caster: False), _bolts("bob", None),
          claims=(HAND + "only-as-a-sorcery",)),
    Fault("sorcery_timing_restricts_its_controller", "102.2",
          "(designed) Teferi's sorcery timing also restricts its controller",
          _restriction(lambda src, caster: True), _bolts("alice", _BOBS_TURN),
          claims=(HAND + "each-opponent-not-its-controller",)),
    Fault("sorcery_timing_ignores_the_stack", "307.5",
          "(designed) \"any time they could cast a sorcery\" doesn't require an empty stack",
          _ignores_the_stack, _bolts("bob", _BOBS_TURN, two=True),
          claims=(HAND + "only-as-a-sorcery",)),
    Fault("instants_only_in_your_own_turn", "117.1a",
          "(designed) an instant can be cast only during its caster's own turn",
          _instants_only_in_your_turn, _bolts("alice", _BOBS_TURN),
          claims=(HAND + "instants-any-time-with-priority",)),
]
