"""Checks the schema cannot express: references between values, uniqueness, completeness.

(Unknown feature tags, wrong types and unknown fields are the schema's job: spec_schema.py.)

Why separate from the schema: these need context (the card catalog, the setup's labels, the
other files' entry ids). Every check is defensive about shapes, because it also runs on files
that failed schema validation, so that one run reports every problem.
"""

from __future__ import annotations

from typing import Any, Iterator

from generator.spec_errors import SpecIssue
from generator.spec_schema import (
    NEW_ACTION_FIELD_FEATURES,
    NEW_ALTERNATIVE_FEATURES,
    NEW_ATTACK_FIELD_FEATURES,
    NEW_CAST_FIELD_FEATURES,
    NEW_CHOICE_FEATURES,
    NEW_STACK_FIELD_FEATURES,
    NEW_STEP_FEATURES,
    NEW_TURN_FIELD_FEATURES,
    NEW_TURN_STEP_FEATURE,
    NEW_VIEW_FIELD_FEATURES,
    PLAYERS,
    POOL_DESCRIPTION,
    POOL_SYMBOLS,
    SETUP_ZONES,
    STEP_FEATURES_1_0,
    TURN_STEPS,
)
from generator.yaml_source import FieldPath, YamlDoc
from mtg_adapter.features import LATER_ZONE_FIELDS

STEP_ACTIONS_WITH_CHOICES = ("cast", "resolve", "pass_until_empty", "advance", "declare_attackers",
                             "declare_blockers", "activate")


def _dict(x: Any) -> dict:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list:
    return x if isinstance(x, list) else []


def check_rule_file(doc: YamlDoc, card_names: set[str], card_faces: dict | None = None) -> list[SpecIssue]:
    """Entry-level and scenario-level checks for one spec/rules file. `card_faces` maps the
    name of each split or modal double-faced card to (layout, names of its halves or faces)."""
    issues: list[SpecIssue] = []
    for i, entry in enumerate(_list(_dict(doc.data).get("entries"))):
        if isinstance(entry, dict):
            issues.extend(_check_entry(doc, ("entries", i), entry, card_names, card_faces or {}))
    return issues


def _check_entry(doc: YamlDoc, at: FieldPath, entry: dict, card_names: set[str],
                 card_faces: dict) -> Iterator[SpecIssue]:
    kind = entry.get("kind")
    if kind == "rule" and "rule" not in entry:
        yield doc.issue(at, "an entry of kind 'rule' needs 'rule' (the rule number it states)")
    if kind == "ruling":
        for name in ("rule", "aliases"):
            if name in entry:
                yield doc.issue(at + (name,), f"'{name}' is only for entries of kind 'rule'", key=True)
    card = entry.get("card")
    if isinstance(card, str) and card not in card_names:
        yield doc.issue(at + ("card",), f"card {card!r} is not in the catalog (spec/cards/); a ruling names "
                        "the exact Oracle name of the card it is about")
    if not _list(entry.get("scenarios")) and not _list(entry.get("properties")):
        yield doc.issue(at, "an entry needs at least one scenario or property")
    text = _dict(entry.get("text"))
    if text.get("translated") is True and not (text.get("de") or text.get("fr")):
        yield doc.issue(at + ("text", "translated"), "translated: true needs the original text (de or fr)")
    yield from _check_claims(doc, at, entry)
    seen: dict[str, FieldPath] = {}
    for group in ("scenarios", "properties"):
        for j, item in enumerate(_list(entry.get(group))):
            if not isinstance(item, dict):
                continue
            item_at = at + (group, j)
            name = item.get("name")
            if isinstance(name, str):
                if name in seen:
                    yield doc.issue(item_at + ("name",), f"duplicate scenario name {name!r} in this entry "
                                    f"(first at line {doc.line_of(seen[name])})")
                else:
                    seen[name] = item_at + ("name",)
            yield from _check_item(doc, item_at, item, card_names, group == "properties")
            yield from _check_face_names(doc, item_at, item, card_faces)
            declared = set(_list(entry.get("features"))) | set(_list(item.get("features")))
            yield from _check_features(doc, item_at, item, declared)


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": "-",
                         "\u2013": "-"})


def normalized_words(text: str) -> str:
    """Text as claims compare it: lower case, straight quotes and dashes, single spaces."""
    return " ".join(text.translate(_QUOTES).lower().split())


def _check_claims(doc: YamlDoc, at: FieldPath, entry: dict) -> Iterator[SpecIssue]:
    """A claim's words occur in the entry's English text (or it names a sub-rule the entry cites,
    whose text a release holds); its ids are unique; its local scenario names exist
    (entry-id::name references are checked across files)."""
    text = normalized_words(str(_dict(entry.get("text")).get("en") or ""))
    local = {item.get("name") for group in ("scenarios", "properties")
             for item in _list(entry.get(group)) if isinstance(item, dict)}
    for rule in _dict(entry.get("unclaimed_cites")):
        if rule not in _list(entry.get("cites")):
            yield doc.issue(at + ("unclaimed_cites", rule), f"{rule} is not in this entry's `cites`", key=True)
        elif any(_dict(c).get("rule") == rule for c in _list(entry.get("claims"))):
            yield doc.issue(at + ("unclaimed_cites", rule), f"a claim of this entry quotes {rule}: remove it "
                            "from `unclaimed_cites`", key=True)
    seen: dict[str, FieldPath] = {}
    for j, claim in enumerate(_list(entry.get("claims"))):
        if not isinstance(claim, dict):
            continue
        claim_at = at + ("claims", j)
        claim_id, words = claim.get("id"), claim.get("words")
        if isinstance(claim_id, str):
            if claim_id in seen:
                yield doc.issue(claim_at + ("id",), f"duplicate claim id {claim_id!r} in this entry "
                                f"(first at line {doc.line_of(seen[claim_id])})")
            seen.setdefault(claim_id, claim_at + ("id",))
        rule = claim.get("rule")
        if isinstance(rule, str) and rule != entry.get("rule"):
            if rule not in _list(entry.get("cites")):
                yield doc.issue(claim_at + ("rule",), f"{rule} is neither this entry's rule nor one it cites "
                                "(a claim quotes the entry's rule or a sub-rule in its `cites`)")
        elif isinstance(words, str) and normalized_words(words) not in text:
            yield doc.issue(claim_at + ("words",), f"the words {words!r} do not occur in the entry's English "
                            "text (a claim quotes the rule it comes from)")
        for k, name in enumerate(_list(claim.get("scenarios"))):
            if isinstance(name, str) and "::" not in name and name not in local:
                yield doc.issue(claim_at + ("scenarios", k), f"no scenario or property named {name!r} in this "
                                "entry (another entry's: entry-id::name)")


def check_claim_references(docs: list[YamlDoc]) -> list[SpecIssue]:
    """Every `entry-id::name` a claim names is a scenario or property of that entry."""
    tests: set[str] = set()
    for doc in docs:
        for entry in _list(_dict(doc.data).get("entries")):
            entry_id = _dict(entry).get("id")
            for group in ("scenarios", "properties"):
                for item in _list(_dict(entry).get(group)):
                    tests.add(f"{entry_id}::{_dict(item).get('name')}")
    issues: list[SpecIssue] = []
    for doc in docs:
        for i, entry in enumerate(_list(_dict(doc.data).get("entries"))):
            for j, claim in enumerate(_list(_dict(entry).get("claims"))):
                for k, name in enumerate(_list(_dict(claim).get("scenarios"))):
                    if isinstance(name, str) and "::" in name and name not in tests:
                        issues.append(doc.issue(("entries", i, "claims", j, "scenarios", k),
                                                f"no scenario or property {name!r} in the spec"))
    return issues


def _check_item(doc: YamlDoc, at: FieldPath, item: dict, card_names: set[str],
                is_property: bool) -> Iterator[SpecIssue]:
    labels: dict[str, FieldPath] = {}
    players = _dict(_dict(item.get("setup")).get("players"))
    for player, pdata in players.items():
        for zone in SETUP_ZONES:
            for k, card in enumerate(_list(_dict(pdata).get(zone))):
                card_at = at + ("setup", "players", player, zone, k)
                card = _dict(card)
                name = card.get("card")
                if isinstance(name, str) and name not in card_names:
                    yield doc.issue(card_at + ("card",), f"card {name!r} is not in the catalog (spec/cards/)")
                label = card.get("label")
                if isinstance(label, str):
                    if label in PLAYERS:
                        yield doc.issue(card_at + ("label",), f"label {label!r} is a player's name")
                    elif label in labels:
                        yield doc.issue(card_at + ("label",), f"duplicate label {label!r} "
                                        f"(first at line {doc.line_of(labels[label])})")
                    else:
                        labels[label] = card_at + ("label",)
    known = set(labels)
    has_expect = False
    for s, step in enumerate(_list(item.get("steps"))):
        step = _dict(step)
        step_at = at + ("steps", s)
        if "expect" in step:
            has_expect = True
        for kind, args in step.items():
            if kind != "expect":
                for field in ("labels", "copy_labels"):
                    known.update(x for x in _list(_dict(args).get(field)) if isinstance(x, str))
        for path, value, is_key in _label_uses(step, step_at):
            if isinstance(value, str) and value not in known and not (value in PLAYERS and _may_be_player(path)):
                defined = ", ".join(sorted(known)) or "none"
                yield doc.issue(path, f"label {value!r} is not set up in this scenario's setup "
                                f"(labels: {defined})", key=is_key)
    if not has_expect and _list(item.get("steps")):
        what = "property" if is_property else "scenario"
        yield doc.issue(at, f"{what} {item.get('name')!r} has no expect: at least one step needs an expectation")
    if is_property:
        for path, text in _pool_expression_strings(item, at):
            yield doc.issue(path, f"{text!r} in this expression is not {POOL_DESCRIPTION}")
        declared = set(_dict(item.get("given")))
        for part in ("setup", "steps"):
            for path, name in _param_uses(item.get(part), at + (part,)):
                if name not in declared:
                    yield doc.issue(path, f"parameter {name!r} is not declared in given")


def _check_features(doc: YamlDoc, at: FieldPath, item: dict, declared: set) -> Iterator[SpecIssue]:
    """Vocabulary added after protocol 1.0 belongs to a feature: a scenario using it must declare
    the feature, so that an engine not declaring it skips the test instead of failing it."""
    for path, feature, what in vocabulary_features(item, at):
        if feature not in declared:
            yield doc.issue(path, f"{what} needs feature {feature!r}: add it to the scenario's or the "
                            "entry's features", key=True)


_STEP_FEATURES = {**NEW_STEP_FEATURES, **STEP_FEATURES_1_0}  # every step kind that belongs to a feature
# The keys each table looks for: a step, field set or view without any of them is skipped at
# once (most are), and the tables are walked in their own order only where one is present, so
# the issues and their order are the same as walking every table for every step.
_STEP_KEYS = frozenset(_STEP_FEATURES)
_CAST_KEYS = frozenset(NEW_CAST_FIELD_FEATURES)
_ATTACK_KEYS = frozenset(NEW_ATTACK_FIELD_FEATURES)
_CHOICE_KEYS = frozenset(NEW_CHOICE_FEATURES)
_ACTION_KEYS = frozenset(NEW_ACTION_FIELD_FEATURES)
_VIEW_GROUPS = frozenset(group for group, _ in NEW_VIEW_FIELD_FEATURES)
_STACK_KEYS = frozenset(NEW_STACK_FIELD_FEATURES)


def vocabulary_features(item: dict, at: FieldPath = ()) -> Iterator[tuple[FieldPath, str, str]]:
    """(path, feature, what) for every use of post-1.0 vocabulary (and of the 1.0 steps that
    belong to a feature) in a scenario's setup and steps."""
    for name, player in _dict(_dict(item.get("setup")).get("players")).items():
        for i, card in enumerate(_list(_dict(player).get("battlefield"))):
            if "transformed" in _dict(card):  # a permanent set up back face up
                yield (at + ("setup", "players", name, "battlefield", i, "transformed"), "transform",
                       "field `transformed` of a setup permanent")
    for s, step in enumerate(_list(item.get("steps"))):
        step = _dict(step)
        step_at = at + ("steps", s)
        tried = _dict(step.get("try"))
        if not (_STEP_KEYS.isdisjoint(step) and _STEP_KEYS.isdisjoint(tried)):
            for kind, feature in _STEP_FEATURES.items():
                if kind in step:
                    yield step_at + (kind,), feature, f"step `{kind}`"
                if kind in tried:
                    yield step_at + ("try", kind), feature, f"step `{kind}`"
        for where, attack in ((step_at + ("declare_attackers",), step.get("declare_attackers")),
                              (step_at + ("try", "declare_attackers"), tried.get("declare_attackers"))):
            attack = _dict(attack)
            if attack and not _ATTACK_KEYS.isdisjoint(attack):
                for field, feature in NEW_ATTACK_FIELD_FEATURES.items():
                    if field in attack:
                        yield where + (field,), feature, f"field `declare_attackers.{field}`"
        for where, cast in ((step_at + ("cast",), step.get("cast")), (step_at + ("try", "cast"), tried.get("cast"))):
            cast = _dict(cast)
            if not cast:
                continue
            if not _CAST_KEYS.isdisjoint(cast):
                for field, feature in NEW_CAST_FIELD_FEATURES.items():
                    if field in cast:
                        yield where + (field,), feature, f"field `cast.{field}`"
            alternative = cast.get("alternative")
            if isinstance(alternative, str) and alternative in NEW_ALTERNATIVE_FEATURES:
                yield (where + ("alternative",), NEW_ALTERNATIVE_FEATURES[alternative],
                       f"alternative {alternative!r}")
            choices = _dict(cast.get("choices"))
            if where[-2] == "try" and not _CHOICE_KEYS.isdisjoint(choices):
                for field, feature in NEW_CHOICE_FEATURES.items():
                    if field in choices:
                        yield where + ("choices", field), feature, f"choice `{field}`"
        for kind, args in step.items():
            if kind == "expect":
                continue
            args = _dict(args)
            if not args:
                continue
            choices = _dict(args.get("choices"))
            alternative = _dict(choices.get("cast")).get("alternative")
            if isinstance(alternative, str) and alternative in NEW_ALTERNATIVE_FEATURES:
                yield (step_at + (kind, "choices", "cast", "alternative"), NEW_ALTERNATIVE_FEATURES[alternative],
                       f"alternative {alternative!r}")
            for n, entry in enumerate(_list(choices.get("trigger_targets"))):
                if "modes" in _dict(entry):
                    yield (step_at + (kind, "choices", "trigger_targets", n, "modes"), "modes",
                           "field `trigger_targets[].modes`")
            if not _ACTION_KEYS.isdisjoint(args):
                for field, feature in NEW_ACTION_FIELD_FEATURES.items():
                    if field in args:
                        yield step_at + (kind, field), feature, f"field `{field}`"
            if not _CHOICE_KEYS.isdisjoint(choices):
                for field, feature in NEW_CHOICE_FEATURES.items():
                    if field in choices:
                        yield step_at + (kind, "choices", field), feature, f"choice `{field}`"
        expect = _dict(step.get("expect"))
        if not expect:
            continue
        if not _VIEW_GROUPS.isdisjoint(expect):
            for (group, field), feature in NEW_VIEW_FIELD_FEATURES.items():
                views = expect.get(group)
                items = enumerate(views) if isinstance(views, list) else _dict(views).items()
                for name, view in items:
                    if field in _dict(view):
                        yield step_at + ("expect", group, name, field), feature, f"view field `{group}.*.{field}`"
        for name, view in _dict(expect.get("cards")).items():  # a 1.0 field asked of a card in another zone
            view = _dict(view)
            for (field, zone), feature in LATER_ZONE_FIELDS.items():
                if field in view and view.get("zone") == zone:
                    yield (step_at + ("expect", "cards", name, field), feature,
                           f"view field `cards.*.{field}` in a {zone}")
        for field, feature in NEW_TURN_FIELD_FEATURES.items():
            if field in _dict(expect.get("turn")):
                yield step_at + ("expect", "turn", field), feature, f"view field `turn.{field}`"
        for n, item in enumerate(_list(expect.get("stack"))):
            item = _dict(item)
            alternative = item.get("alternative")
            if isinstance(alternative, str) and alternative in NEW_ALTERNATIVE_FEATURES:
                yield (step_at + ("expect", "stack", n, "alternative"), NEW_ALTERNATIVE_FEATURES[alternative],
                       f"alternative {alternative!r}")
            if not _STACK_KEYS.isdisjoint(item):
                for field, feature in NEW_STACK_FIELD_FEATURES.items():
                    if field in item:
                        yield step_at + ("expect", "stack", n, field), feature, f"view field `stack[].{field}`"
        turn_step = _dict(expect.get("turn")).get("step")
        if isinstance(turn_step, str) and turn_step not in TURN_STEPS:
            yield step_at + ("expect", "turn", "step"), NEW_TURN_STEP_FEATURE, f"turn step {turn_step!r}"


def _may_be_player(path: FieldPath) -> bool:
    """Targets (and copy targets) may name a player; other label positions may not."""
    return any(p in ("targets", "copy_targets", "divide") for p in path if isinstance(p, str))


def _label_uses(step: dict, at: FieldPath) -> Iterator[tuple[FieldPath, Any, bool]]:
    """(path, value, is_key) for every place a step or its expect refers to a card label."""
    if isinstance(step.get("try"), dict):
        yield from _label_uses(step["try"], at + ("try",))
    cast = _dict(step.get("cast"))
    if "card" in cast:
        yield at + ("cast", "card"), cast["card"], False
    for t, target in enumerate(_list(cast.get("targets"))):
        yield at + ("cast", "targets", t), target, False
    for target in _dict(cast.get("divide")):
        yield at + ("cast", "divide", target), target, True
    for action in STEP_ACTIONS_WITH_CHOICES:
        choices = _dict(_dict(step.get(action)).get("choices"))
        if not choices:
            continue
        c_at = at + (action, "choices")
        for n, trig in enumerate(_list(choices.get("trigger_targets"))):
            trig = _dict(trig)
            if "source" in trig:
                yield c_at + ("trigger_targets", n, "source"), trig["source"], False
            for t, target in enumerate(_list(trig.get("targets"))):
                yield c_at + ("trigger_targets", n, "targets", t), target, False
        for single in ("sacrifice", "clone"):
            if single in choices:
                yield c_at + (single,), choices[single], False
        for many in ("discard", "copy_targets", "exile", "search"):
            for t, value in enumerate(_list(choices.get(many))):
                yield c_at + (many, t), value, False
        for looked in ("scry", "surveil", "look"):
            for part, items in _dict(choices.get(looked)).items():
                for t, value in enumerate(_list(items)):
                    yield c_at + (looked, part, t), value, False
        offered = _dict(choices.get("cast"))
        if "card" in offered:
            yield c_at + ("cast", "card"), offered["card"], False
        for t, target in enumerate(_list(offered.get("targets"))):
            yield c_at + ("cast", "targets", t), target, False
    for action in ("put_onto_battlefield", "play_land", "activate"):
        args = _dict(step.get(action))
        if "card" in args:
            yield at + (action, "card"), args["card"], False
    for t, target in enumerate(_list(_dict(step.get("activate")).get("targets"))):
        yield at + ("activate", "targets", t), target, False
    for n, attacker in enumerate(_list(_dict(step.get("declare_attackers")).get("attackers"))):
        if "card" in _dict(attacker):
            yield at + ("declare_attackers", "attackers", n, "card"), attacker["card"], False
    for n, blocker in enumerate(_list(_dict(step.get("declare_blockers")).get("blockers"))):
        for key in ("card", "blocks"):
            if key in _dict(blocker):
                yield at + ("declare_blockers", "blockers", n, key), blocker[key], False
    for t, perm in enumerate(_list(_dict(step.get("tap_for_mana")).get("permanents"))):
        yield at + ("tap_for_mana", "permanents", t), perm, False
    expect = _dict(step.get("expect"))
    for label, view in _dict(expect.get("cards")).items():
        yield at + ("expect", "cards", label), label, True
        blocking = _dict(view).get("blocking")
        if isinstance(blocking, str):
            yield at + ("expect", "cards", label, "blocking"), blocking, False
    for n, obj in enumerate(_list(expect.get("stack"))):
        obj = _dict(obj)
        for key in ("source", "label"):
            if key in obj:
                yield at + ("expect", "stack", n, key), obj[key], False
        for t, target in enumerate(_list(obj.get("targets"))):
            yield at + ("expect", "stack", n, "targets", t), target, False
        for target in _dict(obj.get("divide")):
            yield at + ("expect", "stack", n, "divide", target), target, True


def _check_face_names(doc: YamlDoc, at: FieldPath, item: dict, card_faces: dict) -> Iterator[SpecIssue]:
    """The half of a split card cast (709.3) and the face of a modal double-faced card cast or
    played (712.11b, 712.12) are named by the card's own half and face names; a split card is
    cast as one half unless fused. (A half or face for a card without any is an illegal action a
    scenario may assert, so it is not an error here.)"""
    card_of: dict[str, str] = {}
    for pdata in _dict(_dict(item.get("setup")).get("players")).values():
        for zone in SETUP_ZONES:
            for card in _list(_dict(pdata).get(zone)):
                card = _dict(card)
                if isinstance(card.get("label"), str) and isinstance(card.get("card"), str):
                    card_of[card["label"]] = card["card"]
    for path, kind, args in _face_uses(item, at):
        name = card_of.get(args.get("card"))
        if name not in card_faces:
            continue
        layout, faces = card_faces[name]
        field = "half" if kind == "cast" and layout == "split" else "face"
        given = args.get(field)
        if given is None:
            if field == "half" and not args.get("fuse") and "face" not in args:
                yield doc.issue(path, f"{name} is a split card: `half` names the half cast (one of "
                                f"{', '.join(faces)}), or `fuse: true`")
        elif isinstance(given, str) and given not in faces:
            what, plural = ("half", "halves") if layout == "split" else ("face", "faces")
            yield doc.issue(path + (field,), f"{name} has no {what} named {given!r} (its {plural}: "
                            f"{', '.join(faces)})")


def _face_uses(item: dict, at: FieldPath) -> Iterator[tuple[FieldPath, str, dict]]:
    """(path, kind, args) of every cast (plain, tried, offered) and land play in a scenario."""
    for s, step in enumerate(_list(item.get("steps"))):
        step_at = at + ("steps", s)
        step = _dict(step)
        for where, action in ((step_at, step), (step_at + ("try",), _dict(step.get("try")))):
            for kind in ("cast", "play_land"):
                if isinstance(action.get(kind), dict):
                    yield where + (kind,), kind, action[kind]
            for kind in STEP_ACTIONS_WITH_CHOICES:
                offered = _dict(_dict(action.get(kind)).get("choices")).get("cast")
                if isinstance(offered, dict):
                    yield where + (kind, "choices", "cast"), "cast", offered


def _pool_fields(item: dict, at: FieldPath) -> Iterator[tuple[FieldPath, Any]]:
    """(path, value) of every mana pool or payment in a scenario: setup and expected pools, the
    `pay` of casts (tried and offered ones too) and activations."""
    for player, pdata in _dict(_dict(item.get("setup")).get("players")).items():
        if "mana" in _dict(pdata):
            yield at + ("setup", "players", player, "mana"), pdata["mana"]
    for s, step in enumerate(_list(item.get("steps"))):
        step_at = at + ("steps", s)
        step = _dict(step)
        for where, action in ((step_at, step), (step_at + ("try",), _dict(step.get("try")))):
            for kind in ("cast", "activate"):
                args = _dict(action.get(kind))
                if "pay" in args:
                    yield where + (kind, "pay"), args["pay"]
            for kind in STEP_ACTIONS_WITH_CHOICES:
                offered = _dict(_dict(_dict(action.get(kind)).get("choices")).get("cast"))
                if "pay" in offered:
                    yield where + (kind, "choices", "cast", "pay"), offered["pay"]
        for player, view in _dict(_dict(step.get("expect")).get("players")).items():
            if "mana" in _dict(view):
                yield step_at + ("expect", "players", player, "mana"), view["mana"]


def _pool_expression_strings(item: dict, at: FieldPath) -> Iterator[tuple[FieldPath, str]]:
    """Mana strings inside a property's pool expressions (`{mana: [...]}`, `{repeat: ...}`)
    that hold a symbol no pool can hold: the schema checks plain strings, not these pieces."""
    def walk(value: Any, path: FieldPath) -> Iterator[tuple[FieldPath, str]]:
        if isinstance(value, str):
            symbols = value.replace("{", " ").replace("}", " ").split()
            if value and not all(sym in POOL_SYMBOLS for sym in symbols) and value != "{0}":
                yield path, value
        elif isinstance(value, dict):
            for key, sub in value.items():
                if key != "param":
                    yield from walk(sub, path + (key,))
        elif isinstance(value, list):
            for i, sub in enumerate(value):
                yield from walk(sub, path + (i,))
    for path, value in _pool_fields(item, at):
        if isinstance(value, dict):
            yield from walk(value, path)


def _param_uses(value: Any, at: FieldPath) -> Iterator[tuple[FieldPath, str]]:
    """Every `{param: name}` inside `value`."""
    if isinstance(value, dict):
        if set(value) == {"param"} and isinstance(value["param"], str):
            yield at + ("param",), value["param"]
            return
        for key, sub in value.items():
            yield from _param_uses(sub, at + (key,))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _param_uses(sub, at + (i,))


def check_sources(registry: YamlDoc, docs: list[YamlDoc]) -> list[SpecIssue]:
    """Every entry's `source` is a key of the sources registry (spec/sources.yaml)."""
    known = _dict(_dict(registry.data).get("sources"))
    issues: list[SpecIssue] = []
    for doc in docs:
        for i, entry in enumerate(_list(_dict(doc.data).get("entries"))):
            source = _dict(entry).get("source")
            if isinstance(source, str) and source not in known:
                issues.append(doc.issue(("entries", i, "source"),
                                        f"source {source!r} is not in the sources registry "
                                        f"({registry.relpath}); add it there with its title, publisher, "
                                        "published, url and language"))
    return issues


def check_duplicate_entry_ids(docs: list[YamlDoc]) -> list[SpecIssue]:
    """An entry id may appear once in the whole spec; the later place names the first."""
    issues: list[SpecIssue] = []
    first: dict[str, str] = {}
    for doc in docs:
        for i, entry in enumerate(_list(_dict(doc.data).get("entries"))):
            entry_id = _dict(entry).get("id")
            if not isinstance(entry_id, str):
                continue
            at = ("entries", i, "id")
            line, column = doc.position(at)
            place = f"{doc.relpath}:{line}:{column}"
            if entry_id in first:
                issues.append(doc.issue(at, f"duplicate entry id {entry_id!r} (also at {first[entry_id]})"))
            else:
                first[entry_id] = place
    return issues


def check_card_file(doc: YamlDoc, stem: str, slug_of) -> list[SpecIssue]:
    """A card file must be named after its card: spec/cards/<slug of name>.yaml."""
    name = _dict(doc.data).get("name")
    if isinstance(name, str) and slug_of(name) != stem:
        return [doc.issue(("name",), f"the file name {stem}.yaml does not match the card name {name!r} "
                          f"(expected {slug_of(name)}.yaml)")]
    return []
