"""Demo (attract) mode: bots play real games, one after another, until someone clicks or types.

It starts with ``python main.py --demo`` or after a minute without input on the menu. The games run
through the normal scenes with full animation; this module only starts them, moves past the score
sheets after a pause, draws a small banner on top and hands the screen back on any click or key.
Demo sessions are marked (``session.demo``) so nothing of theirs is ever saved over a person's games.
"""

import dataclasses

import pygame

from game import Seat, game_info
from game.i18n import N_, _
from scenes.screen import theme
from scenes.screen.base import Sheet
from scenes.screen.canvas import Canvas

IDLE_SECONDS = 60.0
SCORE_SECONDS = 4.0       # how long a score sheet stays up before the demo moves on
# A long game (Was sticht? runs until someone has laid down all tasks) gives way to the next game at a
# round's end after this long, so the demo keeps showing every game.
MAX_GAME_SECONDS = 300.0
DEMO_NAMES = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
DEMO_LEVEL = "normal"
DEMO_SPEED = "normal"
DEMO_BOT_DELAY = 0.9      # a pace people can follow from across the room
BANNER = N_("Demo — click or press a key to play")
STRIP = 30                 # pixels at the top of the picture that hold the banner
STRIP_FILL = (8, 20, 16)
_shrunk = {}               # the reusable surface the picture is shrunk into, per size

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)
ENDING_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)


def demo_seats(game_id):
    count = game_info(game_id).player_counts[0] if 4 not in game_info(game_id).player_counts else 4
    return [Seat(DEMO_NAMES[i], "bot", DEMO_LEVEL) for i in range(count)]


class DemoMode:
    """Watches for idleness on the menu and runs the demo; the app calls ``takes(event)`` for every
    input event, ``update(dt)`` and ``draw(canvas)`` once a frame."""

    def __init__(self, app, idle_seconds=IDLE_SECONDS, speed=DEMO_SPEED, bot_delay=DEMO_BOT_DELAY):
        self.app = app
        self.idle_seconds = idle_seconds
        self.speed, self.bot_delay = speed, bot_delay
        self.idle = 0.0
        self.active = False
        self.next_index = 0
        self.session = None
        self.score_wait = 0.0
        self.game_time = 0.0
        self.saved_settings = None
        self.games_started = []  # game ids in the order the demo started them (tests read it)

    # --- input ---------------------------------------------------------------------------------
    def takes(self, event):
        """True when the event belongs to the demo (it ends it) and the scene must not see it."""
        if event.type not in INPUT_EVENTS:
            return False
        self.idle = 0.0
        if not self.active:
            return False
        if event.type in ENDING_EVENTS:
            self.stop()
        return True  # a demo game never gets input: no click may play for a bot

    # --- the loop ----------------------------------------------------------------------------------
    def update(self, dt):
        if not self.active:
            self.watch_menu(dt)
            return
        scene = self.app.scene
        if self.app.at_menu:  # the app fell back to the menu (a failing game): demo over
            self.stop(to_menu=False)
            return
        self.game_time += dt
        if isinstance(scene, Sheet) and scene.session is self.session:
            self.score_wait += dt
            if self.score_wait >= SCORE_SECONDS * self.app.settings.speed_factor:
                self.score_wait = 0.0
                self.leave_scoreboard(scene)
        else:
            self.score_wait = 0.0

    def watch_menu(self, dt):
        if not self.app.at_menu:
            self.idle = 0.0
            return
        self.idle += dt
        if self.idle >= self.idle_seconds:
            self.start()

    def leave_scoreboard(self, scene):
        if scene.final or self.game_time >= MAX_GAME_SECONDS:
            self.next_game()
        elif scene.on_continue:
            scene.on_continue()

    # --- starting and stopping ---------------------------------------------------------------------
    def start(self):
        """Begin the demo with the next game in the cycle; the person's settings stay untouched."""
        if not self.active:
            self.saved_settings = self.app.settings
            self.app.settings = dataclasses.replace(self.app.settings, speed=self.speed, bot_delay=self.bot_delay)
            self.active = True
        self.next_game()

    def next_game(self):
        from scenes.screen.session import Session
        order = self.app.games  # every game, in the menu's order
        game_id = order[self.next_index % len(order)]
        self.next_index += 1
        session = Session.new(game_id, demo_seats(game_id), None, self.app.game_options(game_id))
        session.demo = True      # never autosaved, never listed
        session.viewer = 0       # show one bot's hand face up: nothing is secret in a demo
        self.session = session
        self.score_wait = 0.0
        self.game_time = 0.0
        self.games_started.append(game_id)
        self.app.start_game(session)

    def stop(self, to_menu=True):
        """Back to the menu with the person's own settings."""
        if not self.active:
            return
        self.active = False
        self.session = None
        self.idle = 0.0
        if self.saved_settings is not None:
            self.app.settings = self.saved_settings
            self.saved_settings = None
        if to_menu:
            self.app.to_menu()

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, canvas):
        if self.active:
            draw_banner(canvas)

    def draw_scene(self, draw, canvas):
        """The screens (DRAW(canvas) draws them), a little smaller under the banner's strip while the
        demo runs: on a window drawn at its own pixels they are simply drawn smaller there (crisp,
        nothing resampled)."""
        if not self.active or not isinstance(canvas, Canvas):
            draw(canvas)
            return
        w, h = canvas.get_size()
        canvas.fill(STRIP_FILL)
        shrink = (h - STRIP) / h
        with canvas.looking_at(pygame.Rect((w - round(w * shrink)) // 2, STRIP, round(w * shrink), h - STRIP)):
            draw(canvas)


def draw_banner(canvas):
    """The game's picture shrinks a little to free a strip at the top for the banner, so the banner
    never covers a title, a card or a button of whatever scene the demo is showing."""
    w, h = canvas.get_size()
    if isinstance(canvas, Canvas):  # the picture was drawn small already (draw_scene)
        canvas.fill(STRIP_FILL, (0, 0, w, STRIP))
        label = theme.text(_(BANNER), 18, theme.INK, True)
        canvas.blit(label, label.get_rect(center=(w // 2, STRIP // 2)))
        return
    size = (round(w * (h - STRIP) / h), h - STRIP)
    small = _shrunk.get(size)
    if small is None:
        small = _shrunk[size] = pygame.Surface(size).convert()
    pygame.transform.smoothscale(canvas, size, small)
    canvas.fill(STRIP_FILL)
    canvas.blit(small, ((w - size[0]) // 2, STRIP))
    label = theme.text(_(BANNER), 18, theme.INK, True)
    canvas.blit(label, label.get_rect(center=(w // 2, STRIP // 2)))
