"""Every exception the suite raises on purpose derives from one base, through one kind.

Why: callers tell their own mistakes (InputError) from an engine's failure (EngineFailure) from
a suite bug (SuiteBug) by class, and catch all of them with ConformanceError
(mtg_adapter/errors.py says which classes stay outside, and why).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from mtg_adapter.errors import ConformanceError, EngineFailure, InputError, SuiteBug

PACKAGES = ("mtg_adapter", "mtg_conformance", "generator")
# Outside the hierarchy on purpose (mtg_adapter/errors.py): a judged test failure, signals,
# the BaseException that stops a run on a broken engine, and private control-flow classes.
OUTSIDE = {"ConformanceFailure", "Terminated", "Interrupted", "EngineBroken"}
KINDS = (InputError, EngineFailure, SuiteBug)


def _exception_classes():
    seen = {}
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            if info.name.endswith("__main__") or ".compiled." in info.name:
                continue
            module = importlib.import_module(info.name)
            for name, cls in inspect.getmembers(module, inspect.isclass):
                if (issubclass(cls, BaseException) and cls.__module__ == info.name
                        and not name.startswith("_")):
                    seen[f"{info.name}.{name}"] = cls
    return seen


CLASSES = _exception_classes()


def test_the_walk_finds_the_suites_exceptions():
    assert {"generator.spec_errors.SpecError",
            "mtg_conformance.certify.runner.UsageError", "mtg_adapter.errors.EngineFailure"} <= set(CLASSES)
    assert len(CLASSES) >= 20


@pytest.mark.parametrize("where", sorted(CLASSES))
def test_every_exception_has_the_base(where):
    cls = CLASSES[where]
    if cls.__name__ in OUTSIDE:
        assert not issubclass(cls, ConformanceError), f"{where} is listed as outside the hierarchy"
        return
    assert issubclass(cls, ConformanceError), f"{where} does not derive from mtg_adapter.errors.ConformanceError"
    if cls not in (ConformanceError, *KINDS):
        kinds = [k for k in KINDS if issubclass(cls, k)]
        assert len(kinds) <= 1, f"{where} is of two kinds: {kinds}"


def test_one_engine_failure_class():
    from mtg_adapter import client, harness

    assert client.EngineFailure is EngineFailure and harness.EngineFailure is EngineFailure
    assert [w for w, c in CLASSES.items() if c.__name__ == "EngineFailure"] == ["mtg_adapter.errors.EngineFailure"]
