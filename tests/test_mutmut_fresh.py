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
