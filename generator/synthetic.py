"""Synthetic but valid spec directories of any size, for the throughput benchmark and tests.

Why: the real spec is small; measuring how generation scales (and testing generate/--check
end to end) needs specs of chosen sizes that the real loader accepts. Each file holds up to
`per_file` scenarios, ten per entry, plus one property per entry when asked.
"""

from __future__ import annotations

import shutil
from pathlib import Path

HEADER = "# yaml-language-server: $schema=../schema/spec-file.schema.json\n"
CARD = "burst-lightning.yaml"

_SCENARIO = """\
      - name: {name}
        description: Kicked Burst Lightning number {n} deals 4 damage.
        setup: {{players: {{alice: {{hand: [{{card: Burst Lightning, label: bolt}}], mana: "{{R}}{{R}}{{R}}{{R}}{{R}}"}}}}}}
        steps:
          - cast: {{card: bolt, kicks: 1, targets: [bob], pay: "{{R}}{{R}}{{R}}{{R}}{{R}}"}}
            expect: {{stack: [{{source: bolt, kicked: true, times_kicked: 1}}]}}
          - resolve: {{}}
            expect: {{players: {{bob: {{life: 16}}}}, cards: {{bolt: {{zone: graveyard}}}}}}
"""

_PROPERTY = """\
    properties:
      - name: kicks-{n}
        given: {{n: {{integers: {{min: 0, max: 1}}}}}}
        setup: {{players: {{alice: {{hand: [{{card: Burst Lightning, label: bolt}}], mana: "{{R}}{{R}}{{R}}{{R}}{{R}}"}}}}}}
        steps:
          - cast: {{card: bolt, kicks: {{param: n}}, targets: [bob]}}
          - resolve: {{}}
            expect: {{players: {{bob: {{life: {{add: [18, {{mul: [{{param: n}}, -2]}}]}}}}}}}}
"""


def _entry(file_no: int, entry_no: int, scenarios: int, with_property: bool) -> str:
    head = (
        f"  - id: synthetic/file-{file_no}/entry-{entry_no}\n"
        "    kind: ruling\n"
        "    source: 000_df8020ce1ef839d3.txt\n"
        "    card: Burst Lightning\n"
        "    note: A synthetic ruling with no date, for speed tests.\n"
        f"    text: {{en: \"Synthetic ruling {file_no}.{entry_no}: a kicked spell is one spell.\"}}\n"
        '    cites: ["702.33d", "601.2b"]\n'
        "    features: [kicker]\n"
        "    scenarios:\n"
    )
    body = "".join(_SCENARIO.format(name=f"case-{k}", n=k) for k in range(scenarios))
    return head + body + (_PROPERTY.format(n=entry_no) if with_property else "")


def write_synthetic_spec(root: Path, scenarios: int, cards_from: Path, *, per_file: int = 1000,
                         per_entry: int = 10, with_property: bool = False) -> Path:
    """Write a spec with `scenarios` scenarios under `root` (rules/, cards/, schema from the
    loader's default). `cards_from` is a card catalog directory holding burst-lightning.yaml."""
    rules = root / "rules"
    cards = root / "cards"
    rules.mkdir(parents=True)
    cards.mkdir(parents=True)
    shutil.copyfile(Path(cards_from) / CARD, cards / CARD)
    left, file_no = scenarios, 0
    while left > 0:
        in_file = min(per_file, left)
        parts = [HEADER, f"title: Synthetic file {file_no}\n", 'rules_version: "2026-06-19"\n', "entries:\n"]
        entry_no = 0
        while in_file > 0:
            n = min(per_entry, in_file)
            parts.append(_entry(file_no, entry_no, n, with_property))
            in_file -= n
            entry_no += 1
        (rules / f"synthetic-{file_no:03d}.yaml").write_text("".join(parts), encoding="utf-8")
        left -= min(per_file, left)
        file_no += 1
    return root
