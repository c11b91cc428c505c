"""The mtg-conformance reference engine: a small two-player rules engine that speaks protocol 1.

Layers, each importing only the ones below it (checked by import-linter, see pyproject.toml):

1. `state/` - game state and objects: `game` (players, zones, objects, the stack, cheap
   snapshots), `mana` (costs, pools, exact payments), `characteristics` (P/T, keywords,
   mana value).
2. `rules/` - rules procedures: `abilities` (ability kinds as data), `keywords` (keyword costs
   and mana abilities parsed from Oracle text), `targets` (115, 608.2b), `context` (what an
   effect sees while resolving), `actions` (damage, draw, counter, tokens, events, state-based
   actions), `costs` (601.2f), `casting` (601.2a-i), `choices` (a step's choices),
   `triggers` (603.3), `resolution` (608, copies 707.10, entering 614.1c).
3. `effects` - effect primitives, amounts and conditions that card data is composed from.
4. `cards/` - the cards as data: Oracle characteristics (`oracle.py` reading `oracle.json`) + behaviour
   (`behaviour.py`) composed from effect primitives; no code tests a card name.
5. The engine around them: `setup` and `view` (case in, view out), `runner` (ok / illegal with
   rollback / errored), `adapter` (entry point), `scenario` (helpers for the engine's own
   tests), `__main__` (protocol 1 over JSON lines: `python -m reference_impl`).
"""
