"""The window fits the desktop: a --size larger than the screen makes the largest window of its shape
that fits, and back from full screen (F11) the window is that size again and centred."""

import warnings

import pygame
import pytest

from app_driver import FRAME, launch, press


def launch_in(monkeypatch, tmp_path, *argv):
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    return launch(*argv)


def a_desktop(monkeypatch, size):
    """As on a real display of that size (the dummy driver itself has no desktop)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


def f11(app):
    press(app, pygame.K_F11)


@pytest.mark.parametrize("wanted,desktop,window", [
    ((1920, 1080), (1600, 900), (1600, 900)),   # the same shape, as large as fits
    ((1920, 1200), (1600, 900), (1440, 900)),   # taller: the height decides, the shape stays
    ((3000, 1000), (1600, 900), (1600, 533)),   # wider: the width decides
    ((1024, 600), (1600, 900), (1024, 600)),    # it fits: as asked
])
def test_size_flag_larger_than_the_desktop_makes_a_window_that_fits(monkeypatch, tmp_path, wanted, desktop,
                                                                     window):
    a_desktop(monkeypatch, desktop)
    app = launch_in(monkeypatch, tmp_path, "--size", f"{wanted[0]}x{wanted[1]}")
    app.step(FRAME)
    assert pygame.display.get_surface().get_size() == window
    f11(app)
    f11(app)  # full screen and back: the window fits again
    assert not app.settings.fullscreen and pygame.display.get_surface().get_size() == window
    assert app.letterbox.window == window


def window_position():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_f11_back_from_full_screen_centres_the_window(monkeypatch, tmp_path):
    monkeypatch.delenv("SDL_VIDEO_CENTERED", raising=False)
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    app = launch_in(monkeypatch, tmp_path, "--size", "800x450")
    app.step(FRAME)
    desktop = pygame.display.get_desktop_sizes()[0]
    centre = ((desktop[0] - 800) // 2, (desktop[1] - 450) // 2)
    window_position().position = (10, 20)  # where it was left (no window manager puts it back)
    f11(app)
    assert app.settings.fullscreen
    f11(app)
    assert not app.settings.fullscreen and pygame.display.get_surface().get_size() == (800, 450)
    assert window_position().position == centre
    f11(app)  # window to full screen and back once more: still centred
    f11(app)
    assert window_position().position == centre
