"""What the person can set for the app (not for a game): window, animation speed, bot pace.

Settings persist as JSON in the user's config folder; a broken file falls back to the defaults,
is kept beside as ``*.bad`` and the menu says so.
"""

import json
import os
from dataclasses import asdict, dataclass, field, fields

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
    volume: float = 0.7
    muted: bool = False
    colour_symbols: bool = True  # the symbol each colour carries, for colour-blind players
    default_seats: dict = field(default_factory=dict)  # per game: [{"name", "kind", "bot"}, ...]

    @property
    def speed_factor(self):
        return SPEEDS[self.speed]

    def next_speed(self):
        self.speed = SPEED_ORDER[(SPEED_ORDER.index(self.speed) + 1) % len(SPEED_ORDER)]

    def next_bot_delay(self):
        later = [d for d in BOT_DELAYS if d < self.bot_delay - 1e-9]
        self.bot_delay = later[0] if later else BOT_DELAYS[0]


# What is kept between runs; window size, fps and seed stay command-line matters.
SAVED = ("fullscreen", "speed", "bot_delay", "volume", "muted", "colour_symbols", "default_seats")
SETTINGS_FILE = "settings.json"


def _valid(name, value):
    checks = {
        "fullscreen": lambda v: isinstance(v, bool),
        "speed": lambda v: v in SPEEDS,
        "bot_delay": lambda v: type(v) in (int, float) and 0 <= v <= 10,
        "volume": lambda v: type(v) in (int, float) and 0 <= v <= 1,
        "muted": lambda v: isinstance(v, bool),
        "colour_symbols": lambda v: isinstance(v, bool),
        "default_seats": lambda v: isinstance(v, dict),
    }
    return checks[name](value)


def load_settings(folder, base=None):
    """(settings, message): the saved settings over ``base``; a broken file gives the defaults, is
    renamed to settings.json.bad and the message says so."""
    settings = base or Settings()
    path = os.path.join(folder, SETTINGS_FILE)
    if not os.path.exists(path):
        return settings, ""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        bad = [k for k in SAVED if k in data and not _valid(k, data[k])]
        if bad:
            raise ValueError(f"bad value for {bad[0]}")
    except (OSError, ValueError) as e:
        os.replace(path, path + ".bad")
        return settings, f"The settings file was broken ({e}); defaults are used and it was kept as {SETTINGS_FILE}.bad."
    for key in SAVED:
        if key in data:
            setattr(settings, key, data[key])
    return settings, ""


def save_settings(folder, settings):
    """Writes the kept settings atomically (temporary file, then rename)."""
    path = os.path.join(folder, SETTINGS_FILE)
    data = {k: v for k, v in asdict(settings).items() if k in SAVED}
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
    os.replace(tmp, path)


assert set(SAVED) <= {f.name for f in fields(Settings)}
