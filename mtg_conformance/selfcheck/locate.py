"""Find reference-engine functions and classes by name, wherever the engine's layers keep them.

Faults patch the engine by name ("copy_spell", "SpellInfo") rather than by module path, so
moving a function to another module (the names are kept) doesn't break them. `patch` replaces
the object in every reference_impl module that binds it, which is what "the engine's
copy_spell does X instead" means whether callers import the function or its module.
"""

from __future__ import annotations

import importlib
import pkgutil
from contextlib import ExitStack
from functools import lru_cache
from unittest import mock

PACKAGE = "reference_impl"


@lru_cache(maxsize=1)
def _modules() -> tuple:
    package = importlib.import_module(PACKAGE)
    found = [package]
    for info in pkgutil.walk_packages(package.__path__, PACKAGE + "."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            found.append(importlib.import_module(info.name))
    return tuple(found)


@lru_cache(maxsize=None)
def _definition(name: str):
    defined = [m for m in _modules() if name in vars(m)
               and getattr(vars(m)[name], "__module__", None) == m.__name__]
    if len(defined) != 1:
        where = ", ".join(m.__name__ for m in defined) or "no module"
        raise LookupError(f"{PACKAGE} defines {name!r} in {where} (expected exactly one)")
    return defined[0]


def obj(name: str):
    """The engine's function or class called `name` (defined in exactly one module)."""
    return vars(_definition(name))[name]


def module_of(name: str):
    """The engine module that defines `name` (for a fault that swaps a name that module uses)."""
    return _definition(name)


def patch(stack: ExitStack, name: str, make) -> None:
    """Replace the engine's `name` by `make(original)` in every module binding it, until the
    stack closes."""
    original = obj(name)
    replacement = make(original)
    for module in _modules():
        if vars(module).get(name) is original:
            stack.enter_context(mock.patch.object(module, name, replacement))


def patch_method(stack: ExitStack, class_name: str, attr: str, make) -> None:
    """Replace a method or property of the engine's class `class_name` by `make(original)`."""
    owner = obj(class_name)
    stack.enter_context(mock.patch.object(owner, attr, make(owner.__dict__[attr])))
