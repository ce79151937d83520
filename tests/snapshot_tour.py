"""The snapshot tour (tools.snapshot) played once per language for the whole test run, with the layout
guard recording: the layout guard's tests read what it found at each window size, the snapshot tests
read the pictures it saved. Playing the tour is most of what those tests cost, so it is played once
per language, at the base size; each moment is drawn again there and then at the other window sizes
(layout_guard.drawn_at_sizes), as if the tour had been played at each.

conftest.py makes ``snapshot_tours`` of it: a session fixture, ``snapshot_tours(lang)`` -> a Tour.
"""

from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from scenes.screen.layout_guard import drawn_at_sizes, recording, seen
from tools import snapshot

BASE = "1280x720"
# The base size (drawn straight into the window), a laptop, a 4K TV and an odd shape (bars above and
# below, drawn smaller): at each the words are rendered at the window's own pixels (issue 31). German and
# Dutch words run longer: every moment again in each (issue 32), at the base size, where a word's room is
# what the layout gives it, and at 4K, where the sofa reads it (issue 41: words read during play are
# at least 16 px at the base size, 48 px at 4K, in every language).
SIZES = {"en": [BASE, "1920x1080", "3840x2160", "1000x900"], "de": [BASE, "3840x2160"], "nl": [BASE, "3840x2160"]}


def pixels(size):
    return tuple(int(n) for n in size.split("x"))


@dataclass
class Tour:
    lang: str
    folder: Path  # the pictures of its moments (English only), NAME.png at the base size
    returned: int = None  # what tools.snapshot.main returned
    found: dict = field(default_factory=dict)  # {size: {moment: (problems, cut words, words drawn)}}


def play(lang, folder, data, pictures):
    """The tour in LANG, played at the base size with the guard on; every moment checked at each of
    SIZES[lang], and (PICTURES) saved as a PNG in FOLDER. Games are kept in DATA."""
    sizes = SIZES[lang]
    tour = Tour(lang, Path(folder), found={size: {} for size in sizes})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TRICKTABLE_DATA", str(data))
        guards = []

        def init(self, out, seed, size=(1280, 720), lang="en", real=snapshot.Shooter.__init__):
            real(self, out, seed, size, lang)
            context = recording(self.app)
            guards.append(context)
            self.guard = context.__enter__()

        def save(self, name, frames=1, dt=0.0):
            for _ in range(frames - 1):
                self.app.step(dt)
            self.guard.frame()
            self.app.step(dt)
            tour.found[BASE][name] = seen(self.guard)
            path = self.out / f"{name}.png"
            if pictures:
                pygame.image.save(self.app.picture(), str(path))
            again = drawn_at_sizes(self.app, self.guard, [pixels(size) for size in sizes[1:]])
            for size in sizes[1:]:
                tour.found[size][name] = again[pixels(size)]
            self.saved.append(path)

        mp.setattr(snapshot.Shooter, "__init__", init)
        mp.setattr(snapshot.Shooter, "save", save)
        tour.returned = snapshot.main(["--out", str(folder), "--size", BASE, "--lang", lang])
        for context in guards:
            context.__exit__(None, None, None)
    return tour


def tours(tmp_path_factory):
    """tours(lang): the Tour of LANG, played when first asked for."""
    played = {}

    def of(lang):
        if lang not in played:
            played[lang] = play(lang, tmp_path_factory.mktemp(f"shots-{lang}"), tmp_path_factory.mktemp("data"),
                                pictures=lang == "en")
        return played[lang]
    return of
