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
"""

from __future__ import annotations

import importlib

import pytest


def _clear_caches(module) -> None:
    for value in list(vars(module).values()):
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def refresh_engine() -> None:
    """Re-run the engine's import-time card building and empty its caches."""
    from reference_impl.cards import behaviour, catalog, pool, pool_faces, pool_library
    from reference_impl.state import mana

    _clear_caches(mana)
    importlib.reload(behaviour)  # re-parses e.g. Wicker Picker's granted sticker kicker cost
    importlib.reload(pool)       # the grown card pool's behaviours (built from the same primitives)
    importlib.reload(pool_library)
    importlib.reload(pool_faces)
    rebuilt = catalog.build_cards({**behaviour.BEHAVIOUR, **pool.POOL, **pool_library.LIBRARY_POOL,
                                   **pool_faces.FACES_POOL},
                                  {**behaviour.EXTRA_TOKENS, **pool.POOL_TOKENS})
    catalog.CARDS.clear()
    catalog.CARDS.update(rebuilt)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item) -> None:
    refresh_engine()
