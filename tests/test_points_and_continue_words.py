"""Words a newcomer found wrong on a box or a button: the menu's Continue button says when and who
whole, in two lines, in every language and window size (a third line ran off its edge); a seat's
points say "1 pt", not "1 pts"."""

import pygame
import pytest

from game import Seat, new_game
from game.runner import play_out, seat_bots
from kept.storage import Autosave
from scenes.menus.library import continue_words
from scenes.menus.menu import MenuScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.layout_guard import drawn_at_sizes, recording, seen
from scenes.screen import theme
from app_driver import FRAME, new_app, new_table, play_until, post_click

LONG_NAMES = ("Annalena", "Benedikt", "Carolina", "Dorothea", "Emil", "Felix")


def kept_unfinished(game_id, players, people, seed):
    """A game written as the app writes it, left after a few moves: PEOPLE seats are persons."""
    seats = [Seat(name, "human" if i < people else "bot", None if i < people else "random")
             for i, name in enumerate(LONG_NAMES[:players])]
    state = new_game(game_id, players, seed, seats)
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    play_out(state, bots, rngs, max_actions=10)
    save.sync(state)
    save.close()


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_continue_buttons_when_and_who_is_whole_at_720p_and_4k(language):
    """German ran to a third line ("… noch 1 weiteres in „Gespeicherte") that fell off the button."""
    kept_unfinished("tricks", 5, 3, 1)
    kept_unfinished("mlut", 6, 5, 2)
    app = new_app(language=language)
    app.step(FRAME)
    menu = app.scene
    assert isinstance(menu, MenuScene) and "continue" in menu.targets
    detail = continue_words(menu.kept_game())[1]
    with recording(app) as guard:
        guard.frame()
        app.draw()
        checks = {(1280, 720): seen(guard)}
        checks.update(drawn_at_sizes(app, guard, [(3840, 2160)]))
    for size, (problems, cut, drawn) in checks.items():
        assert not cut and not problems, (size, cut, problems)
        assert detail in " ".join(drawn), (size, detail, drawn)
    post_click(app, "continue")
    assert isinstance(app.scene, GameScreen)


def test_a_seat_with_one_point_says_1_pt(monkeypatch):
    """The seat boxes said "1 pts". A person plays Mit List und Tücke until a seat has one point."""
    app = new_table("mlut", 4, seed=1)
    table = app.scene
    assert play_until(app, table, lambda t: 1 in t.board.shown["totals"])
    monkeypatch.setattr(table.board, "_panel_cache", {})  # the boxes drawn afresh
    drawn, text = [], theme.text
    monkeypatch.setattr(theme, "text", lambda words, *a, **k: drawn.append(words) or text(words, *a, **k))
    app.step(FRAME)
    assert "1 pt" in drawn and "1 pts" not in drawn, [w for w in drawn if "pt" in w]


def test_the_continue_buttons_lines_break_between_its_parts_not_inside_one():
    """A newcomer read "… · 1 more in Kept" / "games" as a mistake: a line breaks at a " · "."""
    from scenes.menus.menu import continue_detail
    pygame.init()
    _size, lines = continue_detail("Nov 28, 2026 16:48 · Anna, Ben + 2 bots · 1 more in Kept games")
    assert lines == ["Nov 28, 2026 16:48 · Anna, Ben + 2 bots", "1 more in Kept games"]
