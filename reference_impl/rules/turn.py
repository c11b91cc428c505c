"""Turn structure (500-514): moving through the steps of this turn and into later turns, with
the turn-based actions on the way (untap, draw, combat damage, cleanup), "at the beginning of"
triggers, mana pools emptying (500.5) and "until end of turn" effects ending (514.2).

Every step on the way ends the way 500.2 says: all players pass in succession with an empty
stack. Triggered abilities that trigger in a step the game only passes through are put on the
stack and resolve there (the players pass until it is empty), with the step's `choices`; in the
step advanced to they stay on the stack, with the active player holding priority.
"""

from __future__ import annotations

from ..state.characteristics import may_grant_triggers
from ..state.game import PLAYERS, TURN_STEPS, CaseError, IllegalAction
from . import actions, combat, day_night, replacement
from .actions import Event
from .choices import Choices
from .resolution import after_action, resolve_top
from .statics import DoesntUntapInUntapStep

MAX_RESOLUTIONS = 500
HAND_SIZE = 7  # 402.2
# Steps no player receives priority in (502.4, 514.3): an advance cannot stop there.
NO_PRIORITY = ("untap", "cleanup")
# Steps with a turn-based action as they begin (502.3 untap, 504.1 draw, 510.1 combat damage,
# 514.1-2 cleanup); declaring attackers and blockers are steps of their own (runner).
TURN_BASED_ACTIONS = frozenset({"untap", "draw", "combat_damage", "cleanup"})
# Trigger events (rules.abilities.Trigger.event) that never trigger on a step beginning: they
# look for casts, kicks, counters, enterings, attacks and blocks, or are never emitted (state 603.8,
# delayed 603.7, conspired 702.78a).
NOT_STEP_TRIGGERS = frozenset({"enters-self", "you-cast", "any-cast", "kick", "you-counter",
                               "self-attacks", "self-becomes-blocked", "self-dealt-damage",
                               "enchanted-player-casts", "state", "delayed", "conspired", "leaves",
                               "opponent-draws", "deals-damage-to-you",
                               "self-deals-combat-damage-to-opponent", "cast-self",
                               "self-to-graveyard"})
# Skipped when no creature was declared as an attacker (508.8).
COMBAT_AFTER_ATTACKS = ("declare_blockers", "combat_damage")
NO_MANA = [0] * 6  # an empty pool (WUBRGC counts), for comparison only
NO_OIDS = frozenset()  # no attacker blocked, no first striker (immutable: shared by every turn)
FIRST, SECOND = PLAYERS
STEP_INDEX = {s: i for i, s in enumerate(TURN_STEPS)}
NEXT_STEP = {s: TURN_STEPS[(i + 1) % len(TURN_STEPS)] for i, s in enumerate(TURN_STEPS)}
# The first step after each (cyclically) with a turn-based action; end of combat's place
NEXT_ACTION = {s: next(TURN_STEPS[(i + k) % len(TURN_STEPS)] for k in range(1, len(TURN_STEPS) + 1)
                       if TURN_STEPS[(i + k) % len(TURN_STEPS)] in TURN_BASED_ACTIONS)
               for i, s in enumerate(TURN_STEPS)}
END_OF_COMBAT = STEP_INDEX["end_of_combat"]
# "the beginning of <step> of <player>'s turn" events, made once (events are immutable values)
STEP_EVENTS = {(p, s): Event("step", p, step=s) for p in PLAYERS for s in TURN_STEPS}


ADVANCE_FIELDS = frozenset({"to", "turn", "choices"})
ADVANCE_TO = frozenset(TURN_STEPS) - frozenset(NO_PRIORITY)  # the steps an advance can stop in


def parse_advance(args) -> tuple[str, bool]:
    """`{to: <step>}` (later in this turn) or `{turn: next, to: <step>}`."""
    if not isinstance(args, dict) or not ADVANCE_FIELDS.issuperset(args):
        raise CaseError("advance takes `to`, optional `turn: next` and optional `choices`")
    to = args.get("to")
    if not (isinstance(to, str) and to in ADVANCE_TO):  # a str first: a set needs a hashable key
        if to not in TURN_STEPS:
            raise CaseError(f"advance.to must be one of {list(TURN_STEPS)}, got {to!r}")
        raise CaseError(f"advance.to: no player receives priority in the {to} step (502.4, 514.3)")
    turn = args.get("turn")
    if turn is None:
        return to, False
    if turn != "next":
        raise CaseError(f"advance.turn must be `next`, got {turn!r}")
    return to, True


def advance(game, to: str, next_turn: bool, choices: Choices) -> None:
    """Move to step `to` of this turn, or of the next turn when `next_turn` (500.2-500.4).

    While nothing can trigger as a step begins (no permanent has an "at the beginning of"
    triggered ability, no delayed trigger or triggered ability waits), the steps up to the
    next one with a turn-based action are quiet: beginning one changes nothing but the step,
    so they are passed at once (_pass_quiet_steps) without emitting their events, and left
    without the checks (their stack and pools are still empty)."""
    if not next_turn and STEP_INDEX[to] <= STEP_INDEX[game.step]:
        raise CaseError(f"advance.to: {to} is not later in this turn than {game.step}; "
                        "use `turn: next` for the next turn")
    turns_left = 1 if next_turn else 0
    actions.state_based_actions(game)  # from here on, checked after each turn-based action
    watched = _can_trigger(game)
    leave_step(game)
    while True:
        step = game.step
        if step == "combat_damage" and game.second_damage_step_due:
            watched = begin_step(game, "combat_damage", choices, stop=False)  # 510.4: the second one
            leave_step(game)
            continue
        if watched:
            nxt = NEXT_STEP[step]
            if nxt in COMBAT_AFTER_ATTACKS and not game.attacks_declared:
                if nxt == to and not turns_left:
                    raise IllegalAction("508.8", f"no creature attacks, so the {to} step is skipped")
                game.step = nxt  # skipped: nothing happened in it to check as it ends
                continue
            if nxt != "untap" and replacement.skipped(game, nxt):  # 614.1b, 614.10: replaced by nothing
                if nxt == to and not turns_left:
                    raise IllegalAction("614.10", f"the {to} step is skipped")
                game.step = nxt
                continue
        else:
            nxt = _pass_quiet_steps(game, None if turns_left else to)
            if nxt is None:
                return  # arrived in `to`, a quiet step
        if nxt == "untap":
            if not turns_left:
                raise CaseError(f"advance.to: {to} is not later in this turn")
            turns_left -= 1
        arrived = nxt == to and not turns_left
        watched = begin_step(game, nxt, choices, stop=arrived, watched=watched)
        if arrived:
            return
        if nxt != "untap":  # untapping leaves the stack and pools as cleanup left them: empty
            leave_step(game)


def _pass_quiet_steps(game, to: str | None) -> str | None:
    """Pass the quiet steps after the current one, which has ended: up to `to` (a step of this
    turn, or None) when it comes first, else up to the next step with a turn-based action
    (combat damage only with attackers, 508.8). Returns that step, to be begun, or None when
    the game is now in `to`, a quiet step (a quiet step's beginning changes only the step and
    gives the active player priority, 117.3a). The walk is QUIET_WALKS' (_quiet_walk)."""
    nxt, ends_combat, skipped = QUIET_WALKS[game.step, to, not game.attacks_declared]
    if skipped:
        raise IllegalAction("508.8", f"no creature attacks, so the {to} step is skipped")
    if ends_combat:
        combat.end_combat(game)  # 511.3, as the (quiet) end of combat step ends
    if nxt in TURN_BASED_ACTIONS:
        return nxt
    game.step = nxt
    return None


def _quiet_walk(step: str, to: str | None, no_attackers: bool) -> tuple[str, bool, bool]:
    """From the end of `step`: (the step the walk stops in, whether it passes the end of
    combat step, whether `to` is a combat step 508.8 skips)."""
    i = STEP_INDEX[step]
    nxt = NEXT_ACTION[step]
    if nxt == "combat_damage" and no_attackers:
        nxt = "cleanup"  # 508.8: declare blockers and combat damage are skipped
    j = STEP_INDEX[nxt]  # 0 (untap) after cleanup: no step of this turn lies between
    if to is not None and i < STEP_INDEX[to] <= j:
        if to in COMBAT_AFTER_ATTACKS and no_attackers:
            return nxt, False, True
        nxt, j = to, STEP_INDEX[to]
    return nxt, i < END_OF_COMBAT < j, False


# _quiet_walk for every current step, `to` and attackers-or-not, made once
QUIET_WALKS = {(s, to, none): _quiet_walk(s, to, none)
               for s in TURN_STEPS for to in (None, *TURN_STEPS) for none in (False, True)}


def _can_trigger(game) -> bool:
    """Could anything trigger, or wait to be put on the stack, as a step begins (603.2, 603.7)?
    Only a triggered ability that may look for a step beginning could (any kind but those of
    NOT_STEP_TRIGGERS, so a new kind counts until it is listed there)."""
    if game.pending or game.delayed or game.skips:  # a skipped step is no quiet step (614.10)
        return True
    objs = game.objs
    statics = False
    for oid in game.battlefield:
        card = objs[oid].card
        triggers = card.triggers
        if triggers:  # most cards have none: no iterator made for them
            for trig in triggers:
                if trig.event not in NOT_STEP_TRIGGERS:
                    return True
        if card.statics:
            if replacement.skips_steps(card):  # a step may be skipped (614.1b)
                return True
            statics = True
    # a triggered ability granted to a permanent (613.1f): only by a static ability or an "until
    # end of turn" effect, so without them may_grant_triggers needs no second pass (most games)
    if not (statics or game.eot or game.eot_triggers):
        return False
    return may_grant_triggers(game)


def leave_step(game) -> None:
    """500.2: the stack must be empty for a step to end; 500.5: mana pools empty."""
    if game.stack:
        raise IllegalAction("500.2", "a step ends only when all players pass in succession with an "
                                     "empty stack; the stack is not empty")
    players = game.players  # the two players (PLAYERS) written out: cheaper than a loop
    if players[FIRST].pool != NO_MANA:
        players[FIRST].pool = [0] * 6
    if players[SECOND].pool != NO_MANA:
        players[SECOND].pool = [0] * 6
    if game.step == "end_of_combat":
        combat.end_combat(game)  # 511.3


def begin_step(game, step: str, choices: Choices, stop: bool, watched: bool = True) -> bool | None:
    """Enter `step`: its turn-based actions, then its "at the beginning of" triggers (603.2).
    When the game only passes through, the players pass until the stack is empty.

    `watched`: _can_trigger(game) as the step began. When False nothing can trigger on its
    beginning (as for a quiet step), and the turn-based actions here (drawing, combat damage
    before state-based actions) change no permanent's triggers and nothing waiting: the event
    would trigger nothing, so it is not emitted.

    Returns, unless `stop`, _can_trigger(game) for the next step, asked only where this one
    may have changed it: untapping (502.3) changes no trigger, waiting one or permanent; after
    an unwatched draw or combat damage step in which nothing went on the stack and nothing
    waits, no permanent entered (drawing, damage and state-based actions put none onto the
    battlefield) and nothing is delayed (only a resolving ability could create a delayed trigger)."""
    if step == "untap":
        previous, cast = game.active, game.spells_cast
        _new_turn(game)
    game.step = step
    if step == "untap":
        if game.day_night is not None:  # 502.2, 731.2: the day/night check, before untapping (502.3)
            day_night.untap_step_check(game, previous, cast)
        _untap(game)
        return watched
    acted = False
    if step == "draw":
        actions.draw(game, game.active, 1, first=True)  # 504.1
        acted = True
    elif step == "combat_damage":
        combat.deal_combat_damage(game)  # 510.1-510.2
        acted = True
    elif step == "cleanup":
        _cleanup(game, choices)
        return None if stop else _can_trigger(game)
    if watched:
        actions.emit(game, STEP_EVENTS[game.active, step])
        if game.delayed:
            _delayed_triggers(game, step)
    if acted or game.pending:  # state-based actions, then triggers (117.5); else nothing changed
        after_action(game, choices)
    if stop:
        return None
    if game.stack:
        _pass_until_empty(game, choices)
    elif not (watched or game.pending):  # (state triggers of after_action's second check wait)
        return False
    return _can_trigger(game)


def enter_step(game, step: str, choices: Choices, turn_based_action) -> None:
    """End the current step and begin `step` with a turn-based action the case describes
    (declaring attackers 508.1, blockers 509.1), then its triggers; players get priority."""
    leave_step(game)
    game.step = step
    turn_based_action()
    if actions.any_triggered_ability(game):  # else the step's beginning triggers nothing
        actions.emit(game, STEP_EVENTS[game.active, step])
    if game.delayed:
        _delayed_triggers(game, step)
    after_action(game, choices)


def _delayed_triggers(game, step: str) -> None:
    """603.7: delayed triggered abilities "at the beginning of the next <step>" trigger as the
    first such step begins after they were created, once."""
    mine = f"{step}/{game.active}"  # "at the beginning of your next <step>" (rebound's upkeep)
    due = [d for d in game.delayed if d[0] == step or d[0] == mine]
    if due:
        game.delayed = tuple(d for d in game.delayed if d[0] != step and d[0] != mine)
        game.pending.extend((sid, trig, STEP_EVENTS[game.active, step]) for _, sid, trig in due)


def _pass_until_empty(game, choices: Choices) -> None:
    n = 0
    while game.stack:
        resolve_top(game, choices)
        n += 1
        if n > MAX_RESOLUTIONS:
            raise CaseError(f"advance: the stack did not empty after {n} resolutions")


def _new_turn(game) -> None:
    """500.1: the next player's turn begins (two players: they alternate)."""
    game.active = game.opponent(game.active)
    game.lands_played = 0
    game.extra_lands = 0  # 305.2: "this turn" effects end with it
    game.died_this_turn = 0
    game.attacked_this_turn = NO_OIDS
    game.done_this_turn = NO_OIDS  # 603.2h: "once each turn" starts afresh
    game.loyalty_activated = NO_OIDS  # 606.3: no loyalty ability activated this turn yet
    game.next_spell = ()  # 611.2f: an effect on "the next spell you cast this turn" ends with the turn
    game.drawn_this_turn = ()  # 702.94a: no card has been drawn this turn yet
    game.spells_cast = ()  # 702.40a: storm counts the spells cast this turn
    game.attackers, game.blockers, game.blocked = (), (), NO_OIDS
    game.attacks_declared = False
    game.first_strikers, game.second_damage_step_due = NO_OIDS, False


def _untap(game) -> None:
    """502.3: the active player untaps their permanents; they have now controlled them
    continuously since their most recent turn began (302.6)."""
    # "doesn't untap ... for as long as you control [source]" (611.2b): an entry lasts while its
    # source stays on the battlefield under that player (Game.move and Game.change_control end it)
    held = {oid for oid, _, _ in game.no_untap} if game.no_untap else ()
    objs, active = game.objs, game.active
    arrived = []  # those not controlled continuously since this player's previous turn began (702.30a)
    for oid in game.battlefield:
        o = objs[oid]
        if o.controller == active:
            if oid not in held and not (o.card.statics and _doesnt_untap(o)):
                o.tapped = False
            if o.sick:
                arrived.append((oid, o.moves))
            o.sick = False
    game.arrived = tuple(arrived)


def _doesnt_untap(o) -> bool:
    """"This creature doesn't untap during your untap step." (502.3: effects can keep a permanent
    from untapping)."""
    return any(isinstance(st, DoesntUntapInUntapStep) for st in o.card.statics)


def _cleanup(game, choices: Choices) -> None:
    """514.1: the active player discards down to maximum hand size; 514.2: damage is removed
    and "until end of turn" effects end, simultaneously. 514.3a: if that makes state-based
    actions apply or abilities trigger, players get priority (here: they pass until empty)."""
    hand = game.players[game.active].hand
    if len(hand) > HAND_SIZE:
        actions.discard(game, game.active, len(hand) - HAND_SIZE, choices.get("discard", []))
    objs = game.objs
    for oid in game.battlefield:
        objs[oid].damage = 0
    for oid, perm in game.until_eot:
        o = game.objs.get(oid)
        if o is not None and perm in o.perms:
            perms = list(o.perms)
            perms.remove(perm)
            o.perms = tuple(perms)
    game.until_eot = ()
    if game.eot:
        game.eot = []  # pumps and keyword grants "until end of turn" (611.2a) end too
    if game.layered:  # and every other "until end of turn" continuous effect (514.2); an
        # effect that states no duration lasts until the game ends (611.2a)
        game.layered = tuple(e for e in game.layered if e.lasting)
    game.restrictions = ()  # "can't ... this turn" effects end too
    game.prevention = ()  # and prevention effects "this turn" (615.3)
    game.exile_if_dies = ()  # and "if that creature would die this turn, exile it instead" (614.1a)
    game.regen_shields, game.no_regen = (), ()  # regeneration shields and "can't be regenerated this turn"
    for oid, moves, previous in game.control_eot:  # "gain control ... until end of turn" ends (613.1b)
        o = objs.get(oid)
        if o is not None and o.zone == "battlefield" and o.moves == moves and o.controller != previous:
            game.change_control(o, previous)  # 302.6: not controlled continuously since their turn began
    game.control_eot = ()
    # triggered abilities gained "until end of turn" are lost (514.2); those gained for as long as the
    # permanent is that object stay (blitz's draw, 702.152a)
    game.eot_triggers = game.lasting_triggers = tuple(e for e in game.lasting_triggers
                                                      if e[0] in game.objs and game.objs[e[0]].moves == e[1])
    game.replacements = ()  # and replacement effects lasting "this turn" end
    if game.delayed:  # and delayed triggered abilities lasting "this turn" (603.7b) end
        game.delayed = tuple(d for d in game.delayed if d[0] != "dies")
    after_action(game, choices)
    if game.stack:
        _pass_until_empty(game, choices)
