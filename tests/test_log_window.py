"""The game log window (the log button, at the table): it opens at the newest lines and scrolls
through them by the wheel and the keys, stopping at both ends; a short log does not scroll away."""

import pygame
import pytest

from scenes.screen import coach, theme
from scenes.screen.session import Session
from app_driver import FRAME, click, new_app, play_until, press, seats_of, wheel


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})
    return new_app(seed=20240611)


def log_window_rows(app, monkeypatch):
    """One frame; the rows the game log window drew, top to bottom (its text column at x 180)."""
    drawn, blit = [], theme.blit_text

    def recording(surface, s, size, pos, *args, **kwargs):
        if size == 20 and pos[0] == 180:
            drawn.append(s)
        return blit(surface, s, size, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.step(FRAME)
    monkeypatch.setattr(theme, "blit_text", blit)
    return drawn


def test_the_game_log_window_scrolls_through_its_lines_and_stops_at_the_ends(app, monkeypatch):
    app.start_game(Session.new("tricks", seats_of(["human", "bot", "bot"]), 7))
    table = app.scene

    def rows():
        return [row for line in table.log.lines for row in theme.wrap(line, 20, 920)]

    assert play_until(app, table, lambda t: len(rows()) > 60 and t.session.my_turn())
    all_rows = rows()  # the person's turn: the game waits, the log stays as it is
    click(app, "btn:log")
    assert table.overlay == "log"
    newest = log_window_rows(app, monkeypatch)
    assert newest == all_rows[-19:]  # opened at the newest lines

    wheel(app, 1)  # one notch up: three rows older, nothing lost
    assert log_window_rows(app, monkeypatch) == all_rows[-22:-3]
    press(app, pygame.K_UP)  # a key: one row more
    assert log_window_rows(app, monkeypatch) == all_rows[-23:-4]
    press(app, pygame.K_PAGEUP)
    assert log_window_rows(app, monkeypatch) == all_rows[-42:-23]
    for _ in range(40):
        wheel(app, 1)  # far past the top: it stops at the oldest page
    assert log_window_rows(app, monkeypatch) == all_rows[:19]
    wheel(app, -1)
    assert log_window_rows(app, monkeypatch) == all_rows[3:22]
    press(app, pygame.K_END)
    assert log_window_rows(app, monkeypatch) == newest
    wheel(app, -5)  # past the newest: it stays there
    assert log_window_rows(app, monkeypatch) == newest


def test_a_short_log_does_not_scroll_away(app, monkeypatch):
    app.start_game(Session.new("tricks", seats_of(["human", "bot", "bot"]), 7))
    table = app.scene
    click(app, "btn:log")
    shown = log_window_rows(app, monkeypatch)
    assert 0 < len(shown) < 19
    wheel(app, 1)
    assert log_window_rows(app, monkeypatch) == shown  # all of it fits: nothing to move
    assert table.overlay == "log"
