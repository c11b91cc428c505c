"""Differential testing: random legal games played by two engines, every difference explained.

Modules, one responsibility each:
- `pool`: the cards the fuzzer plays with, read from the catalog spec/cards/*.yaml;
- `costs`: mana-cost arithmetic used to predict what a cast will cost (for biasing only);
- `model`: a rough tracker of zones and the stack, so drawn steps are mostly legal;
- `strategies`: Hypothesis strategies for setups, steps and whole cases;
- `differ`: runs one case on two engines and finds the first differing step;
- `entry`: turns a difference into a ready-to-paste spec entry (YAML);
- `runner`: drives Hypothesis (seeded, no database), counts examples, keeps the shrunk case.
"""
