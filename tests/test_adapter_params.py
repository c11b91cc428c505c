"""Parameter expressions: evaluation over data, errors naming the path, the strategy."""

import pytest
from hypothesis import given

from mtg_adapter.params import ParamError, check_given, evaluate, normalize_mana, parameters


def test_param_add_mul_len():
    p = {"n": 3, "c": ["W", "U"]}
    assert evaluate({"param": "n"}, p) == 3
    assert evaluate({"add": [{"param": "n"}, 2]}, p) == 5
    assert evaluate({"mul": [{"param": "n"}, 2]}, p) == 6
    assert evaluate({"len": {"param": "c"}}, p) == 2


def test_mana_concatenation_is_canonical():
    assert evaluate({"mana": ["{G}", {"repeat": {"mana": "{1}{G}", "times": {"param": "n"}}}]}, {"n": 2}) == "{2}{G}{G}{G}"
    assert evaluate({"repeat": {"mana": "{1}{G}", "times": 0}}, {}) == ""
    assert normalize_mana("{C}{R}{W}{1}{X}") == "{X}{1}{W}{R}{C}"


def test_symbols_and_colors():
    assert evaluate({"symbols": ["G", "W", "G"]}, {}) == "{W}{G}{G}"
    assert evaluate({"colors": {"param": "c"}}, {"c": ["R", "C", "W", "R"]}) == ["W", "R"]


def test_data_dicts_are_walked_not_evaluated():
    data = {"players": {"alice": {"mana": "{G}", "hand": [{"card": "Joraga Warcaller", "label": "w"}]}}}
    assert evaluate(data, {}) == data
    nested = {"steps": [{"cast": {"card": "w", "kicks": {"param": "n"}}}]}
    assert evaluate(nested, {"n": 4}) == {"steps": [{"cast": {"card": "w", "kicks": 4}}]}


def test_unknown_parameter_names_path():
    with pytest.raises(ParamError, match=r"steps\[0\]\.cast\.kicks\.param: unknown parameter 'm'"):
        evaluate({"steps": [{"cast": {"kicks": {"param": "m"}}}]}, {"n": 1})


def test_type_errors_name_path():
    with pytest.raises(ParamError, match=r"x\.add\[1\]: expected an integer"):
        evaluate({"x": {"add": [1, "two"]}}, {})
    with pytest.raises(ParamError, match="not one of"):
        evaluate({"symbols": ["Q"]}, {})


def test_check_given_rejects_bad_declarations():
    with pytest.raises(ParamError, match="given.n: unknown generator 'floats'"):
        check_given({"n": {"floats": {}}})
    with pytest.raises(ParamError, match="min 5 is greater than max 1"):
        check_given({"n": {"integers": {"min": 5, "max": 1}}})
    with pytest.raises(ParamError, match="non-empty list"):
        check_given({"k": {"sampled_from": []}})


@given(params=parameters({"n": {"integers": {"min": 0, "max": 6}},
                          "c": {"subsets": ["W", "U", "B", "R", "G"]},
                          "k": {"sampled_from": ["a", "b"]}}))
def test_strategy_draws_within_declaration(params):
    assert set(params) == {"n", "c", "k"}
    assert 0 <= params["n"] <= 6
    assert params["c"] == [x for x in "WUBRG" if x in params["c"]]
    assert params["k"] in ("a", "b")


def test_list_expression_repeats_an_evaluated_item():
    from mtg_adapter.params import ParamError, evaluate

    expr = {"list": {"item": {"name": "Wolf", "power": {"add": [{"param": "n"}, 1]}}, "times": {"param": "n"}}}
    assert evaluate(expr, {"n": 2}) == [{"name": "Wolf", "power": 3}, {"name": "Wolf", "power": 3}]
    assert evaluate(expr, {"n": 0}) == []
    result = evaluate(expr, {"n": 2})
    assert result[0] is not result[1]  # independent copies
    with pytest.raises(ParamError, match="times: must be >= 0"):
        evaluate({"list": {"item": 1, "times": -1}}, {})
