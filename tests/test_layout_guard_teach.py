"""The layout guard on the teacher: in every moment of each game's lesson (following the teacher) and of
a real game's first round in teach mode, the teacher's box and the reminders lie over none of the
person's own cards, their hand or their own row (a newcomer's hand lay under the box at the Tricks
bids and the Mit List und Tücke pick; "Rule: Highest trump: pick 2 cards" lay over three cards)."""

import pytest

from game import GAMES, Seat
from game.teach import lesson
from scenes.screen.game_screen import GameScreen
from scenes.screen.layout_guard import teacher_in_the_way, recording
from app_driver import new_app

STEP = 0.05


def guarded_frames(app, move, limit):
    """Frames of the app, the guard on, while move(app) says go on: {problem: the moment it was first
    seen} of the teacher over the person's own cards."""
    found = {}
    with recording(app) as guard:
        for _ in range(limit):
            if not move(app):
                break
            guard.frame()
            app.step(STEP)
            screen = app.scene
            for problem in teacher_in_the_way(guard.items):
                phase = screen.state.phase if isinstance(screen, GameScreen) else type(screen).__name__
                found.setdefault(problem, phase)
        else:
            raise AssertionError("the walk did not end")
    return found


def follow_the_teacher(screen):
    def move(app):
        if app.scene is not screen:
            return False  # the lesson's score page
        teaching = screen.teaching
        if teaching.holds():
            teaching.go_on() if teaching.age > 2 * STEP else None  # the box is drawn before Go on
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.can_act() and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
            screen.act(teaching.advice)
        return True
    return move


@pytest.mark.slow  # a lesson's whole round, the guard on
@pytest.mark.parametrize("game_id", GAMES)
def test_the_teachers_box_keeps_clear_of_the_learners_cards_in_every_lesson_moment(game_id):
    app = new_app(seed=3)
    app.learn(game_id)
    found = guarded_frames(app, follow_the_teacher(app.scene), 40000)
    assert not found, "\n".join(f"{phase}: {problem}" for problem, phase in found.items())


def play_first_round(screen):
    def move(app):
        state = screen.state
        if state.round > 1 or state.is_over or app.scene is not screen and not hasattr(app.scene, "click"):
            return False
        if app.scene is not screen:
            app.scene.click("continue")
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.idle and screen.session.my_turn():
            screen.act(sorted(state.legal_actions(), key=str)[0])
        return True
    return move


@pytest.mark.slow  # a game's first round, the guard on
@pytest.mark.parametrize("game_id", GAMES)
def test_teach_modes_reminders_keep_clear_of_the_persons_cards(game_id):
    app = new_app(seed=3, teach_mode="always")
    names = lesson(game_id).names
    app.new_game(game_id, [Seat("Anna")] + [Seat(n, "bot", "normal") for n in names[1:]], keep=False)
    screen = app.scene
    found = guarded_frames(app, play_first_round(screen), 40000)
    assert screen.teaching.shown, "reminders were told"
    assert not found, "\n".join(f"{phase}: {problem}" for problem, phase in found.items())
