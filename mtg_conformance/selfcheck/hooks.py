"""Name-based hooks the real-bug faults share (see locate.py): watch each cast attempt, change
the copy a copy effect just made, rewrite the card an object enters the battlefield as."""

from __future__ import annotations

from dataclasses import replace

from . import locate


class CastWatch:
    """What the case's cast steps attempted: the current cast (game, args, object, zone it
    came from) while it runs, and the undone attempts (733.1) per card label."""

    def __init__(self) -> None:
        self.game = None
        self.args: dict = {}
        self.obj = None
        self.zone: str | None = None
        self.undone: dict = {}      # label -> args of its last cast attempt that was undone

    @property
    def alternative(self):
        return self.args.get("alternative")


def watch_casts(stack, watch: CastWatch, after=None, failed=None) -> CastWatch:
    """Wrap the engine's `cast`; `after(game, args, obj)` runs after a cast that succeeded,
    `failed(game, args, obj, error)` after one that raised IllegalAction (before the rollback)."""
    illegal = locate.obj("IllegalAction")

    def make(cast):
        def watched(game, args, **how):
            label = args.get("card") if isinstance(args, dict) else None
            oid = game.labels.get(label) if isinstance(label, str) else None
            obj = game.objs.get(oid) if oid is not None else None
            watch.game, watch.args, watch.obj = game, args, obj
            watch.zone = obj.zone if obj is not None else None
            try:
                cast(game, args, **how)
            except illegal as error:
                watch.undone[label] = args
                if failed is not None:
                    failed(game, args, obj, error)
                raise
            finally:
                watch.game, watch.args = None, {}
            if after is not None and obj is not None:
                after(game, args, obj)
        return watched

    locate.patch(stack, "cast", make)
    return watch


def after_copy(stack, change) -> None:
    """After each copy of a spell is put on the stack: `change(game, original, copy)`."""
    def make(copy_spell):
        def faulty(game, orig, controller, new_targets, colors):
            copy_spell(game, orig, controller, new_targets, colors)
            change(game, orig, game.objs[game.stack[-1]])
        return faulty
    locate.patch(stack, "copy_spell", make)


def set_spell(obj, **changes) -> None:
    obj.spell = replace(obj.spell, **changes)


def entering_card(stack, rewrite) -> None:
    """Each object enters the battlefield as `rewrite(game, obj, info, choices)`'s card (or its
    own card when that returns None): the faulty engine's idea of the permanent."""
    def make(enter):
        def faulty(game, o, info, controller, choices):
            card = rewrite(game, o, info, choices)
            if card is not None:
                o.card = card
            return enter(game, o, info, controller, choices)
        return faulty
    locate.patch(stack, "enter_battlefield", make)

