"""Tricks: a last card that is the grey 4 never plays by itself (its colour is still to be named): the
table says what it waits for, at that player's turn on the TV, and the phone's turn words say it too."""

import random

from game import i18n
from game.games.tricks.phone import facts
from game.games.tricks.rules import JOKER, TricksState
from app_driver import new_table, play_until


class KeepsTheGrey(random.Random):
    """The person's random moves, but a grey 4 is bought when offered and kept to the last card."""

    def __init__(self, table, seed):
        super().__init__(seed)
        self.table = table

    def randrange(self, n):
        state = self.table.state
        legal = state.legal_actions()
        tops = [state.view(None)["decks"][a[1]]["top"] if a[0] == "buy" and a[1] is not None else None
                for a in legal]
        grey = [i for i, top in enumerate(tops) if top == JOKER]
        if grey:
            return grey[0]
        keep = [i for i, a in enumerate(legal) if not (a[0] == "play" and a[1] == JOKER)]
        return self.choice(keep or range(n))


def grey_last(table):
    return (table.state.phase == "play" and table.session.my_turn()
            and list(table.state.view(0)["hand"]) == [JOKER])


def test_the_person_whose_last_card_is_the_grey_4_is_told_to_name_its_colour():
    app = new_table("tricks", 3)
    table = app.scene
    assert play_until(app, table, grey_last, rng=KeepsTheGrey(table, 4))
    line = table.board.status_line()
    assert "Name the grey 4's colour" in line and table.session.name(0) in line, line
    assert table.forced is None  # it waits: no card plays by itself


def test_the_tv_says_what_a_phone_waits_for_on_its_last_grey_4(monkeypatch):
    app = new_table("tricks", 3)
    table = app.scene
    assert play_until(app, table, grey_last, rng=KeepsTheGrey(table, 4))
    session = table.session
    monkeypatch.setattr(type(session), "my_turn", lambda self: False)
    monkeypatch.setattr(type(session), "phone_turn", lambda self: True)
    line = table.board.status_line()
    assert line == f"Waiting for {session.name(0)}'s phone: name the grey 4's colour", line


def test_the_phone_has_turn_words_for_a_last_grey_4():
    said = facts(TricksState(3, seed=1))["prompts"]
    assert said["play_grey_last"] == "name the grey 4's colour: tap your last card"
    i18n.set_language("de")
    assert i18n._(said["play_grey_last"]) != said["play_grey_last"]
