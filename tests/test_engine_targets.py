"""Target legality (115, 608.2b) checked directly on reference_impl.rules.targets.is_legal: the
target kinds and restrictions no spec scenario reaches through a catalog card yet (planeswalkers
and battles for "any target", an exiled card another player owns, a tapped creature for
"untapped"), found as surviving mutants of MUTATION.md run 9."""

from dataclasses import replace

import pytest

from reference_impl.cards.catalog import CARDS
from reference_impl.rules.targets import TargetSpec, candidates, is_legal
from reference_impl.setup import build_game
from reference_impl.state.game import SpellInfo


def _game():
    setup = {"players": {
        "alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"},
                                  {"card": "Grizzly Bears", "label": "pw"},
                                  {"card": "Grizzly Bears", "label": "battle"},
                                  {"card": "Academy Journeymage", "label": "three-two"},
                                  {"card": "Academy Drake", "label": "drake"},
                                  {"card": "Forest", "label": "forest"}],
                  "graveyard": [{"card": "Grizzly Bears", "label": "dead-pw"}],
                  "exile": [{"card": "Ancient Grudge", "label": "grudge"},
                            {"card": "Grizzly Bears", "label": "exiled-bears"}],
                  "hand": [{"card": "Lightning Bolt", "label": "bolt"},
                           {"card": "Hindering Light", "label": "hl"}]},
        "bob": {"exile": [{"card": "Ancient Grudge", "label": "bob-grudge"}],
                "graveyard": [{"card": "Grizzly Bears", "label": "bob-dead"}]}}}
    game = build_game(setup)
    ref = game.labels
    for label, types in (("pw", ("Planeswalker",)), ("battle", ("Battle",)), ("dead-pw", ("Planeswalker",))):
        o = game.objs[ref[label]]
        o.card = o.printed = replace(CARDS["Grizzly Bears"], types=types, subtypes=())
    return game, ref


def test_115_4_any_target_is_a_creature_planeswalker_or_battle_on_the_battlefield():
    game, ref = _game()
    spec = TargetSpec("any")
    for label in ("bears", "pw", "battle"):
        assert is_legal(spec, ref[label], game, "alice"), label
    for label in ("forest", "dead-pw"):
        assert not is_legal(spec, ref[label], game, "alice"), label
    assert is_legal(spec, "bob", game, "alice") and not is_legal(spec, "nobody", game, "alice")


def test_player_or_planeswalker_takes_only_a_planeswalker_permanent():
    game, ref = _game()
    spec = TargetSpec("player-or-planeswalker")
    assert is_legal(spec, ref["pw"], game, "alice")
    assert not is_legal(spec, ref["dead-pw"], game, "alice")
    assert not is_legal(spec, ref["bears"], game, "alice")
    for what in ("opponent", "player"):
        assert not is_legal(TargetSpec(what), ref["bears"], game, "alice"), what


def test_permanent_spell_and_card_targets_are_checked_in_their_zone():
    game, ref = _game()
    assert is_legal(TargetSpec("permanent"), ref["bears"], game, "alice")
    assert not is_legal(TargetSpec("permanent"), ref["dead-pw"], game, "alice")
    assert not is_legal(TargetSpec("permanent"), ref["grudge"], game, "alice")
    exiled = TargetSpec("exiled-card")
    assert is_legal(exiled, ref["grudge"], game, "alice")
    assert not is_legal(exiled, ref["bob-grudge"], game, "alice")  # "you own"
    assert not is_legal(exiled, ref["dead-pw"], game, "alice")
    assert not is_legal(exiled, ref["bears"], game, "alice")
    gy = TargetSpec("graveyard-card")
    assert is_legal(gy, ref["dead-pw"], game, "alice") and not is_legal(gy, ref["bob-dead"], game, "alice")
    assert not is_legal(gy, ref["grudge"], game, "alice")


def test_restrictions_untapped_keyword_flashback_and_total_power_toughness():
    game, ref = _game()
    untapped = TargetSpec("permanent", untapped=True)
    assert is_legal(untapped, ref["bears"], game, "alice")
    game.objs[ref["bears"]].tapped = True
    assert not is_legal(untapped, ref["bears"], game, "alice")
    flying = TargetSpec("permanent", keyword="flying")
    assert is_legal(flying, ref["drake"], game, "alice") and not is_legal(flying, ref["three-two"], game, "alice")
    flashback = TargetSpec("exiled-card", with_flashback=True)
    assert is_legal(flashback, ref["grudge"], game, "alice")
    assert not is_legal(flashback, ref["exiled-bears"], game, "alice")
    # Cut Down: "total power and toughness 5 or less" takes a 3/2
    cut = TargetSpec("permanent", types_any=("Creature",), max_total_pt=5)
    assert is_legal(cut, ref["three-two"], game, "alice")
    assert not is_legal(TargetSpec("permanent", max_total_pt=4), ref["three-two"], game, "alice")


def test_mana_value_x_without_spell_decisions_is_zero():
    game, ref = _game()
    spec = TargetSpec("permanent", mv_is_x=True)
    assert is_legal(spec, ref["forest"], game, "alice")
    assert not is_legal(spec, ref["bears"], game, "alice")
    assert is_legal(spec, ref["bears"], game, "alice", None, SpellInfo(x=2))
    assert ref["forest"] in candidates(spec, game, "alice")


@pytest.mark.parametrize("what,target,expected", [
    ("you-or-permanent-you-control", "bears", True),
    ("you-or-permanent-you-control", "alice", True),
    ("you-or-permanent-you-control", "bob", False),
    ("creature", "bob-dead", False),  # a creature card in a graveyard is no creature on the battlefield
    ("creature", "bears", True),
])
def test_a_spell_that_targets(what, target, expected):
    game, ref = _game()
    bolt = game.objs[ref["bolt"]]
    bolt.zone = "stack"
    r = target if target in game.players else ref[target]
    # the matching target comes second, after one that does not match (a card off the battlefield)
    first = ref["dead-pw"] if what == "creature" else "bob"
    bolt.spell = SpellInfo(targets=((first, r),))
    assert is_legal(TargetSpec("spell", targeting=what), ref["bolt"], game, "alice") is expected


def test_a_keyword_restriction_reads_granted_keywords():
    """"Target creature with flying" takes a creature given flying until end of turn (Jump,
    611.2a), read through the game's effects, not only the printed keywords."""
    game, ref = _game()
    flying = TargetSpec("permanent", keyword="flying")
    assert not is_legal(flying, ref["bears"], game, "alice")
    game.clock += 1
    game.eot.append((ref["bears"], 0, 0, ("flying",), game.clock))
    assert is_legal(flying, ref["bears"], game, "alice")
