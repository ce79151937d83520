"""No time read from a file can stop the app: a record whose modification time is before the year 1
or after 9999 (tmpfs, btrfs and XFS keep such times; backup tools restore them), or an index entry
whose "when" is NaN, infinite or huge, lists as "date unknown", sorts as the oldest, and the menu's
Continue and the list of kept games open as always."""

import json
import math
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kept import storage, summaries
from kept.catalog import INDEX
from kept.storage import UNKNOWN_TIME, Summary
from scenes.app import parse_args, start_app
from scenes.menus.library import LibraryScene, continue_words
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from app_driver import post_click
from test_app_replay import kept_game

FRAME = 1 / 60
YEAR = 365.2425 * 86400  # seconds
ODD_TIMES_NS = {"year -1199": int((-1199 - 1970) * YEAR) * 10 ** 9, "year 33658": int((33658 - 1970) * YEAR) * 10 ** 9}


def new_start():
    """As if the program started again: nothing of the last run in memory, only the files."""
    for cache in (storage._catalogs, summaries._summaries, summaries._opened):
        cache.clear()


def keeps_odd_times(folder):
    """True if the file system of FOLDER keeps a modification time of the year 33658 as it is."""
    probe = Path(folder) / "probe"
    probe.write_bytes(b"")
    try:
        os.utime(probe, ns=(ODD_TIMES_NS["year 33658"],) * 2)
        return os.stat(probe).st_mtime_ns == ODD_TIMES_NS["year 33658"]
    except OSError:
        return False
    finally:
        probe.unlink()


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """A data folder on a file system that keeps odd times (tmpfs: /dev/shm) where there is one; else
    the test folder (ext4 clamps them to 1901 and 2446), and the tests pass the times on otherwise."""
    shm = Path("/dev/shm")
    made = None
    if shm.is_dir() and os.access(shm, os.W_OK):
        made = Path(tempfile.mkdtemp(prefix="tricktable-times-", dir=shm))
        if not keeps_odd_times(made):
            shutil.rmtree(made)
            made = None
    folder = made or tmp_path / "data"
    monkeypatch.setenv("TRICKTABLE_DATA", str(folder))
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    yield folder
    if made is not None:
        shutil.rmtree(made)


def start():
    new_start()
    app = start_app(parse_args(["--speed", "instant", "--bot-delay", "5"]), [])
    for _ in range(3):
        app.step(FRAME)
    storage.catalog().wait(60)
    app.step(FRAME)
    app.step(FRAME)
    return app


def played_games():
    """A finished game and an unfinished one (the only one Continue can offer), a minute apart."""
    finished, _ = kept_game("mlut", 4, finish=True)
    unfinished, _ = kept_game("tricks", 5, finish=False, actions=30)
    os.utime(finished, (1_700_000_000, 1_700_000_000))
    os.utime(unfinished, (1_700_000_060, 1_700_000_060))
    return finished, unfinished


def opens_everything(app, odd):
    """The menu offers the game of the odd time, its date unknown; the list opens and draws every
    row, that game last (the oldest), its date unknown; Continue opens the game."""
    assert isinstance(app.scene, MenuScene)
    kept = app.scene.kept_game()
    assert kept is not None and kept.path == odd and kept.when == UNKNOWN_TIME
    assert continue_words(kept)[1].startswith("date unknown · Anna + 2 bots")
    post_click(app, "kept")
    library = app.scene
    assert isinstance(library, LibraryScene)
    post_click(app, "order")  # newest first
    app.step(FRAME)
    assert [s.path for s in library.games][-1] == odd, "a time that is no date sorts as the oldest"
    assert [s.date for s in library.games][-1] == "date unknown"
    post_click(app, "back")
    app.step(FRAME)
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen) and app.scene.session.autosave.path == odd
    for _ in range(3):
        app.step(FRAME)
    assert app.running


@pytest.mark.parametrize("year", sorted(ODD_TIMES_NS))
def test_a_record_written_at_an_odd_time_lists_as_date_unknown(data_folder, year):
    finished, unfinished = played_games()
    os.utime(unfinished, ns=(ODD_TIMES_NS[year],) * 2)
    if os.stat(unfinished).st_mtime_ns != ODD_TIMES_NS[year]:  # clamped by the file system: the index says it
        storage.refresh_index()
        index = json.loads((data_folder / INDEX).read_text())
        index["games"][unfinished.name]["when"] = ODD_TIMES_NS[year] / 1e9
        (data_folder / INDEX).write_text(json.dumps(index))
    app = start()
    opens_everything(app, unfinished)
    app.to_menu()
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene), "the first start after it, with the index written, starts too"
    app.quit()
    assert start().scene.kept_game().path == unfinished


@pytest.mark.parametrize("when", ["NaN", "Infinity", "-Infinity", "1e20", "-1e20", "null"])
def test_an_index_time_that_is_no_date_lists_as_date_unknown(data_folder, when):
    finished, unfinished = played_games()
    storage.refresh_index()
    path = data_folder / INDEX
    index = json.loads(path.read_text())
    index["games"][unfinished.name]["when"] = 0.5  # a place to put the odd number in as the text it is
    path.write_text(json.dumps(index).replace('"when": 0.5', f'"when": {when}'))
    app = start()
    opens_everything(app, unfinished)


@pytest.mark.parametrize("when", [math.nan, math.inf, -math.inf, 1e20, -1e20, ODD_TIMES_NS["year -1199"] / 1e9,
                                  ODD_TIMES_NS["year 33658"] / 1e9, "soon", None])
def test_a_summary_of_any_time_has_a_date_and_sorts(when):
    """The values themselves, as a file system or an index could give them."""
    odd = Summary(path=Path("odd.jsonl"), when=when)
    assert odd.date == "date unknown" and odd.when == UNKNOWN_TIME
    normal = [Summary(path=Path(f"{k}.jsonl"), when=1_700_000_000 + k) for k in range(5)]
    ordered = sorted(normal[:2] + [odd] + normal[2:], key=lambda s: s.when, reverse=True)
    assert ordered == normal[::-1] + [odd]
    assert "2023" in normal[0].date


def test_a_calendar_that_ends_sooner_still_gives_date_unknown(monkeypatch):
    """Windows' calendar refuses times before 1970 and after 3000: the date is unknown, not a crash."""
    import kept.summaries as module

    class Refusing(module.datetime):
        @classmethod
        def fromtimestamp(cls, *args, **kwargs):
            raise OSError(22, "Invalid argument")
    monkeypatch.setattr(module, "datetime", Refusing)
    assert Summary(path=Path("x.jsonl"), when=-86400.0).date == "date unknown"
