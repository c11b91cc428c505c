"""The survivor classifier of MUTATION.md: only message-text changes are "reason-text"."""

from __future__ import annotations

import json

import pytest

from mtg_conformance.selfcheck import mutation_report as mr

ORIG = '''
def activate(game, o, label, abilities, index):
    if o.zone != "battlefield":
        raise IllegalAction("602.2", f"{label} is not on the battlefield: its abilities can't be activated")
    if index >= len(abilities):
        raise IllegalAction("602.1", f"{o.card.name} has {len(abilities)} non-mana activated "
                                     f"abilit{'y' if len(abilities) == 1 else 'ies'}, not #{index}")
    if not isinstance(label, str):
        raise CaseError(f"activate.card: unknown label {label!r}")
    try:
        paid = parse_pool(game.pay)
    except ManaError as e:
        raise CaseError(f"activate.pay: {describe(e, game)}") from None
    o.tapped = True
'''


def mutate(old: str, new: str) -> str:
    assert ORIG.count(old) == 1, old
    return ORIG.replace(old, new)


@pytest.mark.parametrize("old,new", [
    ('f"{label} is not on the battlefield: its', 'f"XX{label} is not on the battlefield: itsXX'),
    ('f"{label} is not on the battlefield: its abilities can\'t be activated"', "None"),
    ("'y' if len(abilities) == 1", "'y' if len(abilities) != 1"),
    ("'y' if", "'XXyXX' if"),
    ('f"activate.card: unknown label {label!r}"', "None"),
    ('f"activate.card: unknown label {label!r}"', '"XXactivate.card: unknown labelXX"'),
    ('"602.2"', '"XX602.2XX"'),  # the rule number is part of the reason, which the judge never reads
    ('"602.2"', "None"),
])
def test_message_text_changes_are_reason_text(old, new):
    assert mr.classify(ORIG, mutate(old, new)) == mr.REASON_TEXT


@pytest.mark.parametrize("old,new", [
    ('IllegalAction("602.2", f"{label} is not', 'IllegalAction(f"{label} is not'),  # TypeError
    ('IllegalAction("602.1"', 'CaseError("602.1"'),   # illegal became errored
    ('o.zone != "battlefield"', 'o.zone == "battlefield"'),
    ("o.tapped = True", "o.tapped = False"),
    ("index >= len(abilities)", "index > len(abilities)"),
    ("{describe(e, game)}", "{describe(None, game)}"),  # the message could now crash
    ("{describe(e, game)}", "{describe(game)}"),
    ('f"{label} is not on the battlefield: its abilities can\'t be activated"', ""),  # TypeError
    ("except ManaError as e", "except CaseError as e"),
])
def test_other_changes_are_meaningful(old, new):
    assert mr.classify(ORIG, mutate(old, new)) == mr.MEANINGFUL


def test_methods_indented_in_their_class_are_parsed():
    method = "    def parse(self, s):\n        raise ManaError(f'bad {s}')\n"
    assert mr.classify(method, method.replace("f'bad {s}'", "None")) == mr.REASON_TEXT
    assert mr.classify(method, method.replace("ManaError", "ValueError")) == mr.MEANINGFUL


def test_report_counts_statuses_and_scores(tmp_path, monkeypatch):
    """A fake mutants/ tree: one killed, one timeout, one dead, two survivors (one reason-text)."""
    pytest.importorskip("mutmut", reason="the report reads statuses with mutmut's own table (dev extra)")
    meta = tmp_path / "mutants" / "reference_impl" / "rules" / "lands.py.meta"
    meta.parent.mkdir(parents=True)
    prefix = "reference_impl.rules.lands.x_play__mutmut_"
    meta.write_text(json.dumps({"exit_code_by_key": {prefix + "1": 1, prefix + "2": 36, prefix + "3": 33,
                                                     prefix + "4": 0, prefix + "5": 0, prefix + "6": None}}))
    sources = {prefix + "4": (ORIG, mutate("o.tapped = True", "o.tapped = False")),
               prefix + "5": (ORIG, mutate('"602.1"', '"602.1"').replace("not #{index}", "XXnot #XX"))}
    monkeypatch.setattr(mr, "_sources", lambda name, path: sources[name])
    sources[prefix + "2"] = (ORIG, mutate('"602.1"', '"602.1"').replace("not #{index}", "YYnot #YY"))
    [score] = mr.collect(tmp_path, {prefix + "4": "same either way"})
    # the timeout (2) only edits a message: reason-text, not caught
    assert (score.checked, score.caught, score.reason_text, score.meaningful()) == (5, 1, 2, 2)
    assert score.survivors == [prefix + "4"] and score.equivalent == 1
    table = mr.render([score], equivalent_given=True)
    assert "| reference_impl/rules/lands.py | 6 | 5 | 1 | 1 | 2 | 2 | 1 | 2 | 50.0 % | 50.0 % | 1 | 100.0 % |" in table
    assert "- `reference_impl.rules.lands.x_play` (1): 4 (equivalent)" in mr.render_survivors([score], {prefix + "4": "x"})


def test_equivalent_file_needs_a_reason(tmp_path):
    f = tmp_path / "eq.txt"
    f.write_text("# comment\nmod.x_f__mutmut_1  cancels out\n\n")
    assert mr.read_equivalent(f) == {"mod.x_f__mutmut_1": "cancels out"}
    f.write_text("mod.x_f__mutmut_2\n")
    with pytest.raises(SystemExit, match="eq.txt:1"):
        mr.read_equivalent(f)


def test_missing_mutants_directory_is_a_clear_error(tmp_path, capsys):
    assert mr.main(["--root", str(tmp_path)]) == 2
    assert "mutmut run" in capsys.readouterr().err
