"""Where games are kept: every game's record in the user's data folder, written as it happens.

A record without an ``end`` line is a game to continue; one with it is a finished game to replay.
The folders come from platformdirs, as other desktop programs find theirs; the environment variables
TRICKTABLE_DATA and TRICKTABLE_CONFIG override them (tests, portable installs).
"""

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game import TITLES
from game.record import RecordError, RecordWriter, resume

APP = "tricktable"


def data_dir():
    path = Path(os.environ.get("TRICKTABLE_DATA") or platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir():
    path = Path(os.environ.get("TRICKTABLE_CONFIG") or platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def games_dir():
    path = data_dir() / "games"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Autosave:
    """Writes a running game's record line by line, flushed, so a crash loses at most one line."""

    def __init__(self, state, path=None, writer=None):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.path = Path(path) if path else _free_path(games_dir(), f"{stamp}-{state.game_id}-{state.seed}")
        self.writer = writer or RecordWriter(self.path)
        self.sync(state)

    def sync(self, state):
        try:
            self.writer.sync(state)
        except OSError:
            pass  # a full disk must not stop the game night; the record simply stops growing

    def close(self):
        self.writer.close()


def _free_path(folder, stem):
    path, k = folder / f"{stem}.jsonl", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.jsonl"
    return path


@dataclass
class Summary:
    """One kept game, from its first and last lines: enough for a menu list."""

    path: Path
    game: str = ""
    title: str = ""
    when: float = 0.0
    players: tuple = ()
    winners: tuple = ()
    finished: bool = False
    problem: str = ""  # why the file is not a usable record, if it is not

    @property
    def date(self):
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))


def summarize(path):
    path = Path(path)
    summary = Summary(path=path, when=_mtime(path))
    try:
        first, last = _first_and_last(path)
        head = json.loads(first)
        if not isinstance(head, dict) or head.get("t") != "game" or head.get("game") not in TITLES:
            raise ValueError("not a Tricktable record")
        summary.game, summary.title = head["game"], TITLES[head["game"]]
        summary.players = tuple(s.get("name", "?") for s in head.get("seats", []))
        end = _json_or_none(last)
        if isinstance(end, dict) and end.get("t") == "end":
            summary.finished = True
            summary.winners = tuple(summary.players[w] for w in end.get("winners", [])
                                    if isinstance(w, int) and 0 <= w < len(summary.players))
    except (OSError, ValueError, TypeError, AttributeError, KeyError) as e:
        summary.problem = f"line 1: {e}" if isinstance(e, ValueError) else str(e)
    return summary


def _mtime(path):
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _first_and_last(path):
    with open(path, "rb") as f:
        first = f.readline().decode("utf-8")
        f.seek(0, os.SEEK_END)
        size = f.tell()
        f.seek(max(0, size - 4096))
        tail = f.read().decode("utf-8", errors="replace").rstrip("\n").split("\n")
    return first, tail[-1]


def _json_or_none(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


def kept_games():
    """Every record in the games folder, newest first."""
    return sorted((summarize(p) for p in games_dir().glob("*.jsonl")), key=lambda s: s.when, reverse=True)


def finished_games():
    return [s for s in kept_games() if s.finished and not s.problem]


def unfinished_games():
    return [s for s in kept_games() if not s.finished and not s.problem]


def continue_game(path):
    """(state, Autosave) of an unfinished record, ready to go on; RecordError if it can't be read.

    A broken file is left exactly as it was."""
    state, writer = resume(path)
    return state, Autosave(state, path=path, writer=writer)


__all__ = ["Autosave", "RecordError", "Summary", "config_dir", "continue_game", "data_dir",
           "finished_games", "games_dir", "kept_games", "summarize", "unfinished_games"]
