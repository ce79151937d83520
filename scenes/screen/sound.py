"""Sound effects: the project's own WAVs (assets/sounds, made by tools/make_sounds.py), a volume and mute.

Without an audio device (a server, CI, a laptop whose sound is busy) the game runs silently: every
call still works and does nothing.
"""

import pygame

from scenes.screen.theme import ASSETS

SOUND_DIR = ASSETS / "sounds"  # an importlib.resources Traversable: works from a wheel or a zip too
NAMES = ("play", "deal", "take", "shuffle", "win", "refuse", "turn", "reveal", "cheer")


class Sound:
    """The mixer starts on first use (or ``warm()``), not at construction: opening an audio device
    can take a noticeable moment, and the first menu frame should not wait for it."""

    def __init__(self, volume=0.7, muted=False):
        self.volume = volume
        self.muted = muted
        self.sounds = {}
        self._enabled = None  # not tried yet

    @property
    def enabled(self):
        if self._enabled is None:
            self._enabled = self._start_mixer()
        return self._enabled

    def warm(self):
        """Open the device and load the effects now (the app calls it after the first frame)."""
        return self.enabled

    def _start_mixer(self):
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                with (SOUND_DIR / f"{name}.wav").open("rb") as wav:
                    self.sounds[name] = pygame.mixer.Sound(file=wav)
        except (pygame.error, FileNotFoundError, OSError):
            self.sounds = {}
            return False
        return True

    def play(self, name):
        """Plays a named effect; returns whether anything was played (for tests)."""
        if self.muted or self.volume <= 0 or not self.enabled:
            return False
        effect = self.sounds.get(name)
        if effect is None:
            return False
        try:
            effect.set_volume(self.volume)
            effect.play()
        except pygame.error:  # a device that went away mid-game: stay silent, keep playing
            return False
        return True

    def configure(self, volume, muted):
        self.set_volume(volume)
        self.muted = bool(muted)

    def set_volume(self, volume):
        self.volume = max(0.0, min(1.0, volume))

    def toggle_mute(self):
        self.muted = not self.muted
