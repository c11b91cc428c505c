"""What an effect, condition or amount sees while a spell or ability resolves (608.2): the
resolution context. Lives with the rules procedures so that triggers, resolution and entering
replacements can build one without knowing any effect primitive."""

from __future__ import annotations

from ..state.game import SpellInfo

NO_INFO = SpellInfo()


class Ctx:
    """What an effect sees while it resolves: the game, its source object, its controller,
    the spell decisions (kicked, X, colours spent), its legal targets and the step's choices."""

    __slots__ = ("game", "source", "controller", "info", "targets", "choices", "event", "modes", "source_moves")

    def __init__(self, game, source, controller, info, targets, choices, event=None, modes=None,
                 source_moves=None):
        self.game, self.source, self.controller = game, source, controller
        # a resolving ability's: its source's zone changes as it triggered or was activated (None: unknown)
        self.source_moves = source_moves
        self.info = info or NO_INFO
        self.targets, self.choices, self.event = targets, choices, event
        self.modes = self.info.modes if modes is None else modes  # a modal ability's own (700.2b)

    def source_on_battlefield(self):
        """The source, if it is still on the battlefield as the object the ability came from (400.7:
        one that left and came back is a new object), else None."""
        src = self.source
        if src is None or src.zone != "battlefield" or (self.source_moves is not None
                                                         and src.moves != self.source_moves):
            return None
        return src

    def for_mode_time(self, time: int) -> "Ctx":
        """The context for the `time`-th time a mode chosen more than once is performed (700.2d):
        that mode's targets are the ones chosen for that time."""
        targets = self.targets.for_instance(time) if self.targets is not None else None
        return Ctx(self.game, self.source, self.controller, self.info, targets, self.choices, self.event,
                   self.modes, self.source_moves)


def value(expr, ctx) -> int:
    return expr if isinstance(expr, int) else expr(ctx)
