"""The teacher's words (game.teach: notes, turn lines, score pages of Mit List und Tücke, Tricks and
Was sticht?) go through the translation function as whole sentences: under a pseudo-language that
brackets every translated message, each line a person sees is one bracketed template (a sentence glued
from pieces outside a template would show an unbracketed seam), and every placeholder is filled."""

import dataclasses
import re

import pytest

from game import i18n
from game.teach import lesson, score_lines, turn_line
from game.teach.walk import walk
from language_check import Marked



def _shown(game_id, learner):
    """Every line the teacher shows in GAME_ID's guided round with the learner in seat LEARNER."""
    the_lesson = dataclasses.replace(lesson(game_id), learner=learner)
    lines = []

    def choose(moment, advice):
        lines.append(("turn", turn_line(game_id, moment, advice)))
        return advice

    result = walk(the_lesson, choose)
    for _moment, note in result.told:
        lines.extend([(note.rule, note.line), (note.rule, note.short)])
    view = result.state.view(learner)
    names = tuple(s.name for s in result.state.seats)
    lines.extend(("score", line) for line in score_lines(game_id, view, names))
    return lines


@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
@pytest.mark.parametrize("learner", [0, 2])
def test_every_line_is_one_translated_template(monkeypatch, game_id, learner):
    monkeypatch.setattr(i18n, "catalogue", lambda lang: Marked("⟦", "⟧"))
    lines = _shown(game_id, learner)
    assert len({rule for rule, _ in lines}) > 10
    for rule, line in lines:
        assert line.startswith("⟦") and line.endswith("⟧"), (rule, line)
        assert not re.search(r"\{\w*\}", line), (rule, line)


@pytest.mark.parametrize("game_id", ["mlut", "tricks"])
def test_the_learner_is_told_in_the_second_person(monkeypatch, game_id):
    """A note about the learner's own deed is its "you" sentence, another seat's deed names the seat:
    the two are separate templates (verbs agree differently in German and Dutch)."""
    monkeypatch.setattr(i18n, "catalogue", lambda lang: Marked("⟦", "⟧"))
    names = lesson(game_id).names
    lines = _shown(game_id, 1)
    first = next(rule for rule, _ in lines if rule != "turn")  # the first note says who the learner is
    for rule, line in lines:
        if rule != first:
            assert names[1] not in line, (rule, line)  # the learner (seat 1) is "you", never their name


def test_why_the_start_player_buys_first_is_the_tables_own_reason_in_each_language():
    """The own_decks note says why the start player buys first in the table's words (the rules core's
    start reason, the same line the market shows), in the language now; it once worked out words of its
    own, "(here lowest yellow: 2)", which read like code."""
    from game.games.tricks import rules as tricks
    from game.games.tricks.teach import own_decks
    from game.teach import Moment
    for language in ("en", "de", "nl"):
        i18n.set_language(language)
        for seed in range(6):
            view = tricks.TricksState(players=4, seed=seed).view(0)
            note = own_decks(Moment(view=view, names=("Anna", "Ben", "Carla", "Dirk")))
            assert note is not None and str(i18n.again(view["start_reason"])) in note.line, (language, note)
            assert "lowest yellow:" not in note.line

