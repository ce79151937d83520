"""Run in a subprocess by tests/test_close_asks.py: a game on a disk that was full before it started
(no room for its journal), 12 moves played, then the app runs as it does for a person until it quits.
Says on stdout when it is ready, when it asks before quitting (with the words), and when it quits."""

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest  # noqa: E402

from disk_fakes import FullDisk  # noqa: E402
from game import Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screen.game_screen import GameScreen  # noqa: E402
from scenes.screen.quit_ask import QuitAsk  # noqa: E402
from scenes.screen.settings import Settings  # noqa: E402

FRAME = 1 / 60


def moves(state):
    return sum(1 for e in state.events if e["t"] == "act")


def main():
    FullDisk(pytest.MonkeyPatch()).full = True
    app = App(Settings(speed="instant", bot_delay=0, seed=31))
    app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, 4)])
    session = app.scene.session
    while moves(session.state) < 12:
        if isinstance(app.scene, GameScreen) and app.scene.idle and session.my_turn():
            session.try_action(session.state.legal_actions()[0])
        app.step(FRAME)
    app.settings.bot_delay = 5  # the table waits for a bot now: nothing more happens by itself
    print("ready", flush=True)
    asked = False
    while app.running:
        app.step(FRAME)
        if isinstance(app.scene, QuitAsk) and not asked:
            asked = True
            print("asked", app.unkept_words(), flush=True)
        time.sleep(FRAME)
    print("quit", moves(session.state), flush=True)


if __name__ == "__main__":
    main()
