"""Switching the language in Settings during a game (issue 32): the settings screen speaks the new
language at the next frame, and back at the table everything drawn is in it: the log (written before
the switch), the seat boxes, the hand's helper line, the buttons. No restart; the choice is saved."""

import json

import pygame
import pytest

from game import Seat, i18n
from scenes.app import parse_args, start_app
from scenes.menus.settings_screen import SettingsScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.layout_guard import recording
from app_driver import click, play_until, press
from language_check import foreign_words


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path))
    return tmp_path


def drawn_words(app, guard):
    guard.frame()
    app.step(0)
    return [item[2] for item in guard.items if item[0] in ("text", "button")]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_switching_in_settings_redraws_the_table_in_the_new_language(lang, config):
    app = start_app(parse_args(["--speed", "instant", "--bot-delay", "0", "--seed", "5"]),
                    ["--speed", "instant", "--bot-delay", "0", "--seed", "5"])
    app.new_game("mlut", [Seat("Anna")] + [Seat(n, "bot", "random") for n in ("Ben", "Carla", "David")], keep=False)
    table = app.scene
    assert isinstance(table, GameScreen)
    assert play_until(app, table, lambda t: len(t.log.lines) > 6 and t.session.my_turn())
    with recording(app) as guard:
        before = drawn_words(app, guard)
        assert len(foreign_words(before, lang)) > 10  # English at first: words no catalogue of LANG has

        press(app, pygame.K_ESCAPE)  # the pause box
        click(app, next(name for name in app.scene.targets if name.endswith("settings")))
        assert isinstance(app.scene, SettingsScene)
        click(app, f"language:{lang}")
        assert i18n.language() == lang
        settings_words = drawn_words(app, guard)
        assert i18n.catalogue(lang).gettext("Settings") in settings_words
        assert foreign_words(settings_words, lang) == []

        click(app, "back")
        if app.scene is not table:  # back to the pause box over the table: close it
            press(app, pygame.K_ESCAPE)
        assert app.scene is table
        after = drawn_words(app, guard)
    assert foreign_words(after, lang) == [], [t for t in after if foreign_words([t], lang)]
    log_words = " ".join(table.log.lines)
    assert foreign_words([log_words], lang) == []  # the log written in English is written again
    assert json.loads((config / "settings.json").read_text())["language"] == lang


def test_a_reason_the_rules_core_keeps_is_said_again_in_the_language_now():
    """Tricks keeps why trump is what it is in its views (the table's rule box, the log): made in one
    language, it is said again in the language the table speaks when it is shown."""
    from game import cards
    from game.games.tricks import rules as tricks
    from scenes.boards.tricks.common import no_prefix
    colour, best, reason = tricks.trump_of(["B5", "R5", "Y3"])
    assert (colour, best) == ("B", "B5") and reason.startswith("highest bid: blue 5")
    for lang in ("de", "nl"):
        with i18n.speaking(lang):
            words = i18n.again(reason)
            expected = i18n._("highest bid: {card} (blue beats red beats yellow)").format(card=cards.name("B5"))
            assert words == expected != reason
    _, _, none = tricks.trump_of(["X4", "R3", "Y2"])
    with i18n.speaking("de"):
        assert no_prefix(none) == "eine graue 4 wurde geboten und keine 5"


def test_a_kept_reason_survives_a_copy_of_the_view():
    import copy
    from game.games.tricks import rules as tricks
    _, _, reason = tricks.trump_of(["B5", "R5", "Y3"])
    view = {"trump_reason": reason}
    for copied in (copy.copy(view), copy.deepcopy(view)):
        assert copied["trump_reason"] == reason
        with i18n.speaking("de"):
            assert i18n.again(copied["trump_reason"]) != reason
