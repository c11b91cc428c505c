"""The comparator: partial dict matching, ordered lists, strict scalars, readable paths."""

from mtg_adapter.compare import check_illegal, compare, format_diff


def test_partial_dict_ignores_keys_not_mentioned():
    observed = {"players": {"bob": {"life": 17, "mana": ""}}, "stack": []}
    assert compare({"players": {"bob": {"life": 17}}}, observed) == []


def test_scalar_mismatch_reports_path_expected_and_observed():
    observed = {"stack": [{"source": "bolt", "times_kicked": 1}]}
    diffs = compare({"stack": [{"times_kicked": 2}]}, observed)
    assert format_diff(diffs, indent="") == "stack[0].times_kicked: expected 2, observed 1"


def test_missing_key_is_reported():
    diffs = compare({"cards": {"bolt": {"zone": "graveyard"}}}, {"cards": {"bolt": {}}})
    assert [d.kind for d in diffs] == ["missing"]
    assert "cards.bolt.zone: expected \"graveyard\", observed nothing" in format_diff(diffs)


def test_lists_need_same_length():
    diffs = compare({"stack": []}, {"stack": [{"source": "bolt"}]})
    assert [(d.path, d.kind) for d in diffs] == [("stack", "length")]
    assert "expected 0 item(s), observed 1" in format_diff(diffs)


def test_list_items_match_in_order():
    observed = {"tokens": [{"name": "A"}, {"name": "B"}]}
    assert compare({"tokens": [{"name": "A"}, {"name": "B"}]}, observed) == []
    diffs = compare({"tokens": [{"name": "B"}, {"name": "A"}]}, observed)
    assert [d.path for d in diffs] == ["tokens[0].name", "tokens[1].name"]


def test_booleans_never_equal_numbers():
    assert compare({"x": 1}, {"x": True})[0].kind == "type"
    assert compare({"kicked": False}, {"kicked": 0})[0].kind == "type"
    assert compare({"x": 1}, {"x": 1.0}) == []


def test_null_expected_vs_missing_key():
    assert compare({"alternative": None}, {})[0].kind == "missing"
    assert compare({"alternative": None}, {"alternative": None}) == []


def test_keys_that_are_not_identifiers_are_quoted():
    diffs = compare({"cards": {"kavu": {"counters": {"+1/+1": 3}}}}, {"cards": {"kavu": {"counters": {"+1/+1": 2}}}})
    assert diffs[0].path == 'cards.kavu.counters["+1/+1"]'


def test_dict_expected_but_scalar_observed():
    assert compare({"players": {"bob": {"life": 17}}}, {"players": {"bob": 17}})[0].path == "players.bob"


def test_exact_comparison_reports_extra_keys():
    diffs = compare({"a": 1}, {"a": 1, "b": 2}, partial=False)
    assert [(d.path, d.kind) for d in diffs] == [("b", "extra")]
    assert "b: not expected, observed 2" in format_diff(diffs)


def test_illegal_needs_illegal_status():
    problems = check_illegal({"status": "ok", "view": {}}, {})
    assert problems and "engine allowed the step" in problems[0]


def test_illegal_needs_unchanged_view():
    before = {"players": {"alice": {"life": 20, "mana": "{R}"}}}
    after = {"players": {"alice": {"life": 20, "mana": ""}}}
    problems = check_illegal({"status": "illegal", "reason": "601.2g", "view": after}, before)
    assert "state changed" in problems[0]
    assert 'players.alice.mana: expected "{R}", observed ""' in problems[1]
    assert check_illegal({"status": "illegal", "view": before}, before) == []


def test_illegal_without_view_before_checks_only_status():
    assert check_illegal({"status": "illegal", "view": {"anything": 1}}, None) == []


def test_a_counter_kind_expected_at_zero_matches_an_absent_kind():
    from mtg_adapter.compare import compare

    observed = {"cards": {"kavu": {"counters": {}}}, "players": {"alice": {"counters": {"ticket": 1}}}}
    assert compare({"cards": {"kavu": {"counters": {"+1/+1": 0}}}}, observed) == []
    assert compare({"players": {"alice": {"counters": {"poison": 0}}}}, observed) == []
    # ...but a present nonzero count still fails, and zero is not special outside counter maps
    assert compare({"players": {"alice": {"counters": {"ticket": 0}}}}, observed)
    assert compare({"cards": {"kavu": {"damage": 0}}}, observed)


def test_an_empty_mapping_expects_an_empty_one():
    """`counters: {}` (the view's "none") expects no counters: read as a partial dict it would
    match any, and 14 scenarios written as "no counters" asserted nothing. Zero counts still
    match; the top level ({} : no expectation) stays partial."""
    from mtg_adapter.compare import compare

    observed = {"players": {"alice": {"counters": {"poison": 1}}, "bob": {"counters": {"poison": 0}}},
                "stack": [{"divide": {"bob": 2}}]}
    [diff] = compare({"players": {"alice": {"counters": {}}}}, observed)
    assert diff.path == "players.alice.counters" and diff.observed == {"poison": 1}
    assert compare({"players": {"bob": {"counters": {}}}}, observed) == []
    assert compare({"stack": [{"divide": {}}]}, observed)
    assert compare({}, observed) == []
