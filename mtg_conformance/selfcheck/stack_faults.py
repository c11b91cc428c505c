"""Faulty engines modelled on real bug reports about spells leaving the stack other than by
resolving (a flashback spell returned to a hand, 702.34a), countering a copy of a spell (701.6a)
and who owns a copy (707.10), all of them expressible since Remand, Memory Lapse and Narset's
Reversal joined the catalog and copies got labels (feature copy-labels).

Dimensions attacked: every destination an effect names for a spell leaving the stack (hand,
top of the library, graveyard) gives way to flashback's exile; a copy is a spell like any other
for a counter; a copy's owner is the player who put it on the stack, not the copied card's.
"""

from __future__ import annotations

from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .hooks import after_copy
from .patching import keep_field, wrap, wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
FORGE = "https://github.com/Card-Forge/forge"


def _flashback_spell_returned_to_hand(stack, run):
    """A spell cast with flashback that an effect returns from the stack to its owner's hand
    (Krark's lost flip, Narset's Reversal, Remand) goes to the hand: only the other ways off
    the stack were taught to exile it."""
    def make(leave_stack):
        def faulty(game, o, dest):
            if dest == "hand" and o.spell is not None and o.spell.alternative == "flashback":
                return game.move(o, "hand")
            return leave_stack(game, o, dest)
        return faulty
    locate.patch(stack, "leave_stack", make)


def _copy_cannot_be_countered(stack, run):
    """A counter aimed at a copy of a spell does nothing: the copy stays and resolves."""
    def make(counter_spell):
        def faulty(game, o, by_controller, dest="graveyard"):
            if o.copy:
                return None
            return counter_spell(game, o, by_controller, dest)
        return faulty
    locate.patch(stack, "counter_spell", make)


def _copy_owned_by_original_owner(stack, run):
    """A copy of a spell is controlled by the player who put it on the stack but keeps the
    copied spell's owner."""
    def change(game, orig, copy):
        copy.owner = orig.owner
    after_copy(stack, change)


FIREBOLT = ("Firebolt", "firebolt")

FAULTS = [
    Fault("flashback_spell_returned_to_hand", "702.34a",
          "a spell cast with flashback that an effect returns from the stack to its owner's hand "
          "(Krark, the Thumbless's lost flip) goes to the hand instead of exile",
          _flashback_spell_returned_to_hand,
          case({"alice": {"graveyard": cards(FIREBOLT), "mana": "{R}{R}{R}{R}{R}"},
                "bob": {"hand": cards(("Narset's Reversal", "nr")), "mana": "{U}{U}"}},
               [{"cast": {"card": "firebolt", "alternative": "flashback", "targets": ["bob"],
                          "pay": "{R}{R}{R}{R}{R}"}},
                {"cast": {"card": "nr", "by": "bob", "targets": ["firebolt"], "pay": "{U}{U}"}},
                {"resolve": {}}]),
          report=f"{FORGE}/issues/4628"),
    Fault("copy_cannot_be_countered", "701.6a",
          "a copy of a spell (made by Pyromancer's Goggles) can't be countered: the counter "
          "resolves and the copy stays on the stack and resolves",
          _copy_cannot_be_countered,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twin")),
                          "mana": "{R}{U}{U}"},
                "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {"copy_labels": ["bolt-copy"]}},
                {"cast": {"card": "cs", "by": "bob", "targets": ["bolt-copy"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/1879"),
    Fault("copy_owned_by_original_owner", "707.10",
          "a copy of a spell is controlled by the player who put it on the stack but owned by "
          "the copied spell's owner",
          _copy_owned_by_original_owner,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"hand": cards(("Twincast", "twin")), "mana": "{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "twin", "by": "bob", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {"copy_labels": ["bobs-copy"]}}]),
          report=f"{PHASE}/issues/8577"),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


def _counter(change):
    """Wrap counter_spell: `change(counter_spell, game, o, by_controller, dest)`."""
    def install(stack, run):
        def make(counter_spell):
            def faulty(game, o, by_controller, dest="graveyard"):
                return change(counter_spell, game, o, by_controller, dest)
            return faulty
        locate.patch(stack, "counter_spell", make)
    return install


def _counter_does_nothing(counter_spell, game, o, by_controller, dest):
    """Countering leaves the spell on the stack: it resolves later."""


def _countered_into_exile(counter_spell, game, o, by_controller, dest):
    return counter_spell(game, o, by_controller, "exile" if dest == "graveyard" else dest)


COUNTER_BOLT = case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                     "bob": {"hand": cards(("Counterspell", "cs")), "mana": "{U}{U}"}},
                    [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                     {"cast": {"card": "cs", "by": "bob", "targets": ["bolt"], "pay": "{U}{U}"}},
                     {"pass_until_empty": {}}])


def _everything_can_be_countered(stack, run):
    """"This spell can't be countered" is ignored (101.2)."""
    locate.patch(stack, "can_be_countered", lambda _original: lambda o: True)


def _countering_does_nothing(stack, run):
    """A countering effect leaves the spell on the stack, where it resolves (701.6a)."""
    locate.patch(stack, "counter_spell", lambda _original: lambda game, o, by, dest="graveyard": None)


def _countered_spells_exiled(stack, run):
    """A countered spell is exiled, wherever the countering effect says it goes (701.6a)."""
    locate.patch(stack, "counter_spell",
                 lambda original: lambda game, o, by, dest="graveyard": original(game, o, by, "exile"))


FAULTS += [
    Fault("countered_spell_resolves_anyway", "701.6a",
          "(designed) a countered spell stays on the stack and resolves: countering it does nothing",
          _counter(_counter_does_nothing), COUNTER_BOLT),
    Fault("countered_spell_exiled", "701.6a",
          "(designed) a countered spell is exiled instead of put into its owner's graveyard",
          _counter(_countered_into_exile), COUNTER_BOLT),
    Fault("cant_be_countered_ignored", "101.2", "a spell that can't be countered is countered all the same",
          _everything_can_be_countered,
          case({"alice": {"hand": cards(("Great Sable Stag", "stag")), "mana": "{G}{G}{G}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "stag", "pay": "{G}{G}{G}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["stag"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("countered_spell_still_resolves", "701.6a", "a countered spell stays on the stack and resolves",
          _countering_does_nothing,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["moon"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
    Fault("countered_spells_exiled", "701.6a", "a countered spell is exiled instead of put into its owner's "
          "graveyard", _countered_spells_exiled,
          case({"alice": {"hand": cards(("Bad Moon", "moon")), "mana": "{B}{C}"},
                "bob": {"hand": cards(("Counterspell", "counterspell")), "mana": "{U}{U}"}},
               [{"cast": {"card": "moon", "pay": "{B}{C}"}},
                {"cast": {"card": "counterspell", "by": "bob", "targets": ["moon"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}])),
]


# ---- more faults modelled on real reports (issue #30) ------------------------------------------

def _counter_redirect_dropped(stack, run):
    """"If that spell is countered this way, put it into its owner's hand / on top of its owner's
    library instead of into that player's graveyard" is dropped: the countered spell goes to the
    graveyard (exile, Syncopate's and Dissipate's redirect, is kept)."""
    def make(counter_spell):
        def faulty(game, o, by_controller, dest="graveyard"):
            if dest in ("hand", "library-top"):
                dest = "graveyard"
            return counter_spell(game, o, by_controller, dest)
        return faulty
    locate.patch(stack, "counter_spell", make)


def _returned_copy_becomes_a_card(stack, run):
    """A copy of a spell an effect puts into a hand (Remand) becomes a card there instead of
    ceasing to exist."""
    def make(leave_stack):
        def faulty(game, o, dest):
            if dest == "hand" and o.copy:
                o.copy = False
            return leave_stack(game, o, dest)
        return faulty
    locate.patch(stack, "leave_stack", make)


FAULTS += [
    Fault("counter_redirect_dropped", "701.6a",
          "a counterspell that puts the countered spell into its owner's hand or on top of its library instead "
          "of into the graveyard (Remand, Memory Lapse) puts it into the graveyard",
          _counter_redirect_dropped,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"hand": cards(("Memory Lapse", "lapse")), "mana": "{U}{C}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "lapse", "by": "bob", "targets": ["bolt"], "pay": "{U}{C}"}},
                {"pass_until_empty": {}}]),
          report=f"{PHASE}/issues/3980"),
    Fault("remanded_copy_becomes_a_card", "707.10a",
          "a copy of a spell returned to a hand by Remand becomes a card in that hand instead of ceasing to "
          "exist (the report: Remand on an Isochron Scepter copy created a card)",
          _returned_copy_becomes_a_card,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Twincast", "twin")), "mana": "{R}{U}{U}"},
                "bob": {"hand": cards(("Remand", "remand")), "library": cards(("Island", "island")),
                        "mana": "{U}{U}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "twin", "targets": ["bolt"], "pay": "{U}{U}"}},
                {"resolve": {"copy_labels": ["bolt-copy"]}},
                {"cast": {"card": "remand", "by": "bob", "targets": ["bolt-copy"], "pay": "{U}{U}"}},
                {"pass_until_empty": {}}]),
          report=f"{MAGE}/issues/611"),
]


def _stack_resolves_bottom_first(stack, run):
    """The first-added object on the stack resolves first (first in, first out), not the top one."""
    def make(resolve_top):
        def faulty(game, choices):
            if len(game.stack) > 1:
                game.stack.append(game.stack.pop(0))
            return resolve_top(game, choices)
        return faulty
    locate.patch(stack, "resolve_top", make)


FAULTS += [
    Fault("stack_resolves_bottom_first", "405.5",
          "(designed) when all players pass, the spell or ability added to the stack first resolves, not the "
          "last-added one (a phase.rs rules test checks the order)",
          _stack_resolves_bottom_first,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt1"), ("Lightning Bolt", "bolt2")), "mana": "{R}{R}"}},
               [{"cast": {"card": "bolt1", "targets": ["bob"], "pay": "{R}"}},
                {"cast": {"card": "bolt2", "targets": ["alice"], "pay": "{R}"}},
                {"resolve": {}}])),
]


# -- a claim quoting 701.6b, which the 701.6a entry cites (selfcheck/cited_claims.py)

def _countered_spell_refunded(counter_spell, game, o, by_controller, dest):
    """Countering a spell gives its controller back the mana its total cost took (as colorless)."""
    total = o.spell.total_cost if o.zone == "stack" and o.spell is not None else None
    controller = o.controller
    counter_spell(game, o, by_controller, dest)
    if total is not None and o.zone != "stack":
        game.players[controller].pool[5] += total.mana_value()


FAULTS += [
    Fault("countered_spell_refunds_its_mana", "701.6b",
          "(designed) a countered spell's controller gets back the mana paid for it (as colorless): alice's "
          "Lightning Bolt countered by bob's Counterspell leaves {C} in her mana pool",
          _counter(_countered_spell_refunded), COUNTER_BOLT),
]


# ---- Cited sub-rules 602.2a and 608.2n (claims quoting them: selfcheck/cited_claims.py) ----------------

def _resolved_spells_exiled(stack, run):
    """An instant or sorcery spell leaving the stack as part of its resolution (608.2n, or not
    resolving for illegal targets, 608.2b) is exiled instead of put into its owner's graveyard."""
    from unittest import mock

    from .patching import ModuleProxy
    resolution = locate.module_of("_resolve_spell")
    real = resolution.actions

    def leave_stack(game, o, dest):
        return real.leave_stack(game, o, "exile" if dest == "graveyard" else dest)
    stack.enter_context(mock.patch.object(resolution, "actions", ModuleProxy(real, leave_stack=leave_stack)))


def _activated_abilities_resolve_at_once(stack, run):
    """An activated ability (not a mana ability) resolves as soon as it is activated: it never
    waits on the stack, so no player can respond to it."""
    resolve_top = locate.obj("resolve_top")
    choices = locate.obj("Choices")

    def make(activate):
        def faulty(game, args):
            before = len(game.stack)
            activate(game, args)
            if len(game.stack) > before:
                resolve_top(game, choices({}))
        return faulty
    locate.patch(stack, "activate", make)


FAULTS += [
    Fault("resolved_spell_exiled", "608.2n",
          "(designed) an instant or sorcery spell is exiled as the final part of its resolution, not put into its "
          "owner's graveyard",
          _resolved_spells_exiled,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"resolve": {}}])),
    Fault("activated_ability_resolves_at_once", "602.2a",
          "(designed) an activated ability resolves as it is activated instead of being put on the stack: no "
          "player can respond to it",
          _activated_abilities_resolve_at_once,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyromancer"))}},
               [{"activate": {"card": "pyromancer", "targets": ["bob"]}}])),
]


# ---- Cited sub-rule 611.2f (the claims quoting it: selfcheck/cited_claims.py) ----------------------

def _next_spell_effect_applies_at_once(stack, run):
    """An effect on "the next spell you cast this turn" begins as it is made: it applies at once to
    its controller's topmost spell already on the stack, and is used up on that spell."""
    apply_next = locate.obj("apply_next_spell_effects")

    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            game = ctx.game
            waiting = game.next_spell[-1]
            for item in reversed(game.stack):
                o = game.objs.get(item) if isinstance(item, int) else None
                if o is not None and o.controller == ctx.controller and waiting.fits(ctx.controller):
                    apply_next(game, o, ctx.controller)
                    return
        return faulty
    wrap_attr(stack, locate.obj("NextSpellThisTurn"), "apply", make)


def _next_spell_effect_never_used_up(stack, run):
    """An effect on "the next spell you cast this turn" applies to every later spell its controller
    casts that turn: it is never used up."""
    keep_field(stack, "apply_next_spell_effects", "next_spell")


def _next_spell_effect_for_any_player(stack, run):
    """An effect on "the next spell you cast" waits for the next spell any player casts: an
    opponent's spell uses it up."""
    wrap_attr(stack, locate.obj("NextSpellEffect"), "fits",
              lambda fits: lambda self, caster: fits(self, self.player))


_VILLAGE = {"alice": {"battlefield": cards(("Mistrise Village", "village")),
                      "hand": cards(("Grizzly Bears", "b1"), ("Grizzly Bears", "b2")), "mana": "{G}{G}{C}{C}{U}"},
            "bob": {"hand": cards(("Counterspell", "cs1"), ("Counterspell", "cs2"), ("Lightning Bolt", "bolt")),
                    "mana": "{U}{U}{U}{U}{R}"}}

FAULTS += [
    Fault("next_spell_effect_applies_at_once", "611.2f",
          "(designed) an effect on the next spell a player casts begins at once, applying to that player's spell "
          "already on the stack: Mistrise Village activated with alice's Grizzly Bears on the stack makes those "
          "Bears uncounterable",
          _next_spell_effect_applies_at_once,
          case(_VILLAGE, [{"cast": {"card": "b1", "pay": "{G}{C}"}}, {"activate": {"card": "village", "pay": "{U}"}},
                          {"resolve": {}}, {"cast": {"card": "cs1", "targets": ["b1"], "pay": "{U}{U}"}},
                          {"resolve": {}}])),
    Fault("next_spell_effect_never_used_up", "611.2f",
          "(designed) an effect on the next spell a player casts applies to every later spell that player casts "
          "that turn: after Mistrise Village, alice's second Grizzly Bears can't be countered either",
          _next_spell_effect_never_used_up,
          case(_VILLAGE, [{"activate": {"card": "village", "pay": "{U}"}}, {"resolve": {}},
                          {"cast": {"card": "b1", "pay": "{G}{C}"}}, {"resolve": {}},
                          {"cast": {"card": "b2", "pay": "{G}{C}"}},
                          {"cast": {"card": "cs2", "targets": ["b2"], "pay": "{U}{U}"}}, {"resolve": {}}])),
    Fault("next_spell_effect_for_any_player", "611.2f",
          "(designed) an effect on the next spell \"you\" cast is used up by the next spell any player casts: "
          "bob's Lightning Bolt after alice's Mistrise Village leaves her Grizzly Bears counterable",
          _next_spell_effect_for_any_player,
          case(_VILLAGE, [{"activate": {"card": "village", "pay": "{U}"}}, {"resolve": {}},
                          {"cast": {"card": "bolt", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}},
                          {"cast": {"card": "b1", "pay": "{G}{C}"}},
                          {"cast": {"card": "cs1", "targets": ["b1"], "pay": "{U}{U}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 400.7h (the claim quoting it: selfcheck/cited_claims.py) -----------------------

def _cast_this_way_loses_the_spell(stack, run):
    """An effect that lets a card be cast looks for the card it let be cast as the object it was
    before the cast (400.7 without 400.7h's exception): "if that spell would be put into your
    graveyard, exile it instead" never finds the spell, which goes to the graveyard."""
    wrap_attr(stack, locate.obj("ThatSpellExiledInstead"), "applies",
              lambda _original: lambda self, game, src, ev: (
                  ev.zone == "graveyard" and ev.obj.oid == self.oid and ev.obj.moves == self.moves - 1))


def _cast_this_way_follows_the_name(stack, run):
    """An effect that lets a card be cast follows every spell with that card's name: "that spell"
    is read as any spell so named, another copy of the card included."""
    def make(applies):
        def faulty(self, game, src, ev):
            o, first = ev.obj, game.objs.get(self.oid)
            if ev.zone == "graveyard" and o.zone == "stack" and first is not None and o.card.name == first.card.name:
                return True
            return applies(self, game, src, ev)
        return faulty
    wrap_attr(stack, locate.obj("ThatSpellExiledInstead"), "applies", make)


_WAVERIDER = {"alice": {"hand": cards(("Daring Waverider", "waverider"), ("Lightning Bolt", "bolt2")),
                        "graveyard": cards(("Lightning Bolt", "bolt1")), "mana": "{U}{U}{C}{C}{C}{C}{R}"}}
_WAVERIDER_CASTS = [{"cast": {"card": "waverider", "pay": "{U}{U}{C}{C}{C}{C}"}},
                    {"resolve": {"choices": {"trigger_targets": [{"source": "waverider", "targets": ["bolt1"]}]}}},
                    {"resolve": {"choices": {"cast": {"card": "bolt1", "targets": ["bob"]}}}}, {"resolve": {}}]

FAULTS += [
    Fault("cast_this_way_loses_the_spell", "400.7h",
          "(designed) an effect that lets a card be cast can't find the spell the card became: the Lightning Bolt "
          "alice casts from her graveyard with Daring Waverider's ability goes back to her graveyard instead of exile",
          _cast_this_way_loses_the_spell, case(_WAVERIDER, _WAVERIDER_CASTS)),
    Fault("cast_this_way_follows_the_name", "400.7h",
          "(designed) an effect that lets a card be cast follows every spell with that card's name: after Daring "
          "Waverider's Lightning Bolt, the other Lightning Bolt alice casts from her hand is exiled too",
          _cast_this_way_follows_the_name,
          case(_WAVERIDER, _WAVERIDER_CASTS + [{"cast": {"card": "bolt2", "targets": ["bob"], "pay": "{R}"}},
                                               {"resolve": {}}])),
]


# ---- Cited sub-rule 400.7a (the claim quoting it: selfcheck/cited_claims.py) -----------------------

def _stolen_spell_enters_under_its_caster(stack, run):
    """A permanent spell becomes a permanent under the control of the player who cast it (here its
    owner), as if the effect that gave another player control of the spell ended with the spell:
    400.7a's exception is dropped."""
    def make(enter):
        def faulty(game, o, info, controller, *args, **kwargs):
            if o.zone == "stack":
                controller = o.owner
            return enter(game, o, info, controller, *args, **kwargs)
        return faulty
    wrap(stack, "reference_impl.rules.resolution.enter_battlefield", make)


FAULTS += [
    Fault("stolen_spell_enters_under_its_caster", "400.7a",
          "(designed) the permanent a spell becomes enters under the control of the player who cast it: the Grizzly "
          "Bears spell bob's Aethersnatch took from alice enters under alice's control",
          _stolen_spell_enters_under_its_caster,
          case({"alice": {"hand": cards(("Grizzly Bears", "bears")), "mana": "{G}{C}"},
                "bob": {"hand": cards(("Aethersnatch", "snatch")), "mana": "{U}{U}{C}{C}{C}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{C}"}},
                {"cast": {"card": "snatch", "by": "bob", "targets": ["bears"], "pay": "{U}{U}{C}{C}{C}{C}"}},
                {"resolve": {}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 400.7j: an effect finds the object it moved to a public zone --------------------

def _exiled_card_not_found(stack, run):
    """"Exile target creature you control, then return that card" loses the card: the exiled
    card is a new object (400.7) that the rest of the effect can't find without 400.7j's
    exception, so it stays in exile."""
    def make(_apply):
        def faulty(self, ctx):
            for o in locate.obj("_objs")(ctx, self.what(ctx)):
                if o.zone == "battlefield":
                    ctx.game.move(o, "exile")
        return faulty
    wrap_attr(stack, locate.obj("ExileThenReturnUnderYourControl"), "apply", make)


FAULTS += [
    Fault("exiled_card_not_found_by_the_rest_of_the_effect", "400.7j",
          "(designed) an effect can't find the object its first part moved to a public zone: Cloudshift exiles "
          "alice's Slaughter Specialist and doesn't return it",
          _exiled_card_not_found,
          case({"alice": {"battlefield": cards(("Slaughter Specialist", "specialist")),
                          "hand": cards(("Cloudshift", "cloudshift")), "mana": "{W}"},
                "bob": {"battlefield": cards(("Raging Goblin", "goblin"))}},
               [{"cast": {"card": "cloudshift", "targets": ["specialist"], "pay": "{W}"}}, {"resolve": {}}]),
          claims=("peers-forge/an-effect-finds-the-card-it-exiled#the-rest-of-the-effect-finds-it",)),
]


# ---- 607.2a: the exiled card of two linked abilities (Fiend Hunter) ----------------------------------

_LINKED = "peers-forge/the-exiled-card-of-linked-abilities#only-what-the-first-ability-exiled"


def _linked_exile_not_found(stack, run):
    """The leaves ability looks for "the exiled card" as the object its source became (the
    source as it is after leaving), not the object whose enters ability exiled it: it finds
    nothing and the card stays in exile."""
    def make(_apply):
        def faulty(self, ctx):
            return None
        return faulty
    wrap_attr(stack, locate.obj("ReturnTheExiledCard"), "apply", make)


def _exiled_until_the_source_leaves(stack, run):
    """"The exiled card" is read as a duration ("until this leaves the battlefield", 610.3): a card
    the enters ability exiles after its source has already left returns at once, as if the
    leaves ability had been waiting for it."""
    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            src, game = ctx.source, ctx.game
            if src is None or src.zone == "battlefield":
                return
            for s_oid, _s_moves, oid, moves in game.exiled_with:
                o = game.objs.get(oid)
                if s_oid == src.oid and o is not None and o.zone == "exile" and o.moves == moves:
                    locate.obj("enter_battlefield")(game, o, None, o.owner, ctx.choices)
        return faulty
    wrap_attr(stack, locate.obj("ExileLinked"), "apply", make)


_HUNTER_TRICK = case({"alice": {"hand": cards(("Fiend Hunter", "hunter")), "mana": "{W}{W}{C}"},
                      "bob": {"battlefield": cards(("Slaughter Specialist", "specialist")),
                              "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
                     [{"cast": {"card": "hunter", "pay": "{W}{W}{C}"}},
                      {"resolve": {"choices": {"trigger_targets": [{"source": "hunter", "targets": ["specialist"]}]}}},
                      {"cast": {"card": "murder", "by": "bob", "targets": ["hunter"], "pay": "{B}{B}{C}"}},
                      {"pass_until_empty": {"choices": {"you_may": True}}}])

FAULTS += [
    Fault("linked_exiled_card_not_found", "607.2a",
          "(designed) a leaves ability can't find the card its linked enters ability exiled: Fiend Hunter dies "
          "and bob's Slaughter Specialist stays in exile",
          _linked_exile_not_found,
          case({"alice": {"battlefield": cards(("Raging Goblin", "goblin")),
                          "hand": cards(("Fiend Hunter", "hunter"), ("Wrath of God", "wrath")),
                          "mana": "{W}{W}{W}{W}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Slaughter Specialist", "specialist"))}},
               [{"cast": {"card": "hunter", "pay": "{W}{W}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "hunter", "targets": ["specialist"]}]}}},
                {"resolve": {"choices": {"you_may": True}}}, {"cast": {"card": "wrath", "pay": "{W}{W}{C}{C}"}},
                {"pass_until_empty": {}}]),
          claims=(_LINKED,)),
    Fault("linked_exile_read_as_a_duration", "607.2a",
          "(designed) Fiend Hunter's exile is read as lasting until it leaves: killed in response to its enters "
          "ability, the Hunter still gets bob's Slaughter Specialist back at once",
          _exiled_until_the_source_leaves, _HUNTER_TRICK, claims=(_LINKED,)),
]


# ---- 610.3: exiled "until" this leaves the battlefield (Banisher Priest) -----------------------------

_UNTIL = "peers-forge/exiled-until-this-leaves-the-battlefield#"


def _patch_returner(stack, make) -> None:
    """Replace rules.resolution.return_due, where resolutions call it and as Game.exile_returner
    (state-based actions call that), by `make(original)`."""
    original = locate.obj("return_due")
    replacement = make(original)
    locate.patch(stack, "return_due", lambda _original: replacement)
    stack.enter_context(mock.patch.object(locate.obj("Game"), "exile_returner", staticmethod(replacement)))


def _return_waits_like_a_trigger(stack, run):
    """The return of a card exiled "until [this] leaves the battlefield" is handled like a
    triggered ability: it doesn't happen right after its source leaves but waits, and happens
    only once the next object on the stack has resolved."""
    original = locate.obj("return_due")
    _patch_returner(stack, lambda _original: lambda game, choices=None: None)

    def make(resolve_top):
        def faulty(game, choices):
            waiting = bool(game.returns_due)
            resolve_top(game, choices)
            if waiting:
                original(game, choices)
        return faulty
    locate.patch(stack, "resolve_top", make)


def _exiled_after_the_source_left(stack, run):
    """The exile ignores that its source has already left the battlefield when the ability
    resolves: the card is exiled, and as the source is already gone, nothing ever returns it."""
    def make(_apply):
        def faulty(self, ctx):
            game, src = ctx.game, ctx.source
            for o in locate.obj("_objs")(ctx, self.what(ctx)):
                if o.zone != "battlefield":
                    continue
                game.move(o, "exile")
                if src is not None and o.zone == "exile":  # waiting for a source that has already left
                    game.exiled_until = (*game.exiled_until, (src.oid, src.moves, o.oid, o.moves))
        return faulty
    wrap_attr(stack, locate.obj("ExileUntilSourceLeaves"), "apply", make)


def _returns_under_the_exiler_control(stack, run):
    """The returned card comes back under the control of the player whose ability exiled it,
    not its owner's."""
    exiler = {}  # card oid -> the exiling ability's controller

    def make_exile(apply):
        def faulty(self, ctx):
            before = ctx.game.exiled_until
            apply(self, ctx)
            for entry in ctx.game.exiled_until[len(before):]:
                exiler[entry[2]] = ctx.controller
        return faulty
    wrap_attr(stack, locate.obj("ExileUntilSourceLeaves"), "apply", make_exile)

    def make(_original):
        def faulty(game, choices=None):
            due, game.returns_due = game.returns_due, ()
            for oid, moves in due:
                o = game.objs.get(oid)
                if o is not None and o.zone == "exile" and o.moves == moves:
                    locate.obj("enter_battlefield")(game, o, None, exiler.get(oid, o.owner),
                                                    choices if choices is not None else locate.obj("EMPTY_CHOICES"))
        return faulty
    _patch_returner(stack, make)


def _returns_within_the_event(stack, run):
    """The card returns the moment its source leaves, in the middle of the event that moves it:
    a Wrath of God that destroys the source before another creature has the returned card on
    the battlefield as that creature dies."""
    original = locate.obj("return_due")

    def make(move):
        def faulty(self, o, zone, top=True):
            move(self, o, zone, top)
            if self.returns_due:
                original(self)
        return faulty
    locate.patch_method(stack, "Game", "move", make)


def _one_leaving_forgets_the_others(stack, run):
    """When one source leaves, the cards other sources exiled "until" they leave are forgotten:
    they stay in exile for good."""
    def make(original):
        def faulty(self, o):
            was = (o.oid, o.moves - 1)
            if any(e[:2] == was for e in self.exiled_until):
                original(self, o)
                self.exiled_until = ()
        return faulty
    locate.patch_method(stack, "Game", "_until_it_leaves", make)


_PRIEST_EXILES = [{"cast": {"card": "priest", "pay": "{W}{W}{C}"}},
                  {"resolve": {"choices": {"trigger_targets": [{"source": "priest", "targets": ["specialist"]}]}}},
                  {"resolve": {}}]

FAULTS += [
    Fault("exiled_until_return_waits_like_a_trigger", "610.3",
          "(designed) a card exiled until Banisher Priest leaves doesn't return right after the Priest dies but "
          "waits like a triggered ability, until the next object on the stack resolves",
          _return_waits_like_a_trigger,
          case({"alice": {"battlefield": cards(("Poison-Tip Archer", "archer")),
                          "hand": cards(("Banisher Priest", "priest")), "mana": "{W}{W}{C}"},
                "bob": {"battlefield": cards(("Slaughter Specialist", "specialist")),
                        "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
               [*_PRIEST_EXILES, {"cast": {"card": "murder", "by": "bob", "targets": ["priest"], "pay": "{B}{B}{C}"}},
                {"resolve": {}}]),
          claims=(_UNTIL + "returned-immediately-after-the-event",)),
    Fault("exiled_until_returns_within_the_event", "610.3",
          "(designed) a card exiled until Banisher Priest leaves returns in the middle of the event that moves the "
          "Priest: Wrath of God destroys the Priest, then the Goblin, and the returned Slaughter Specialist sees "
          "the Goblin die",
          _returns_within_the_event,
          case({"alice": {"hand": cards(("Banisher Priest", "priest"), ("Raging Goblin", "goblin"),
                                        ("Wrath of God", "wrath")),
                          "mana": "{W}{W}{W}{W}{R}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Slaughter Specialist", "specialist"))}},
               [*_PRIEST_EXILES, {"cast": {"card": "goblin", "pay": "{R}"}}, {"resolve": {}},
                {"cast": {"card": "wrath", "pay": "{W}{W}{C}{C}"}}, {"pass_until_empty": {}}]),
          claims=(_UNTIL + "returned-immediately-after-the-event",)),
    Fault("exiled_until_after_the_source_left", "610.3b",
          "(designed) Banisher Priest's ability exiles its target even though the Priest left the battlefield "
          "before it resolved; the card then stays in exile for good",
          _exiled_after_the_source_left,
          case({"alice": {"hand": cards(("Banisher Priest", "priest")), "mana": "{W}{W}{C}"},
                "bob": {"battlefield": cards(("Slaughter Specialist", "specialist")),
                        "hand": cards(("Murder", "murder")), "mana": "{B}{B}{C}"}},
               [{"cast": {"card": "priest", "pay": "{W}{W}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "priest", "targets": ["specialist"]}]}}},
                {"cast": {"card": "murder", "by": "bob", "targets": ["priest"], "pay": "{B}{B}{C}"}},
                {"pass_until_empty": {}}]),
          claims=(_UNTIL + "gone-before-it-resolves-nothing-moves",)),
    Fault("exiled_until_one_return_forgets_the_others", "610.3",
          "(designed) when one Banisher Priest leaves, the card another Priest exiled is never returned",
          _one_leaving_forgets_the_others,
          case({"alice": {"hand": cards(("Banisher Priest", "priest1"), ("Banisher Priest", "priest2"),
                                        ("Murder", "murder"), ("Shock", "shock")),
                          "mana": "{W}{W}{W}{W}{B}{B}{R}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Hill Giant", "giant"))}},
               [{"cast": {"card": "priest1", "pay": "{W}{W}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "priest1", "targets": ["bears"]}]}}},
                {"resolve": {}}, {"cast": {"card": "priest2", "pay": "{W}{W}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "priest2", "targets": ["giant"]}]}}},
                {"resolve": {}}, {"cast": {"card": "murder", "targets": ["priest1"], "pay": "{B}{B}{C}"}},
                {"resolve": {}}, {"cast": {"card": "shock", "targets": ["priest2"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(_UNTIL + "returns-the-object",)),
    Fault("exiled_until_returns_under_the_exiler_control", "610.3c",
          "(designed) the card Banisher Priest exiled returns under the control of the Priest's controller, "
          "not its owner's",
          _returns_under_the_exiler_control,
          case({"alice": {"hand": cards(("Banisher Priest", "priest"), ("Murder", "murder")),
                          "mana": "{W}{W}{B}{B}{C}{C}"},
                "bob": {"battlefield": cards(("Slaughter Specialist", "specialist"))}},
               [*_PRIEST_EXILES, {"cast": {"card": "murder", "targets": ["priest"], "pay": "{B}{B}{C}"}},
                {"resolve": {}}]),
          claims=(_UNTIL + "under-its-owners-control",)),
]
