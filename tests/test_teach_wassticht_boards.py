"""Was sticht?'s guided round on the real boards (headless): every note's target is drawn somewhere on
the board on show, and the teacher's box stands on the screen without covering that target."""

import pygame
import pytest

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


@pytest.mark.slow
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


def must_read(board):
    """What the learner must read or click on the board on show now (issue 30, item 6: the teacher's
    box hid rows 8-9 and row 1 of the draft, the reveal's dialog, a player's hand in the task choice,
    the heading of the task draft)."""
    from scenes.boards.wassticht import draft, tasks
    from scenes.screen.layout import TableLayout
    shown = board.shown
    phase = shown["phase"]
    rects = {}
    if board.kind == "market":
        rects["rows"] = draft.ROWS_RECT
        rects.update({f"row {k}": board.row_line_rect(k) for k in range(1, 10)})
        if shown["row"]:
            rects["current row"] = board.teach_place(("row", shown["row"]))
        rects["notepad"] = pygame.Rect(draft.NOTEPAD_POS, draft.notepad.SIZE)
        rects.update({f"seat {s}": draft.seat_rect(s) for s in range(4)})
        if board.trump_visible():
            rects["trump"] = board.teach_place(("trump",))
        rects["title"] = pygame.Rect(draft.CENTRE_X - 220, 8, 440, 66)
    elif board.kind == "bidding":
        rects["heading"] = pygame.Rect(0, 0, tasks.HEAD_LEFT, tasks.GRID_TOP - 6)
        rects["top buttons"] = pygame.Rect(820, 8, 460, 50)
        if phase in ("task_draft", "row_draft"):
            rects.update({f"tile {i}": tasks.grid_rect(i).inflate(0, 12) for i in range(24)})
            rects.update({f"seat {s}": tasks.DRAFT_SEAT.move(s * 317, 0) for s in range(4)})
        if phase == "task_choice":
            rects.update({f"tile {i}": tasks.choice_rect(i, 5).inflate(0, 12) for i in range(5)})
            rects["other hands"] = pygame.Rect(40, 456, 1240, 90)
            rects["own hand"] = TableLayout.hand_rects(9)[0].unionall(TableLayout.hand_rects(9)).inflate(0, 30)
            rects["seats"] = pygame.Rect(250, tasks.SEAT_TOP, 1020, 118)
        if board.revealing or phase == "play":
            rects["reveal"] = pygame.Rect(0, 0, 1000, 330)
            rects["reveal"].center = (640, 360)
    return rects


def test_the_teachers_box_covers_nothing_to_read_at_any_moment():
    """Every frame of the lesson (played by its suggestions) where the teacher's box is drawn on a
    task or draft board: it stands on the screen and covers nothing of must_read."""
    app = App(Settings(speed="instant", bot_delay=0, seed=LESSON.seed))
    app.to_menu()
    app.learn("wassticht")
    screen = app.scene
    seen = set()
    for _ in range(40000):
        if app.scene is not screen:
            break
        board, teaching = screen.board, screen.teaching
        if board.kind in ("market", "bidding") and (teaching.words or teaching.holding):
            box = board.teach_box()
            assert SCREEN.contains(box), (board.kind, box)
            for what, rect in must_read(board).items():
                assert not box.colliderect(rect), (board.shown["phase"], what, rect, box, teaching.words)
            seen.add((board.kind, board.shown["phase"], bool(getattr(board, "revealing", None))))
        if teaching.holds():
            teaching.go_on()
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.can_act() and teaching.advice is not None:
            screen.act(teaching.advice)
        app.step(0.05)
    assert {("market", "row_draft", False), ("bidding", "task_draft", False), ("bidding", "row_draft", False),
            ("bidding", "task_choice", False), ("bidding", "play", False)} <= seen, seen
