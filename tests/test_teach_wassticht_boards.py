"""Was sticht?'s guided round on the real boards (headless): every note's target is drawn somewhere on
the board on show, and the teacher's box stands on the screen without covering that target."""

import pygame

from game.observe import Observer
from game.teach import Moment, Teacher, lesson, suggest
from game.teach.walk import suggestion_rng
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.session import Session
from scenes.screen.settings import Settings

FRAME = 1 / 60
SCREEN = pygame.Rect(0, 0, 1280, 720)
LESSON = lesson("wassticht")


def test_targets_and_the_teachers_box_on_every_board():
    app = App(Settings(speed="instant", bot_delay=0, seed=LESSON.seed))
    session = Session(LESSON.state(), from_start=True)
    app.start_game(session)
    table = app.scene
    state, seat = session.state, LESSON.learner
    names = tuple(s.name for s in state.seats)
    observer, teacher = Observer(state, seat), Teacher("wassticht")
    waiting = []  # notes told since the screen last rested at the learner's turn
    checked = set()
    for _ in range(40000):
        if isinstance(app.scene, ScoreboardScene):
            break
        if app.scene is table and table.idle and session.my_turn():
            for step in observer.take():
                waiting += teacher.look(Moment(step.view, step.before, step.action, step.actor, (), names))
            legal = tuple(state.legal_actions())
            moment = Moment(observer.last_view, None, None, None, legal, names)
            waiting += teacher.look(moment)
            app.step(0)
            board = table.board
            box = board.teach_box()
            assert box is not None and SCREEN.contains(box), (state.phase, box)
            for note in waiting:
                if not note.target:
                    continue
                rect = board.teach_rect(note.target)
                assert rect is not None, (note.rule, note.target, board.kind)
                assert SCREEN.contains(rect), (note.rule, rect)
                assert not box.colliderect(rect), (note.rule, note.target, rect, box)
                checked.add(note.target[0])
            waiting = []
            session.try_action(suggest(moment.view, legal, suggestion_rng(LESSON.seed, len(state.events))))
        app.step(FRAME)
    assert isinstance(app.scene, ScoreboardScene), "the guided round reaches its score"
    assert {"action", "row", "seat", "notepad", "trump", "trick"} <= checked, checked
