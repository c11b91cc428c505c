"""The mutation run's plugin must rebuild the same card catalog the engine builds at import:
a pool module it forgets leaves every card of that pool without behaviour under mutmut, and
the stats run fails (it did when choice_pool.py was added)."""

from mtg_conformance.selfcheck.mutmut_fresh import refresh_engine
from reference_impl.cards import catalog


def test_refresh_rebuilds_every_card_of_the_catalog():
    before = {name: card.name for name, card in catalog.CARDS.items()}
    unsupported_before = {name for name, card in catalog.CARDS.items() if card.unsupported}
    refresh_engine()
    assert {name: card.name for name, card in catalog.CARDS.items()} == before
    assert {name for name, card in catalog.CARDS.items() if card.unsupported} == unsupported_before


def test_after_a_refresh_a_card_without_behaviour_is_still_unsupported_for_unhandled_text():
    # The reload makes a new Behaviour class; catalog.build compares with Behaviour(), so it
    # must use the same class as the reloaded pools (test_engine_cards failed under mutmut).
    from reference_impl.cards.behaviour import Behaviour as before_refresh

    refresh_engine()
    from reference_impl.cards.behaviour import Behaviour

    assert Behaviour is not before_refresh and catalog.Behaviour is Behaviour
    data = dict(catalog.ORACLE["Grizzly Bears"], oracle_text="When this creature dies, draw a card.")
    assert catalog.build(data, Behaviour()).unsupported.startswith("not implemented: ")


def test_under_a_mutant_the_catalog_is_rebuilt_once_per_mutant(monkeypatch):
    from mtg_conformance.selfcheck import mutmut_fresh

    rebuilt = []
    monkeypatch.setattr(mutmut_fresh, "refresh_engine", lambda: rebuilt.append(1))
    monkeypatch.setattr(mutmut_fresh, "_refreshed_for", None)
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    mutmut_fresh.pytest_runtest_call(None)
    mutmut_fresh.pytest_runtest_call(None)
    assert len(rebuilt) == 2  # the stats run: before every test
    monkeypatch.setenv("MUTANT_UNDER_TEST", "reference_impl.rules.lands.x_play_land__mutmut_1")
    mutmut_fresh.pytest_runtest_call(None)
    mutmut_fresh.pytest_runtest_call(None)
    assert len(rebuilt) == 3  # one mutant: once
    monkeypatch.setenv("MUTANT_UNDER_TEST", "reference_impl.rules.lands.x_play_land__mutmut_2")
    mutmut_fresh.pytest_runtest_call(None)
    assert len(rebuilt) == 4


def test_every_pool_module_of_the_cards_package_is_refreshed():
    import pkgutil

    import reference_impl.cards as cards
    from reference_impl.cards.catalog import POOL_MODULES

    pools = {m.name for m in pkgutil.iter_modules(cards.__path__) if "pool" in m.name}
    assert pools <= set(POOL_MODULES), pools - set(POOL_MODULES)
