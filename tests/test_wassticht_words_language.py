"""Was sticht? boards in the language now (issue 32): pictures with words drawn in are made again
when the language changes, and English comes out as it always did."""

import pygame
import pytest

from game import i18n
from game.games.wassticht.rules import TRUMP_COMBOS
from scenes.boards.wassticht import common, notepad


@pytest.fixture
def display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield
    i18n.set_language("en")


def test_trump_words_in_english_as_before():
    assert common.trump_words(None, None) == "no trump at all"
    assert common.trump_words("R", 7) == "red and 7s"
    assert common.trump_words("R", None) == "red and no trump number"
    assert common.trump_words(None, 7) == "no trump colour and 7s"


def test_the_notepad_chips_in_english_as_before():
    everything = list(TRUMP_COMBOS)
    assert notepad.chips(everything) == ("Colour: anything so far", "Number: anything so far")
    assert notepad.chips([("R", 3), (None, 7)]) == ("Colour: red or none", "Number: 3 or 7")


def test_whose_tasks_in_english_as_before():
    assert common.whose_tasks(["Anna"]) == "Anna's task"
    assert common.whose_tasks(["You"]) == "your task"
    assert common.whose_tasks(["Anna", "Ben", "You"]) == "Anna's, Ben's and your tasks"
    assert common.whose_tasks(["Anna", "Ben"], joiner=", ".join) == "Anna's, Ben's tasks"


def test_pictures_with_words_are_made_again_in_a_new_language(display):
    notepad._cache.clear()  # the cache starts over when full: earlier tests' pictures could empty it midway
    possible = [list(c) for c in TRUMP_COMBOS[:12]]
    english = (notepad.panel(possible), common.trump_card("number", 7), common.task_tile("T07", (196, 116)))
    assert notepad.panel(possible) is english[0]  # the same language: the cached picture
    i18n.set_language("de")
    german = (notepad.panel(possible), common.trump_card("number", 7), common.task_tile("T07", (196, 116)))
    assert all(g is not e for g, e in zip(german, english))
    i18n.set_language("en")
    assert notepad.panel(possible) is english[0]
