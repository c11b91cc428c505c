"""Reference engine throughput for scenarios that cross a turn and include combat: full
scenarios per second, in-process, one core (target: >= 10,000/s).

A scenario = set up a game, play through at least one turn change (untap, draw, cleanup,
mana pools emptying) and a combat (attack, block, combat damage), reading the view after
each step, as a conformance run does per test. Prints scenarios/second per case and overall;
no timed assertion. Run: python benchmarks/turn_combat_throughput.py [seconds-per-case]

Measured (2 shared cores, 2026-12-01, 0795a80 and w14speed2 run back to back, same load):
- this benchmark, overall per CPU second, three alternating runs at load 5.0-6.0:
  before 5,338 / 4,962 / 5,531, after 5,520 / 6,555 / 6,863;
- the best of 40 batches of 100 runs per case (less sensitive to load), load 5.4:
  before 228/152/117 us per scenario (kavu/angel/haste; harmonic 5,990/s), after 187/130/106 us
  (harmonic 7,090/s): x1.18;
- instructions per scenario (valgrind cachegrind, independent of load): before 1,750k/1,308k/891k,
  after 1,343k/1,026k/746k: x1.30/x1.27/x1.19; after merging main ac95716 (divided damage,
  modal triggers): main 1,829k/1,310k/956k, this branch 1,386k/1,018k/771k: x1.32/x1.29/x1.24.
At the load of the 0795a80 figure (0.8: 6,574/s) that is about 7,800-8,300/s.

Measured again (2026-12-01, main c2b82c3 and w14speed3 ed3e8b4, both cores busy with a mutmut run):
- instructions per scenario (valgrind --tool=cachegrind --cache-sim=no on a driver running each case
  200 times, minus a run of 0; independent of load): main 1,385k/1,023k/788k (kavu/angel/haste),
  w14speed3 1,226k/894k/735k: x1.13/x1.14/x1.07. Of kavu's 1,226k the 8 views are 348k (main 401k),
  setup 92k (105k), a state-based action check 7.7k (11.5k; 11 per scenario);
- this benchmark, overall per CPU second, three alternating runs at load 4.0-4.3: main 6,858 / 5,502 /
  6,581, w14speed3 7,826 / 6,683 / 8,047 (x1.14-1.22).
At load ~1 (main ~7,100-7,400/s) that is about 8,100-8,900/s: the 10,000/s target is still not
reached. What remains: the view (~28%: an all-hit view is ~26k instructions, keys and dicts for 2
players and 4 cards), turn structure, combat and casting in the rules modules (~40% of the time,
left alone here while a mutation run measured them), setup (~8%), state-based actions (~7%).

Turn structure, combat, state-based actions, resolution (2026-12-01, w14st vs main c9af358; valgrind
as above, PYTHONHASHSEED=0): 1,256.6k/915.5k/733.6k -> 1,141.5k/799.0k/686.4k a scenario (mean 968.6k ->
875.6k, x1.11); the non-cast steps alone (per step, gc off) 581k/545k/266k -> 464k/426k/240k (x1.23).
Per CPU second at load 4.8-5.2, alternating: main 5,786 / 5,961, w14st 6,785 / 6,730.
w14sv (2026-12-01, on main c9af358): view keys and dicts reused (ViewCache), one lookup of a step's kind.
Instructions per scenario (valgrind, cachegrind): main 1,252.8k/910.6k/731.5k, w14sv 1,240.0k/885.7k/729.8k
(mean -1.4%); the 21 views of the three cases 829k -> 786k. Wall-clock at load ~4.5: not resolvable.
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
