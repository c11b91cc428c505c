"""Subcommands of `mtg-conformance`: one module each, each with `register(subparsers)`.

A module sets `handler=` on its parser with `set_defaults`; the handler returns the exit code.
"""
