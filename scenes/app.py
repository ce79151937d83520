"""The app: one window, one loop, one scene at a time.

Scenes lay out in base coordinates (1280×720); the picture is drawn at the window's own pixels, fitted
with bars where the shapes differ (``scenes.screen.canvas``); mouse positions are mapped back, so
scenes only ever see base coordinates. ``step(dt)`` is one frame
(events, update, draw); tests call it with a made-up dt instead of running the real clock.
"""

import argparse
import os
import statistics
import sys
import time
import traceback

import pygame

import game
from game import cli, game_info
from game.i18n import N_, _
from phone import DEFAULT_PORT
from scenes.screen import registry
from scenes.screen.demo import DemoMode
from scenes.screen import canvas
from scenes.screen.canvas import Canvas
from scenes.screen.letterbox import Letterbox
from scenes.menus.lesson import LessonDoneScene
from scenes.menus.menu import MenuScene, RulesScene, SetupScene
from scenes.screen.game_screen import GameScreen
from scenes.screen.notice import Notice
from scenes.screen.quit_ask import QuitAsk
from scenes.screen.session import Session
from scenes.screen.settings import LOGICAL_SIZE, SPEED_ORDER, Settings
from scenes.menus.settings_screen import SettingsScene, apply_settings, persist
from scenes.screen.sound import Sound
from kept import storage
from kept.stats import first_games

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
# The system lost what the window showed (another window lay over it, it was minimised): only the
# changed parts are sent each frame, so the next frame sends it all.
SHOW_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED)
# Keys that quit, as the close button does: Ctrl+Q, and Alt+F4 where no window manager takes it first.
QUIT_KEYS = ((pygame.K_q, pygame.KMOD_CTRL), (pygame.K_F4, pygame.KMOD_ALT))


# While a bot thinks in its thread, the drawing thread waits for the GIL up to one switch interval
# (5 ms by default) each time it wants it back; 1 ms keeps a frame well inside 1/60 s.
SWITCH_INTERVAL = 0.001
HEADLESS_DRIVERS = ("dummy", "offscreen")  # no desktop: what they report as one is made up


# Windows stretches the window of a program that does not say it knows the desktop's scale (a 150 %
# desktop): the picture, drawn at the window's pixels, would be blown up again by the system. Said per
# monitor (v2), the window's pixels are the screen's. Read by SDL when the display starts; a person's
# own setting of it wins.
DPI_HINTS = {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}


def dpi_aware():
    for name, value in DPI_HINTS.items():
        os.environ.setdefault(name, value)


def desktop_size():
    """The size of the desktop the window opens on, or None where there is no desktop to fit."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return None
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else None


def fitted(size, desktop):
    """The window size for a wanted size: as wanted when it fits the desktop, else the largest of the
    same shape that does (a window larger than the screen hangs off it)."""
    w, h = size
    if desktop is None or (w <= desktop[0] and h <= desktop[1]):
        return (w, h)
    scale = min(desktop[0] / w, desktop[1] / h)
    return (max(1, min(desktop[0], round(w * scale))), max(1, min(desktop[1], round(h * scale))))


def open_window(size, fullscreen):
    """Set the display mode: the desktop's full size, or a window of ``size`` fitted to the desktop and
    centred on it (also when coming back from full screen, where SDL would put it at its old offset,
    off the screen when there is no window manager to place it). A position the person set with
    SDL_VIDEO_WINDOW_POS is left alone."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    if "SDL_VIDEO_WINDOW_POS" not in os.environ:
        os.environ["SDL_VIDEO_CENTERED"] = "1"  # read by pygame's set_mode each time it is called
    return pygame.display.set_mode(fitted(size, desktop_size()), pygame.RESIZABLE)


# SDL sends the window's pixels to the screen either through the graphics card (a texture: the
# usual way on Linux and macOS) or by the system's own copy (X11's shared memory, Windows' GDI). With a
# graphics card the first is fast; without one (software OpenGL, as on a machine with no GPU or a
# virtual screen) sending one 4K frame took 40-60 ms here, where the system's copy took under 1 ms.
ACCELERATION = "SDL_FRAMEBUFFER_ACCELERATION"
SLOW_SEND_MS = 3.0  # a whole frame sent slower than this: no graphics card behind the texture


def send_ms(samples=5):
    """How long sending the whole window to the screen takes now (the median of a few)."""
    times = []
    for _sample in range(samples):
        start = time.perf_counter()
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def open_fast_window(size, fullscreen):
    """The window, its pixels sent SDL's own way, measured; when sending a frame is slow there, the
    system's copy instead (SDL decides once per start of its video, so it is started again). A choice
    set in the environment is left alone, and headless there is no screen to send to."""
    window = open_window(size, fullscreen)
    if (pygame.display.get_driver() in HEADLESS_DRIVERS or ACCELERATION in os.environ
            or send_ms() <= SLOW_SEND_MS):
        return window
    pygame.display.quit()
    os.environ[ACCELERATION] = "0"
    pygame.display.init()
    return open_window(size, fullscreen)


class App:
    def __init__(self, settings=None):
        self.settings = settings or Settings()
        sys.setswitchinterval(SWITCH_INTERVAL)
        dpi_aware()
        pygame.display.init()
        pygame.font.init()
        self.window = open_fast_window(self.settings.window_size, self.settings.fullscreen)
        pygame.display.set_caption("Tricktable")
        self.letterbox = Letterbox(LOGICAL_SIZE, self.window.get_size())
        self.canvas = self.window
        self.send_all = True
        self.fit_window()
        self.running = True
        self.failures = 0
        self.setups = {}        # per game: the seat rows last set up, kept while the app runs
        self.setup_counts = {}  # per game: the number of seats last chosen
        self.setup_options = {}  # per game: the rule options last chosen
        self.stack = []
        self.start_extras()
        self.to_menu()

    def start_extras(self):
        """Sound, the demo's watch for an idle menu, and where settings are saved (``main`` sets it)."""
        self.config_folder = None  # None: settings are not saved (tests, snapshots)
        self.port = DEFAULT_PORT   # where the phones' server listens first (--port)
        self.overrides = {}        # settings a command-line flag set for this run only
        self.sound = Sound(self.settings.volume, self.settings.muted)
        self.demo = DemoMode(self)
        self.notice = Notice()
        self.frames = 0
        self.first_frame_probe = None  # called once the first frame is on screen (bench.startup)
        apply_settings(self)

    def after_frame(self):
        """The first frame is on screen: tell the probe, then open the audio device (it can be slow,
        so it waits until the person already sees the menu)."""
        self.frames += 1
        if self.frames != 1:
            return
        if self.first_frame_probe is not None:
            self.first_frame_probe(self)
        if self.running:
            self.sound.warm()

    def play_sound(self, name):
        """A sound effect; never stops the game (no device, a broken file: silence)."""
        try:
            self.sound.play(name)
        except Exception:  # noqa: BLE001 - sound is decoration
            traceback.print_exc()

    def language_changed(self):
        """The language changed (Settings): every screen on the stack makes its kept words again, and
        the next frame is sent whole."""
        for scene in self.stack:
            scene.language_changed()
        self.send_all = True

    def toggle_fullscreen(self):
        """F11 and the settings screen: the desktop's full size, or back to the window; the letterbox
        then refits the picture."""
        self.settings.fullscreen = not self.settings.fullscreen
        if self.demo.saved_settings is not None:
            self.demo.saved_settings.fullscreen = self.settings.fullscreen
        try:
            open_window(self.settings.window_size, self.settings.fullscreen)
        except pygame.error:
            traceback.print_exc()  # the display refused: keep what there is
        self.fit_window()
        persist(self)

    # --- window ----------------------------------------------------------------------------------
    def fit_window(self):
        """The window is drawn at its own pixels: straight into it at the base size, else through a
        Canvas that maps the base coordinates to the window's pixels (bars where the shapes differ)."""
        self.window = pygame.display.get_surface()
        self.letterbox.resize(self.window.get_size())
        if self.letterbox.identity:
            self.canvas = self.window
        else:
            self.canvas = Canvas(self.window, LOGICAL_SIZE, pygame.Rect(self.letterbox.offset, self.letterbox.size))
        canvas.window_scale[0] = self.letterbox.scale

    def point_again(self):
        """The pointer stayed where it was, but the picture under it moved (the window was fitted
        again) or is new (back at the menu): the screen on top learns what it is over now, as if the
        mouse had moved, so no hover or tooltip is left from before."""
        if not pygame.mouse.get_focused() or self.scene is None:
            return
        pos = self.letterbox.to_logical(pygame.mouse.get_pos())
        self.offer(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def picture(self, rect=None):
        """The last frame as drawn (the base rect of it, in the window's pixels), to save or look at."""
        if isinstance(self.canvas, Canvas):
            return self.window.subsurface(self.canvas.mapping.rect(rect) if rect is not None else self.canvas.area)
        return self.canvas.subsurface(rect) if rect is not None else self.canvas

    def present(self):
        """The frame to the display: all of it at the base size; else only what changed."""
        if isinstance(self.canvas, Canvas):
            changed = self.canvas.flush()
            if self.send_all:
                pygame.display.flip()
            else:
                pygame.display.update(changed)
        else:
            pygame.display.flip()
        self.send_all = False

    # --- the loop --------------------------------------------------------------------------------
    def step(self, dt):
        for event in pygame.event.get():
            self.dispatch(event)
        if not self.running:
            return
        self.demo.update(dt)
        self.tick_games(dt)
        if not self.scene.holds_below:
            for covered in self.stack[:-1]:
                covered.update_covered(dt)
        self.scene.update(dt)
        self.watch_keeping(dt)
        self.draw()
        self.after_frame()

    def draw(self):
        """The frame as things are now, drawn and sent to the display (nothing moves on)."""
        self.demo.draw_scene(self.draw_stack, self.canvas)
        self.demo.draw(self.canvas)
        self.notice.draw(self.canvas)
        self.present()

    def draw_stack(self, surface):
        """The screens from the topmost one that is not see-through up, bottom first: a box over a
        game lies over the game's live picture (Tuxemon's ``transparent``)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)

    def offer(self, event):
        """Input goes down the stack until a screen takes it: a see-through screen leaves what it
        does not use to the one beneath (pygame_gui's ``process_events`` model)."""
        for scene in reversed(list(self.stack)):
            if scene.handle(event) or not scene.transparent:
                return

    def tick_games(self, dt):
        """Every game a screen on the stack shows goes on, whichever screen is on top: its phones
        act and are told, its record is retried, its phones' server stops a while after the end."""
        for session in self.sessions():
            session.tick(dt)

    def sessions(self):
        """The games the screens on the stack run, each once (a lobby's game has not begun)."""
        found = []
        for scene in self.stack:
            if scene.session is not None and scene.runs_game and all(scene.session is not s for s in found):
                found.append(scene.session)
        return found

    def watch_keeping(self, dt):
        """What the running game's record has to say (the disk refused it, it is kept again) is laid
        over whatever screen is up."""
        self.notice.update(dt)
        self.notice.belongs(self.sessions())  # a game's words go with its screens
        session = self.scene.session
        words = session.take_notice() if session is not None else ""
        if words:
            self.notice.show(words, session)

    def dispatch(self, event):
        if event.type == pygame.QUIT or quit_key(event):
            self.ask_quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.demo.takes(event):
            return  # the demo ended, or input that must not reach a demo game
        elif event.type in RESIZE_EVENTS:
            self.fit_window()
            self.point_again()
        elif event.type in SHOW_EVENTS:
            self.send_all = True
        elif event.type in MOUSE_EVENTS:
            mapped = dict(event.dict, pos=self.letterbox.to_logical(event.pos))
            self.offer(pygame.event.Event(event.type, mapped))
        else:
            self.offer(event)

    def run(self):
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(self.settings.fps) / 1000
            try:
                self.step(min(dt, 0.1))
                self.failures = 0
            except Exception:  # noqa: BLE001 - a game night must go on: back to the menu, say why
                traceback.print_exc()
                self.failures += 1
                if self.failures > 3:
                    raise
                self.to_menu(_("Something went wrong and the game was closed (details in the terminal)."))
        pygame.quit()

    # --- the screen stack: push, pop, switch; to_menu is the only way back to the start ---------------
    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene):
        """Lay a screen over the current one (settings, rules, the kept games, a score sheet); pop
        returns."""
        if self.stack:
            self.scene.pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self):
        """Back to the screen below; at the bottom, back to the menu."""
        if len(self.stack) < 2:
            self.to_menu()
            return
        old = self.stack.pop()
        old.leave()
        self.leave_game(old, self.scene)
        self.scene.resume()

    def switch(self, scene):
        """Replace the current screen (a game's next phase, a game started from a list)."""
        old = self.scene
        if self.stack:
            self.stack[-1] = scene
        else:
            self.stack.append(scene)
        if old is not None:
            old.leave()
        self.leave_game(old, scene)
        scene.enter()

    def to_menu(self, message=""):
        """The only way back to the start: every screen goes, a game's bots stop."""
        old, self.stack = self.stack, []
        menu = MenuScene(self, message)
        for scene in reversed(old):
            scene.leave()
            self.leave_game(scene, menu)
        self.push(menu)
        self.point_again()  # the game tile under the pointer lights at once, not on the next move

    @property
    def games(self):
        """The games the menu offers: those with boards (scenes.kit), in their order."""
        return registry.games()

    @property
    def at_menu(self):
        return type(self.scene) is MenuScene

    def leave_game(self, old, new=None):
        """A screen leaves a game (to the menu, another game, or the window closes): its bots stop
        thinking and nothing they answer later is applied."""
        session = old.session if old is not None else None
        if session is None or any(s is not None and s.session is session for s in [new, *self.stack]):
            return
        session.close()

    def ask_quit(self):
        """Every way out (the close button, Alt+F4, Ctrl+Q, the system asking): at once, unless a
        running game has moves that quitting would lose; then the person is asked first, with the
        pause box's words (scenes.screen.quit_ask)."""
        if isinstance(self.scene, QuitAsk):
            self.scene.asked_again()
        elif self.unkept_words():
            self.push(QuitAsk(self))
        else:
            self.quit()

    def unkept_words(self):
        """What the pause box says of moves that leaving now would lose, for a running game that has
        such moves, or "" (every move is on disk, in its record or its journal)."""
        for session in self.sessions():
            if session.keeper.loses_moves(session.state):
                return session.keeper.leave_warning(session.state)
        return ""

    def quit(self):
        self.running = False
        old, self.stack = self.stack, []
        for scene in reversed(old):
            scene.leave()
            self.leave_game(scene)
        self.stack = old

    def new_game(self, game_id, seats, options=None, keep=True, phones=()):
        """Start a game; ``keep`` writes its record as it happens (Continue, Replays). With PHONES (seat
        numbers played from phones) the lobby comes first, and keeps the game when it starts."""
        session = Session.new(game_id, seats, self.settings.seed, options)
        session.teach_seats = frozenset(self.taught_seats(game_id, seats))
        if phones:
            from scenes.menus.lobby import LobbyScene
            self.switch(LobbyScene(self, session, phones, on_back=lambda: self.switch(SetupScene(self, game_id))))
            return
        self.start_game(session.keep() if keep else session)

    def taught_seats(self, game_id, seats):
        """The people teach mode is on for in a new game: by the setting, every person or only those
        who never finished a kept game of it."""
        mode = self.settings.teach_mode
        if mode == "off":
            return set()
        if mode == "always":
            return {i for i, seat in enumerate(seats) if seat.kind != "bot"}
        try:
            summaries = storage.catalog().games()
        except OSError:
            summaries = []  # the kept games cannot be read: everyone counts as new
        return first_games(summaries, game_id, seats)

    def show_lesson_score(self, session, lines, skipped=False):
        """A guided round is scored: its score explained, laid over its table."""
        self.push(LessonDoneScene(self, session, lines, skipped))

    def set_up(self, game_id):
        """The seat setup of a game, from the menu (a lesson's "Play a real game")."""
        self.to_menu()
        self.switch(SetupScene(self, game_id))

    def learn(self, game_id, learner_name=None):
        """The guided first round of a game (game.teach): never kept, never counted."""
        from game.teach import lesson
        self.start_game(Session.for_lesson(lesson(game_id), learner_name))

    def start_game(self, session):
        phones = session.rematch_phones
        if phones and session.phone_table is None:  # a rematch of a game played from phones
            from scenes.menus.lobby import LobbyScene
            self.end_games(session)
            self.switch(LobbyScene(self, session, phones))
            return
        self.end_games(session)
        self.switch(self.game_scene(session))

    def end_games(self, session):
        """The screens of any other game leave (a rematch from the final sheet, the demo's next game):
        the one on top is replaced by the new game's screen, the ones under it go."""
        while len(self.stack) > 1 and self.stack[-2].session not in (None, session):
            old = self.stack.pop(-2)
            old.leave()
            self.leave_game(old, self.scene)

    def game_scene(self, session):
        """The one screen of a game, for its whole length."""
        return GameScreen(self, session)

    @staticmethod
    def scene_kind(session):
        """The kind of board that shows the session's current phase."""
        return registry.board_kind(session.game_id, session.state.phase)

    def show_rules(self, game_id):
        self.push(RulesScene(self, game_id))

    def show_settings(self):
        self.push(SettingsScene(self))

    @staticmethod
    def title(game_id):
        return game_info(game_id).title

    @staticmethod
    def game_options(game_id):
        return dict(game_info(game_id).default_options)

    def to_window(self, logical_pos):
        return self.letterbox.to_window(logical_pos)


def quit_key(event):
    return event.type == pygame.KEYDOWN and any(event.key == key and event.mod & mod for key, mod in QUIT_KEYS)


# --- command line ------------------------------------------------------------------------------------
def window_size(text):
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a size like 1280x720").format(text=text)) from None
    if not (320 <= w <= 7680 and 180 <= h <= 4320):
        raise argparse.ArgumentTypeError(_("{text!r}: width 320-7680 and height 180-4320, please").format(text=text))
    return (w, h)


def bounded(convert, low, high, unit):
    """An argparse type: a number (int or float) from low to high."""
    def check(text):
        try:
            value = convert(text)
        except ValueError:
            wrong = (_("{text!r} is not a whole number of {unit}") if convert is int else
                     _("{text!r} is not a number of {unit}"))
            raise argparse.ArgumentTypeError(wrong.format(text=text, unit=_(unit))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{text!r}: between {low} and {high} {unit}, please").format(
                text=text, low=low, high=high, unit=_(unit)))
        return value
    return check


def parse_args(argv=None):
    """The command line, in the language --lang (or the system) asks for."""
    cli.speak(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="tricktable", description=_(
        "Tricktable: a desktop tabletop for three German trick-taking card games, played with the mouse."))
    parser.add_argument("--speed", choices=SPEED_ORDER, default="normal", help=_("animation speed"))
    parser.add_argument("--bot-delay", type=bounded(float, 0, 10, N_("seconds")), default=0.7,
                        metavar=_("SECONDS"), help=_("pause before each bot move (default 0.7)"))
    parser.add_argument("--size", type=window_size, default=LOGICAL_SIZE, metavar=_("WxH"),
                        help=_("window size (default 1280x720; larger than the screen: as large as fits, "
                               "same shape; the window can be resized)"))
    parser.add_argument("--fullscreen", action="store_true", help=_("fill the screen"))
    parser.add_argument("--fps", type=bounded(int, 10, 240, N_("frames per second")), default=60,
                        help=_("frame rate cap (default 60)"))
    parser.add_argument("--seed", type=int, default=None,
                        help=_("seed every new game with this number (default: a fresh random seed)"))
    parser.add_argument("--port", type=bounded(int, 1, 65535, N_("port number")), default=DEFAULT_PORT,
                        help=_("port of the server phone seats play through (default {port}; "
                               "if it is taken, a free one is used and the lobby says so)").format(port=DEFAULT_PORT))
    cli.add_language(parser)
    parser.add_argument("--bots-game", choices=game.GAMES, default=None, help=argparse.SUPPRESS)  # tests: start at once
    parser.add_argument("--demo", action="store_true",
                        help=_("demo mode: bots play one game after another until a click or key"))
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)  # bench.startup
    return parser.parse_args(argv)


def start_bots_game(app, game_id):
    """Hidden test hook: a kept game of bots only, started without the menu (crash-and-continue test)."""
    from game import Seat, game_info
    seats = [Seat(f"Bot {i + 1}", "bot", "random") for i in range(game_info(game_id).player_counts[0])]
    app.new_game(game_id, seats)


def start_app(args, argv):
    """The App with the saved settings, this run's flags over them; a broken settings file is told
    in the menu."""
    from scenes.menus.settings_screen import startup_settings
    settings, message, folder, overrides = startup_settings(args, argv)
    app = App(settings)
    app.config_folder, app.overrides = folder, overrides
    app.port = args.port
    if message:
        app.to_menu(message)
    if args.startup_probe:
        app.first_frame_probe = startup_probe
    if args.demo:
        app.demo.start()
    return app


def startup_probe(app):
    """bench.startup: say that the first menu frame is on screen, then end at once."""
    print(f"FIRST_MENU_FRAME {type(app.scene).__name__}", flush=True)
    app.quit()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    app = start_app(args, argv)
    if args.bots_game:
        start_bots_game(app, args.bots_game)
    app.run()
    return 0
