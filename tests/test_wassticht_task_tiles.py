"""Was sticht?'s task draft: every task's words whole on its tile, in every language the app speaks, at
no less than sofa size; a tile too small for its words tells the layout guard it cut them."""

import pygame
import pytest

from game import i18n
from game.games.wassticht.rules import TASK_IDS
from scenes.boards.wassticht import common
from scenes.boards.wassticht.tasks import TILE
from scenes.screen import theme


@pytest.fixture
def drawing():
    """A display, and a guard listening to what the drawing helpers say was cut (theme.left_out)."""
    pygame.init()
    pygame.display.set_mode((8, 8))
    told = []

    class Listener:
        def was_cut(self, words):
            told.append(words)

        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    before = theme.guard
    theme.guard = Listener()
    yield told
    theme.guard = before
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_task_is_whole_on_the_draft_tile_free_or_taken(drawing, lang):
    i18n.set_language(lang)
    common._sprites.clear()
    for task in TASK_IDS:
        common.task_tile(task, TILE)
        common.task_tile(task, TILE, 3, "Maximiliane", dim=True)
    assert drawing == [], drawing


def test_a_tile_too_small_for_its_words_tells_the_guard_even_from_the_cache(drawing):
    common._sprites.clear()
    common.task_tile("T22", (150, 80))
    common.task_tile("T22", (150, 80))  # drawn again from the cache: told again
    assert len(drawing) >= 2 and all(words.endswith("…") for words in drawing), drawing
    size, _bold, _lines = common._wording_lines("word " * 60, 150, 80, 8, pygame.Rect(110, 6, 32, 32), 17)
    assert size == theme.READABLE  # cut only at sofa size, never smaller
