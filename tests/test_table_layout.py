"""Issue 12, what a newcomer met at the table: collection counts that looked like cards, the Hint
button over text and over dialogs, and a hand clipped by the bottom edge."""

import time

import pygame
import pytest

from scenes.screen import cards, coach, theme
from scenes.screen.layout import BUTTONS, INFO_RECT, LOG_RECT, REMINDER_RECT
from scenes.screen.table_board import TableBoard
from tools.snapshot import Director, person_to
from app_driver import new_app, new_table, table_of
from tiers import configs

FRAME = 1 / 60
CANVAS = pygame.Rect(0, 0, 1280, 720)
MARGIN = 6  # logical pixels every hand card keeps from the canvas edges


# --- 1. collection counts are counts, not card faces ---------------------------------------------
def counts_of(table):
    counts = []
    for col in table.board.shown["collections"]:
        for colour in "RGBY":
            counts.append(col["hidden"][colour] if colour in col["hidden"] else len(col["open"].get(colour, ())))
    return counts


def collected(table):
    return sum(1 for n in counts_of(table) if n) >= 3


def test_collection_counts_are_drawn_as_counts_never_as_card_faces(monkeypatch):
    app = new_table("mlut", 4)
    assert Director(app, 7).run_until(person_to("play", collected))
    table = table_of(app)
    faces, words = [], []
    real_face, real_outlined, real_text = cards.face, theme.outlined, theme.text
    monkeypatch.setattr(cards, "face", lambda *a, **k: faces.append(a) or real_face(*a, **k))
    monkeypatch.setattr(theme, "outlined", lambda s, *a, **k: words.append(s) or real_outlined(s, *a, **k))
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: words.append(s) or real_text(s, *a, **k))
    cards._cache.clear()  # every pile drawn afresh while the spies listen
    for seat in range(table.state.players):
        table.board.draw_panel(app.canvas, seat)
    assert faces == []
    counts = counts_of(table)
    assert any(counts)
    for count in set(counts):
        assert f"×{count}" in words  # the count reads as a count
    assert not any(str(count) == w for count in counts for w in words)  # never a bare number


def test_a_pile_draws_no_card_face_and_its_count_says_times(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    faces, words = [], []
    real_face, real_outlined = cards.face, theme.outlined
    monkeypatch.setattr(cards, "face", lambda *a, **k: faces.append(a) or real_face(*a, **k))
    monkeypatch.setattr(theme, "outlined", lambda s, *a, **k: words.append(s) or real_outlined(s, *a, **k))
    cards._cache.clear()
    for hidden in (False, True):
        for count in (0, 1, 2, 7):
            sprite = cards.pile("R", count, hidden=hidden, plus=not hidden and count == 2)
            assert sprite.get_size() == (cards.PILE[0], cards.PILE[1] + 12)
            # round, not a card: clear at the lower corners, where a card's body would be
            low = 12 + cards.PILE[1] * 9 // 16
            assert sprite.get_at((4, low)).a == 0 and sprite.get_at((cards.PILE[0] - 5, low)).a == 0
    assert faces == []
    assert {"×0", "×1", "×2", "×7"} <= set(words)
    assert not {"0", "1", "2", "7"} & set(words)


# --- 2. the Hint button has a place of its own and stays under dialogs ---------------------------
class Layers:
    """What one frame drew on the canvas, in order: text, buttons and the shades that start a modal."""

    def __init__(self, monkeypatch, canvas):
        self.items, self.inside = [], 0
        real_text, real_button, real_shade = theme.blit_text, theme.button, theme.shade

        def blit_text(surface, s, *a, **k):
            rect = real_text(surface, s, *a, **k)
            if surface is canvas and not self.inside:
                self.items.append(("text", pygame.Rect(rect), s))
            return rect

        def button(surface, rect, label, *a, **k):
            self.inside += 1
            try:
                real_button(surface, rect, label, *a, **k)
            finally:
                self.inside -= 1
            if surface is canvas:
                self.items.append(("button", pygame.Rect(rect), label))

        def shade(surface, *a, **k):
            real_shade(surface, *a, **k)
            if surface is canvas:
                self.items.append(("shade", None, None))

        monkeypatch.setattr(theme, "blit_text", blit_text)
        monkeypatch.setattr(theme, "button", button)
        monkeypatch.setattr(theme, "shade", shade)

    def frame(self, scene, canvas):
        self.items = []
        scene.render(canvas)
        return self.items


HINT_LABELS = ("Hint (H)", "Thinking…")


def check_hint_frame(table, items):
    """The Hint button meets no other text or button of its layer, and no shade comes after it...
    unless it is not drawn at all. Returns (drawn, under a modal)."""
    button = table.board.coach_button()
    hits = [i for i, (kind, rect, label) in enumerate(items)
            if kind == "button" and rect == button and label in HINT_LABELS]
    shades = [i for i, (kind, _, _) in enumerate(items) if kind == "shade"]
    if not hits:
        return False, bool(shades)
    assert len(hits) == 1
    at = hits[0]
    assert not any(s < at for s in shades), "the Hint button is drawn on top of a modal dialog"
    layer_start = max([s for s in shades if s < at], default=-1)
    layer_end = min([s for s in shades if s > at], default=len(items))
    for i in range(layer_start + 1, layer_end):
        kind, rect, label = items[i]
        if i != at and rect is not None:
            assert not button.colliderect(rect), f"the Hint button overlaps {kind} {label!r} at {rect}"
    # the panels drawn as whole surfaces (the log, the seats, the info and reminder boxes) hold text too
    boxes = [LOG_RECT, INFO_RECT, REMINDER_RECT, *BUTTONS.values(), *table.board.layout.panels.values()]
    for box in boxes:
        assert not button.colliderect(box), f"the Hint button overlaps the panel at {box}"
    return True, bool(shades)


def base_table(scene):
    board = getattr(scene, "board", None)
    return board is not None and board.kind == "table" and type(board).render is TableBoard.render \
        and type(board).coach_button is TableBoard.coach_button


def play_and_check(app, monkeypatch, seed, ask_at_first=True):
    """Play the game out at random; at every idle moment the person decides, check the frame."""
    layers = Layers(monkeypatch, app.canvas)
    seen = {"drawn": 0, "modal": 0, "hint_list": 0}

    def moment(a):
        t = table_of(a)
        if not base_table(t) or not (t.idle and t.session.my_turn()) or t.session.needs_handoff():
            return False
        if ask_at_first and not seen["hint_list"] and t.coach_open() and t.board.deciding_play():
            t.ask_coach()
            deadline = time.time() + 10
            while t.coach.thinking and time.time() < deadline:
                t.coach.poll(t.session)
                time.sleep(0.002)
            if t.coach.values:
                seen["hint_list"] += 1
        drawn, modal = check_hint_frame(t, layers.frame(t, a.canvas))
        seen["drawn"] += drawn
        seen["modal"] += drawn and modal
        return False

    if table_of(app).session.game_id == "tricks":
        from tools.shots_tricks import TricksDirector  # clicks past the trump reveal
        TricksDirector(app, seed).run_until(lambda scene: moment(app), limit=6000)
    else:
        Director(app, seed).run_until(moment, limit=6000)
    return seen


@pytest.fixture
def small_coach(monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})


@pytest.mark.parametrize("game_id,players", configs([("mlut", 4), ("mlut", 6), ("wassticht", 4), ("tricks", 4)], big={("mlut", 4), ("mlut", 6), ("wassticht", 4)}))
def test_the_hint_button_meets_no_text_and_never_sits_on_a_dialog(monkeypatch, small_coach, game_id, players):
    app = new_table(game_id, players)
    seen = play_and_check(app, monkeypatch, 7)
    assert seen["drawn"] > 0 and seen["hint_list"] > 0


def test_the_plus_dialog_covers_the_hint_button(monkeypatch, small_coach):
    """The seed of the snapshots reaches the plus dialog for four seats: the Hint is drawn before the
    dialog's shade (dimmed with the table), or not at all."""
    app = new_table("mlut", 4)
    d = Director(app, 7)
    assert d.run_until(person_to("plus"))
    table = table_of(app)
    table.ask_coach()
    layers = Layers(monkeypatch, app.canvas)
    items = layers.frame(table, app.canvas)
    assert any(kind == "shade" for kind, _, _ in items)
    check_hint_frame(table, items)
    app.step(FRAME)
    assert "coach" not in table.targets  # the dialog's shade ends the table's targets


# --- 3. the hand keeps a margin from the canvas edges --------------------------------------------
def hand_rects_fit(table):
    rects = list(table.board.hand_rects.values())
    rects += [r for name, r in table.targets.items() if name.startswith("card:")]
    inner = CANVAS.inflate(-2 * MARGIN, -2 * MARGIN)
    for rect in rects:
        assert inner.contains(rect), f"a hand card at {rect} comes within {MARGIN}px of the edge"
    return len(rects)


@pytest.mark.parametrize("players", [4, 6])
def test_the_hand_keeps_a_margin_above_the_bottom_edge(players):
    app = new_table("mlut", players)
    checked = []

    def moment(a):
        t = table_of(a)
        if t is not None and t.kind == "table" and t.idle and t.session.my_turn():
            t.mouse = next((r.center for n, r in t.targets.items() if n.startswith("card:")), (0, 0))
            a.step(FRAME)  # a hovered card rises; it stays inside too
            checked.append(hand_rects_fit(t))
        return len(checked) >= 12

    assert Director(app, 7).run_until(moment)
    assert max(checked) >= 10


@pytest.mark.slow  # eight seconds of the demo at normal speed
def test_the_demo_hand_keeps_a_margin_too():
    from scenes.screen.demo import DemoMode
    app = new_app(seed=7)
    app.demo = DemoMode(app, speed="normal", bot_delay=0.1)
    app.demo.start()
    checked = 0
    for _ in range(60 * 8):
        app.step(FRAME)
        t = table_of(app)
        if t is not None and t.kind == "table" and t.board.hand_rects:
            checked += hand_rects_fit(t) > 0
    app.demo.stop()
    assert checked > 30
