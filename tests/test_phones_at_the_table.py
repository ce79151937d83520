"""Phones at the table: the seat setup offers them where hands are hidden and several people would pass
the mouse; a TV whose people are all on phones shows no hand strip and no words for a mouse nobody
holds; a seat a bot plays while its phone is away says so ("BOT FOR NOW"), not PHONE."""

import pytest

from game import Seat
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen import cards, theme
from scenes.screen.game_screen import GameScreen
from scenes.screen.settings import Settings
from app_driver import FRAME, click, texts_of_a_frame
from test_phone_lobby import fake_status

OFFER = "No passing: each of you holds your cards on your phone."


@pytest.fixture
def app():
    app = App(Settings(speed="instant", bot_delay=0, seed=99))
    app.port = 0  # any free port: tests never take the real one
    app.phone_server_options = {"host": "127.0.0.1"}
    yield app
    app.quit()


def test_a_mlut_table_of_two_people_is_offered_phones_and_switches_in_one_click(app, monkeypatch):
    """Hidden hands (Mit List und Tücke) and two people: phones offered; open hands (Tricks): not."""
    click(app, "game:tricks")
    click(app, "kind:1")
    assert app.scene.seats[1][1] == "human"
    assert OFFER not in texts_of_a_frame(app, monkeypatch) and "where:all" not in app.scene.targets
    app.to_menu()
    click(app, "game:mlut")
    setup = app.scene
    assert OFFER not in texts_of_a_frame(app, monkeypatch), "one person: nothing to pass"
    click(app, "kind:1")
    assert OFFER in texts_of_a_frame(app, monkeypatch)
    click(app, "where:all")
    assert [kind for _, kind, _ in setup.seats[:setup.count]] == ["phone", "phone", "bot", "bot"]
    assert OFFER not in texts_of_a_frame(app, monkeypatch) and "where:all" not in setup.targets


def phones_game(app, game_id):
    """A game of two phone seats (Anna, Ben) and two bots, started from the lobby; both phones then
    leave and bots stand in for them (clicked on the TV), so the game plays on by itself."""
    seats = [Seat("Anna"), Seat("Ben"), Seat("Carla", "bot", "random"), Seat("Dora", "bot", "random")]
    app.new_game(game_id, seats, phones={0, 1})
    lobby = app.scene
    for seat in lobby.phones:
        fake_status(lobby.server, seat)
    click(app, "start")
    screen = app.scene
    assert isinstance(screen, GameScreen) and not screen.session.people
    for seat in (0, 1):
        fake_status(screen.session.phone_server, seat, "away")
    return screen


class Drawn:
    """Every word rendered (theme.text) and every card drawn at the hand strip's size, face or back."""

    def __init__(self, monkeypatch):
        self.words, self.hand_cards = [], []
        real_text, real_face, real_back = theme.text, cards.face, cards.back

        def text(s, *args, **kwargs):
            self.words.append(s)
            return real_text(s, *args, **kwargs)

        def face(card, size=cards.HAND):
            if tuple(size) == tuple(cards.HAND):
                self.hand_cards.append(card)
            return real_face(card, size)

        def back(size=cards.HAND, *args, **kwargs):
            if tuple(size) == tuple(cards.HAND):
                self.hand_cards.append("back")
            return real_back(size, *args, **kwargs)

        monkeypatch.setattr(theme, "text", text)
        monkeypatch.setattr(cards, "face", face)
        monkeypatch.setattr(cards, "back", back)


def play_first_round(app, screen, each_frame):
    """Frames until the first round's scores; bots are asked to stand in wherever the TV offers it."""
    for _ in range(20000):
        for name in [t for t in screen.targets if t.startswith("phone:standin:")]:
            click(app, name)
        app.step(FRAME)
        if isinstance(app.scene, ScoreboardScene):
            return app.scene
        each_frame()
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("game_id", ["mlut", "wassticht"])
def test_a_tv_for_phones_shows_no_hand_strip_and_no_words_for_the_mouse(app, game_id, monkeypatch):
    screen = phones_game(app, game_id)
    drawn = Drawn(monkeypatch)
    frames = []

    def each_frame():
        if app.scene is screen and screen.board.kind == "table":
            frames.append(1)
            assert not [t for t in screen.targets if t.startswith("card:")], "a hand to click on the TV"
            assert not drawn.hand_cards, f"a hand strip on a TV whose people are on phones: {drawn.hand_cards}"
        drawn.hand_cards.clear()

    sheet = play_first_round(app, screen, each_frame)
    assert frames, "the tricks were shown"
    assert {0, 1} <= screen.session.standins
    words = texts_of_a_frame(app, monkeypatch)
    assert sheet is app.scene and not [w for w in words if w.startswith("Point at")], words


def test_a_bot_standing_in_for_a_phone_says_bot_for_now(app, monkeypatch):
    screen = phones_game(app, "mlut")
    drawn = Drawn(monkeypatch)
    for _ in range(600):
        if {0, 1} <= screen.session.standins:
            break
        for name in [t for t in screen.targets if t.startswith("phone:standin:")]:
            click(app, name)
        app.step(FRAME)
    assert {0, 1} <= screen.session.standins
    drawn.words.clear()
    for _ in range(30):
        app.step(FRAME)
    assert "BOT FOR NOW" in drawn.words and "PHONE" not in drawn.words
