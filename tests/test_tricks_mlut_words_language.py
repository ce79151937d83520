"""The Tricks boards and the Mit List und Tücke table speak the language chosen now: their words go
through the translation function as they are drawn, and the words the score sheet keeps are made
again when the language changes. A made-up catalogue stands in for German, so the test needs no
compiled translation: it marks every translated word, and English stays exactly as before."""


import pytest

from game import i18n
from game.games.tricks.rules import payout
from scenes.boards.mlut.table import MlutTable
from scenes.boards.scoreboard import ScoreboardScene
from scenes.boards.tricks.common import payout_legend, payout_words
from test_scenes_tricks import at_tricks
from app_driver import new_table, showing
from language_check import mark_german



@pytest.fixture
def marked_german(monkeypatch):
    mark_german(monkeypatch)

def test_the_payout_words_follow_the_language(marked_german):
    english = payout_words(3, 4, payout(3, 4))
    legend = payout_legend()
    i18n.set_language("de")
    assert payout_words(3, 4, payout(3, 4)) == "«bid 3, took 4: 8 × 3 = 24»"
    assert all(cell.startswith("«") for cell in payout_legend())
    i18n.set_language("en")
    assert payout_words(3, 4, payout(3, 4)) == english == "bid 3, took 4: 8 × 3 = 24"
    assert payout_legend() == legend


def test_the_score_sheet_makes_its_payout_words_again_in_the_new_language(marked_german):
    app, d = at_tricks(seed=3)
    assert d.run_until(lambda sc: isinstance(sc, ScoreboardScene))
    sheet = showing(app)
    english = list(sheet.history[-1]["reasons"])
    assert all(words.startswith("bid ") for words in english)
    i18n.set_language("de")
    sheet.language_changed()
    assert sheet.history[-1]["reasons"] == [f"«{words}»" for words in english]
    assert sheet.columns()[0][1] == "«Player»"
    i18n.set_language("en")
    sheet.language_changed()
    assert sheet.history[-1]["reasons"] == english


def test_the_market_and_the_mlut_prompts_are_translated_when_drawn(marked_german):
    from tools.shots_tricks import person_at
    from scenes.boards.tricks.market import TricksMarket

    app, d = at_tricks()
    assert d.run_until(person_at(TricksMarket, "buy"))
    market = showing(app)
    english = market.buy_words()[0][0]
    assert english.startswith("Your turn, Anna")
    i18n.set_language("de")
    assert market.buy_words()[0][0] == "«Your turn, Anna: click a face-up card to buy it»"
    app.step(0)  # a whole frame draws in the new language
    i18n.set_language("en")
    assert market.buy_words()[0][0] == english

    app = new_table("mlut", 4, seed=5)
    table = showing(app)
    assert isinstance(table, MlutTable)
    i18n.set_language("de")
    assert all(line.startswith("«") for line in table.reminder_lines())
    assert MlutTable.pile_words("R", 2, False, True) == "«{colour} cards collected: {n} (a plus colour: it scores)»" \
        .format(colour="«red»", n=2)
    app.step(0)
