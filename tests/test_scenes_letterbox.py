"""Fitting the 1280×720 picture into any window, and mapping the mouse back."""

import pytest

from scenes.screen.letterbox import Letterbox

LOGICAL = (1280, 720)


def test_same_size_is_identity():
    box = Letterbox(LOGICAL, (1280, 720))
    assert box.identity and box.scale == 1
    assert box.to_logical((100, 200)) == (100, 200)


def test_wider_window_gets_bars_left_and_right():
    box = Letterbox(LOGICAL, (1920, 720))
    assert box.size == (1280, 720) and box.offset == (320, 0)
    assert box.to_logical((320, 0)) == (0, 0)
    assert box.to_logical((1599, 719)) == (1279, 719)


def test_taller_window_gets_bars_above_and_below():
    box = Letterbox(LOGICAL, (1280, 1024))
    assert box.size == (1280, 720) and box.offset == (0, 152)
    assert box.to_logical((640, 152 + 360)) == (640, 360)


def test_scaled_up_full_hd():
    box = Letterbox(LOGICAL, (1920, 1080))
    assert box.scale == pytest.approx(1.5) and box.offset == (0, 0)
    assert box.to_logical((960, 540)) == (640, 360)
    assert box.to_logical((1919, 1079)) == (1279, 719)


def test_scaled_down_small_window():
    box = Letterbox(LOGICAL, (640, 480))
    assert box.size == (640, 360) and box.offset == (0, 60)
    x, y = box.to_logical((320, 240))  # one window pixel covers 2×2 logical ones
    assert (x - 640, y - 360) in {(0, 0), (1, 1)}


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (1300, 900), (2560, 1080), (3000, 2000)])
def test_round_trip_lands_on_the_same_logical_pixel(window):
    box = Letterbox(LOGICAL, window)
    for pos in [(0, 0), (1279, 719), (640, 360), (17, 700), (1200, 3)]:
        assert box.to_logical(box.to_window(pos)) == pos


@pytest.mark.parametrize("window", [(1000, 900), (800, 600), (333, 777)])
def test_round_trip_in_a_smaller_window_is_off_by_less_than_a_window_pixel(window):
    box = Letterbox(LOGICAL, window)
    slack = 1 / box.scale
    for pos in [(0, 0), (1279, 719), (640, 360), (17, 700), (1200, 3)]:
        back = box.to_logical(box.to_window(pos))
        assert abs(back[0] - pos[0]) <= slack and abs(back[1] - pos[1]) <= slack


def test_clicks_on_the_bars_fall_outside_the_picture():
    box = Letterbox(LOGICAL, (1920, 720))
    assert not box.inside(box.to_logical((100, 300)))
    assert not box.inside(box.to_logical((1900, 300)))
    assert box.inside(box.to_logical((960, 360)))


def test_resize_recomputes():
    box = Letterbox(LOGICAL, (1280, 720))
    box.resize((2560, 1440))
    assert box.scale == 2 and box.to_logical((2, 2)) == (1, 1)
