"""The TV names Was sticht? tasks by their words, never by a bare code ("T07"): its players hold phones,
not a mouse, so a round's sheet writes every seat's tasks left in full, and the task choice's seat
boxes say what a seat chose."""

import re

import pytest

from game.games.wassticht.rules import TASKS
from game.i18n import _
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen import theme
from app_driver import new_table, play_to_sheet, play_until, run, texts_of_a_frame

CODE = re.compile(r"\bT\d\d\b")  # a task's code, as the rules name it


def test_a_rounds_sheet_writes_the_tasks_left_in_words_and_no_code(monkeypatch):
    app = new_table("wassticht", 4, options={"tasks_per_player": 4}, seed=3)
    sheet = play_to_sheet(app, rng=3)
    assert isinstance(sheet, ScoreboardScene) and not sheet.final
    drawn = texts_of_a_frame(app, monkeypatch)
    codes = [t for t in drawn if CODE.search(t)]
    assert not codes, codes
    assert not any("Point at" in t for t in drawn), drawn  # nobody at the TV holds a mouse
    page = " ".join(drawn)
    for seat, held in enumerate(sheet.view["held_tasks"]):
        for task in held:  # every task left, whole, on the sheet
            assert _(TASKS[task][0]) in page, (seat, task, drawn)


def test_the_task_choice_says_the_chosen_task_in_words(monkeypatch):
    app = new_table("wassticht", 4, options={"tasks_per_player": 4}, seed=5)
    table = app.scene
    home = table.session.home
    def chosen_while_others_choose(t):
        s = t.state
        if (s.phase == "task_choice" and s.chosen[home] is not None
                and any(s.chosen[o] is None for o in range(s.players) if o not in (home, s.starter))):
            app.settings.bot_delay = 3600  # the bots wait: the seats' boxes stay on screen to be read
            return True
        return False
    assert play_until(app, table, chosen_while_others_choose, rng=5)
    drawn = texts_of_a_frame(app, monkeypatch)
    assert not [t for t in drawn if CODE.search(t)], drawn
    words = _(TASKS[table.state.chosen[home]][0])
    assert any(t.startswith("chose") and words.split()[0] in t for t in drawn), (words, drawn)


@pytest.mark.slow  # a whole game
def test_no_text_the_tv_draws_in_a_whole_game_holds_a_task_code(monkeypatch):
    """The table's seat boxes, the starter's dialog, the log, the tips and the sheets: words, never codes."""
    drawn, blit = set(), theme.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.add(s)
        return blit(surface, s, *args, **kwargs)
    monkeypatch.setattr(theme, "blit_text", recording)
    app = new_table("wassticht", 4, options={"tasks_per_player": 4}, seed=2)
    play_to_sheet(app, final=True, rng=2)
    run(app, 0.5)
    assert len(drawn) > 300
    assert not [t for t in drawn if CODE.search(t)], sorted(t for t in drawn if CODE.search(t))[:10]


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_task_drafts_rules_fit_their_rows_in_every_language(language):
    """The German rules lost their last words ("…gewinnt die höhere") to a fourth row nobody drew."""
    from game import i18n
    from scenes.boards.wassticht.tasks import RULE_ROWS, draft_rules
    i18n.set_language(language)
    assert len(draft_rules(5)) <= RULE_ROWS, draft_rules(5)
