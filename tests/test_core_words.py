"""The rules core's words go through the translation function when they are made, never at import:
a refusal speaks the language spoken to at that moment (a phone's while it acts), colour names and
task texts stay English message ids in their tables and are translated by cards.name and
wassticht.task_text, and the reasons every viewer keeps (Tricks' start, trump and leader; a Mit List
und Tücke round's sum) are worded in the table's language even when a phone's action made them.

A stand-in German catalogue (every word marked, so a word left untranslated shows) keeps these tests
apart from the shipped catalogues' contents."""


import pytest

import game
from game import cards, i18n
from game.games.mlut import rules as mlut
from game.games.tricks import rules as tricks
from game.games.wassticht import rules as wassticht
from game.bots import LEVELS, levels
from game.door import Door
from game.undo import why_not_undo
from language_check import mark_german



@pytest.fixture
def marked_german(monkeypatch):
    mark_german(monkeypatch)

def test_tables_keep_the_english_message_ids():
    assert cards.COLOUR_NAMES == {"R": "red", "G": "green", "B": "blue", "Y": "yellow", "X": "grey"}
    assert wassticht.TASKS["T02"] == ("exactly 1 trick", 2)
    assert set(LEVELS) == {"Easy", "Normal", "Hard"}
    assert cards.name("X4") == "grey 4" and wassticht.task_text("T02") == "exactly 1 trick"


def test_card_names_and_task_texts_are_translated_when_asked(marked_german):
    i18n.set_language("de")
    assert cards.name("R14") == "«{colour} {value}»".replace("{colour}", "«red»").replace("{value}", "14")
    assert all(wassticht.task_text(t) == f"«{wassticht.TASKS[t][0]}»" for t in wassticht.TASK_IDS)
    i18n.set_language("en")
    assert cards.name("R14") == "red 14"


def test_a_refusal_speaks_the_language_of_the_moment(marked_german):
    state = game.new_game("mlut", 4, seed=3)
    door = Door(state)
    seat = state.current_player
    other = (seat + 1) % 4
    not_held = next(c for c in mlut.DECKS[4] if c not in state.hands[seat])
    assert door.act(seat, ("play", not_held)) == f"you don't hold {not_held}"
    with i18n.speaking("de"):  # a phone spoken to in German, the table in English
        assert door.act(seat, ("play", not_held)) == f"«you don't hold {not_held}»"
        assert door.act(other, ("play", state.hands[other][0])) == "«it is {name}'s turn, not yours»".replace(
            "{name}", state.seats[seat].name)
        assert state.why_illegal(("play", "ZZ")).startswith("«") and "'ZZ'" in state.why_illegal(("play", "ZZ"))
        assert why_not_undo(state, None).startswith("«Undo is only")
    assert door.act(seat, ("play", not_held)) == f"you don't hold {not_held}"


@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("wassticht", 4), ("tricks", 3)])
def test_every_refusal_of_a_wrong_kind_is_translated(marked_german, game_id, players):
    state = game.new_game(game_id, players, seed=5)
    wrong = next(a for a in state.action_universe() if a[0] != state.legal_actions()[0][0])
    english = state.why_illegal(wrong)
    with i18n.speaking("de"):
        german = state.why_illegal(wrong)
    assert english and "«" not in english
    assert german.startswith("«") and german.endswith("»")


def test_kept_reasons_are_worded_in_the_tables_language(marked_german):
    """A phone (spoken to in German) makes the last bid; the table (English) keeps English reasons."""
    state = game.new_game("tricks", 3, seed=11)
    with i18n.speaking("de"):
        while state.phase != "play":
            state.apply(state.legal_actions()[0])
    assert "«" not in state.start_reason and "«" not in state.trump_reason
    assert "«" not in state.leader_reason
    i18n.set_language("de")  # the table speaks German: the next round's reasons are German
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.start_reason.startswith("«")


def test_a_mlut_round_sum_is_worded_when_made():
    assert mlut.round_points({"B": 7, "G": 8, "R": 2, "Y": 2}, ("B", "G"))[1] == "blue 7 × green 8 ÷ 4 = 14"


def test_tricks_reasons_name_cards_in_the_language_now(marked_german):
    with i18n.speaking("de"):
        _, _, reason = tricks.trump_of(["R5", "B5", "Y3"])
    assert reason.startswith("«highest bid:") and "«blue»" in reason


def test_bot_level_words_are_translated_with_their_labels(marked_german):
    labels = {n: lab for lab, n in LEVELS.items()}
    english = levels.level_line("Hard", "hard", "wassticht", 4, labels)
    assert english == "Hard: looks ahead by sampling · much stronger than Normal"
    i18n.set_language("de")
    line = levels.level_line("Hard", "hard", "wassticht", 4, labels)
    assert "«Hard»" in line and "«looks ahead by sampling»" in line and "«Normal»" in line
    tip = levels.level_tip("Easy", "easy", "tricks", 4, labels)
    assert "«takes no needless loans and wastes no chips»" in tip and "«Random»" in tip
