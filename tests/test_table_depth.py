"""The table with depth and faces (issue 41): a felt with grain at the window's own pixels, a fanned
hand, each seat its own colour (never a card's) on its box, under its trick card and on its log lines,
and an emblem per seat."""

import colorsys

import pygame
import pytest

from scenes.screen import canvas, cards, emblems, theme, widgets
from tools import snapshot

FRAME = 1 / 60


@pytest.fixture(autouse=True)
def _window():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def hue(colour):
    h, _, s = colorsys.rgb_to_hls(*(c / 255 for c in colour))
    return h * 360, s


def test_no_seat_colour_is_read_as_a_cards_colour():
    """A saturated seat colour stays 15 degrees of hue or more from every card's colour (the chart's light
    blue was the blue cards' own hue); a pale one (white) is no colour of a card at all."""
    for seat_colour in theme.PLAYER_COLOURS:
        h, s = hue(seat_colour)
        if s < 0.3:
            continue
        for card, colour in cards.COLOURS.items():
            gap = abs(h - hue(colour)[0])
            assert min(gap, 360 - gap) >= 15, (seat_colour, card, colour)


def test_every_seat_has_its_own_emblem_drawn_in_code():
    pictures = []
    for seat in range(6):
        surf = pygame.Surface((48, 48))
        surf.fill((0, 0, 0))
        emblems.draw(surf, seat, pygame.Rect(0, 0, 48, 48))
        pictures.append(pygame.image.tobytes(surf, "RGB"))
        assert surf.get_at((24, 3))[:3] == emblems.seat_colour(seat)  # the disc in the seat's colour
    assert len(set(pictures)) == 6
    assert emblems.name(0) == "sled dog" and emblems.name(1) == "dragon"  # the Tricks decks' pictures


def test_the_felt_has_grain_at_the_windows_own_pixels():
    """Drawn again for a 4K window, the felt changes from one window pixel to the next along a row (a
    cloth's grain), not in steps of the 1280×720 picture's pixels; and it is no flat colour."""
    felt = theme.felt()
    big = canvas.at(felt, 3.0)
    assert big.get_size() == (3840, 2160)
    row = [big.get_at((x, 300))[:3] for x in range(1500, 1800)]
    changes = sum(a != b for a, b in zip(row, row[1:]))
    assert changes > 150, changes
    patch = {felt.get_at((x, y))[:3] for x in range(600, 620) for y in range(600, 620)}
    assert len(patch) > 20, len(patch)


def test_the_log_says_each_name_in_its_seats_colour():
    purple = theme.PLAYER_COLOURS[1]
    box = widgets.LogBox()
    surf = box.render((236, 142), ["Ben plays red 8.", "Round 1 of 4: Anna deals."], {"Ben": purple, "Anna": (236, 140, 50)})
    seen = {surf.get_at((x, y))[:3] for x in range(0, 236) for y in range(widgets.LogBox.HEAD, widgets.LogBox.HEAD + 20)}
    assert purple in seen
    later = {surf.get_at((x, y))[:3] for x in range(0, 236) for y in range(widgets.LogBox.HEAD + 21, 142)}
    assert (236, 140, 50) not in later, "only a name a line starts with is coloured"


def table_at_the_persons_turn(players=6):
    from scenes.app import App
    from scenes.screen.settings import Settings
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    app.new_game("mlut", snapshot.seats_for(players, {0}))
    assert snapshot.Director(app, 3).run_until(snapshot.person_to("play", lambda t: len(t.state.trick) >= 2))
    app.step(FRAME)
    return app, app.scene


def test_each_seat_box_and_trick_name_wears_the_seats_colour_and_the_hand_is_fanned():
    app, table = table_at_the_persons_turn()
    board = table.board
    for seat in range(6):
        box = board.panel_surface(seat)
        assert box.get_at((7, box.get_height() // 2))[:3] == emblems.seat_colour(seat), seat  # its stripe
    picture = app.picture()
    for i, (seat, _) in enumerate(board.shown["trick"]):
        under = board.layout.trick_rect(i).midbottom
        spot = (under[0], under[1] + 14 - 10)  # the name's pill, over its words
        assert picture.get_at(spot)[:3] == emblems.seat_colour(seat), (seat, spot)
    drawn = []

    class Recorder:
        def blit(self, source, dest, *args, **kwargs):
            drawn.append(source.get_size())
    hand = board.hand_cards()
    for i, card in enumerate(hand):
        board.blit_hand_card(Recorder(), card, pygame.Rect(100, 100, *cards.HAND), i, len(hand), False)
    faces = drawn  # each card turned, with its shadow
    middle = faces[len(faces) // 2] if len(faces) % 2 else None
    assert faces[0][0] > faces[len(faces) // 2][0] or middle is None, "the outer cards are turned"
    assert faces[0] == faces[-1] and faces[0][0] > cards.HAND[0]
