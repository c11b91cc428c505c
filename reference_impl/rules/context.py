"""What an effect, condition or amount sees while a spell or ability resolves (608.2): the
resolution context. Lives with the rules procedures so that triggers, resolution and entering
replacements can build one without knowing any effect primitive."""

from __future__ import annotations

from ..state.game import SpellInfo

NO_INFO = SpellInfo()


class Ctx:
    """What an effect sees while it resolves: the game, its source object, its controller,
    the spell decisions (kicked, X, colours spent), its legal targets and the step's choices."""

    __slots__ = ("game", "source", "controller", "info", "targets", "choices", "event")

    def __init__(self, game, source, controller, info, targets, choices, event=None):
        self.game, self.source, self.controller = game, source, controller
        self.info = info or NO_INFO
        self.targets, self.choices, self.event = targets, choices, event


def value(expr, ctx) -> int:
    return expr if isinstance(expr, int) else expr(ctx)
