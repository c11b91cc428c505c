"""Protocol-1 entry point (`mtg_conformance.engines` -> reference_impl.adapter:create_engine)."""

from __future__ import annotations

from importlib import metadata

from .runner import run_case

NAME = "mtg-conformance reference engine"
FEATURES = ("kicker", "multikicker", "two-kickers", "sticker-kicker", "flashback", "converge",
            "copy", "counter", "cost-increase", "cost-reduction", "alternative-cost", "free-cast",
            "triggers", "tokens", "x-costs", "mana-abilities", "timing", "put-onto-battlefield",
            "player-loss", "turn-structure", "damage-marked", "combat", "activated-abilities", "play-land",
            "legality-check", "created-labels", "you-may", "cost-choices", "library-search",
            "cast-during-resolution", "scry-surveil", "copy-labels", "split-cards",
            "modal-double-faced", "modes", "sacrifice-tap-costs", "color-choice", "opponent-choice",
            "conspire", "divided-damage", "replacement-effects", "replacement-order", "escape", "miracle",
            "phyrexian-mana", "attack-costs", "damage-source-choice", "buyback", "you-may-each",
            "choose-on-resolution", "creature-type-choice", "protection-choice",
            "sacrifice-mana-abilities",
            "base-power-toughness", "loyalty-abilities", "blight", "priority", "transform",
            "looked-at-cards", "face-down-exile", "hand-keywords", "madness",
            "dash", "blitz", "adventure", "evoke")


def _version() -> str:
    try:
        return metadata.version("mtg-conformance")
    except metadata.PackageNotFoundError:  # running from a source tree without installing
        return "0.0.0"


class ReferenceEngine:
    """The in-process engine: hello / run / stop with the dicts of ADAPTERS.md section 3."""

    def hello(self) -> dict:
        return {
            "implementation": {"name": NAME, "version": _version(), "language": "python"},
            "protocol": 1,
            "features": list(FEATURES),
        }

    def run(self, case: dict) -> dict:
        return run_case(case)

    def stop(self) -> None:
        return None


def create_engine() -> ReferenceEngine:
    return ReferenceEngine()
