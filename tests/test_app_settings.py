"""The settings screen: changes persist across a restart (tmp config folder), flags override for one
run, a broken file is told in the menu and kept as .bad, F11 toggles full screen, the seat setup
remembers the last seats, the colour symbols switch on and off."""

import json

import pygame
import pytest

from scenes.screen import cards
from scenes.app import App
from scenes.menus.menu import MenuScene, SetupScene
from scenes.screen.settings import Settings
from scenes.menus.settings_screen import SettingsScene
from scenes.screen.game_screen import GameScreen
from app_driver import click, launch

FRAME = 1 / 60


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path))
    yield tmp_path
    cards.set_symbols(True)  # the card faces are shared by every test


def test_settings_screen_changes_survive_a_restart(config):
    app = launch()
    click(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    for name in ("speed:fast", "pace:0.35", "volume:-1", "volume:-1", "mute", "symbols"):
        click(app, name)
    assert app.sound.muted and app.sound.volume == pytest.approx(0.5)
    click(app, "back")
    assert isinstance(app.scene, MenuScene)
    again = launch()
    s = again.settings
    assert (s.speed, s.bot_delay, s.volume, s.muted, s.colour_symbols) == ("fast", 0.35, 0.5, True, False)
    assert again.sound.muted and not cards._options["symbols"]
    assert json.loads((config / "settings.json").read_text())["speed"] == "fast"


def test_a_flag_overrides_for_this_run_only(config):
    (config / "settings.json").write_text(json.dumps({"speed": "slow", "volume": 0.4}))
    app = launch("--speed", "instant")
    assert app.settings.speed == "instant" and app.settings.volume == 0.4
    click(app, "settings")
    click(app, "volume:1")
    saved = json.loads((config / "settings.json").read_text())
    assert saved["speed"] == "slow" and saved["volume"] == 0.5
    assert launch().settings.speed == "slow"


def test_a_broken_settings_file_is_told_in_the_menu_and_kept(config):
    (config / "settings.json").write_text("{not json")
    app = launch()
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene) and "broken" in app.scene.hint
    assert (config / "settings.json.bad").read_text() == "{not json"
    assert app.settings.speed == Settings().speed


def test_f11_toggles_full_screen_and_the_letterbox_refits(config):
    app = launch()
    app.step(FRAME)
    assert app.letterbox.identity and not app.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    size = pygame.display.get_surface().get_size()
    assert app.settings.fullscreen and app.letterbox.window == size
    assert app.canvas.get_size() == (1280, 720)
    click(app, "settings")  # clicks still land where the scene drew, through the new letterbox
    assert isinstance(app.scene, SettingsScene)
    click(app, "fullscreen")
    assert not app.settings.fullscreen and pygame.display.get_surface().get_size() == (1280, 720)
    assert app.letterbox.identity
    assert json.loads((config / "settings.json").read_text())["fullscreen"] is False


def test_the_seat_setup_remembers_the_last_seats_across_a_restart(config):
    app = launch("--speed", "instant", "--bot-delay", "0")
    click(app, "game:mlut")
    click(app, "count:5")
    app.scene.seats[1][0] = "Oma"
    click(app, "kind:1")
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    again = launch()
    click(again, "game:mlut")
    setup = again.scene
    assert isinstance(setup, SetupScene) and setup.count == 5
    assert setup.seats[1][:2] == ["Oma", "human"]
    click(again, "back")
    click(again, "settings")
    click(again, "forget")
    assert again.settings.default_seats == {}
    click(again, "back")
    click(again, "game:mlut")
    assert again.scene.count == 4 and again.scene.seats[1][0] == "Ben"


def test_a_hand_edited_seat_memory_is_ignored(config):
    (config / "settings.json").write_text(json.dumps({"default_seats": {"mlut": [{"name": 3}], "tricks": "x"}}))
    app = launch()
    for game_id in ("mlut", "tricks"):
        click(app, f"game:{game_id}")
        assert isinstance(app.scene, SetupScene)
        click(app, "back")


def test_colour_symbols_switch_off_and_on():
    on = pygame.image.tobytes(cards.face("R7", cards.HAND), "RGBA")
    cards.set_symbols(False)
    off = pygame.image.tobytes(cards.face("R7", cards.HAND), "RGBA")
    cards.set_symbols(True)
    assert on != off and pygame.image.tobytes(cards.face("R7", cards.HAND), "RGBA") == on


def test_app_without_a_config_folder_saves_nothing(config):
    app = App(Settings(speed="instant"))
    app.switch(SettingsScene(app))
    click(app, "speed:slow")
    assert app.settings.speed == "slow" and not (config / "settings.json").exists()


def test_a_bot_pause_from_the_command_line_is_named_when_no_button_offers_it():
    app = App(Settings(bot_delay=0.2))
    app.switch(SettingsScene(app))
    app.step(1 / 60)
    scene = app.scene
    assert scene.pace_words() == "Bot pause: 0.2 s now"
    scene.click("pace:0.7")
    assert app.settings.bot_delay == 0.7 and scene.pace_words() == "Bot pause"


def test_the_table_help_switches_survive_a_restart(config):
    app = launch()
    click(app, "settings")
    s = app.settings
    assert (s.cards_out, s.auto_play, s.skip_confirm) == (False, True, False)
    for name in ("cards_out", "auto_play", "skip_confirm"):
        click(app, name)
    again = launch().settings
    assert (again.cards_out, again.auto_play, again.skip_confirm) == (True, False, True)


def test_the_settings_screen_is_reachable_by_keyboard(config):
    app = launch()
    click(app, "settings")
    press = lambda key: (pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")),
                         app.step(FRAME))
    order = [n for n in app.scene.targets if n != "back"]
    for _ in range(order.index("skip_confirm") + 1):
        press(pygame.K_DOWN)
    assert app.scene.focus == "skip_confirm"
    press(pygame.K_RETURN)
    assert app.settings.skip_confirm
    assert launch().settings.skip_confirm


def test_every_row_of_the_settings_screen_fits_the_screen(config):
    app = launch()
    click(app, "settings")
    app.step(FRAME)
    screen = pygame.Rect(0, 0, 1280, 720)
    rects = list(app.scene.targets.values())
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
