"""Parameter expressions for property scenarios (spec/README.md, "Writing a property").

A property's setup, steps and expectations are plain data in which some values are small
expressions over drawn parameters. This module is a tiny interpreter over that data: it
never evaluates code, it only walks dicts and lists.

An expression is a dict with exactly ONE key that names an operator:

    {"param": "n"}                         the drawn value of parameter n
    {"add": [e1, e2, ...]}                 sum of integers
    {"mul": [e1, e2, ...]}                 product of integers
    {"len": e}                             length of a list or string
    {"mana": [e1, ...]}                    concatenation of mana strings, canonical order
    {"repeat": {"mana": m, "times": e}}    mana string m repeated e times, canonical order
    {"list": {"item": x, "times": e}}      a list of e copies of x (e.g. the tokens expected)
    {"symbols": e}                         list of mana letters -> "{W}{U}" (canonical order)
    {"colors": e}                          list of color letters -> unique, WUBRG order, no C

`mana` is an operator only when its value is a list (a player's `mana` field holds a string
or an expression, so `{"mana": "{G}"}` stays data). Any other dict is data and is walked.

`parameters(given)` turns a property's `given` into a Hypothesis strategy of dicts.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from mtg_adapter.errors import InputError

COLOR_ORDER = "WUBRG"
MANA_ORDER = "WUBRGC"
_SYMBOL = re.compile(r"\{([^{}]+)\}")
OPERATORS = ("param", "add", "mul", "len", "mana", "repeat", "symbols", "colors", "list")
GENERATORS = ("integers", "subsets", "sampled_from")


class ParamError(InputError, ValueError):
    """A malformed expression or `given`; the message names the path inside the data."""


def normalize_mana(text: str, where: str = "") -> str:
    """Canonical mana string: X first, then the generic total, then W U B R G C, then others.

    `"{G}{1}{G}{1}"` -> `"{2}{G}{G}"`; `""` stays `""`.
    """
    if not isinstance(text, str):
        raise ParamError(f"{where or 'value'}: expected a mana string, got {text!r}")
    symbols = _SYMBOL.findall(text)
    if _SYMBOL.sub("", text).strip():
        raise ParamError(f"{where or 'value'}: not a mana string: {text!r}")
    xs, generic, colored, other = [], 0, {c: 0 for c in MANA_ORDER}, []
    has_generic = False
    for sym in symbols:
        if sym.isdigit():
            generic += int(sym)
            has_generic = True
        elif sym in colored:
            colored[sym] += 1
        elif sym == "X":
            xs.append(sym)
        else:
            other.append(sym)
    parts = [f"{{{x}}}" for x in xs]
    if generic or (has_generic and not any(colored.values()) and not other and not xs):
        parts.append(f"{{{generic}}}")
    parts += [f"{{{o}}}" for o in other]
    for c in MANA_ORDER:
        parts += [f"{{{c}}}"] * colored[c]
    return "".join(parts)


def _is_operator(value: Any) -> bool:
    if not isinstance(value, dict) or len(value) != 1:
        return False
    (key, arg), = value.items()
    if key == "mana":
        return isinstance(arg, list)
    return key in OPERATORS


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParamError(f"{where}: expected an integer, got {value!r}")
    return value


def _letters(value: Any, allowed: str, where: str) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise ParamError(f"{where}: expected a list of letters from {allowed}, got {value!r}")
    for letter in value:
        if not isinstance(letter, str) or letter not in allowed:
            raise ParamError(f"{where}: {letter!r} is not one of {', '.join(allowed)}")
    return list(value)


def evaluate(data: Any, params: dict[str, Any], where: str = "") -> Any:
    """Return `data` with every expression replaced by its value under `params`."""
    if _is_operator(data):
        (op, arg), = data.items()
        return _apply(op, arg, params, f"{where}.{op}" if where else op)
    if isinstance(data, dict):
        return {k: evaluate(v, params, f"{where}.{k}" if where else str(k)) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [evaluate(v, params, f"{where}[{i}]") for i, v in enumerate(data)]
    return data


def _apply(op: str, arg: Any, params: dict[str, Any], where: str) -> Any:
    if op == "param":
        if not isinstance(arg, str) or arg not in params:
            known = ", ".join(sorted(params)) or "none"
            raise ParamError(f"{where}: unknown parameter {arg!r} (declared: {known})")
        return params[arg]
    if op in ("add", "mul"):
        if not isinstance(arg, list) or not arg:
            raise ParamError(f"{where}: expected a non-empty list of expressions")
        values = [_int(evaluate(a, params, f"{where}[{i}]"), f"{where}[{i}]") for i, a in enumerate(arg)]
        result = 0 if op == "add" else 1
        for v in values:
            result = result + v if op == "add" else result * v
        return result
    if op == "len":
        value = evaluate(arg, params, where)
        if not isinstance(value, (list, str, dict)):
            raise ParamError(f"{where}: cannot take the length of {value!r}")
        return len(value)
    if op == "mana":
        pieces = [evaluate(a, params, f"{where}[{i}]") for i, a in enumerate(arg)]
        for i, piece in enumerate(pieces):
            if not isinstance(piece, str):
                raise ParamError(f"{where}[{i}]: expected a mana string, got {piece!r}")
        return normalize_mana("".join(pieces), where)
    if op == "repeat":
        if not isinstance(arg, dict) or set(arg) != {"mana", "times"}:
            raise ParamError(f"{where}: expected {{mana: <mana string>, times: <expression>}}")
        mana = evaluate(arg["mana"], params, f"{where}.mana")
        times = _int(evaluate(arg["times"], params, f"{where}.times"), f"{where}.times")
        if times < 0:
            raise ParamError(f"{where}.times: must be >= 0, got {times}")
        if not isinstance(mana, str):
            raise ParamError(f"{where}.mana: expected a mana string, got {mana!r}")
        return normalize_mana(mana * times, where)
    if op == "list":
        if not isinstance(arg, dict) or set(arg) != {"item", "times"}:
            raise ParamError(f"{where}: expected {{item: <value>, times: <expression>}}")
        times = _int(evaluate(arg["times"], params, f"{where}.times"), f"{where}.times")
        if times < 0:
            raise ParamError(f"{where}.times: must be >= 0, got {times}")
        item = evaluate(arg["item"], params, f"{where}.item")
        return [copy.deepcopy(item) for _ in range(times)]
    if op == "symbols":
        letters = _letters(evaluate(arg, params, where), MANA_ORDER, where)
        return normalize_mana("".join(f"{{{c}}}" for c in letters), where)
    if op == "colors":
        letters = set(_letters(evaluate(arg, params, where), MANA_ORDER, where))
        return [c for c in COLOR_ORDER if c in letters]
    raise ParamError(f"{where}: unknown operator {op!r}")  # pragma: no cover - guarded by _is_operator


def check_given(given: Any) -> None:
    """Raise ParamError unless `given` is a well-formed parameter declaration."""
    if not isinstance(given, dict) or not given:
        raise ParamError("given: expected a non-empty mapping of parameter name -> generator")
    for name, gen in given.items():
        where = f"given.{name}"
        if not isinstance(gen, dict) or len(gen) != 1:
            raise ParamError(f"{where}: expected exactly one of {', '.join(GENERATORS)}")
        (kind, arg), = gen.items()
        if kind == "integers":
            if not isinstance(arg, dict) or not set(arg) <= {"min", "max"} or "min" not in arg or "max" not in arg:
                raise ParamError(f"{where}.integers: expected {{min: <int>, max: <int>}}")
            lo, hi = _int(arg["min"], f"{where}.integers.min"), _int(arg["max"], f"{where}.integers.max")
            if lo > hi:
                raise ParamError(f"{where}.integers: min {lo} is greater than max {hi}")
        elif kind in ("subsets", "sampled_from"):
            if not isinstance(arg, list) or not arg:
                raise ParamError(f"{where}.{kind}: expected a non-empty list")
            if kind == "subsets" and len(set(map(repr, arg))) != len(arg):
                raise ParamError(f"{where}.subsets: items must be unique")
        else:
            raise ParamError(f"{where}: unknown generator {kind!r} (expected one of {', '.join(GENERATORS)})")


def parameters(given: dict[str, Any]):
    """A Hypothesis strategy drawing one dict {name: value} per example.

    `subsets` keeps the items in the order given (so `["W","U"]`, never `["U","W"]`) and
    shrinks towards the empty subset; `integers` shrinks towards `min`.
    """
    from hypothesis import strategies as st

    check_given(given)
    fields = {}
    for name, gen in given.items():
        (kind, arg), = gen.items()
        if kind == "integers":
            fields[name] = st.integers(min_value=arg["min"], max_value=arg["max"])
        elif kind == "sampled_from":
            fields[name] = st.sampled_from(list(arg))
        else:
            items = list(arg)
            fields[name] = st.lists(st.booleans(), min_size=len(items), max_size=len(items)).map(
                lambda flags, items=items: [x for x, keep in zip(items, flags) if keep]
            )
    return st.fixed_dictionaries(fields)
