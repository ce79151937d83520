"""The score screens as a newcomer met them (issue 12): Esc on a round's scores must not start the
next round; the final sheet celebrates only a person's win (or a game of bots only), and its confetti
keeps clear of every word."""

import random

import pygame
import pytest

from scenes.boards.scoreboard import ScoreboardScene
from scenes.menus.menu import MenuScene
from scenes.screen import theme
from scenes.screen.game_screen import GameScreen
from scenes.screen.session import Session
from app_driver import FRAME, new_app, play_to_sheet, post_click, press, seats
from test_app_sound import Recorder

BOTS = ("Ben", "Carla", "Dora")


def heard(seed, names=("Anna", *BOTS), people=(0,)):
    """An app whose sounds are heard by a Recorder, at a table of Mit List und Tücke for four (not kept)."""
    app = new_app(seed)
    app.sound = Recorder()
    app.new_game("mlut", seats(4, people, names), keep=False)
    return app


# --- 1. Esc on a round's scores ---------------------------------------------------------------------------
@pytest.mark.slow
def test_esc_on_a_round_score_screen_pauses_and_the_round_does_not_advance():
    app = heard(5)
    board = play_to_sheet(app, final=False, rng=random.Random(5))
    state = board.session.state
    events, round_no = len(state.events), board.round_no
    press(app, pygame.K_ESCAPE)
    for _ in range(120):  # two seconds: the bots would have dealt and played by now
        app.step(FRAME)
    assert app.scene is board, "Esc must not leave the round's scores"
    assert len(state.events) == events, "nothing happened in the game behind the scores"
    assert board.paused and {"pause:resume", "pause:menu"} <= set(board.targets)
    assert "continue" not in board.targets, "the pause box covers the Continue button"
    press(app, pygame.K_ESCAPE)  # Esc again: the box closes, still the same scores
    assert app.scene is board and not board.paused and "continue" in board.targets
    press(app, pygame.K_ESCAPE)
    post_click(app, "pause:resume")
    assert app.scene is board and not board.paused and len(state.events) == events
    post_click(app, "continue")  # the button still moves on
    assert isinstance(app.scene, GameScreen)
    for _ in range(30):
        app.step(FRAME)
    assert len(state.events) > events and state.round > round_no - 1


def test_leave_game_from_the_paused_round_scores_goes_to_the_menu():
    app = heard(6)
    board = play_to_sheet(app, final=False, rng=random.Random(6))
    press(app, pygame.K_ESCAPE)
    post_click(app, "pause:menu")
    assert isinstance(app.scene, MenuScene)


# --- 2. who won: confetti or a quieter ending -------------------------------------------------------------
def finals():
    """Final sheets of games with one person, until one the person won and one a bot won."""
    seen = {}
    for seed in range(1, 30):
        app = heard(seed)
        board = play_to_sheet(app, final=True, rng=random.Random(seed))
        seen.setdefault(0 in board.winners, (app, board))
        if len(seen) == 2:
            return seen
    raise AssertionError("no pair of games with both endings")


@pytest.fixture(scope="module")
def endings():
    return finals()


@pytest.mark.slow  # whole games until the person has won one and lost one
def test_a_persons_win_is_celebrated(endings):
    app, board = endings[True]
    assert board.celebrate and board.confetti is not None
    assert app.sound.asked.count("win") == 1
    for _ in range(30):
        app.step(FRAME)
    assert board.confetti.bits and any(0 <= y < 720 for _, y, *_ in board.confetti.bits)


@pytest.mark.slow  # whole games until the person has won one and lost one
def test_a_bot_beating_the_only_person_ends_quietly(endings):
    app, board = endings[False]
    assert board.winners and 0 not in board.winners
    assert not board.celebrate and board.confetti is None
    assert "win" not in app.sound.asked, "no cheer for the person's loss"
    app.step(FRAME)
    plain = pygame.mask.from_threshold(app.canvas, theme.BG, (1, 1, 1, 255))
    top = pygame.Rect(0, 0, 1280, 24)  # above the title: plain background, no falling paper
    assert all(plain.get_at((x, y)) for x in range(top.left, top.right, 3) for y in range(top.top, top.bottom, 3))
    post_click(app, "menu")
    assert isinstance(app.scene, MenuScene)


@pytest.mark.slow  # a whole game
def test_a_game_of_bots_only_is_still_a_show():
    app = heard(3, names=("Ann", *BOTS), people=())
    board = play_to_sheet(app, final=True, rng=random.Random(3))
    assert board.celebrate and board.confetti is not None and app.sound.asked.count("win") == 1


def differing(a, b):
    """The mask of pixels where two pictures differ."""
    gone, came = a.copy(), b.copy()
    gone.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    came.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    gone.blit(came, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(gone, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    return same


@pytest.mark.slow  # whole games until the person has won one and lost one
def test_confetti_falls_behind_the_words_never_over_them(endings):
    app, board = endings[True]
    for _ in range(90):  # the title has popped, the paper has spread over the page
        app.step(FRAME)
    with_confetti = app.canvas.copy()
    confetti, board.confetti = board.confetti, None
    board.draw(app.canvas)  # the same moment without the paper
    board.confetti = confetti
    page = app.canvas.copy()
    diff = differing(with_confetti, page)
    assert diff.count() > 0, "confetti shows somewhere on the page"
    words = pygame.mask.from_threshold(page, theme.BG, (1, 1, 1, 255))
    words.invert()  # everything that is not plain background: words, rows, buttons
    near = [r.inflate(8, 8) for r in words.get_bounding_rects()]
    touching = [r for r in diff.get_bounding_rects() if r.collidelist(near) != -1]
    assert not touching, f"confetti over the page's words at {touching[:3]}"


# --- the round's last trick is seen before its sheet (a newcomer never saw who took it) -----------
@pytest.mark.slow  # a whole round at normal speed
@pytest.mark.parametrize("game_id", ["tricks", "mlut"])  # Was sticht?: a lay-down follows the trick
def test_the_rounds_last_trick_is_told_before_the_score_sheet(monkeypatch, game_id):
    app = new_app(seed=5, speed="normal")
    app.start_game(Session.new(game_id, seats({"mlut": 4, "tricks": 3}[game_id], people=()), 3))
    table = app.scene
    seen = []
    for _ in range(200000):
        app.step(FRAME)
        banner = getattr(table.board, "banner", "")
        if "the round's last trick" in banner:
            seen.append(banner)
        if isinstance(app.scene, ScoreboardScene):
            break
    assert isinstance(app.scene, ScoreboardScene)
    assert seen, "the sheet came before the last trick's taker was said"


def test_enter_presses_next_round_on_a_rounds_sheet():
    """A newcomer pressed Enter, Space and keypad Enter on "Round N" and nothing happened."""
    app = new_app(seed=5)
    app.start_game(Session.new("mlut", seats(4, people=()), 3))
    for _ in range(200000):
        app.step(FRAME)
        if isinstance(app.scene, ScoreboardScene):
            break
    sheet = app.scene
    assert isinstance(sheet, ScoreboardScene) and not sheet.final
    app.step(FRAME)
    press(app, pygame.K_RETURN, unicode="\r")
    assert app.scene is not sheet, "Enter went on to the next round"
