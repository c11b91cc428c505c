"""Bottom layer: game state and objects (players, zones, objects, snapshots), mana values and
the characteristics derived from them. Imports nothing else from the engine."""
