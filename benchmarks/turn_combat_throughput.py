"""Reference engine throughput for scenarios that cross a turn and include combat: full
scenarios per second, in-process, one core (target: >= 10,000/s).

A scenario = set up a game, play through at least one turn change (untap, draw, cleanup,
mana pools emptying) and a combat (attack, block, combat damage), reading the view after
each step, as a conformance run does per test. Prints scenarios/second per case and overall;
no timed assertion. Run: python benchmarks/turn_combat_throughput.py [seconds-per-case]
"""

from __future__ import annotations

import sys

from engine_throughput import report

LIB = [{"card": "Forest", "label": "a1"}]
BOB_LIB = [{"card": "Island", "label": "b1"}]

CASES = {
    "kicked-kavu-titan-tramples-next-turn": {
        "setup": {"players": {"alice": {"hand": [{"card": "Kavu Titan", "label": "kavu"}], "library": LIB,
                                        "mana": "{G}{G}{G}{G}{G}"},
                              "bob": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}],
                                      "library": BOB_LIB}}},
        "steps": [{"cast": {"card": "kavu", "kicks": 1}}, {"resolve": {}},
                  {"advance": {"turn": "next", "to": "main1"}},
                  {"advance": {"turn": "next", "to": "main1"}},
                  {"declare_attackers": {"attackers": [{"card": "kavu"}]}},
                  {"declare_blockers": {"blockers": [{"card": "bears", "blocks": "kavu"}]}},
                  {"advance": {"to": "combat_damage"}}],
    },
    "angel-attacks-then-blocks-next-turn": {
        "setup": {"players": {"alice": {"battlefield": [{"card": "Serra Angel", "label": "angel"}],
                                        "library": LIB},
                              "bob": {"battlefield": [{"card": "Savannah Lions", "label": "lions"}],
                                      "library": BOB_LIB}}},
        "steps": [{"declare_attackers": {"attackers": [{"card": "angel"}]}},
                  {"advance": {"to": "combat_damage"}},
                  {"advance": {"turn": "next", "to": "main1"}},
                  {"declare_attackers": {"attackers": [{"card": "lions"}]}},
                  {"declare_blockers": {"blockers": [{"card": "angel", "blocks": "lions"}]}},
                  {"advance": {"to": "main2"}}],
    },
    "haste-attack-then-end-of-turn": {
        "setup": {"players": {"alice": {"hand": [{"card": "Goblin Ruinblaster", "label": "goblin"}],
                                        "mana": "{R}{R}{R}"},
                              "bob": {"library": BOB_LIB}}},
        "steps": [{"cast": {"card": "goblin"}}, {"resolve": {}},
                  {"declare_attackers": {"attackers": [{"card": "goblin"}]}},
                  {"advance": {"to": "combat_damage"}},
                  {"advance": {"turn": "next", "to": "upkeep"}}],
    },
}


def main(argv) -> int:
    report(CASES, "scenario (crosses a turn, has combat)", float(argv[1]) if len(argv) > 1 else 1.0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
