"""What the person can set for the app (not for a game): window, animation speed, bot pace."""

from dataclasses import dataclass

LOGICAL_SIZE = (1280, 720)

# Multipliers for every animation duration; "instant" makes tweens finish in their first update.
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
BOT_DELAYS = (1.2, 0.7, 0.35, 0.0)  # the pace choices offered in the menu, seconds per bot move


@dataclass
class Settings:
    window_size: tuple = LOGICAL_SIZE
    fullscreen: bool = False
    fps: int = 60
    speed: str = "normal"
    bot_delay: float = 0.7
    seed: int | None = None  # None: every new game draws a fresh random seed

    @property
    def speed_factor(self):
        return SPEEDS[self.speed]

    def next_speed(self):
        self.speed = SPEED_ORDER[(SPEED_ORDER.index(self.speed) + 1) % len(SPEED_ORDER)]

    def next_bot_delay(self):
        later = [d for d in BOT_DELAYS if d < self.bot_delay - 1e-9]
        self.bot_delay = later[0] if later else BOT_DELAYS[0]
