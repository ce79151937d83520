"""Sound effects come at the right moments of a game, and mute silences them."""

import pygame
import pytest

from game import Seat
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.settings import Settings
from scenes.menus.settings_screen import SettingsScene
from scenes.screen.sound import Sound

FRAME = 1 / 60


class Recorder:
    """Stands in for the app's Sound: remembers what was asked for."""

    def __init__(self):
        self.asked = []

    def play(self, name):
        self.asked.append(name)
        return True

    def configure(self, volume, muted):
        pass

    def warm(self):
        return False


class FakeEffect:
    def __init__(self):
        self.plays = []
        self.volume = None

    def set_volume(self, volume):
        self.volume = volume

    def play(self):
        self.plays.append(self.volume)


@pytest.fixture
def app():
    app = App(Settings(speed="instant", bot_delay=0, seed=8))
    app.sound = Recorder()
    return app


def play_until(app, wanted, limit=3000):
    for _ in range(limit):
        if wanted():
            return True
        app.step(FRAME)
    return False


def test_deal_play_and_take_sound_in_their_order(app):
    app.new_game("mlut", [Seat(f"Bot {i}", "bot", "random") for i in range(4)], keep=False)
    asked = app.sound.asked
    assert play_until(app, lambda: "take" in asked)
    assert asked[:2] == ["shuffle", "deal"], "the round starts with a shuffle and the deal"
    first_take = asked.index("take")
    assert asked[2:first_take] == ["play"] * 4, "one sound per card played, then the trick is taken"


def test_an_illegal_click_sounds_the_refusal(app):
    app.new_game("mlut", [Seat("Anna"), *(Seat(f"Bot {i}", "bot", "random") for i in range(3))], keep=False)
    table = app.scene
    assert play_until(app, lambda: table.idle and table.session.my_turn() and table.state.phase == "play"
                      and table.board.playable() != set(table.board.shown["hand"]))
    app.step(FRAME)
    refused = next(c for c in table.board.shown["hand"] if c not in table.board.playable())
    table.click(f"card:{refused}")
    assert app.sound.asked[-1] == "refuse"


def test_the_final_scoreboard_cheers_once(app):
    app.new_game("mlut", [Seat(f"Bot {i}", "bot", "random") for i in range(4)], keep=False)
    session = app.scene.session
    final = ScoreboardScene(app, session, 1, final=True)
    app.switch(final)
    app.switch(final)
    assert app.sound.asked.count("win") == 1
    app.switch(ScoreboardScene(app, session, 1, final=False, on_continue=lambda: None))
    assert app.sound.asked.count("win") == 1, "a round's scores do not cheer"


def test_mute_silences_the_effects():
    sound = Sound(volume=0.6)
    sound._enabled = True  # as if the device had opened
    effect = FakeEffect()
    sound.sounds = {"play": effect}
    assert sound.play("play") and effect.plays == [0.6]
    sound.configure(0.6, muted=True)
    assert not sound.play("play") and effect.plays == [0.6]
    sound.configure(0.0, muted=False)
    assert not sound.play("play")


def test_the_settings_screen_mutes_the_app(app):
    real = Sound()
    real._enabled = True
    effect = FakeEffect()
    real.sounds = {"play": effect, "take": effect}
    app.sound = real
    app.switch(SettingsScene(app))
    app.step(FRAME)
    app.scene.click("mute")
    assert app.settings.muted and real.muted
    plays = len(effect.plays)
    app.play_sound("take")
    assert len(effect.plays) == plays, "muted: nothing is heard"


def test_a_failing_sound_never_stops_the_game(app):
    class Broken(Recorder):
        def play(self, name):
            raise pygame.error("device gone")
    app.sound = Broken()
    app.play_sound("play")  # no exception
