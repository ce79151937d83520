"""Was sticht? round moments as a person sees them, by real clicks (issue 29, defect 4): the tasks
are revealed together in round 1 as in later rounds; right after a task is chosen the chooser's tile
says it is chosen (secretly; the own task on the own screen), never "chooses later"; and while the
centre says "Round over" the header names the round that is over, not the next one.

What is on screen is read from the words the frame drew (every theme.blit_text call), so the test
checks the picture, not a board's fields."""

import pytest

from game import Seat
from game.games.wassticht.rules import TASKS
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.boards.wassticht.tasks import WasStichtTasks
from scenes.screen import theme
from scenes.screen.settings import Settings
from app_driver import post_click, showing
from test_app_wassticht import TARGET_PREFIX, chosen_action

FRAME = 1 / 60
PERSON = 1  # chooses first in round 1 (left of the starter, seat 0), and is the starter of round 2


def watch_rounds(monkeypatch, last, until_revealed=False):
    """Play rounds 1 to LAST (or UNTIL_REVEALED: until its tasks are revealed) by clicks (the person choosing as chosen_action does), reading every frame's
    words: (the session, {round: frames that drew the reveal}, {(round, seat): the chooser's tile words
    during the step of their choice}, [(the round named in the header, the round being played) while
    "Round over" shows])."""
    app = App(Settings(speed="fast", bot_delay=0, seed=1))
    seats = [Seat(n, "human" if i == PERSON else "bot", None if i == PERSON else "random")
             for i, n in enumerate(["Anna", "Ben", "Carla", "Dora"])]
    app.new_game("wassticht", seats, {"tasks_per_player": 4})
    session = showing(app).session
    drawn = []
    real_blit = theme.blit_text

    def blit_text(surface, text, *args, **kwargs):
        drawn.append(str(text))
        return real_blit(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", blit_text)
    revealed = {}  # round -> frames that drew "The tasks are revealed"
    chosen_words = {}  # (round, seat) -> the chooser's tile words during the step of their choice
    round_over = []  # (the round named in the header, the round last revealed) while "Round over" shows
    playing = None  # the round whose tasks were revealed last: the round being played
    for _ in range(40000):
        scene = showing(app)
        if session.state.round > last or (until_revealed and last in revealed):
            break
        if isinstance(scene, ScoreboardScene):
            post_click(app, "continue")
            continue
        drawn.clear()
        app.step(FRAME)
        board = showing(app)
        if "The tasks are revealed" in drawn:
            playing = board.shown["round"]
            revealed[playing] = revealed.get(playing, 0) + 1
        step = app.scene.step if hasattr(app.scene, "step") else None
        if (isinstance(board, WasStichtTasks) and not board.idle and step is not None
                and step.action is not None and step.action[0] == "task" and not board.revealing):
            words = board.choice_words(step.actor)[0]
            assert words in drawn, f"the tile words {words!r} were not drawn"
            chosen_words.setdefault((board.shown["round"], step.actor), set()).add(words)
        if any(text.startswith("Round over") for text in drawn):
            header = next(text for text in drawn if text.startswith("Round ") and " · trick " in text)
            round_over.append((int(header.split()[1]), playing))
        if scene.idle and session.my_turn() and scene.kind == app.scene_kind(session):
            key, arg = chosen_action(session.state)
            post_click(app, TARGET_PREFIX[key] + ("none" if arg is None else arg))
    assert session.state.round > last or until_revealed, f"the game did not reach round {last + 1}"
    return session, revealed, chosen_words, round_over


def check_chosen_words(chosen, chosen_words):
    """CHOSEN: round 1's chosen task per seat."""
    assert chosen_words, "no task choice was seen as it happened"
    for (round_no, seat), words in chosen_words.items():
        assert "chooses later" not in words, f"round {round_no}: {seat}'s tile said 'chooses later' after choosing"
        assert all("chose" in w for w in words), f"round {round_no}: seat {seat}'s tile said {words}"
    own = chosen_words[(1, PERSON)]
    task = chosen[PERSON]
    assert own == {f"chose (secret): {TASKS[task][0]}"}, "the person's own tile names their task, as secret"
    others = chosen_words[(1, 2)]
    assert all(TASKS[t][0] not in w for w in others for t in chosen if t), \
        "another seat's chosen task stays secret"


def test_round_one_reveal_and_chosen_tiles_by_clicks(monkeypatch):
    """The quick sibling of the next test: round 1 until its tasks are revealed."""
    session, revealed, chosen_words, _ = watch_rounds(monkeypatch, 1, until_revealed=True)
    assert set(revealed) == {1}, "the tasks are revealed together in round 1"
    check_chosen_words(session.state.chosen, chosen_words)


@pytest.mark.slow  # two whole rounds at fast speed
def test_reveal_chosen_tile_and_round_header_by_clicks(monkeypatch):
    session, revealed, chosen_words, round_over = watch_rounds(monkeypatch, 2)
    assert set(revealed) == {1, 2}, f"the tasks are revealed together in rounds {sorted(revealed)} only"
    check_chosen_words(session.state.history[0]["chosen"], chosen_words)
    assert round_over, "no round's end was seen"
    starters_laid = [h for h in session.state.history[:2] if str(h["starter"]) in h["laid_down"]]
    assert starters_laid, "a round ends with the starter laying a task down (the end after a discard)"
    assert all(header == playing for header, playing in round_over), \
        f"the header named another round than the one over: {sorted(set(round_over))}"
