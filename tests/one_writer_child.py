"""Run in a subprocess by tests/test_one_writer.py: a second instance of the app on the same data
folder (TRICKTABLE_DATA), headless, that plays a game on and on until it is killed. ``new`` starts a
game of Anna and three bots; ``continue`` presses the menu's Continue. Anna plays her first legal
card, a bot after its pause. Prints ``playing <record>`` once the game is on the table."""

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.screen.game_screen import GameScreen  # noqa: E402
from scenes.screen.settings import Settings  # noqa: E402

FRAME = 1 / 60


def main(mode):
    app = App(Settings(speed="instant", bot_delay=0.1, seed=5))
    if mode == "new":
        app.new_game("mlut", [Seat("Anna")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, 4)])
    else:
        app.step(FRAME)
        app.scene.click("continue")
    screen = app.scene
    assert isinstance(screen, GameScreen), type(screen).__name__
    session = screen.session
    print("playing", session.autosave.path, flush=True)
    while app.running and not session.state.is_over:
        scene = app.scene
        if scene is screen and screen.idle and session.my_turn():
            session.try_action(session.state.legal_actions()[0])
        elif getattr(scene, "on_continue", None):
            scene.on_continue()
        app.step(FRAME)
        time.sleep(FRAME)


if __name__ == "__main__":
    main(sys.argv[1])
