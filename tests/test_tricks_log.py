"""The Tricks log names a deck by its owner, and a player's own deck as their own, never "Anna buys
red 5 from Anna's deck"."""

from game import Seat, new_game
from game.observe import TABLE, told
from game.runner import play_out, seat_bots
from scenes.boards.tricks.common import TricksLog

NAMES = ["Anna", "Ben", "Carla", "Dirk"]


def test_buys_and_burials_say_whose_deck():
    state = new_game("tricks", 4, seed=5)
    play_out(state, *seat_bots(state))
    log = TricksLog([Seat(name, "bot") for name in NAMES])
    said = {}
    for event in told(state, TABLE):
        if event["t"] == "act" and ("buy" in event["a"] or event["a"].get("bury") is not None):
            kind = "buy" if "buy" in event["a"] else "bury"
            own = event["a"][kind] == event["p"]
            line = log.words(event)[0]
            said.setdefault((kind, own), []).append((line, NAMES[event["p"]], NAMES[event["a"][kind]]))
    assert {("buy", True), ("buy", False), ("bury", False)} <= set(said)
    for (kind, own), lines in said.items():
        for line, actor, owner in lines:
            assert line.startswith(actor)
            if own:
                assert "their own deck" in line and line.count(actor) == 1, line
            else:
                assert f"{owner}'s deck" in line and "own" not in line, line
