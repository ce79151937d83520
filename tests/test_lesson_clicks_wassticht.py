"""Was sticht?'s guided round played by real clicks, from the menu's "Learn to play" to the round's
score (issue 30, "Proof"): following every suggestion, taking other legal moves, skipping, leaving.
What the screen's teacher showed is held to the pure walk (game.teach.walk), whose notes the pure
tests check against the rules core."""

import random

import pygame
import pytest

from kept import storage
from game.engine import action_to_json
from game.teach import Moment, lesson, score_lines
from game.teach.walk import walk
from scenes.menus.lesson import LessonDoneScene
from scenes.menus.menu import MenuScene, SetupScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, new_app, post_click, press

GAME = "wassticht"
LESSON = lesson(GAME)
LIMIT = 20000  # frames: the whole round at instant speed takes a few hundred

#: The board's target for each kind of the learner's decision: one click takes it.
TARGETS = {"take_task": "task:{}", "task": "task:{}", "draft": "card:{}", "play": "card:{}", "discard": "discard:{}"}


def target_of(action):
    kind, arg = action[0], action[1]
    return TARGETS[kind].format("none" if arg is None else arg)


def learner_acts(state):
    return [e for e in state.events if e.get("t") == "act" and e.get("p") == LESSON.learner]


def click_action(app, action):
    """Take ACTION, any legal action of the learner, by clicking the board's target for it; then the
    game has moved on by exactly that action of the learner."""
    table = app.scene
    state = table.session.state
    assert table.can_act() and state.current_player == LESSON.learner
    assert action in state.legal_actions(), action
    app.step(0)  # draw once: the targets are those on screen now
    name = target_of(action)
    assert name in table.targets, f"{name} is not drawn on the {table.kind} board ({state.phase})"
    before = len(learner_acts(state))
    post_click(app, name)
    acts = learner_acts(state)
    assert not table.hint, f"the click on {name} was refused: {table.hint}"
    assert len(acts) == before + 1, f"the click on {name} did not take {action}"
    assert acts[-1]["a"] == action_to_json(action)


def chooser(seed, events):
    """The learner's other move: a legal action that is not the suggestion where one exists, drawn
    from the sorted legal actions by a generator seeded with SEED and the game's event count (read
    by EVENTS()). The same function serves the pure walk and the clicks."""
    def choose(moment, advice):
        others = sorted((a for a in moment.legal if a != advice), key=repr)
        if not others:
            return advice
        return random.Random(f"{seed}:{events()}").choice(others)
    return choose


def pure_walk(seed=None):
    """The pure walk of the lesson, with the chooser of SEED (None: every suggestion followed)."""
    if seed is None:
        return walk(LESSON)
    states = []

    class Tracked(type(LESSON)):
        def state(self, learner_name=None):
            states.append(super().state(learner_name))
            return states[-1]

    tracked = Tracked(**{f: getattr(LESSON, f) for f in LESSON.__dataclass_fields__})
    return walk(tracked, chooser(seed, lambda: len(states[-1].events)))


def notes_of(shown):
    return [(rule, words) for rule, words in shown if rule not in ("turn", "other")]  # notes only



def start_lesson(app):
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    post_click(app, f"learn:{GAME}")
    table = app.scene
    assert isinstance(table, GameScreen) and table.session.lesson is LESSON
    assert table.teaching is not None and table.teaching.lesson is LESSON
    return table


def play_lesson(app, choose=None, stop=None):
    """From the menu to the lesson's score sheet by clicks and keys. CHOOSE(table, advice) -> the
    learner's action (default: the advice). STOP(table) -> True ends the round early (returns the
    table). Returns (table, learner moves)."""
    table = start_lesson(app)
    teaching, session = table.teaching, table.session
    go_on_clicks = 0
    moves = 0
    for _ in range(LIMIT):
        if app.scene is not table:
            break
        if stop is not None and stop(table, moves):
            return table, moves
        if teaching.holds():  # a note waits to be read: Go on, by its button or by Space
            app.step(0)  # the box is drawn with its button
            before = len(teaching.shown), teaching.words, teaching.page_shown[0]
            if go_on_clicks % 2 == 0:
                post_click(app, "teach:go_on")
            else:
                press(app, pygame.K_SPACE)
            go_on_clicks += 1
            app.step(0)  # a long note's next page is drawn: Go on turned it
            now = len(teaching.shown), teaching.words, teaching.page_shown[0]
            assert not teaching.holds() or now != before, "Go on did nothing"
            continue
        if table.can_act() and teaching.advice is not None and teaching.turn_at == session.door.moment:
            advice = teaching.advice
            click_action(app, choose(table, advice) if choose else advice)
            moves += 1
            continue
        app.step(FRAME)
    assert isinstance(app.scene, LessonDoneScene), f"the lesson did not reach its score: {app.scene}"
    assert go_on_clicks >= 2, "both ways of Go on were taken"
    return table, moves


def check_done_scene(app, table, pure):
    done = app.scene
    names = tuple(s.name for s in pure.state.seats)
    want = score_lines(GAME, pure.state.view(LESSON.learner), names)
    assert done.lines == want
    assert done.lines == score_lines(GAME, table.session.state.view(LESSON.learner), names)
    app.step(FRAME)
    if not done.complete:
        post_click(app, "all")
        app.step(FRAME)
    assert done.complete
    return done



def test_following_every_suggestion_by_clicks():
    app = new_app(seed=1)
    table, moves = play_lesson(app)
    teaching = table.teaching
    pure = pure_walk()
    shown_rules = {rule for rule, _ in teaching.shown}
    assert set(LESSON.checklist) <= shown_rules, set(LESSON.checklist) - shown_rules
    assert notes_of(teaching.shown) == [(n.rule, n.line) for _, n in pure.told]
    assert moves == pure.learner_moves
    check_done_scene(app, table, pure)
    post_click(app, "real")
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == GAME


@pytest.mark.slow  # the lesson round again, other moves (the suggestions' round is the quick one)
@pytest.mark.parametrize("seed", [1, 2])
def test_other_legal_moves_by_clicks(seed):
    app = new_app(seed=1)
    others = []

    def choose(table, advice):
        session = table.session
        moment = Moment(session.seen_views[LESSON.learner], legal=tuple(session.state.legal_actions()),
                        names=tuple(session.name(s) for s in range(len(session.seats))))
        action = chooser(seed, lambda: len(session.state.events))(moment, advice)
        others.append(action != advice)
        return action

    table, moves = play_lesson(app, choose)
    pure = pure_walk(seed)
    assert moves == pure.learner_moves
    assert sum(others) >= moves // 2, "most decisions went against the suggestion"
    assert notes_of(table.teaching.shown) == [(n.rule, n.line) for _, n in pure.told]
    check_done_scene(app, table, pure)


def test_skip_plays_the_rest_and_esc_leaves_the_score():
    app = new_app(seed=1)
    table, moves = play_lesson(app, stop=lambda table, moves: moves == 1)
    assert moves == 1
    app.step(0)
    post_click(app, "teach:skip")
    assert table.teaching.skipping
    for _ in range(LIMIT):
        if isinstance(app.scene, LessonDoneScene):
            break
        assert app.scene is table
        if not table.teaching.skipping and "teach:skip" in table.targets:
            post_click(app, "teach:skip")  # Skip stopped at a part not yet shown: on again
        else:
            app.step(FRAME)
    assert isinstance(app.scene, LessonDoneScene), "Skip, clicked at each stop, plays the round to its score"
    assert len(learner_acts(table.session.state)) > 1, "the teacher took the learner's moves"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_esc_in_the_middle_leaves_and_keeps_nothing():
    app = new_app(seed=1)
    before = storage.catalog().games()
    assert before == [], "a fresh data folder"
    table, moves = play_lesson(app, stop=lambda table, moves: moves == 8 and table.idle)
    assert table.session.state.phase == "row_draft"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    for _ in range(10):
        app.step(FRAME)
    assert storage.catalog().games() == before


def test_while_the_teacher_holds_the_table_names_nobody_as_deciding(monkeypatch):
    """The lesson opens with notes while Ben is to take a task: "Ben is taking a task…" stood on under
    them (it read as if Ben were stuck). While a note holds the game no line says someone acts; once
    read, the line is back and Ben takes his task."""
    from app_driver import texts_of_a_frame
    app = new_app(seed=1)
    table = start_lesson(app)
    for _ in range(LIMIT):
        if table.teaching.holds() and table.idle:
            break
        app.step(FRAME)
    session = table.session
    assert table.teaching.holds() and session.decider != LESSON.learner and session.state.phase == "task_draft"
    name = session.name(session.decider)
    shown = texts_of_a_frame(app, monkeypatch)
    assert not [text for text in shown if name in text and "…" in text], shown
    assert table.board.status_line() == ""
    while table.teaching.holds():
        table.teaching.go_on()
    assert table.board.status_line() == f"{name} is taking a task…"
