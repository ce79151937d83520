"""A lesson's Skip, clicked whenever it is offered: it stops at every part the lesson teaches that was
not yet shown (each phase's first note and each trap: ``game.teach.skip_stops``), so a newcomer who
skips for time still sees each new part once, and the round still reaches its score. Newcomers who
skipped met Mit List und Tücke's plus colours, Tricks' grey 4 and loans, and the traps first in a real
game."""

import pytest

from game.teach import lesson, skip_stops
from game.teach.walk import walk
from scenes.menus.lesson import LessonDoneScene
from app_driver import FRAME, click, new_app, post_click

GAMES = ("mlut", "tricks", "wassticht")
LIMIT = 40000


def skip_whenever_offered(game_id):
    """The lesson from the menu, Skip clicked at every frame it is on screen and the teacher is not
    skipping already. Returns (the notes seen in the box while not skipping, in order, their rules;
    how many times Skip was clicked; the Skip button's labels)."""
    app = new_app(seed=1)
    click(app, f"learn:{game_id}")
    screen = app.scene
    teaching = screen.teaching
    seen, skips, labels = [], 0, []
    for _ in range(LIMIT):
        if isinstance(app.scene, LessonDoneScene):
            return seen, skips, labels
        said = teaching.said
        if said is not None and said.rule != "turn" and not teaching.skipping and said.rule not in seen:
            seen.append(said.rule)
        if app.scene is screen and not teaching.skipping and "teach:skip" in screen.targets:
            labels.append(next(label for name, _rect, label, _kind in teaching.box_buttons(screen.board.teach_box())
                               if name == "teach:skip"))
            post_click(app, "teach:skip")
            skips += 1
        else:
            app.step(FRAME)
    raise AssertionError(f"the {game_id} lesson did not reach its score by skipping")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_stop_is_in_the_lesson_and_comes_up_following_the_teacher(game_id):
    stops = skip_stops(game_id)
    assert stops and set(stops) <= set(lesson(game_id).checklist)
    told = walk(lesson(game_id)).rules
    assert [rule for rule in told if rule in stops] == list(stops), "listed in the order the lesson meets them"


@pytest.mark.slow  # plays each lesson by clicks
@pytest.mark.parametrize("game_id", GAMES)
def test_skip_stops_at_every_part_not_yet_shown_then_reaches_the_score(game_id):
    seen, skips, labels = skip_whenever_offered(game_id)
    missed = [rule for rule in skip_stops(game_id) if rule not in seen]
    assert not missed, f"Skip went past {missed} without showing them"
    assert skips > len(skip_stops(game_id)) // 2
    assert labels[0] == "Play for me" and labels[-1] == "Finish for me", "the button says what it does"
