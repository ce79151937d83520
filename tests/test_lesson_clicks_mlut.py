"""The guided round of Mit List und Tücke played by real clicks from the menu: following the teacher,
taking other moves, skipping, leaving. What the screen shows is what the pure walk tells (whose notes
tests/test_teach_mlut.py checks against the game), and the score page explains the round."""

import random

import pygame
import pytest

from kept import storage
from game.teach import lesson, score_lines
from game.teach.walk import walk
from scenes.menus.lesson import LessonDoneScene
from scenes.menus.menu import MenuScene, SetupScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, click, new_app, post_click, press

LESSON = lesson("mlut")



def last_act(state):
    return next(e for e in reversed(state.events) if e["t"] == "act")


def click_action(app, action):
    """Play the learner's ACTION as a person would: a card of the hand; the picked cards of the trick
    and Take; the two plus colours and Choose."""
    screen = app.scene
    before = len(screen.state.events)
    app.step(FRAME)
    kind = action[0]
    if kind == "play":
        post_click(app, f"card:{action[1]}")
    elif kind == "pick":
        for card in action[1]:
            post_click(app, f"trick:{card}")
        post_click(app, "pick:confirm")
    elif kind == "plus":
        for colour in action[1]:
            post_click(app, f"plus:{colour}")
        post_click(app, "plus:confirm")
    state = screen.state
    assert len(state.events) > before, f"the clicks for {action} did nothing"
    act = next(e for e in state.events[before:] if e["t"] == "act")
    assert act["p"] == LESSON.learner and screen.session.door  # the learner's own move went in
    return act


def other_moves(seed):
    """A learner who takes another legal move than the suggestion where there is one: one chooser for
    the screen and the pure walk alike."""
    def choose(view, legal, advice):
        rng = random.Random(f"{seed}:{len(view['round_tricks'])}:{len(view['trick'])}:{view['phase']}")
        others = sorted(a for a in legal if a != advice)
        return rng.choice(others) if others else advice
    return choose


def play_lesson(choose=None, limit=60000):
    """From the menu's tile to the lesson's score page; returns (app, screen's teaching, game screen)."""
    app = new_app(seed=1)
    click(app, f"learn:{LESSON.game_id}")
    screen = app.scene
    assert isinstance(screen, GameScreen) and screen.session.lesson is LESSON
    teaching, space = screen.teaching, False
    for _ in range(limit):
        if isinstance(app.scene, LessonDoneScene):
            return app, teaching, screen
        if app.scene is screen and teaching.holds():
            app.step(FRAME)
            if space:
                press(app, pygame.K_SPACE)
            else:
                post_click(app, "teach:go_on")
            space = not space
            continue
        if app.scene is screen and screen.can_act() and teaching.advice is not None:
            legal = tuple(screen.state.legal_actions())
            action = choose(screen.session.seen_views[LESSON.learner], legal, teaching.advice) if choose \
                else teaching.advice
            click_action(app, action)
            continue
        app.step(FRAME)
    raise AssertionError("the lesson did not reach its score page")


def notes_of(teaching):
    return teaching.notes_shown


def pure_notes(choose=None):
    chooser = None if choose is None else (lambda moment, advice: choose(moment.view, moment.legal, advice))
    result = walk(LESSON, chooser)
    return [(n.rule, n.line) for _, n in result.told], result


def test_following_the_teacher_by_clicks_shows_every_rule_and_explains_the_score():
    app, teaching, screen = play_lesson()
    shown = notes_of(teaching)
    assert {rule for rule, _ in shown} >= set(LESSON.checklist)
    expected, _ = pure_notes()
    assert shown == expected, "the screen shows the notes the pure walk tells, in order"
    assert any(rule == "turn" for rule, _ in teaching.shown), "the learner's turns have their lines"
    page = app.scene
    names = tuple(screen.session.name(s) for s in range(len(screen.session.seats)))
    assert page.lines == score_lines("mlut", screen.session.seen_views[LESSON.learner], names)
    click(app, "all")
    click(app, "real")
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "mlut"


@pytest.mark.slow  # the lesson round again, other moves (the suggestions' round is the quick one)
def test_other_moves_by_clicks_still_reach_the_score_with_true_notes():
    for seed in (1, 2):
        choose = other_moves(seed)
        app, teaching, _ = play_lesson(choose)
        expected, result = pure_notes(choose)
        assert notes_of(teaching) == expected
        assert isinstance(app.scene, LessonDoneScene)


def after_first_move():
    """A lesson started from the menu, its notes read, the learner's first suggested move made by clicks."""
    app = new_app(seed=1)
    click(app, "learn:mlut")
    screen = app.scene
    for _ in range(5000):
        if screen.can_act() and screen.teaching.advice is not None and not screen.teaching.holds():
            break
        if screen.teaching.holds():
            screen.teaching.go_on()
        app.step(FRAME)
    click_action(app, screen.teaching.advice)
    return app


def skip_to_score(app, limit=20000):
    """Frames until the lesson's score page is up, Skip clicked again wherever it stopped (a part of the
    game not yet shown: tests/test_lesson_skip.py); no other click."""
    teaching = app.scene.teaching
    for _ in range(limit):
        if isinstance(app.scene, LessonDoneScene):
            return
        if not teaching.skipping and "teach:skip" in app.scene.targets:
            post_click(app, "teach:skip")
        else:
            app.step(FRAME)


def test_skip_plays_the_round_to_its_score_and_esc_leaves_the_score_page():
    app = after_first_move()
    click(app, "teach:skip")
    skip_to_score(app)
    assert isinstance(app.scene, LessonDoneScene), "Skip, clicked at each stop, reaches the score"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_esc_in_the_lesson_leaves_to_the_menu_and_keeps_nothing():
    app = after_first_move()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    folder = storage.games_dir()
    assert not folder.exists() or not any(folder.iterdir()), "a lesson is never kept"


def test_the_seat_setup_starts_the_lesson_with_its_first_persons_name():
    app = new_app(seed=1)
    click(app, "game:mlut")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.seats[0][0] = "Zoë"
    click(app, "learn")
    screen = app.scene
    assert isinstance(screen, GameScreen) and screen.session.lesson is LESSON
    assert screen.session.name(LESSON.learner) == "Zoë" and not screen.session.keeper.wanted


def test_learn_again_starts_the_lesson_afresh():
    app = after_first_move()
    click(app, "teach:skip")
    skip_to_score(app)
    click(app, "all")
    click(app, "again")
    screen = app.scene
    assert isinstance(screen, GameScreen) and screen.session.lesson is LESSON
    assert not any(e["t"] == "act" for e in screen.state.events), "a new round from its deal"
    assert len(app.stack) == 1, "the old lesson's screens are gone"


def test_go_on_turns_a_long_notes_next_page_before_the_next_note():
    """A note too long for the box at sofa size comes in pages; Space (as Go on) shows the page not
    yet seen before it moves to the next note (a newcomer lost a note's second page to Space)."""
    app = new_app(seed=1)
    click(app, "learn:mlut")
    screen = app.scene
    teaching = screen.teaching
    for _ in range(5000):
        if teaching.holds() and screen.idle:
            break
        app.step(FRAME)
    teaching.words = " ".join(["every word of a long explanation"] * 30)
    app.step(FRAME)
    page, count, _ = teaching.page_shown
    assert page == 0 and count > 1
    note = teaching.note
    press(app, pygame.K_SPACE)
    app.step(FRAME)
    assert teaching.note is note and teaching.holds(), "the same note, still waiting"
    assert teaching.page_shown[0] == 1
