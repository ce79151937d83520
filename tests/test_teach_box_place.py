"""Where the lesson's teacher's box stands: clear of every seat's box and of the cards the learner acts
on (at the Mit List und Tücke pick it lay over the top seat's name), in one place while the same note
is shown (it moved under the pointer, and a click meant for its Skip went to the table), and a press
where it stood a moment ago is not the table's."""

import pygame
import pytest

from app_driver import click_at, new_app, run
from game import GAMES
from game.i18n import _
from scenes.screen.layout_guard import recording

STEP = 0.05


def follow_the_teacher(app, screen):
    teaching = screen.teaching
    if teaching.holds():
        if teaching.age > 2 * STEP:  # the box is drawn before Go on
            teaching.go_on()
    elif "reveal:go" in screen.targets:
        screen.click("reveal:go")
    elif screen.can_act() and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
        screen.act(teaching.advice)
    app.step(STEP)


def drawn_box(guard):
    """The teacher's box as drawn last frame (with nothing to say: its first button, Skip)."""
    return next((pygame.Rect(i[1]) for i in guard.items if i[0] == "teacher"), None)


def skip_button(guard):
    return next((pygame.Rect(i[1]) for i in guard.items if i[0] == "button" and i[2] in (_("Finish for me"), _("Play for me"))),
                None)


def learners_pick(app, guard, limit=40000):
    """The mlut lesson followed until the learner's pick with its first note in the box: the screen,
    and where the box's Skip stood in the frame before."""
    app.learn("mlut")
    screen, before = app.scene, None
    for _ in range(limit):
        guard.frame()
        follow_the_teacher(app, screen)
        if screen.board.my_phase("pick") and screen.teaching.said is not None and screen.idle:
            return screen, before
        before = skip_button(guard)
    raise AssertionError("the learner's pick did not come")


def test_at_the_pick_the_box_keeps_clear_of_the_seats_and_the_trick():
    app = new_app(seed=3)
    with recording(app) as guard:
        screen, _ = learners_pick(app, guard)
        guard.frame()
        app.step(STEP)
        box = drawn_box(guard)
    seats = [rect for rect in screen.board.layout.panels.values() if rect.colliderect(box)]
    trick = [rect for name, rect in screen.targets.items() if name.startswith("trick:") and rect.colliderect(box)]
    assert not seats and not trick, f"the box {box} lies over seats {seats} and trick cards {trick}"


def test_a_click_where_skip_stood_a_moment_ago_skips():
    """The box moved up at the pick as its note came: a click a moment later where its Skip had stood
    was meant for Skip (it went to the bare table); later the table has that spot again."""
    app = new_app(seed=3)
    with recording(app) as guard:
        screen, left = learners_pick(app, guard)
        now = drawn_box(guard)
    assert left is not None and not left.colliderect(now), "the box moved away from its Skip"
    # Skip may stop at once (a part not yet shown waits in the box): what counts is that it was pressed
    skips = pressed_skips(screen)
    click_at(app, left.center)
    assert skips == [1], "the click meant for Skip skipped"
    app = new_app(seed=3)
    with recording(app) as guard:
        screen, left = learners_pick(app, guard)
    skips = pressed_skips(screen)
    run(app, 0.7)
    click_at(app, left.center)
    assert skips == [], "a moment later the spot is the table's again"


def pressed_skips(screen):
    """A list that gets a 1 each time the lesson's Skip is pressed."""
    skips, skip = [], screen.teaching.skip
    screen.teaching.skip = lambda: (skips.append(1), skip())
    return skips


@pytest.mark.slow  # a lesson's whole round at the animations' own pace
@pytest.mark.parametrize("game_id", GAMES)
def test_the_box_keeps_its_place_while_the_same_note_is_shown(game_id):
    app = new_app(seed=3, speed="normal")
    app.learn(game_id)
    screen = app.scene
    teaching = screen.teaching
    jumps, last = [], None
    with recording(app) as guard:
        for _ in range(40000):
            if app.scene is not screen:
                break
            guard.frame()
            follow_the_teacher(app, screen)
            place = next((tuple(i[1]) for i in guard.items if i[0] == "teacher"), None)
            now = (teaching.said, teaching.words, screen.board, screen.dialog_up, place)
            if last is not None and now[:4] == last[:4] and None not in (place, last[4]) and place != last[4]:
                jumps.append(f"{teaching.words[:40]!r} {screen.state.phase}: {last[4]} -> {place}")
            last = now
        else:
            raise AssertionError("the lesson did not end")
    assert not jumps, "\n".join(jumps)
