"""The contract's generated parts are fresh, and the feature registry names every tag once.

Why: the per-feature pages (docs/features/), ADAPTERS.md's features table and its worked
session are built from one home each (generator/contract_docs.py); a stale page would be a
second, wrong home of the contract.
"""

from __future__ import annotations

import json
import re

import pytest

from generator import contract_docs
from mtg_adapter.features import FEATURES


def test_generated_contract_pages_are_up_to_date():
    assert contract_docs.stale(contract_docs.build()) == [], "run `python -m generator.contract_docs`"


def test_registry_names_every_feature_tag_in_order():
    assert list(contract_docs.load_registry()) == list(FEATURES)


def test_registry_missing_a_tag_is_an_error(tmp_path):
    text = contract_docs.REGISTRY.read_text(encoding="utf-8")
    broken = tmp_path / "registry.yaml"
    broken.write_text(re.sub(r"\n  conspire:\n(    .*\n)+", "\n", text), encoding="utf-8")
    with pytest.raises(contract_docs.RegistryError, match="missing \\['conspire'\\]"):
        contract_docs.load_registry(broken)


def test_worked_session_hello_declares_what_the_reference_engine_declares():
    adapters = contract_docs.SESSION_PAGE.read_text(encoding="utf-8")
    session = adapters.split(contract_docs.SESSION_MARKERS[0])[1].split(contract_docs.SESSION_MARKERS[1])[0]
    lines = session.strip().strip("`").strip().splitlines()
    messages, current = [], ""
    for line in lines:
        if line[:2] in ("> ", "< "):
            if current:
                messages.append(json.loads(current))
            current = line[2:]
        else:
            current += line.strip()
    messages.append(json.loads(current))
    assert messages[0] == {"cmd": "hello", "protocol": 1}
    assert messages[1]["features"] == list(FEATURES)
    assert messages[-1] == {"ok": True} and messages[-2] == {"cmd": "stop"}


def test_every_later_feature_page_says_what_it_adds():
    pages = contract_docs.render_pages(contract_docs.load_registry(), {}, {})
    for tag, entry in contract_docs.load_registry().items():
        if entry["since"] == "later":
            assert "## What it adds to the contract" in pages[f"{tag}.md"] or tag in (
                "player-loss", "damage-marked"), tag  # these two add only a view field (schema table)


def test_session_lines_are_cut_only_between_json_values():
    text = json.dumps({"a": "x,y", "b": [1, 2], "c": 'q\\",'}, separators=(",", ":"))
    assert contract_docs._chunks(text) == ['{"a":"x,y",', '"b":[1,', '2],', '"c":"q\\\\\\","}']


def test_adapters_md_stays_a_core_read_in_one_sitting():
    """ADAPTERS.md is the contract's core (transport, messages, case, view, judging, checklist);
    the harness's operation lives in docs/RUNNING.md and each feature on its own page. A core
    that grows past this bound has taken in something that has another home (issue #35)."""
    adapters = contract_docs.ADAPTERS.read_text(encoding="utf-8")
    assert len(adapters) <= 45_000, f"ADAPTERS.md is {len(adapters):,} characters: move what is not core out"
