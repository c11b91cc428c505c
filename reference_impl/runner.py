"""Run one case: build the game, execute each step, answer ok / illegal / errored per step.

Every step runs against a snapshot: an illegal action restores it, so the view after an
illegal step equals the view before it (733.1)."""

from __future__ import annotations

from .rules import actions, combat, priority, replacement, turn
from .rules.activation import activate
from .rules.casting import cast
from .rules.choices import EMPTY_CHOICES, choices_of_step
from .rules.lands import play_land
from .rules.mana_abilities import activate_mana_abilities
from .rules.resolution import put_onto_battlefield, resolve_top
from .rules.triggers import put_triggers
from .setup import LABEL, build_game
from .state.game import CaseError, IllegalAction, Unsupported
from .view import ViewCache, build_view

MAX_RESOLUTIONS = 500
CHOICES_ONLY = frozenset({"choices"})  # the fields a step may have (checked without making a set)
CARD_ONLY = frozenset({"card"})
STEP_EXTRAS = frozenset({"labels", "copy_labels", "choices"})  # a step's fields run_case looks at first


def _step_cast(game, args):
    if not isinstance(args, dict):
        raise CaseError("cast must be a mapping")
    choices = choices_of_step(args.get("choices"), game)
    cast(game, args)
    label = args.get("card")
    spell = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
    priority.acted(game, spell.controller if spell is not None else None)  # 117.3c: the caster
    # 117.5: state-based actions before anyone receives priority (paying life may lose the game)
    actions.state_based_actions(game)
    put_triggers(game, choices)


def _step_resolve(game, args):
    args = args or {}
    if not isinstance(args, dict) or not args.keys() <= CHOICES_ONLY:
        raise CaseError("resolve takes only `choices`")
    resolve_top(game, choices_of_step(args.get("choices"), game))
    priority.acted(game, None)  # 117.3b: the active player, after a resolution


def _step_pass(game, args):
    """One player's pass of priority (feature priority, 117.3d)."""
    args = {} if args is None else args
    priority.pass_priority(game, args, choices_of_step(_choices_of(args, "pass"), game))


def _step_pass_until_empty(game, args):
    args = args or {}
    if not isinstance(args, dict) or not args.keys() <= CHOICES_ONLY:
        raise CaseError("pass_until_empty takes only `choices`")
    choices = choices_of_step(args.get("choices"), game)
    n = 0
    while game.stack:
        resolve_top(game, choices)
        n += 1
        if n > MAX_RESOLUTIONS:
            raise CaseError(f"pass_until_empty: the stack did not empty after {n} resolutions")
    priority.acted(game, None)


def _step_put(game, args):
    if not isinstance(args, dict) or not args.keys() <= CARD_ONLY:
        raise CaseError("put_onto_battlefield takes only `card`")
    put_onto_battlefield(game, args.get("card"), EMPTY_CHOICES)


def _step_tap_for_mana(game, args):
    """605: activate one mana ability of each listed permanent; mana goes to the pool."""
    activate_mana_abilities(game, args, "tap_for_mana")
    game.passes = 0  # an action between passes (117.4); the player keeps priority (117.1d)
    actions.state_based_actions(game)  # removing counters may make toughness 0
    # 603.3: a mana ability's cost may trigger abilities (a sacrificed Chromatic Star): they go on
    # the stack before its controller would receive priority again
    put_triggers(game, EMPTY_CHOICES)


def _choices_of(args, where):
    if not isinstance(args, dict):
        raise CaseError(f"{where} must be a mapping")
    return args.get("choices")


def _step_advance(game, args):
    to, next_turn = turn.parse_advance(args)
    turn.advance(game, to, next_turn, choices_of_step(args.get("choices"), game))
    priority.acted(game, None)  # 117.3a: the active player, as a step begins


def _step_declare_attackers(game, args):
    """Move to the declare attackers step (from the precombat main phase or the beginning of
    combat) and declare the attackers there (508.1)."""
    choices = choices_of_step(_choices_of(args, "declare_attackers"), game)
    if game.step == "main1":
        turn.advance(game, "combat", False, choices)
    if game.step != "combat":
        raise IllegalAction("508.1", "attackers are declared as the declare attackers step begins, after "
                                     f"the beginning of combat step; it is the {game.step} step")
    turn.enter_step(game, "declare_attackers", choices, lambda: combat.declare_attackers(game, args))
    priority.acted(game, None)


def _step_declare_blockers(game, args):
    """Move to the declare blockers step and declare the blockers there (509.1)."""
    choices = choices_of_step(_choices_of(args, "declare_blockers"), game)
    if game.step != "declare_attackers":
        raise IllegalAction("509.1", "blockers are declared as the declare blockers step begins, right "
                                     f"after the declare attackers step; it is the {game.step} step")
    turn.enter_step(game, "declare_blockers", choices, lambda: combat.declare_blockers(game, args))
    priority.acted(game, None)


def _step_activate(game, args):
    choices = choices_of_step(_choices_of(args, "activate"), game)
    label = args.get("card")
    source = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
    activator = source.controller if source is not None else None
    activate(game, args)
    priority.acted(game, activator)  # 117.3c: the player who activated it
    # 117.5: state-based actions before anyone receives priority (a loyalty cost that removed a
    # planeswalker's last loyalty counter: 704.5i)
    actions.state_based_actions(game)
    put_triggers(game, choices)


def _step_play_land(game, args):
    play_land(game, args)
    priority.acted(game, game.active)  # 117.3c: a special action (305.1: the active player's)
    put_triggers(game, EMPTY_CHOICES)


def _step_try(game, args):
    """Would this action be legal now? Take it on a copy of the game: IllegalAction reports
    illegal (the caller restores the state); otherwise the state goes back all the same."""
    if not isinstance(args, dict) or len(args) != 1 or next(iter(args)) not in STEPS or "try" in args:
        raise CaseError(f"try takes exactly one step among {sorted(k for k in STEPS if k != 'try')}")
    (kind, inner), = args.items()
    snap = game.clone()
    STEPS[kind](game, inner)
    game.restore(snap)


STEPS = {
    "cast": _step_cast,
    "resolve": _step_resolve,
    "pass_until_empty": _step_pass_until_empty,
    "put_onto_battlefield": _step_put,
    "tap_for_mana": _step_tap_for_mana,
    "advance": _step_advance,
    "declare_attackers": _step_declare_attackers,
    "declare_blockers": _step_declare_blockers,
    "activate": _step_activate,
    "play_land": _step_play_land,
    "pass": _step_pass,
    "try": _step_try,
}


def _new_labels(game, labels) -> list:
    """A step's `labels` (feature created-labels): new labels for the tokens it creates."""
    if not isinstance(labels, list) or not all(isinstance(x, str) and LABEL.match(x) for x in labels):
        raise CaseError(f"labels must be a list of labels ([a-z][a-z0-9_-]*), got {labels!r}")
    taken = [x for x in labels if x in game.labels or x in game.players or labels.count(x) > 1]
    if taken:
        raise CaseError(f"labels: {sorted(set(taken))} already name a card or player, or repeat")
    return labels


def _label_created(game, first: int, labels: list, copies: bool = False) -> None:
    """Give the step's labels to the tokens (or, with `copies`, the spell copies: feature
    copy-labels) it created, in creation order."""
    kind = "copy" if copies else "token"
    created = [o for oid, o in sorted(game.objs.items())
               if oid >= first and o.label is None and (o.copy if copies else o.token)]
    if len(created) != len(labels):
        raise CaseError(f"{'copy_labels' if copies else 'labels'}: the step created {len(created)} {kind}(s) "
                        f"but {len(labels)} label(s) were given")
    new = dict(game.labels)
    for o, label in zip(created, labels):
        o.label = label
        new[label] = o.oid
    game.labels = new


def _replay(setup, done: list):
    """The game as it stood before an illegal step: set up again and retake the steps that
    took effect. The engine is deterministic, so this equals a snapshot taken before the step
    (733.1), and it costs time only when a step is illegal, where a snapshot per step costs
    time on every step."""
    game = build_game(setup)
    for taken in done:
        _take_step(game, *taken)
    return game


def _take_step(game, kind: str, args, labels, copy_labels) -> None:
    """Take one step and give the objects it created their labels (tokens, then spell copies)."""
    first = game.next_oid
    game.replacement_order = replacement.order_of(args)  # 616.1: this step's choice, if any
    STEPS[kind](game, args)
    if labels is not None:
        _label_created(game, first, labels)
    if copy_labels is not None:
        _label_created(game, first, copy_labels, copies=True)


def run_case(case) -> dict:
    """Protocol 1 `run`: one result per step until an errored one."""
    results: list = []
    try:
        if not isinstance(case, dict):
            raise CaseError("a case must be a mapping")
        steps = case.get("steps", [])
        if not isinstance(steps, list):
            raise CaseError("case.steps must be a list")
        game = build_game(case.get("setup"))
    except Unsupported as e:  # the message starts with "unsupported: " (a skip, not a failure)
        return {"results": [{"status": "errored", "message": str(e)}]}
    except CaseError as e:
        return {"results": [{"status": "errored", "message": f"setup: {e}"}]}
    except Exception as e:  # an engine bug: report it, never crash the harness
        return {"results": [{"status": "errored",
                             "message": f"internal error in setup: {type(e).__name__}: {e}"}]}
    views = ViewCache()
    out = {"initial": build_view(game, views), "results": results}
    done: list = []  # (kind, args, labels, copy_labels) of each step that took effect
    for i, step in enumerate(steps):
        try:
            if not isinstance(step, dict) or len(step) != 1:
                kind = None
            else:
                (kind, args), = step.items()
            if kind not in STEPS:
                raise CaseError(f"step must have exactly one key among {sorted(STEPS)}, "
                                f"got {step!r}")
            labels = copy_labels = None
            order = ()  # 616.1: this step's replacement_order choice, if any
            if isinstance(args, dict) and not STEP_EXTRAS.isdisjoint(args):
                if "choices" in args:
                    order = replacement.order_of(args)
                if "labels" in args:
                    labels = _new_labels(game, args["labels"])
                    args = {k: v for k, v in args.items() if k != "labels"}
                if "copy_labels" in args:
                    both = args["copy_labels"] + (labels or []) if isinstance(args["copy_labels"], list) else None
                    copy_labels = _new_labels(game, both)[:len(args["copy_labels"])]
                    args = {k: v for k, v in args.items() if k != "copy_labels"}
            try:
                if game.lost:  # 104.1, 104.2a: with two players, a loss ends the game
                    raise IllegalAction("104.1", f"the game is over: {' and '.join(game.lost)} lost")
                if labels is None and copy_labels is None:  # _take_step, inline: nothing to label
                    game.replacement_order = order
                    STEPS[kind](game, args)
                else:
                    _take_step(game, kind, args, labels, copy_labels)
            except IllegalAction as e:
                game.restore(_replay(case.get("setup"), done))
                results.append({"status": "illegal", "reason": str(e), "view": build_view(game, views)})
                continue
            except CaseError:
                raise
            done.append((kind, args, labels, copy_labels))
            results.append({"status": "ok", "view": build_view(game, views)})
        except Unsupported as e:
            results.append({"status": "errored", "message": str(e)})
            break
        except CaseError as e:
            results.append({"status": "errored", "message": f"step {i}: {e}"})
            break
        except Exception as e:  # an engine bug: report it and stop the case
            results.append({"status": "errored",
                            "message": f"step {i}: internal error: {type(e).__name__}: {e}"})
            break
    return out

