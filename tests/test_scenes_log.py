"""The game log says what happened in words."""

from game import Seat
from scenes.boards.mlut.log import MlutLog
from scenes.screen.log import GameLog


def log4(log_class=MlutLog):
    return log_class([Seat(n) for n in ("Anna", "Ben", "Carla", "Dora")], rounds=4)


def test_a_trick_in_words():
    log = log4()
    log.event({"t": "deal", "round": 1, "dealer": 0, "hands": [[]] * 4})
    log.event({"t": "act", "p": 1, "a": {"play": "R10"}})
    log.event({"t": "act", "p": 2, "a": {"play": "Y8"}})
    log.event({"t": "act", "p": 1, "a": {"pick": ["R10", "Y8"]}})
    log.event({"t": "trick", "cards": [], "picker": 1, "taker": 2, "taken": ["B2", "G5"], "removed": []})
    assert log.lines == ["Round 1 of 4: Anna deals.", "Ben leads red 10 ●: red is trump.",
                         "Carla plays yellow 8 ★.", "Ben picks red 10 ● and yellow 8 ★.",
                         "Carla takes blue 2 ■ and green 5 ▲."]


def test_removed_cards_plus_colours_and_the_end():
    log = log4()
    log.event({"t": "trick", "cards": [], "picker": 0, "taker": None, "taken": [], "removed": ["R1", "R2"]})
    log.event({"t": "act", "p": 3, "a": {"plus": ["B", "G"]}})
    log.event({"t": "early_end", "p": 2})
    log.event({"t": "score", "round": 1, "points": [1, 2, 3, 4], "totals": [1, 2, 3, 4]})
    log.event({"t": "end", "totals": [5, 5, 1, 0], "winners": [0, 1]})
    assert log.lines == ["Red 1 ● and red 2 ● leave the game.", "Dora chooses plus colours blue ■ and green ▲.",
                         "Carla holds only the forbidden colour: the round ends early.",
                         "Round 1 points: Anna 1, Ben 2, Carla 3, Dora 4.",
                         "Anna and Ben share the win with 5 points!"]


def test_the_shared_log_says_what_every_trick_taking_game_shares_and_no_games_rule():
    log = log4(GameLog)
    log.event({"t": "deal", "round": 2, "dealer": 1, "hands": [[]] * 4})
    log.event({"t": "act", "p": 2, "a": {"play": "R10"}})
    log.event({"t": "act", "p": 3, "a": {"play": "Y8"}})
    log.event({"t": "trick", "cards": [[2, "R10"], [3, "Y8"]], "winner": 2})
    log.event({"t": "act", "p": 2, "a": {"play": "B3"}})
    log.event({"t": "score", "round": 2, "points": [1, 2, 3, 4], "totals": [1, 2, 3, 4]})
    assert log.lines == ["Round 2 of 4: Ben deals.", "Carla leads red 10 ●.", "Dora plays yellow 8 ★.",
                         "Carla takes the trick.", "Carla leads blue 3 ■.",
                         "Round 2 points: Anna 1, Ben 2, Carla 3, Dora 4."]
    assert all("trump" not in line for line in log.lines), "which card is trump is a game's own rule"


def test_unknown_events_say_nothing():
    log = log4(GameLog)
    log.event({"t": "something-new"})
    assert log.lines == []
