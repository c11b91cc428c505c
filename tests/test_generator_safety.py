"""Spec text can only ever become Python literals in generated modules, never code.

Hypothesis feeds arbitrary text (quotes, triple quotes, backslashes, NUL, template markers,
non-ASCII) into every string field that reaches the output; each rendered module must
compile, have exactly the expected shape (docstring, imports, test functions whose bodies are
a docstring and one `run_scenario` call with literal arguments), carry the exact strings,
and run nothing when executed.
"""

from __future__ import annotations

import ast
import builtins
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from generator.literal import INDENT, docstring_value, literal, undent_docstring
from generator.model import Entry, Property, Scenario, Spec, SpecFile, Text, freeze, thaw
from generator.plan import build_plans
from generator.render import render_all

REPO = Path(__file__).resolve().parents[1]

PAYLOADS = [
    '"""; import builtins; builtins._MTG_PWNED = 1; """',
    "'''; import builtins; builtins._MTG_PWNED = 1; '''",
    "\"\"\"\nimport builtins\nbuiltins._MTG_PWNED = 1\n\"\"\"",
    "__import__('builtins').__setattr__('_MTG_PWNED', 1)",
    "\\",
    'ends with a quote"',
    'ends with a backslash\\',
    "{{ 7 * 7 }} {% for x in y %}{% endfor %} {# c #}",
    "NUL\x00 and \r\n and \t and \x0b\x0c and \u2028 \ufeff",
    "non-ASCII: Bonuskosten – ça coûte 🐉 \U0001f409",
    "\n\n  leading and trailing blank lines  \n\n",
    "",
]

texts = st.one_of(
    st.sampled_from(PAYLOADS),
    st.text(alphabet=st.characters(exclude_categories=("Cs",))),
    st.lists(st.sampled_from(PAYLOADS + ['"', "'", "\\", "\n", "{{", "}}", "{%", "%}", "\x00", "é"]))
    .map("".join),
)
slugs = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True)
entry_ids = st.lists(slugs, min_size=1, max_size=3).map("/".join)


def make_spec(*, entry_id, name, text, description, title, source, card, pay, key, sampled, properties=True):
    """A one-file spec with one scenario and (unless `properties` is false) one property,
    carrying the given strings."""
    setup = freeze({"players": {"alice": {"hand": [{"card": card, "label": "c1"}], "counters": {key: 1}}}})
    steps = freeze([
        {"cast": {"card": "c1", "pay": pay, "targets": [card]}, "expect": {"stack": [{"source": key}]}},
        {"resolve": {}},
    ])
    scenario = Scenario(name=name, setup=setup, steps=steps, description=description, line=7)
    prop = Property(name=name + "-p", given=freeze({"k": {"sampled_from": [sampled, text]}}),
                    setup=setup, steps=steps, description=description, line=9)
    entry = Entry(id=entry_id, kind="ruling", source=source, text=Text(en=text), date=text,
                  cites=(text,), features=("kicker",), scenarios=(scenario,), properties=(prop,) if properties else (),
                  file="spec/rules/kicker.yaml", line=3)
    spec_file = SpecFile(path="spec/rules/kicker.yaml", title=title, rules_version=text, entries=(entry,))
    return Spec(root=Path("spec"), files=(spec_file,))


def _call_kwargs(fn: ast.FunctionDef) -> dict:
    """The body must be exactly: docstring, then one `conformance.run_scenario(...)` of literals."""
    assert len(fn.body) == 2, ast.dump(fn)
    doc, call = fn.body
    assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str)
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    func = call.value.func
    assert isinstance(func, ast.Attribute) and func.attr == "run_scenario"
    assert isinstance(func.value, ast.Name) and func.value.id == "conformance"
    assert not call.value.args
    out = {}
    for kw in call.value.keywords:
        out[kw.arg] = "<params>" if kw.arg == "params" else ast.literal_eval(kw.value)
    return out


def _marker_kwargs(fn: ast.FunctionDef) -> dict:
    marks = [d for d in fn.decorator_list if isinstance(d, ast.Call) and ast.unparse(d.func) == "pytest.mark.conformance"]
    assert len(marks) == 1
    return {kw.arg: ast.literal_eval(kw.value) for kw in marks[0].keywords}


def check_module(spec: Spec, source: str) -> None:
    """Assert the module has exactly the generated shape and carries the exact values."""
    tree = ast.parse(source)
    compile(source, "generated.py", "exec")
    (spec_file,) = spec.files
    (entry,) = spec_file.entries
    body = list(tree.body)
    assert ast.get_docstring(tree, clean=False).startswith(spec_file.title + "\n\n")
    assert isinstance(body.pop(0), ast.Expr)
    expected_imports = ["import pytest"]
    if entry.properties:
        expected_imports += ["from hypothesis import given",
                             "from mtg_adapter.hypothesis_profiles import conformance_settings",
                             "from mtg_adapter.params import parameters"]
    imports = [ast.unparse(body.pop(0)) for _ in expected_imports]
    assert imports == expected_imports
    assert all(isinstance(node, ast.FunctionDef) for node in body)
    assert len(body) == len(entry.items())
    for fn, item in zip(body, entry.items()):
        assert fn.name == "test_" + entry.id.replace("/", "_").replace("-", "_") + "__" + item.name.replace("-", "_")
        doc = ast.get_docstring(fn, clean=False)
        assert doc == docstring_value(undent_docstring(doc))
        plain = undent_docstring(doc)
        assert "\n\n" + entry.text.en + "\n\n" in plain
        assert plain.endswith(f": {item.description}" if item.description else f"{item.name}.")
        kwargs = _call_kwargs(fn)
        assert kwargs["setup"] == thaw(item.setup)
        assert kwargs["steps"] == thaw(list(item.steps))
        marker = _marker_kwargs(fn)
        assert marker == {
            "id": f"{entry.id}::{item.name}", "entry": entry.id, "kind": "ruling", "rule": None,
            "cites": list(entry.cites), "features": ["kicker"], "rules_version": spec_file.rules_version,
            "source": "spec/rules/kicker.yaml",
        }
        if item.is_property:
            (given_call,) = [d for d in fn.decorator_list if isinstance(d, ast.Call) and ast.unparse(d.func) == "given"]
            (param_call,) = [kw.value for kw in given_call.keywords if kw.arg == "params"]
            assert ast.unparse(param_call.func) == "parameters"
            assert ast.literal_eval(param_call.args[0]) == thaw(item.given)
            assert kwargs["params"] == "<params>"
            # The property carries the suite's Hypothesis profile itself (the plugin loads none).
            assert [ast.unparse(d if not isinstance(d, ast.Call) else d.func) for d in fn.decorator_list] == [
                "pytest.mark.conformance", "given", "conformance_settings"]
            assert not fn.decorator_list[2].args and not fn.decorator_list[2].keywords
        else:
            assert "params" not in kwargs
            assert len(fn.decorator_list) == 1


class Recorder:
    """Stands in for the `conformance` fixture: records what the test passes."""

    def __init__(self):
        self.calls = []

    def run_scenario(self, setup, steps, params=None):
        self.calls.append((setup, steps, params))


def run_module(source: str) -> dict:
    """Execute the module into a fresh namespace; it must not run anything at import."""
    assert not hasattr(builtins, "_MTG_PWNED")
    namespace: dict = {"__name__": "generated_under_test"}
    exec(compile(source, "generated.py", "exec"), namespace)
    assert not hasattr(builtins, "_MTG_PWNED"), "spec text executed as code"
    return namespace


@given(
    entry_id=entry_ids, name=slugs, text=texts, description=st.one_of(st.none(), texts), title=texts,
    source=texts, card=texts, pay=texts, key=texts, sampled=texts,
)
@example(entry_id="kicker/x", name="a", text=PAYLOADS[0], description=PAYLOADS[2], title=PAYLOADS[1],
         source=PAYLOADS[3], card=PAYLOADS[7], pay=PAYLOADS[8], key=PAYLOADS[4], sampled=PAYLOADS[5])
def test_any_text_renders_as_exact_literals_and_runs_nothing(entry_id, name, text, description, title,
                                                             source, card, pay, key, sampled):
    fields = dict(entry_id=entry_id, name=name, text=text, description=description, title=title,
                  source=source, card=card, pay=pay, key=key, sampled=sampled)
    spec = make_spec(**fields)
    (source_bytes,) = render_all(build_plans(spec)).values()
    check_module(spec, source_bytes.decode("utf-8"))
    # Executing a module that applies @given inside this @given test would nest Hypothesis;
    # the scenario-only module (same template, no property) is executed instead.
    spec = make_spec(**fields, properties=False)
    (source_bytes,) = render_all(build_plans(spec)).values()
    check_module(spec, source_bytes.decode("utf-8"))
    namespace = run_module(source_bytes.decode("utf-8"))
    (entry,) = spec.files[0].entries
    scenario_fn = namespace["test_" + entry_id.replace("/", "_").replace("-", "_") + "__" + name.replace("-", "_")]
    recorder = Recorder()
    scenario_fn(recorder)
    assert recorder.calls == [(thaw(entry.scenarios[0].setup), thaw(list(entry.scenarios[0].steps)), None)]


def test_payloads_do_not_execute_when_executed_in_process():
    """The whole module (scenario and property) executed with a sentinel: nothing fires."""
    for payload in PAYLOADS:
        spec = make_spec(entry_id="kicker/evil", name="s", text=payload, description=payload, title=payload,
                         source=payload, card=payload, pay=payload, key=payload, sampled=payload)
        (data,) = render_all(build_plans(spec)).values()
        check_module(spec, data.decode("utf-8"))
        namespace = run_module(data.decode("utf-8"))
        assert sorted(k for k in namespace if k.startswith("test_")) == ["test_kicker_evil__s", "test_kicker_evil__s_p"]


def test_payloads_do_not_execute_when_the_module_is_imported_by_python(tmp_path):
    """Import a module full of payloads in a fresh interpreter: no exit code, no file written."""
    marker = tmp_path / "pwned"
    evil = [
        f'"""; import pathlib; pathlib.Path({str(marker)!r}).write_text("x"); import os; os._exit(3); """',
        "\"\"\"\nimport os\nos._exit(3)\n\"\"\"",
        "__import__('os')._exit(3)",
        "{{ __import__('os')._exit(3) }}",
    ]
    for i, payload in enumerate(evil):
        spec = make_spec(entry_id="kicker/evil", name="s", text=payload, description=payload, title=payload,
                         source=payload, card=payload, pay=payload, key=payload, sampled=payload)
        (data,) = render_all(build_plans(spec)).values()
        (tmp_path / f"test_evil_{i}.py").write_bytes(data)
    code = "import sys; sys.path.insert(0, sys.argv[1]);\nfor i in range(4): __import__(f'test_evil_{i}')\nprint('imported')"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "imported"
    assert not marker.exists()


@given(value=st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), texts),
    lambda children: st.one_of(st.lists(children), st.dictionaries(st.one_of(texts, st.integers()), children)),
    max_leaves=25,
), level=st.integers(0, 4), used=st.integers(0, 40))
def test_literal_round_trips_any_json_like_value(value, level, used):
    src = literal(value, level, used)
    assert ast.literal_eval(src) == value
    for line in src.split("\n")[1:]:
        assert line.startswith(INDENT * level) or line.strip() == "", src


@given(text=texts, level=st.integers(0, 3))
def test_docstring_value_is_inverted_exactly(text, level):
    assert undent_docstring(docstring_value(text, level), level) == text


def test_templates_cannot_print_a_value_that_skipped_the_literal_filters():
    import jinja2
    import pytest

    from generator.render import TEMPLATES, environment

    env = environment()
    assert env.undefined is jinja2.StrictUndefined and env.autoescape is False
    assert env.loader.searchpath == [str(TEMPLATES)]  # templates come from the package only
    with pytest.raises(jinja2.TemplateError, match="without a literal filter"):
        env.from_string("{{ x }}").render(x="a")
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing | literal }}").render()
    assert env.from_string("{{ x | literal }}").render(x='{{ y }}"') == "'{{ y }}\"'"


def test_strings_keep_rules_text_readable_and_escape_everything_else():
    from generator.literal import docstring_literal

    text = "Bonuskosten “kicked” – ça coûte {4}… l’effet ™"
    assert literal(text) == '"' + text + '"'
    assert literal('say "hi"') == "'say \"hi\"'" and literal("it's \"x\"") == '"it\'s \\"x\\""'
    # outside the fixed raw set (whatever this Python's Unicode tables say): escapes
    assert literal("\u00a0\u00ad\u200b\u2028\U0001f409\x00\x7f") == '"\\xa0\\xad\\u200b\\u2028\\U0001f409\\x00\\x7f"'
    assert docstring_literal('a\n"""\U0001f409\\', 1) == '"""a\n    \\"\\"\\"\\U0001f409\\\\"""'
