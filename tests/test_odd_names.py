"""Names from a file are shown safely and fitted in bounded work, whatever they hold."""

import json

import pytest

from game import new_game
from kept.record import dumps, load
from game.runner import play_out, seat_bots
from kept.storage import games_dir, summarize
from scenes.screen import theme
from scenes.app import App
from scenes.menus.library import LibraryScene
from scenes.screen.settings import Settings
from app_driver import click, post_click

FRAME = 1 / 60


def kept_with_name(name, finish):
    state = new_game("mlut", 4, seed=6)
    play_out(state, *seat_bots(state), max_actions=None if finish else 30)
    lines = [json.loads(dumps(e)) for e in state.events]
    lines[0]["seats"][1]["name"] = name
    path = games_dir() / f"odd-{len(list(games_dir().iterdir()))}.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    return path


@pytest.mark.parametrize("name", ["\ud800", "a\x00b", "x" * 20_000, "\u202e\x1b[2J"])
def test_odd_names_are_listed_replayed_and_continued(name):
    finished, unfinished = kept_with_name(name, True), kept_with_name(name, False)
    for path in (finished, unfinished):
        shown = summarize(path).players[1]
        assert shown.isprintable() and len(shown) == len(name)
        assert load(path).seats[1].name == shown
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    click(app, "kept")
    assert isinstance(app.scene, LibraryScene)
    rows = {s.path: i for i, s in enumerate(app.scene.games)}
    app.step(FRAME)
    post_click(app, f"game:{rows[finished]}")
    app.step(FRAME)
    assert type(app.scene).__name__ == "ReplayScreen"
    app.to_menu()
    click(app, "continue")
    assert app.scene.session.state.seats[1].name == shown
    for _ in range(3):
        app.step(FRAME)


def test_a_non_string_name_is_refused_with_its_line():
    path = kept_with_name(None, False)
    summary = summarize(path)
    assert "line 1" in summary.problem and "name" in summary.problem
    app = App(Settings(speed="instant", bot_delay=5, seed=1))
    click(app, "kept")
    app.step(FRAME)
    assert "continue" not in getattr(app.scene, "targets", {})


def test_fitting_a_huge_name_measures_only_a_few_times(monkeypatch):
    theme.font(20)
    calls = []
    real = theme.font

    class Counting:
        def __init__(self, f):
            self.f = f

        def size(self, s):
            calls.append(len(s))
            return self.f.size(s)

    monkeypatch.setattr(theme, "font", lambda size, bold=False: Counting(real(size, bold)))
    short = theme.fit("N" * 20_000, 20, 300)
    assert short.endswith("…") and real(20).size(short)[0] <= 300
    assert len(calls) <= 20 and max(calls) <= 400, "bounded: a few measures of short strings"
