"""Tooltips on hover (issue 12): a seat box's numbers, Mit List und Tücke's piles and live round score,
Was sticht? task IDs and score cells explain themselves after the pointer rests on them."""

import pygame

from game.games.mlut.rules import collection_counts, points_so_far, round_points
from scenes.app import App
from scenes.screen.base import TIP_DELAY
from scenes.screen.game_screen import GameScreen
from tools.snapshot import Director, person_to
from app_driver import FRAME, new_table, point_at, run

CANVAS = pygame.Rect(0, 0, 1280, 720)
REST = TIP_DELAY + 0.1  # the pointer rests past the tooltip's delay


def tip_rect(app, needle):
    """The rect and words of the first tooltip of the last frame whose words hold needle."""
    for rect, words in app.scene.tips:
        if needle in words:
            return rect, words
    raise AssertionError(f"no tooltip with {needle!r} among {[w for _, w in app.scene.tips]}")


def collected(screen):
    return sum(sum(collection_counts(c).values()) for c in screen.board.shown["collections"]) >= 6


def test_live_round_score_matches_the_rules_count_and_explains_itself():
    app = new_table("mlut", 4)
    assert Director(app, 7).run_until(person_to("play", collected))
    screen = app.scene
    assert isinstance(screen, GameScreen)
    state = screen.state
    for seat in range(state.players):
        col = state.view(None)["collections"][seat]
        counts = {c: len(pile) for c, pile in state.collections[seat].items()}
        assert points_so_far(col) == round_points(counts, state.plus[seat])
        assert screen.board.points_note(seat) == f"+{points_so_far(col)[0]}"
    rect, words = tip_rect(app, "This round so far")
    point_at(app, rect.center, REST)
    assert screen.shown_tip() == words
    assert points_so_far(state.view(None)["collections"][0])[1] in words


def test_a_tooltip_waits_for_the_pointer_to_rest_and_goes_when_it_moves_away():
    app = new_table("mlut", 4)
    assert Director(app, 7).run_until(person_to("play", collected))
    screen = app.scene
    rect, words = tip_rect(app, "cards collected")
    point_at(app, rect.center, TIP_DELAY / 4)
    assert screen.shown_tip() is None  # not yet: the pointer only passed by
    point_at(app, rect.center, REST)
    assert screen.shown_tip() == words
    point_at(app, (640, 330), REST)  # the middle of the table explains nothing
    assert screen.shown_tip() is None


def test_a_click_silences_the_tooltip_until_the_mouse_moves():
    """What was clicked changes (a task taken): its old words must not stay over the table."""
    app = new_table("mlut", 4)
    assert Director(app, 7).run_until(person_to("play", collected))
    screen = app.scene
    rect, words = tip_rect(app, "cards collected")
    point_at(app, rect.center, REST)
    assert screen.shown_tip() == words
    at = app.to_window(rect.center)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    app.step(FRAME)
    run(app, REST)
    assert screen.shown_tip() is None
    point_at(app, (rect.centerx + 1, rect.centery), REST)
    assert screen.shown_tip() == words


def test_the_tooltip_stays_inside_the_screen_even_at_a_corner():
    from scenes.screen import widgets
    surface = pygame.Surface(CANVAS.size)
    for pointer in [(1275, 715), (2, 2), (1275, 2), (2, 715), (640, 360)]:
        box = widgets.tooltip(surface, "A long explanation that wraps onto more than one line " * 3, pointer)
        assert CANVAS.contains(box), (pointer, box)
        assert not box.collidepoint(pointer) or pointer == (640, 360)


def test_a_dialog_silences_the_tooltips_under_it():
    app = new_table("mlut", 4)
    assert Director(app, 7).run_until(person_to("play", collected))
    screen = app.scene
    rect, _ = tip_rect(app, "cards collected")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                         scancode=0))
    point_at(app, rect.center, REST)
    assert screen.overlay == "pause"
    assert all("cards collected" not in words for _, words in screen.tips)
    assert screen.shown_tip() is None


def sheet_up(app):
    from scenes.boards.scoreboard import ScoreboardScene
    if isinstance(app.scene, ScoreboardScene):
        app.step(FRAME)  # drawn once: its tips are those on screen
        return True
    return False


def test_a_task_tile_tells_its_whole_wording():
    from game.games.wassticht.rules import TASKS
    app = new_table("wassticht", 4)
    assert Director(app, 7).run_until(person_to("task_draft"))
    app.step(FRAME)
    task = next(iter(TASKS))
    rect, words = tip_rect(app, f"{TASKS[task][0]} (")  # by its words: no code
    assert TASKS[task][0] in words and str(TASKS[task][1]) in words
    point_at(app, rect.center, REST)
    assert app.scene.shown_tip() == words


def test_the_disc_holders_box_says_what_the_disc_is():
    """A newcomer rested the mouse on DISC and learnt nothing until the teacher's third note."""
    app = new_table("wassticht", 4)
    assert Director(app, 7).run_until(person_to("row_draft"))
    app.step(FRAME)
    holder = app.scene.board.shown["disc"]
    rect, words = tip_rect(app, "takes first from this row")
    assert words.startswith(app.scene.session.name(holder))
    point_at(app, (rect.x + 40, rect.y + 60), REST)
    assert app.scene.shown_tip() == words


def test_round_score_cells_say_how_they_came_about():
    app = new_table("mlut", 4)

    def stop_at_sheet(app):
        return sheet_up(app)
    assert Director(app, 7).run_until(stop_at_sheet)
    sheet = app.scene
    entry = sheet.history[-1]
    for seat in range(4):
        words = [w for _, w in sheet.tips if w.startswith(f"{sheet.session.name(seat)}, round 1: ")]
        assert any(entry["reasons"][seat] in w and f"{entry['points'][seat]} points" in w for w in words), words
    rect, words = tip_rect(app, "'s total: ")
    point_at(app, rect.center, REST)
    assert sheet.shown_tip() == words


def test_tricks_score_cells_explain_loans_and_chips():
    from tools.shots_tricks import TricksDirector
    app = new_table("tricks", 3)
    assert TricksDirector(app, 7).run_until(lambda shown: sheet_up(app))
    sheet = app.scene
    said = [w for _, w in sheet.tips]
    assert sum("has no loan" in w or "borrowed" in w for w in said) == 3
    for seat in range(3):
        assert any(w.startswith(f"{sheet.session.name(seat)}, round 1: ") for w in said)


def test_the_keyboard_focus_shows_its_tooltip_like_a_resting_pointer():
    app = new_table("wassticht", 4)
    assert Director(app, 7).run_until(person_to("task_draft"))
    screen = app.scene
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    for _ in range(int(TIP_DELAY / FRAME) + 3):
        app.step(FRAME)
    assert screen.focus is not None and screen.focus.startswith("task:")
    from game.games.wassticht.rules import TASKS
    task = screen.focus[5:]
    assert screen.shown_tip() is not None and screen.shown_tip().startswith(f"{TASKS[task][0]} (")
