"""Shared test configuration: pytester for the plugin tests.

Hypothesis profiles ("ci", "dev") are registered and loaded by the mtg_adapter pytest plugin
(entry point pytest11), so they apply to these tests and to the generated suite alike.
"""

pytest_plugins = ["pytester"]
