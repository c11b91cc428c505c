"""The mtg-conformance engine adapter for phase.rs through the PyPI package phase-python.

`create_engine()` returns an object speaking protocol 1 in-process (ADAPTERS.md):
`hello()`, `run(case)`, `stop()`. See phase_adapter/README.md for how each part of the contract
maps to phase's API and what cannot be expressed.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import metadata

from .cards import cached_database, read_catalog
from .errors import Illegal, PhaseFailure, Unsupported
from .mana import ManaStringError
from .setup import lay_out
from .snapshots import reload
from .steps import StepRunner
from .view import ViewBuilder

# Feature tags (ADAPTERS.md) this adapter can drive through phase's API and report in the
# view. Left out on purpose (see README.md): sticker-kicker (phase-python has no sticker action)
# and put-onto-battlefield (only an inert debug zone move exists).
FEATURES = ["kicker", "multikicker", "two-kickers", "flashback", "converge", "x-costs", "timing",
            "copy", "counter", "cost-increase", "cost-reduction", "alternative-cost", "free-cast",
            "triggers", "tokens", "mana-abilities", "player-loss", "turn-structure", "damage-marked", "combat",
            "activated-abilities", "play-land", "legality-check", "created-labels", "you-may", "cost-choices",
            "modes", "sacrifice-tap-costs", "scry-surveil", "color-choice", "opponent-choice",
            "library-search", "cast-during-resolution", "split-cards", "modal-double-faced", "copy-labels",
            "conspire", "divided-damage", "escape", "attack-costs", "phyrexian-mana", "loyalty-abilities", "blight",
            "priority", "looked-at-cards", "hand-keywords", "adventure"]


@lru_cache(maxsize=4)
def _database(cards_dir: str | None):
    """Parsing the catalog with phase's oracle parser is the slow part: once per process, and kept
    on disk for the next ones (cards.cached_database)."""
    return cached_database(read_catalog(cards_dir))


class PhaseEngine:
    """One card database, many cases; each case is a fresh phase game."""

    def __init__(self, cards_dir=None):
        try:
            import phase
        except ImportError as exc:
            raise RuntimeError("the phase engine needs phase-python: pip install 'mtg-conformance[phase]'") from exc

        self._phase = phase
        self.database = _database(str(cards_dir) if cards_dir is not None else None)
        self.engine = phase.Engine.from_json(self.database.to_json())

    def hello(self) -> dict:
        return {
            "implementation": {
                "name": "phase.rs (phase-python)",
                "version": metadata.version("phase-python"),
                "language": "rust",
                "homepage": "https://github.com/klyusba/phase-python",
            },
            "protocol": 1,
            "features": list(FEATURES),
        }

    def stop(self) -> None:
        self.engine = None

    def run(self, case: dict) -> dict:
        try:
            game, labels, card_ids = lay_out(self.engine, self.database, case.get("setup") or {})
        except Unsupported as exc:
            return {"results": [{"status": "errored", "message": str(exc)}]}
        except (ManaStringError, KeyError, TypeError) as exc:
            return {"results": [{"status": "errored", "message": f"unsupported: setup: {exc}"}]}
        except BaseException as exc:  # pyo3 panics derive from BaseException
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            return {"results": [{"status": "errored", "message": f"phase failed in setup: {exc}"}]}
        views = ViewBuilder(labels, card_ids)
        runner = StepRunner(game, views, self.engine)
        runner.database = self.database
        try:
            before = views.build(game)
        except (Unsupported, PhaseFailure) as exc:
            return {"results": [{"status": "errored", "message": str(exc)}]}
        out = {"initial": before, "results": []}
        for step in case.get("steps") or []:
            saved = views.snapshot(runner.game)
            saved_info = dict(views.cast_info)
            saved_labels = dict(views.labels)
            try:
                runner.run(step)
                view = views.build(runner.game)
            except Illegal as exc:
                try:
                    runner.game = reload(self.engine, saved)
                except ValueError as failure:  # phase refuses its own snapshot: the step can't be undone
                    message = f"unsupported: phase cannot reload the game to undo an illegal step ({failure})"
                    out["results"].append({"status": "errored", "message": message})
                    break
                views.cast_info = saved_info
                views.labels = saved_labels
                try:  # the view of the restored game, read from phase (not the previous answer)
                    before = views.build(runner.game)
                except (Unsupported, PhaseFailure) as failure:
                    out["results"].append({"status": "errored", "message": str(failure)})
                    break
                out["results"].append({"status": "illegal", "reason": str(exc), "view": before})
                continue
            except Unsupported as exc:
                out["results"].append({"status": "errored", "message": str(exc)})
                break
            except ManaStringError as exc:
                out["results"].append({"status": "errored", "message": f"unsupported: {exc}"})
                break
            except (KeyError, TypeError, IndexError) as exc:  # a shape of phase's data the adapter does not know
                out["results"].append({"status": "errored",
                                       "message": f"unsupported: the adapter cannot read phase's answer ({exc!r})"})
                break
            except PhaseFailure as exc:
                out["results"].append({"status": "errored", "message": str(exc)})
                break
            except BaseException as exc:
                if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                    raise
                out["results"].append({"status": "errored",
                                       "message": f"phase failed: {type(exc).__name__}: {exc}"})
                break
            before = view
            out["results"].append({"status": "ok", "view": view})
        return out


def create_engine(cards_dir=None) -> PhaseEngine:
    """Entry point `mtg_conformance.engines: phase`."""
    return PhaseEngine(cards_dir)
