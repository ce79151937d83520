"""The game registry (game.kit): one kit per game, found by its id, listed in its order."""

import pytest

import game
from game.kit import GameInfo, GameKit, game_info, kit, register, registered, unregister


def test_every_game_package_registers_its_kit_in_the_menu_order():
    assert registered() == ("mlut", "wassticht", "tricks")
    assert game.GAMES == registered()
    for game_id in registered():
        assert kit(game_id).id == game_id and game_info(game_id) is kit(game_id).info
        assert game.TITLES[game_id] == kit(game_id).title


def test_an_unknown_game_is_refused_with_the_known_ones_named():
    with pytest.raises(ValueError) as refused:
        kit("skat")
    assert "'skat'" in str(refused.value)
    assert all(g in str(refused.value) for g in registered())


def test_a_game_registers_once_and_a_test_game_comes_and_goes():
    with pytest.raises(ValueError):
        register(kit("mlut"))
    state_class = kit("mlut").state_class
    extra = GameKit(info=GameInfo(id="extra", title="Extra", player_counts=(4,), hand_size=1,
                                  tricks_per_round=1, state_class=state_class))
    register(extra)
    try:
        assert registered()[-1] == "extra" and "extra" in game.GAMES and game.PLAYER_COUNTS["extra"] == (4,)
    finally:
        unregister("extra")
    assert "extra" not in game.GAMES
