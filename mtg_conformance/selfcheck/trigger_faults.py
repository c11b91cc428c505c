"""Faulty engines for triggered abilities (603): when an ability triggers, how often, on what
(603.2, 603.2c, 603.4, 603.5), and an ability removed with its source (113.7a).
"""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from reference_impl.rules.abilities import LeavesBattlefield

from . import locate
from .dies_faults import _collect, _matches
from .fault import Fault, cards, case
from .fault_parts import BEARS_NAME, PHASE, AlwaysYes, swap
from .patching import keep_field, wrap_attr


def _trigger_dies_with_its_source(stack, run):
    """A triggered ability on the stack is removed when its source leaves the battlefield."""
    from reference_impl.state.game import Ability, Game
    gone: set = set()

    def make_move(move):
        def faulty(self, o, zone, top=True):
            if o.zone == "battlefield" and zone != "battlefield" and any(
                    isinstance(item, Ability) and item.source == o.oid for item in self.stack):
                gone.add(o.oid)
            return move(self, o, zone, top)
        return faulty

    def make_resolve(resolve):
        def faulty(game, ab, choices):
            if ab.source in gone:
                game.stack.pop()
                return None
            return resolve(game, ab, choices)
        return faulty
    wrap_attr(stack, Game, "move", make_move)
    locate.patch(stack, "_resolve_ability", make_resolve)


def _may_answered_before_resolving(stack, run):
    """"You may" is taken as yes when the ability triggers; the answer given as it resolves is ignored."""
    def make(apply):
        def faulty(self, ctx):
            choices = ctx.choices
            ctx.choices = AlwaysYes(choices)
            try:
                return apply(self, ctx)
            finally:
                ctx.choices = choices
        return faulty
    for name in ("May", "MayLoot"):
        wrap_attr(stack, locate.obj(name), "apply", make)


def _triggers_resolve_at_once(stack, run):
    """A triggered ability does what it says as it triggers: put on the stack, it resolves at once."""
    from reference_impl.state.game import Ability

    def make(put_triggers):
        def faulty(game, choices):
            before = len(game.stack)
            put_triggers(game, choices)
            resolve = locate.obj("_resolve_ability")
            while len(game.stack) > before and isinstance(game.stack[-1], Ability):
                resolve(game, game.stack[-1], choices)
        return faulty
    locate.patch(stack, "put_triggers", make)


def _damage_triggers_never_trigger(stack, run):
    """Abilities that trigger on a creature dealing damage never trigger (603.2)."""
    module = locate.module_of("state_based_actions")
    stack.enter_context(mock.patch.object(module, "_damage_dealt", lambda game, source, amount, *to: None))


def _morbid_always_on(stack, run):
    """"If a creature died this turn" is always true (603.4)."""
    locate.patch_method(stack, "CreatureDiedThisTurn", "__call__", lambda _original: lambda self, ctx: True)


def _one_or_more_per_creature(stack, run):
    """"Whenever one or more ... die" triggers once for each creature, like "whenever a creature"."""
    wrap_attr(stack, LeavesBattlefield, "one_or_more", lambda default: property(lambda self: False))


def _one_trigger_per_source_per_event(game, records, n):
    """A leaves-the-battlefield ability triggers once per event however many objects it matched."""
    seen, kept = [], game.pending[:n]
    for sid, trig, event in game.pending[n:]:
        key = (sid, trig, id(event.left.before) if event.left is not None else None)
        if key in seen:
            continue
        seen.append(key)
        kept.append((sid, trig, event))
    game.pending = kept


def _opponents_means_you(f):
    return replace(f, whose="you") if f.whose == "opponents" else f


FAULTS = [
    Fault("trigger_removed_when_its_source_leaves", "113.7a",
          "a triggered ability on the stack is removed when its source leaves the battlefield (phase.rs: "
          "Endurance's enters trigger did nothing once Endurance was killed in response)",
          _trigger_dies_with_its_source,
          case({"alice": {"hand": cards(("Viashino Pyromancer", "vp"), ("Lightning Bolt", "bolt")),
                          "mana": "{C}{R}{R}"}},
               [{"cast": {"card": "vp", "pay": "{C}{R}"}},
                {"resolve": {"choices": {"trigger_targets": [{"source": "vp", "targets": ["bob"]}]}}},
                {"cast": {"card": "bolt", "targets": ["vp"], "pay": "{R}"}}, {"resolve": {}}, {"resolve": {}}]),
          report=f"{PHASE}/issues/1059"),
    Fault("you_may_answered_before_resolving", "603.5",
          "(designed) a \"you may\" ability's option is taken (as yes) when it triggers; the answer given "
          "as it resolves is ignored",
          _may_answered_before_resolving,
          case({"alice": {"battlefield": cards(("Baral, Chief of Compliance", "baral")),
                          "hand": cards(("Counterspell", "cs")), "library": cards(("Island", "top")),
                          "mana": "{U}{U}"},
                "bob": {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "by": "bob", "targets": ["alice"], "pay": "{R}"}},
                {"cast": {"card": "cs", "targets": ["bolt"], "pay": "{U}{U}"}}, {"resolve": {}},
                {"resolve": {"choices": {"you_may": False}}}])),
    Fault("trigger_resolves_as_it_triggers", "603.2",
          "(designed) a triggered ability does what it says as it triggers: it resolves at once, before "
          "anything else can happen",
          _triggers_resolve_at_once,
          case({"alice": {"battlefield": cards(("Faerie Miscreant", "f1")),
                          "hand": cards(("Faerie Miscreant", "f2"), ("Lightning Bolt", "bolt")),
                          "library": cards(("Island", "i1")), "mana": "{U}{R}"}},
               [{"cast": {"card": "f2", "pay": "{U}"}}, {"resolve": {}},
                {"cast": {"card": "bolt", "targets": ["f1"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
    Fault("damage_triggers_never_trigger", "603.2", "\"whenever enchanted creature deals damage\" abilities never "
          "trigger", _damage_triggers_never_trigger,
          case({"alice": {"battlefield": cards((BEARS_NAME, "bears")), "hand": cards(("Spirit Link", "link")),
                          "mana": "{W}"}},
               [{"cast": {"card": "link", "targets": ["bears"], "pay": "{W}"}}, {"resolve": {}},
                {"declare_attackers": {"attackers": [{"card": "bears"}]}}, {"advance": {"to": "end_of_combat"}}])),
    Fault("morbid_always_on", "603.4", "\"if a creature died this turn\" is treated as always true",
          _morbid_always_on,
          case({"alice": {"hand": cards(("Hollowhenge Scavenger", "scavenger")), "mana": "{G}{G}{C}{C}{C}"}},
               [{"cast": {"card": "scavenger", "pay": "{G}{G}{C}{C}{C}"}}, {"pass_until_empty": {}}])),
    Fault("one_or_more_dies_triggers_per_creature", "603.2c",
          "(designed) \"whenever one or more other creatures you control die\" triggers once for each "
          "creature that dies at the same time",
          _one_or_more_per_creature,
          case({"alice": {"battlefield": cards(("Vengeful Townsfolk", "t"), ("Elite Vanguard", "v"),
                                               ("Llanowar Elves", "e"))},
                "bob": {"hand": cards(("Cower in Fear", "c")), "mana": "{B}{B}{B}"}},
               [{"cast": {"card": "c", "by": "bob", "pay": "{B}{B}{B}"}}, {"pass_until_empty": {}}])),
    Fault("simultaneous_deaths_trigger_each_ability_once", "603.2c",
          "(designed) an ability that matches several creatures dying in one event triggers only once",
          _collect(after=_one_trigger_per_source_per_event),
          case({"alice": {"battlefield": cards(("Poison-Tip Archer", "a")), "hand": cards(("Pyroclasm", "p")),
                          "mana": "{R}{R}"},
                "bob": {"battlefield": cards(("Raging Goblin", "g1"), ("Raging Goblin", "g2"))}},
               [{"cast": {"card": "p", "pay": "{R}{R}"}}, {"pass_until_empty": {}}])),
    Fault("an_opponents_creature_means_yours", "603.2c",
          "(designed) \"whenever a creature an opponent controls dies\" triggers for its controller's "
          "creatures instead",
          _matches(_opponents_means_you),
          case({"alice": {"battlefield": cards(("Slaughter Specialist", "s")), "hand": cards(("Shock", "sh")),
                          "mana": "{R}"},
                "bob": {"battlefield": cards(("Raging Goblin", "g"))}},
               [{"cast": {"card": "sh", "targets": ["g"], "pay": "{R}"}}, {"pass_until_empty": {}}])),
]


# ---- modelled on real reports (issue #30) -------------------------------------------------------

def _cast_trigger_ignores_spell_types(stack, run):
    """"Whenever you cast a creature spell" (Animar) triggers for a spell of any type: the card
    types the cast trigger names are not checked."""
    from reference_impl.rules.abilities import CastSpell

    def make(call):
        return lambda self, ctx: call(replace(self, types_any=(), types_not=()), ctx)
    wrap_attr(stack, CastSpell, "__call__", make)


FAULTS += [
    Fault("cast_trigger_ignores_spell_types", "603.2",
          "a cast trigger for a kind of spell (\"whenever you cast a creature spell\") triggers for spells of any "
          "type (the report: Vivien, Monsters' Advocate's \"your next creature spell\" triggered on an artifact and a "
          "sorcery): Animar, Soul of Elements gets a counter for a Shock",
          _cast_trigger_ignores_spell_types,
          case({"alice": {"battlefield": cards(("Animar, Soul of Elements", "animar")),
                          "hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "targets": ["bob"], "pay": "{R}"}}, {"pass_until_empty": {}}]),
          report="https://github.com/magefree/mage/issues/6922",
          claims=("triggers/kicked-conditions-on-cast-and-enter-triggers#the-trigger-event",)),
]


def _nonactive_players_triggers_first(stack, run):
    """Waiting triggers go on the stack with the nonactive player's first, so the active player's
    resolve first (the reverse of 603.3b)."""
    def make(apnap_order):
        def faulty(game, pending):
            order = apnap_order(game, pending)
            mine = [p for p in order if _controller_of(game, p) == game.active]
            return [p for p in order if p not in mine] + mine
        return faulty
    locate.patch(stack, "apnap_order", make)


def _triggers_in_the_order_they_triggered(stack, run):
    """Waiting triggers go on the stack in the order they triggered, whoever controls them: no
    APNAP order (603.3b)."""
    locate.patch(stack, "apnap_order", lambda _original: lambda game, pending: list(pending))


def _first_player_read_as_active(stack, run):
    """Waiting triggers go on the stack with the first player's (alice's) first, whoever's turn it
    is: the active player read as the first player seated, not as the player whose turn it is
    (102.1)."""
    def make(apnap_order):
        def faulty(game, pending):
            first = next(iter(game.players))
            mine = [p for p in pending if _controller_of(game, p) == first]
            return mine + [p for p in pending if p not in mine]
        return faulty
    locate.patch(stack, "apnap_order", make)


def _controller_of(game, pending_item):
    from reference_impl.rules import triggers
    return triggers._controller(game, pending_item[0], pending_item[1])


FAULTS += [
    Fault("nonactive_players_triggers_go_on_the_stack_first", "603.3b",
          "simultaneous triggers of both players go on the stack with the nonactive player's first, so the "
          "active player's resolve first (the report: Shrieking Affliction's and Nyx Weaver's upkeep "
          "triggers in the wrong APNAP order)",
          _nonactive_players_triggers_first,
          case({"alice": {"battlefield": cards(("Saproling Infestation", "ai")),
                          "hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Saproling Infestation", "bi"))}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{C}{C}{C}{C}"}}]),
          report=f"{PHASE}/issues/591",
          claims=("triggers/active-players-triggers-go-on-the-stack-first#in-apnap-order",)),
    Fault("triggers_go_on_the_stack_in_the_order_they_triggered", "603.3b",
          "(designed) simultaneous triggers of both players go on the stack in the order they triggered, "
          "without APNAP order",
          _triggers_in_the_order_they_triggered,
          case({"alice": {"battlefield": cards(("Saproling Infestation", "ai")),
                          "hand": cards(("Burst Lightning", "bolt")), "mana": "{R}{C}{C}{C}{C}"},
                "bob": {"battlefield": cards(("Saproling Infestation", "bi"))}},
               [{"cast": {"card": "bolt", "kicks": 1, "targets": ["bob"], "pay": "{R}{C}{C}{C}{C}"}}],
               turn={"active": "bob", "step": "main1"}),
          claims=("triggers/active-players-triggers-go-on-the-stack-first#in-apnap-order",)),
    Fault("active_player_read_as_the_first_player", "102.1",
          "(designed) the first player seated (alice) is taken for the active player whatever the turn: on "
          "bob's turn alice's triggers go on the stack first and bob's resolve first",
          _first_player_read_as_active,
          case({"alice": {"battlefield": cards(("Zulaport Cutthroat", "az"))},
                "bob": {"battlefield": cards(("Zulaport Cutthroat", "bz")),
                        "hand": cards(("Wrath of God", "wrath")), "mana": "{W}{W}{W}{W}"}},
               [{"cast": {"card": "wrath", "by": "bob", "pay": "{W}{W}{W}{W}"}}, {"resolve": {}}],
               turn={"active": "bob", "step": "main1"})),
]


# ---- "if this creature didn't attack this turn" / "unless it came under your control this turn" -------------

INTERVENING = "peers-wagic/intervening-if#"
RAIDERS_ATTACK = case(
    {"alice": {"battlefield": cards(("Erg Raiders", "raiders"))}},
    [{"declare_attackers": {"attackers": [{"card": "raiders", "attacks": "bob"}]}},
     {"declare_blockers": {"blockers": []}}, {"advance": {"to": "end"}}])


def _condition_answers(class_name: str, answer: bool):
    """The condition `class_name` (a condition of the context) always answers `answer`."""
    def install(stack, run):
        wrap_attr(stack, locate.obj(class_name), "__call__", lambda call: lambda self, ctx: answer)
    return install


FAULTS += [
    Fault("attacks_not_remembered_for_the_turn", "603.4",
          "no creature counts as having attacked this turn: Erg Raiders that attacked still trigger at their "
          "controller's end step (designed)",
          _condition_answers("AttackedThisTurn", False), RAIDERS_ATTACK,
          claims=(INTERVENING + "the-ability-triggers-only-if-it-is",)),
    Fault("came_under_control_this_turn_ignored", "302.6",
          "no permanent counts as having come under its controller's control this turn: Erg Raiders cast this "
          "turn deal 2 damage to their controller at the end step (designed)",
          _condition_answers("CameUnderControlThisTurn", False),
          case({"alice": {"hand": cards(("Erg Raiders", "raiders")), "mana": "{C}{B}"}},
               [{"cast": {"card": "raiders", "pay": "{C}{B}"}}, {"resolve": {}}, {"advance": {"to": "end"}},
                {"resolve": {}}]),
          claims=("peers-wagic/summoning-sickness#under-its-controller-s-control-continuously",)),
]


# ---- "whenever this creature is dealt damage" and an ability whose source is gone (113.7a) ------------------

INDEPENDENT = "peers-phase/an-ability-exists-independently-of-its-source#"
PUP_BLOCKS_ELVES = case(
    {"alice": {"battlefield": cards(("Llanowar Elves", "elves"))},
     "bob": {"battlefield": cards(("Jackal Pup", "pup"))}},
    [{"declare_attackers": {"attackers": [{"card": "elves", "attacks": "bob"}]}},
     {"declare_blockers": {"blockers": [{"card": "pup", "blocks": "elves"}]}},
     {"advance": {"to": "end_of_combat"}}])


def _dealt_damage_never_triggers(stack, run):
    """Abilities that trigger on a permanent being dealt damage never trigger (603.2)."""
    module = locate.module_of("_damage_received")
    stack.enter_context(mock.patch.object(module, "_damage_received", lambda game, o, amount: None))


def _triggers_of_a_gone_source_lost(put_triggers):
    """A triggered ability whose source left the battlefield before the ability was put on the
    stack is lost (leaves-the-battlefield and delayed abilities aside)."""
    def faulty(game, choices):
        game.pending = [p for p in game.pending
                        if p[1].event in ("leaves", "delayed") or (p[0] in game.objs
                                                                    and game.objs[p[0]].zone == "battlefield")]
        return put_triggers(game, choices)
    return faulty


def _gone_source_deals_no_damage(deal_damage):
    """A source that is no longer on the battlefield or the stack deals no damage."""
    def faulty(game, source, ref, amount, selfs=()):
        if source is not None and getattr(source, "zone", None) in ("graveyard", "exile", "hand", "library"):
            return None
        return deal_damage(game, source, ref, amount, selfs)
    return faulty


FAULTS += [
    Fault("dealt_damage_never_triggers", "603.2",
          "\"whenever this creature is dealt damage\" never triggers: Jackal Pup blocking deals nothing to its "
          "controller (designed)",
          _dealt_damage_never_triggers, PUP_BLOCKS_ELVES, claims=(INDEPENDENT + "once-triggered",)),
    Fault("triggers_of_a_gone_source_lost", "113.7a",
          "a triggered ability whose source died before the ability was put on the stack is lost: Jackal Pup killed "
          "by the damage that triggered it deals nothing to its controller (designed)",
          swap("put_triggers", _triggers_of_a_gone_source_lost), PUP_BLOCKS_ELVES,
          claims=(INDEPENDENT + "removal-wont-affect-it",)),
    Fault("gone_source_deals_no_damage", "113.7a",
          "a source that has left the battlefield deals no damage: the ability of a dead Jackal Pup resolves "
          "doing nothing (designed)",
          swap("deal_damage", _gone_source_deals_no_damage), PUP_BLOCKS_ELVES,
          claims=(INDEPENDENT + "the-source-can-still-perform-the-action",)),
]


# ---- Cited sub-rule 603.3a (the claim quoting it: selfcheck/cited_claims.py) ------------------------

def _controlled_by_the_active_player(original):
    """Every triggered ability is controlled by the active player, whoever controlled its source
    as it triggered."""
    def faulty(game, sid, trig):
        return game.active
    return faulty


FAULTS += [
    Fault("trigger_controlled_by_the_active_player", "603.3a",
          "(designed) a triggered ability is controlled by the active player, not by the player who controlled "
          "its source as it triggered: bob's Soul Warden gains alice life in her turn",
          swap("_controller", _controlled_by_the_active_player),
          case({"alice": {"hand": cards(("Grizzly Bears", "bears")), "mana": "{G}{G}"},
                "bob": {"battlefield": cards(("Soul Warden", "warden"))}},
               [{"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 603.7 (the claim quoting it: selfcheck/cited_claims.py) -------------------------

def _delayed_triggers_never_created(stack, run):
    """The delayed triggered abilities resolving spells create ("Exile them at the beginning of the
    next end step", "When that creature dies this turn, ...") are never created: nothing happens
    later."""
    def make(apply):
        def faulty(self, ctx):
            before = ctx.game.delayed
            apply(self, ctx)
            ctx.game.delayed = before
        return faulty
    locate.patch_method(stack, "CreateTokensExiledAtNextEndStep", "apply", make)
    locate.patch_method(stack, "WhenItDiesThisTurn", "apply", make)


FAULTS += [
    Fault("delayed_triggers_never_created", "603.7",
          "(designed) an effect that creates a delayed triggered ability creates none: Firecat Blitz's Elemental "
          "Cats are never exiled, Virulent Wound gives no poison counter when its creature dies",
          _delayed_triggers_never_created,
          case({"alice": {"hand": cards(("Firecat Blitz", "blitz")), "mana": "{R}{R}{R}"}},
               [{"cast": {"card": "blitz", "x": 1, "pay": "{R}{R}{R}"}}, {"resolve": {}},
                {"advance": {"turn": "next", "to": "upkeep"}}])),
]


# ---- Cited sub-rule 603.2a (the claim quoting it: selfcheck/cited_claims.py) ------------------------

def _cant_cast_stops_triggers(stack, run):
    """A player who can't cast spells this turn (Orim's Chant) has none of their triggered
    abilities trigger either, as if triggering were casting."""
    controller = locate.obj("_controller")

    def make(put):
        def faulty(game, choices):
            if game.pending and game.restrictions:
                game.pending = [p for p in game.pending
                                if ("cast", controller(game, p[0], p[1])) not in game.restrictions]
            return put(game, choices)
        return faulty
    locate.patch(stack, "put_triggers", make)


FAULTS += [
    Fault("cant_cast_stops_triggers", "603.2a",
          "(designed) a player who can't cast spells this turn has no triggered abilities trigger: under Orim's "
          "Chant, bob's Soul Warden doesn't trigger",
          _cant_cast_stops_triggers,
          case({"alice": {"hand": cards(("Orim's Chant", "chant"), ("Grizzly Bears", "bears")), "mana": "{W}{G}{G}"},
                "bob": {"battlefield": cards(("Soul Warden", "warden"))}},
               [{"cast": {"card": "chant", "targets": ["bob"], "pay": "{W}"}}, {"resolve": {}},
                {"cast": {"card": "bears", "pay": "{G}{G}"}}, {"resolve": {}}])),
]


# ---- Cited sub-rule 603.2h (the claim quoting it: selfcheck/cited_claims.py) ------------------------

def _once_each_turn_ignored(stack, run):
    """"Do this only once each turn" is ignored: the ability triggers every time its event happens
    and its instruction is followed every time it resolves."""
    wrap_attr(stack, locate.obj("Trigger"), "done_this_turn", lambda _original: lambda self, game, src: False)
    wrap_attr(stack, locate.obj("OnceEachTurn"), "apply",
              lambda _original: lambda self, ctx: self.instruction.apply(ctx))


def _once_each_turn_counts_the_trigger(stack, run):
    """"Do this only once each turn" counts the ability resolving, not the action taken: once it has
    resolved in a turn it doesn't trigger again that turn, though its controller declined the "you
    may" and took no action."""
    key = locate.obj("once_each_turn_key")

    def make(apply):
        def faulty(self, ctx):
            apply(self, ctx)
            if ctx.source is not None:
                ctx.game.done_this_turn = ctx.game.done_this_turn | {key(ctx.source, self)}
        return faulty
    wrap_attr(stack, locate.obj("OnceEachTurn"), "apply", make)


def _once_each_turn_kept_across_turns(stack, run):
    """"Do this only once each turn" is remembered past the turn's end: an action taken in one turn
    keeps the ability from triggering in the turns that follow."""
    keep_field(stack, "_new_turn", "done_this_turn")


_GREMLIN_TWO_BEARS = {"alice": {"battlefield": cards(("Irreverent Gremlin", "gremlin")),
                                "hand": cards(("Grizzly Bears", "b1"), ("Grizzly Bears", "b2"),
                                              ("Lightning Bolt", "bolt")),
                                "library": cards(("Forest", "lib1"), ("Forest", "lib2")), "mana": "{G}{G}{C}{C}"}}

FAULTS += [
    Fault("once_each_turn_ignored", "603.2h",
          "(designed) \"Do this only once each turn\" is ignored: Irreverent Gremlin triggers again for alice's "
          "second Grizzly Bears after she has discarded and drawn that turn",
          _once_each_turn_ignored,
          case(_GREMLIN_TWO_BEARS,
               [{"cast": {"card": "b1", "pay": "{G}{C}"}}, {"resolve": {}},
                {"resolve": {"choices": {"discard": ["bolt"]}}},
                {"cast": {"card": "b2", "pay": "{G}{C}"}}, {"resolve": {}}])),
    Fault("once_each_turn_counts_the_trigger", "603.2h",
          "(designed) \"Do this only once each turn\" counts the ability resolving rather than the action taken: "
          "after alice declined Irreverent Gremlin's discard, her second Grizzly Bears doesn't trigger it",
          _once_each_turn_counts_the_trigger,
          case(_GREMLIN_TWO_BEARS,
               [{"cast": {"card": "b1", "pay": "{G}{C}"}}, {"resolve": {}},
                {"resolve": {"choices": {"you_may": False}}},
                {"cast": {"card": "b2", "pay": "{G}{C}"}}, {"resolve": {}}])),
    Fault("once_each_turn_kept_across_turns", "603.2h",
          "(designed) \"Do this only once each turn\" outlasts the turn: after alice looted with Irreverent Gremlin "
          "in her turn, her Grizzly Bears entering in bob's turn doesn't trigger it",
          _once_each_turn_kept_across_turns,
          case({**_GREMLIN_TWO_BEARS, "bob": {"library": cards(("Mountain", "blib1"))}},
               [{"cast": {"card": "b1", "pay": "{G}{C}"}}, {"resolve": {}},
                {"resolve": {"choices": {"discard": ["bolt"]}}},
                {"advance": {"turn": "next", "to": "main1"}}, {"put_onto_battlefield": {"card": "b2"}}])),
]


def _one_delayed_dies_fires_them_all(stack, run):
    """When one "when that creature dies this turn" ability triggers, every other such ability
    waiting for another creature is forgotten."""
    def make(dies_delayed):
        def faulty(game, r, event):
            waiting = any(d[0] == "dies" for d in game.delayed)
            before = len(game.pending)
            dies_delayed(game, r, event)
            if waiting and len(game.pending) > before:
                game.delayed = tuple(d for d in game.delayed if d[0] != "dies")
        return faulty
    locate.patch(stack, "_dies_delayed", make)


FAULTS += [
    Fault("one_dies_delayed_trigger_ends_the_others", "603.7",
          "(designed) a delayed \"when that creature dies this turn\" ability triggering ends the other ones "
          "waiting for other creatures",
          _one_delayed_dies_fires_them_all,
          case({"alice": {"hand": cards(("Virulent Wound", "wound1"), ("Virulent Wound", "wound2"), ("Shock", "shock")),
                          "mana": "{B}{B}{R}"},
                "bob": {"battlefield": cards(("Grizzly Bears", "bears"), ("Raging Goblin", "goblin"))}},
               [{"cast": {"card": "wound1", "targets": ["bears"], "pay": "{B}"}}, {"resolve": {}},
                {"cast": {"card": "wound2", "targets": ["goblin"], "pay": "{B}"}}, {"pass_until_empty": {}},
                {"cast": {"card": "shock", "targets": ["bears"], "pay": "{R}"}}, {"pass_until_empty": {}}]),
          claims=("peers-forge/an-ability-triggers-an-additional-time#a-delayed-trigger-acts-later",)),
]
