"""Was sticht? screens a newcomer met (issue 12), driven as a person would: a refusal in the task draft
above the tiles, the starter's lay-down dialog holding its five tiles, the tasks left and the trump
card's words whole, and the seat panels agreeing with the reveal."""

import random

import pygame
import pytest

from game import Seat
from game.games.wassticht.rules import TASKS
from scenes.app import App
from scenes.boards.wassticht import common
from scenes.boards.wassticht import tasks as tasks_scene
from scenes.boards.wassticht.score import WasStichtScoreboard
from scenes.boards.wassticht.table import WasStichtTable
from scenes.boards.wassticht.tasks import WasStichtTasks
from scenes.screen import theme
from scenes.screen.session import Session
from app_driver import FRAME, new_app, new_table, play_to_sheet, play_until, post_click, seats_of

def new_wassticht(seed, people=(0,), per=4):
    """An app at a Was sticht? table for four (PER tasks each); the table is ``app.scene``."""
    return new_table("wassticht", 4, people, seed, {"tasks_per_player": per})


def board_when(app, wanted, rng):
    """The person plays on (random choices by RNG) until wanted(board) holds for the board on show at an
    idle moment; that board, or None if the game ends first."""
    table = app.scene
    return table.board if play_until(app, table, lambda t: wanted(t.board), limit=8000, rng=rng) else None


def idle(scene):
    return hasattr(scene, "session") and not isinstance(scene, WasStichtScoreboard) and scene.idle


class Recorder:
    """What a frame drew, in order: every text by theme.blit_text (with its rect), every task tile and
    the refusal's pill."""

    def __init__(self, monkeypatch):
        self.drawn = []
        blit_text, task_tile, toast = theme.blit_text, tasks_scene.task_tile, tasks_scene.toast

        def record_text(surface, s, size, pos, colour=theme.INK, bold=False, anchor="topleft"):
            rect = blit_text(surface, s, size, pos, colour, bold, anchor)
            self.drawn.append(("text", s, size, bold, rect))
            return rect

        def record_tile(task, *args, **kwargs):
            self.drawn.append(("tile", task))
            return task_tile(task, *args, **kwargs)

        def record_toast(surface, line, *args, **kwargs):
            pill = toast(surface, line, *args, **kwargs)
            self.drawn.append(("toast", line, pill))
            return pill

        monkeypatch.setattr(theme, "blit_text", record_text)
        monkeypatch.setattr(tasks_scene, "task_tile", record_tile)
        monkeypatch.setattr(tasks_scene, "toast", record_toast)

    def frame(self, app):
        self.drawn = []
        app.step(FRAME)
        return self.drawn

    def texts(self):
        return [d for d in self.drawn if d[0] == "text"]


# --- 1. the task draft: a refusal above the tiles ----------------------------------------------------
def test_a_taken_task_clicked_in_the_draft_is_refused_above_every_tile(monkeypatch):
    app = new_wassticht(3)
    scene = board_when(app, lambda s: idle(s) and isinstance(s, WasStichtTasks) and s.state.phase == "task_draft"
                       and s.session.my_turn() and sum(map(len, s.state.held)) >= 3, random.Random(1))
    assert scene is not None
    app.step(FRAME)
    taken = sorted((t for held in scene.state.held for t in held), key=lambda t: -scene.targets[f"task:{t}"].y)
    events = len(scene.state.events)
    post_click(app, f"task:{taken[0]}")  # the lowest taken tile: the old pill lay under the last row
    assert len(scene.state.events) == events and scene.hint, "refused, with the rules core's reason"
    recorder = Recorder(monkeypatch)
    drawn = recorder.frame(app)
    toasts = [i for i, d in enumerate(drawn) if d[0] == "toast"]
    tiles = [i for i, d in enumerate(drawn) if d[0] == "tile"]
    assert len(toasts) == 1 and len(tiles) == 24
    assert toasts[0] > max(tiles), "the refusal is drawn after (above) every task tile"
    pill = drawn[toasts[0]][2]
    assert "…" not in drawn[toasts[0]][1]
    # what the person sees there: the pill's own dark fill, not a tile
    assert tuple(app.canvas.get_at((pill.x + 8, pill.centery)))[:3] == (20, 16, 14)
    later_text = [d for d in drawn[toasts[0] + 1:] if d[0] == "text" and d[4].colliderect(pill)]
    assert not later_text, f"drawn over the refusal: {later_text}"


# --- 2. the starter's lay-down dialog holds its tiles -----------------------------------------------
@pytest.mark.slow  # whole rounds of four people, over seeds until one discards with five tasks
def test_the_starters_five_tiles_lie_inside_the_lay_down_dialog():
    for seed in range(1, 30):
        app = new_wassticht(seed, people=(0, 1, 2, 3), per=5)
        scene = board_when(app, lambda s: idle(s) and isinstance(s, WasStichtTable) and s.state.phase == "discard"
                           and s.session.my_turn() and len(s.state.held[s.session.viewer]) == 5,
                           random.Random(seed))
        if scene is not None:
            break
    else:
        pytest.fail("no discard with five tasks held in 29 seeds")
    app.step(FRAME)
    box = scene.dialog_rect
    assert box is not None
    tiles = {n: r for n, r in scene.targets.items() if n.startswith("discard:T")}
    assert len(tiles) == 5
    for name, rect in tiles.items():
        assert box.contains(rect.inflate(8, 8).move(0, -6)), f"{name} at {rect} (with its hover ring) leaves {box}"
    assert not any(a.colliderect(b) for a in tiles.values() for b in tiles.values() if a is not b)
    # still a choice made by a click: hover lifts one inside the box, a click lays it down
    first = min(tiles, key=lambda n: tiles[n].x)
    post_click(app, first)
    assert first[8:] in scene.state.laid[scene.state.starter] or scene.state.phase != "discard"


# --- 3. cut text: the tasks left on the round's scores, the trump card's words ----------------------
@pytest.mark.slow
def test_the_round_scores_write_the_words_of_the_tasks_left_whole(monkeypatch):
    """Nobody at a TV of phones points a mouse: each seat's tasks left are written out, all five too,
    whole (no "…"), on the screen; no code stands for them."""
    app = new_wassticht(4, per=5)
    board = play_to_sheet(app, rng=random.Random(4))
    assert isinstance(board, WasStichtScoreboard) and not board.final
    recorder = Recorder(monkeypatch)
    recorder.frame(app)
    held = board.view["held_tasks"]
    assert max(len(h) for h in held) == 5, "someone still holds all five after round 1"
    texts = recorder.texts()
    strings = [d[1] for d in texts]
    assert not any("…" in s for s in strings), [s for s in strings if "…" in s]
    for _, text, size, bold, rect in texts:
        assert pygame.Rect(0, 0, 1280, 720).contains(rect), (text, rect)
    page = " ".join(" ".join(strings).split())
    for s in range(4):
        for task in held[s]:
            assert " ".join(TASKS[task][0].split()) in page, f"the words of {task}"
            assert task not in page, f"the code {task}"


def test_the_trump_cards_say_no_colour_and_no_number_whole():
    for size in ((70, 98), (64, 88)):  # the task choice's cards and the row draft's
        for label in ("no colour", "no number", "number", "yellow", "green", "blue", "red"):
            font_size, lines = common.trump_label(label, size[0])
            assert " ".join(lines) == label and len(lines) <= 2 and font_size >= theme.READABLE
            for line in lines:  # at sofa size, narrowed if need be: inside the card, as tall
                words = common.label_words(line, font_size, (0, 0, 0), size[0] - 6)
                assert words.get_width() <= size[0] - 6, (size, line)
                assert words.get_height() == theme.font(font_size, True).get_height()


@pytest.mark.slow  # games over seeds until a round without a trump colour
def test_the_revealed_no_colour_trump_card_is_drawn_with_whole_words(monkeypatch):
    for seed in range(1, 40):
        app = new_wassticht(seed)
        scene = board_when(app, lambda s: idle(s) and isinstance(s, WasStichtTasks)
                           and s.state.phase == "task_choice" and s.state.trump_colour is None, random.Random(seed))
        if scene is not None:
            break
    else:
        pytest.fail("no round without a trump colour in 39 seeds")
    for key in [k for k in common._sprites if k[0] == "trump"]:
        del common._sprites[key]  # drawn afresh, while recorded
    words = []
    text = theme.text

    def record(s, size, colour=theme.INK, bold=False):
        words.append((s, size, bold))
        return text(s, size, colour, bold)

    monkeypatch.setattr(theme, "text", record)
    app.step(FRAME)
    label = [(s, size, bold) for s, size, bold in words if s.split()[:1] == ["no"] and len(s) < 12
             or s in ("colour", "number")]  # the words on the two cards
    strings = [s for s, _, _ in label]
    assert "no colour" in strings or ("no" in strings and "colour" in strings), label
    for s, size, bold in label:
        assert "…" not in s and size >= theme.READABLE, (s, size)  # whole, at sofa size
        assert common.label_words(s, size, common.TILE_INK, 70 - 6).get_width() <= 70 - 6, (s, size)  # on the card
    said = common.trump_words(scene.state.trump_colour, scene.state.trump_number)  # beside the cards: whole
    lines = [(s, size, bold) for s, size, bold in words if size == 17 and s and s in said]
    assert " ".join(s for s, _, _ in lines) == said, lines
    assert all(theme.font(size, bold).size(s)[0] <= 216 for s, size, bold in lines)


# --- 4. the reveal: the seat panels read what the dialog shows ---------------------------------------
@pytest.mark.slow
def test_the_seat_panels_agree_with_the_revealed_tasks(monkeypatch):
    app = new_wassticht(7)
    rng = random.Random(7)
    scene = board_when(app, lambda s: idle(s) and isinstance(s, WasStichtTasks) and s.state.phase == "task_choice"
                       and s.session.my_turn() and (s.session.viewer + 1) % 4 == s.state.starter, rng)
    assert scene is not None, "the person chooses last in some round"
    app.step(FRAME)
    app.settings.speed = "normal"
    task = next(n for n in scene.targets if n.startswith("task:"))
    post_click(app, task)  # the last choice: the tasks are revealed together
    for _ in range(60):
        if scene.revealing:
            break
        app.step(FRAME)
    assert scene.revealing, "the reveal is on screen"
    recorder = Recorder(monkeypatch)
    recorder.frame(app)
    strings = [d[1] for d in recorder.texts()]
    assert not any(s in ("chooses later", "choosing…") for s in strings), strings
    assert (scene.session.viewer, task[5:]) in scene.revealing
    shown = " ".join(strings)  # a panel's lines one after the other
    for seat, chosen in scene.revealing:
        assert f"chose: {TASKS[chosen][0]}" in shown, f"{scene.session.name(seat)}'s panel names {chosen}"


# --- the row draft: a card taken already is refused with who took it ------------------------------
def test_a_click_on_a_taken_row_card_says_who_took_it():
    app = new_app(seed=5)
    app.start_game(Session.new("wassticht", seats_of(["bot", "human", "bot", "bot"]), 3))
    table = app.scene
    for _ in range(20000):
        app.step(FRAME)
        if table.idle and table.session.state.phase == "row_draft" and table.session.my_turn() \
                and any(name.startswith("taken:") for name in table.targets):
            break
        if table.idle and table.session.my_turn() and table.state.phase in ("task_draft", "row_draft"):
            table.session.try_action(table.state.legal_actions()[0])
    taken = next(name for name in table.targets if name.startswith("taken:"))
    before = len(table.state.events)
    post_click(app, taken)
    assert len(table.state.events) == before
    assert "took that card already" in table.refusal_live()
