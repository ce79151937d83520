"""Teach mode's reminders in a real game come one after another, each on screen long enough to read: in
Tricks three replaced each other within seconds over the header (a bury, a buy, a trick), and a move
ended the one on screen at once; nobody could read them."""

import random

import pytest

from app_driver import new_app
from game import Seat
from game.teach import lesson
from scenes.screen.teaching import READ_SECONDS

FRAME = 1 / 60
PERSON_PAUSE = 0.5  # a quick person: half a second per decision


def reminders_on_screen(game_id, seconds):
    """A real game in teach mode, its person deciding at random after PERSON_PAUSE: [(words, seconds on
    screen)] of each reminder shown, in order, the last one still showing left out."""
    app = new_app(seed=3, teach_mode="always", speed="normal")
    names = lesson(game_id).names
    app.new_game(game_id, [Seat("Anna")] + [Seat(n, "bot", "normal") for n in names[1:]], keep=False)
    screen, rng = app.scene, random.Random(1)
    teaching = screen.teaching
    shown, last, since, waited = [], None, 0.0, 0.0
    for frame in range(round(seconds / FRAME)):
        now = frame * FRAME
        first = teaching.reminders[0] if teaching.reminders else None
        if first is not last:
            if last is not None:
                shown.append((last[0].short, now - since))
            last, since = first, now
        if app.scene is not screen:
            break
        if "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.idle and screen.session.my_turn():
            waited += FRAME
            if waited >= PERSON_PAUSE:
                waited = 0.0
                screen.act(rng.choice(sorted(screen.state.legal_actions(), key=str)))
        app.step(FRAME)
    return shown


@pytest.mark.slow  # a minute and a half of a real game at the animations' pace
def test_each_reminder_stays_long_enough_to_read_in_a_real_tricks_game():
    shown = reminders_on_screen("tricks", 90)
    assert len(shown) >= 5, f"reminders came one after another: {shown}"
    quick = [(words, round(time, 1)) for words, time in shown if time < READ_SECONDS - FRAME]
    assert not quick, f"reminders flashed by: {quick}"
