"""Turn a difference into a ready-to-paste spec entry (spec/README.md's format).

The entry holds the shrunk setup, the steps up to the first differing one and, on that step,
an `expect` built from the answer of the engine compared against (the reference by default),
restricted to the fields where the two answers differ. It does not decide which engine is
right: `text.en` is a placeholder the maintainer replaces with the rule, after checking.
"""

from __future__ import annotations

import copy
import hashlib
import json

import yaml

from mtg_adapter.compare import compare

from .differ import StepDifference, normalize
from .pool import load_pool

PLACEHOLDER = "TODO: state the rule"
NOTE = ("TODO: found by mtg-conformance fuzz; give the ruling's date (or say why none is known), "
        "name the card it is about and its source (spec/sources.yaml)")
_SAME = object()


def _equal(a, b) -> bool:
    return not compare(a, b, partial=False)


def restrict(ref, other):
    """The part of `ref` that differs from `other`, as a partial view the comparator can
    judge (equal list items become `{}`, which matches any item); `_SAME` if nothing differs."""
    if isinstance(ref, dict) and isinstance(other, dict):
        out = {}
        for key, value in ref.items():
            sub = value if key not in other else restrict(value, other[key])
            if sub is not _SAME:
                out[key] = sub
        return out if out else _SAME
    if isinstance(ref, list) and isinstance(other, list) and len(ref) == len(other):
        parts = [restrict(a, b) for a, b in zip(ref, other)]
        if all(p is _SAME for p in parts):
            return _SAME
        return [({} if isinstance(a, dict) else a) if p is _SAME else p for a, p in zip(ref, parts)]
    return _SAME if _equal(ref, other) else ref


def expectation(diff: StepDifference, previous_view: dict | None) -> dict | None:
    """The `expect` for the differing step, from the compared-against engine's answer.

    None when that engine errored (an expectation cannot ask for an error)."""
    theirs, ours = diff.theirs, diff.ours
    if theirs["status"] == "illegal":
        return {"illegal": True}
    if theirs["status"] != "ok":
        return None
    view = normalize(theirs["view"])
    # against what: the other engine's view; without one, what this step changed
    other = ours.get("view") if ours.get("status") in ("ok", "illegal") else previous_view
    other = normalize(other) if other is not None else None
    part = restrict(view, other) if other is not None else _SAME
    if part is _SAME:
        part = {"turn": view["turn"]}  # any partial view demands status ok
    return part


def features(case: dict) -> list:
    """Feature tags of the cards and step kinds the case uses (sorted, no duplicates)."""
    pool = load_pool()
    names = {item["label"]: item["card"] for p in case["setup"].get("players", {}).values()
             for zone in ("hand", "battlefield", "graveyard", "library", "exile")
             for item in p.get(zone, [])}
    tags = set()
    for p in case["setup"].get("players", {}).values():
        for item in p.get("battlefield", []):
            card = pool.get(item["card"])
            if card is not None and card.role == "modifier":
                tags.update(card.features)
    if "turn" in case["setup"]:
        tags.add("timing")
    for step in case["steps"]:
        (kind, args), = ((k, v) for k, v in step.items() if k != "expect")
        if kind == "cast":
            card = pool.get(names.get(args.get("card")))
            if card is not None:
                tags.update(card.features)
            if args.get("alternative") == "flashback":
                tags.add("flashback")
            if "x" in args:
                tags.add("x-costs")
        elif kind == "put_onto_battlefield":
            tags.add("put-onto-battlefield")
            card = pool.get(names.get(args.get("card")))
            if card is not None:
                tags.update(card.features)
        elif kind == "tap_for_mana":
            tags.add("mana-abilities")
    return sorted(tags)


def first_card(setup: dict, steps: list) -> str:
    """The card of the first step that casts or puts one (else the first card set up): the
    entry's `card` until the maintainer names the card the ruling is about."""
    names = {item["label"]: item["card"] for p in setup.get("players", {}).values()
             for zone in ("hand", "battlefield", "graveyard", "library", "exile")
             for item in p.get(zone, []) if "label" in item}
    for step in steps:
        for kind in ("cast", "put_onto_battlefield"):
            label = step.get(kind, {}).get("card") if isinstance(step.get(kind), dict) else None
            if label in names:
                return names[label]
    cards = [item["card"] for p in setup.get("players", {}).values()
             for zone in ("hand", "battlefield", "graveyard", "library", "exile") for item in p.get(zone, [])]
    return cards[0] if cards else "TODO: the card the ruling is about"


def short_hash(setup: dict, steps: list) -> str:
    blob = json.dumps({"setup": setup, "steps": steps}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:10]


def spec_entry(case: dict, diff: StepDifference, previous_view: dict | None) -> dict:
    """The spec entry (a dict in the order of the spec format)."""
    steps = copy.deepcopy(case["steps"][:diff.index + 1])
    expect = expectation(diff, previous_view)
    if expect is not None:
        steps[-1]["expect"] = expect
    setup = copy.deepcopy(case["setup"])
    return {
        "id": f"fuzz/{short_hash(setup, case['steps'][:diff.index + 1])}",
        "kind": "ruling",
        "source": "fuzz",
        "card": first_card(setup, steps),
        "note": NOTE,
        "text": {"en": PLACEHOLDER},
        "cites": [],
        "features": features({"setup": setup, "steps": steps}),
        "scenarios": [{"name": "minimal", "setup": setup, "steps": steps}],
    }


class _Dumper(yaml.SafeDumper):
    """Indents block sequences under their key, like the spec files do."""

    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)


def to_yaml(entry: dict) -> str:
    """The entry as a list item, indented to paste under a spec file's `entries:`."""
    text = yaml.dump([entry], Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)
    return "".join("  " + line if line.strip() else line for line in text.splitlines(True))
