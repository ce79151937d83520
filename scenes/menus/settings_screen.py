"""The settings screen, and how settings travel between runs.

At start the saved settings are loaded from the user's config folder and the command line's flags are
laid over them for that run only; every change on this screen (or a started game's seats) is saved
at once. An app without a config folder (tests, snapshots) saves nothing.
"""

import dataclasses

import pygame

from scenes.screen import paint

from game import game_info
from game import i18n
from game.i18n import N_, _, pgettext
from kept.storage import config_dir
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.base import Scene
from scenes.screen.forced import FORCED_SETTING
from scenes.screen.log import colour_words
from scenes.screen.settings import (BOT_DELAYS, SEAT_KINDS, SPEED_ORDER, TEACH_MODES, Settings, load_settings,
                                    save_settings)

# Command-line flags that override a saved setting for one run.
FLAG_KEYS = {"--speed": "speed", "--bot-delay": "bot_delay", "--fullscreen": "fullscreen", "--lang": "language"}
VOLUME_STEP = 0.1
PREVIEW = [f"{colour}{number}" for colour, number in zip(cards.SUITS, (7, 3, 11, 5))]  # a card of each colour
# The rows' tops: three sections of the screen, everything inside 1280x720 with the Back button on top.
ROW_H = 42
SEATS_WORDS = 520  # the remembered seats' words, between their label's column and the Forget button
ROWS = (122, 172, 222, 306, 356, 406, 486, 536, 586, 636)
# The table assists: the target, its label and what it does (a settings field per target).
ASSISTS = (("cards_out", N_("Cards still out"), N_("per colour, what the others may still hold")),
           ("auto_play", FORCED_SETTING, N_("alone it plays itself; in hot seat it rises for your click")),
           ("skip_confirm", N_("Skip confirm steps"), N_("a buy, a bury or a bid acts at the first click")))
ASSIST_FIELDS = {"cards_out": "cards_out", "auto_play": "auto_play", "skip_confirm": "skip_confirm"}
# Teach mode's choices: a one-line reminder beside each rule the first time it applies in a game.
TEACH_WORDS = {"first": N_("First games"), "always": N_("Always"), "off": N_("Off")}
SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
LANGUAGE_BUTTON_W = 174  # each language's button, top right, named in its own language
TITLE_X = (226 + 1244 - 3 * LANGUAGE_BUTTON_W) // 2  # the title's middle, between Back and the languages
FOCUS_KEYS = {pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}


# --- between runs ----------------------------------------------------------------------------------
def given_keys(argv):
    """The settings the command line named explicitly (``--speed fast`` or ``--speed=fast``)."""
    keys = set()
    for word in argv:
        flag = word.split("=", 1)[0]
        if flag in FLAG_KEYS:
            keys.add(FLAG_KEYS[flag])
    return keys


def startup_settings(args, argv):
    """(settings, message, folder, overrides): the saved settings from the config folder, then this
    run's flags over them. ``overrides`` maps each flagged key to (flag value, saved value), so saving
    keeps the saved one. A folder that cannot be used means defaults, nothing saved, and a message."""
    try:
        folder = config_dir()
        settings, message = load_settings(folder)
    except OSError as error:
        folder, settings = None, Settings()
        message = _("The settings folder cannot be used ({error}); defaults for now.").format(
            error=error.strerror or error)
    settings.window_size, settings.fps, settings.seed = args.size, args.fps, args.seed
    overrides = {}
    for key in given_keys(argv):
        overrides[key] = (getattr(args, key), getattr(settings, key))
        setattr(settings, key, getattr(args, key))
    return settings, message, folder, overrides


def persist(app):
    """Save the app's settings if it has a config folder; returns an error message or ""."""
    folder = getattr(app, "config_folder", None)
    if folder is None:
        return ""
    settings = app.settings
    demo = getattr(app, "demo", None)
    if demo is not None and demo.saved_settings is not None:
        settings = demo.saved_settings  # the demo's own pace is never saved
    kept = {}
    for key, (flag_value, saved_value) in getattr(app, "overrides", {}).items():
        if getattr(settings, key) == flag_value:  # unchanged since the flag set it: keep the file's
            kept[key] = saved_value
    try:
        save_settings(folder, dataclasses.replace(settings, **kept))
    except OSError as error:
        return _("Settings could not be saved ({error}).").format(error=error.strerror or error)
    return ""


def apply_settings(app):
    """Make the sound, the card faces and the language follow the settings."""
    sound = getattr(app, "sound", None)
    if sound is not None:
        sound.configure(app.settings.volume, app.settings.muted)
    cards.set_symbols(app.settings.colour_symbols)
    if i18n.set_language(app.settings.language or i18n.system_language()):
        app.language_changed()


# --- the seats the setup remembers -----------------------------------------------------------------
def remember_seats(app, game_id, rows, count):
    """Keep the seats of a started game in the settings (saved for the next run)."""
    app.settings.default_seats[game_id] = [{"name": n, "kind": k, "bot": b} for n, k, b in rows[:count]]
    persist(app)


def remembered_seats(settings, game_id, levels, fill):
    """(rows, count) saved for this game over the ``fill`` rows, or None when nothing usable is saved.
    Checked value by value: a hand-edited file must not break the setup."""
    saved = settings.default_seats.get(game_id)
    if not isinstance(saved, list) or len(saved) not in game_info(game_id).player_counts:
        return None
    names = {n for _, n in levels}
    rows = [list(row) for row in fill]
    for i, seat in enumerate(saved):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str) or not seat["name"].strip():
            return None
        kind, bot = seat.get("kind"), seat.get("bot")
        if kind not in SEAT_KINDS:
            return None
        rows[i] = [seat["name"][:14], kind, bot if bot in names else rows[i][2]]
    return rows, len(saved)


# --- the screen ------------------------------------------------------------------------------------
class SettingsScene(Scene):
    """One row per setting; a click changes it and saves at once. Esc or Back returns."""

    def __init__(self, app):
        super().__init__(app)
        self.message = ""
        self.focus = None  # the target the keyboard has reached (None until an arrow or Tab)

    # --- input -------------------------------------------------------------------------------------
    def click(self, name):
        kind, _, arg = name.partition(":")
        s = self.app.settings
        if kind == "speed":
            s.speed = arg
        elif kind == "pace":
            s.bot_delay = float(arg)
        elif kind == "volume":
            s.volume = round(max(0.0, min(1.0, s.volume + VOLUME_STEP * int(arg))), 2)
        elif kind == "mute":
            s.muted = not s.muted
        elif kind == "fullscreen":
            self.app.toggle_fullscreen()
        elif kind == "symbols":
            s.colour_symbols = not s.colour_symbols
        elif kind == "teach":
            s.teach_mode = arg
        elif kind == "language":
            s.language = arg
        elif kind in ASSIST_FIELDS:
            setattr(s, ASSIST_FIELDS[kind], not getattr(s, ASSIST_FIELDS[kind]))
        elif kind == "forget":
            s.default_seats.clear()
            self.app.setups.clear()
            self.app.setup_counts.clear()
        elif kind == "back":
            self.back()
            return
        else:
            return
        self.changed(kind)

    def changed(self, kind):
        apply_settings(self.app)
        if kind in ("volume", "mute"):
            self.app.sound.play("play")  # let the person hear the new volume
        self.message = persist(self.app)

    def back(self):
        self.app.pop()

    # --- keyboard: Up/Down (or Tab) move between the buttons, Enter or Space presses one --------------
    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key in FOCUS_KEYS:
            self.move_focus(FOCUS_KEYS[event.key] * (-1 if event.mod & pygame.KMOD_SHIFT else 1))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus in self.targets:
                self.click(self.focus)
        else:
            super().handle(event)

    def move_focus(self, step):
        order = [name for name in self.targets if name not in ("back",)] + ["back"]
        here = order.index(self.focus) if self.focus in order else -1
        self.focus = order[(here + step) % len(order)]

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Settings"), 44, (TITLE_X, 40), theme.GOLD, True, "center")
        theme.blit_text(surface, _("Changes are saved at once and used next time too"), 18, (640, 82),
                        theme.INK_DIM, False, "center")
        back = pygame.Rect(36, 20, 190, 48)
        theme.button(surface, back, _("Back (Esc)"), self.lit("back"), 22, "good")
        self.target("back", back)
        self.language_buttons(surface)
        s = self.app.settings
        self.section(surface, 102, _("Pace and sound"))
        self.choice_row(surface, ROWS[0], _("Animation speed"), "speed",
                        [(v, _(SPEED_WORDS[v])) for v in SPEED_ORDER], s.speed)
        self.choice_row(surface, ROWS[1], self.pace_words(), "pace",
                        [(f"{d:g}", _("{seconds} s").format(seconds=i18n.decimal(d)))
                         for d in BOT_DELAYS], f"{s.bot_delay:g}")
        self.volume_row(surface, ROWS[2])
        self.section(surface, 286, _("Screen and seats"))
        self.toggle_row(surface, ROWS[3], _("Full screen (F11)"), "fullscreen", s.fullscreen)
        self.toggle_row(surface, ROWS[4], _("Colour symbols on cards"), "symbols", s.colour_symbols)
        self.draw_preview(surface, ROWS[4])
        self.seats_row(surface, ROWS[5])
        self.section(surface, 466, _("Help at the table"))
        for y, (key, words, note) in zip(ROWS[6:], ASSISTS):
            self.toggle_row(surface, y, _(words), key, getattr(s, ASSIST_FIELDS[key]))
            note = _(note)
            size = theme.fitting_size(note, (18, 17, 16, 15, 14), 1244 - 660)
            theme.blit_text(surface, note, size, (660, y + ROW_H // 2), theme.INK_DIM, False, "midleft")
        self.choice_row(surface, ROWS[9], _("Teach mode"), "teach", [(m, _(TEACH_WORDS[m])) for m in TEACH_MODES],
                        s.teach_mode)
        if self.message:
            theme.blit_text(surface, self.message, 18, (640, 706), theme.WARN, True, "center")

    def language_buttons(self, surface):
        """English, Deutsch, Nederlands at the top right, each in its own language; the chosen one lit
        (the system's while none is chosen)."""
        chosen = self.app.settings.language or i18n.table_language()
        right = 1244
        for code, name in reversed(i18n.LANGUAGES.items()):
            rect = pygame.Rect(right - LANGUAGE_BUTTON_W, 20, LANGUAGE_BUTTON_W - 8, 48)
            theme.button(surface, rect, name, self.lit(f"language:{code}") or code == chosen, 22,
                         "good" if code == chosen else "normal")
            self.target(f"language:{code}", rect)
            right -= LANGUAGE_BUTTON_W

    def section(self, surface, y, words):
        drawn = theme.blit_text(surface, words, 19, (90, y), theme.GOLD, True, "midleft")
        paint.line(surface, theme.PANEL_EDGE, (drawn.right + 14, y), (1190, y), 1)

    def lit(self, name):
        """Hovered by the mouse or focused by the keyboard."""
        return self.hovering(name) or self.focus == name

    def pace_words(self):
        """The row's label; a pause none of the buttons offers (--bot-delay 0.2) is named there."""
        delay = self.app.settings.bot_delay
        if any(abs(delay - d) < 1e-9 for d in BOT_DELAYS):
            return _("Bot pause")
        return _("Bot pause: {seconds} s now").format(seconds=i18n.decimal(delay))

    def label(self, surface, y, words):
        theme.blit_text(surface, words, 23, (90, y + ROW_H // 2), theme.INK, True, "midleft")

    def choice_row(self, surface, y, words, key, choices, current):
        self.label(surface, y, words)
        for i, (value, shown) in enumerate(choices):
            rect = pygame.Rect(470 + i * 180, y, 164, ROW_H)
            chosen = value == current
            size = theme.fitting_size(shown, (22, 20, 18), rect.width - 16, True)  # longer words, smaller
            theme.button(surface, rect, shown, self.lit(f"{key}:{value}") or chosen, size,
                         "good" if chosen else "normal")
            self.target(f"{key}:{value}", rect)

    def volume_row(self, surface, y):
        s = self.app.settings
        self.label(surface, y, _("Sound volume"))
        for key, words, x in (("volume:-1", "−", 470), ("volume:1", "+", 834)):
            rect = pygame.Rect(x, y, 64, ROW_H)
            theme.button(surface, rect, words, self.lit(key), 28)
            self.target(key, rect)
        bar = pygame.Rect(548, y + 6, 276, 22)
        paint.rect(surface, (10, 30, 24), bar, border_radius=8)
        filled = bar.inflate(-6, -6)
        filled.width = round(filled.width * s.volume)
        if filled.width > 0:
            paint.rect(surface, theme.INK_DIM if s.muted else theme.GOLD, filled, border_radius=6)
        paint.rect(surface, theme.PANEL_EDGE, bar, 2, border_radius=8)
        theme.blit_text(surface, i18n.percent(s.volume), 18, (bar.centerx, bar.bottom + 10), theme.INK_DIM,
                        True, "center")
        mute = pygame.Rect(1010, y, 164, ROW_H)
        theme.button(surface, mute, _("Muted") if s.muted else _("Mute"), self.lit("mute") or s.muted, 22,
                     "good" if s.muted else "normal")
        self.target("mute", mute)

    def toggle_row(self, surface, y, words, key, on):
        self.label(surface, y, words)
        rect = pygame.Rect(470, y, 164, ROW_H)
        theme.button(surface, rect, pgettext("switch", "On") if on else pgettext("switch", "Off"), self.lit(key) or on,
                     22, "good" if on else "normal")
        self.target(key, rect)

    def draw_preview(self, surface, y):
        for k, card in enumerate(PREVIEW):
            surface.blit(cards.face(card, cards.PILE), (670 + k * 56, y - 9))
        theme.blit_text(surface, "  ".join(colour_words(card[0]) for card in PREVIEW), 17, (900, y + ROW_H // 2), theme.INK_DIM, False,
                        "midleft")

    def seats_row(self, surface, y):
        self.label(surface, y, _("Seat setup"))
        remembered = sorted(self.app.settings.default_seats)
        words = (_("remembers the last seats of each game") if not remembered else
                 _("remembered for: {games}").format(games=", ".join(self.app.title(g) for g in remembered)))
        size = theme.fitting_size(words, (19, 17), SEATS_WORDS)
        lines = [words] if theme.font(size).size(words)[0] <= SEATS_WORDS else theme.wrap(words, 16, SEATS_WORDS)
        size = size if len(lines) == 1 else 16
        for i, line in enumerate(lines[:2]):  # whole: every game's title, on two lines if need be
            middle = y + ROW_H // 2 + (i - (min(len(lines), 2) - 1) / 2) * 19
            theme.blit_text(surface, theme.fit(line, size, SEATS_WORDS), size, (470, middle), theme.INK_DIM, False,
                            "midleft")
        rect = pygame.Rect(1010, y, 164, ROW_H)
        theme.button(surface, rect, _("Forget"), self.lit("forget"), 22, enabled=bool(remembered))
        self.target("forget", rect)
