"""Sound effects: the project's own WAVs (assets/sounds, made by make_sounds.py), a volume and mute.

Without an audio device (a server, CI, a laptop whose sound is busy) the game runs silently: every
call still works and does nothing.
"""

import pygame

from scenes.theme import ASSETS

SOUND_DIR = ASSETS / "sounds"
NAMES = ("play", "deal", "take", "shuffle", "win", "refuse")


class Sound:
    def __init__(self, volume=0.7, muted=False):
        self.volume = volume
        self.muted = muted
        self.sounds = {}
        self.enabled = self._start_mixer()

    def _start_mixer(self):
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                self.sounds[name] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav"))
        except (pygame.error, FileNotFoundError, OSError):
            self.sounds = {}
            return False
        return True

    def play(self, name):
        """Plays a named effect; returns whether anything was played (for tests)."""
        effect = self.sounds.get(name)
        if effect is None or self.muted or self.volume <= 0:
            return False
        effect.set_volume(self.volume)
        effect.play()
        return True

    def set_volume(self, volume):
        self.volume = max(0.0, min(1.0, volume))

    def toggle_mute(self):
        self.muted = not self.muted
