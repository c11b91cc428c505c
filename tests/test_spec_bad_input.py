"""Every kind of bad spec input is reported with file:line:column, field path and a clear message.

Positions are computed from where the offending text is in the fixture (spec_helpers.at), so each
assertion checks the exact place the loader names.
"""

from __future__ import annotations

from pathlib import Path

from spec_helpers import EXAMPLE, RULE_HEADER, at, errors_of, make_spec

from generator.loader import load_spec

K = "spec/rules/kicker.yaml"
SCEN = "entries[0].scenarios[0]"


def bad(tmp_path: Path, text: str, name: str = "kicker.yaml") -> list[str]:
    return errors_of(make_spec(tmp_path, {name: text}))


def test_malformed_yaml_is_reported_at_the_parser_mark(tmp_path):
    text = EXAMPLE.replace("kicks: 1, targets: [bob]", "kicks: 1, targets: [bob")
    (error,) = bad(tmp_path, text)
    # the parser stops where the flow mapping closes inside the unclosed sequence
    where = at(K, text, '[bob, pay: "{R}{R}{R}{R}{R}"}', len('[bob, pay: "{R}{R}{R}{R}{R}"'))
    assert error.startswith(f"{where}: invalid YAML:")
    assert "while parsing a flow sequence expected ',' or ']', but got '}'" in error


def test_tab_indentation_is_malformed_yaml_with_position(tmp_path):
    text = RULE_HEADER + "title: x\nrules_version: \"2026-06-19\"\nentries:\n\t- id: a\n"
    (error,) = bad(tmp_path, text)
    assert error.startswith(f"{K}:5:1: invalid YAML:") and "\\t" in error


def test_unknown_field_is_reported_at_its_key(tmp_path):
    text = EXAMPLE.replace("kicks: 1, targets: [bob]", "kicks: 1, kickz: 2, targets: [bob]")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'kickz')}: {SCEN}.steps[0].cast.kickz: unknown field 'kickz' "
        "(allowed: card, by, from, alternative, kicks, kickers, x, targets, pay, sticker, modes, conspire, divide, "
        "phyrexian_life, buyback, blight, adventure, choices, half, fuse, face, labels, copy_labels)"
    ]


def test_unknown_top_level_and_entry_fields(tmp_path):
    text = EXAMPLE.replace("title:", "titel: x\ntitle:").replace("    kind: ruling", "    kind: ruling\n    ruling: 1")
    errors = bad(tmp_path, text)
    assert errors[0].startswith(f"{at(K, text, 'titel')}: titel: unknown field 'titel'")
    assert errors[1].startswith(f"{at(K, text, 'ruling: 1')}: entries[0].ruling: unknown field 'ruling'")
    assert len(errors) == 2


def test_wrong_type(tmp_path):
    text = EXAMPLE.replace("kicks: 1,", 'kicks: "one",')
    where = at(K, text, '"one"')
    assert bad(tmp_path, text) == [
        f"{where}: {SCEN}.steps[0].cast.kicks: 'one' is not of type 'integer'"
    ]


def test_negative_kicks_matches_the_documented_format(tmp_path):
    text = EXAMPLE.replace("kicks: 1,", "kicks: -1,")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'kicks: -1', 7)}: {SCEN}.steps[0].cast.kicks: -1 is less than the minimum of 0"
    ]


def test_unquoted_date_and_rule_number_get_a_quoting_hint(tmp_path):
    text = EXAMPLE.replace('date: "2021-06-18"', "date: 2021-06-18").replace('"601.2b", "701.6"', '"601.2b", 701.6')
    assert bad(tmp_path, text) == [
        f"{at(K, text, '2021-06-18')}: entries[0].date: 2021-06-18 is a YAML date, not a string: "
        'quote it ("2021-06-18")',
        f"{at(K, text, '701.6')}: entries[0].cites[2]: 701.6 is a YAML number, not a string: "
        'quote it ("701.6")',
    ]


def test_duplicate_entry_id_across_files_names_both_places(tmp_path):
    other = EXAMPLE.replace("title: Kicker, multikicker and sticker kicker", "title: Other")
    spec = make_spec(tmp_path, {"kicker.yaml": EXAMPLE, "other.yaml": other})
    first = at(K, EXAMPLE, "kicker/kicked")
    second = at("spec/rules/other.yaml", other, "kicker/kicked")
    assert errors_of(spec) == [
        f"{second}: entries[0].id: duplicate entry id 'kicker/kicked-spell-is-one-spell' (also at {first})"
    ]


def test_card_name_not_in_the_catalog(tmp_path):
    text = EXAMPLE.replace("card: Cancel,", "card: Cancell,")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'Cancell')}: {SCEN}.setup.players.bob.hand[0].card: card 'Cancell' is not in the "
        "catalog (spec/cards/)"
    ]


def test_label_used_but_not_set_up_in_a_step_a_target_and_an_expect_key(tmp_path):
    text = (EXAMPLE.replace("- cast: {card: bolt2,", "- cast: {card: bolt3,")
            .replace("targets: [bolt]", "targets: [bolt9]")
            .replace("cards: {bolt: {zone: graveyard}}", "cards: {zap: {zone: graveyard}}"))
    labels = "(labels: bolt, bolt2, cancel)"
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'bolt9')}: {SCEN}.steps[1].cast.targets[0]: label 'bolt9' is not set up in this "
        f"scenario's setup {labels}",
        f"{at(K, text, 'zap')}: {SCEN}.steps[2].expect.cards.zap: label 'zap' is not set up in this "
        f"scenario's setup {labels}",
        f"{at(K, text, 'bolt3')}: {SCEN}.steps[3].cast.card: label 'bolt3' is not set up in this "
        f"scenario's setup {labels}",
    ]


def test_a_player_name_is_a_valid_target_but_not_a_card(tmp_path):
    text = EXAMPLE.replace("- cast: {card: bolt2,", "- cast: {card: bob,")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'card: bob', 6)}: {SCEN}.steps[3].cast.card: label 'bob' is not set up in this "
        "scenario's setup (labels: bolt, bolt2, cancel)"
    ]


def test_duplicate_label(tmp_path):
    text = EXAMPLE.replace("label: bolt2}", "label: bolt}")
    first_line = at(K, text, "label: bolt}").split(":")[1]
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'bolt}', occurrence=2)}: {SCEN}.setup.players.alice.hand[1].label: duplicate label "
        f"'bolt' (first at line {first_line})",
        f"{at(K, text, 'card: bolt2', 6)}: {SCEN}.steps[3].cast.card: label 'bolt2' is not set up in this "
        "scenario's setup (labels: bolt, cancel)",
    ]


def test_unknown_feature_tag(tmp_path):
    text = EXAMPLE.replace("features: [counter, kicker, timing]", "features: [counter, kickerr, timing]")
    (error,) = bad(tmp_path, text)
    assert error.startswith(f"{at(K, text, 'kickerr')}: {SCEN}.features[1]: unknown feature tag 'kickerr' "
                            "(known: kicker, multikicker, ")


def test_scenario_without_any_expect(tmp_path):
    text = (EXAMPLE.replace("            expect:\n              stack: [{source: bolt, kicked: true, times_kicked: 1}]\n", "")
            .replace("            expect:\n              cards: {bolt: {zone: graveyard}}\n"
                     "              players: {bob: {life: 20}}\n", "")
            .replace("            expect: {illegal: true, rule: 702.33d}\n", ""))
    assert "expect" not in text.split("properties:")[0].split("scenarios:")[1]
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'name: cancel-counters')}: {SCEN}: scenario 'cancel-counters-kicked-spell' has no "
        "expect: at least one step needs an expectation"
    ]


def test_card_file_name_must_match_the_card(tmp_path):
    spec = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    (spec / "cards" / "mountain.yaml").rename(spec / "cards" / "mountains.yaml")
    text = (spec / "cards" / "mountains.yaml").read_text(encoding="utf-8")
    where = at("spec/cards/mountains.yaml", text, '"Mountain"')
    assert errors_of(spec) == [
        f"{where}: name: the file name mountains.yaml does not "
        "match the card name 'Mountain' (expected mountain.yaml)"
    ]


def test_bad_card_file_fields(tmp_path):
    spec = make_spec(tmp_path, {"kicker.yaml": EXAMPLE})
    path = spec / "cards" / "cancel.yaml"
    text = path.read_text(encoding="utf-8").replace("mana_value: 3", "mana_value: -3\nrarity: common")
    path.write_text(text, encoding="utf-8")
    assert errors_of(spec) == [
        f"{at('spec/cards/cancel.yaml', text, '-3')}: mana_value: -3 is less than the minimum of 0",
        f"{at('spec/cards/cancel.yaml', text, 'rarity')}: rarity: unknown field 'rarity' (allowed: name, "
        "mana_cost, mana_value, colors, color_identity, types, supertypes, subtypes, type_line, power, "
        "toughness, loyalty, oracle_text, keywords, layout, scryfall_oracle_id, card_faces)",
    ]


def test_parameter_expressions_only_inside_properties(tmp_path):
    text = EXAMPLE.replace("kicks: 1,", "kicks: {param: n},")
    assert bad(tmp_path, text) == [
        f"{at(K, text, '{param: n},')}: {SCEN}.steps[0].cast.kicks: {{'param': 'n'}} is not of type 'integer'"
    ]


def test_undeclared_parameter_in_a_property(tmp_path):
    text = EXAMPLE.replace("kicks: {param: n}", "kicks: {param: m}")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'param: m', 7)}: entries[0].properties[0].steps[0].cast.kicks.param: parameter 'm' is "
        "not declared in given"
    ]


def test_a_step_needs_exactly_one_action(tmp_path):
    text = EXAMPLE.replace("      - resolve: {}\n            expect:\n              cards",
                           "      - resolve: {}\n            pass_until_empty: {}\n            expect:\n              cards")
    text = text.replace("      - cast: {card: cancel,", "      - expect: {}\n          - cast: {card: cancel,")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'expect: {}')}: {SCEN}.steps[1]: a step needs exactly one action: one of cast, resolve, "
        "pass_until_empty, put_onto_battlefield, tap_for_mana, advance, declare_attackers, declare_blockers, "
        "activate, play_land, pass, try",
        f"{at(K, text, 'resolve: {}')}: {SCEN}.steps[3]: a step has exactly one action, found 2: resolve, "
        "pass_until_empty",
    ]


def test_duplicate_yaml_key_is_an_error_not_silently_dropped(tmp_path):
    text = EXAMPLE.replace("    kind: ruling\n", "    kind: ruling\n    kind: rule\n")
    errors = bad(tmp_path, text)
    second, first_line = at(K, text, "kind: rule\n"), at(K, text, "kind: ruling").split(":")[1]
    assert f"{second}: entries[0].kind: duplicate key 'kind' (first at line {first_line})" in errors


def test_missing_required_fields_and_rule_without_number(tmp_path):
    text = EXAMPLE.replace("    kind: ruling\n", "    kind: rule\n").replace("      en: \"A kicked", "      de2: \"A kicked")
    errors = bad(tmp_path, text)
    entry_at = at(K, text, "id: kicker/")
    assert errors == [
        f"{entry_at}: entries[0]: an entry of kind 'rule' needs 'rule' (the rule number it states)",
        f"{at(K, text, 'de2')}: entries[0].text: 'en' is required",
        f"{at(K, text, 'de2')}: entries[0].text.de2: unknown field 'de2' (allowed: en, de, fr, translated)",
    ]


def test_several_errors_in_several_files_are_reported_at_once(tmp_path):
    one = (EXAMPLE.replace("kicks: 1,", "kicks: -1,")
           .replace("card: Cancel,", "card: Cancell,")
           .replace("[kicker, counter]", "[kicker, countr]"))
    two = RULE_HEADER + "title: Broken\nrules_version: \"2026-06-19\"\nentries: [\n"
    three = EXAMPLE.replace("kicker/kicked-spell-is-one-spell", "kicker/other").replace("label: cancel}", "label: Cancel}")
    spec = make_spec(tmp_path, {"kicker.yaml": one, "broken.yaml": two, "three.yaml": three})
    errors = errors_of(spec)
    assert len(errors) == 6, errors
    assert [e.split(":")[0] for e in errors] == ["spec/rules/broken.yaml"] + [K] * 3 + ["spec/rules/three.yaml"] * 2
    assert "invalid YAML" in errors[0]
    assert "unknown feature tag 'countr'" in errors[1]
    assert "card 'Cancell' is not in the catalog" in errors[2]
    assert "-1 is less than the minimum of 0" in errors[3]
    assert "label: 'Cancel' does not match" in errors[4]
    assert "label 'cancel' is not set up" in errors[5]


def test_missing_header_line(tmp_path):
    text = EXAMPLE.replace(RULE_HEADER, "")
    assert bad(tmp_path, text) == [
        f"{K}:1:1: the first line must be '# yaml-language-server: $schema=../schema/spec-file.schema.json'"
    ]


def test_empty_file(tmp_path):
    assert bad(tmp_path, RULE_HEADER) == [f"{K}:1:1: the file is empty"]


def test_long_instances_are_shortened_in_messages(tmp_path):
    text = EXAMPLE.replace("        features: [counter, kicker, timing]\n", "        features: [counter, kicker, timing]\n        description: " + "{" + ", ".join(f"k{i}: {i}" for i in range(200)) + "}\n", 1)
    text = text.replace("        description: One Cancel counters the whole kicked Burst Lightning.\n", "")
    (error,) = bad(tmp_path, text)
    assert error.startswith(f"{at(K, text, '{k0')}: {SCEN}.description: {{'k0': 0,")
    assert error.endswith(" ...") and len(error) < 400


def test_ruling_with_rule_number_and_entry_without_tests(tmp_path):
    head, _, _ = EXAMPLE.partition("    scenarios:\n")
    text = head.replace("    kind: ruling\n", "    kind: ruling\n    rule: 702.33d\n").replace(
        '      de: "Ein', '      translated: true\n      xx: "Ein')
    errors = bad(tmp_path, text)
    assert errors == [
        f"{at(K, text, 'id: kicker/')}: entries[0]: an entry needs at least one scenario or property",
        f"{at(K, text, 'rule: 702')}: entries[0].rule: 'rule' is only for entries of kind 'rule'",
        f"{at(K, text, 'true')}: entries[0].text.translated: translated: true needs the original text (de or fr)",
        f"{at(K, text, 'xx')}: entries[0].text.xx: unknown field 'xx' (allowed: en, de, fr, translated)",
    ]


def test_non_string_key_is_reported_once(tmp_path):
    text = EXAMPLE.replace("cards: {bolt: {zone: graveyard}}", "cards: {bolt: {zone: graveyard}, 7: {zone: hand}}")
    assert bad(tmp_path, text) == [
        f"{at(K, text, '7: {zone')}: {SCEN}.steps[2].expect.cards[\"7\"]: the key '7' is not a string (quote it)"
    ]


def test_later_vocabulary_needs_its_feature_tag(tmp_path):
    """A step kind or view field added after protocol 1.0 without its tag would reach engines
    that never declared it (and fail there instead of being unsupported)."""
    old = "              players: {bob: {life: 20}}\n"
    assert old in EXAMPLE
    text = EXAMPLE.replace(old, "              players: {bob: {life: 20, lost: false}}\n"
                                "          - advance: {to: main2}\n            expect: {turn: {step: main2}}\n")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'lost')}: {SCEN}.steps[2].expect.players.bob.lost: view field `players.*.lost` needs "
        "feature 'player-loss': add it to the scenario's or the entry's features",
        f"{at(K, text, 'advance')}: {SCEN}.steps[3].advance: step `advance` needs feature 'turn-structure': "
        "add it to the scenario's or the entry's features",
    ]
    tagged = text.replace("features: [counter, kicker, timing]",
                          "features: [counter, kicker, timing, player-loss, turn-structure]")
    load_spec(make_spec(tmp_path / "tagged", {"kicker.yaml": tagged}))  # loads cleanly


def test_choice_vocabulary_needs_its_feature_tag(tmp_path):
    """`cast.modes` and the cost choices came after protocol 1.0: validate names the missing tag
    at the field (the card does not matter to the check)."""
    text = EXAMPLE.replace("kicks: 1, targets: [bob]",
                           "kicks: 1, targets: [bob], modes: [0], choices: {sacrifice_cost: [bolt]}")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'modes')}: {SCEN}.steps[0].cast.modes: field `cast.modes` needs feature 'modes': "
        "add it to the scenario's or the entry's features",
        f"{at(K, text, 'sacrifice_cost')}: {SCEN}.steps[0].cast.choices.sacrifice_cost: choice `sacrifice_cost` "
        "needs feature 'sacrifice-tap-costs': add it to the scenario's or the entry's features",
    ]


POOL_HINT = ("is not mana in a pool or payment: {W} {U} {B} {R} {G} {C} symbols only (a pool holds mana of a color "
             "or colorless, never generic {1}, {X} or hybrid), \"\" or \"{0}\" for none")


def test_a_pool_or_payment_holds_no_generic_or_hybrid_mana(tmp_path):
    """The reference engine answers `errored` for a setup pool or a `pay` with generic, X or
    hybrid symbols (106.4: mana has a type); validate rejects them first, naming the field."""
    text = (EXAMPLE.replace('mana: "{U}{U}{U}"', 'mana: "{1}{G}{R}"')
            .replace('pay: "{R}{R}{R}{R}{R}"', 'pay: "{X}{R}"')
            .replace('pay: "{U}{U}{U}"', 'pay: "{W/U}{U}{U}"'))
    pool, x, hybrid = (at(K, text, f'"{m}"') for m in ("{1}{G}{R}", "{X}{R}", "{W/U}{U}{U}"))
    assert bad(tmp_path, text) == [
        f"{pool}: {SCEN}.setup.players.bob.mana: '{{1}}{{G}}{{R}}' {POOL_HINT}",
        f"{x}: {SCEN}.steps[0].cast.pay: '{{X}}{{R}}' {POOL_HINT}",
        f"{hybrid}: {SCEN}.steps[1].cast.pay: '{{W/U}}{{U}}{{U}}' {POOL_HINT}",
    ]


def test_a_pool_built_by_a_property_expression_is_checked_too(tmp_path):
    text = EXAMPLE.replace('{repeat: {mana: "{G}{C}"', '{repeat: {mana: "{1}{G}"')
    where = at(K, text, '"{1}{G}"')
    assert bad(tmp_path, text) == [
        f"{where}: entries[0].properties[0].setup.players.alice.mana.mana[1].repeat.mana: "
        f"'{{1}}{{G}}' in this expression {POOL_HINT}",
    ]


SPLIT = RULE_HEADER + """\
title: Split cards
rules_version: "2026-06-19"
entries:
  - id: split/halves
    kind: rule
    rule: "709.3"
    source: MagicCompRules-2026-06-19.txt
    text: {en: "A player chooses which half of a split card they are casting before putting it onto the stack."}
    cites: ["709.3"]
    features: [split-cards]
    scenarios:
      - name: halves
        setup: {players: {alice: {hand: [{card: Fire // Ice, label: fi}], mana: "{R}{R}"}}}
        steps:
          - cast: {card: fi, targets: [bob]}
          - cast: {card: fi, half: Frie, targets: [bob]}
          - cast: {card: fi, half: Fire, targets: [bob]}
            expect: {stack: [{source: fi}]}
"""


def test_the_half_of_a_split_card_is_one_of_its_halves(tmp_path):
    """The engine answers `errored` for a split card cast without a half or with a half it doesn't
    have (709.3); validate names the field and the card's halves."""
    errors = errors_of(make_spec(tmp_path, {"split.yaml": SPLIT}, ("fire-ice",)))
    path = "spec/rules/split.yaml"
    assert errors == [
        f"{at(path, SPLIT, '{card: fi, targets')}: {SCEN}.steps[0].cast: Fire // Ice is a split card: `half` "
        "names the half cast (one of Fire, Ice), or `fuse: true`",
        f"{at(path, SPLIT, 'Frie')}: {SCEN}.steps[1].cast.half: Fire // Ice has no half named 'Frie' "
        "(its halves: Fire, Ice)",
    ]


def test_a_division_needs_the_divided_damage_tag_and_names_targets(tmp_path):
    """`cast.divide` came after protocol 1.0 (feature divided-damage); its keys are labels or
    players set up in the scenario, like targets."""
    text = EXAMPLE.replace("kicks: 1, targets: [bob]", "kicks: 1, targets: [bob], divide: {bob: 1, zap: 1}")
    assert bad(tmp_path, text) == [
        f"{at(K, text, 'divide')}: {SCEN}.steps[0].cast.divide: field `cast.divide` needs feature 'divided-damage': "
        "add it to the scenario's or the entry's features",
        f"{at(K, text, 'zap: 1')}: {SCEN}.steps[0].cast.divide.zap: label 'zap' is not set up in this scenario's "
        "setup (labels: bolt, bolt2, cancel)",
    ]


def test_validate_applies_generates_file_name_rule(tmp_path):
    """A rule file whose name cannot make a module name: generate always rejected it; validate
    said OK. Both now report it the same way, before anything is written."""
    import subprocess
    import sys

    root = make_spec(tmp_path, {"Kicker_Rules.yaml": EXAMPLE})
    expected = ("spec/rules/Kicker_Rules.yaml: spec file name 'Kicker_Rules.yaml' must be lower-case words "
                "joined by '-' ending in .yaml")
    assert errors_of(root) == [expected]
    for command in (["validate", "--spec", str(root)], ["generate", "--spec", str(root), "--out", str(tmp_path / "out")]):
        done = subprocess.run([sys.executable, "-m", "mtg_conformance", *command], capture_output=True, text=True,
                              timeout=60, cwd=Path(__file__).resolve().parent.parent)
        assert done.returncode == 1, done.stdout
        assert done.stderr.splitlines()[0] == expected
    assert not (tmp_path / "out").exists()
