"""Every text the screens draw is cut before it is measured or rendered: an 8 MB value from a file
(a name, a reason) costs what a short line does, and never ends in pygame.error (issue 28: a 1 MB
value made a click take 3.1 s and 3 GB; an 8 MB one crashed)."""

import time
import tracemalloc

import pygame
import pytest

from scenes.screen import theme, widgets

HUGE = "W" * (8 << 20)
WORDS = "word " * (2 << 20)
MEMORY_CAP = 64 << 20  # bytes Python may hold at the peak of one call, the 8 MB text included


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    return pygame.Surface((1280, 720))


def measured(fn):
    """(seconds, peak bytes) of one call."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    try:
        fn()
    finally:
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return seconds, peak


@pytest.mark.parametrize("text", [HUGE, WORDS], ids=["one 8 MB word", "2 million words"])
def test_huge_text_is_drawn_cut_quickly_and_in_bounded_memory(surface, text):
    calls = {
        "blit_text": lambda: theme.blit_text(surface, text, 22, (10, 10)),
        "outlined": lambda: theme.outlined(text, 22, theme.INK, theme.INK_DARK),
        "fit": lambda: theme.fit(text, 22, 300),
        "wrap": lambda: [theme.blit_text(surface, line, 22, (10, 10)) for line in theme.wrap(text, 22, 1160)[:2]],
        "button": lambda: theme.button(surface, pygame.Rect(10, 10, 300, 50), text),
        "tooltip": lambda: widgets.tooltip(surface, text, (100, 100)),
    }
    for name, call in calls.items():
        seconds, peak = measured(call)
        assert seconds < 2.0, (name, seconds)  # loosely: the uncut text took seconds, or crashed
        assert peak < MEMORY_CAP, (name, peak)


def test_a_cut_text_keeps_its_start_and_says_it_was_cut():
    assert theme.bounded("abc") == "abc"
    cut = theme.bounded("x" * 10_000)
    assert cut.startswith("x" * 100) and cut.endswith("…") and len(cut) == theme.TEXT_LIMIT + 1
    assert len(theme.wrap(WORDS, 22, 1160)) < 200
