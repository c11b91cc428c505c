"""Protocol 1: version constant and JSON Schema checks with messages an engine author can act on.

The schema (`schema/protocol-1.schema.json`) is the normative shape of requests, cases, views
and answers. The harness checks every answer against it, in-process and out of process alike,
and turns the first schema error into one sentence naming the step and the field
("engine answered step 2 with a view missing 'players'") instead of a schema dump.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from mtg_adapter.errors import ConformanceError

try:  # a compiled validator for the common, valid case (25x faster); jsonschema stays normative
    import fastjsonschema
except ImportError:  # pragma: no cover - optional speed-up
    fastjsonschema = None

PROTOCOL_VERSION = 1
SCHEMA_FILE = "protocol-1.schema.json"


class ProtocolError(ConformanceError):
    """An engine's answer (or a request) does not follow protocol 1."""


@lru_cache(maxsize=None)
def schema() -> dict:
    """The protocol-1 schema document."""
    text = resources.files("mtg_adapter").joinpath("schema", SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def validator(definition: str) -> jsonschema.Draft202012Validator:
    """A validator for one `$defs` entry (`case`, `view`, `run_answer`, `hello_answer`, ...)."""
    doc = dict(schema())
    if definition not in doc["$defs"]:
        raise KeyError(definition)
    doc["$ref"] = f"#/$defs/{definition}"
    return jsonschema.Draft202012Validator(doc)


@lru_cache(maxsize=None)
def fast_validator(definition: str):
    """A compiled check for one `$defs` entry, or None without fastjsonschema.

    The schema uses only keywords whose meaning is the same in draft 07 and 2020-12, so
    it compiles as draft 07. It only short-cuts valid documents: anything it rejects is
    re-checked by jsonschema (normative) for the verdict and the message.
    """
    if fastjsonschema is None:
        return None
    doc = copy.deepcopy(schema())
    doc["$schema"] = "http://json-schema.org/draft-07/schema#"
    doc["$ref"] = f"#/$defs/{definition}"
    return fastjsonschema.compile(doc)


def _path(parts) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _first_error(definition: str, instance: Any) -> jsonschema.ValidationError | None:
    errors = list(validator(definition).iter_errors(instance))
    if not errors:
        return None
    # Prefer the deepest error: it names the most specific field.
    return max(errors, key=lambda e: (len(e.absolute_path), e.validator == "required", -len(e.message)))


def _problem(error: jsonschema.ValidationError) -> str:
    """`missing 'players'` / `with players.alice.life: 'x' is not of type 'integer'`."""
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance]
        if missing:
            return f"missing {missing[0]!r}"
    message = error.message
    if len(message) > 200:
        message = message[:200] + "..."
    return f"invalid: {message}"


def describe(error: jsonschema.ValidationError, *, what: str) -> str:
    """Turn a schema error on `what` (e.g. "the hello answer") into one sentence."""
    path = list(error.absolute_path)
    subject = what
    if path and path[0] == "results" and len(path) >= 2 and isinstance(path[1], int):
        subject, path = f"{what} at step {path[1]}", path[2:]
        if path and path[0] == "view":
            subject, path = f"engine answered step {error.absolute_path[1]} with a view", path[1:]
        elif what == "the run answer":
            subject = f"engine answered step {error.absolute_path[1]} with a result"
    elif path and path[0] == "initial":
        subject, path = "engine answered with an initial view", path[1:]
    where = f" ({_path(path)})" if path else ""
    problem = _problem(error)
    verb = "" if subject.startswith("engine answered") else " is"
    if problem.startswith("missing"):
        if path:
            return f"{subject} whose {_path(path)} is {problem}"
        return f"{subject}{verb} {problem}"
    return f"{subject}{where}{verb} {problem}"


def check(definition: str, instance: Any, *, what: str) -> None:
    """Raise ProtocolError with one readable sentence if `instance` breaks the schema."""
    fast = fast_validator(definition)
    if fast is not None:
        try:
            fast(instance)
            return
        except fastjsonschema.JsonSchemaException:
            pass  # let jsonschema decide and explain
    error = _first_error(definition, instance)
    if error is not None:
        raise ProtocolError(describe(error, what=what))


def check_hello_answer(answer: Any) -> None:
    """The hello answer must be well-formed and speak our protocol version."""
    if not isinstance(answer, dict):
        raise ProtocolError(f"the hello answer is not a JSON object: {answer!r}")
    check("hello_answer", answer, what="the hello answer")
    if answer["protocol"] != PROTOCOL_VERSION:
        raise ProtocolError(
            f"engine speaks protocol {answer['protocol']}, the harness speaks protocol {PROTOCOL_VERSION}"
        )


def check_run_answer(answer: Any, n_steps: int) -> None:
    """A run answer: schema-valid, one result per step unless it stops at an `errored` result."""
    if not isinstance(answer, dict):
        raise ProtocolError(f"the run answer is not a JSON object: {answer!r}")
    check("run_answer", answer, what="the run answer")
    results = answer["results"]
    if len(results) > n_steps:
        raise ProtocolError(f"engine answered {len(results)} results for a case of {n_steps} steps")
    if len(results) < n_steps and (not results or results[-1]["status"] != "errored"):
        raise ProtocolError(
            f"engine answered {len(results)} result(s) for a case of {n_steps} steps; "
            "an engine may stop early only after an 'errored' result"
        )
    for index, result in enumerate(results[:-1]):
        if result["status"] == "errored":
            raise ProtocolError(f"engine went on after an 'errored' result at step {index}")


def check_case(case: Any) -> None:
    """A case the harness is about to send (catches suite bugs before any engine sees them)."""
    check("case", case, what="the case")
