"""One ring shows what to do: in a Tricks lesson, once the learner has chosen a card to bid, the
teacher's glow leaves the hand (it stayed on the suggested card beside the chosen card's ring, and two
rings read as two choices): on "Lay it down" when the choice is the teacher's, on nothing otherwise."""

from app_driver import new_app
from scenes.screen import teaching as teaching_module


def learners_bid(app, limit=40000):
    """The Tricks lesson followed until the learner's bid, its turn line in the box."""
    app.learn("tricks")
    screen = app.scene
    teaching = screen.teaching
    for _ in range(limit):
        if screen.state.phase == "bid" and screen.can_act() and screen.idle and not teaching.holds() \
                and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
            return screen
        if teaching.holds():
            teaching.go_on()
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.can_act() and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
            screen.act(teaching.advice)
        app.step(0.05)
    raise AssertionError("the learner's bid did not come")


def glows_of_a_frame(app, monkeypatch):
    rings = []
    monkeypatch.setattr(teaching_module, "glow", lambda surface, rect, age: rings.append(rect))
    app.step(0.05)
    monkeypatch.undo()
    return rings


def test_a_chosen_bid_has_one_ring(monkeypatch):
    app = new_app(seed=3)
    screen = learners_bid(app)
    teaching, board = screen.teaching, screen.board
    suggested = teaching.advice[1]
    assert glows_of_a_frame(app, monkeypatch) == screen.places(f"bid:{suggested}"), "the glow is on the suggestion"
    other = next(card for card in screen.session.view()["hand"] if card != suggested)
    screen.click(f"bid:{other}")
    assert board.choice == other
    assert glows_of_a_frame(app, monkeypatch) == [], "another card chosen: its own ring alone"
    screen.click("bidding:cancel")
    screen.click(f"bid:{suggested}")
    assert glows_of_a_frame(app, monkeypatch) == screen.places("bidding:confirm"), "the glow is on Lay it down"


def test_a_chosen_pick_has_one_ring_on_each_thing_to_do(monkeypatch):
    """Mit List und Tücke's pick: the glow leaves each card as it is chosen, and goes to the button once
    the teacher's cards are all chosen; another card chosen, the glow goes."""
    from app_driver import run_until
    app = new_app(seed=3)
    app.learn("mlut")
    screen = app.scene
    teaching = screen.teaching

    def at_pick():
        if teaching.holds():
            teaching.go_on()
        elif screen.can_act() and teaching.advice is not None and teaching.turn_at == screen.session.door.moment:
            if screen.board.my_phase("pick") and screen.idle:
                return True
            screen.act(teaching.advice)
        return False
    assert run_until(app, at_pick, limit=40000)
    first, second = teaching.advice[1]
    trick = [card for _seat, card in screen.session.view()["trick"]]
    other = next(card for card in trick if card not in (first, second))
    screen.click(f"trick:{first}")
    assert glows_of_a_frame(app, monkeypatch) == screen.places(f"trick:{second}")
    screen.click(f"trick:{second}")
    assert glows_of_a_frame(app, monkeypatch) == screen.places("pick:confirm")
    screen.click(f"trick:{other}")  # lets go of the oldest: the teacher's pair is broken
    assert glows_of_a_frame(app, monkeypatch) == []
