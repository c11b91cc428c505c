"""The sources registry (spec/sources.yaml) and the citation fields of rulings (card, date, note).

Why: a citation must resolve. An entry's `source` names a registry entry that says what the
document is and where to read it; a ruling names the catalog card it is about and its date (or
says why none is known). validate reports each gap at its file, line and field.
"""

from __future__ import annotations

import shutil

import yaml
from spec_helpers import EXAMPLE, REPO, at, errors_of, make_spec

from generator.loader import SOURCES_FILE, load_spec
from mtg_conformance.cli import main

REGISTRY = """\
# yaml-language-server: $schema=schema/sources.schema.json
sources:
  000_df8020ce1ef839d3.txt:
    title: "Bonus / Kicker"
    publisher: A wiki
    published: null
    url: https://example.org/kicker
    language: [de, en]
    note: Undated wiki page, used by this test.
"""

K = "spec/rules/kicker.yaml"
S = "spec/sources.yaml"


def bad(tmp_path, text: str, spec=None) -> list[str]:
    return errors_of(spec if spec is not None else make_spec(tmp_path, {"kicker.yaml": text}))


def _registry(spec, text: str = REGISTRY) -> None:
    (spec / SOURCES_FILE).write_text(text, encoding="utf-8")


def test_the_projects_spec_has_a_registry_listing_every_source_it_uses():
    registry = yaml.safe_load((REPO / "spec" / SOURCES_FILE).read_text(encoding="utf-8"))["sources"]
    spec = load_spec(REPO / "spec")  # raises on an unlisted source or a bad registry entry
    used = {entry.source for spec_file in spec.files for entry in spec_file.entries}
    assert used <= set(registry)
    for source in registry.values():
        assert source["url"] or source.get("note"), "an unknown url needs a note saying why"


def test_every_ruling_of_the_project_names_a_catalog_card_and_a_date_or_why_not():
    spec = load_spec(REPO / "spec")
    rulings = [e for f in spec.files for e in f.entries if e.kind == "ruling"]
    assert rulings
    for entry in rulings:
        assert entry.card in spec.cards, entry.id
        assert entry.date or entry.note, entry.id


def test_a_source_missing_from_the_registry_is_reported_at_its_field(tmp_path):
    text = EXAMPLE.replace("source: 000_df8020ce1ef839d3.txt", "source: 999_unknown.txt")
    spec = make_spec(tmp_path, {"kicker.yaml": text})
    _registry(spec)
    errors = bad(tmp_path, text, spec=spec)
    assert errors == [f"{at(K, text, '999_unknown.txt')}: entries[0].source: source '999_unknown.txt' is not "
                      f"in the sources registry ({S}); add it there with its title, publisher, published, url "
                      "and language"]


def test_a_registry_entry_with_a_missing_field_is_reported(tmp_path):
    registry = REGISTRY.replace("    publisher: A wiki\n", "").replace("url: https://example.org/kicker", "url: null")
    registry = registry.replace("    note: Undated wiki page, used by this test.\n", "")
    spec = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    _registry(spec, registry)
    errors = bad(tmp_path, EXAMPLE, spec=spec)
    entry_at = at(S, registry, "title:")
    assert f"{entry_at}: sources[\"000_df8020ce1ef839d3.txt\"]: 'publisher' is required" in errors
    assert (f"{entry_at}: sources[\"000_df8020ce1ef839d3.txt\"]: 'note' is required "
            "(url is null: the note says why it is not known)") in errors
    assert (f"{entry_at}: sources[\"000_df8020ce1ef839d3.txt\"]: 'note' is required "
            "(published is null: the note says why it is not known)") in errors
    assert len(errors) == 3


def test_an_unknown_registry_field_and_a_bad_url_are_reported(tmp_path):
    registry = REGISTRY.replace("    language: [de, en]\n", "    language: [de, en]\n    lang: de\n").replace(
        "https://example.org/kicker", "example.org/kicker")
    spec = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    _registry(spec, registry)
    errors = bad(tmp_path, EXAMPLE, spec=spec)
    assert errors == [
        f"{at(S, registry, 'example.org/kicker')}: sources[\"000_df8020ce1ef839d3.txt\"].url: 'example.org/kicker' "
        "does not match '^https?://[^\\\\s]+$'",
        f"{at(S, registry, 'lang: de')}: sources[\"000_df8020ce1ef839d3.txt\"].lang: unknown field 'lang' "
        "(allowed: title, publisher, published, url, language, note)",
    ]


def test_a_ruling_needs_its_card_and_a_date_or_a_note(tmp_path):
    text = EXAMPLE.replace("    card: Burst Lightning\n", "").replace('    date: "2021-06-18"\n', "")
    errors = bad(tmp_path, text)
    entry_at = at(K, text, "id: kicker/")
    reason = "(a ruling names its card, and its date or a note saying why no date is known)"
    assert errors == [f"{entry_at}: entries[0]: 'card' is required {reason}",
                      f"{entry_at}: entries[0]: needs 'date' or 'note' {reason}"]
    with_note = text.replace("    kind: ruling\n", "    kind: ruling\n    card: Cancel\n"
                                                    "    note: The source gives no date.\n")
    spec = make_spec(tmp_path / "ok", {"kicker.yaml": with_note})
    assert load_spec(spec).files[0].entries[0].card == "Cancel"


def test_a_rulings_card_must_be_in_the_catalog(tmp_path):
    text = EXAMPLE.replace("    card: Burst Lightning\n", "    card: Burst Lightening\n")
    errors = bad(tmp_path, text)
    assert errors == [f"{at(K, text, 'Burst Lightening')}: entries[0].card: card 'Burst Lightening' is not in "
                      "the catalog (spec/cards/); a ruling names the exact Oracle name of the card it is about"]


def test_validate_reports_sources_problems_with_file_line_and_field(tmp_path, capsys):
    spec = tmp_path / "spec"
    shutil.copytree(REPO / "spec" / "cards", spec / "cards")
    (spec / "rules").mkdir()
    text = EXAMPLE.replace("source: 000_df8020ce1ef839d3.txt", "source: 999_unknown.txt")
    (spec / "rules" / "kicker.yaml").write_text(text, encoding="utf-8")
    _registry(spec, REGISTRY.replace("    language: [de, en]\n", ""))
    assert main(["validate", "--spec", str(spec)]) == 1
    err = capsys.readouterr().err
    assert f"{at(K, text, '999_unknown.txt')}: entries[0].source: source '999_unknown.txt'" in err
    assert f"{at(S, REGISTRY, 'title:')}: sources[\"000_df8020ce1ef839d3.txt\"]: 'language' is required" in err
