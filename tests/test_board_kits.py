"""One registration per game on the screen side (scenes.kit): a game's boards package registers its
kit and the menu shows as many tiles as there are kits; the boxes laid over a game are screens of
their own, with their own targets and keys, over the live game beneath."""

import pygame
import pytest

from game import Seat
from game import kit as rules_kit
from game.i18n import N_
from scenes import kit
from scenes.app import App
from scenes.menus.menu import MenuScene
from scenes.screen.log_window import LogWindow
from scenes.screen.pause import PauseBox
from scenes.screen.settings import Settings
from tests.app_driver import FRAME, click

SCREEN = pygame.Rect(0, 0, 1280, 720)


@pytest.fixture
def fourth_game(monkeypatch):
    """A board kit of a fourth game, registered as a game's package elsewhere would (its rules side's
    facts borrowed for the menu: the tiles need only its title and player counts)."""
    rules_kit.register(rules_kit.GameKit(info=rules_kit.GameInfo(
        id="fourth", title="Oh Hell", player_counts=(3, 4, 5, 6, 7), hand_size=7, tricks_per_round=7)))
    kit.register(kit.BoardKit(id="fourth", phases={}, boards={"table": "scenes.boards.tricks.table:TricksTable"},
                              tile=kit.card_fan("G2", "Y9", "B13", "R1"),
                              pitch=N_("Bid exactly how many tricks you will take; one off and you score nothing."),
                              order=40))
    yield "fourth"
    kit.unregister("fourth")
    rules_kit.unregister("fourth")


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_fourth_game_gets_a_tile_of_its_own_that_fits_the_menu(fourth_game, language):
    app = App(Settings(speed="instant", bot_delay=0, language=language))
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene) and app.games[-1] == fourth_game
    tiles = [app.scene.targets[f"game:{game_id}"] for game_id in app.games]
    assert len(tiles) == 4
    for k, tile in enumerate(tiles):
        assert SCREEN.contains(tile), tile
        if k < 3:  # the fourth game has no guided first round (test_a_game_without_a_lesson_offers_none)
            assert tile.contains(app.scene.targets[f"learn:{app.games[k]}"])
        assert not any(tile.colliderect(other) for other in tiles[k + 1:])
    app.quit()


@pytest.fixture
def no_lesson(tmp_path):
    """Mit List und Tücke's rules and boards under another id, its teaching left out: a game with no
    guided first round and no reminders, and its rules pages in a folder of its own."""
    (tmp_path / "de").mkdir()
    (tmp_path / "nolesson.txt").write_text("# No lesson\n- Its own rules page, kept with the game.\n")
    (tmp_path / "de" / "nolesson.txt").write_text("# Keine Lektion\n- Seine eigene Regelseite.\n")
    from dataclasses import replace

    class NoLessonState(rules_kit.kit("mlut").state_class):
        game_id = "nolesson"

    base = rules_kit.kit("mlut")
    rules_kit.register(replace(base, info=replace(base.info, id="nolesson", title="No lesson",
                                                  state_class=NoLessonState), teach=None, order=50))
    kit.register(replace(kit.kit("mlut"), id="nolesson", order=50, rules=tmp_path))
    yield "nolesson"
    kit.unregister("nolesson")
    rules_kit.unregister("nolesson")


def test_a_game_without_a_lesson_offers_none_in_the_menu_nor_its_setup(no_lesson):
    app = App(Settings(speed="instant", bot_delay=0))
    app.step(FRAME)
    targets = app.scene.targets
    assert f"learn:{no_lesson}" not in targets and all(f"learn:{g}" in targets for g in app.games[:3])
    click(app, f"game:{no_lesson}")
    assert "rules" in app.scene.targets and "learn" not in app.scene.targets
    click(app, "back")
    click(app, "game:mlut")
    assert "learn" in app.scene.targets, "a game with a lesson offers it there"
    app.quit()


def test_three_games_keep_their_tiles_where_they_were():
    app = App(Settings(speed="instant", bot_delay=0))
    app.step(FRAME)
    assert [app.scene.targets[f"game:{g}"] for g in app.games] == [
        pygame.Rect(40 + i * 420, 160, 380, 380) for i in range(3)]
    app.quit()


def new_table():
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(3)], keep=False)
    table = app.scene
    for _ in range(200):
        app.step(FRAME)
        if table.idle and table.session.my_turn():
            break
    return app, table


def test_a_box_over_the_game_is_a_screen_with_its_own_targets_and_keys():
    app, table = new_table()
    click(app, "btn:log")
    box = app.scene
    assert isinstance(box, LogWindow) and box.game is table and box.transparent
    app.step(FRAME)
    assert "overlay:close" in box.targets and not table.targets, "the box's targets; nothing under it reacts"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window((300, 200)), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(FRAME)
    assert box.mouse == table.mouse == (300, 200), "the pointer's moves go on to the game beneath"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.step(FRAME)
    assert table.hint and app.scene is box, "Ctrl+Z is the game's: refused (nothing decided yet), the box stays"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(FRAME)
    assert app.scene is table
    app.quit()


def test_the_pause_box_holds_the_game_and_the_app_draws_the_game_beneath_it():
    app, table = new_table()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(FRAME)
    assert isinstance(app.scene, PauseBox) and app.scene.holds_game and table.held()
    drawn = []
    for scene in app.stack:
        monkey = scene.render
        scene.render = lambda surface, scene=scene, monkey=monkey: (drawn.append(type(scene).__name__), monkey(surface))
    app.step(FRAME)
    assert drawn == ["GameScreen", "PauseBox"], "the game beneath first, the box over it"
    app.quit()


def test_teach_mode_in_a_game_without_teaching_rules_says_nothing_and_plays_on(no_lesson):
    from tests.app_driver import new_table, play_actions
    app = new_table(no_lesson, 4, seed=5, teach_mode="always")
    table = app.scene
    assert table.teaching is not None and table.teaching.teachers, "teach mode is on for the person"
    play_actions(app, 30)
    assert table.teaching.notes_shown == [] and table.state.game_id == no_lesson
    app.quit()


@pytest.mark.parametrize("language, words", [("en", "Its own rules page, kept with the game."),
                                             ("de", "Seine eigene Regelseite.")])
def test_a_game_kept_elsewhere_shows_its_own_rules_page(no_lesson, language, words):
    from scenes.menus.menu import RulesScene
    app = App(Settings(speed="instant", bot_delay=0, language=language))
    app.step(FRAME)
    click(app, f"game:{no_lesson}")
    click(app, "rules")
    assert isinstance(app.scene, RulesScene)
    assert ("item", "• " + words) in app.scene.rows
    app.quit()
