"""A last pass after Hypothesis's shrinking: delete whatever the difference does not need.

Hypothesis shrinks the random choices; since each drawn step depends on the steps before it
(what is castable, what can be targeted), it often cannot drop a step in the middle or a card
nobody uses. This pass tries, on the concrete case, deleting each step after the differing
one, each earlier step, each setup card, the turn, a player's life, and each mana symbol,
keeping a deletion when the two engines still differ (greedy delta debugging).
"""

from __future__ import annotations

import copy
import re

from mtg_adapter.judge import UNSUPPORTED_MESSAGE_PREFIX

from .differ import Pair

ZONES = ("hand", "battlefield", "graveyard", "library", "exile")
_SYMBOL = re.compile(r"\{[^{}]+\}")


def _candidates(case: dict, index: int):
    """Smaller versions of `case` (generator; each a fresh copy), biggest cuts first."""
    steps = case["steps"]
    if len(steps) > index + 1:
        yield {**case, "steps": copy.deepcopy(steps[:index + 1])}
    for i in range(index - 1, -1, -1):
        yield {**case, "steps": copy.deepcopy(steps[:i] + steps[i + 1:])}
    players = case["setup"].get("players", {})
    for name, player in players.items():
        for zone in ZONES:
            for j in range(len(player.get(zone, []))):
                smaller = copy.deepcopy(case)
                items = smaller["setup"]["players"][name][zone]
                del items[j]
                if not items:
                    del smaller["setup"]["players"][name][zone]
                    if not smaller["setup"]["players"][name]:
                        del smaller["setup"]["players"][name]
                yield smaller
        for key in ("life",):
            if key in player:
                smaller = copy.deepcopy(case)
                del smaller["setup"]["players"][name][key]
                yield smaller
    if "turn" in case["setup"]:
        smaller = copy.deepcopy(case)
        del smaller["setup"]["turn"]
        yield smaller
    for name, player in players.items():
        symbols = _SYMBOL.findall(player.get("mana", ""))
        for j in range(len(symbols)):
            smaller = copy.deepcopy(case)
            rest = "".join(symbols[:j] + symbols[j + 1:])
            if rest:
                smaller["setup"]["players"][name]["mana"] = rest
            else:
                del smaller["setup"]["players"][name]["mana"]
            yield smaller


def _malformed(answer: dict) -> bool:
    """The compared-against engine rejected the case itself (errored, not unsupported)."""
    return any(r.get("status") == "errored"
               and not str(r.get("message", "")).startswith(UNSUPPORTED_MESSAGE_PREFIX)
               for r in answer["results"])


def minimize(pair: Pair, case: dict, found, budget: int = 400):
    """Return (case, (diff, ours, theirs)) as small as greedy deletion gets it.

    `found` is the (diff, ours, theirs) of `case`. Each try runs the case on both engines;
    at most `budget` tries. A protocol failure on a candidate just rejects it."""
    from mtg_adapter.harness import EngineBroken

    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for smaller in _candidates(case, found[0].index):
            tries += 1
            if tries > budget:
                break
            try:
                result = pair.run(smaller)
            except EngineBroken:
                continue
            if _malformed(result[2]) and not _malformed(found[2]):
                continue  # the deletion broke the case (a label no longer set up, ...)
            if result[0] is not None:
                case, found, progress = smaller, result, True
                break
    return case, found
