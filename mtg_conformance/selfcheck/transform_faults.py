"""Faulty engines for transforming double-faced cards (712.2; 712.8a, 712.8e, 712.14a) and the cost
reductions of Accursed Witch // Infectious Curse (601.2f). Each drops a claim of
spec/rules/peer-tests-xmage-transform.yaml; one is modelled on a real report (wingedsheep/argentum-engine#21),
the others are designed. They patch the
reference engine by name: its entering transformed (reference_impl/rules/resolution.py
enter_battlefield_transformed), mana value (state/characteristics.py mana_value), zone changes
(state/game.py Game.move) and cost modifiers (rules/statics.py CostModifier)."""

from __future__ import annotations

from dataclasses import replace

from . import locate
from .fault import Fault, cards, case

DFC = "peers-xmage/transforming-double-faced-cards#"
WITCH = ("Accursed Witch // Infectious Curse", "witch")


def _enters_front_face_up(stack, run):
    """"Return it to the battlefield transformed" puts the card onto the battlefield front face up
    (the instruction's "transformed" ignored), attached as told."""
    def make(original):
        def faulty(game, o, controller, choices, attach_to=None):
            if o.printed.layout != "transform":
                return False
            locate.obj("_enter")(game, o, None, controller, choices, False, None, o.printed.faces[0], attach_to)
            return True
        return faulty
    locate.patch(stack, "enter_battlefield_transformed", make)


def _both_faces(stack, run):
    """A permanent with its back face up keeps its front face's abilities too (the two faces' static and
    triggered abilities together)."""
    def make(original):
        def faulty(game, o, controller, choices, attach_to=None):
            done = original(game, o, controller, choices, attach_to)
            if done:
                front = o.printed.faces[0]
                o.card = replace(o.card, statics=o.card.statics + front.statics,
                                 triggers=o.card.triggers + front.triggers)
            return done
        return faulty
    locate.patch(stack, "enter_battlefield_transformed", make)


def _back_face_mana_value_zero(stack, run):
    """A back face up permanent's mana value comes from its back face's mana cost (none: 0)."""
    def make(original):
        def faulty(o):
            return 0 if o.card.layout == "transform_back" else original(o)
        return faulty
    locate.patch(stack, "mana_value", make)


def _stays_transformed(stack, run):
    """A transformed permanent that leaves the battlefield keeps its back face up in its new zone."""
    def make(original):
        def faulty(self, o, zone, *args, **kwargs):
            back = o.zone == "battlefield" and o.card.layout == "transform_back" and zone != "battlefield"
            card = o.card
            out = original(self, o, zone, *args, **kwargs)
            if back and o.oid in self.objs:
                o.card = card
            return out
        return faulty
    locate.patch_method(stack, "Game", "move", make)


def _transformed_once_transformed_always(stack, run):
    """A card that has had its back face up is reported transformed from then on (the status a card
    keeps, rather than which face is up now)."""
    seen = set()

    def enter(original):
        def faulty(game, o, controller, choices, attach_to=None):
            done = original(game, o, controller, choices, attach_to)
            if done:
                seen.add(o.oid)
            return done
        return faulty

    def entry(original):
        def faulty(o, *args):
            out = original(o, *args)
            return {**out, "transformed": True} if o.oid in seen else out
        return faulty
    locate.patch(stack, "enter_battlefield_transformed", enter)
    locate.patch(stack, "_permanent_entry", entry)


def _ignores_what_is_targeted(flag: str):
    def install(stack, run):
        """The cost modifier reduces every spell its casters may cast, whatever the spell targets."""
        def make(original):
            def faulty(self, src, spell_card, caster, chosen=()):
                if getattr(self, flag):
                    return original(replace(self, **{flag: False}), src, spell_card, caster, chosen)
                return original(self, src, spell_card, caster, chosen)
            return faulty
        locate.patch_method(stack, "CostModifier", "applies", make)
    return install


def _returned_curse(more=(), alice_hand=(), alice_mana="{R}{R}", bob=None) -> dict:
    """Alice's Lightning Bolt kills her Accursed Witch, which returns transformed attached to bob."""
    return case({"alice": {"battlefield": cards(WITCH), "hand": cards(("Lightning Bolt", "bolt"), *alice_hand),
                           "mana": alice_mana},
                 "bob": bob or {}},
                [{"cast": {"card": "bolt", "targets": ["witch"], "pay": "{R}"}},
                 {"resolve": {"choices": {"trigger_targets": [{"source": "witch", "targets": ["bob"]}]}}},
                 {"resolve": {}}, *more])


BOOMERANG = _returned_curse(
    more=({"cast": {"card": "boomerang", "by": "bob", "targets": ["witch"], "pay": "{U}{U}"}}, {"resolve": {}},
          {"cast": {"card": "witch", "pay": "{B}{C}{C}{C}"}}, {"resolve": {}}),
    alice_mana="{R}{B}{C}{C}{C}", bob={"hand": cards(("Boomerang", "boomerang")), "mana": "{U}{U}"})
NATURALIZE = _returned_curse(
    more=({"cast": {"card": "naturalize", "by": "bob", "targets": ["witch"], "pay": "{G}{C}"}}, {"resolve": {}}),
    bob={"hand": cards(("Naturalize", "naturalize")), "mana": "{G}{C}"})
GRAPESHOT_AT_ALICE = _returned_curse(
    more=({"cast": {"card": "grapeshot", "targets": ["alice"], "pay": "{R}"}},),
    alice_hand=(("Grapeshot", "grapeshot"),))
WITCH_AND_GRAPESHOT_AT_BOB = case(
    {"alice": {"hand": cards(("Grapeshot", "grapeshot")), "mana": "{R}"}, "bob": {"battlefield": cards(WITCH)}},
    [{"cast": {"card": "grapeshot", "targets": ["bob"], "pay": "{R}"}}])

FAULTS = [
    Fault("transformed_return_enters_front_face_up", "712.14a",
          "(designed) a card put onto the battlefield \"transformed\" enters front face up: Accursed Witch comes "
          "back a 4/2 creature instead of Infectious Curse",
          _enters_front_face_up, _returned_curse(), claims=(DFC + "enters-transformed", DFC + "only-the-back-face")),
    Fault("back_face_keeps_front_face_abilities", "712.8e",
          "(designed) a permanent with its back face up has its front face's abilities too: Infectious Curse still "
          "makes bob's spells targeting it cost {1} less (Naturalize for {G})",
          _both_faces, NATURALIZE, claims=(DFC + "only-the-back-face",)),
    Fault("back_face_mana_value_from_its_own_cost", "712.8e",
          "(designed) a back face up permanent's mana value comes from its back face's mana cost: Infectious Curse "
          "has mana value 0",
          _back_face_mana_value_zero, _returned_curse(), claims=(DFC + "front-face-mana-value",)),
    Fault("card_stays_transformed_after_leaving", "712.8a",
          "a transformed permanent that leaves the battlefield keeps its back face up: Infectious Curse returned "
          "to a hand can't be cast as Accursed Witch (Argentum: Grub, Storied Matriarch went to the graveyard as "
          "its back face and was cast as it)",
          _stays_transformed, BOOMERANG, claims=(DFC + "front-face-elsewhere",),
          report="https://github.com/wingedsheep/argentum-engine/issues/21"),
    Fault("transformed_once_transformed_always", "701.27g",
          "(designed) a card that has had its back face up is reported transformed from then on: Accursed Witch "
          "cast again from a hand and entering front face up is `transformed: true`",
          _transformed_once_transformed_always, BOOMERANG, claims=(DFC + "front-face-up-is-not-transformed",)),
    Fault("curse_reduces_spells_targeting_anyone", "601.2f",
          "(designed) Infectious Curse reduces every spell its controller casts, not only those that target the "
          "enchanted player",
          _ignores_what_is_targeted("targeting_enchanted_player"), GRAPESHOT_AT_ALICE,
          claims=(DFC + "spells-targeting-the-enchanted-player",)),
    Fault("witch_reduces_spells_targeting_anything", "601.2f",
          "(designed) Accursed Witch reduces every spell its opponents cast, not only those that target it",
          _ignores_what_is_targeted("targeting_source"), WITCH_AND_GRAPESHOT_AT_BOB,
          claims=(DFC + "opponents-spells-targeting-it",)),
]
