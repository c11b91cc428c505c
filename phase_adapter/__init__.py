"""mtg-conformance adapter for the phase.rs rules engine (PyPI: phase-python)."""
