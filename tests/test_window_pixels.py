"""The picture is drawn at the window's own pixels (issue 31): words at 4K are rendered at 4K, not a
720p picture blown up; the frames drawn from what changed equal the whole picture drawn afresh; clicks
land on the card under the pointer at every window size; nothing on the busy table falls back to a
blown-up sprite."""

import pygame
import pytest

from scenes.app import App
from scenes.menus.menu import MenuScene
from scenes.screen import canvas, paint, theme
from scenes.screen.canvas import Canvas, Mapping, Picture, changed_rects, draw_into
from scenes.screen.layout_guard import recording
from scenes.screen.settings import Settings
from tools import snapshot

FRAME = 1 / 60
SIZES = [(1280, 720), (1920, 1080), (3840, 2160), (1000, 900)]


def app_at(size, **settings):
    return App(Settings(speed="instant", bot_delay=0, seed=7, window_size=size, **settings))


# --- words at the window's pixels --------------------------------------------------------------------
def inked(surface, background, ink):
    """(bounding rect of the ink, share of inked pixels that are partly inked: the soft edge)."""
    w, h = surface.get_size()
    full = partial = 0
    rect = None
    span = sum(abs(a - b) for a, b in zip(ink, background))
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))[:3]
            cover = sum(abs(a - b) for a, b in zip(c, background)) / span
            if cover > 0.08:
                full += cover > 0.92
                partial += cover <= 0.92
                spot = pygame.Rect(x, y, 1, 1)
                rect = spot if rect is None else rect.union(spot)
    return rect, partial / max(1, full + partial)


def title_rect(app):
    """The menu title's inked rect in base coordinates, as the layout guard saw it drawn."""
    with recording(app) as guard:
        app.switch(MenuScene(app))
        guard.frame()
        app.step(0)
        rects = [item[1] for item in guard.items if item[0] == "text" and item[2] == "Tricktable"]
    assert len(rects) == 1
    return rects[0]


def title_size(rect):
    """The font size that draws "Tricktable" in bold with exactly that inked size at 1280×720."""
    for size in range(8, 120):
        if theme.font(size, True).render("Tricktable", True, theme.GOLD).get_bounding_rect().size == rect.size:
            return size
    raise AssertionError(f"no font size draws the title at {rect.size}")


@pytest.mark.slow
def test_words_at_4k_are_drawn_by_the_font_at_4k_not_blown_up_from_720p():
    small = app_at((1280, 720))
    base = title_rect(small)
    size = title_size(base)
    small.step(0)
    small_crop = small.picture(base.inflate(8, 8)).copy()

    big = app_at((3840, 2160))
    assert title_rect(big).inflate(4, 4).contains(base)  # the same place in base coordinates
    big.step(0)
    crop = big.picture(base.inflate(8, 8)).copy()
    rect, soft = inked(crop, theme.BG, theme.GOLD)

    words = theme.font(size * 3, True).render("Tricktable", True, theme.GOLD)
    direct = pygame.Surface(words.get_size())
    direct.fill(theme.BG)
    direct.blit(words, (0, 0))
    direct_rect, direct_soft = inked(direct, theme.BG, theme.GOLD)
    blown_up = pygame.transform.smoothscale(small_crop, crop.get_size())
    _, blown_soft = inked(blown_up, theme.BG, theme.GOLD)

    print(f"inked {rect.size} vs the font at 3x {direct_rect.size}; soft edge {soft:.3f}, "
          f"font at 3x {direct_soft:.3f}, 720p blown up {blown_soft:.3f}")
    assert abs(rect.height - direct_rect.height) <= 2 and abs(rect.width - direct_rect.width) <= 3
    assert abs(soft - direct_soft) <= 0.25 * direct_soft
    assert soft < 0.6 * blown_soft


def test_a_picture_drawn_again_at_3x_equals_its_commands_drawn_at_3x():
    app_at((1280, 720))
    picture = Picture((120, 60))
    theme.panel(picture, picture.get_rect(), fill=(10, 30, 24, 235))
    theme.blit_text(picture, "Anna", 22, (12, 8), theme.INK, True)
    big = picture.at(3)
    assert big.get_size() == (360, 180)
    by_hand = pygame.Surface((360, 180), pygame.SRCALPHA)
    pygame.draw.rect(by_hand, (10, 30, 24, 235), (0, 0, 360, 180), border_radius=36)
    pygame.draw.rect(by_hand, theme.PANEL_EDGE, (0, 0, 360, 180), 6, border_radius=36)
    name = theme.words_at("Anna", 22, theme.INK, True, 3, theme.text("Anna", 22, theme.INK, True).get_width())
    spot = pygame.Rect(36, 24, *(s * 3 for s in theme.text("Anna", 22, theme.INK, True).get_size()))
    by_hand.blit(name, name.get_rect(midleft=spot.midleft))  # blit_text keeps its anchor's edge
    assert pygame.image.tobytes(big, "RGBA") == pygame.image.tobytes(by_hand, "RGBA")


# --- only what changed is drawn, and the result is the whole picture ----------------------------------
def whole_frame(app):
    """The last frame's commands all drawn afresh into a new surface."""
    surface = pygame.Surface(app.window.get_size())
    surface.fill((0, 0, 0))
    draw_into(surface, app.canvas.area, app.canvas.last)
    surface.set_clip(None)
    return surface


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1920, 1080), (1000, 900)])
def test_frames_drawn_from_what_changed_equal_the_whole_picture(size, tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    app = app_at(size)
    app.settings.speed = "normal"
    app.new_game("mlut", snapshot.seats_for(4, {0}))
    director = snapshot.Director(app, 3)
    partial = 0
    for frame in range(240):
        scene = app.scene
        if frame % 20 == 10 and getattr(scene, "idle", False):
            director.person_move(scene)
        if frame % 7 == 3:  # the mouse moves over the hand: cards rise and fall
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.letterbox.to_window(
                (300 + 13 * frame % 700, 640)), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(FRAME)
        assert isinstance(app.canvas, Canvas)
        drawn = app.canvas.dirty
        if sum(r.width * r.height for r in drawn) < app.canvas.area.width * app.canvas.area.height:
            partial += 1
        if frame % 3 == 0:
            whole = whole_frame(app)
            assert pygame.image.tobytes(app.window, "RGB") == pygame.image.tobytes(whole, "RGB"), frame
    assert partial > 100  # most frames drew only a part of the picture


def test_a_change_of_order_alone_is_drawn_again():
    """Two cards that swap which lies on top: the same commands in another order."""
    a = (("blit", 1), pygame.Rect(0, 0, 50, 50), None, None, None, None)
    b = (("blit", 2), pygame.Rect(30, 30, 50, 50), None, None, None, None)
    c = (("blit", 3), pygame.Rect(200, 200, 10, 10), None, None, None, None)
    assert changed_rects([a, b, c], [a, b, c]) == []
    changed = changed_rects([a, b, c], [b, a, c])
    overlap = a[1].clip(b[1])
    assert changed and any(r.contains(overlap) for r in changed)
    assert all(not r.colliderect(c[1]) for r in changed)


def test_the_mapping_puts_base_rects_edge_to_edge():
    m = Mapping(1.5, (0, 60))
    left, right = m.rect((0, 0, 7, 10)), m.rect((7, 0, 7, 10))
    assert left.right == right.left and m.rect((0, 0, 1280, 720)) == pygame.Rect(0, 60, 1920, 1080)


# --- clicks land where they point -------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_click_by_mouse_events_plays_the_card_under_the_pointer(size, tmp_path, monkeypatch):
    monkeypatch.setenv("TRICKTABLE_DATA", str(tmp_path))
    app = app_at(size)
    app.new_game("mlut", snapshot.seats_for(4, {0}))
    assert snapshot.Director(app, 5).run_until(snapshot.person_to("play"))
    screen = app.scene
    screen.settle_viewer()
    app.step(FRAME)
    legal = screen.session.state.legal_actions()
    action = legal[len(legal) // 2]
    card = action[1]
    rect = screen.targets[f"card:{card}"]  # the part of the card no neighbour covers
    point = app.letterbox.to_window(rect.center)
    before = len(screen.session.state.hands[0])
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=point, **extra))
        app.step(FRAME)
    for _ in range(5):
        app.step(FRAME)
    hand = screen.session.state.hands[0]
    assert len(hand) == before - 1 and card not in hand, (size, card, rect, point)


# --- nothing blown up ---------------------------------------------------------------------------------
def test_the_busy_table_at_4k_draws_every_sprite_at_4k():
    from bench.frames import busy_table
    app = App(Settings(speed="normal", bot_delay=0.7, seed=11, window_size=(3840, 2160)))
    table, restart = busy_table(app)
    before = canvas.fallbacks[0]
    for _ in range(90):
        restart()
        app.step(FRAME)
    assert canvas.fallbacks[0] == before


def test_a_frame_pulsing_round_a_big_panel_draws_only_the_frame_again():
    app_at((1280, 720))  # the display and the fonts
    window = pygame.Surface((1920, 1080))
    last, areas = None, []
    for colour in ((170, 120, 20), (250, 200, 60), (250, 200, 60)):
        frame = Canvas(window, (1280, 720), pygame.Rect(0, 0, 1920, 1080))
        frame.last = last
        frame.fill(theme.BG)
        theme.panel(frame, pygame.Rect(100, 100, 600, 400))
        frame.blit(theme.text("Inside the panel", 24), (200, 250))
        paint.rect(frame, colour, pygame.Rect(97, 97, 606, 406), 4, border_radius=14)
        areas.append(sum(r.width * r.height for r in frame.flush()))
        last = frame.last
        whole = pygame.Surface((1920, 1080))
        draw_into(whole, pygame.Rect(0, 0, 1920, 1080), last)
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB")
    panel = 909 * 609  # the frame's rect at 1.5×
    assert areas[0] == 1920 * 1080 and 0 < areas[1] < 0.2 * panel and areas[2] == 0, areas
