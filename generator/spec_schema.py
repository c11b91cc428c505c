"""Builds the JSON Schemas in spec/schema/ (draft 2020-12) from one description.

Why a builder: a property's setup, steps and expectations are the same shapes as a scenario's,
except that any value may also be a parameter expression (spec/README.md). Writing both by hand
would let them drift apart; here each context-dependent definition is written once and emitted
twice (`setup` and `property-setup`, ...). The committed JSON files are the product; a test
checks they equal `build_*()`. Regenerate with ``python -m generator.spec_schema``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mtg_adapter import features as protocol_features
from mtg_adapter.suite_files import suite_path

# The published schemas: the checkout's spec/schema, or the copy shipped in an installed wheel.
SCHEMA_DIR = suite_path("spec/schema") or Path(__file__).resolve().parent.parent / "spec" / "schema"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

# The feature tags of protocol 1 as first published; every tag added later is listed in
# NEW_VOCABULARY below with the step kinds and view fields it brings (ADAPTERS.md, Features).
FEATURES_1_0 = list(protocol_features.FEATURES_1_0)
FEATURES = list(protocol_features.FEATURES)
ZONES = ["hand", "library", "graveyard", "battlefield", "stack", "exile"]
SETUP_ZONES = ["hand", "battlefield", "graveyard", "library", "exile"]
TURN_STEPS = ["upkeep", "draw", "main1", "combat", "main2", "end"]  # where a setup may start
# Every step of a turn in order (500.1); `combat` is the beginning of combat step. Views of
# engines with `turn-structure` or `combat` may report any of them.
ALL_TURN_STEPS = ["untap", "upkeep", "draw", "main1", "combat", "declare_attackers", "declare_blockers",
                  "combat_damage", "end_of_combat", "main2", "end", "cleanup"]
ADVANCE_TO = [s for s in ALL_TURN_STEPS if s not in ("untap", "cleanup")]  # no priority there
STEP_KINDS_1_0 = ["cast", "resolve", "pass_until_empty", "put_onto_battlefield", "tap_for_mana"]
ACTION_KINDS = STEP_KINDS_1_0 + ["advance", "declare_attackers", "declare_blockers", "activate", "play_land", "pass"]
STEP_KINDS = ACTION_KINDS + ["try"]  # try: is this action legal now? (without taking it)
PLAYERS = ["alice", "bob"]

# Vocabulary added after protocol 1.0 and the feature that brings it: a scenario using it must
# carry the tag (validate checks), so an engine that does not declare it never receives it.
NEW_STEP_FEATURES = {
    "advance": "turn-structure",
    "declare_attackers": "combat",
    "declare_blockers": "combat",
    "activate": "activated-abilities",
    "play_land": "play-land",
    "try": "legality-check",
    "pass": "priority",
}
# Steps of protocol 1.0 that belong to a 1.0 feature (ADAPTERS.md section 8, "Settled"): a
# scenario using one carries the tag too, so an engine that does not declare it never gets it.
STEP_FEATURES_1_0 = {"tap_for_mana": "mana-abilities", "put_onto_battlefield": "put-onto-battlefield"}
NEW_ACTION_FIELD_FEATURES = {"labels": "created-labels", "copy_labels": "copy-labels",  # fields any action may carry
                             "half": "split-cards", "fuse": "split-cards", "face": "modal-double-faced",
                             # fields of tap_for_mana (and of a declaration's tap_for_mana): which mana
                             # ability, and the creatures sacrificed to pay "Sacrifice a creature" (605.3a)
                             "mana_ability": "sacrifice-mana-abilities", "sacrificed": "sacrifice-mana-abilities"}
NEW_CHOICE_FEATURES = {"you_may": "you-may", "exile": "cost-choices", "search": "library-search",
                       "cast": "cast-during-resolution", "scry": "scry-surveil",
                       "surveil": "scry-surveil", "sacrifice_cost": "sacrifice-tap-costs",
                       "tap_cost": "sacrifice-tap-costs", "color": "color-choice",
                       "opponent": "opponent-choice",
                       "replacement_order": "replacement-order",
                       "damage_source": "damage-source-choice",
                       "you_may_each": "you-may-each",
                       "chosen": "choose-on-resolution",
                       "creature_type": "creature-type-choice",
                       "protection_from": "protection-choice",
                       "look": "looked-at-cards"}  # fields of any step's choices
NEW_STACK_FIELD_FEATURES = protocol_features.LATER_STACK_FIELDS
NEW_TURN_FIELD_FEATURES = protocol_features.LATER_TURN_FIELDS
# fields of a cast (and of a tried cast)
NEW_CAST_FIELD_FEATURES = {"modes": "modes", "conspire": "conspire", "divide": "divided-damage",
                           "phyrexian_life": "phyrexian-mana", "buyback": "buyback",
                           "blight": "blight", "adventure": "adventure"}
# fields of a declare_attackers step (and of a tried one): paying the costs to attack (508.1h-j)
NEW_ATTACK_FIELD_FEATURES = {"tap_for_mana": "attack-costs", "pay": "attack-costs",
                             "phyrexian_life": "phyrexian-mana"}
# values of `cast.alternative` (and of the view's `stack[].alternative`) added after 1.0
NEW_ALTERNATIVE_FEATURES = {"escape": "escape", "miracle": "miracle", "madness": "madness", "dash": "dash",
                            "blitz": "blitz", "evoke": "evoke"}
ALTERNATIVES_1_0 = ["flashback", "without-paying-mana-cost", "printed"]
NEW_VIEW_FIELD_FEATURES = protocol_features.LATER_VIEW_FIELDS
NEW_TURN_STEP_FEATURE = "turn-structure"  # expecting a step outside TURN_STEPS in `turn.step`

SLUG = r"^[a-z0-9]+(-[a-z0-9]+)*$"
ENTRY_ID = r"^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$"
LABEL = r"^[a-z][a-z0-9_-]*$"
RULE_ID = r"^[1-9][0-9]{2}(\.[0-9]+[a-z]?)?$"
DATE = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
SOURCE_ID = r"^[A-Za-z0-9_.-]+$"  # a spec entry's `source`: a key of spec/sources.yaml
MANA = r"^(\{([0-9]+|[WUBRGCXS]|[WUBRG]/[WUBRGP]|2/[WUBRG])\})*$"
# Mana in a pool or a payment (setup `mana`, `pay`, a view's pool): mana of a color or colorless
# {C} only (106.4: mana is of one type), "" or "{0}" for none; never {1}, {X} or hybrid symbols.
POOL = r"^((\{[WUBRGC]\})*|\{0\})$"
PHYREXIAN = r"^(\{[WUBRG]/P\})*$"  # Phyrexian symbols paid with 2 life (107.4f)
POOL_SYMBOLS = frozenset("WUBRGC")
POOL_DESCRIPTION = ("mana in a pool or payment: {W} {U} {B} {R} {G} {C} symbols only (a pool holds mana of "
                    "a color or colorless, never generic {1}, {X} or hybrid), \"\" or \"{0}\" for none")
PARAM_NAME = r"^[a-z][a-z0-9_]*$"
_SYMBOLS = MANA[1:-1]
SPLIT_MANA = f"^{_SYMBOLS}( // {_SYMBOLS})?$"  # a card's mana cost; a split card's is "{1}{R} // {1}{U}"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def obj(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A closed object: unknown fields are errors."""
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
    if required:
        out["required"] = required
    out.update(extra)
    return out


def array(items: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


def common_defs() -> dict[str, Any]:
    """Definitions that mean the same in scenarios and properties."""
    return {
        "slug": {"type": "string", "pattern": SLUG, "description": "lower-case words joined by hyphens"},
        "entry-id": {"type": "string", "pattern": ENTRY_ID,
                     "description": "stable id, e.g. kicker/kicked-spell-is-one-spell; never changes"},
        "label": {"type": "string", "pattern": LABEL, "description": "a card's label from the setup"},
        "player": {"enum": PLAYERS},
        "target": {"type": "string", "pattern": LABEL, "description": "a label or a player name"},
        "rule-id": {"type": "string", "pattern": RULE_ID,
                    "description": "a Comprehensive Rules number such as 702.33d (quote it in YAML)"},
        "date": {"type": "string", "pattern": DATE, "description": "YYYY-MM-DD, quoted in YAML"},
        "mana": {"type": "string", "pattern": MANA, "description": "mana symbols, e.g. {4}{R}"},
        "pool": {"type": "string", "pattern": POOL, "description": POOL_DESCRIPTION},
        "color": {"enum": ["W", "U", "B", "R", "G"]},
        "feature": {"enum": FEATURES, "description": "a feature tag (docs/features/)"},
        "features": array(ref("feature"), uniqueItems=True),
        "zone": {"enum": ZONES},
        "turn-step": {"enum": TURN_STEPS},
        "kicker-letter": {"enum": ["A", "B"]},
        "expression": obj(
            {
                "param": {"type": "string", "pattern": PARAM_NAME},
                "add": array(ref("operand"), minItems=1),
                "mul": array(ref("operand"), minItems=2),
                "len": ref("operand"),
                "mana": array(ref("operand")),
                "repeat": obj({"mana": ref("operand"), "times": ref("operand")}, ["mana", "times"]),
                "list": obj({"item": {}, "times": ref("operand")}, ["item", "times"]),
                "symbols": ref("operand"),
                "colors": ref("operand"),
            },
            minProperties=1, maxProperties=1,
            description="a parameter expression (spec/README.md); only inside properties",
        ),
        "operand": {"anyOf": [ref("expression"), {"type": ["integer", "string", "boolean"]},
                              array(ref("operand"))]},
        "strategy": obj(
            {
                "integers": obj({"min": {"type": "integer"}, "max": {"type": "integer"}}, ["min", "max"]),
                "subsets": array({}, minItems=1),
                "sampled_from": array({}, minItems=1),
            },
            minProperties=1, maxProperties=1,
        ),
        "given": {"type": "object", "minProperties": 1, "propertyNames": {"pattern": PARAM_NAME},
                  "additionalProperties": ref("strategy")},
    }


def context_defs(prop: bool) -> dict[str, Any]:
    """Definitions emitted twice; with `prop` every value may also be a parameter expression."""
    p = "property-" if prop else ""

    def r(name: str) -> dict[str, str]:
        return ref(p + name)

    def val(schema: dict[str, Any]) -> dict[str, Any]:
        return {"anyOf": [schema, ref("expression")]} if prop else schema

    nat = val({"type": "integer", "minimum": 0})
    int_or_null = val({"type": ["integer", "null"]})
    integer = val({"type": "integer"})
    boolean = val({"type": "boolean"})
    label, target, player, mana = val(ref("label")), val(ref("target")), val(ref("player")), val(ref("mana"))
    pool = val(ref("pool"))
    counters = val({"type": "object", "propertyNames": {"minLength": 1}, "additionalProperties": nat})
    card_item = {"card": val({"type": "string", "minLength": 1,
                              "description": "exact Oracle name from spec/cards/"}),
                 "label": ref("label")}
    defs: dict[str, Any] = {
        "counters": counters,
        "card-item": obj(card_item, ["card", "label"]),
        "battlefield-item": obj({**card_item, "tapped": boolean, "counters": r("counters"),
                                 # feature transform: the permanent starts back face up (701.27g)
                                 "transformed": val({"type": "boolean", "description": "feature transform: the "
                                                     "permanent starts back face up (701.27g)"})},
                                ["card", "label"]),
        "turn": obj({"active": player, "step": val(ref("turn-step"))}),
        "turn-view": obj({"active": player, "step": val({"enum": ALL_TURN_STEPS}),
                          "priority": player}),  # feature priority: the player holding priority (117.1)
        "player-setup": obj({
            "life": integer,
            "hand": array(r("card-item")),
            "battlefield": array(r("battlefield-item")),
            "graveyard": array(r("card-item")),
            "library": array(r("card-item"), description="first item is the top"),
            "exile": array(r("card-item")),
            "mana": pool,
            "counters": r("counters"),
        }),
        "setup": obj({"turn": r("turn"),
                      "players": obj({"alice": r("player-setup"), "bob": r("player-setup")})}),
        "targets": val(array(target)),
        "division": val({"type": "object", "propertyNames": ref("target"), "additionalProperties": nat,
                         "description": "feature divided-damage: each target's share of the damage divided "
                                        "as the spell is cast (601.2d), by label or player name"}),
        "choices": obj({
            "trigger_targets": array(obj({"source": label, "targets": r("targets"), "modes": val(array(
                nat, description="feature modes: the modes of a modal triggered ability (603.3c), 0-based"))},
                ["source"])),
            "sacrifice": label,
            "discard": val(array(label)),
            "copy_targets": r("targets"),
            "clone": label,
            "pay_unless": boolean,
            "you_may": boolean,
            "exile": val(array(label)),
            "search": val(array(label, description="the cards the search finds (701.23); [] finds none")),
            "scry": obj({"top": val(array(label)), "bottom": val(array(label))},
                        description="701.22a: top (first = new top card) and bottom (last = bottom card)"),
            "surveil": obj({"top": val(array(label)), "graveyard": val(array(label))},
                           description="701.25a: top (first = new top card) and into the graveyard"),
            "look": obj({"hand": val(array(label)), "bottom": val(array(label))},
                        description="feature looked-at-cards (701.20e): the cards looked at put into the "
                                    "hand, and the rest on the bottom (last = bottom card)"),
            "cast": r("offered-cast"),
            "sacrifice_cost": val(array(label, description="feature sacrifice-tap-costs: the permanents "
                                                           "sacrificed to pay a cost of the spell cast")),
            "tap_cost": val(array(label, description="feature sacrifice-tap-costs: the permanents tapped "
                                                     "to pay a cost of the spell cast")),
            "color": val({**ref("color"), "description": "feature color-choice: the color chosen as a "
                                                         "permanent enters in this step"}),
            "opponent": val({**ref("player"), "description": "feature opponent-choice: the opponent chosen "
                                                             "as a permanent enters in this step"}),
            "replacement_order": val(array(label, description="feature replacement-order: the order the "
                                                              "affected player applies the replacement and "
                                                              "prevention effects of these objects (616.1); "
                                                              "an optional one (dredge, 702.52a) applies only "
                                                              "when listed")),
            "damage_source": val({**ref("label"), "description": "feature damage-source-choice: the source of damage "
                                                          "chosen for \"a [quality] source of your choice\" "
                                                          "as the effect is created (609.7a)"}),
            "creature_type": val({"type": "string", "pattern": "^[A-Z]",
                                  "description": "feature creature-type-choice: the creature type chosen as "
                                                 "the effect resolves (608.2d, 205.3m), or as a permanent "
                                                 "enters (614.12a), e.g. Elf"}),
            "protection_from": val({"enum": ["W", "U", "B", "R", "G", "artifacts"],
                                    "description": "feature protection-choice: the quality (a color, or "
                                                   "artifacts) chosen as the effect resolves for \"protection "
                                                   "from artifacts or from the color of your choice\" (608.2d)"}),
            "chosen": val(array(label, description="feature choose-on-resolution: the objects chosen as a "
                                                   "resolving effect tells a player to choose objects that "
                                                   "are not its targets (608.2d)")),
            "you_may_each": val(array(obj({"source": label, "about": label, "answer": boolean}, ["source", "answer"]),
                                      description="feature you-may-each: the \"you may\" answer of each ability "
                                                  "resolving in this step, by source and the object its "
                                                  "trigger event concerns (603.5, 608.2d)")),
        }),
        "offered-cast": obj({
            "card": label,
            "alternative": val({"enum": ALTERNATIVES_1_0 + list(NEW_ALTERNATIVE_FEATURES)}),
            "kicks": nat,
            "kickers": val(array(ref("kicker-letter"))),
            "x": nat,
            "targets": r("targets"),
            "pay": pool,
            "half": val({"type": "string", "minLength": 1}),
            "face": val({"type": "string", "minLength": 1}),
        }, ["card"], description="608.2g: the spell cast during the resolution of an effect that allows it"),
        "cast": obj({
            "card": label,
            "by": player,
            "from": val(ref("zone")),
            "alternative": val({"enum": ALTERNATIVES_1_0 + list(NEW_ALTERNATIVE_FEATURES)}),
            "kicks": nat,
            "kickers": val(array(ref("kicker-letter"))),
            "x": nat,
            "targets": r("targets"),
            "pay": pool,
            "sticker": boolean,
            "modes": val(array(nat, description="feature modes: the modes chosen (0-based, as printed)")),
            "conspire": val({"type": "boolean", "description": "feature conspire: pay the conspire cost "
                                                                "(tap two creatures sharing a color with it)"}),
            "divide": r("division"),
            "phyrexian_life": val({"type": "string", "pattern": PHYREXIAN,
                                   "description": "feature phyrexian-mana: the Phyrexian symbols of the cost "
                                                  "paid with 2 life each (601.2b, 107.4f)"}),
            "buyback": val({"type": "boolean", "description": "feature buyback: pay the buyback cost (702.27a)"}),
            "blight": val({"type": "string", "pattern": "^[a-z][a-z0-9_-]*$",
                           "description": "feature blight: the creature blighted to pay the spell's blight "
                                          "additional cost (701.68a)"}),
            "adventure": val({"type": "boolean", "description": "feature adventure: cast an adventurer card "
                                                                  "as an Adventure (715.3)"}),
            "choices": r("choices"),
            "half": val({"type": "string", "minLength": 1,
                         "description": "feature split-cards: the name of the split card's half cast (709.3)"}),
            "fuse": val({"type": "boolean", "description": "feature split-cards: cast both halves (702.102a)"}),
            "face": val({"type": "string", "minLength": 1,
                         "description": "feature modal-double-faced: the name of the face cast (712.11b)"}),
        }, ["card"]),
        "action": obj(
            {
                "cast": r("cast"),
                "resolve": obj({"choices": r("choices")}),
                "pass_until_empty": obj({"choices": r("choices")}),
                "put_onto_battlefield": obj({"card": label}, ["card"]),
                "tap_for_mana": obj({"permanents": val(array(label, minItems=1)),
                                     "color": val({"enum": ["W", "U", "B", "R", "G", "C"]}),
                                     "mana_ability": val({"type": "integer", "minimum": 0,
                                                          "description": "feature sacrifice-mana-abilities: which "
                                                                         "mana ability of each permanent, 0 the "
                                                                         "first printed"}),
                                     "sacrificed": val(array(label, description="feature sacrifice-mana-abilities: "
                                                                                "the creatures sacrificed to pay "
                                                                                "\"Sacrifice a creature\" costs, "
                                                                                "in order"))},
                                    ["permanents"]),
                "advance": obj({"to": val({"enum": ADVANCE_TO}), "turn": val({"enum": ["next"]}),
                                "choices": r("choices")}, ["to"],
                               description="pass with an empty stack through the steps up to `to` "
                                           "(of the next turn with turn: next)"),
                "declare_attackers": obj({"attackers": val(array(obj({"card": label, "attacks": player},
                                                                      ["card"]))),
                                          "choices": r("choices"),
                                          "tap_for_mana": obj(
                                              {"permanents": val(array(label, minItems=1)),
                                               "color": val({"enum": ["W", "U", "B", "R", "G", "C"]})},
                                              ["permanents"],
                                              description="feature attack-costs: mana abilities activated "
                                                          "during the declaration (508.1i)"),
                                          "pay": pool,  # feature attack-costs (508.1h-j)
                                          "phyrexian_life": val({
                                              "type": "string", "pattern": PHYREXIAN,
                                              "description": "feature phyrexian-mana: the Phyrexian symbols "
                                                             "of the cost to attack paid with 2 life each"})},
                                         ["attackers"]),
                "declare_blockers": obj({"blockers": val(array(obj({"card": label, "blocks": label},
                                                                    ["card", "blocks"]))),
                                         "choices": r("choices")}, ["blockers"]),
                "activate": obj({"card": label, "ability": nat, "targets": r("targets"), "pay": pool,
                                 "choices": r("choices")}, ["card"]),
                "pass": obj({"by": player, "choices": r("choices")}),  # feature priority (117.3d)
                "play_land": obj({"card": label, "face": val({
                    "type": "string", "minLength": 1,
                    "description": "feature modal-double-faced: the land face played (712.12)"}),
                    "choices": r("choices")}, ["card"]),
            },
            oneOf=[{"required": [kind]} for kind in ACTION_KINDS],
            description="exactly one of " + ", ".join(ACTION_KINDS),
        ),
        "player-view": obj({
            "life": integer, "mana": pool, "counters": r("counters"),
            "hand": nat, "library": nat, "graveyard": nat, "exile": nat, "lost": boolean,
        }),
        "card-view": obj({
            "zone": val(ref("zone")), "owner": player, "controller": player, "tapped": boolean,
            "counters": r("counters"), "power": int_or_null, "toughness": int_or_null,
            "keywords": val(array({"type": "string"})), "mana_value": nat,
            "damage": nat,
            "attacking": val({"anyOf": [ref("player"), {"type": "null"}]}),
            "blocking": val({"anyOf": [ref("label"), {"type": "null"}]}),
            "chosen_color": val({"anyOf": [ref("color"), {"type": "null"}]}),
            "chosen_player": val({"anyOf": [ref("player"), {"type": "null"}]}),
            "base_power": int_or_null, "base_toughness": int_or_null,
            "transformed": boolean,
            "face_down": boolean,
        }),
        "stack-view": obj({
            "kind": val({"enum": ["spell", "ability"]}), "source": label, "copy": boolean,
            "controller": player, "kicked": boolean, "times_kicked": nat,
            "kickers": val(array(ref("kicker-letter"))), "x": nat, "mana_value": nat,
            "colors_spent": val(array(ref("color"))), "total_cost": mana,
            "cast_from": val({"anyOf": [ref("zone"), {"type": "null"}], "description": "null for a copy"}),
            "alternative": val({"enum": ALTERNATIVES_1_0 + list(NEW_ALTERNATIVE_FEATURES) + [None]}),
            "targets": r("targets"),
            "label": label,
            "modes": val(array(nat, description="feature modes: the modes chosen, in printed order")),
            "divide": r("division"),
        }),
        "token-view": obj({
            "name": val({"type": "string"}), "controller": player, "power": int_or_null,
            "toughness": int_or_null, "counters": r("counters"), "tapped": boolean,
        }),
        "expect": obj(
            {
                "players": obj({"alice": r("player-view"), "bob": r("player-view")}),
                "cards": {"type": "object", "propertyNames": ref("label"),
                          "additionalProperties": r("card-view")},
                "stack": val(array(r("stack-view"), description="top of the stack first")),
                "tokens": val(array(r("token-view"))),
                "turn": r("turn-view"),
                "illegal": {"type": "boolean"},
                "rule": ref("rule-id"),
            },
            description="a partial view (spec/README.md, Writing a scenario)",
        ),
    }
    action = defs["action"]
    created = val(array(ref("label"), uniqueItems=True,
                        description="feature created-labels: labels for the tokens this step creates"))
    copies = val(array(ref("label"), uniqueItems=True,
                       description="feature copy-labels: labels for the spell copies this step creates"))
    for kind, schema in action["properties"].items():
        target = defs["cast"] if kind == "cast" else schema
        target["properties"]["labels"] = created
        target["properties"]["copy_labels"] = copies
    defs["step"] = obj(
        {**action["properties"],
         "try": {**r("action"), "description": "is this action legal now? ok if so, illegal if not; "
                                               "the game does not change either way"},
         "expect": r("expect")},
        oneOf=[{"required": [kind]} for kind in STEP_KINDS],
        description="exactly one of " + ", ".join(STEP_KINDS) + "; optionally expect",
    )
    return {p + name: schema for name, schema in defs.items()}


def build_spec_file_schema() -> dict[str, Any]:
    """The schema of one spec/rules/*.yaml file."""
    item_common = {"name": ref("slug"), "description": {"type": "string"}, "features": ref("features")}
    defs = {
        **common_defs(),
        "text": obj({
            "en": {"type": "string", "minLength": 1},
            "de": {"type": "string", "minLength": 1},
            "fr": {"type": "string", "minLength": 1},
            "translated": {"type": "boolean", "description": "en is our own translation"},
        }, ["en"]),
        "peer": obj({
            "repository": {"type": "string", "pattern": r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},
            "path": {"type": "string", "minLength": 1},
            "test": {"type": "string", "minLength": 1},
            "commit": {"type": "string", "pattern": "^[0-9a-f]{40}$"},
            "verdict": {"type": "string", "minLength": 1,
                        "description": "where the port differs from the original or the engines "
                                       "disagree: what the Comprehensive Rules decide, and why"},
            "rule": ref("rule-id"),
        }, ["repository", "path", "test"],
            description="the peer engine test this scenario ports (spec/peers/ lists them all)"),
        "claim": obj({
            "id": ref("slug"),
            "words": {"type": "string", "minLength": 2,
                      "description": "the words of the entry's English text the claim comes from (they must "
                                     "occur in it; case, spacing and quote style are ignored)"},
            "says": {"type": "string", "minLength": 10,
                     "description": "what an engine must do (or must not do) because of these words"},
            "scenarios": array({"type": "string", "pattern": r"^([a-z0-9/-]+::)?[a-z0-9]+(-[a-z0-9]+)*$"},
                               uniqueItems=True,
                               description="the scenarios or properties that fail when an engine drops the "
                                           "claim: names of this entry's, or entry-id::name"),
            "rule": {**ref("rule-id"),
                     "description": "a sub-rule the entry cites whose text the words quote instead of the "
                                    "entry's (checked against a release by `coverage --claims --rules`)"},
        }, ["id", "words", "says", "scenarios"],
            description="one claim of the rule text; self-check faults name it as entry-id#claim-id"),
        "scenario": obj({**item_common, "peer": ref("peer"), "setup": ref("setup"),
                         "steps": array(ref("step"), minItems=1)},
                        ["name", "setup", "steps"]),
        "property": obj({**item_common, "given": ref("given"), "setup": ref("property-setup"),
                         "steps": array(ref("property-step"), minItems=1)},
                        ["name", "given", "setup", "steps"]),
        "entry": obj(
            {
                "id": ref("entry-id"),
                "kind": {"enum": ["rule", "ruling"]},
                "rule": ref("rule-id"),
                "aliases": array(ref("rule-id"), uniqueItems=True),
                "source": {"type": "string", "pattern": SOURCE_ID,
                           "description": "the id of the document the text comes from, listed in "
                                          "spec/sources.yaml (the sources registry)"},
                "card": {"type": "string", "minLength": 1,
                         "description": "the exact Oracle name of the catalog card the ruling is about "
                                        "(required for rulings)"},
                "date": {**ref("date"), "description": "the ruling's date as published, YYYY-MM-DD, quoted"},
                "note": {"type": "string", "minLength": 10,
                         "description": "why a ruling has no known date (instead of date), or other "
                                        "provenance worth knowing"},
                "text": ref("text"),
                "cites": array(ref("rule-id"), uniqueItems=True),
                "unclaimed_cites": {"type": "object", "propertyNames": ref("rule-id"),
                                    "additionalProperties": {"type": "string", "minLength": 10},
                                    "description": "cited sub-rules no claim quotes yet, each with why: "
                                                   "`coverage --claims` fails on any other"},
                "features": ref("features"),
                "fingerprints": {"type": "object", "propertyNames": ref("rule-id"),
                                 "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
                "checked_against": ref("date"),
                "covers_section": {"type": "boolean",
                                   "description": "false: this rule entry states one rule of its section; "
                                                  "drift does not ask for the section's other sub-rules"},
                "scenarios": array(ref("scenario")),
                "properties": array(ref("property")),
                "claims": array(ref("claim"), minItems=1,
                                description="each restrictive word or phrase of the rule text as a claim, "
                                            "pinned by the scenarios that fail without it"),
            },
            ["id", "kind", "source", "text", "cites", "features"],
            allOf=[{"if": {"properties": {"kind": {"const": "ruling"}}, "required": ["kind"]},
                    "then": {"required": ["card"], "anyOf": [{"required": ["date"]}, {"required": ["note"]}],
                             "description": "a ruling names its card, and its date or a note saying why no "
                                            "date is known"}}],
        ),
        **context_defs(False),
        **context_defs(True),
    }
    return {
        "$schema": DIALECT,
        "title": "mtg-conformance spec file (spec/rules/*.yaml)",
        "description": "Rules and rulings with their scenarios; see spec/README.md and ADAPTERS.md.",
        **obj({"title": {"type": "string", "minLength": 1},
               "rules_version": ref("date"),
               "entries": array(ref("entry"), minItems=1)},
              ["title", "rules_version", "entries"]),
        "$defs": defs,
    }


def build_card_schema() -> dict[str, Any]:
    """The schema of one spec/cards/*.yaml file (exact Oracle values)."""
    strings = array({"type": "string", "minLength": 1})
    colors = array({"enum": ["W", "U", "B", "R", "G"]}, uniqueItems=True)
    return {
        "$schema": DIALECT,
        "title": "mtg-conformance card (spec/cards/*.yaml)",
        "description": "One card or token, values copied exactly from Oracle data.",
        **obj(
            {
                "name": {"type": "string", "minLength": 1},
                "mana_cost": {"type": ["string", "null"], "pattern": SPLIT_MANA,
                              "description": "a split card's halves' costs are joined by ' // '"},
                "mana_value": {"type": "integer", "minimum": 0, "maximum": 1_000_000},  # Gleemax: 1,000,000
                "colors": colors,
                "color_identity": colors,
                "types": array({"type": "string", "minLength": 1}, minItems=1),
                "supertypes": strings,
                "subtypes": strings,
                "type_line": {"type": "string", "minLength": 1},
                "power": {"type": ["string", "null"]},
                "toughness": {"type": ["string", "null"]},
                "loyalty": {"type": "string", "pattern": "^[0-9]+$",
                            "description": "a planeswalker's printed loyalty (306.5a), a string as in Oracle data; "
                                           "absent for other cards"},
                "oracle_text": {"type": "string"},
                "keywords": strings,
                "layout": {"enum": ["normal", "token", "split", "modal_dfc", "transform", "adventure"]},
                "scryfall_oracle_id": {"type": "string",
                                       "pattern": "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"},
                "card_faces": array(obj({
                    "name": {"type": "string", "minLength": 1},
                    "mana_cost": {"type": "string", "pattern": MANA},
                    "colors": colors,
                    "type_line": {"type": "string", "minLength": 1},
                    "supertypes": strings,
                    "types": array({"type": "string", "minLength": 1}, minItems=1),
                    "subtypes": strings,
                    "oracle_text": {"type": "string"},
                    "power": {"type": ["string", "null"],
                              "description": "a creature face's printed power (layout transform), else absent"},
                    "toughness": {"type": ["string", "null"],
                                  "description": "a creature face's printed toughness (layout transform), else absent"},
                }, ["name", "mana_cost", "colors", "type_line", "supertypes", "types", "subtypes", "oracle_text"]),
                    minItems=2, maxItems=2,
                    description="layout split: the two halves, left first (709.1); layout modal_dfc: the front "
                                "and back faces (712.3); layout transform: the front and back faces of a "
                                "transforming double-faced card (712.2); layout adventure: the creature (its "
                                "normal characteristics, 715.4) and then its Adventure (715.2); each with its own "
                                "characteristics"),
            },
            ["name", "mana_cost", "mana_value", "colors", "color_identity", "types", "supertypes",
             "subtypes", "type_line", "power", "toughness", "oracle_text", "keywords", "layout"],
        ),
    }


# A selector of the rules map: a heading (702), a rule (702.11) or a sub-rule (702.11b), or a range of
# one of these under the same parent (800-811, 702.2-702.9, 601.2a-601.2e).
RULES_SELECTOR = r"^[1-9][0-9]{2}(\.[0-9]+[a-z]{0,2})?(-[1-9][0-9]{2}(\.[0-9]+[a-z]{0,2})?)?$"
MAP_STATUSES = ["planned", "not-applicable", "informative"]
ISSUE_REF = r"^#[0-9]+$"


def build_rules_map_schema() -> dict[str, Any]:
    """The schema of one spec/rules-map/*.yaml file: the statuses of one section of the
    Comprehensive Rules (generator/rules_map.py resolves them; `covered` is derived, never written)."""
    status = {"enum": MAP_STATUSES,
              "description": "planned (an issue or a reason), not-applicable (a reason) or informative; "
                             "covered is derived from the spec's citations and never written by hand"}
    needs = [
        {"if": {"properties": {"status": {"const": "planned"}}, "required": ["status"]},
         "then": {"anyOf": [{"required": ["issue"]}, {"required": ["reason"]}]}},
        {"if": {"properties": {"status": {"const": "not-applicable"}}, "required": ["status"]},
         "then": {"required": ["reason"]}},
    ]
    fields = {
        "status": status,
        "issue": {"type": "string", "pattern": ISSUE_REF, "description": "the issue that plans it, e.g. \"#28\""},
        "reason": {"type": "string", "minLength": 3, "description": "why (short)"},
    }
    return {
        "$schema": DIALECT,
        "title": "mtg-conformance rules map file (spec/rules-map/*.yaml)",
        "description": "The status of every numbered rule of one section of the Comprehensive Rules; see "
                       "spec/README.md, \"The rules map\".",
        **obj({"section": {"type": "integer", "minimum": 1, "maximum": 9},
               "title": {"type": "string", "minLength": 1},
               "rules_version": ref("date"),
               "default": ref("default"),
               "entries": array(ref("status-entry"))},
              ["section", "title", "rules_version", "entries"]),
        "$defs": {
            "date": {"type": "string", "pattern": DATE, "description": "YYYY-MM-DD, quoted in YAML"},
            "selector": {"type": "string", "pattern": RULES_SELECTOR,
                         "description": "a heading (702), rule (702.11) or sub-rule (702.11b), or a range of one "
                                        "of these under one parent (800-811, 702.2-702.9); quote it in YAML"},
            "default": obj(fields, ["status"], allOf=needs,
                           description="the status of every rule of the section no entry names"),
            "status-entry": obj({"rules": ref("selector"), **fields}, ["rules", "status"], allOf=needs,
                                description="a status for the selected rules and all their sub-rules, unless a "
                                            "more specific entry names them or the spec covers them"),
        },
    }


LANGUAGE = r"^[a-z]{2,3}$"


def build_sources_schema() -> dict[str, Any]:
    """The schema of spec/sources.yaml: every document a spec entry's `source` names."""
    unknown = {"type": "null", "description": "not known: then `note` says why"}
    needs_note = [
        {"if": {"properties": {field: {"type": "null"}}, "required": [field]},
         "then": {"required": ["note"], "description": f"{field} is null: the note says why it is not known"}}
        for field in ("url", "published")
    ]
    source = obj({
        "title": {"type": "string", "minLength": 1, "description": "the document's own title"},
        "publisher": {"type": "string", "minLength": 1, "description": "who published it"},
        "published": {"anyOf": [{"type": "string", "pattern": DATE}, unknown],
                      "description": "the date it was published or took effect, YYYY-MM-DD, quoted; null "
                                     "when unknown (with a note)"},
        "url": {"anyOf": [{"type": "string", "pattern": r"^https?://[^\s]+$"}, unknown],
                "description": "a public address where the text can be read; null when none is known "
                               "(with a note)"},
        "language": array({"type": "string", "pattern": LANGUAGE}, minItems=1, uniqueItems=True,
                          description="ISO 639-1 codes of the languages the text is in, e.g. [de, en]"),
        "note": {"type": "string", "minLength": 10,
                 "description": "what the document is, and what is not known about it"},
    }, ["title", "publisher", "published", "url", "language"], allOf=needs_note)
    return {
        "$schema": DIALECT,
        "title": "mtg-conformance sources registry (spec/sources.yaml)",
        "description": "The documents spec entries quote, keyed by the id their `source` field uses; see "
                       "spec/README.md, \"The sources registry\".",
        **obj({"sources": {"type": "object", "minProperties": 1, "propertyNames": {"pattern": SOURCE_ID},
                           "additionalProperties": ref("source")}},
              ["sources"]),
        "$defs": {"source": source},
    }


SCHEMAS = {"spec-file.schema.json": build_spec_file_schema, "card.schema.json": build_card_schema,
           "rules-map.schema.json": build_rules_map_schema, "sources.schema.json": build_sources_schema}


def render(schema: dict[str, Any]) -> str:
    """Deterministic JSON text (as committed)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def compiled_module(schema_text: str) -> str:
    """generator/compiled/<module>.py for a schema file's text: its hash and compiled check."""
    import hashlib

    from generator.schema_issues import compiled_source

    data = schema_text.encode("utf-8")
    return ("# Generated by `python -m generator.spec_schema` (fastjsonschema): do not edit.\n"
            f"# The compiled validity check of the schema file whose SHA-256 is below.\n"
            f"# ruff: noqa\n"
            f"SCHEMA_SHA256 = {hashlib.sha256(data).hexdigest()!r}\n\n" + compiled_source(data))


def main() -> None:
    from generator.compiled import module_name

    compiled_dir = Path(__file__).resolve().parent / "compiled"
    for name, build in SCHEMAS.items():
        text = render(build())
        (SCHEMA_DIR / name).write_text(text, encoding="utf-8")
        (compiled_dir / f"{module_name(name)}.py").write_text(compiled_module(text), encoding="utf-8")


if __name__ == "__main__":
    main()
