"""Rules procedures over the game state: ability kinds as data, targets, game actions and
state-based actions, costs, casting, triggers and resolution. Imports only reference_impl.state
(effect primitives and cards sit above and are reached only through the data they supply)."""
