"""The session builds the views of a moment only for the viewers that draw one or are sent one: the
table's once (its step's own), each person's at this screen, each phone seat's by its own stream; a
bot's seat is never drawn and costs nothing. Counted by wrapping the state's ``view`` at a 6-seat
table, and checked against the views as they were at each moment when the screen shows its steps
late (phones answer before the picture caught up)."""

import random

from game.engine import Seat
from phone.bridge import PhoneTable
from scenes.screen.session import Session

ACTIONS = 80


def table_of(kinds, seed=1, phones=()):
    """A Mit List und Tücke session of 6 seats (person, bot), with the phone seats PHONES."""
    seats = [Seat(f"P{i}", kind, "random" if kind == "bot" else None) for i, kind in enumerate(kinds)]
    session = Session.new("mlut", seats, seed=seed)
    if phones:
        session.phone_seats.attach(PhoneTable(session.door, phones), None)
    while session.take_step() is not None:
        session.view()
    return session


def counted(state):
    """The state's view, counted: a list that grows by the viewer of each view built."""
    built, real = [], state.view

    def view(seat=None):
        built.append(seat)
        return real(seat)
    state.view = view
    return built


def views_per_action(session):
    """{action number: the viewers whose views were built for it} over ACTIONS random actions, each shown
    by the screen (its step taken and drawn) before the next."""
    state, rng = session.state, random.Random(3)
    built = counted(state)
    per_action = []
    for _ in range(ACTIONS):
        built.clear()
        session.act(state.current_player, rng.choice(state.legal_actions()))
        while session.take_step() is not None:
            session.view()  # what the screen draws
        per_action.append(sorted(built, key=lambda seat: -1 if seat is None else seat))
    return per_action


def test_one_person_and_five_bots_build_two_views_per_action_the_tables_and_the_persons():
    session = table_of(["human"] + ["bot"] * 5)
    assert views_per_action(session) == [[None, 0]] * ACTIONS  # it was 8 per action: every seat's and the table's twice


def test_a_table_of_bots_builds_the_tables_view_and_its_bottom_seats():
    session = table_of(["bot"] * 6)
    assert views_per_action(session) == [[None, 0]] * ACTIONS


def test_phone_seats_build_the_views_they_are_sent_and_no_other():
    session = table_of(["human"] * 6, phones=(1, 2, 3, 4, 5))
    assert session.people == [0]
    assert views_per_action(session) == [[None, 0, 1, 2, 3, 4, 5]] * ACTIONS  # each phone its own (it was 13)


def test_every_person_at_a_shared_screen_may_draw_so_each_has_a_view():
    session = table_of(["human"] * 6)
    assert views_per_action(session) == [[None, 0, 1, 2, 3, 4, 5]] * ACTIONS  # the table's once (it was 8)


def test_steps_shown_late_draw_the_views_of_their_own_moment():
    """Phones act while the screen is still showing earlier steps: each step, when the screen takes it,
    draws the table's and the person's views as they were at its moment; a bot's view, never drawn, is
    built when asked for."""
    session = table_of(["human", "bot", "human", "bot", "human", "bot"], phones=(2, 4))
    state, rng = session.state, random.Random(5)
    expected = []
    for _ in range(30):  # thirty actions before the screen shows one
        session.act(state.current_player, rng.choice(state.legal_actions()))
        expected.append((state.view(None), state.view(0)))
    for table_view, person_view in expected:
        step = session.take_step()
        assert step.view == table_view
        assert session.seen_views[None] == table_view and session.seen_views[0] == person_view
        assert session.view() == person_view  # one person at this screen: their seat is drawn
    assert session.take_step() is None
    assert session.seen_views[3] == state.view(3)  # a bot's seat: built on demand
