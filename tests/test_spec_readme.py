"""The worked example in spec/README.md is a valid spec file (documentation that cannot rot)."""

from __future__ import annotations

from spec_helpers import REPO, make_spec

from generator.loader import load_spec


def test_readme_worked_example_validates(tmp_path):
    readme = (REPO / "spec" / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in readme.split("```yaml\n")[1:]]
    (example,) = [b for b in blocks if b.startswith("# yaml-language-server") and "entries:" in b]
    spec = load_spec(make_spec(tmp_path, {"worked-example.yaml": example}))
    entry = spec.entry("kicker/multikicker-counters-equal-times-kicked")
    assert [i.name for i in entry.items()] == ["put-onto-battlefield-is-not-kicked", "counters-equal-times-kicked"]
    assert entry.all_features(entry.scenarios[0]) == ("kicker", "multikicker", "put-onto-battlefield")
