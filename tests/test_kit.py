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


def test_a_game_registered_after_the_kept_games_room_was_imported_is_read_listed_and_counted(tmp_path):
    """The kept games' room and the app read the registry when they use it, not a copy taken at import:
    a game registered later (a test's) has its record read, summarized and counted like any other."""
    from dataclasses import replace

    from game.runner import play_out, seat_bots
    from kept import record, stats, summaries
    from scenes.app import parse_args

    class LaterState(kit("mlut").state_class):
        game_id = "later"

    base = kit("mlut")
    register(replace(base, info=replace(base.info, id="later", title="Later", state_class=LaterState), order=999))
    try:
        state = LaterState(4, seed=3, seats=[game.Seat("Anna")] + [game.Seat(f"Bot {i}", "bot") for i in range(3)])
        play_out(state, *seat_bots(state))
        path = tmp_path / "later.jsonl"
        record.save(path, state)
        assert record.load(path) == state
        summary = summaries.summarize(path, cached=False)
        assert summary.usable and (summary.game, summary.title) == ("later", "Later") and summary.finished
        assert [line.game for line in stats.player_stats([summary])] == ["later"]
        assert parse_args(["--bots-game", "later"]).bots_game == "later"
    finally:
        unregister("later")
