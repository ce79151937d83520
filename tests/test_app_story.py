"""The evening's story at the screen: the final score sheet of a game played in the app draws each
player's running total as a line in their colour, with the highlights beside it; the kept games list
opens a Players view by real clicks, with a row per person and game, and Esc comes back."""

import pytest
import random

import pygame

from game import story
from kept.stats import player_stats
from kept import storage
from scenes.menus.library import LibraryScene
from scenes.menus.players import ROWS, PlayersScene
from scenes.screen import theme
from app_driver import FRAME, click, new_app, play_to_sheet, point_at, post_click, press
from test_score_sheets import heard
from test_stats import expected, write_games


@pytest.mark.slow
def test_the_final_sheet_draws_every_players_total_round_by_round():
    app = heard(4)
    sheet = play_to_sheet(app, final=True, rng=random.Random(4))
    state = sheet.session.state
    app.step(FRAME)
    panel = sheet.story
    plot = panel.chart_rect
    assert plot is not None and set(panel.points) == set(range(state.players))
    # the sheet, then the chart, then the buttons: nothing covers anything
    assert sheet.table_bottom < plot.top and plot.bottom < sheet.targets["rematch"].top
    assert pygame.Rect(0, 0, 1280, 720).contains(plot)
    history = state.view(0)["history"]
    last_x = plot.right
    for seat, pts in panel.points.items():
        assert len(pts) == len(history) + 1, "the start and every round"
        assert pts[-1][0] == last_x
        assert all(plot.left <= x <= plot.right and plot.top <= y <= plot.bottom for x, y in pts), "inside the plot"
        colour = theme.PLAYER_COLOURS[seat]
        inked = sum(1 for x in range(plot.left, plot.right) for y in range(plot.top, plot.bottom + 1, 2)
                    if app.canvas.get_at((x, y))[:3] == colour)
        assert inked > 30, f"seat {seat}'s line is drawn in its colour"
    # higher totals are drawn higher, at every round
    for r, entry in enumerate(history):
        order = sorted(range(state.players), key=lambda s: entry["totals"][s])
        ys = [panel.points[s][r + 1][1] for s in order]
        assert ys == sorted(ys, reverse=True)
    # pointing at a seat's last point says whose it is and the total
    seat = state.players - 1
    point_at(app, panel.points[seat][-1])
    assert sheet.tip_at(sheet.mouse) == f"{sheet.session.name(seat)} after round {len(history)}: {state.totals[seat]}"
    # the highlights are the rules core's, in the seats' names
    names = [sheet.session.name(s) for s in range(state.players)]
    assert panel.highlights == [story.describe(h, names) for h in story.highlights(state.events)]
    assert len(panel.highlights) >= 2
    post_click(app, "menu")


def test_the_players_view_opens_by_clicks_and_lists_every_person_per_game():
    write_games()
    write_games([("mlut", 4, 11, [("Emma", "human"), ("Felix", "human"), ("Gus", "human"), ("x", "bot")], True)])
    storage.catalog().refresh()
    app = new_app(seed=2)
    click(app, "kept")
    assert isinstance(app.scene, LibraryScene)
    library = app.scene
    click(app, "tab:players")
    players = app.scene
    assert isinstance(players, PlayersScene)
    app.step(FRAME)
    want = expected()
    assert {(ln.name.lower(), ln.game) for ln in players.lines} == set(want)
    assert len(players.lines) > ROWS, "a list longer than the page"
    # each row on screen explains itself with its numbers
    first = players.lines[0]
    row_tip = next(words for rect, words in players.tips if words.startswith(f"{first.name}, {first.title}:"))
    assert f"{first.games} games, {first.wins} won" in row_tip
    games = want[(first.name.lower(), first.game)]
    assert first.games == len(games) and first.best == max(t for t, _, _ in games)
    # the arrows and the Down button move through the list; Esc comes back to the games
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    assert players.first == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    assert players.first == 0
    click(app, f"move:{ROWS}")
    assert players.first == len(players.lines) - ROWS
    shown = [words for _, words in players.tips if words.startswith(f"{players.lines[-1].name}, ")]
    assert shown, "the last row is on screen"
    press(app, pygame.K_ESCAPE)
    assert app.scene is library
    click(app, "tab:players")
    click(app, "tab:games")
    assert app.scene is library


def test_the_players_view_says_when_nobody_has_played():
    app = new_app(seed=2)
    click(app, "kept")
    click(app, "tab:players")
    assert isinstance(app.scene, PlayersScene) and app.scene.lines == []
    assert player_stats(storage.catalog().games()) == []
