"""The mtg-conformance reference engine: a small two-player rules engine that speaks protocol 1.

Layout (one responsibility per module):

- `mana`: costs, pools, exact payments; `keywords`: kicker/multikicker/flashback costs and
  mana abilities parsed from Oracle text.
- `cards/`: Oracle characteristics (`oracle.py`, embedded) + behaviour as data (`behaviour.py`)
  composed from `effects`, `abilities` and `targets` primitives; no code tests a card name.
- `state`: game objects and cheap snapshots; `actions`: damage, draw, counter, tokens, events,
  state-based actions; `characteristics`: P/T, keywords, mana value.
- `costs` (601.2f), `casting` (601.2a-i), `resolution` (stack, triggers, copies, entering).
- `setup`, `view`, `runner` (ok / illegal with rollback / errored), `adapter` (entry point),
  `__main__` (protocol 1 over JSON lines: `python -m reference_impl`).
"""
