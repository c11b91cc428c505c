"""pytest plugin for mutation runs of the reference engine (`-p mtg_conformance.selfcheck.mutmut_fresh`).

mutmut forks each mutant's test run from a process that has already imported the engine and
run the clean tests, so code that runs once - the card catalog parsing its keyword costs at
import time, and the lru caches of mana parsing/formatting - would never run with the mutant
active: such mutants "survive" without being tested. Before each test this plugin clears the
engine's caches and rebuilds the card catalog in place, so those mutants are really exercised.

It does so in the test's *call* phase, not its setup: mutmut's stats run times only the call
phase of each test and derives every mutant's timeout from that estimate, so a rebuild in the
setup phase (~25 ms a test, uncounted) made a mutant covered by a thousand tests look
shorter than it is and time out on a loaded machine (run 5's 89 timeouts).

Under a mutant (mutmut runs each in a process of its own) one rebuild, before the process's
first test, is enough: the mutant stays the same for every test after it. In the stats run
(and outside mutmut) it is done before every test, so the catalog-building code is recorded as
covered by each test, and those mutants run every test.
"""

from __future__ import annotations

import importlib
import os

import pytest


def _clear_caches(module) -> None:
    for value in list(vars(module).values()):
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def refresh_engine() -> None:
    """Re-run the engine's import-time card building and empty its caches."""
    from reference_impl.cards import catalog
    from reference_impl.state import mana

    _clear_caches(mana)
    modules = {}
    for name in catalog.POOL_MODULES:  # re-parses e.g. Wicker Picker's granted sticker kicker cost
        modules[name] = importlib.reload(importlib.import_module(f"reference_impl.cards.{name}"))
        if name == "behaviour":
            # catalog.build asks `beh == Behaviour()` (a card with no behaviour entry); a
            # dataclass equals only an instance of its own class, so catalog must use the
            # reloaded class the pools and tests now import, or every default looks customised.
            catalog.Behaviour = modules[name].Behaviour
    behaviours, tokens = catalog.registries(modules)
    rebuilt = catalog.build_cards(behaviours, tokens)
    catalog.CARDS.clear()
    catalog.CARDS.update(rebuilt)


_refreshed_for: str | None = None


def _needs_refresh() -> bool:
    global _refreshed_for
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant:  # the stats run, the clean run, or no mutmut at all
        return True
    if mutant == _refreshed_for:
        return False
    _refreshed_for = mutant
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item) -> None:
    if _needs_refresh():
        refresh_engine()
