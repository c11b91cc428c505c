"""The conformance suite as installed data: in a wheel this package holds `spec/` (rules, cards,
JSON Schemas) and `generated_tests/` (the pytest suite), mapped here at build time by setup.py.

In a repository checkout the directories stay at the top level and this package is empty;
`mtg_adapter.suite_files` finds the suite in either place. `python -m pytest --pyargs
mtg_conformance_suite --engine SPEC` runs the installed suite.
"""
