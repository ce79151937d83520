"""The menu, seat setup, rules, pause, the command line and the app's safety nets."""

import os
import subprocess
import sys

import pygame
import pytest

from game import Seat
from scenes.app import parse_args
from scenes.menus.menu import MenuScene, RulesScene, SetupScene
from scenes.screen.session import Session
from scenes.screen.settings import Settings
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, click, new_app, point_at, press, type_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def app():
    return new_app(seed=99)


@pytest.mark.parametrize("game_id", ["mlut", "wassticht", "tricks"])
def test_every_game_opens_its_seat_setup(app, game_id):
    click(app, f"game:{game_id}")
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == game_id


def test_seat_setup_counts_kinds_and_names(app):
    click(app, "game:mlut")
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.count == 4
    click(app, "count:6")
    assert setup.count == 6 and "name:5" in setup.targets
    click(app, "kind:3")
    assert setup.seats[3][1] == "human"
    click(app, "name:2")
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Zoë")
    press(app, pygame.K_RETURN)
    assert setup.seats[2][0] == "Zoë" and setup.editing is None
    click(app, "name:4")
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)
    assert setup.seats[4][0] == "Emma", "an emptied name comes back"
    seats = setup.chosen_seats()
    assert [s.kind for s in seats] == ["human", "bot", "bot", "human", "bot", "bot"]
    click(app, "start")
    table = app.scene
    assert isinstance(table, GameScreen) and table.state.players == 6
    assert table.session.seats[2].name == "Zoë"


def test_a_click_into_a_name_selects_it_and_ctrl_a_selects_it_again(app):
    """A newcomer typed "Lena" into Anna's field and got "AnnaLena": a click into a name selects it, so
    what is typed replaces it; End keeps it to add to; Ctrl+A selects it all again."""
    click(app, "game:tricks")
    setup = app.scene
    click(app, "name:0")
    assert setup.seats[0][0] == "Anna" and setup.editing == 0
    type_text(app, "Lena")
    assert setup.seats[0][0] == "Lena"
    press(app, pygame.K_END)
    type_text(app, " M.")
    assert setup.seats[0][0] == "Lena M."
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "Ann")
    press(app, pygame.K_a, mod=pygame.KMOD_RCTRL)
    press(app, pygame.K_BACKSPACE)
    type_text(app, "Annalena")
    press(app, pygame.K_RETURN)
    assert setup.seats[0][0] == "Annalena" and setup.editing is None
    click(app, "name:1")
    press(app, pygame.K_DELETE)
    press(app, pygame.K_TAB)
    assert setup.seats[1][0] == "Ben", "an emptied name comes back"


@pytest.mark.parametrize("game_id", ["tricks", "wassticht", "mlut"])
def test_every_setup_option_says_what_it_does_on_hover(app, game_id):
    """"Winner leads: off" had no tooltip: the mouse resting on each option of the setup's panel
    shows what it does."""
    from scenes.screen.base import TIP_DELAY
    click(app, f"game:{game_id}")
    setup = app.scene
    options = [name for name in setup.targets if name.startswith("opt:")] + ["speed", "pace"]
    assert len(options) == len(setup.options) + 2
    for name in options:
        point_at(app, setup.targets[name].center, TIP_DELAY + 0.2)
        assert setup.shown_tip(), f"{name} says nothing on hover"
    if game_id == "tricks":
        point_at(app, setup.targets["opt:winner_leads"].center, TIP_DELAY + 0.2)
        assert "names who leads the next one" in setup.shown_tip()


def test_two_seats_with_one_name_are_refused(app):
    click(app, "game:mlut")
    setup = app.scene
    setup.seats[1][0] = setup.seats[0][0]
    click(app, "start")
    assert isinstance(app.scene, SetupScene) and "both called" in setup.hint


def test_rules_open_scroll_and_esc_goes_back_twice(app):
    click(app, "game:mlut")
    setup = app.scene
    click(app, "rules")
    rules = app.scene
    assert isinstance(rules, RulesScene) and len(rules.rows) > 20
    assert any("plus colours" in line.lower() for _, line in rules.rows)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step(FRAME)
    assert rules.offset > 0
    press(app, pygame.K_ESCAPE)
    assert app.scene is setup
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_quit_button_and_window_close_stop_the_app(app):
    click(app, "quit")
    assert not app.running
    other = new_app(seed=None)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    other.step(FRAME)
    assert not other.running


def test_esc_pauses_the_table_and_leads_back_to_the_menu(app):
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(3)])
    app.step(FRAME)
    press(app, pygame.K_ESCAPE)
    assert app.scene.overlay == "pause"
    click(app, "pause:speed")
    assert app.settings.speed == "slow"
    click(app, "pause:menu")
    assert isinstance(app.scene, MenuScene)


def test_last_trick_before_any_trick_is_a_hint_then_an_overlay(app):
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(3)])
    table = app.scene
    click(app, "btn:last")
    assert table.overlay is None and "no trick" in table.hint.lower()
    for _ in range(400):
        if table.idle and table.board.shown["last_trick"]:
            break
        if table.idle and table.session.my_turn():
            table.session.try_action(table.state.legal_actions()[0])
        app.step(FRAME)
    click(app, "btn:last")
    assert table.overlay == "last"
    click(app, "overlay:close")
    assert table.overlay is None


def test_a_letterboxed_window_maps_clicks_back():
    app = new_app(seed=None, window_size=(1920, 1080))
    assert not app.letterbox.identity and app.letterbox.scale == pytest.approx(1.5)
    click(app, "game:mlut")
    assert isinstance(app.scene, SetupScene)


def test_resizing_the_window_refits_the_picture(app):
    pygame.display.set_mode((2000, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(2000, 900), w=2000, h=900))
    app.step(FRAME)
    assert app.letterbox.window == (2000, 900) and app.letterbox.offset[0] > 0
    click(app, "game:mlut")
    assert isinstance(app.scene, SetupScene)


class BrokenBot:
    needs_view = False

    def choose(self, view, legal, rng):
        raise RuntimeError("bot bug")


def test_a_broken_bot_does_not_stop_the_game(capsys):
    session = Session.new("mlut", [Seat(f"B{i}", "bot", "random") for i in range(4)], seed=3)
    session.bots[session.decider] = BrokenBot()
    before = len(session.state.events)
    session.bot_move()
    assert len(session.state.events) > before
    assert "bot bug" in capsys.readouterr().err


def test_a_new_game_draws_a_fresh_seed():
    seats = [Seat("A")] + [Seat(f"B{i}", "bot", "random") for i in range(3)]
    assert len({Session.new("mlut", seats).seed for _ in range(5)}) > 1


def test_an_error_in_a_scene_returns_to_the_menu(app, capsys):
    class Broken(MenuScene):
        def update(self, dt):
            raise RuntimeError("scene bug")

    app.switch(Broken(app))
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    steps = []
    real_step = app.step

    def step(dt):
        steps.append(dt)
        if len(steps) == 3:
            app.quit()
        real_step(dt)
    app.step = step
    app.run()
    assert "scene bug" in capsys.readouterr().err
    assert isinstance(app.scene, MenuScene) and not isinstance(app.scene, Broken)


@pytest.mark.parametrize("argv", [["--speed", "turbo"], ["--size", "12"], ["--bot-delay", "-1"], ["--fps", "x"],
                                  ["--seed", "abc"], ["surprise"]])
def test_bad_arguments_are_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_good_arguments():
    args = parse_args(["--speed", "instant", "--size", "1600x900", "--bot-delay", "0", "--seed", "5"])
    assert (args.speed, args.size, args.bot_delay, args.seed) == ("instant", (1600, 900), 0.0, 5)


def test_main_py_exits_2_on_bad_arguments():
    done = subprocess.run([sys.executable, "main.py", "--no-such-flag"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "usage" in done.stderr


def test_rule_options_are_switched_in_the_setup(app):
    setup = SetupScene(app, "tricks")
    app.switch(setup)
    assert setup.options == {"winner_leads": False}
    click(app, "opt:winner_leads")
    assert setup.options["winner_leads"] is True
    draft = SetupScene(app, "wassticht")
    app.switch(draft)
    click(app, "opt:tasks_per_player")
    assert draft.options["tasks_per_player"] == 4
    click(app, "opt:tasks_per_player")
    assert draft.options["tasks_per_player"] == 5


def test_the_rules_page_never_scrolls_past_its_end():
    """Scrolled all the way down, the page's last line is at the bottom, not half a screen up."""
    from scenes.menus.menu import RULES_BOTTOM, RULES_TOP, ROW_HEIGHT
    app = new_app(seed=None, bot_delay=Settings.bot_delay)
    app.show_rules("mlut")
    rules = app.scene
    for _ in range(40):
        rules.scroll(-1)
    shown = rules.rows[rules.offset:]
    height = sum(ROW_HEIGHT[kind] for kind, _ in shown)
    assert height <= RULES_BOTTOM - RULES_TOP, "the last line is on the page"
    above = ROW_HEIGHT[rules.rows[rules.offset - 1][0]]
    assert height + above > RULES_BOTTOM - RULES_TOP, "no room left at the bottom: it went no further than the end"


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_games_pitch_is_whole_on_its_tile(lang, monkeypatch):
    """The tiles show three lines of a game's pitch: a German pitch stopped mid-sentence ("Durch die
    Karten der übrigen wird") on the fourth, unseen."""
    from game import i18n
    from scenes.screen import theme
    seen = []
    draw = MenuScene.draw_pitch

    def watched(surface, rect, pitch, top, step, sizes):
        seen.append((pitch, len(theme.wrap(pitch, sizes[-1], rect.width - 40))))
        return draw(surface, rect, pitch, top, step, sizes)

    monkeypatch.setattr(MenuScene, "draw_pitch", staticmethod(watched))
    with i18n.speaking(lang):
        app = new_app()
        app.step(FRAME)
    assert len(seen) >= 3 and all(lines <= 3 for _pitch, lines in seen), seen
