"""Hot seat with open hands: the next person's hand appears under the mouse where the last person's
card was. A newcomer feared a nervous double click would play the next person's card."""

import pygame

from tools.snapshot import Director, person_to
from app_driver import FRAME, click_at, new_table, point_at, run


def test_a_double_click_plays_no_card_of_the_next_person_until_the_mouse_moves():
    app = new_table("wassticht", 4, people=(0, 1, 2, 3), speed="instant", bot_delay=0)
    assert Director(app, 7).run_until(person_to("play"))
    screen = app.scene
    session, state = screen.session, screen.state
    first = session.decider
    app.step(FRAME)
    legal = {a[1] for a in state.legal_actions()}
    card, rect = next((c, r) for c, r in screen.board.hand_places if c in legal)
    at = rect.center
    point_at(app, at)
    click_at(app, at)  # the first person's card
    assert state.events[-1]["p"] == first
    run(app, 0.1)
    second = session.decider
    assert second != first and session.viewer == second
    acts = len([e for e in state.events if e["t"] == "act"])
    click_at(app, at)  # the double click's second half, no move between
    run(app, 0.1)
    assert len([e for e in state.events if e["t"] == "act"]) == acts, "the next person's card was played"
    point_at(app, (at[0] + 3, at[1]))  # the person takes the mouse
    app.step(FRAME)
    legal = {a[1] for a in state.legal_actions()}
    card, rect = next((c, r) for c, r in screen.board.hand_places if c in legal)
    point_at(app, rect.center)
    click_at(app, rect.center)
    assert [e for e in state.events if e["t"] == "act"][-1]["p"] == second
