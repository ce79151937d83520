"""Kept games' files after the worst a disk does: a game's notice about its record goes with the game
(never left on the menu or on another game), and a record whose end a crash left as zero bytes is
refused with its reason, never offered by Continue, and left as it is."""

import hashlib

import pytest

from game import Seat
from kept import storage, summaries
from kept.files import READ_LIMIT
from scenes.app import App
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import post_click
from disk_fakes import FullDisk
from test_app_replay import kept_game

FRAME = 1 / 60
BOTS = [Seat(f"Bot {i}", "bot", "random") for i in range(4)]


def new_app():
    return App(Settings(speed="instant", bot_delay=0, seed=4))


def until_told(app):
    for _ in range(600):
        app.step(FRAME)
        if app.notice.visible:
            return app.notice.words
    raise AssertionError("the game never said its record is not kept")


@pytest.mark.parametrize("leave_to", ["the menu", "another game", "the same game's settings"])
def test_a_games_notice_goes_with_the_game(monkeypatch, leave_to):
    FullDisk(monkeypatch).read_only = True
    app = new_app()
    app.new_game("mlut", BOTS)
    assert until_told(app) == "This game is not being kept: the disk is read-only."
    if leave_to == "the menu":
        app.to_menu()
    elif leave_to == "another game":
        app.new_game("tricks", BOTS[:3])
    else:
        app.show_settings()  # over the game: still its screens, its words stay
    app.step(FRAME)
    if leave_to == "the same game's settings":
        assert app.notice.visible
        return
    assert not app.notice.visible, f"left on {leave_to}"
    assert isinstance(app.stack[0], MenuScene if leave_to == "the menu" else GameScreen)


ZERO_ENDS = {"a crash's last block": 4096, "up to 16 MiB": None}


@pytest.mark.parametrize("zeros", sorted(ZERO_ENDS))
def test_a_record_that_ends_in_zero_bytes_is_refused_and_never_offered(zeros):
    path, _state = kept_game("tricks", 3, finish=False, actions=20)
    data = path.read_bytes()
    count = ZERO_ENDS[zeros] or READ_LIMIT - len(data)  # as some file systems leave a file after a crash
    path.write_bytes(data + b"\0" * count)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    [summary] = storage.kept_games()
    assert "zero bytes" in summary.problem and not summary.usable
    assert storage.newest_to_continue() is None
    with pytest.raises(storage.RecordError) as refused:
        storage.continue_game(path)
    assert "zero bytes" in str(refused.value)
    for cache in (storage._catalogs, summaries._summaries, summaries._opened):
        cache.clear()
    app = new_app()
    app.step(FRAME)
    storage.catalog().wait(30)
    app.step(FRAME)
    assert "continue" not in app.scene.targets, "Continue never offers it"
    post_click(app, "kept")
    library = app.scene
    assert isinstance(library, LibraryScene)
    app.step(FRAME)
    post_click(app, "game:0")
    assert app.scene is library and "zero bytes" in library.hint, "the list says why"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, "the file is left as it is"


def test_a_record_cut_by_a_crash_without_zeros_still_continues():
    """The contrast: a last line cut off (no zero byte in it) is what the format lets a reader pass over."""
    path, state = kept_game("tricks", 3, finish=False, actions=20)
    path.write_bytes(path.read_bytes() + b'{"t": "act", "p": 1, "a": {"bi')
    [summary] = storage.kept_games()
    assert summary.usable and storage.newest_to_continue() is not None
    again, autosave = storage.continue_game(path)
    autosave.close()
    assert again == state
