"""Reference engine throughput for a scenario with several interacting continuous effects
(the layer system, 613): full scenarios per CPU second, in-process, one core.

The case: Blade Splicer granting first strike to Stone Golem, Honor of the Pure boosting white
creatures, Joraga Warcaller with two +1/+1 counters boosting an Elf, Scion of the Wild counting
creatures; Turn to Frog on the Splicer (a dependency, 613.8), Diminish and About Face on the Elf
(7b, 7d), Jump on the Golem, Giant Growth on the Scion; the view is read after every step, so
every step computes all layers. Run: python benchmarks/layers_throughput.py [seconds-per-case]
"""

from __future__ import annotations

import sys

from engine_throughput import report

MANA = "{U}{U}{U}{U}{U}{R}{G}{G}{C}"
CASES = {
    "five-spells-eight-permanents": {
        "id": "bench::layers",
        "setup": {"players": {"alice": {
            "battlefield": [{"card": "Blade Splicer", "label": "splicer"}, {"card": "Stone Golem", "label": "golem"},
                            {"card": "Honor of the Pure", "label": "honor"},
                            {"card": "Glory Seeker", "label": "seeker"},
                            {"card": "Joraga Warcaller", "label": "warcaller", "counters": {"+1/+1": 2}},
                            {"card": "Cylian Elf", "label": "elf"}, {"card": "Scion of the Wild", "label": "scion"}],
            "hand": [{"card": "Turn to Frog", "label": "frog"}, {"card": "Diminish", "label": "diminish"},
                     {"card": "About Face", "label": "about"}, {"card": "Jump", "label": "jump"},
                     {"card": "Giant Growth", "label": "growth"}],
            "mana": MANA},
            "bob": {"battlefield": [{"card": "Gray Ogre", "label": "ogre"}]}}},
        "steps": [step for label, target in (("frog", "splicer"), ("diminish", "elf"), ("about", "elf"),
                                             ("jump", "golem"), ("growth", "scion"))
                  for step in ({"cast": {"card": label, "targets": [target]}}, {"resolve": {}})],
    },
}


def main(argv) -> int:
    report(CASES, "scenario", float(argv[1]) if len(argv) > 1 else 1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
