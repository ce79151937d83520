"""The trick table: refusals, the pick, the plus dialog, time-based flights."""

import random

import pytest

from scenes.boards.scoreboard import ScoreboardScene
from app_driver import FRAME, click, new_app, new_table, play_until, seats

def my_phase(phase):
    return lambda t: t.session.my_turn() and t.state.phase == phase


def test_a_refused_click_shows_the_rules_core_reason_and_changes_nothing():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, my_phase("pick"), limit=20000)
    card = next(n for n in table.targets if n.startswith("card:"))
    reason = table.state.why_illegal(("play", card[5:]))
    events = len(table.state.events)
    click(app, card, dt=0)
    assert table.hint.lower() == reason.lower() and "pick" in reason
    assert len(table.state.events) == events


def test_picking_by_clicks_keeps_the_last_two_and_refuses_too_few():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, my_phase("pick"), limit=20000)
    trick = [c for _, c in table.board.shown["trick"]]
    for card in trick[:3]:
        click(app, f"trick:{card}", dt=0)
    assert table.board.selected == trick[1:3], "a third choice lets go of the first"
    click(app, f"trick:{trick[1]}", dt=0)
    assert table.board.selected == [trick[2]]
    events = len(table.state.events)
    click(app, "pick:confirm", dt=0)
    assert "pick exactly 2" in table.hint.lower() and len(table.state.events) == events
    click(app, f"trick:{trick[0]}", dt=0)
    click(app, "pick:confirm", dt=0)
    picked = [e for e in table.state.events if e["t"] == "act" and "pick" in e["a"]][-1]
    assert sorted(picked["a"]["pick"]) == sorted([trick[0], trick[2]])


def test_the_plus_dialog_by_clicks_turns_the_minus_piles_down():
    app = new_table("mlut", 4, seed=21)
    table = app.scene
    assert play_until(app, table, my_phase("plus"), limit=20000)
    assert "plus:confirm" in table.targets and "card:" not in " ".join(table.targets)
    for colour in "RGB":
        click(app, f"plus:{colour}", dt=0)
    assert table.board.plus_sel == ["G", "B"]
    click(app, "plus:confirm", dt=0)
    app.step(FRAME)
    me = table.session.viewer
    assert table.state.plus[me] == ("G", "B")
    collection = table.board.shown["collections"][me]
    assert collection["plus"] == ["G", "B"] and set(collection["hidden"]) == {"R", "Y"}


def test_flights_follow_time_not_frames():
    app = new_table("mlut", 4, seed=21, speed="normal")
    table = app.scene
    app.settings.bot_delay = 100  # the bot waits for the test to move it
    assert play_until(app, table, lambda t: t.session.bot_turn() and t.state.phase == "play", limit=20000)
    table.session.bot_move()
    app.step(0.0)  # the move becomes a flight
    assert len(table.board.flights) == 1
    flight = table.board.flights[0]
    app.step(0.1)
    assert 0 < flight.tween.progress < 1
    app.step(0.3)  # 0.35 s in all: landed
    assert flight.tween.done and not table.board.flights


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_animation_speed_scales_durations(speed):
    app = new_table("mlut", 4, seed=21, speed=speed)
    table = app.scene
    assert table.dur(1.0) == pytest.approx({"slow": 1.6, "fast": 0.5}[speed])


@pytest.mark.slow
def test_the_pick_helper_line_fits_between_the_side_panels():
    """Issue 12: "Click 2 cards for you; the other 2 leave the game (...)" ran from panel to panel.
    Each pick's line, drawn as the person sees it, keeps clear of the reminder and the log panels,
    for both endings of a trick and for a long name."""
    from game.games.mlut.rules import trick_takers
    from scenes.boards.mlut.table import PICK_HELP_SIZE
    from scenes.screen import theme
    from scenes.screen.layout import LOG_RECT, REMINDER_RECT

    clearance = 16
    bots = ("Maximiliane Wilhelmina von Hohenzollern-Sigmaringen", "Ben", "Carla")
    seen = {}
    for seed in range(1, 40):
        app = new_app(seed)
        app.new_game("mlut", seats(4, names=("Anna", *bots)), keep=False)
        table, rng = app.scene, random.Random(seed)
        for _ in range(20000):
            if isinstance(app.scene, ScoreboardScene):
                if app.scene.final:
                    break
                app.scene.click("continue")
            elif table.idle and table.session.my_turn():
                if table.state.phase == "pick":
                    app.step(0)  # drawn: the line is on screen
                    taker = trick_takers(list(table.board.shown["trick"]), table.board.shown["pick_size"])[1]
                    line = table.board.pick_help()
                    width = theme.font(PICK_HELP_SIZE).size(line)[0]
                    assert REMINDER_RECT.right + clearance <= 640 - width / 2, line
                    assert 640 + width / 2 <= LOG_RECT.left - clearance, line
                    kind = "leave" if taker is None else ("long" if taker == 1 else "short")
                    seen.setdefault(kind, line)
                legal = table.state.legal_actions()
                table.session.try_action(legal[rng.randrange(len(legal))])
            app.step(FRAME)
        if {"leave", "long"} <= set(seen):
            break
    assert "leave the game" in seen["leave"] and "lowest other colour" in seen["long"], seen
    assert "Maxim" in seen["long"] and "…" in seen["long"], "a long name is shortened, not dropped"
