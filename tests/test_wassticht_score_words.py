"""Was sticht?'s score explanation after the lesson's round: the starter's part (no task, the bonus of
laying one down) in two short plain sentences, in every language (a newcomer read one long one as dense)."""

import random
import re

import pytest

from game import i18n, new_game
from game.teach import score_lines


def view_after_a_round():
    state, rng = new_game("wassticht", 4, seed=3), random.Random(3)
    while not state.history:
        legal = list(state.legal_actions())
        state.apply(legal[rng.randrange(len(legal))])
    return state.view(0), tuple(s.name for s in state.seats)


@pytest.mark.parametrize("lang, starter", [("en", "starter"), ("de", "Startspieler"), ("nl", "beginspeler")])
def test_the_starters_part_is_two_short_sentences(lang, starter):
    view, names = view_after_a_round()
    i18n.set_language(lang)
    rule = score_lines("wassticht", view, names)[0]
    about = [s for s in re.split(r"(?<=[.!?])\s+", rule) if starter.lower() in s.lower()]
    assert len(about) == 2, about
    assert all(len(s.split()) <= 22 for s in about), about
