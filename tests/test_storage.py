"""Keeping games: autosave as it happens, continue after a crash, finished games for replays."""

import hashlib

import pytest

from game import new_game
from kept.record import RecordError, load
from game.runner import play_out, seat_bots
from kept.storage import Autosave, continue_game, finished_games, kept_games, unfinished_games


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def test_autosave_writes_as_the_game_goes_and_continue_restores_it():
    state = new_game("mlut", 4, seed=3)
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    for _ in range(37):
        state.apply(bots[state.current_player].choose(None, state.legal_actions(), rngs[state.current_player]))
        save.sync(state)
    # no close: as after a crash
    [kept] = unfinished_games()
    assert kept.path == save.path and kept.game == "mlut" and kept.players == ("Player 1", "Player 2",
                                                                                 "Player 3", "Player 4")
    again, autosave = continue_game(kept.path)
    assert again == state
    play_out(again, bots, rngs)
    autosave.sync(again)
    autosave.close()
    assert unfinished_games() == []
    [done] = finished_games()
    assert done.finished and done.winners == tuple(again.seats[w].name for w in again.winners)
    assert load(done.path) == again


def test_a_broken_record_is_reported_and_kept_untouched(data_folder):
    state = new_game("tricks", 3, seed=1)
    save = Autosave(state)
    save.close()
    text = save.path.read_bytes()
    broken = text.replace(b'"decks"', b'"dekcs"')
    save.path.write_bytes(broken)
    digest = hashlib.sha256(broken).hexdigest()
    with pytest.raises(RecordError) as err:
        continue_game(save.path)
    assert err.value.line == 2
    assert hashlib.sha256(save.path.read_bytes()).hexdigest() == digest


def test_foreign_files_are_listed_with_their_problem(data_folder):
    folder = data_folder / "games"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "notes.jsonl").write_text("hello\n")
    [summary] = kept_games()
    assert summary.problem and not summary.finished
    assert unfinished_games() == [] and finished_games() == []
