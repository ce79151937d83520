"""The index of kept games is a cache, never a judge: what it remembers of a file's judgement (a
refusal, whether the game is finished) counts only for the version of the rules that wrote it; opening
or continuing a game reads its file in full whatever the index says, and lifts a refusal that no
longer holds; entries of journals that are gone are dropped; games another program writes into the
folder are listed while the menu is open."""

import json
import os
import time

import pytest

from kept import storage, summaries
from kept.catalog import INDEX, WATCH_SECONDS, rules_version
from kept.storage import Journal
from scenes.app import App
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.menus.replay import ReplayScreen
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import post_click
from test_app_replay import kept_game
from test_kept_index import Reads

FRAME = 1 / 60
WRONG = "line 9: illegal action {\"play\": \"R1\"}: an older version's mistake"


def new_start():
    """As if the program started again: nothing of the last run in memory, only the files."""
    for cache in (storage._catalogs, summaries._summaries, summaries._opened):
        cache.clear()


def two_games():
    """An unfinished game (the newest) and a finished one, both sound; the index written."""
    finished, _ = kept_game("mlut", 4, finish=True)
    unfinished, _ = kept_game("tricks", 5, finish=False, actions=30)
    os.utime(finished, (time.time() - 120,) * 2)
    os.utime(unfinished, (time.time() - 60,) * 2)
    storage.refresh_index()
    return finished, unfinished


def edit_index(change):
    path = storage.data_dir() / INDEX
    index = json.loads(path.read_text())
    change(index)
    path.write_text(json.dumps(index))
    return index


def started():
    new_start()
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    app.step(FRAME)
    storage.catalog().wait(60)
    app.step(FRAME)
    app.step(FRAME)
    return app


def listed(name):
    return {s.path.name: s for s in storage.catalog().games()}[name]


def written_index():
    return json.loads((storage.data_dir() / INDEX).read_text())


# --- (a) an index of another version of the rules ------------------------------------------------------
def test_a_refusal_remembered_by_another_version_is_checked_again():
    finished, unfinished = two_games()

    def refused_by_an_older_version(index):
        index["rules"] = "an older version"
        index["games"][unfinished.name]["opened"] = WRONG
    edit_index(refused_by_an_older_version)
    app = started()
    offered = app.scene.kept_game()
    assert offered is not None and offered.path == unfinished, "checked again, and Continue offers it"
    assert listed(unfinished.name).usable
    index = written_index()
    assert index["rules"] == rules_version() and index["games"][unfinished.name]["opened"] == ""
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen)


def test_a_refusal_remembered_by_this_version_is_trusted_for_the_list():
    """The contrast: the same index from this version is a good cache (nothing is read again)."""
    finished, unfinished = two_games()
    edit_index(lambda index: index["games"][unfinished.name].update(opened=WRONG))
    app = started()
    assert app.scene.kept_game() is None and listed(unfinished.name).refused == WRONG


@pytest.mark.parametrize("rules", ["another", None])
def test_finished_flags_from_another_version_are_read_again(monkeypatch, rules):
    finished, unfinished = two_games()
    os.utime(finished, (time.time(),) * 2)  # the finished game is the newest now
    storage.refresh_index()

    def swapped(index):
        if rules is None:
            del index["rules"]  # an index from before the versions were written
        else:
            index["rules"] = rules
        index["games"][unfinished.name]["finished"] = True
        index["games"][finished.name]["finished"] = False
    edit_index(swapped)
    reads = Reads(monkeypatch)
    app = started()
    assert app.scene.kept_game().path == unfinished, "Continue offers the unfinished game, never the finished"
    assert listed(finished.name).finished and not listed(unfinished.name).finished
    assert {finished.name, unfinished.name} <= set(reads.main + reads.background), "both read again"
    index = written_index()["games"]
    assert index[finished.name]["finished"] and not index[unfinished.name]["finished"]


def test_the_rules_version_follows_the_registered_games():
    """A game registered (or taken out again) is another set of rules: the version is not the one
    worked out before it came (the cache once outlived the registry, and a test after the fourth game's
    read a stale version)."""
    from tests.fourth_game import kit as fourth
    before = rules_version()
    fourth.install()
    try:
        assert rules_version() != before
    finally:
        fourth.uninstall()
    assert rules_version() == before


def test_the_rules_version_follows_the_source_of_the_rules(tmp_path, monkeypatch):
    """Derived from the source, so nobody has to remember to bump it: any change to a rules module
    (here a copy of Tricks with one more line) is another version."""
    import game.games.tricks.rules as tricks_rules
    ours = rules_version()
    assert rules_version() == ours and len(ours) >= 16
    copy = tmp_path / "tricks.py"
    copy.write_bytes(open(tricks_rules.__file__, "rb").read() + b"\n# one more line\n")
    monkeypatch.setattr(tricks_rules, "__file__", str(copy))
    rules_version.cache_clear()
    try:
        assert rules_version() != ours
    finally:
        monkeypatch.undo()
        rules_version.cache_clear()
    assert rules_version() == ours


# --- (b) opening reads the file in full, whatever the index says ------------------------------------------
def open_row(app, name):
    post_click(app, "kept")
    library = app.scene
    assert isinstance(library, LibraryScene)
    app.step(FRAME)
    row = [s.path.name for s in library.games].index(name)
    post_click(app, f"game:{row}")
    return library


@pytest.mark.parametrize("which", ["unfinished", "finished"])
def test_opening_a_game_the_index_refused_reads_it_and_lifts_the_refusal(which):
    finished, unfinished = two_games()
    path = unfinished if which == "unfinished" else finished
    edit_index(lambda index: index["games"][path.name].update(opened=WRONG))
    app = started()
    assert not listed(path.name).usable, "the list shows the index's refusal at once"
    library = open_row(app, path.name)
    assert isinstance(app.scene, GameScreen if which == "unfinished" else ReplayScreen), library.hint
    assert listed(path.name).usable and listed(path.name).refused == ""
    storage.catalog().save()
    assert written_index()["games"][path.name]["opened"] == "", "the index no longer says it is refused"
    app.to_menu()
    app.step(FRAME)
    assert app.scene.kept_game().path == unfinished, "Continue offers it again"


def test_opening_a_file_the_index_calls_no_record_reads_it_again():
    finished, unfinished = two_games()
    edit_index(lambda index: index["games"][finished.name].update(problem="not a Tricktable record"))
    app = started()
    assert listed(finished.name).problem
    open_row(app, finished.name)
    assert isinstance(app.scene, ReplayScreen)
    assert listed(finished.name).usable


@pytest.mark.parametrize("which", ["unfinished", "finished"])
def test_a_finished_flag_the_index_has_wrong_is_set_right_by_opening(which):
    """The list shows the index's flag; opening reads the record, which decides: a finished game is
    replayed, an unfinished one continued, and the list and the index learn it."""
    finished, unfinished = two_games()
    path = unfinished if which == "unfinished" else finished
    edit_index(lambda index: index["games"][path.name].update(finished=which == "unfinished"))
    app = started()
    assert listed(path.name).finished == (which == "unfinished")
    open_row(app, path.name)
    assert isinstance(app.scene, GameScreen if which == "unfinished" else ReplayScreen)
    assert listed(path.name).finished == (which == "finished")
    storage.catalog().save()
    assert written_index()["games"][path.name]["finished"] == (which == "finished")


def test_continue_of_a_game_the_index_calls_unfinished_replays_it_when_it_is_finished():
    finished, unfinished = two_games()
    os.unlink(unfinished)
    storage.refresh_index()
    edit_index(lambda index: index["games"][finished.name].update(finished=False, opened=""))
    app = started()
    assert app.scene.kept_game().path == finished, "the index of this version is trusted for the button"
    post_click(app, "continue")
    assert isinstance(app.scene, ReplayScreen), "the record is finished: it is replayed, not continued"
    assert listed(finished.name).finished and app.scene.record.final.is_over


# --- (c) journal entries of files that are gone -------------------------------------------------------------
def test_journal_entries_of_files_that_are_gone_are_dropped_when_the_index_is_written():
    finished, unfinished = two_games()
    Journal.beside(unfinished).close()  # a journal that holds nothing: its entry is worth keeping
    storage.refresh_index()
    kept = written_index()["journals"]
    assert list(kept) == [unfinished.name]
    ghosts = {f"gone-{k:06d}.jsonl": [k, 1, 2, 3] for k in range(50_000)}
    edit_index(lambda index: index["journals"].update(ghosts))
    started()
    assert written_index()["journals"] == kept, "50,000 entries of files long gone are dropped"


# --- (d) another program writing into the same folder --------------------------------------------------------
def another_programs_game(name, actions):
    """A game as another Tricktable writes it into the same games folder (the file appears, its
    lines are appended): its record written beside this program's."""
    path, _ = kept_game("wassticht", 6, finish=False, actions=actions)
    target = path.with_name(name)
    os.rename(path, target)
    return target


def run_for(app, seconds):
    """Frames for SECONDS of the app's time; the index's thread is let finish what it started."""
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME)
    storage.catalog().wait(30)
    app.step(FRAME)
    app.step(FRAME)


def test_the_open_menu_lists_a_game_another_program_writes_within_seconds(monkeypatch):
    finished, _ = kept_game("mlut", 4, finish=True)
    app = started()
    assert app.scene.kept_game() is None
    reads = Reads(monkeypatch)
    run_for(app, 2 * WATCH_SECONDS)
    assert reads.main == [] and reads.background == [], "nothing changed: nothing is read"
    other = another_programs_game("other-window.jsonl", 20)
    run_for(app, WATCH_SECONDS + 0.5)
    offered = app.scene.kept_game()
    assert offered is not None and offered.path == other, "the menu offers the other program's game"
    assert isinstance(app.scene, MenuScene)
    post_click(app, "kept")
    library = app.scene
    assert [s.path.name for s in library.games if not s.finished] == [other.name]
    third = another_programs_game("third.jsonl", 25)
    run_for(app, WATCH_SECONDS + 0.5)
    assert third.name in [s.path.name for s in library.games], "the open list takes it in too"
    assert reads.main == [], "the menu's frames read no record: the thread does"
