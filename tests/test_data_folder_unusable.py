"""A data folder that cannot be made or written never stops the app: a file, a path under a file, a
link to a drive that is not there, a pipe, a read-only folder. The app starts and shows a screen
that names the folder, says why it cannot be used and how to choose another (TRICKTABLE_DATA); the
menu works, a new game is played, not kept, and its table says so."""

import os
import stat

import pytest

from kept import storage
from kept.storage import data_problem
from scenes.app import parse_args, start_app
from scenes.menus import folder as folder_screen
from scenes.menus.folder import FolderScene
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene, SetupScene
from scenes.screen import theme
from scenes.screen.game_screen import GameScreen
from app_driver import post_click
from disk_fakes import FullDisk
from test_app_replay import kept_game

FRAME = 1 / 60


def chmod_stops_writes(tmp_path):
    """False when this process writes into a folder chmod made read-only (root, or a process that
    may override permissions): the tests then stand in for the disk instead."""
    folder = tmp_path / "probe-read-only"
    folder.mkdir()
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR)
    try:
        (folder / "probe").write_bytes(b"")
    except PermissionError:
        return True
    finally:
        os.chmod(folder, stat.S_IRWXU)
    return False


def blocked(tmp_path, kind):
    """(data folder, the words that say why) for each way a data folder cannot be made."""
    if kind == "a file":
        path = tmp_path / "data"
        path.write_text("not a folder")
        return path, "it is a file, not a folder"
    if kind == "under a file":
        (tmp_path / "file").write_text("not a folder")
        return tmp_path / "file" / "tricktable", f"{tmp_path / 'file'} is a file, not a folder"
    if kind == "a dangling link":
        path = tmp_path / "usb"
        os.symlink(tmp_path / "media" / "stick", path)
        return path, f"it leads to {tmp_path / 'media' / 'stick'}, which is not there"
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path, "it is a pipe (FIFO), not a folder"


def said_on_screen(app, monkeypatch):
    """Every word the next frame draws."""
    words = []
    real = theme.blit_text

    def blit_text(surface, s, *args, **kwargs):
        words.append(s)
        return real(surface, s, *args, **kwargs)
    monkeypatch.setattr(theme, "blit_text", blit_text)
    app.step(FRAME)
    monkeypatch.setattr(theme, "blit_text", real)
    return " ".join(words)


def unbroken(text):
    return "".join(text.split())


def starts_says_why_and_plays(app, folder, why, monkeypatch):
    """The first frames show the folder's screen (once); the menu still works; a new game is played,
    not kept, and its table says so."""
    app.step(FRAME)
    app.step(FRAME)
    assert isinstance(app.scene, FolderScene)
    shown = said_on_screen(app, monkeypatch)
    # a long path breaks over rows at its slashes (the rows come back joined by spaces)
    assert unbroken(str(folder)) in unbroken(shown) and unbroken(why) in unbroken(shown), shown
    assert "TRICKTABLE_DATA" in shown and folder_screen.example_command() in shown
    post_click(app, "ok")
    app.step(FRAME)
    menu = app.scene
    assert isinstance(menu, MenuScene) and "continue" not in menu.targets
    assert "not being kept" in said_on_screen(app, monkeypatch), "the menu says so in a line"
    post_click(app, "folder")  # the line shows the screen again
    assert isinstance(app.scene, FolderScene)
    app.scene.back()
    app.step(FRAME)
    post_click(app, "kept")
    assert isinstance(app.scene, LibraryScene) and str(folder) in app.scene.hint
    app.scene.back()
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene), "the screen is shown once, not at every return to the menu"
    post_click(app, "game:tricks")
    assert isinstance(app.scene, SetupScene)
    app.step(FRAME)
    post_click(app, "start")
    table = app.scene
    assert isinstance(table, GameScreen)
    session, told = table.session, set()
    for _ in range(3000):
        if app.notice.visible:
            told.add(app.notice.words)
        if sum(1 for e in session.state.events if e["t"] == "act") >= 12:
            break
        if table.idle and session.my_turn() and not session.needs_handoff():
            session.try_action(session.state.legal_actions()[0])
        app.step(FRAME)
    assert sum(1 for e in session.state.events if e["t"] == "act") >= 12, "the game is played"
    assert session.autosave is None or session.autosave.problem
    [words] = told
    assert words.startswith("This game is not being kept: "), words
    return words


@pytest.mark.parametrize("kind", ["a file", "under a file", "a dangling link", "a pipe"])
def test_a_data_folder_that_cannot_be_made_is_explained_and_the_menu_plays(tmp_path, monkeypatch, kind):
    folder, why = blocked(tmp_path, kind)
    monkeypatch.setenv("TRICKTABLE_DATA", str(folder))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    app = start_app(parse_args(["--speed", "instant", "--bot-delay", "0"]), [])
    words = starts_says_why_and_plays(app, folder, why, monkeypatch)
    assert "cannot be used" in words and unbroken(str(folder)) in unbroken(words) and unbroken(why) in unbroken(words), \
        "the table names the folder"
    assert app.running


def test_a_read_only_data_folder_is_explained_its_games_still_listed_and_the_menu_plays(tmp_path, monkeypatch):
    """Where chmod stops no write (root), the disk stands in (disk_fakes: EROFS, as a folder mounted
    read-only); otherwise the folder really is made read-only."""
    path, _state = kept_game("mlut", 4, finish=True)  # a game kept before the folder became read-only
    folder = storage.data_dir()
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    real = chmod_stops_writes(tmp_path)
    if not real:
        FullDisk(monkeypatch).read_only = True
        why = "the disk is read-only"
    else:
        for place in (folder / "games", folder):
            os.chmod(place, stat.S_IRUSR | stat.S_IXUSR)
        monkeypatch.setattr(storage, "_usable", set())
        why = "it may not be written"
    try:
        app = start_app(parse_args(["--speed", "instant", "--bot-delay", "0"]), [])
        app.step(FRAME)
        storage.catalog().wait(30)
        words = starts_says_why_and_plays(app, folder, why, monkeypatch)
        assert ("may not be written" if real else "read-only") in words
        app.to_menu()
        app.step(FRAME)
        post_click(app, "kept")
        library = app.scene
        assert [s.path for s in library.games] == [path], "the games kept before are listed"
        post_click(app, "game:0")
        assert app.scene is not library, "and replayed"
    finally:
        for place in (folder, folder / "games"):
            os.chmod(place, stat.S_IRWXU)
    assert sorted(os.listdir(folder / "games")) == [path.name], "nothing was written"


def test_a_folder_chmod_made_read_only_is_judged_by_what_the_disk_does(tmp_path):
    """What root sees: chmod does not stop it, so the folder can keep games and no screen says
    otherwise (the read-only test above stands in for the disk instead); anyone else is told."""
    folder = storage.games_dir()
    os.chmod(folder, stat.S_IRUSR | stat.S_IXUSR)
    try:
        problem = data_problem()
    finally:
        os.chmod(folder, stat.S_IRWXU)
    if chmod_stops_writes(tmp_path):
        assert problem is not None and "may not be written" in problem.why
    else:
        assert problem is None


def test_a_full_disk_is_no_problem_of_the_folder(monkeypatch):
    """A disk full at the start is told by the game (its journal holds the moves), not as a folder that
    cannot be used."""
    disk = FullDisk(monkeypatch)
    disk.full = True
    assert data_problem() is None
