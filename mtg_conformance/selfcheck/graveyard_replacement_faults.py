"""Faulty engines for replacement effects that exile a card instead of putting it into a graveyard
(614.1a, 614.6) and what follows from them: an exiled creature never died (700.4), it still left
the battlefield (603.6c). Each drops claims of the XMage and Forge ports in
spec/rules/peer-tests-xmage-graveyard-replacement.yaml (Anafenza, the Foremost; Abandoned
Sarcophagus) and spec/rules/peer-tests-forge-graveyard-replacement.yaml (Rest in Peace, Skyclave
Apparition); all are designed (no public report known). They patch the reference engine's
graveyard replacement (reference_impl/rules/replacement.py: ExileInstead, _left_with_it), its
graveyard door on Game, the casting permission and Skyclave Apparition's linked token effect by
name.
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import swap, swap_method
from .replacement_faults import _applies_as_if, _exiled_instead_still_dies

ANA = "peers-xmage/an-opponents-creature-exiled-instead#"
DIE = "peers-xmage/exiled-instead-is-no-death#"
CAST = "peers-xmage/cast-from-your-graveyard-by-permission#"
TYPES = "peers-xmage/card-types-among-the-sacrificed#"
ATTACKS = "peers-xmage/whenever-this-creature-attacks#"
LEAVES = "peers-forge/exiled-instead-still-leaves#"
LINKED = "peers-forge/the-exiled-cards-owner-creates-a-token#"

ANAFENZA = ("Anafenza, the Foremost", "anafenza")
SARCOPHAGUS = ("Abandoned Sarcophagus", "sarcophagus")
ANGEL = ("Angel of the God-Pharaoh", "angel")

# Alice's Butcher Ghoul dealt lethal damage by bob's Lightning Bolt under his Anafenza
_GHOUL_BOLTED = case(
    {"alice": {"battlefield": cards(("Butcher Ghoul", "ghoul"))},
     "bob": {"battlefield": cards(ANAFENZA), "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
    [{"cast": {"card": "bolt", "by": "bob", "targets": ["ghoul"], "pay": "{R}"}}, {"resolve": {}}])

# Alice casts Butcher Ghoul (after bob's Anafenza is on the battlefield); in bob's turn his Wrath of God
_WRATH = case(
    {"alice": {"hand": cards(("Butcher Ghoul", "ghoul")), "mana": "{B}{C}"},
     "bob": {"battlefield": cards(ANAFENZA, ("Plains", "p1"), ("Plains", "p2"), ("Plains", "p3"), ("Plains", "p4")),
             "hand": cards(("Wrath of God", "wrath")), "library": cards(("Plains", "draw"))}},
    [{"cast": {"card": "ghoul", "pay": "{B}{C}"}}, {"resolve": {}},
     {"advance": {"turn": "next", "to": "main1"}},
     {"tap_for_mana": {"permanents": ["p1", "p2", "p3", "p4"]}},
     {"cast": {"card": "wrath", "pay": "{W}{W}{W}{W}"}}, {"pass_until_empty": {}}])

# Baba Lysaga sacrifices Grizzly Bears and Angel of the God-Pharaoh under Abandoned Sarcophagus
_BABA = case(
    {"alice": {"battlefield": cards(("Vengeful Townsfolk", "townsfolk"), ("Baba Lysaga, Night Witch", "baba"),
                                    ("Grizzly Bears", "bears"), ANGEL, SARCOPHAGUS)}},
    [{"activate": {"card": "baba", "choices": {"sacrifice_cost": ["bears", "angel"]}}},
     {"pass_until_empty": {}}])

# Alice's Skyclave Apparition exiles bob's Grizzly Bears; under her Rest in Peace bob's Murder destroys it
_SKYCLAVE = case(
    {"alice": {"battlefield": cards(("Rest in Peace", "rip")), "hand": cards(("Skyclave Apparition", "apparition")),
               "mana": "{W}{W}{C}"},
     "bob": {"battlefield": cards(("Grizzly Bears", "bears")), "graveyard": cards(("Hill Giant", "giant")),
             "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
    [{"cast": {"card": "apparition", "pay": "{W}{W}{C}"}}, {"pass_until_empty": {}},
     {"cast": {"card": "murder", "by": "bob", "targets": ["apparition"], "pay": "{B}{B}{C}"}},
     {"pass_until_empty": {}}])


def _gone_with_its_source(_original):
    """A graveyard replacement effect of a permanent that left in the same event as the object
    no longer applies: the effect is looked for after the first ones have left."""
    return lambda game, o: []


def _by_controller(applies):
    """"a nontoken creature an opponent owns" read as "an opponent controls"."""
    def faulty(self, game, src, ev):
        o = ev.obj
        if self.opponents and o.zone == "battlefield":
            return o.controller != src.controller and applies(replace(self, opponents=False), game, src, ev)
        return applies(self, game, src, ev)
    return faulty


def _replaced_is_no_leaving(stack, run):
    """A permanent a replacement effect exiled instead of putting it into a graveyard is not
    seen leaving the battlefield: its leaves-the-battlefield abilities don't trigger."""
    game_cls = locate.obj("Game")
    door = game_cls.graveyard_replacer
    replaced: set = set()

    def faulty_door(game, o):
        zone = door(game, o)
        if zone != "graveyard":
            replaced.add(o.oid)
        return zone

    def make(collect):
        def faulty(game):
            game.left = tuple(r for r in game.left if r.oid not in replaced)
            return collect(game)
        return faulty
    stack.enter_context(mock.patch.object(game_cls, "graveyard_replacer", staticmethod(faulty_door)))
    locate.patch(stack, "collect_leaves", make)


def _made_by_it(make_change):
    """Run the linked token effect, then change each token it created (`make_change(game, ctx, o)`)."""
    def make(original):
        def apply(self, ctx):
            game = ctx.game
            before = set(game.objs)
            original(self, ctx)
            for oid in sorted(set(game.objs) - before):
                make_change(game, ctx, game.objs[oid])
        return apply
    return make


def _for_the_controller(game, ctx, o):
    """The token is created by the linked ability's controller, not by the exiled card's owner."""
    o.owner = o.controller = ctx.controller


def _sized_by_every_exiled_card(game, ctx, o):
    """X is the total mana value of every card its owner has in exile, not the linked card's."""
    mana_value = locate.obj("mana_value")
    x = sum(mana_value(game.objs[c]) for c in game.players[o.owner].exile if c in game.objs)
    o.card = o.printed = replace(o.card, power=x, toughness=x)


def _no_graveyard_casting(_original):
    return lambda game, o, caster: False


def _any_card_from_graveyard(_original):
    """"Nonland cards with cycling" read as "nonland cards": any card of the graveyard may be cast."""
    def faulty(game, o, caster):
        statics = locate.obj("CastFromGraveyardPermission")
        return any(isinstance(st, statics) for sid in game.battlefield if game.objs[sid].controller == caster
                   for st in game.objs[sid].card.statics)
    return faulty


def _permanents_not_types(_original):
    """"three or more card types among the sacrificed permanents" counts the permanents."""
    def faulty(self, ctx):
        ev = ctx.event
        paid = ev.to if ev is not None and ev.kind == "activated" else ()
        return len(paid) >= self.at_least
    return faulty


def _attack_trigger(when):
    """"Whenever this creature attacks" answered by `when(game, src, event)` instead."""
    def make(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "self-attacks":
                return event.kind == "attacks" and when(game, src, event) and self.check(game, src, event)
            return triggers_on(self, game, src, event)
        return faulty
    return make


def _cycling_anywhere(stack, run):
    """Cycling ("functions only while the card ... is in a player's hand") is activated from the
    battlefield like any activated ability of a permanent."""
    def make(activate):
        def faulty(game, args):
            o = game.objs.get(game.labels.get(args.get("card"))) if isinstance(args, dict) else None
            if o is None or not any(ab.from_hand for ab in o.card.activated):
                return activate(game, args)
            card = o.card
            o.card = replace(card, activated=tuple(replace(ab, from_hand=False) for ab in card.activated))
            try:
                return activate(game, args)
            finally:
                o.card = card
        return faulty
    locate.patch(stack, "activate", make)


_ATTACK = case({"alice": {"battlefield": cards(ANAFENZA, ("Grizzly Bears", "bears"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}}])
_BOTH_ATTACK = case({"alice": {"battlefield": cards(ANAFENZA, ("Grizzly Bears", "bears"))}},
                    [{"declare_attackers": {"attackers": [{"card": "anafenza", "attacks": "bob"},
                                                          {"card": "bears", "attacks": "bob"}]}},
                     {"resolve": {}}])

FAULTS = [
    Fault("card_types_counted_as_permanents", "205.2b",
          "(designed) \"three or more card types among the sacrificed permanents\" counts the permanents: an "
          "artifact creature counts once, three creatures count three",
          swap_method("CardTypesAmongSacrificed", "__call__", _permanents_not_types),
          case({"alice": {"battlefield": cards(("Baba Lysaga, Night Witch", "baba"), ("Plains", "plains"),
                                               ("Ornithopter", "thopter")),
                          "library": cards(("Forest", "l1"), ("Forest", "l2"), ("Forest", "l3"))}},
               [{"activate": {"card": "baba", "choices": {"sacrifice_cost": ["plains", "thopter"]}}}, {"resolve": {}}]),
          claims=(TYPES + "card-types-not-permanents",)),
    Fault("attack_trigger_never_triggers", "508.3a",
          "(designed) \"Whenever this creature attacks\" doesn't trigger when it is declared as an attacker",
          swap_method("Trigger", "triggers_on", _attack_trigger(lambda game, src, event: False)), _BOTH_ATTACK,
          claims=(ATTACKS + "declared-as-an-attacker",)),
    Fault("attack_trigger_for_any_attacker", "508.3a",
          "(designed) \"Whenever this creature attacks\" triggers when any creature its controller controls attacks",
          swap_method("Trigger", "triggers_on",
                      _attack_trigger(lambda game, src, event: event.player == src.controller)), _ATTACK,
          claims=(ATTACKS + "declared-as-an-attacker",)),

    Fault("creature_exiled_instead_still_dies", "614.6",
          "(designed) a creature a replacement effect exiled instead of putting it into a graveyard is remembered as "
          "having died: undying, and \"whenever one or more other creatures you control die\", trigger",
          _exiled_instead_still_dies, _GHOUL_BOLTED,
          claims=(ANA + "never-dies", DIE + "exiled-is-not-dying")),
    Fault("graveyard_replacement_gone_with_its_source", "614.1",
          "(designed) a permanent's graveyard replacement effect doesn't apply to the permanents destroyed with it: "
          "Wrath of God destroys Anafenza first, and the Butcher Ghoul destroyed in the same event dies and "
          "returns with undying",
          swap("_left_with_it", _gone_with_its_source), _WRATH,
          claims=(ANA + "watches-the-event-that-would-happen",)),
    Fault("opponents_creature_replacement_by_controller", "614.1a",
          "(designed) \"a nontoken creature an opponent owns would die\" asks who controls it: a creature its "
          "controller took from an opponent dies (its dies ability triggers) instead of being exiled",
          swap_method("ExileInstead", "applies", _by_controller),
          case({"alice": {"battlefield": cards(("Zulaport Cutthroat", "zulaport"))},
                "bob": {"battlefield": cards(ANAFENZA),
                        "hand": cards(("Act of Treason", "treason"), ("Murder", "murder")),
                        "mana": "{R}{C}{C}{B}{B}{C}"}},
               [{"cast": {"card": "treason", "targets": ["zulaport"], "pay": "{R}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "murder", "targets": ["zulaport"], "pay": "{B}{B}{C}"}}, {"resolve": {}}],
               turn={"active": "bob"}),
          claims=(ANA + "an-opponent-owns",)),
    Fault("opponents_creature_replacement_exiles_own_creatures", "614.1a",
          "(designed) Anafenza's \"an opponent owns\" is dropped: its controller's own dying creatures are exiled "
          "too, their dies abilities not triggering",
          swap_method("ExileInstead", "applies", _applies_as_if(opponents=False)),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(ANAFENZA, ("Zulaport Cutthroat", "zulaport"))}},
               [{"cast": {"card": "bolt", "targets": ["zulaport"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(ANA + "an-opponent-owns",)),
    Fault("nontoken_creature_replacement_exiles_tokens", "111.1",
          "(designed) \"a nontoken creature ... would die\" also exiles creature tokens: an opponent's token never "
          "dies and \"whenever ... die\" abilities don't trigger",
          swap_method("ExileInstead", "applies", _applies_as_if(cards_only=False)),
          case({"alice": {"battlefield": cards(("Vengeful Townsfolk", "townsfolk")),
                          "hand": cards(("Saproling Migration", "migration")), "mana": "{G}{C}"},
                "bob": {"battlefield": cards(ANAFENZA), "hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "migration", "pay": "{G}{C}"}}, {"resolve": {"labels": ["sap1", "sap2"]}},
                {"cast": {"card": "bolt", "by": "bob", "targets": ["sap1"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(ANA + "nontoken-creatures-and-creature-cards",)),
    Fault("creature_card_replacement_exiles_every_card", "614.1a",
          "(designed) \"a creature card ... would be put into an opponent's graveyard\" exiles every card: an "
          "opponent's resolved instant is exiled",
          swap_method("ExileInstead", "applies", _applies_as_if(types_any=())),
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": cards(ANAFENZA)}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(ANA + "nontoken-creatures-and-creature-cards",)),
    Fault("cycling_activated_on_the_battlefield", "702.29a",
          "(designed) cycling, which functions only while its card is in a hand, is activated from the battlefield: "
          "the permanent's controller pays {2} and draws a card",
          _cycling_anywhere,
          case({"alice": {"battlefield": cards(ANGEL), "library": cards(("Forest", "l1")), "mana": "{C}{C}"}},
               [{"activate": {"card": "angel", "pay": "{C}{C}"}}, {"resolve": {}}]),
          claims=(DIE + "cycling-only-from-a-hand",)),
    Fault("your_graveyard_replacement_exiles_opponents_cards", "614.1a",
          "(designed) Abandoned Sarcophagus's \"into your graveyard\" is dropped: an opponent's card with cycling "
          "that dies is exiled too",
          swap_method("ExileInstead", "applies", _applies_as_if(yours=False)),
          case({"alice": {"battlefield": cards(SARCOPHAGUS), "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"},
                "bob": {"battlefield": cards(ANGEL)}},
               [{"cast": {"card": "murder", "targets": ["angel"], "pay": "{B}{B}{C}"}}, {"resolve": {}}]),
          claims=(DIE + "only-your-graveyard",)),
    Fault("cycling_replacement_exiles_every_card", "700.4",
          "(designed) Abandoned Sarcophagus's \"a card with cycling\" is dropped: a Grizzly Bears sacrificed with "
          "the Angel is exiled too, so no creature dies and Vengeful Townsfolk doesn't trigger",
          swap_method("ExileInstead", "applies", _applies_as_if(keyword=None)), _BABA,
          claims=(DIE + "the-others-still-die",)),
    Fault("graveyard_casting_permission_ignored", "601.3",
          "(designed) \"You may cast nonland cards with cycling from your graveyard\" gives no permission: the card "
          "can't be cast from there",
          swap("_cast_from_graveyard_allowed", _no_graveyard_casting),
          case({"alice": {"battlefield": cards(SARCOPHAGUS), "graveyard": cards(ANGEL), "mana": "{W}{W}{C}{C}{C}{C}"}},
               [{"cast": {"card": "angel", "pay": "{W}{W}{C}{C}{C}{C}"}}, {"resolve": {}}]),
          claims=(CAST + "cast-from-your-graveyard",)),
    Fault("graveyard_casting_permission_for_every_card", "601.3",
          "(designed) \"You may cast nonland cards with cycling from your graveyard\" lets any nonland card of that "
          "graveyard be cast, one without cycling too",
          swap("_cast_from_graveyard_allowed", _any_card_from_graveyard),
          case({"alice": {"battlefield": cards(SARCOPHAGUS), "graveyard": cards(("Grizzly Bears", "bears")),
                          "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{C}"}}, {"resolve": {}}]),
          claims=(CAST + "cast-from-your-graveyard",)),
    Fault("exiled_instead_is_no_leaving", "603.6c",
          "(designed) a permanent exiled instead of being put into a graveyard is not seen leaving the battlefield: "
          "Skyclave Apparition's leaves ability doesn't trigger under Rest in Peace",
          _replaced_is_no_leaving, _SKYCLAVE,
          claims=(LEAVES + "exiled-instead-still-leaves", LEAVES + "the-modified-event-triggers")),
    Fault("linked_token_for_the_abilitys_controller", "607.2a",
          "(designed) \"the exiled card's owner creates\" a token: its controller, the Apparition's, creates it",
          swap_method("ExiledCardsOwnerCreatesToken", "apply", _made_by_it(_for_the_controller)), _SKYCLAVE,
          claims=(LINKED + "the-exiled-card",)),
    Fault("linked_token_sized_by_every_exiled_card", "607.2a",
          "(designed) \"X is the mana value of the exiled card\" counts every card its owner has in exile, not only "
          "the one the linked ability exiled",
          swap_method("ExiledCardsOwnerCreatesToken", "apply", _made_by_it(_sized_by_every_exiled_card)), _SKYCLAVE,
          claims=(LINKED + "the-exiled-card",)),
]
