"""Priority (117): who holds it after each action, and a player passing it.

The contract's other steps imply the passes around them (`resolve` is every player passing in
succession, 117.4; `cast` by bob means alice passed to him). The `pass` step (feature
`priority`) is one player's pass: the next player in turn order receives priority (117.3d);
when all players have passed in succession the top of the stack resolves and the active player
receives priority (117.4, 117.3b), or, the stack being empty, the step ends (500.2) and the
active player receives priority in the next step with priority (117.3a)."""

from __future__ import annotations

from ..state.game import TURN_STEPS, CaseError, IllegalAction
from . import turn
from .choices import Choices
from .resolution import resolve_top

PASS_FIELDS = frozenset({"by", "choices"})


def holder(game) -> str:
    """The player holding priority (117.1): the active player unless an action gave it to another."""
    return game.priority or game.active


def acted(game, player: str | None) -> None:
    """`player` took an action (cast, activated, played a land: 117.3c, they receive priority after
    it; None: a step that leaves priority with the active player, 117.3a-b). Passing in succession
    starts again (117.4: "without taking any actions in between")."""
    game.priority = None if player is None or player == game.active else player
    game.passes = 0


def pass_priority(game, args, choices: Choices) -> None:
    """117.3d: the player holding priority passes (`by`, when given, must be that player)."""
    if not isinstance(args, dict) or not PASS_FIELDS.issuperset(args):
        raise CaseError("pass takes optional `by` and `choices`")
    player = holder(game)
    by = args.get("by")
    if by is not None:
        if by not in game.players:
            raise CaseError(f"pass.by: unknown player {by!r}")
        if by != player:
            raise IllegalAction("117.3d", f"{by} does not hold priority ({player} does): only that player can pass")
    game.passes += 1
    if game.passes < len(game.players):
        game.priority = game.opponent(player)  # 117.3d: the next player in turn order
        return
    acted(game, None)
    if game.stack:
        resolve_top(game, choices)  # 117.4, 405.5; then the active player receives priority (117.3b)
        return
    to, next_turn = _next_step_with_priority(game.step)  # 500.2: the step ends
    turn.advance(game, to, next_turn, choices)


def _next_step_with_priority(step: str) -> tuple[str, bool]:
    """The next step in which players receive priority (502.4, 514.3: none in untap and cleanup),
    and whether it is in the next turn."""
    i = TURN_STEPS.index(step)
    for k in range(1, len(TURN_STEPS) + 1):
        nxt = TURN_STEPS[(i + k) % len(TURN_STEPS)]
        if nxt not in turn.NO_PRIORITY:
            return nxt, i + k >= len(TURN_STEPS)
    raise AssertionError("every turn has steps with priority")
