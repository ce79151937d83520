"""Kept games: delete with a question first, the order of the list, who played, and a Continue
button that names the game, its date and the other games waiting."""

import time

from scenes.app import App
from scenes.menus.library import LibraryScene, continue_words, who_played
from scenes.menus.menu import MenuScene
from scenes.screen.settings import Settings
from app_driver import click, post_click
from test_app_replay import kept_game

FRAME = 1 / 60


def kept_four():
    paths = []
    for game, seed, finish in (("mlut", 4, True), ("tricks", 5, True), ("wassticht", 6, False), ("mlut", 8, False)):
        paths.append(kept_game(game, seed, finish=finish, actions=30)[0])
        time.sleep(0.01)
    return paths  # oldest first


def open_library():
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    click(app, "kept")
    assert isinstance(app.scene, LibraryScene)
    app.step(FRAME)
    return app


def test_delete_asks_first_and_no_or_esc_keeps_the_game():
    paths = kept_four()
    app = open_library()
    library = app.scene
    post_click(app, "order")
    assert [s.path for s in library.games] == paths[::-1], "newest first"
    post_click(app, "delete:0")
    assert library.deleting is not None and set(library.targets) == {"confirm:yes", "confirm:no"}
    post_click(app, "confirm:no")
    assert paths[-1].exists() and library.deleting is None
    app.step(FRAME)
    post_click(app, "delete:0")
    app.scene.back()  # Esc is No
    assert paths[-1].exists() and isinstance(app.scene, LibraryScene)
    app.step(FRAME)
    post_click(app, "delete:0")
    post_click(app, "confirm:yes")
    assert not paths[-1].exists() and len(library.games) == 3 and "Deleted" in library.hint
    app.to_menu()
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    assert continue_words(app.scene.kept_game())[0].endswith("Was sticht?"), "the next unfinished one"


def test_the_order_toggles_between_finished_first_and_newest_first():
    paths = kept_four()
    app = open_library()
    games = app.scene.games
    assert [g.finished for g in games] == [True, True, False, False]
    assert [g.path for g in games] == [paths[1], paths[0], paths[3], paths[2]]
    post_click(app, "order")
    assert [g.path for g in app.scene.games] == paths[::-1]
    app.step(FRAME)
    post_click(app, "order")
    assert [g.path for g in app.scene.games] == [paths[1], paths[0], paths[3], paths[2]]


def test_who_played_names_the_people_and_counts_the_bots():
    kept_four()
    app = open_library()
    post_click(app, "order")
    summary = app.scene.games[0]
    assert who_played(summary) == "Anna + 3 bots"
    title, detail = continue_words(summary)
    assert summary.title in title and summary.date in detail and "1 more in Kept games" in detail


def test_a_shared_win_is_written_whole_in_the_kept_list(monkeypatch):
    """Two winners ("Won: Anna and Ben") fit the outcome's place, smaller rather than cut."""
    from types import SimpleNamespace
    import pygame
    from scenes.menus import library
    from scenes.screen import theme
    drawn, blit = [], theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: (drawn.append(s), blit(surface, s, *a, **k))[1])
    pygame.init()
    summary = SimpleNamespace(finished=True, winners=["Anna", "Ben"], won=(0, 2), people=(0, 2))
    rect = pygame.Rect(790, 100, 324, 56)
    library.LibraryScene.draw_outcome(pygame.Surface((1280, 720)), summary, rect)
    assert "Won: Anna and Ben" in drawn, drawn


def test_a_bot_that_won_is_marked_in_the_kept_list():
    """"Won: Ben" read as the person Ben of another game: a bot's win says so."""
    from types import SimpleNamespace
    from scenes.menus.library import winner_names
    summary = SimpleNamespace(finished=True, winners=["Ben", "Anna"], won=(1, 0), people=(0,))
    assert winner_names(summary) == ["Ben (bot)", "Anna"]
