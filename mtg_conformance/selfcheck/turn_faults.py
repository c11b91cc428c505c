"""Faulty engines modelled on real bug reports about turn structure (500-514), "at the beginning
of" and delayed triggers (603.2, 603.7), optional triggers (603.5), summoning sickness and {T}
costs (302.6, 602.2b), "for as long as" durations (611.2b), negative amounts (107.1b) and modes
chosen more than once (700.2d).

Each does what its report says the real engine did, on this suite's cards: mana floating from
step to step until the cleanup step (Argentum), The Rack triggering in every upkeep and healing
a player with a big hand (phase.rs), every player discarding to seven in the cleanup step
(phase.rs), "exile them at the beginning of the next end step" done at end of combat (XMage),
a token's {T} ability usable the turn it was created (phase.rs), one {3} paid for Mystic
Confluence's counter mode chosen twice (phase.rs), a Clone of Icefall Regent whose target untaps
(XMage), a mandatory trigger that could be declined (XMage) and a {T} cost that didn't tap
(XMage).
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from unittest import mock

from . import locate
from .fault import Fault, cards, case
from .fault_parts import BEARS, keyword_never_found, swap
from .patching import keep_field, wrap, wrap_attr

MAGE = "https://github.com/magefree/mage"
PHASE = "https://github.com/phase-rs/phase"
ARGENTUM = "https://github.com/wingedsheep/argentum-engine"


def _pools_empty_only_in_cleanup(stack, run):
    """Unspent mana stays in the pools as steps and phases end; only the end-of-turn cleanup
    empties them (Argentum before its PR 1218)."""
    def make(leave_step):
        def faulty(game):
            if game.step == "cleanup":
                return leave_step(game)
            kept = {p: list(game.players[p].pool) for p in game.players}
            leave_step(game)
            for p, pool in kept.items():
                game.players[p].pool = pool
        return faulty
    locate.patch(stack, "leave_step", make)


def _chosen_player_trigger_every_upkeep(stack, run):
    """"At the beginning of the chosen player's upkeep" triggers in every player's upkeep, and
    "that player" / "their hand" are the player whose upkeep it is (phase.rs #2360: the trigger
    took the triggering player, with no constraint to the chosen one)."""
    def make_triggers_on(triggers_on):
        def faulty(self, game, src, event):
            if self.event == "beginning-of" and self.chosen_player:
                return event.kind == "step" and event.step == self.step and self.check(game, src, event)
            return triggers_on(self, game, src, event)
        return faulty

    def make_chosen(call):
        def faulty(self, ctx):
            event = ctx.event
            if event is not None and getattr(event, "kind", None) == "step" and event.player:
                return [event.player]
            return call(self, ctx)
        return faulty

    locate.patch_method(stack, "Trigger", "triggers_on", make_triggers_on)
    locate.patch_method(stack, "ChosenPlayer", "__call__", make_chosen)


def _negative_damage_heals(stack, run):
    """A damage amount computed below zero ("3 minus the number of cards in their hand" with
    four cards) is dealt as negative damage: the player gains that much life instead of being
    dealt 0 (phase.rs, fixed by its PR 2473)."""
    def make(deal):
        def faulty(game, source, ref, amount):
            if amount < 0 and isinstance(ref, str):
                game.players[ref].life -= amount
                return None
            return deal(game, source, ref, amount)
        return faulty
    locate.patch(stack, "deal_damage", make)


def _every_player_discards_in_cleanup(stack, run):
    """In the cleanup step every player with more than seven cards discards down to seven, not
    only the active player (reported against phase.rs, #181)."""
    discard = locate.obj("discard")

    def make(cleanup):
        def faulty(game, choices):
            other = game.opponent(game.active)
            hand = game.players[other].hand
            if len(hand) > 7:
                discard(game, other, len(hand) - 7, choices.get("discard", []))
            return cleanup(game, choices)
        return faulty
    locate.patch(stack, "_cleanup", make)


def _next_end_step_at_end_of_combat(stack, run):
    """A delayed trigger "at the beginning of the next end step" triggers as the end of combat
    step begins (XMage: tokens to be exiled at the next end step were exiled at end of combat,
    fixed by its PR 3015)."""
    def make(delayed):
        def faulty(game, step):
            if step == "end_of_combat" and any(d[0] == "end" for d in game.delayed):
                game.delayed = tuple(("end_of_combat", *d[1:]) if d[0] == "end" else d for d in game.delayed)
            return delayed(game, step)
        return faulty
    locate.patch(stack, "_delayed_triggers", make)


def _tokens_tap_the_turn_they_arrive(stack, run):
    """A creature token's {T} ability can be activated the turn the token was created: tokens
    are never treated as summoning sick for it (phase.rs #480, a Mercenary token)."""
    def make(activate):
        def faulty(game, args):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is None or not o.token or not o.sick:
                return activate(game, args)
            o.sick = False
            try:
                return activate(game, args)
            finally:
                if o.oid in game.objs:
                    o.sick = True
        return faulty
    locate.patch(stack, "activate", make)


def _one_payment_for_the_same_spell(stack, run):
    """"Counter target spell unless its controller pays {3}" chosen twice for the same spell
    (Mystic Confluence) asks for {3} once: once it is paid, the second instruction lets the spell
    be (phase.rs #2925)."""
    paid: set = set()

    def make(apply):
        def faulty(self, ctx):
            if self.unless is None:
                return apply(self, ctx)
            objs = [o for o in locate.obj("_objs")(ctx, self.what(ctx))]
            key = id(ctx.info)
            if objs and all((key, o.oid) in paid for o in objs):
                return None
            pools = {o.oid: list(ctx.game.players[o.controller].pool) for o in objs}
            apply(self, ctx)
            for o in objs:
                if o.zone == "stack" and ctx.game.players[o.controller].pool != pools[o.oid]:
                    paid.add((key, o.oid))
            return None
        return faulty
    locate.patch_method(stack, "CounterSpell", "apply", make)


def _copys_untap_lock_dropped(stack, run):
    """"That creature doesn't untap during its controller's untap step for as long as you control
    [this creature]" does nothing when the creature is a copy (a Clone of Icefall Regent): the
    copy's trigger taps the target, which untaps in its controller's next untap step (XMage #872)."""
    def make(apply):
        def faulty(self, ctx):
            src = ctx.source
            if src is not None and src.card is not src.printed:
                return None
            return apply(self, ctx)
        return faulty
    locate.patch_method(stack, "DoesntUntapWhileYouControlSource", "apply", make)


def _every_trigger_optional(stack, run):
    """A triggered ability without "may" is treated as optional: answering no to "you may"
    skips it (XMage #43: Huntmaster of the Fells' mandatory trigger was optional)."""
    trigger_type = locate.obj("Trigger")

    def make(resolve):
        def faulty(game, ab, choices):
            if isinstance(ab.trigger, trigger_type) and choices.get("you_may", True) is False:
                game.stack.pop()
                return None
            return resolve(game, ab, choices)
        return faulty
    locate.patch(stack, "_resolve_ability", make)


def _tap_cost_not_paid(stack, run):
    """Activating an ability with {T} in its cost leaves the permanent untapped (XMage #2661:
    Trench Wurm's "{2}{R}, {T}: Destroy target nonbasic land" could be activated without tapping it)."""
    def make(activate):
        def faulty(game, args):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            untapped = o is not None and not o.tapped
            activate(game, args)
            if untapped and o.oid in game.objs:
                o.tapped = False
        return faulty
    locate.patch(stack, "activate", make)


RACK = ("The Rack", "rack")

FAULTS = [
    Fault("mana_floats_until_cleanup", "500.5",
          "unspent mana stays in the pools as steps and phases end; only the cleanup step empties them",
          _pools_empty_only_in_cleanup,
          case({"alice": {"mana": "{R}{R}"}}, [{"advance": {"to": "main2"}}]),
          report=f"{ARGENTUM}/pull/1218"),
    Fault("rack_triggers_in_every_upkeep", "603.2",
          "The Rack's \"at the beginning of the chosen player's upkeep\" triggers in every player's "
          "upkeep, dealing damage to the player whose upkeep it is",
          _chosen_player_trigger_every_upkeep,
          case({"alice": {"hand": cards(RACK), "mana": "{C}", "library": cards(("Plains", "p1"), ("Plains", "p2"))},
                "bob": {"library": cards(("Plains", "p3"))}},
               [{"cast": {"card": "rack", "pay": "{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "upkeep"}}]),
          report=f"{PHASE}/issues/2360"),
    Fault("negative_damage_gains_life", "107.1b",
          "The Rack's \"3 minus the number of cards in their hand\" with four cards in hand makes the "
          "player gain 1 life instead of dealing 0 damage",
          _negative_damage_heals,
          case({"alice": {"hand": cards(RACK), "mana": "{C}"},
                "bob": {"hand": cards(("Plains", "b1"), ("Plains", "b2"), ("Plains", "b3"), ("Plains", "b4")),
                        "library": cards(("Plains", "b5"))}},
               [{"cast": {"card": "rack", "pay": "{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}, {"resolve": {}}]),
          report=f"{PHASE}/pull/2473"),
    Fault("every_player_discards_in_cleanup", "514.1",
          "in the cleanup step the nonactive player also discards down to seven cards",
          _every_player_discards_in_cleanup,
          case({"alice": {"library": cards(("Plains", "p1"))},
                "bob": {"hand": cards(*[("Plains", f"b{i}") for i in range(8)]),
                        "library": cards(("Plains", "b8"))}},
               [{"advance": {"turn": "next", "to": "upkeep"}}]),
          report=f"{PHASE}/issues/181"),
    Fault("next_end_step_trigger_at_end_of_combat", "603.7a",
          "a delayed trigger \"at the beginning of the next end step\" (Firecat Blitz's exile) "
          "triggers at end of combat",
          _next_end_step_at_end_of_combat,
          case({"alice": {"hand": cards(("Firecat Blitz", "blitz")), "mana": "{R}{R}{R}"}},
               [{"cast": {"card": "blitz", "x": 1, "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"advance": {"to": "main2"}}]),
          report=f"{MAGE}/pull/3015"),
    Fault("token_taps_the_turn_it_is_created", "302.6",
          "a creature token's {T} ability can be activated the turn the token was created",
          _tokens_tap_the_turn_they_arrive,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyro")),
                          "hand": cards(("Rite of Replication", "rite")), "mana": "{U}{U}{U}{U}"}},
               [{"cast": {"card": "rite", "targets": ["pyro"], "pay": "{U}{U}{U}{U}"}},
                {"resolve": {"labels": ["pyro-copy"]}},
                {"activate": {"card": "pyro-copy", "targets": ["bob"]}}]),
          report=f"{PHASE}/issues/480"),
    Fault("counter_mode_twice_one_payment", "700.2d",
          "Mystic Confluence's \"counter target spell unless its controller pays {3}\" chosen twice for "
          "the same spell is satisfied by paying {3} once",
          _one_payment_for_the_same_spell,
          case({"alice": {"hand": cards(("Mystic Confluence", "confluence")), "mana": "{U}{U}{U}{U}{U}",
                          "library": cards(("Island", "i1"))},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}{C}{C}{C}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "confluence", "modes": [0, 0, 2], "targets": ["bolt", "bolt"]}},
                {"resolve": {"choices": {"pay_unless": True}}}]),
          report=f"{PHASE}/issues/2925"),
    Fault("copys_untap_lock_is_dropped", "611.2b",
          "a Clone of Icefall Regent taps its target, but the target untaps in its controller's next "
          "untap step (\"for as long as you control this creature\" is dropped for a copy)",
          _copys_untap_lock_dropped,
          case({"alice": {"battlefield": cards(("Icefall Regent", "regent")), "hand": cards(("Clone", "clone")),
                          "mana": "{U}{U}{U}{U}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"))}},
               [{"cast": {"card": "clone", "pay": "{U}{U}{U}{U}"}},
                {"pass_until_empty": {"choices": {"clone": "regent",
                                                  "trigger_targets": [{"source": "clone", "targets": ["bears"]}]}}},
                {"advance": {"turn": "next", "to": "upkeep"}}]),
          report=f"{MAGE}/issues/872"),
    Fault("mandatory_trigger_is_optional", "603.5",
          "a triggered ability without \"may\" can be declined: answering no to \"you may\" skips it",
          _every_trigger_optional,
          case({"alice": {"hand": cards(("Mistmeadow Council", "council")), "library": cards(("Island", "i1")),
                          "mana": "{G}{C}{C}{C}{C}"}},
               [{"cast": {"card": "council", "pay": "{G}{C}{C}{C}{C}"}}, {"resolve": {}},
                {"resolve": {"choices": {"you_may": False}}}]),
          report=f"{MAGE}/issues/43"),
    Fault("tap_cost_leaves_the_permanent_untapped", "602.2b",
          "activating an ability with {T} in its cost (Prodigal Pyromancer's) doesn't tap the permanent, "
          "so it can be activated again",
          _tap_cost_not_paid,
          case({"alice": {"battlefield": cards(("Prodigal Pyromancer", "pyro"))}},
               [{"activate": {"card": "pyro", "targets": ["bob"]}}]),
          report=f"{MAGE}/issues/2661"),
]


# -- more faults of this area: claims no other fault dropped (issue #30) and the rules of the
# -- Wagic and XMage peer tests (spec/rules/peer-tests-*.yaml)


FORGE = "https://github.com/Card-Forge/forge"


def _untap(change):
    def install(stack, run):
        locate.patch(stack, "_untap", change)
    return install


def _everyone_untaps(untap):
    def faulty(game):
        untap(game)
        held = {oid for oid, _, _ in game.no_untap}
        for oid in game.battlefield:
            if oid not in held:
                game.objs[oid].tapped = False
    return faulty


def _no_untap_ignored(untap):
    def faulty(game):
        game.no_untap = ()
        untap(game)
    return faulty


def _two_lands(stack, run):
    stack.enter_context(mock.patch.object(locate.module_of("play_land"), "LANDS_PER_TURN", 2))


def _additional_lands_ignored(stack, run):
    """"You may play an additional land this turn" changes nothing: one land a turn, always."""
    locate.patch_method(stack, "AdditionalLandsThisTurn", "apply", lambda apply: lambda self, ctx: None)


def _additional_lands_kept(stack, run):
    """Additional land plays outlast the turn that gave them: the new turn keeps the count."""
    def make(new_turn):
        def faulty(game):
            extra = game.extra_lands
            new_turn(game)
            game.extra_lands = extra
        return faulty
    locate.patch(stack, "_new_turn", make)


def _land_on_any_turn(stack, run):
    def make(play):
        def faulty(game, args):
            label = args.get("card") if isinstance(args, dict) else None
            o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if o is None or game.stack or game.step not in ("main1", "main2"):
                return play(game, args)
            saved = game.active
            game.active = o.owner
            try:
                play(game, args)
            finally:
                game.active = saved
        return faulty
    locate.patch(stack, "play_land", make)


FAULTS += [
    Fault("every_player_untaps", "502.3",
          "(designed) in the untap step every player's permanents untap, not only the active player's",
          _untap(_everyone_untaps),
          case({"alice": {"battlefield": [{"card": "Mountain", "label": "m", "tapped": True}]}},
               [{"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("doesnt_untap_effects_ignored", "502.3",
          "(designed) effects that keep a permanent from untapping are ignored: it untaps in its "
          "controller's untap step",
          _untap(_no_untap_ignored),
          case({"alice": {"hand": cards(("Icefall Regent", "regent")), "mana": "{U}{U}{U}{U}{U}"},
                "bob": {"battlefield": cards(BEARS)}},
               [{"cast": {"card": "regent", "pay": "{U}{U}{U}{U}{U}"}},
                {"pass_until_empty": {"choices": {"trigger_targets": [{"source": "regent", "targets": ["bears"]}]}}},
                {"advance": {"turn": "next", "to": "upkeep"}}])),
    Fault("two_land_plays_a_turn", "305.2",
          "a player may play a second land in a turn (Forge's AI played Dryad Arbor after its land drop)",
          _two_lands,
          case({"alice": {"hand": cards(("Forest", "f1"), ("Forest", "f2"))}},
               [{"play_land": {"card": "f1"}}, {"play_land": {"card": "f2"}}]),
          report=f"{FORGE}/issues/9679"),
    Fault("additional_land_plays_ignored", "305.2",
          "(designed) an effect that lets a player play an additional land this turn changes nothing",
          _additional_lands_ignored,
          case({"alice": {"hand": cards(("Forest", "f1"), ("Forest", "f2"), ("Explore", "explore")),
                          "library": cards(("Island", "drawn")), "mana": "{G}{C}"}},
               [{"play_land": {"card": "f1"}}, {"cast": {"card": "explore", "pay": "{G}{C}"}}, {"resolve": {}},
                {"play_land": {"card": "f2"}}]),
          claims=("lands/one-land-per-turn#effects-may-increase-it",)),
    Fault("additional_land_plays_outlast_the_turn", "305.2",
          "(designed) an additional land play an effect gave this turn is still there in the player's next turn",
          _additional_lands_kept,
          case({"alice": {"hand": cards(("Explore", "explore"), ("Forest", "f1"), ("Forest", "f2")),
                          "library": cards(("Island", "d1"), ("Island", "d2")), "mana": "{G}{C}"},
                "bob": {"library": cards(("Island", "d3"))}},
               [{"cast": {"card": "explore", "pay": "{G}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "main1"}},
                {"play_land": {"card": "f1"}}, {"play_land": {"card": "f2"}}]),
          claims=("lands/one-land-per-turn#effects-may-increase-it",)),
    Fault("land_played_on_the_opponents_turn", "305.2",
          "(designed) a player may play a land in a main phase of another player's turn",
          _land_on_any_turn,
          case({"bob": {"hand": cards(("Forest", "f"))}}, [{"play_land": {"card": "f"}}])),
]


# ---- "You may play lands from your graveyard" (Crucible of Worlds; 101.1 over 305.1) ----------------------

PRECEDENCE = "peers-phase/a-card-takes-precedence#"
CRUCIBLE_AND_FOREST = {"battlefield": cards(("Crucible of Worlds", "crucible")), "graveyard": cards(("Forest", "f")),
                       "hand": cards(("Plains", "p"))}


def _graveyard_permission(answer):
    """The graveyard permission answers `answer(original, game, player)` instead."""
    def make(may_play):
        return lambda game, player: answer(may_play, game, player)
    return swap("may_play_lands_from_graveyard", make)


def _graveyard_land_not_counted(play):
    """A land played from the graveyard is not counted as the turn's land (305.2a)."""
    def faulty(game, args):
        label = args.get("card") if isinstance(args, dict) else None
        o = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
        from_graveyard = o is not None and o.zone == "graveyard"
        play(game, args)
        if from_graveyard:
            game.lands_played -= 1
    return faulty


FAULTS += [
    Fault("graveyard_land_permission_ignored", "101.1",
          "(designed) \"You may play lands from your graveyard\" gives no permission: a land in the graveyard is "
          "never played (305.1 wins over the card)",
          _graveyard_permission(lambda may_play, game, player: False),
          case({"alice": CRUCIBLE_AND_FOREST}, [{"play_land": {"card": "f"}}]),
          claims=(PRECEDENCE + "the-card-takes-precedence",)),
    Fault("graveyard_land_permission_for_every_player", "101.1",
          "(designed) a player may play lands from their graveyard when any player controls Crucible of Worlds, "
          "not only its controller",
          _graveyard_permission(lambda may_play, game, player: may_play(game, player)
                                or may_play(game, game.opponent(player))),
          case({"alice": {"graveyard": cards(("Forest", "f"))},
                "bob": {"battlefield": cards(("Crucible of Worlds", "crucible"))}}, [{"play_land": {"card": "f"}}]),
          claims=(PRECEDENCE + "overrides-only-that-rule",)),
    Fault("graveyard_land_play_not_counted", "101.1",
          "(designed) a land played from the graveyard under Crucible of Worlds is not the turn's land: a land from "
          "the hand may be played after it",
          swap("play_land", _graveyard_land_not_counted),
          case({"alice": CRUCIBLE_AND_FOREST}, [{"play_land": {"card": "f"}}, {"play_land": {"card": "p"}}]),
          claims=(PRECEDENCE + "overrides-only-that-rule",)),
]


# -- a claim quoting 702.10c, which the 602.5a entry cites (selfcheck/cited_claims.py)

FAULTS += [
    Fault("haste_ignored_by_tap_abilities", "702.10c",
          "(designed) haste doesn't let a creature that came under its controller's control this turn activate "
          "its {T} abilities (it still lets it attack): Crystalline Crawler given haste by kicked Goblin "
          "Bushwhacker can't tap",
          keyword_never_found("haste", "has_keyword", where="activate"),
          case({"alice": {"hand": cards(("Crystalline Crawler", "crawler"), ("Goblin Bushwhacker", "bushwhacker")),
                          "mana": "{C}{C}{C}{C}{R}{R}"}},
               [{"cast": {"card": "crawler", "pay": "{C}{C}{C}{C}"}}, {"resolve": {}},
                {"cast": {"card": "bushwhacker", "kicks": 1, "pay": "{R}{R}"}}, {"resolve": {}}, {"resolve": {}},
                {"activate": {"card": "crawler"}}])),
]


# ---- 113.6, cited by the activated-abilities entry (cited_claims.SECTIONS_1_TO_4) --------------------------

def _abilities_activated_from_the_hand(stack, run):
    """A permanent card's activated ability can be activated while the card is in its owner's hand
    (113.6: a permanent's abilities function only on the battlefield): the activation is made as
    if the card were on the battlefield."""
    def make(activate):
        def faulty(game, args):
            label = args.get("card") if isinstance(args, dict) else None
            oid = game.labels.get(label) if isinstance(label, str) else None
            o = game.objs.get(oid) if oid is not None else None
            if o is None or o.zone != "hand":
                return activate(game, args)
            o.zone = "battlefield"
            try:
                return activate(game, args)
            finally:
                if o.zone == "battlefield":
                    o.zone = "hand"
        return faulty
    wrap(stack, "reference_impl.runner.activate", make)


FAULTS += [
    Fault("abilities_activated_from_the_hand", "113.6",
          "(designed) a permanent card's activated ability can be activated from its owner's hand: Crystalline "
          "Crawler in hand puts a +1/+1 counter on itself",
          _abilities_activated_from_the_hand,
          case({"alice": {"hand": cards(("Crystalline Crawler", "crawler"))}},
               [{"activate": {"card": "crawler", "ability": 0}}])),
]


# ---- 302.1, cited by the creature-spell entry (cited_claims.SECTIONS_1_TO_4) -------------------------------

def _creatures_at_instant_speed(stack, run):
    """A creature spell may be cast any time its caster could cast an instant: only sorceries
    (and other noncreature noninstant spells) wait for their caster's main phase and an empty
    stack (302.1)."""
    def make(check_timing):
        def faulty(game, o, caster, name):
            if "Creature" in o.card.types:
                return None
            return check_timing(game, o, caster, name)
        return faulty
    locate.patch(stack, "_check_timing", make)


FAULTS += [
    Fault("creature_spells_at_instant_speed", "302.1",
          "(designed) a creature spell may be cast whenever its caster has priority: Grizzly Bears cast in "
          "response to a Lightning Bolt, or in the opponent's turn",
          _creatures_at_instant_speed,
          case({"alice": {"hand": cards(("Grizzly Bears", "bears")), "mana": "{G}{C}"}},
               [{"cast": {"card": "bears", "pay": "{G}{C}"}}], turn={"active": "bob", "step": "main1"})),
]


# ---- 702.8a flash, and 304.5, which the flash entry cites (cited_claims.SECTIONS_1_TO_4) ------------------

def _without_flash(card):
    """The card as if its flash were gone (a frozen CardDef: a changed copy)."""
    return replace(card, keywords=card.keywords - {"flash"})


def _flash_ignored(stack, run):
    """Flash grants nothing: a noninstant card with flash waits for its caster's main phase and
    an empty stack like any other (702.8a dropped)."""
    def make(check_timing):
        def faulty(game, o, caster, name):
            card = o.card
            if "flash" not in card.keywords or "Instant" in card.types:
                return check_timing(game, o, caster, name)
            o.card = _without_flash(card)
            try:
                return check_timing(game, o, caster, name)
            finally:
                o.card = card
        return faulty
    locate.patch(stack, "_check_timing", make)


def _flash_needs_an_instant_card(stack, run):
    """"Any time you could cast an instant" read as "if you have an instant you could cast": a
    card with flash is cast at instant speed only by a player holding an instant card (304.5:
    the player doesn't need one)."""
    def make(check_timing):
        def faulty(game, o, caster, name):
            card = o.card
            if "flash" in card.keywords and "Instant" not in card.types and not any(
                    "Instant" in game.objs[c].card.types for c in game.players[caster].hand):
                o.card = _without_flash(card)
                try:
                    return check_timing(game, o, caster, name)
                finally:
                    o.card = card
            return check_timing(game, o, caster, name)
        return faulty
    locate.patch(stack, "_check_timing", make)


def _flash_spell_read_as_an_instant_spell(stack, run):
    """"Any time you could cast an instant" read as "when you could cast an instant spell": an
    effect that forbids instant spells (Hand to Hand during combat) forbids a creature spell with
    flash too (304.5: it doesn't)."""
    def make(forbids_spell):
        def faulty(self, card):
            return forbids_spell(self, card) or ("Instant" in self.spell_types and "flash" in card.keywords)
        return faulty
    wrap_attr(stack, locate.obj("CantDuringPhase"), "forbids_spell", make)


def _instant_spells_spared_by_instant_restrictions(stack, run):
    """304.5 read too widely: an instant spell, cast "any time its caster could cast an instant",
    is spared by effects that forbid instant spells (Hand to Hand forbids none; 304.5 keeps them
    for the action that is actually casting an instant spell)."""
    def make(forbids_spell):
        def faulty(self, card):
            return forbids_spell(self, card) and "Instant" not in card.types
        return faulty
    wrap_attr(stack, locate.obj("CantDuringPhase"), "forbids_spell", make)


_SNAP = cards(("Snapcaster Mage", "snap"))
_HAND_TO_HAND = cards(("Hand to Hand", "h2h"))

FAULTS += [
    Fault("flash_ignored", "702.8a",
          "(designed) flash is ignored: Snapcaster Mage can't be cast in the opponent's end step",
          _flash_ignored,
          case({"alice": {"hand": _SNAP, "mana": "{U}{C}"}},
               [{"cast": {"card": "snap", "pay": "{U}{C}"}}], turn={"active": "bob", "step": "end"})),
    Fault("flash_needs_an_instant_card", "304.5",
          "(designed) a card with flash is cast at instant speed only by a player who holds an instant card: "
          "Snapcaster Mage, alone in alice's hand, can't be cast in bob's end step",
          _flash_needs_an_instant_card,
          case({"alice": {"hand": _SNAP, "mana": "{U}{C}"}},
               [{"cast": {"card": "snap", "pay": "{U}{C}"}}], turn={"active": "bob", "step": "end"})),
    Fault("flash_spell_read_as_an_instant_spell", "304.5",
          "(designed) a spell with flash counts as an instant spell for effects that forbid instant spells: "
          "under Hand to Hand Snapcaster Mage can't be cast during combat",
          _flash_spell_read_as_an_instant_spell,
          case({"alice": {"hand": _SNAP, "mana": "{U}{C}"}, "bob": {"battlefield": _HAND_TO_HAND}},
               [{"cast": {"card": "snap", "pay": "{U}{C}"}}], turn={"active": "alice", "step": "combat"})),
    Fault("instant_spells_spared_by_instant_restrictions", "304.5",
          "(designed) effects that forbid instant spells don't bind an instant spell either, as if casting it "
          "were only acting \"any time you could cast an instant\": under Hand to Hand Lightning Bolt is cast "
          "during combat",
          _instant_spells_spared_by_instant_restrictions,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"},
                "bob": {"battlefield": _HAND_TO_HAND}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}],
               turn={"active": "alice", "step": "combat"})),
]


# ---- Cited sub-rules of 500-504 (claims quoting them: selfcheck/cited_claims.py) -------------------

def _every_player_draws(stack, run):
    """In the draw step every player draws a card, not only the active player."""
    turn = locate.module_of("begin_step")
    real = turn.actions

    def draw(game, player, n, *a, **k):
        result = real.draw(game, player, n, *a, **k)
        if k.get("first") and game.step == "draw":
            real.draw(game, game.opponent(player), n)
        return result

    from .patching import ModuleProxy
    stack.enter_context(mock.patch.object(turn, "actions", ModuleProxy(real, draw=draw)))


def _ending_phase_skipped(stack, run):
    """The ending phase doesn't take place: its end step and cleanup step begin with nothing done
    in them (no "at the beginning of the end step" trigger, no discarding to hand size, no
    damage removed, no "until end of turn" effect ended)."""
    can_trigger = locate.obj("_can_trigger")

    def make(begin):
        def faulty(game, step, choices, stop, watched=True):
            if step not in ("end", "cleanup"):
                return begin(game, step, choices, stop, watched)
            game.step = step
            return None if stop else can_trigger(game)
        return faulty
    locate.patch(stack, "begin_step", make)


FAULTS += [
    Fault("every_player_draws_in_the_draw_step", "504.1",
          "(designed) in the draw step the nonactive player draws a card too",
          _every_player_draws,
          case({"alice": {"library": cards(("Island", "i"))}, "bob": {"library": cards(("Forest", "f"))}},
               [{"advance": {"turn": "next", "to": "main1"}}])),
    Fault("ending_phase_skipped", "500.1",
          "(designed) the ending phase doesn't take place: nothing happens in the end and cleanup steps (no end "
          "step trigger, no discarding to hand size, damage and \"until end of turn\" effects stay)",
          _ending_phase_skipped,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Giant Growth", "growth")), "mana": "{G}"}},
               [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}])),
]


# -- a claim quoting 514.3a, which the 514.2 entry cites (selfcheck/cited_claims.py)

def _cleanup_checks_nothing(stack, run):
    """The cleanup step performs its turn-based actions and ends: state-based actions it causes
    and abilities that trigger in it wait for the next turn, instead of being performed and put
    on the stack there, with priority, and another cleanup step (514.3a)."""
    turn = locate.module_of("_cleanup")

    def make(cleanup):
        def faulty(game, choices):
            with mock.patch.object(turn, "after_action", lambda *a, **k: None), \
                    mock.patch.object(turn, "_pass_until_empty", lambda *a, **k: None):
                return cleanup(game, choices)
        return faulty
    locate.patch(stack, "_cleanup", make)


FAULTS += [
    Fault("cleanup_checks_nothing", "514.3a",
          "(designed) the cleanup step checks no state-based actions and puts no triggered ability on the stack: "
          "Grizzly Bears left 0/0 when Giant Growth ends dies only in the next turn, and Zulaport Cutthroat's "
          "trigger waits there",
          _cleanup_checks_nothing,
          case({"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears", "counters": {"-1/-1": 1}}]
                          + cards(("Zulaport Cutthroat", "zulaport")),
                          "hand": cards(("Giant Growth", "growth"), ("Virulent Wound", "wound")), "mana": "{G}{B}"}},
               [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}},
                {"cast": {"card": "wound", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}])),
]


# -- claims of the 508.8 and 510.4 entries that mutation run 15 of turn.py showed unpinned

def _turn_begins_as_if_creatures_attacked(stack, run):
    """A turn begins with its record of declared attackers saying creatures attacked (as if the
    previous turn's record carried over): with no creature declared as an attacker, the turn
    still has its declare blockers and combat damage steps (508.8)."""
    def make(new_turn):
        def faulty(game):
            new_turn(game)
            game.attacks_declared = True
        return faulty
    locate.patch(stack, "_new_turn", make)


def _turn_unwatched_after_a_second_damage_step(stack, run):
    """After a second combat damage step (510.4) the rest of the turn passes as if nothing could
    trigger: its end step begins without its "at the beginning of the end step" triggers."""
    def make(begin):
        def faulty(game, step, choices, stop, watched=True):
            second = step == "combat_damage" and game.second_damage_step_due
            result = begin(game, step, choices, stop, watched)
            return False if second and not stop else result
        return faulty
    locate.patch(stack, "begin_step", make)


FAULTS += [
    Fault("turn_begins_as_if_creatures_attacked", "508.8",
          "(designed) a turn begins with its record of declared attackers saying creatures attacked: its declare "
          "blockers step is reached although no creature attacked",
          _turn_begins_as_if_creatures_attacked,
          case({"alice": {"battlefield": cards(BEARS)}, "bob": {"library": cards(("Plains", "drawn"))}},
               [{"declare_attackers": {"attackers": [{"card": "bears"}]}},
                {"advance": {"turn": "next", "to": "declare_blockers"}}]),
          claims=("combat/no-declared-attackers-skips-blocks-and-damage#skip-the-two-steps",)),
    Fault("turn_unwatched_after_a_second_damage_step", "510.4",
          "(designed) after a second combat damage step the turn goes on as if nothing could trigger: Erg Raiders' "
          "\"at the beginning of your end step\" ability doesn't trigger",
          _turn_unwatched_after_a_second_damage_step,
          case({"alice": {"battlefield": cards(("Black Knight", "knight"), ("Erg Raiders", "raiders"))}},
               [{"declare_attackers": {"attackers": [{"card": "knight"}]}}, {"advance": {"to": "end"}}]),
          claims=("combat/first-strike-and-double-strike-make-two-combat-damage-steps#then-the-end-of-combat-step",)),
]


# -- a claim of the 109.5 entry: "your" in a triggered ability an Aura grants

def _granted_step_trigger_in_every_turn(stack, run):
    """An "at the beginning of your <step>" ability an Aura grants a creature triggers at that
    step of every player's turn: "your" is not read as the creature's controller (109.5)."""
    def make(grant_triggers_for):
        def faulty(self, game, src, o):
            return tuple(dataclasses.replace(t, each_turn=True)
                         if not isinstance(t, str) and t.event == "beginning-of" else t
                         for t in grant_triggers_for(self, game, src, o))
        return faulty
    locate.patch_method(stack, "EnchantedGets", "grant_triggers_for", make)


FAULTS += [
    Fault("granted_step_trigger_in_every_turn", "109.5",
          "(designed) \"At the beginning of your upkeep\" granted by an Aura triggers in every player's upkeep: "
          "Commander's Authority on bob's creature makes a Human in alice's upkeep too",
          _granted_step_trigger_in_every_turn,
          case({"alice": {"hand": cards(("Commander's Authority", "authority")), "mana": "{W}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(BEARS), "library": cards(("Forest", "b1"))}},
               [{"cast": {"card": "authority", "targets": ["bears"], "pay": "{W}{C}{C}{C}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"advance": {"turn": "next", "to": "upkeep"}}]),
          claims=("peers-phase/you-is-the-controller#a-triggered-ability-its-objects-controller",)),
]


# -- a claim of the Fog ruling: its prevention lasts "for the turn"

def _prevention_outlasts_the_turn(stack, run):
    """Prevention effects that last "this turn" don't end in the cleanup step (514.2, 615.3):
    a Fog cast in one turn still prevents combat damage in the next."""
    keep_field(stack, "_cleanup", "prevention")


FAULTS += [
    Fault("prevention_outlasts_the_turn", "615.3",
          "(designed) \"this turn\" prevention effects don't end in the cleanup step: a Fog cast in alice's turn "
          "still prevents the combat damage of bob's",
          _prevention_outlasts_the_turn,
          case({"alice": {"battlefield": cards(("Hill Giant", "giant"))},
                "bob": {"battlefield": cards(("Savannah Lions", "lions")), "hand": cards(("Fog", "fog")), "mana": "{G}",
                        "library": cards(("Island", "b1"))}},
               [{"cast": {"card": "fog", "by": "bob", "pay": "{G}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}},
                {"declare_attackers": {"attackers": [{"card": "lions", "attacks": "alice"}]}},
                {"declare_blockers": {"blockers": [{"card": "giant", "blocks": "lions"}]}},
                {"advance": {"to": "combat_damage"}}]),
          claims=("judge/fog-prevents-combat-damage-only#for-the-turn",)),
]


# -- claims of the 513.2 entry: the end step doesn't "back up"

def _next_end_step_triggers_end_with_the_turn(stack, run):
    """Delayed "at the beginning of the next end step" triggers end in the cleanup step of the
    turn they were created in: one created during the end step never triggers (513.2)."""
    def make(cleanup):
        def faulty(game, choices):
            cleanup(game, choices)
            game.delayed = tuple(d for d in game.delayed if d[0] != "end")
        return faulty
    locate.patch(stack, "_cleanup", make)


def _end_step_backs_up(stack, run):
    """A permanent with an "at the beginning of the end step" ability that enters during the end
    step has that ability trigger at once, as though the step began again (513.2)."""
    turn = locate.module_of("begin_step")

    def make(enter):
        def faulty(game, o, *args, **kwargs):
            enter(game, o, *args, **kwargs)
            if game.step == "end" and o.zone == "battlefield":
                game.pending.extend((o.oid, t, turn.STEP_EVENTS[game.active, "end"]) for t in o.card.triggers
                                    if t.event == "beginning-of" and t.step == "end")
        return faulty
    locate.patch(stack, "enter_battlefield", make)


def _end_step_pumps_last_a_turn_more(stack, run):
    """"Until end of turn" effects created during the end step last until the next turn's cleanup
    step, as 513.2 has it for triggered abilities only."""
    late = set()

    def make_resolve(resolve_top):
        def faulty(game, choices, *args, **kwargs):
            before = set(game.eot) if game.step == "end" else None
            result = resolve_top(game, choices, *args, **kwargs)
            if before is not None:
                late.update(e for e in game.eot if e not in before)
            return result
        return faulty

    def make_cleanup(cleanup):
        def faulty(game, choices):
            kept = [e for e in game.eot if e in late]
            late.clear()
            cleanup(game, choices)
            if kept:
                game.eot = kept + list(game.eot)
        return faulty
    locate.patch(stack, "resolve_top", make_resolve)
    locate.patch(stack, "_cleanup", make_cleanup)


_NO_BACK_UP = "turn/the-end-step-does-not-back-up#"
FAULTS += [
    Fault("next_end_step_triggers_end_with_the_turn", "513.2",
          "(designed) a delayed \"at the beginning of the next end step\" trigger created during the end step ends "
          "with that turn: Otherworldly Journey cast in the end step never returns the creature",
          _next_end_step_triggers_end_with_the_turn,
          case({"alice": {"hand": cards(("Otherworldly Journey", "journey")), "mana": "{W}{C}"},
                "bob": {"battlefield": cards(BEARS), "library": cards(("Forest", "b1"))}},
               [{"cast": {"card": "journey", "targets": ["bears"], "pay": "{W}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "end"}}], turn={"active": "alice", "step": "end"}),
          claims=(_NO_BACK_UP + "a-delayed-trigger-created-in-the-step",)),
    Fault("end_step_backs_up", "513.2",
          "(designed) a permanent entering during the end step has its \"at the beginning of the end step\" ability "
          "trigger in that step: Erg Raiders returned by Otherworldly Journey's trigger deal 2 damage at once",
          _end_step_backs_up,
          case({"alice": {"battlefield": cards(("Erg Raiders", "raiders")),
                          "hand": cards(("Otherworldly Journey", "journey")), "mana": "{W}{C}"}},
               [{"cast": {"card": "journey", "targets": ["raiders"], "pay": "{W}{C}"}}, {"resolve": {}},
                {"advance": {"to": "end"}}, {"resolve": {}}]),
          claims=(_NO_BACK_UP + "a-permanent-entering-in-the-step",)),
    Fault("end_step_pumps_last_a_turn_more", "513.2",
          "(designed) an \"until end of turn\" effect created during the end step lasts until the next turn's "
          "cleanup step: Giant Growth cast in alice's end step still pumps her Bears in bob's upkeep",
          _end_step_pumps_last_a_turn_more,
          case({"alice": {"battlefield": cards(BEARS), "hand": cards(("Giant Growth", "growth")), "mana": "{G}"},
                "bob": {"library": cards(("Forest", "b1"))}},
               [{"cast": {"card": "growth", "targets": ["bears"], "pay": "{G}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}], turn={"active": "alice", "step": "end"}),
          claims=(_NO_BACK_UP + "only-triggered-abilities",)),
]


# -- 611.2b: "for as long as you control" ends for good when control is lost

def _lock_survives_a_control_change(stack, run):
    """A "doesn't untap for as long as you control [source]" effect doesn't end when another
    player gains control of the source: it applies again once its controller has it back."""
    def make(change_control):
        def faulty(self, o, player):
            kept = self.no_untap
            change_control(self, o, player)
            self.no_untap = kept
        return faulty
    locate.patch_method(stack, "Game", "change_control", make)


FAULTS += [
    Fault("lock_survives_a_control_change", "611.2b",
          "(designed) Icefall Regent's \"for as long as you control\" lock applies again once alice regains "
          "control of the Regent: bob's Grizzly Bears stay tapped after Zealous Conscripts took it for a turn",
          _lock_survives_a_control_change,
          case({"alice": {"hand": cards(("Icefall Regent", "regent")), "mana": "{U}{U}{C}{C}{C}",
                          "library": cards(("Island", "a1"))},
                "bob": {"battlefield": cards(BEARS, ("Mountain", "m1"), ("Mountain", "m2"), ("Mountain", "m3"),
                                             ("Mountain", "m4"), ("Mountain", "m5")),
                        "hand": cards(("Zealous Conscripts", "conscripts")),
                        "library": cards(("Island", "b1"), ("Island", "b2"))}},
               [{"cast": {"card": "regent", "pay": "{U}{U}{C}{C}{C}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "regent", "targets": ["bears"]}]}}},
                {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}},
                {"tap_for_mana": {"permanents": ["m1", "m2", "m3", "m4", "m5"]}},
                {"cast": {"card": "conscripts", "by": "bob", "pay": "{R}{R}{R}{R}{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "conscripts", "targets": ["regent"]}]}}},
                {"resolve": {}}, {"advance": {"turn": "next", "to": "main1"}},
                {"advance": {"turn": "next", "to": "upkeep"}}]),
          claims=("turn/a-copys-doesnt-untap-effect-lasts-while-you-control-the-copy#for-as-long-as",)),
]


# -- 611.2a: an effect that states no duration lasts until the end of the game

def _no_duration_effects_end_in_cleanup(stack, run):
    """Continuous effects from a resolved spell that state no duration end in the cleanup step,
    as if they said "until end of turn"."""
    def make(cleanup):
        def faulty(game, choices):
            cleanup(game, choices)
            game.layered = ()
        return faulty
    locate.patch(stack, "_cleanup", make)


FAULTS += [
    Fault("no_duration_effects_end_in_cleanup", "611.2a",
          "(designed) an effect that states no duration ends in the cleanup step: Rise from the Grave's creature is "
          "no longer black in the next turn, and Doom Blade can target it",
          _no_duration_effects_end_in_cleanup,
          case({"alice": {"hand": cards(("Rise from the Grave", "rise")), "mana": "{B}{C}{C}{C}{C}"},
                "bob": {"graveyard": cards(BEARS), "battlefield": cards(("Swamp", "s1"), ("Swamp", "s2")),
                        "hand": cards(("Doom Blade", "blade")), "library": cards(("Plains", "b1"))}},
               [{"cast": {"card": "rise", "targets": ["bears"], "pay": "{B}{C}{C}{C}{C}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "main1"}}, {"tap_for_mana": {"permanents": ["s1", "s2"]}},
                {"cast": {"card": "blade", "by": "bob", "targets": ["bears"], "pay": "{B}{B}"}}]),
          claims=("pool/until-end-of-turn-effects#no-duration-lasts-the-game",)),
]


# -- 613.1e: target restrictions read the colors the layers give a permanent

def _targets_read_printed_colors(stack, run):
    """A target restriction ("target nonblack creature") reads a permanent's printed types,
    subtypes and colors, not those continuous effects give it (613.1d, 613.1e)."""
    stack.enter_context(mock.patch.object(locate.module_of("is_legal"), "as_it_is", lambda game, o: o))


FAULTS += [
    Fault("targets_read_printed_colors", "613.1e",
          "(designed) target restrictions read printed colors: Doom Blade can target a creature Rise from the Grave "
          "made black",
          _targets_read_printed_colors,
          case({"alice": {"hand": cards(("Rise from the Grave", "rise")), "mana": "{B}{C}{C}{C}{C}"},
                "bob": {"graveyard": cards(BEARS), "battlefield": cards(("Swamp", "s1"), ("Swamp", "s2")),
                        "hand": cards(("Doom Blade", "blade"))}},
               [{"cast": {"card": "rise", "targets": ["bears"], "pay": "{B}{C}{C}{C}{C}"}}, {"resolve": {}},
                {"tap_for_mana": {"permanents": ["s1", "s2"]}},
                {"cast": {"card": "blade", "by": "bob", "targets": ["bears"], "pay": "{B}{B}"}}]),
          claims=("layers/color-changing-effects-are-layer-five#the-colors-targets-see",)),
]


# ---- 117.4 and 117.3c: a mana ability is an action between passes -----------------------------

_BETWEEN = "turn/a-mana-ability-is-an-action-between-passes#"


def _mana_ability_not_an_action(stack, run):
    """Activating a mana ability doesn't count as an action between passes: after the player who
    didn't have priority taps a land for mana and passes, the other player's next action finds
    both having passed in succession, so the top of the stack resolves first, or with an empty
    stack the step ends (pools empty, the next step begins)."""
    runner = locate.module_of("run_case")
    steps = runner.STEPS
    after_tap: dict = {"player": None, "game": None}  # the game it was read in: a new case starts afresh
    turn_steps = vars(locate.module_of("Game"))["TURN_STEPS"]

    def actor(game, kind, args):
        if kind == "tap_for_mana":
            labels = args.get("permanents") or []
            return game.objs[game.labels[labels[0]]].controller if labels and labels[0] in game.labels else None
        label = args.get("card")
        return args.get("by") or (game.objs[game.labels[label]].owner if label in game.labels else None)

    def make(kind, original):
        def faulty(game, args):
            who = actor(game, kind, args if isinstance(args, dict) else {})
            tapper = after_tap["player"] if after_tap["game"] is game else None
            if tapper is not None and who is not None and who != tapper:
                after_tap["player"] = None
                if game.stack:
                    steps["resolve"](game, {})
                else:
                    locate.obj("leave_step")(game)
                    game.step = turn_steps[turn_steps.index(game.step) + 1]
            result = original(game, args)
            if kind == "tap_for_mana" and who != game.active:
                after_tap["player"], after_tap["game"] = who, game
            elif kind == "cast":
                after_tap["player"] = None
            return result
        return faulty
    stack.enter_context(mock.patch.dict(steps, {k: make(k, steps[k]) for k in ("cast", "tap_for_mana")}))


FAULTS += [
    Fault("mana_ability_not_an_action_between_passes", "117.4",
          "(designed) a mana ability activated between two passes doesn't break their succession: after bob taps his "
          "Plains in response to alice's Lightning Bolt, alice's Shock finds the Bolt already resolved",
          _mana_ability_not_an_action,
          case({"alice": {"hand": cards(("Lightning Bolt", "bolt"), ("Shock", "shock")), "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Plains", "plains"))}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}},
                {"tap_for_mana": {"permanents": ["plains"]}},
                {"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}]),
          claims=(_BETWEEN + "an-action-in-between-is-not-in-succession", _BETWEEN + "the-activator-keeps-priority")),
]
