"""Small helpers to patch one reference-engine function for the duration of one case.

Faults are applied with unittest.mock.patch inside an ExitStack opened by the faulty engine's
`run`, so the patch is active only while that engine answers, and the reference engine's
source stays untouched.
"""

from __future__ import annotations

import importlib
from contextlib import ExitStack
from dataclasses import replace
from unittest import mock

from . import locate


class RunState:
    """Per-case memory some faults need (what was cast, the current cast's alternative cost)."""

    def __init__(self) -> None:
        self.alternative: str | None = None
        self.cast_oids: set[int] = set()


def original(target: str):
    """The current object at dotted path `module.attr`."""
    module, _, attr = target.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def keep_field(stack: ExitStack, name: str, field: str) -> None:
    """Patch the engine's function `name` (the game its first argument) so that `game.<field>` is
    as it was before each call: the change the rule makes to that state never happens."""
    def make(fn):
        def faulty(game, *args, **kwargs):
            kept = getattr(game, field)
            result = fn(game, *args, **kwargs)
            setattr(game, field, kept)
            return result
        return faulty
    locate.patch(stack, name, make)


def wrap(stack: ExitStack, target: str, make) -> None:
    """Replace `target` (`package.module.name`) by `make(original)` until the stack closes."""
    stack.enter_context(mock.patch(target, make(original(target))))


def wrap_attr(stack: ExitStack, owner, attr: str, make) -> None:
    """Replace a class attribute (method, property) by `make(original)`."""
    stack.enter_context(mock.patch.object(owner, attr, make(owner.__dict__[attr])))


def track_casts(stack: ExitStack, run: RunState, after=None) -> None:
    """Wrap the runner's cast step: remember the alternative cost being used and, once the cast
    succeeded, the cast card's object id; `after(game, args, obj)` runs after a successful cast."""

    def make(cast):
        def tracked_cast(game, args, **how):
            run.alternative = args.get("alternative") if isinstance(args, dict) else None
            try:
                cast(game, args, **how)
            finally:
                run.alternative = None
            label = args.get("card")
            obj = game.objs.get(game.labels.get(label)) if isinstance(label, str) else None
            if obj is not None:
                run.cast_oids.add(obj.oid)
                if after is not None:
                    after(game, args, obj)
        return tracked_cast

    wrap(stack, "reference_impl.runner.cast", make)


def view_stack_item(stack: ExitStack, adjust) -> None:
    """Post-process each spell of the view's stack: `adjust(game, obj, item)` edits the dict."""

    def make(stack_item):
        def faulty_stack_item(game, it):
            item = stack_item(game, it)
            if item.get("kind") == "spell":
                adjust(game, game.objs[it], item)
            return item
        return faulty_stack_item

    wrap(stack, "reference_impl.view._stack_item", make)


def top_copy_spell(game, **changes) -> None:
    """Change the decisions of the spell copy just put on top of the stack."""
    c = game.objs[game.stack[-1]]
    c.spell = replace(c.spell, **changes)


class ModuleProxy:
    """A stand-in for a module as seen by one other module: overrides some attributes, forwards
    the rest (so e.g. casting's `actions.emit` can differ from everyone else's)."""

    def __init__(self, module, **overrides) -> None:
        self._module = module
        self.__dict__.update(overrides)

    def __getattr__(self, name):
        return getattr(self._module, name)
