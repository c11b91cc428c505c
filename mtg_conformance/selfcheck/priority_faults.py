"""Faulty engines for priority (117.3-117.4): who holds it after a cast and after a resolution, a
pass, and all players passing in succession. Each drops claims of spec/rules/priority.yaml; all are
designed (no public report known). They patch the reference engine's rules/priority.py helpers
(`acted`, `pass_priority`) and `resolve_top` by name.
"""

from __future__ import annotations

from . import locate
from .fault import Fault, cards, case

WHO = "priority/who-holds-priority#"

_BOLT = {"hand": cards(("Lightning Bolt", "bolt")), "mana": "{R}"}


def _bolt_then(*steps) -> dict:
    return case({"alice": _BOLT}, [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, *steps])


def _to_the_controller(stack, run):
    """After a spell resolves its controller receives priority (not the active player)."""
    resolved = []

    def make_resolve(original):
        def faulty(game, choices):
            top = game.objs.get(game.stack[-1]) if game.stack else None
            original(game, choices)
            if top is not None:
                resolved.append(top.controller)
        return faulty

    def make_acted(original):
        def faulty(game, player):
            original(game, player)
            if player is None and resolved:
                controller = resolved.pop()
                game.priority = None if controller == game.active else controller
            resolved.clear()
        return faulty
    locate.patch(stack, "resolve_top", make_resolve)
    locate.patch(stack, "acted", make_acted)


def _one_pass_resolves(stack, run):
    """One player's pass resolves the top of the stack (as if every other player had passed)."""
    def make(original):
        def faulty(game, args, choices):
            game.passes = len(game.players) - 1
            return original(game, args, choices)
        return faulty
    locate.patch(stack, "pass_priority", make)


def _passes_kept(stack, run):
    """An action between passes doesn't start the passing again: passes before it still count."""
    def make(original):
        def faulty(game, player):
            kept = game.passes
            original(game, player)
            if player is not None:
                game.passes = kept
        return faulty
    locate.patch(stack, "acted", make)


def _next_player_after_a_cast(stack, run):
    """After casting a spell the next player in turn order receives priority (not the caster)."""
    def make(original):
        def faulty(game, player):
            original(game, player)
            if player is not None:
                other = game.opponent(player)
                game.priority = None if other == game.active else other
        return faulty
    locate.patch(stack, "acted", make)


def _anyone_passes(stack, run):
    """A pass names no player that must hold priority: bob's pass while alice holds it is taken."""
    def make(original):
        def faulty(game, args, choices):
            return original(game, {k: v for k, v in args.items() if k != "by"}, choices)
        return faulty
    locate.patch(stack, "pass_priority", make)


def _empty_stack_stays(stack, run):
    """All players passing with an empty stack ends nothing: the step goes on, the active player
    holding priority again."""
    def make(original):
        def faulty(game, args, choices):
            if not game.stack and game.passes == len(game.players) - 1:
                game.passes, game.priority = 0, None
                return None
            return original(game, args, choices)
        return faulty
    locate.patch(stack, "pass_priority", make)


FAULTS = [
    Fault("priority_to_the_resolved_spells_controller", "117.3b",
          "(designed) after a spell resolves its controller receives priority: bob's Shock resolved in "
          "alice's turn leaves bob holding priority",
          _to_the_controller,
          case({"bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "shock", "by": "bob", "targets": ["alice"], "pay": "{R}"}}, {"resolve": {}}]),
          claims=(WHO + "active-player-after-a-resolution",)),
    Fault("one_pass_resolves_the_top", "117.4",
          "(designed) one player's pass resolves the top of the stack: alice's pass resolves her Bolt "
          "before bob receives priority",
          _one_pass_resolves, _bolt_then({"pass": {}}),
          claims=(WHO + "a-pass-gives-the-next-player-priority", WHO + "all-players-pass-in-succession")),
    Fault("passes_before_an_action_still_count", "117.4",
          "(designed) passes before a cast still count toward all players passing: bob's pass after his "
          "own Shock resolves it at once",
          _passes_kept,
          case({"alice": _BOLT, "bob": {"hand": cards(("Shock", "shock")), "mana": "{R}"}},
               [{"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"}}, {"pass": {}},
                {"cast": {"card": "shock", "by": "bob", "targets": ["alice"], "pay": "{R}"}}, {"pass": {}}]),
          claims=(WHO + "all-players-pass-in-succession",)),
    Fault("priority_to_the_next_player_after_a_cast", "117.3c",
          "(designed) after casting a spell the next player receives priority, not the caster",
          _next_player_after_a_cast, _bolt_then(),
          claims=(WHO + "the-caster-keeps-priority",)),
    Fault("anyone_may_pass", "117.3d",
          "(designed) a player who doesn't hold priority can pass: bob passes while alice holds it",
          _anyone_passes, _bolt_then({"pass": {"by": "bob"}}),
          claims=(WHO + "a-pass-gives-the-next-player-priority",)),
    Fault("empty_stack_passes_end_nothing", "117.4",
          "(designed) all players passing with an empty stack doesn't end the step: the main phase goes on",
          _empty_stack_stays,
          case({"alice": {"library": cards(("Grizzly Bears", "lib1"))},
                "bob": {"library": cards(("Grizzly Bears", "lib2"))}},
               [{"pass": {}}, {"pass": {}}]),
          claims=(WHO + "an-empty-stack-ends-the-step",)),
]
