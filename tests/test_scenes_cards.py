"""Card sprites: drawn once, told apart by shape as well as colour."""

import pygame
import pytest

from scenes.screen import cards


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))


def test_sprites_are_cached():
    assert cards.face("R10", cards.HAND) is cards.face("R10", cards.HAND)
    assert cards.back(cards.TRICK) is cards.back(cards.TRICK)
    assert cards.pile("G", 3) is cards.pile("G", 3)
    before = cards.cache_size()
    for _ in range(10):
        cards.face("R10", cards.HAND)
    assert cards.cache_size() == before


def test_sizes_match_the_request():
    assert cards.face("Y21", cards.TRICK).get_size() == cards.TRICK
    assert cards.face("B1", cards.HAND).get_size() == cards.HAND


def test_every_colour_has_its_own_symbol_shape():
    """Drawn in one and the same ink, the symbols still differ: colour-blind players can tell them."""
    masks = [pygame.mask.from_surface(cards.symbol(c, 48, (255, 255, 255), (255, 255, 255)))
             for c in "RGBYX"]
    for i in range(len(masks)):
        for j in range(i + 1, len(masks)):
            overlap = masks[i].overlap_area(masks[j], (0, 0))
            union = masks[i].count() + masks[j].count() - overlap
            assert 1 - overlap / union > 0.1  # at least a tenth of the ink differs


def test_dimmed_cards_are_darker():
    def brightness(surf):
        return sum(pygame.transform.average_color(surf)[:3])
    assert brightness(cards.dimmed("R5")) < 0.75 * brightness(cards.face("R5"))


def test_squeezed_sprites_narrow_and_are_cached():
    face = cards.face("G2")
    half = cards.squeezed(("face", "G2"), face, 0.5)
    assert half.get_width() == cards.HAND[0] // 2 and half.get_height() == cards.HAND[1]
    assert cards.squeezed(("face", "G2"), face, 0.5) is half
