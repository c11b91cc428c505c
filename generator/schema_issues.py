"""Validate YAML data against a JSON Schema and turn every jsonschema error into a located issue.

Why: jsonschema knows *what* is wrong and at which field path; `YamlDoc` knows where that field
is in the file. Raw jsonschema messages for `anyOf`/`oneOf` and closed objects are unhelpful
("... is not valid under any of the given schemas"), so they are rewritten here: unknown fields
are reported at their key, a step with no or several actions says which are allowed, alternatives
are reduced to the branch that fits the value, and unquoted YAML numbers/dates get a hint.
"""

from __future__ import annotations

import datetime
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

try:  # a compiled validator for the common, valid case; jsonschema stays normative
    import fastjsonschema
except ImportError:  # pragma: no cover - optional speed-up
    fastjsonschema = None
from generator.spec_errors import SpecIssue
from generator.spec_schema import POOL, POOL_DESCRIPTION
from generator.yaml_source import YamlDoc

if TYPE_CHECKING:  # jsonschema is imported where a document is invalid: a valid spec never needs it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

EXPRESSION_REF = {"$ref": "#/$defs/expression"}


@lru_cache(maxsize=None)
def validator_for(schema_path: str) -> Draft202012Validator:
    """A cached validator for the schema file at `schema_path`."""
    from jsonschema import Draft202012Validator

    schema = json.loads(Path(schema_path).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@lru_cache(maxsize=None)
def fast_check_for(schema_path: str):
    """A compiled validity check for the schema at `schema_path`, or None.

    Why: jsonschema's interpreter is most of the time `validate`/`generate` spend on a large
    spec. The spec schemas use only keywords that mean the same in draft 07 and 2020-12, so
    they compile as draft 07. The compiled check only short-cuts valid documents: anything
    it rejects is validated again by jsonschema, which decides and explains every error.
    Compiling costs about a second and most of the memory of a run, so the check of each
    committed schema ships precompiled (generator/compiled/, written by `python -m
    generator.spec_schema`) and is used when the schema file's bytes are those it was built from.
    """
    if fastjsonschema is None:
        return None
    from generator import compiled

    data = Path(schema_path).read_bytes()
    check = compiled.check_for(data)
    if check is not None:
        return check
    return fastjsonschema.compile(_draft07(json.loads(data.decode("utf-8"))))


def _draft07(schema: dict) -> dict:
    schema = dict(schema)
    schema["$schema"] = "http://json-schema.org/draft-07/schema#"
    return _one_key_of_without_oneof(schema)


def compiled_source(schema_bytes: bytes) -> str:
    """The Python source of the compiled check for a schema file's bytes (generator/compiled/)."""
    return _without_definitions(fastjsonschema.compile_to_code(_draft07(json.loads(schema_bytes.decode("utf-8")))))


def _without_definitions(source: str) -> str:
    """fastjsonschema's generated source with each exception it raises reduced to a bare marker:
    no message, value, field name or `definition=` (the literal of the whole sub-schema that
    failed), and no field-path prefix built for the nested checks those names came from.

    Why: the check only tells valid documents from invalid ones (jsonschema words every
    rejection), so nothing reads them; the literals were 3.7 of the spec-file check's 3.8 MB, and
    compiling them cost `validate` about a second and 290 MiB whenever no bytecode cache was at
    hand (a fresh checkout, PYTHONDONTWRITEBYTECODE)."""
    import ast

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                and getattr(node.exc.func, "id", None) == "JsonSchemaValueException"):
            # the message, value, name and schema literal of the failed check: never read
            node.exc.args, node.exc.keywords = [ast.Constant("invalid")], []
        elif (isinstance(node, ast.Call) and getattr(node.func, "id", "").startswith("validate_")
              and len(node.args) >= 3):
            # the field-path prefix of a nested check, built with str.format(**locals()) for every
            # item, names only those exceptions
            node.args[2] = ast.Constant(None)
    return ast.unparse(tree) + "\n"


def _one_key_of_without_oneof(node: Any) -> Any:
    """The same schema with each "exactly one of these keys" `oneOf` (every branch a single
    `required`, the object closed, at most one other allowed key) said with `minProperties`
    and `dependencies` instead, which accept and reject exactly the same objects.

    Why: a compiled `oneOf` tries every branch and raises inside each that fails (ten
    exceptions for every step of every scenario); `dependencies` only looks at keys present."""
    if isinstance(node, list):
        return [_one_key_of_without_oneof(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _one_key_of_without_oneof(value) for key, value in node.items()}
    branches = node.get("oneOf")
    if (isinstance(branches, list) and branches and node.get("additionalProperties") is False
            and isinstance(node.get("properties"), dict)
            and all(isinstance(b, dict) and set(b) == {"required"} and len(b["required"]) == 1 for b in branches)
            and "minProperties" not in node and "dependencies" not in node):
        keys = [b["required"][0] for b in branches]
        others = [k for k in node["properties"] if k not in keys]
        if len(set(keys)) == len(keys) and set(keys) <= set(node["properties"]) and len(others) <= 1:
            node = {k: v for k, v in node.items() if k != "oneOf"}
            node["minProperties"] = 1  # some key, and (below) an `other` key is never alone
            deps = {key: {"propertyNames": {"enum": [key] + others}} for key in keys}
            deps.update({other: {"minProperties": 2} for other in others})
            node["dependencies"] = deps
    return node


def is_valid_fast(data: Any, schema_path: Path) -> bool:
    """True when the compiled check accepts `data` (False: ask jsonschema)."""
    check = fast_check_for(str(schema_path))
    if check is None:
        return False
    try:
        check(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def schema_issues(doc: YamlDoc, schema_path: Path) -> list[SpecIssue]:
    """Every schema violation in `doc.data`, located in the file."""
    if is_valid_fast(doc.data, schema_path):
        return []
    validator = validator_for(str(schema_path))
    issues: list[SpecIssue] = []
    for error in validator.iter_errors(doc.data):
        issues.extend(_convert(error, doc))
    return issues


def _convert(error: ValidationError, doc: YamlDoc) -> Iterator[SpecIssue]:
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        for key in error.instance:
            if key not in allowed and isinstance(key, str):  # non-string keys: reported by yaml_source
                hint = f" (allowed: {', '.join(allowed)})" if allowed else ""
                yield doc.issue(path + (key,), f"unknown field {key!r}{hint}", key=True)
        return
    if "propertyNames" in error.relative_schema_path:
        key = error.instance
        if not isinstance(key, str):
            return  # a non-string key: already reported by yaml_source
        yield doc.issue(path + (key,), f"invalid key {key!r}: {_leaf(error).message}", key=True)
        return
    if kind == "oneOf" and _is_exactly_one_of(error.validator_value):
        names = [sub["required"][0] for sub in error.validator_value]
        found = [n for n in names if isinstance(error.instance, dict) and n in error.instance]
        if found:
            message = f"a step has exactly one action, found {len(found)}: {', '.join(found)}"
        else:
            message = f"a step needs exactly one action: one of {', '.join(names)}"
        yield doc.issue(path, message)
        return
    if kind == "anyOf" and _is_exactly_one_of(error.validator_value):
        names = [repr(sub["required"][0]) for sub in error.validator_value]
        yield doc.issue(path, _why(error, f"needs {' or '.join(names)}"))
        return
    if kind in ("anyOf", "oneOf") and error.context:
        branch = min(error.context, key=_relevance())
        leaf_issues = list(_convert(branch, doc))
        if EXPRESSION_REF in error.validator_value and branch.relative_schema_path[0] == 0:
            leaf_issues = [_append(i, " (or a parameter expression)") for i in leaf_issues]
        yield from leaf_issues
        return
    yield doc.issue(path, _shorten(_message(error)))


def _why(error: ValidationError, message: str) -> str:
    """`message` with the reason a conditional requirement gives (the `description` of an
    if/then's `then`, e.g. "for entries of kind 'ruling'")."""
    if "then" in error.schema_path and isinstance(error.schema, dict) and error.schema.get("description"):
        return f"{message} ({error.schema['description']})"
    return message


def _shorten(message: str, limit: int = 300) -> str:
    """jsonschema quotes whole instances; a wrong-typed mapping must not flood the terminal."""
    return message if len(message) <= limit else message[: limit - 4] + " ..."


def _leaf(error: ValidationError) -> ValidationError:
    while error.context:
        error = min(error.context, key=_relevance())
    return error


def _append(issue: SpecIssue, text: str) -> SpecIssue:
    return SpecIssue(issue.path, issue.line, issue.column, issue.field, issue.message + text)


def _is_exactly_one_of(subschemas: Any) -> bool:
    return isinstance(subschemas, list) and all(
        isinstance(s, dict) and list(s) == ["required"] and len(s["required"]) == 1 for s in subschemas
    )


def _message(error: ValidationError) -> str:
    """jsonschema's message, made clearer for the usual YAML mistakes."""
    instance = error.instance
    if error.validator == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        if "string" in wanted:
            if isinstance(instance, (datetime.date, datetime.datetime)):
                return f"{instance} is a YAML date, not a string: quote it (\"{instance}\")"
            if isinstance(instance, (int, float)) and not isinstance(instance, bool):
                return f"{instance!r} is a YAML number, not a string: quote it (\"{instance}\")"
    if error.validator == "enum" and "feature" in str(error.schema.get("description", "")):
        return f"unknown feature tag {instance!r} (known: {', '.join(error.validator_value)})"
    if error.validator == "enum" and instance == "covered" and "derived" in str(error.schema.get("description", "")):
        return ("'covered' is derived from the spec (an entry's rule or cites, a step's expect.rule) and never "
                f"written by hand; use one of {', '.join(error.validator_value)}")
    if error.validator == "required":
        return _why(error, error.message.replace("is a required property", "is required"))
    if error.validator == "pattern" and error.validator_value == POOL:
        return f"{instance!r} is not {POOL_DESCRIPTION}"
    return error.message


def _relevance():
    """jsonschema's ranking of the errors of `anyOf`/`oneOf` branches (imported on first use)."""
    from jsonschema.exceptions import relevance

    return relevance
