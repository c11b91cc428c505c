"""mtg-conformance: the command line and the suite-level tools (certify, selfcheck, fuzz)."""

__version__ = "0.2.0"
