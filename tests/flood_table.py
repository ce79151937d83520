"""The TV of test_phone_flood, run as a script in a process of its own: ``flood_table.py LIMIT SECONDS``.

It lowers its own open-files limit to LIMIT (the point of the test: a flood of connections must not
use up the files of the process that also writes the game's record), opens the lobby of a game of
Tricks whose three seats all play from phones, prints the links as one JSON line, then runs the app
headless as the TV's loop would: Start once every phone is there, a round's scores read and left at
once. It stops when the game is over or after SECONDS, and prints one JSON line of what it saw: the
most files it had open, whether the game ended, the screen it ended on.
"""

import json
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # stdout is for the JSON lines
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

FRAME = 1 / 60


def open_files(limit):
    """How many files this process holds now (Linux: its /proc entry); LIMIT when even that fails."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # no file left to read the entry with
        return limit


def main(limit, seconds):
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    from app_driver import click
    from game import Seat
    from scenes.app import App
    from scenes.screen.game_screen import GameScreen
    from scenes.screen.settings import Settings

    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    app.port = 0
    app.phone_server_options = {"host": "127.0.0.1"}
    app.new_game("tricks", [Seat(name, "human") for name in ("Anna", "Ben", "Carla")], phones={0, 1, 2})
    lobby = app.scene
    print(json.dumps({"links": lobby.server.links(), "port": lobby.server.port,
                      "files": open_files(limit)}), flush=True)
    most, screen, deadline = 0, None, time.monotonic() + seconds
    while time.monotonic() < deadline:
        most = max(most, open_files(limit))
        if app.scene is lobby and lobby.ready():
            click(app, "start")
            screen = app.scene if isinstance(app.scene, GameScreen) else None
        elif screen is not None and screen.session.state.is_over:
            deadline = min(deadline, time.monotonic() + 1.0)  # the phones get the final scores meanwhile
        elif screen is not None and app.scene is not screen and getattr(app.scene, "on_continue", None):
            app.scene.on_continue()  # the host glances at a round's scores and goes on (the sheet may be
            # giving way by itself already, its button not drawn: the phones play on)
        app.step(FRAME)
        time.sleep(0.002)
    over = screen is not None and screen.session.state.is_over
    result = {"over": over, "scene": type(app.scene).__name__, "most_files": most, "limit": limit,
              "events": len(screen.session.state.events) if screen else 0}
    app.quit()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]))
