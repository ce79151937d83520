"""Driving the app in tests as a person would: real mouse and key events at the rects the scenes drew,
and a person at the screen who plays on until a wanted moment. Every test that plays the app uses
these (no test file keeps a copy of its own).

The app and its seats:
    new_app(seed=7, speed="instant", bot_delay=0, **settings)  the App, headless, settings as given
    seats(players, people=(0,), names=NAMES, bot="random")     people at the screen, bots elsewhere
    seats_of(kinds, names=NAMES, bot="random")                 seats from kinds: ["human", "bot", ...]
    new_table(game_id, players, people=(0,), seed=7, ...)      an app at a new game's table
    launch(*argv)                                              the app as the command line starts it

Input (each runs one frame of DT after it, so the scene has taken it):
    press(app, key, mod=0, unicode="", dt=FRAME)               a key
    type_text(app, text)                                       typed words (a name field)
    post_click(app, name, dt=FRAME) / click(app, name, dt)     the named target (click draws a frame first)
    click_at(app, pos, dt=FRAME)                               a spot of the screen, in base coordinates
    point_at(app, pos, seconds=0)                              the mouse moves there (and rests SECONDS)
    wheel(app, y)                                              the mouse wheel, Y notches up
    run(app, seconds, dt=FRAME)                                frames go by

What is on show:
    showing(app)                                               the board of a game screen, else the scene
    table_of(app)                                              the game screen (under its overlay too), or None
    texts_of_a_frame(app, monkeypatch)                         one frame; every text it drew

Playing on:
    run_until(app, done, limit=3000, dt=FRAME)                 frames until done() (True), else False
    play_until(app, table, wanted, limit=40000, rng=4, person=None)
                                                               the person plays on (at random, or by
                                                               PERSON's clicks) until wanted(table)
    play_to_sheet(app, final=False, rng=4)                     ... until a round's (or the final) scores
    play_actions(app, count, limit=40000)                      ... until COUNT more actions were taken
                                                               (acts(state): the actions so far)
    to_my_turn(app, phase=None, choices=1, limit=20000)        ... until the person decides (in PHASE)
    wait_for_hint(app, scene, seconds=10)                      frames while the Hint's search runs
"""

import random
import time

import pygame

FRAME = 1 / 60
NAMES = ("Anna", "Ben", "Carla", "Dora", "Emil", "Felix")


# --- the app and its seats ---------------------------------------------------------------------------
def new_app(seed=7, speed="instant", bot_delay=0, **settings):
    """The app, headless, at SPEED with bots moving at once (what most tests want), seeded."""
    from scenes.app import App
    from scenes.screen.settings import Settings
    return App(Settings(speed=speed, bot_delay=bot_delay, seed=seed, **settings))


def seats(players, people=(0,), names=NAMES, bot="random"):
    """PLAYERS seats named from NAMES: the seats in PEOPLE are people at the screen, the rest BOT bots."""
    from game import Seat
    return [Seat(names[i]) if i in people else Seat(names[i], "bot", bot) for i in range(players)]


def seats_of(kinds, names=NAMES, bot="random"):
    """Seats of KINDS ("human" or "bot" each), named from NAMES."""
    return seats(len(kinds), {i for i, kind in enumerate(kinds) if kind == "human"}, names, bot)


def new_table(game_id, players, people=(0,), seed=7, options=None, keep=True, names=NAMES, **settings):
    """An app (new_app's SETTINGS) at a new game's table; the table is ``app.scene``."""
    app = new_app(seed, **settings)
    app.new_game(game_id, seats(players, people, names), options, keep=keep)
    return app


def launch(*argv):
    """The app as ``tricktable ARGV...`` starts it (settings read and saved in TRICKTABLE_CONFIG)."""
    from scenes.app import parse_args, start_app
    return start_app(parse_args(list(argv)), list(argv))


# --- input -----------------------------------------------------------------------------------------
def press(app, key, mod=0, unicode="", dt=FRAME):
    """A key pressed, then one frame of DT."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    app.step(dt)


def type_text(app, text, dt=FRAME):
    """Words typed (a text field takes them), then one frame."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(dt)


def post_click(app, name, dt=FRAME):
    """Move to, press and release on the centre of the named target, then run one frame of DT."""
    rect = app.scene.targets[name]
    pos = app.to_window(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(dt)


def click(app, name, dt=FRAME):
    """post_click after drawing one frame first, so the targets are those on screen."""
    app.step(dt)
    post_click(app, name, dt)


def click_at(app, pos, dt=FRAME):
    """A press and release at POS (base coordinates), wherever it is (outside every box too)."""
    at = app.to_window(pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    app.step(dt)


def point_at(app, pos, seconds=0.0):
    """The mouse moves to POS (base coordinates), then one frame, and it rests there SECONDS more (a
    tooltip waits for base.TIP_DELAY)."""
    at = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    run(app, seconds)


def wheel(app, y):
    """The mouse wheel turned Y notches (up for a positive Y), then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step(FRAME)


def run(app, seconds, dt=FRAME):
    """SECONDS of frames of DT go by."""
    for _ in range(round(seconds / dt)):
        app.step(dt)


# --- what is on show ---------------------------------------------------------------------------------
def showing(app):
    """What is on screen: the current board of a game screen (it reads the session, the targets and
    the script through its screen), else the scene itself (a menu, a score sheet)."""
    scene = app.scene
    return getattr(scene, "board", scene)


def table_of(app):
    """The game screen on show (under its own overlay too), or None (a menu, a score sheet)."""
    from tools.snapshot import table_of as of
    return of(app)


def texts_of_a_frame(app, monkeypatch):
    """One frame; every text it drew with theme.blit_text."""
    from scenes.screen import theme
    drawn, blit = [], theme.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return blit(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.step(FRAME)
    monkeypatch.setattr(theme, "blit_text", blit)
    return drawn


# --- playing on --------------------------------------------------------------------------------------
def run_until(app, done, limit=3000, dt=FRAME):
    """Frames of DT until done() holds (True), at most LIMIT of them (False)."""
    for _ in range(limit):
        if done():
            return True
        app.step(dt)
    return False


def _chooser(rng):
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def play_until(app, table, wanted, limit=40000, rng=4, person=None):
    """Step the app; the person at the screen plays until wanted(table) holds at an idle moment of the
    game screen TABLE: random legal moves drawn with RNG (a seed or a random.Random), or by PERSON's
    clicks (an object with move(board) and go_on(board), which reads the Tricks bid reveal and goes
    on). A hand-off cover is lifted, round scores are clicked on, the Tricks bid reveal goes on to the
    tricks. False at the game's end or the limit."""
    from scenes.boards.scoreboard import ScoreboardScene
    rng = _chooser(rng)
    for _ in range(limit):
        if isinstance(app.scene, ScoreboardScene):
            if app.scene.final:
                return False
            app.scene.click("continue")
        elif app.scene is table and getattr(table.board, "reveal_open", lambda: False)():
            if person is None:
                table.board.go_to_tricks()  # the Tricks bids are shown: on to the tricks
            elif "reveal:go" in table.targets:
                person.go_on(table.board)  # ... read, and "To the tricks" clicked
        elif app.scene is table and table.idle and wanted(table):
            app.step(0)
            return True
        elif app.scene is table and table.idle and table.session.needs_handoff():
            table.accept_handoff()
        elif app.scene is table and table.idle and table.session.my_turn():
            if person is not None:
                if app.scene_kind(table.session) == table.kind:  # a person clicks on the phase's own board
                    person.move(table.board)
            else:
                legal = table.state.legal_actions()
                table.session.try_action(legal[rng.randrange(len(legal))])
        app.step(FRAME)
    return False


def play_to_sheet(app, final=False, rng=4, limit=20000):
    """The person plays random legal moves (RNG) until a round's scores are up (FINAL: the final
    scores; round scores are clicked on by their Continue button on the way). Returns the sheet,
    drawn once (its buttons are targets)."""
    from scenes.boards.scoreboard import ScoreboardScene
    from scenes.screen.game_screen import GameScreen
    rng = _chooser(rng)
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, ScoreboardScene) and (scene.final or not final):
            app.step(FRAME)
            return scene
        if isinstance(scene, ScoreboardScene):
            app.step(FRAME)
            post_click(app, "continue")
            continue
        if isinstance(scene, GameScreen) and scene.idle and scene.session.needs_handoff():
            scene.accept_handoff()
        elif isinstance(scene, GameScreen) and scene.idle and scene.session.my_turn():
            legal = scene.state.legal_actions()
            scene.session.try_action(legal[rng.randrange(len(legal))])
        app.step(FRAME)
    raise AssertionError("the score screen never came")


def acts(state):
    """The number of actions taken in STATE's game so far."""
    return sum(1 for e in state.events if e["t"] == "act")


def play_actions(app, count, limit=40000):
    """Run the app, the person choosing the first legal action (round scores go on), until COUNT
    more actions were taken; returns the session."""
    from scenes.screen.game_screen import GameScreen
    session = app.scene.session
    goal = acts(session.state) + count
    for _ in range(limit):
        if acts(session.state) >= goal:
            return session
        scene = app.scene
        if isinstance(scene, GameScreen) and scene.idle and session.my_turn():
            session.try_action(session.state.legal_actions()[0])
        elif getattr(scene, "on_continue", None):
            scene.on_continue()
        app.step(FRAME)
    raise AssertionError("the game did not get that far")


def to_my_turn(app, phase=None, choices=1, limit=20000):
    """Frames until the person at the screen decides (in PHASE, with at least CHOICES legal actions)
    on the board of that phase, the table idle; the first legal action is taken at every other turn
    of the person, a hand-off is lifted, round scores and the Tricks reveal go on. Returns the game
    screen, drawn once (its targets are those on screen)."""
    from scenes.screen.game_screen import GameScreen
    for _ in range(limit):
        scene = app.scene
        if getattr(scene, "on_continue", None):
            scene.on_continue()  # a round's scores
        elif isinstance(scene, GameScreen) and "reveal:go" in scene.targets:
            scene.click("reveal:go")  # the Tricks bids were seen: on to the tricks
        elif isinstance(scene, GameScreen) and scene.idle and scene.session.needs_handoff():
            scene.accept_handoff()
        elif (isinstance(scene, GameScreen) and scene.idle and scene.session.my_turn()
              and app.scene_kind(scene.session) == scene.kind):  # the board of this phase is up
            legal = scene.state.legal_actions()
            if len(legal) >= choices and (phase is None or scene.state.phase == phase):
                app.step(FRAME)  # draw the targets
                return scene
            scene.act(legal[0])  # not the choice wanted: on to it
        app.step(FRAME)
    raise AssertionError(f"never the person's {phase or 'turn'}")


def wait_for_hint(app, scene, seconds=10):
    """Frames go on (as they do while the coach thinks) until the Hint has its answer; one more frame."""
    deadline = time.time() + seconds
    while scene.coach.thinking and time.time() < deadline:
        app.step(FRAME)
        time.sleep(0.002)
    app.step(FRAME)
