"""pytest plugin (entry point `pytest11`): selects the engine under test. Filled in by the adapter work."""
