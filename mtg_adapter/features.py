"""Feature tags and the view fields that belong to later features.

Why here: the protocol grows by features (ADAPTERS.md, "How the protocol evolves"); whoever
compares two engines' views (the differential fuzzer) or checks a spec against the contract
must know which fields an engine that does not declare a feature may leave out.
"""

from __future__ import annotations

# The 18 tags of protocol 1 as first published.
FEATURES_1_0 = (
    "kicker", "multikicker", "two-kickers", "sticker-kicker", "flashback", "converge",
    "copy", "counter", "cost-increase", "cost-reduction", "alternative-cost", "free-cast",
    "triggers", "tokens", "x-costs", "mana-abilities", "timing", "put-onto-battlefield",
)
LATER_FEATURES = ("player-loss", "turn-structure", "damage-marked", "combat", "activated-abilities",
                  "play-land", "legality-check", "created-labels", "you-may", "cost-choices",
                  "library-search", "cast-during-resolution", "scry-surveil", "copy-labels",
                  "split-cards", "modal-double-faced",
                  "modes", "sacrifice-tap-costs", "color-choice", "opponent-choice", "conspire",
                  "divided-damage", "replacement-effects", "replacement-order", "escape", "miracle",
                  "phyrexian-mana", "attack-costs", "damage-source-choice", "buyback", "you-may-each",
                  "choose-on-resolution", "creature-type-choice", "protection-choice",
                  "sacrifice-mana-abilities",
                  "base-power-toughness", "loyalty-abilities", "blight", "priority", "transform",
                  "looked-at-cards", "face-down-exile", "hand-keywords", "madness", "dash", "blitz",
                  "adventure", "evoke")
FEATURES = FEATURES_1_0 + LATER_FEATURES

# (view group, field) -> the feature that brings it; the field is optional without the feature.
LATER_VIEW_FIELDS = {
    ("players", "lost"): "player-loss",
    ("cards", "damage"): "damage-marked",
    ("cards", "attacking"): "combat",
    ("cards", "blocking"): "combat",
    ("cards", "chosen_color"): "color-choice",
    ("cards", "chosen_player"): "opponent-choice",
    ("cards", "base_power"): "base-power-toughness",
    ("cards", "base_toughness"): "base-power-toughness",
    ("cards", "transformed"): "transform",
    ("cards", "face_down"): "face-down-exile",
}
# field of the view's `turn` (one object, not a map of names) -> the feature that brings it.
LATER_TURN_FIELDS = {"priority": "priority"}
# stack item field -> the feature that brings it (the stack is a list, not a map of names).
LATER_STACK_FIELDS = {"label": "copy-labels", "modes": "modes", "divide": "divided-damage"}
# a 1.0 field of permanents that a later feature gives cards in a hand too: (field, zone) -> feature
LATER_ZONE_FIELDS = {("keywords", "hand"): "hand-keywords"}


def without_undeclared_fields(view: dict, declared) -> dict:
    """A copy of `view` without the later fields whose feature is not in `declared`."""
    drop = [(group, field) for (group, field), feature in LATER_VIEW_FIELDS.items() if feature not in declared]
    drop_stack = {field for field, feature in LATER_STACK_FIELDS.items() if feature not in declared}
    drop_turn = {field for field, feature in LATER_TURN_FIELDS.items() if feature not in declared}
    drop_zone = {key for key, feature in LATER_ZONE_FIELDS.items() if feature not in declared}
    if not drop and not drop_stack and not drop_turn and not drop_zone:
        return view
    out = dict(view)
    if drop_zone and isinstance(out.get("cards"), dict):
        out["cards"] = {name: ({k: v for k, v in item.items() if (k, item.get("zone")) not in drop_zone}
                               if isinstance(item, dict) else item)
                        for name, item in out["cards"].items()}
    if drop_turn and isinstance(out.get("turn"), dict):
        out["turn"] = {k: v for k, v in out["turn"].items() if k not in drop_turn}
    if drop_stack and isinstance(out.get("stack"), list):
        out["stack"] = [{k: v for k, v in item.items() if k not in drop_stack} if isinstance(item, dict) else item
                        for item in out["stack"]]
    for group in {g for g, _ in drop}:
        fields = {f for g, f in drop if g == group}
        if isinstance(out.get(group), dict):
            out[group] = {name: ({k: v for k, v in item.items() if k not in fields} if isinstance(item, dict) else item)
                          for name, item in out[group].items()}
    return out
