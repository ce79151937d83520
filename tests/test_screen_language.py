"""A new language reaches what the game screen wrote earlier: the log is written again from the
events it was given, in the new language and with nothing lost or doubled; the rules page is read
in the language it is shown in."""


import pytest

from game import Seat, i18n
from scenes.app import App
from scenes.menus import menu
from scenes.screen import registry
from scenes.screen.settings import Settings
from scenes.boards.scoreboard import ScoreboardScene
from app_driver import post_click
from language_check import mark_german

FRAME = 1 / 60



@pytest.fixture
def marked_german(monkeypatch):
    mark_german(monkeypatch, "[", "]")

def caught_up_game(game_id, players):
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.new_game(game_id, [Seat(f"Bot {i}", "bot", "random") for i in range(players)])
    for _ in range(300):
        app.step(FRAME)
    app.settings.bot_delay = 60  # nobody moves while we look
    for _ in range(2000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            post_click(app, "continue")
        elif getattr(scene, "idle", False) and scene.session.caught_up:
            return app, scene
        app.step(FRAME)
    raise AssertionError("the screen never caught up")


@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("tricks", 3), pytest.param("wassticht", 4, marks=pytest.mark.slow)])
def test_the_log_is_written_again_in_the_new_language(marked_german, game_id, players):
    app, screen = caught_up_game(game_id, players)
    english = list(screen.log.lines)
    assert len(english) > 10
    i18n.set_language("de")
    screen.language_changed()
    assert len(screen.log.lines) == len(english), "every line again, none doubled"
    names = ", ".join(f"Bot {i}" for i in range(players))
    assert screen.log.lines[0] == f"[New game: {names}.]"  # a line every game's log shares
    if game_id == "mlut":  # (Tricks' and Was sticht?'s own lines are their boards' words)
        assert all(line.startswith("[") for line in screen.log.lines), screen.log.lines[:5]
    app.step(FRAME)  # the log window and the boards draw from the new log
    i18n.set_language("en")
    screen.language_changed()
    assert screen.log.lines == english, "back in English: exactly the lines the game wrote"


@pytest.mark.slow  # a game played on at normal speed
def test_a_log_half_shown_is_written_again_only_as_far_as_it_was_shown(marked_german):
    """The log follows the animation (the session may have told more than the screen has said yet):
    it is written again from its own events, so no line comes twice when the animation catches up."""
    app = App(Settings(speed="normal", bot_delay=0, seed=5))
    app.new_game("mlut", [Seat(f"Bot {i}", "bot", "random") for i in range(4)])
    screen = app.scene
    for _ in range(200):
        app.step(FRAME)
    i18n.set_language("de")
    screen.language_changed()
    i18n.set_language("en")
    screen.language_changed()
    for _ in range(600):
        app.step(FRAME)
    fresh = registry.log_class("mlut")(screen.session.seats, 4)
    for event in screen.log.told:
        fresh.event(event)
    assert screen.log.lines == fresh.lines
    assert screen.log.told == screen.session.told[:len(screen.log.told)], "the log's events, in the session's order"


def test_the_rules_page_is_read_in_the_language_it_is_shown_in(tmp_path, monkeypatch, marked_german):
    (tmp_path / "de").mkdir()
    (tmp_path / "mlut.txt").write_text("# The idea\nEnglish words.\n", encoding="utf-8")
    (tmp_path / "de" / "mlut.txt").write_text("# Die Idee\nDeutsche Worte.\n", encoding="utf-8")
    monkeypatch.setattr(registry, "RULES_DIR", tmp_path)
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    page = menu.RulesScene(app, "mlut")
    assert ("head", "The idea") in page.rows
    i18n.set_language("de")
    page.language_changed()
    assert ("head", "Die Idee") in page.rows
    i18n.set_language("nl")  # no Dutch page here: the English one
    page.language_changed()
    assert ("head", "The idea") in page.rows
    assert registry.rules_page("tricks", "de") == tmp_path / "tricks.txt"
