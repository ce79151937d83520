"""Run under a real X server (tests/test_real_mouse.py starts Xvfb): opens the app's window at a size,
plays to the person's turn, moves the real pointer with xdotool onto a legal card and clicks it, and
prints what happened as JSON."""

import json
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "x11"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.screen.settings import Settings  # noqa: E402
from tools import snapshot  # noqa: E402

FRAME = 1 / 60


def main(size_text):
    size = tuple(int(n) for n in size_text.split("x"))
    app = App(Settings(speed="instant", bot_delay=0, seed=7, window_size=size))
    app.new_game("mlut", snapshot.seats_for(4, {0}))
    if not snapshot.Director(app, 5).run_until(snapshot.person_to("play")):
        return {"error": "never the person's turn"}
    screen = app.scene
    screen.settle_viewer()
    for _ in range(5):
        app.step(FRAME)
    legal = screen.session.state.legal_actions()
    card = legal[len(legal) // 2][1]
    rect = screen.targets[f"card:{card}"]
    x, y = app.letterbox.to_window(rect.center)
    window = pygame.display.get_wm_info()["window"]
    before = list(screen.session.state.hands[0])
    subprocess.run(["xdotool", "mousemove", "--sync", "--window", str(window), str(x), str(y)], check=True)
    for _ in range(10):
        app.step(FRAME)
    subprocess.run(["xdotool", "click", "1"], check=True)
    for _ in range(30):
        app.step(FRAME)
    after = screen.session.state.hands[0]
    return {"window": list(app.window.get_size()), "card": card, "played": card in before and card not in after,
            "hand_before": len(before), "hand_after": len(after), "point": [x, y]}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
