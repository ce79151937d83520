"""Where the teacher points on the Tricks boards: the guided round played in the app (headless), and
at each of the learner's turns and at the bids' reveal, the teacher's box (``teach_box``) stands on
the screen clear of what the person must see, and every note told has a place (``teach_rect``)
outside the box."""

import pygame

from game.teach import Moment, Teacher, lesson, suggest
from game.teach.walk import suggestion_rng
from game.observe import Observer
from scenes.app import App
from scenes.boards.tricks import bidding, common, market
from scenes.boards.tricks.bidding import TricksBidding
from scenes.boards.tricks.market import TricksMarket
from scenes.boards.tricks.table import TricksTable
from scenes.screen.game_screen import GameScreen
from scenes.screen.session import Session
from scenes.screen.settings import Settings

SCREEN = pygame.Rect(0, 0, 1280, 720)
FRAME = 1 / 60


def must_see(board):
    """What the person must see on this board now."""
    n, me = board.state.players, board.session.viewer
    if isinstance(board, TricksMarket):  # every row's bought cards too (issue 30: David's were covered)
        head = pygame.Rect(market.ACTION_RECT.x, market.ACTION_RECT.y, market.ACTION_RECT.width, market.LESSON_HEAD)
        return ([head] + [rect for _, _, rect in board.buttons_drawn] + [board.deck_rect(s) for s in range(n)]
                + [board.box_rect(s) for s in range(n)]
                + [board.slot_rect(s, i) for s in range(n) for i in range(len(board.bought(s)))])
    if isinstance(board, TricksBidding):
        seen = [board.spot_rect(s) for s in range(n)] + [board.box_rect(s) for s in range(n)]
        if board.revealed is not None:
            return seen + [bidding.BOTTOM]
        return seen + [bidding.SIDE] + list(board.hand_rects.values())
    assert isinstance(board, TricksTable)
    status = pygame.Rect(0, 0, 700, 28)  # the turn's line under the trick
    status.center = (640, board.layout.trick_rect(0).bottom + 48)
    return ([board.layout.panels[s] for s in range(n)] + [board.layout.trick_span(), board.teach_rect(("trump",))]
            + list(board.hand_rects.values()) + (board.lead_rects() if board.my_lead_choice() else [])
            + [status])


def check(board, notes):
    box = board.teach_box()
    assert SCREEN.contains(box) and box.width >= 440 and box.height >= 96, box
    for rect in must_see(board):
        assert not box.colliderect(rect), (type(board).__name__, box, rect)
    if not isinstance(board, TricksTable):  # teach mode's reminder line: over the header, nothing else
        place = board.reminder_place()
        chip = pygame.Rect(place.x, place.bottom - 36, place.width, 32)  # as the teacher draws it
        assert common.TOP_BAR.contains(chip.inflate(0, -2)), chip
        for rect in must_see(board):
            assert not chip.colliderect(rect), (type(board).__name__, chip, rect)
    for note in notes:
        if not note.target:
            continue  # (the goal points at nothing)
        rect = board.teach_rect(note.target)
        assert rect is not None, (type(board).__name__, note)
        assert SCREEN.contains(rect) and not box.colliderect(rect), (note, rect, box)


def test_the_guided_round_on_the_boards():
    the_lesson = lesson("tricks")
    app = App(Settings(speed="instant", bot_delay=0, seed=1))
    state = the_lesson.state()
    session = Session(state)
    app.start_game(session)  # no teacher to hold the game: this test moves it itself
    session.lesson = the_lesson  # the boards place the teacher's box as in the lesson
    teacher, observer = Teacher("tricks"), Observer(state, the_lesson.learner)
    waiting, checked, reveal_seen = [], set(), False
    for _ in range(20000):
        scene = app.scene
        if state.payouts:
            break
        if not isinstance(scene, GameScreen):
            app.step(FRAME)
            continue
        for step in observer.take():
            waiting += teacher.look(Moment(step.view, step.before, step.action, step.actor, (), the_lesson.names))
        if "reveal:go" in scene.targets:
            if not reveal_seen:
                reveal_seen = True
                app.step(0)
                check(scene.board, waiting)
                checked |= {n.rule for n in waiting}
                waiting = []
            scene.click("reveal:go")
        elif scene.idle and session.my_turn():
            legal = tuple(state.legal_actions())
            moment = Moment(observer.last_view, None, None, None, legal, the_lesson.names)
            waiting += teacher.look(moment)
            app.step(0)
            check(scene.board, waiting)
            checked |= {n.rule for n in waiting}
            waiting = []
            advice = suggest(moment.view, legal, suggestion_rng(the_lesson.seed, len(state.events)))
            assert session.try_action(advice) is None
        app.step(FRAME)
    assert state.payouts, "the guided round did not reach its payout"
    # every note of the guided round but the payout's (told on the score sheet) had its place checked
    assert set(the_lesson.checklist) - {"payout_met", "payout_missed"} <= checked
