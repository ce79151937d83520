"""What the person can set for the app (not for a game): window, animation speed, bot pace.

Settings persist as JSON in the user's config folder. Loading never fails: each saved key is checked
on its own, a bad one falls back to its default while the good ones are kept, and the file is kept
beside as ``*.bad`` with a message for the menu; a file that cannot be used at all (not JSON, too
big, not a file) gives the defaults the same way.
"""

import json
import math
import os
import unicodedata
from dataclasses import asdict, dataclass, field, fields

from game import game_info, registered
from game.i18n import LANGUAGES, N_, _, listing
from game.bots import BOTS
from kept import files
from kept.files import Unreadable, atomic_write, is_regular

LOGICAL_SIZE = (1280, 720)

# Multipliers for every animation duration; "instant" makes tweens finish in their first update.
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
# The animation speeds' names as people read them (the keys stay as they are).
SPEED_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
TEACH_MODES = ("first", "always", "off")  # teach mode: a person's first game of each game, every game, never
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
    # Table assists. Counting cards is part of the skill of these games, so the count is an opt-in
    # help; playing a card that is the only legal one takes no skill, so that is on; a confirm step
    # guards against a slipped click on a buy or a bid, so skipping it is for those who ask.
    cards_out: bool = False
    auto_play: bool = True
    skip_confirm: bool = False
    teach_mode: str = "first"  # reminders of the rules as they come up: "first" game of each game, "always", "off"
    language: str = ""  # "en", "de", "nl"; "": the system's language (where it is one of them)

    @property
    def speed_factor(self):
        return SPEEDS[self.speed]

    def next_speed(self):
        self.speed = SPEED_ORDER[(SPEED_ORDER.index(self.speed) + 1) % len(SPEED_ORDER)]

    def next_bot_delay(self):
        later = [d for d in BOT_DELAYS if d < self.bot_delay - 1e-9]
        self.bot_delay = later[0] if later else BOT_DELAYS[0]


# What is kept between runs; window size, fps and seed stay command-line matters.
SAVED = ("fullscreen", "speed", "bot_delay", "volume", "muted", "colour_symbols", "default_seats",
         "cards_out", "auto_play", "skip_confirm", "teach_mode", "language")
SETTINGS_FILE = "settings.json"
# A settings file is a few hundred bytes; anything near this is not one.
SIZE_LIMIT = 1 << 20
# A settings object nests 4 deep; a value nested a few hundred deep is still one bad value to drop on
# its own (the other keys stay), deeper is a broken file. Far below where the parser could recurse.
JSON_DEPTH = 256
SEAT_NAME_LIMIT = 14  # as long as the setup lets a name be typed (scenes.menus.menu.NAME_LIMIT)
SEAT_KINDS = ("human", "bot", "phone")  # phone: a person playing from their own phone


# --- checking values -------------------------------------------------------------------------------
def speed_words(speed):
    """The animation speed's name as shown ("normal")."""
    return _(SPEED_WORDS[speed]) if speed in SPEED_WORDS else speed


def _number(value, low, high):
    """A real number in [low, high] as a float, or None; True is not a number, nor are NaN and inf."""
    if type(value) not in (int, float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float is out of range anyway
        return None
    return number if math.isfinite(number) and low <= number <= high else None


def _flag(value):
    return value if type(value) is bool else None


def _speed(value):
    return value if type(value) is str and value in SPEEDS else None


def seat_name_ok(name):
    """A name the setup can show: a short string with something visible, no control characters or
    lone surrogates (a font cannot draw those; a NUL cannot even be passed to it)."""
    if type(name) is not str or not 0 < len(name) <= SEAT_NAME_LIMIT:
        return False
    categories = [unicodedata.category(c) for c in name]
    if any(c in ("Cc", "Cs") for c in categories):
        return False
    return any(c[0] in "LNPS" or c == "Co" for c in categories)  # Co: private use, drawn as a box


def _seat(seat):
    """A saved seat as {"name", "kind", "bot"}, or None if any part of it is nonsense."""
    if type(seat) is not dict or not seat_name_ok(seat.get("name")):
        return None
    kind, bot = seat.get("kind"), seat.get("bot")
    if type(kind) is not str or kind not in SEAT_KINDS:
        return None
    if bot is None and kind != "bot":  # a person's seat (at the screen or on a phone) needs no bot
        return {"name": seat["name"], "kind": kind, "bot": None}
    if type(bot) is not str or bot not in BOTS:
        return None
    return {"name": seat["name"], "kind": kind, "bot": bot}


def _seats_of_game(game_id, seats):
    if type(seats) is not list or len(seats) not in game_info(game_id).player_counts:
        return None
    checked = [_seat(seat) for seat in seats]
    return None if None in checked else checked


def check_default_seats(value):
    """(the usable seat setups, whether anything was dropped): every game's entry on its own, so one
    broken game does not cost the others theirs. Unknown games are dropped."""
    if type(value) is not dict:
        return None, True
    kept, dropped = {}, False
    for game_id, seats in value.items():
        checked = _seats_of_game(game_id, seats) if game_id in registered() else None
        if checked is None:
            dropped = True
        else:
            kept[game_id] = checked
    return kept, dropped


_CHECKS = {"fullscreen": _flag, "speed": _speed, "bot_delay": lambda v: _number(v, 0, 10),
           "volume": lambda v: _number(v, 0, 1), "muted": _flag, "colour_symbols": _flag,
           "cards_out": _flag, "auto_play": _flag, "skip_confirm": _flag,
           "teach_mode": lambda v: v if v in TEACH_MODES else None,
           "language": lambda v: v if isinstance(v, str) and (v == "" or v in LANGUAGES) else None}


def check_saved(data):
    """(good values by key, bad keys) of a decoded settings object; keys not saved are ignored."""
    good, bad = {}, []
    for key in SAVED:
        if key not in data:
            continue
        if key == "default_seats":
            seats, dropped = check_default_seats(data[key])
            if seats is not None:
                good[key] = seats
        else:
            value = _CHECKS[key](data[key])
            dropped = value is None
            if not dropped:
                good[key] = value
        if dropped:
            bad.append(key)
    return good, bad


# --- the file --------------------------------------------------------------------------------------
def _decode(data):
    """The settings object in a file's bytes, read by the program's one JSON reader (kept.files);
    ValueError with a reason a person can follow."""
    if not data.strip():
        raise ValueError(_("it is empty"))
    try:
        value = files.parse_json(data, JSON_DEPTH)
    except Unreadable as error:
        reasons = {"text": N_("it is not text"), "deep": N_("it is nested too deeply"),
                   "large": N_("it is too large to read"), "number": N_("it holds a number too long to read")}
        if error.kind in reasons:
            raise ValueError(_(reasons[error.kind])) from None
        raise ValueError(_("it is not valid JSON, see line {line}").format(line=error.lineno)) from None
    if type(value) is not dict:
        raise ValueError(_("it is not a JSON object of named settings"))
    return value

def _set_aside(path):
    """Keep a regular file as *.bad; the words to add to the message."""
    try:
        os.replace(path, path + ".bad")
    except OSError as error:
        return " " + _("It could not be kept aside ({error}).").format(error=error.strerror or error)
    return " " + _("The file was kept as {name}.").format(name=f"{SETTINGS_FILE}.bad")


def load_settings(folder, base=None):
    """(settings, message): the saved settings over ``base`` (the defaults if None). Never raises for
    anything in the file: bad keys get their defaults and are named in the message, a file with any
    bad part is kept as settings.json.bad, and the good keys are saved again on their own."""
    settings = base or Settings()
    path = os.path.join(os.fspath(folder), SETTINGS_FILE)
    try:
        data = _decode(files.read_file(path, SIZE_LIMIT))
    except Unreadable as error:
        return _unusable(settings, path, error)
    except ValueError as error:
        return settings, _broken(error) + _set_aside(path)
    good, bad = check_saved(data)
    for key, value in good.items():
        setattr(settings, key, value)
    if not bad:
        return settings, ""
    if len(bad) == 1:
        message = _("The settings file had a bad value for {key}; it is back to its default.").format(key=bad[0])
    else:
        message = _("The settings file had bad values for {keys}; those are back to their defaults.").format(
            keys=listing(bad))
    message += _set_aside(path)
    if good and not os.path.exists(path):
        try:
            save_settings(folder, settings)  # the good keys, so the next start has them too
        except OSError:
            pass  # the next change on the settings screen tries again and says so
    return settings, message


def _unusable(settings, path, error):
    """(the defaults, the message) for a settings file the reader refused (kept.files.Unreadable): a
    file of ours that is broken is kept aside; a folder, a pipe, a device or a link loop is left alone."""
    if error.kind == "missing":
        return settings, ""
    if error.kind == "special" or not is_regular(path):
        reason = error.reason if error.errno is not None else _("it is {what}").format(what=error.reason)
        return settings, _("The settings file cannot be used ({reason}); the defaults are used.").format(reason=reason)
    if error.kind == "large":
        reason = _("it is over {size} MiB, far larger than settings can be").format(size=SIZE_LIMIT // (1 << 20))
        return settings, _broken(reason) + _set_aside(path)
    return settings, (_("The settings file cannot be read ({reason}); the defaults are used.").format(reason=error.reason)
                      + _set_aside(path))


def _broken(reason):
    return _("The settings file was broken ({reason}); the defaults are used.").format(reason=reason)


def save_settings(folder, settings):
    """Writes the kept settings atomically (temporary file, fsync, rename)."""
    path = os.path.join(os.fspath(folder), SETTINGS_FILE)
    data = {k: v for k, v in asdict(settings).items() if k in SAVED}
    atomic_write(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"))


assert set(SAVED) <= {f.name for f in fields(Settings)}
