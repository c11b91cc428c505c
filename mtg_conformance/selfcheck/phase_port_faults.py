"""Faulty engines for the phase.rs ports of spec/rules/peer-tests-phase-costs-decayed.yaml: blight as
an additional cost (701.68), a once-each-turn permission to cast a spell without paying its mana
cost (Zaffai and the Tempests, 601.3, 118.9) and decayed (702.147a). Each drops claims of that
file; all are designed (no public report known). They patch the reference engine's helpers by
name (rules/casting.py announce_blight, pay_blight, add_blight_alternative, _can_blight,
free_cast_permissions, in_own_turn, use_once_this_turn; rules/statics.py CastWithoutPaying;
effects/amounts.py AdditionalCostPaid; rules/combat.py decayed_cant_block; effects/delayed.py
SacrificeItAtEndOfCombat).
"""

from __future__ import annotations

from reference_impl.state.game import IllegalAction

from . import locate
from .fault import Fault, cards, case

BLIGHT = "peers-phase/blight-as-an-additional-cost#"
ZAFFAI = "peers-phase/once-each-turn-free-cast#"
DECAYED = "peers-phase/decayed#"

HEX = ("Requiting Hex", "hex")
EMBRACE = ("Bogslither's Embrace", "embrace")
ZAFFAI_CARD = ("Zaffai and the Tempests", "zaffai")


def _hex(blight=None, alice_battlefield=(("Grizzly Bears", "bears"),), target="elves") -> dict:
    """Alice's Requiting Hex at bob's Llanowar Elves, blighting `blight` (None: not announced)."""
    cast = {"card": "hex", "targets": [target], "pay": "{B}"}
    if blight is not None:
        cast["blight"] = blight
    return case({"alice": {"hand": cards(HEX), "battlefield": cards(*alice_battlefield), "mana": "{B}"},
                 "bob": {"battlefield": cards(("Llanowar Elves", "elves"))}},
                [{"cast": cast}, {"resolve": {}}])


def _embrace(blight=None, pay="{B}{C}{C}{C}{C}", alice_battlefield=()) -> dict:
    cast = {"card": "embrace", "targets": ["bears"], "pay": pay}
    if blight is not None:
        cast["blight"] = blight
    return case({"alice": {"hand": cards(EMBRACE), "battlefield": cards(*alice_battlefield),
                           "mana": "{B}{C}{C}{C}{C}"},
                 "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
                [{"cast": cast}, {"resolve": {}}])


def _no_counters(stack, run):
    """Blighting puts no -1/-1 counter on the creature: the cost counts as paid all the same."""
    locate.patch(stack, "pay_blight", lambda _original: lambda game, creature, n: None)


def _any_creature(stack, run):
    """Any creature can be blighted, also one an opponent controls."""
    def make(original):
        def can(game, o, caster):
            owner_view = o.controller
            o.controller = caster
            try:
                return original(game, o, caster)
            finally:
                o.controller = owner_view
        return can
    locate.patch(stack, "_can_blight", make)


def _always_paid(stack, run):
    """An optional blight cost is always paid: not announced, the first creature of the caster is
    blighted anyway."""
    def make(original):
        def announce(game, card, wanted, caster, name):
            if wanted is None and card.blight is not None and card.blight.optional:
                wanted = next((game.objs[oid].label for oid in game.battlefield
                               if game.objs[oid].controller == caster and "Creature" in game.objs[oid].card.types),
                              None)
            return original(game, card, wanted, caster, name)
        return announce
    locate.patch(stack, "announce_blight", make)


def _blight_on_any_spell(stack, run):
    """A blight named for a spell without a blight cost is ignored: the spell is cast, nothing blighted."""
    def make(original):
        def announce(game, card, wanted, caster, name):
            if card.blight is None:
                return None
            return original(game, card, wanted, caster, name)
        return announce
    locate.patch(stack, "announce_blight", make)


def _flag(answer):
    def install(stack, run):
        locate.patch_method(stack, "AdditionalCostPaid", "holds_for", lambda _original: lambda self, info: answer)
    return install


def _alternative_not_added(stack, run):
    """"blight N or pay [cost]" not blighted: the other cost is not added (nothing is paid for it)."""
    locate.patch(stack, "add_blight_alternative", lambda _original: lambda base, card, blighted: base)


def _alternative_always_added(stack, run):
    """"blight N or pay [cost]": the other cost is added even when the caster blights (both are paid)."""
    def make(original):
        return lambda base, card, blighted: base + card.blight.or_pay if card.blight.or_pay is not None else base
    locate.patch(stack, "add_blight_alternative", make)


def _no_creature_no_cast(stack, run):
    """A spell with a blight cost can't be cast by a player who controls no creature, even without
    blighting (the optional cost, or the one paid instead, treated as required)."""
    def make(original):
        def announce(game, card, wanted, caster, name):
            if card.blight is not None and not any(
                    game.objs[oid].controller == caster and "Creature" in game.objs[oid].card.types
                    for oid in game.battlefield):
                raise IllegalAction("701.68b", f"{caster} controls no creature to blight")
            return original(game, card, wanted, caster, name)
        return announce
    locate.patch(stack, "announce_blight", make)


def _never_used_up(stack, run):
    """A once-each-turn free cast permission is never used up: every instant of the turn is free."""
    locate.patch(stack, "use_once_this_turn", lambda _original: lambda game, src, st: True)


def _any_turn(stack, run):
    """"Once during each of your turns": the permission works in the opponents' turns too."""
    locate.patch(stack, "in_own_turn", lambda _original: lambda game, player: True)


def _any_spell(stack, run):
    """"cast an instant or sorcery spell ... without paying its mana cost": any spell."""
    locate.patch_method(stack, "CastWithoutPaying", "allows", lambda _original: lambda self, card: True)


def _once_ignored(stack, run):
    """A once-each-turn permission to cast without paying the mana cost allows nothing (only
    Omniscience's unlimited one is recognised)."""
    def make(original):
        return lambda game, o, caster, zone: [(src, st) for src, st in original(game, o, caster, zone)
                                              if not st.once_each_turn]
    locate.patch(stack, "free_cast_permissions", make)


def _can_block(stack, run):
    locate.patch(stack, "decayed_cant_block", lambda _original: lambda kw, b: False)


def _never_sacrificed(stack, run):
    locate.patch_method(stack, "SacrificeItAtEndOfCombat", "apply", lambda _original: lambda self, ctx: None)


def _sacrificed_at_once(stack, run):
    """Decayed's trigger sacrifices the creature as it resolves, before combat damage."""
    def make(original):
        def apply(self, ctx):
            if ctx.source is not None and ctx.source.zone == "battlefield":
                ctx.game.move(ctx.source, "graveyard")
        return apply
    locate.patch_method(stack, "SacrificeItAtEndOfCombat", "apply", make)


def _at_end_step(stack, run):
    """"sacrifice it at end of combat" waits for the end step instead."""
    def make(original):
        def apply(self, ctx):
            original(self, ctx)
            game = ctx.game
            game.delayed = tuple(("end",) + d[1:] if d[0] == "end_of_combat" else d for d in game.delayed)
        return apply
    locate.patch_method(stack, "SacrificeItAtEndOfCombat", "apply", make)


_ZAFFAI_TWO_BOLTS = case(
    {"alice": {"hand": cards(("Lightning Bolt", "bolt1"), ("Lightning Bolt", "bolt2")),
               "battlefield": cards(ZAFFAI_CARD)}},
    [{"cast": {"card": "bolt1", "alternative": "without-paying-mana-cost", "targets": ["bob"]}}, {"resolve": {}},
     {"cast": {"card": "bolt2", "alternative": "without-paying-mana-cost", "targets": ["bob"]}}, {"resolve": {}}])
_RAKSHASA_ATTACKS = case(
    {"alice": {"battlefield": cards(("Rot-Curse Rakshasa", "rakshasa"))}},
    [{"declare_attackers": {"attackers": [{"card": "rakshasa", "attacks": "bob"}]}}, {"resolve": {}},
     {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end_of_combat"}}, {"resolve": {}}])

FAULTS = [
    Fault("blight_named_for_a_spell_without_it", "601.2b",
          "(designed) a cast naming a creature to blight is legal for a spell without a blight cost (Murder)",
          _blight_on_any_spell,
          case({"alice": {"hand": cards(("Murder", "murder")), "battlefield": cards(("Llanowar Elves", "elves")),
                          "mana": "{B}{B}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "murder", "blight": "elves", "targets": ["bears"], "pay": "{B}{B}{C}"}}]),
          claims=(BLIGHT + "only-costs-the-spell-has",)),
    Fault("blight_puts_no_counters", "701.68a",
          "(designed) blighting a creature to pay a spell's additional cost puts no -1/-1 counter on it",
          _no_counters, _hex("bears"),
          claims=(BLIGHT + "a-creature-you-control",)),
    Fault("blight_any_creature", "701.68a",
          "(designed) a player may blight a creature an opponent controls, also when controlling none",
          _any_creature, _hex("elves", alice_battlefield=()),
          claims=(BLIGHT + "a-creature-you-control", BLIGHT + "cant-choose-to-blight")),
    Fault("optional_blight_always_paid", "118.8b",
          "(designed) an optional blight cost is paid even when the caster doesn't announce it",
          _always_paid, _hex(),
          claims=(BLIGHT + "optional",)),
    Fault("additional_cost_paid_forgotten", "601.2b",
          "(designed) a spell never remembers that its optional additional cost was paid (Requiting Hex gains no life)",
          _flag(False), _hex("bears"),
          claims=(BLIGHT + "announced-as-it-is-cast",)),
    Fault("additional_cost_paid_always", "601.2b",
          "(designed) \"if this spell's additional cost was paid\" holds whether it was paid or not",
          _flag(True), _hex(),
          claims=(BLIGHT + "announced-as-it-is-cast",)),
    Fault("blight_or_pay_other_cost_not_added", "601.2f",
          "(designed) \"blight N or pay [cost]\" without blighting costs only the mana cost",
          _alternative_not_added, _embrace(pay="{B}{C}"),
          claims=(BLIGHT + "plus-all-additional-costs", BLIGHT + "unpayable-cost")),
    Fault("blight_or_pay_both_paid", "601.2f",
          "(designed) \"blight N or pay [cost]\" blighting still adds the other cost to the total cost",
          _alternative_always_added, _embrace("elves", pay="{B}{C}", alice_battlefield=(("Llanowar Elves", "elves"),)),
          claims=(BLIGHT + "plus-all-additional-costs",)),
    Fault("blight_cost_without_creature_forbids_cast", "701.68b",
          "(designed) a spell with a blight cost can't be cast by a player who controls no creature, even when "
          "the blight is optional or another cost can be paid instead",
          _no_creature_no_cast, _hex(alice_battlefield=()),
          claims=(BLIGHT + "cant-choose-to-blight",)),
    Fault("once_each_turn_free_cast_never_used_up", "601.3",
          "(designed) \"once during each of your turns, you may cast ... without paying its mana cost\" is never "
          "used up",
          _never_used_up, _ZAFFAI_TWO_BOLTS,
          claims=(ZAFFAI + "an-effect-allows-it",)),
    Fault("once_each_turn_free_cast_in_any_turn", "601.3",
          "(designed) \"during each of your turns\" is ignored: the free cast is allowed in an opponent's turn",
          _any_turn,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "battlefield": cards(ZAFFAI_CARD)}},
               [{"cast": {"card": "bolt", "alternative": "without-paying-mana-cost", "targets": ["bob"]}}],
               turn={"active": "bob"}),
          claims=(ZAFFAI + "an-effect-allows-it",)),
    Fault("free_cast_permission_any_spell", "601.3",
          "(designed) a permission to cast an instant or sorcery spell without paying its mana cost lets any "
          "spell be cast that way",
          _any_spell,
          case({"alice": {"hand": cards(("Grizzly Bears", "bears")), "battlefield": cards(ZAFFAI_CARD)}},
               [{"cast": {"card": "bears", "alternative": "without-paying-mana-cost"}}]),
          claims=(ZAFFAI + "an-effect-allows-it",)),
    Fault("once_each_turn_free_cast_ignored", "118.9",
          "(designed) a once-each-turn permission to cast a spell without paying its mana cost allows nothing",
          _once_ignored,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "battlefield": cards(ZAFFAI_CARD)}},
               [{"cast": {"card": "bolt", "alternative": "without-paying-mana-cost", "targets": ["bob"]}}]),
          claims=(ZAFFAI + "without-paying-its-mana-cost",)),
    Fault("decayed_creature_can_block", "702.147a",
          "(designed) a creature with decayed can block",
          _can_block,
          case({"alice": {"battlefield": cards(("Grizzly Bears", "bears"))},
                "bob": {"battlefield": cards(("Rot-Curse Rakshasa", "rakshasa"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]}},
                {"declare_blockers": {"blockers": [{"card": "rakshasa", "blocks": "bears"}]}}]),
          claims=(DECAYED + "cant-block",)),
    Fault("decayed_never_sacrificed", "702.147a",
          "(designed) a decayed creature that attacked is never sacrificed",
          _never_sacrificed, _RAKSHASA_ATTACKS,
          claims=(DECAYED + "sacrificed-at-end-of-combat",)),
    Fault("decayed_sacrificed_as_it_attacks", "702.147a",
          "(designed) decayed's trigger sacrifices the attacking creature as it resolves, before it deals combat "
          "damage",
          _sacrificed_at_once, _RAKSHASA_ATTACKS,
          claims=(DECAYED + "sacrificed-at-end-of-combat",)),
    Fault("decayed_sacrificed_at_end_step", "511.2",
          "(designed) decayed's \"sacrifice it at end of combat\" waits for the end step",
          _at_end_step, _RAKSHASA_ATTACKS,
          claims=(DECAYED + "as-the-end-of-combat-step-begins",)),
]
