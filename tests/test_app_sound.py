"""Sound effects come at the right moments of a game, and mute silences them."""

import pygame
import pytest

from scenes.boards.scoreboard import ScoreboardScene
from scenes.menus.settings_screen import SettingsScene
from scenes.screen.sound import Sound
from app_driver import FRAME, new_app, run_until, seats


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
    app = new_app(seed=8)
    app.sound = Recorder()
    return app


def test_deal_play_and_take_sound_in_their_order(app):
    app.new_game("mlut", seats(4, people=()), keep=False)
    asked = app.sound.asked
    assert run_until(app, lambda: "take" in asked)
    assert asked[:2] == ["shuffle", "deal"], "the round starts with a shuffle and the deal"
    first_take = asked.index("take")
    assert asked[2:first_take] == ["play"] * 4, "one sound per card played, then the trick is taken"


def test_an_illegal_click_sounds_the_refusal(app):
    """Four people at one screen: the first three play three colours, so the fourth may not add a
    card of the fourth colour; clicking one sounds the refusal."""
    app.new_game("mlut", seats(4, people=range(4), names=("Anna", "Ben", "Cleo", "Dan")), keep=False)
    table = app.scene
    state = table.state
    order = [(state.current_player + k) % 4 for k in range(4)]
    plan = three_colours_and_a_fourth(state, order)
    assert plan is not None, "this deal has no such trick: choose another seed"
    for seat, card in zip(order, plan[:3]):
        take_the_mouse(app, table, seat)
        assert table.act(("play", card))
    last = order[3]
    take_the_mouse(app, table, last)
    refused = plan[3]
    assert refused in table.board.shown["hand"] and refused not in table.board.playable()
    table.click(f"card:{refused}")
    assert app.sound.asked[-1] == "refuse"


def three_colours_and_a_fourth(state, order):
    """Cards for the first three seats of ORDER in three colours, and a card of the fourth colour
    the fourth seat holds (besides one it may play), or None."""
    hands = [state.hands[s] for s in order]
    for first in hands[0]:
        for second in hands[1]:
            for third in hands[2]:
                colours = {first[0], second[0], third[0]}
                if len(colours) < 3:
                    continue
                fourth = [c for c in hands[3] if c[0] not in colours]
                if fourth and any(c[0] in colours for c in hands[3]):
                    return [first, second, third, fourth[0]]
    return None


def take_the_mouse(app, table, seat):
    for _ in range(200):
        if table.idle and table.session.decider == seat:
            break
        app.step(FRAME)
    if table.session.needs_handoff():
        table.accept_handoff()
    app.step(FRAME)
    assert table.session.my_turn() and table.session.viewer == seat


def test_the_final_scoreboard_cheers_once(app):
    app.new_game("mlut", seats(4, people=()), keep=False)
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
