"""Hot seat: the hand-off press comes only for what is secret (issue: "cover only what is secret").

Two people and two bots play the first round of each game by real clicks. Every decision of a
person is recorded with whether a cover came before it, and checked against the rule, which is
decided from the observations (game.observe.needs_privacy), never from phase names:
- a decision that needs nothing the table may not see comes without a cover (every Tricks buy, the
  Was sticht? task draft, a Mit List und Tücke pick);
- a decision that needs a secret comes with one, unless the same person saw their secrets last and
  only bots moved since.
"""

import pygame
import pytest

from game import Seat
from game.observe import hidden_hand, needs_privacy
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen import cards
from scenes.screen.settings import Settings
from app_driver import FRAME, post_click, showing
from test_hot_seat_privacy import person_mover

SEATS = [Seat("Anna"), Seat("Carla", "bot", "random"), Seat("Ben"), Seat("Dora", "bot", "random")]


def play_round(game_id, seed=12):
    """The decisions of the two people in round 1: dicts of seat, phase, covered, needs privacy,
    and the person who decided last with their secrets in view before it."""
    app = App(Settings(speed="instant", bot_delay=0.05, seed=seed))
    app.new_game(game_id, SEATS)
    session = showing(app).session
    move = person_mover(game_id, app)
    decisions, covered, last_private = [], False, None
    for _ in range(40000):
        scene = showing(app)
        if isinstance(scene, ScoreboardScene) or session.state.round > 1:
            break
        if "reveal:go" in scene.targets:
            post_click(app, "reveal:go")
            continue
        if scene.idle and session.needs_handoff():
            post_click(app, "handoff")
            covered = True
            continue
        if scene.idle and session.my_turn() and app.scene_kind(session) == getattr(scene, "kind", None):
            seat, state = session.decider, session.state
            decisions.append({"seat": seat, "phase": state.phase, "covered": covered,
                              "private": needs_privacy(state, seat), "last_private": last_private,
                              "hand_shown": session.hand_visible()})
            before = len(state.events)
            move(scene)
            if len(state.events) > before:
                d = decisions[-1]
                if d["covered"] or (d["private"] and d["last_private"] == seat):
                    last_private = seat  # they saw their secrets, nobody else had the mouse since
                elif last_private != seat:
                    last_private = None
                covered = False
            continue
        app.step(FRAME)
    return decisions


def bots_only_between(decisions, i):
    return i > 0 and decisions[i - 1]["seat"] == decisions[i]["seat"]


@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
@pytest.mark.slow
def test_a_cover_only_where_the_decision_needs_a_secret(game_id):
    decisions = play_round(game_id)
    assert len(decisions) >= 8, decisions
    for i, d in enumerate(decisions):
        if not d["private"]:
            assert not d["covered"], f"a cover before a decision in front of everyone: {d}"
        elif bots_only_between(decisions, i) and d["last_private"] == d["seat"]:
            assert not d["covered"], f"a second cover for the same person after only bots: {d}"
        else:
            assert d["covered"], f"a secret decision without a cover: {d}"
            assert d["hand_shown"]


@pytest.mark.slow
def test_tricks_covers_only_the_bids():
    decisions = play_round("tricks")
    phases = {d["phase"] for d in decisions}
    assert {"buy", "bid", "play"} <= phases, phases
    assert [d["phase"] for d in decisions if d["covered"]] == ["bid", "bid"]


@pytest.mark.slow
def test_was_sticht_task_draft_needs_no_cover():
    decisions = play_round("wassticht")
    drafts = [d for d in decisions if d["phase"] == "task_draft"]
    assert len(drafts) >= 4 and not any(d["covered"] for d in drafts)
    assert any(d["covered"] for d in decisions if d["phase"] == "task_choice")


@pytest.mark.slow
def test_mlut_same_person_after_only_bots_needs_no_second_cover():
    """Seats where a person decides twice with only bots between happen in Mit List und Tücke when
    a person plays and then picks or leads: the second decision comes without a cover."""
    for seed in range(12, 40):
        decisions = play_round("mlut", seed)
        again = [d for i, d in enumerate(decisions) if d["private"] and bots_only_between(decisions, i)
                 and d["last_private"] == d["seat"]]
        if again:
            assert not any(d["covered"] for d in again)
            return
    pytest.fail("no seed gave a person two secret decisions with only bots between")


class HandSpy:
    def __init__(self, monkeypatch):
        self.faces = []
        real = cards.face

        def face(card, size=cards.HAND):
            if tuple(size) == tuple(cards.HAND):
                self.faces.append(card)
            return real(card, size)

        monkeypatch.setattr(cards, "face", face)


def test_mlut_hand_stays_hidden_for_a_pick_until_its_person_asks(monkeypatch):
    """A pick is taken in front of everyone: the picker's hand stays face down, with a "Show my
    hand" that shows it at one press (no cover between: one press per person's turn)."""
    app = App(Settings(speed="instant", bot_delay=0.05, seed=12))
    app.new_game("mlut", SEATS)
    session = showing(app).session
    move = person_mover("mlut", app)
    for _ in range(40000):
        scene = showing(app)
        assert not isinstance(scene, ScoreboardScene), "no veiled pick in the first round"
        if scene.idle and session.needs_handoff():
            post_click(app, "handoff")
            continue
        if scene.idle and session.my_turn() and app.scene_kind(session) == getattr(scene, "kind", None):
            if session.veiled and hidden_hand(session.state, session.decider):
                break
            move(scene)
            continue
        app.step(FRAME)
    spy = HandSpy(monkeypatch)
    app.step(FRAME)
    assert not spy.faces, "the hand was drawn face up at a decision taken in front of everyone"
    assert "btn:show_hand" in app.scene.targets
    post_click(app, "btn:show_hand")
    assert not session.needs_handoff() and "handoff" not in app.scene.targets, "no second press"
    spy.faces.clear()
    app.step(FRAME)
    assert set(spy.faces) == set(session.state.view(session.viewer)["hand"])


def test_tricks_every_hand_is_shown_the_same_way_while_a_bot_plays(monkeypatch):
    """Tricks hands are open by the rules: in trick play, the hand strip's (the last person's) hand
    stays face up while others move, as every other seat's hand is shown."""
    app = App(Settings(speed="instant", bot_delay=0.05, seed=12))
    app.new_game("tricks", SEATS)
    session = showing(app).session
    move = person_mover("tricks", app)
    for _ in range(40000):
        scene = showing(app)
        if "reveal:go" in scene.targets:
            post_click(app, "reveal:go")
            continue
        if scene.idle and session.needs_handoff():
            post_click(app, "handoff")
            continue
        if session.state.phase == "play" and scene.idle and not session.is_person(session.decider):
            break
        if scene.idle and session.my_turn() and app.scene_kind(session) == getattr(scene, "kind", None):
            move(scene)
            continue
        app.step(FRAME)
    assert session.viewer is None
    spy = HandSpy(monkeypatch)
    app.step(FRAME)
    strip = session.strip_seat()
    assert session.is_person(strip)
    assert spy.faces and sorted(spy.faces) == sorted(session.view()["hands"][strip])


def at_the_first_cover():
    """A hot-seat Mit List und Tücke table at its first cover: (app, session)."""
    app = App(Settings(speed="instant", bot_delay=0.05, seed=12))
    app.new_game("mlut", SEATS)
    session = showing(app).session
    for _ in range(4000):
        if showing(app).idle and session.needs_handoff():
            break
        app.step(FRAME)
    return app, session


def test_keys_under_the_cover_do_nothing_after_ready():
    """Keys pressed while the cover asks to look away are not kept for after "ready"."""
    app, session = at_the_first_cover()
    assert session.needs_handoff()
    before = len(session.state.events)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step(FRAME)
    assert session.needs_handoff(), "a key other than Enter or Space passed the cover"
    assert app.scene.focus is None, "a key under the cover chose a card"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    app.step(FRAME)
    assert not session.needs_handoff(), "Space says ready"
    for _ in range(10):
        app.step(FRAME)
    assert len(session.state.events) == before, "a key pressed under the cover played a card"
    assert app.scene.focus is None


@pytest.mark.slow
def test_the_keyboard_ring_marks_one_card_and_only_on_the_persons_turn():
    """Equal cards are one choice, but the ring marks one of them; once the person played,
    the ring is gone while the others move."""
    app = App(Settings(speed="instant", bot_delay=0.5, seed=12))
    app.new_game("tricks", [Seat("Anna"), Seat("Carla", "bot", "random"), Seat("Dora", "bot", "random")])
    session = showing(app).session
    move = person_mover("tricks", app)
    twins = None
    for _ in range(40000):
        scene = showing(app)
        if "reveal:go" in scene.targets:
            post_click(app, "reveal:go")
            continue
        if scene.idle and session.my_turn() and app.scene_kind(session) == getattr(scene, "kind", None):
            hand = session.view()["hand"]
            if session.state.phase == "play":
                twins = next((c for c in hand if hand.count(c) >= 2
                              and ("play", c) in session.state.legal_actions()), None)
                if twins:
                    break
            move(scene)
            continue
        app.step(FRAME)
    assert twins, "no twin cards to play in this game"
    screen = app.scene
    screen.focus = f"card:{twins}"
    app.step(FRAME)
    # each copy has its own place (card:X, card:X#1, ...): the ring marks the one chosen, not all
    ring, place = screen.ring_rect(screen.focus), screen.targets[screen.focus]
    twin = screen.targets[f"card:{twins}#1"]
    assert ring == place and not twin.colliderect(ring)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    app.step(FRAME)
    for _ in range(5):
        app.step(FRAME)
    assert not session.my_turn()
    drawn = []
    real = pygame.draw.rect
    pygame.draw.rect = lambda surf, colour, rect, *a, **k: (drawn.append(pygame.Rect(rect)), real(surf, colour, rect, *a, **k))[1]
    try:
        screen.draw_focus(pygame.Surface((1280, 720)))
    finally:
        pygame.draw.rect = real
    assert not drawn, "the ring stays while the others move"


def test_hot_seat_forced_card_says_one_thing_and_the_setting_says_what_hot_seat_does():
    """In hot seat the only playable card rises and waits for its click: the status line does not
    say "any card" beside "Only card you can play", and the setting tells it."""
    from app_driver import play_until
    from scenes.menus.settings_screen import ASSISTS
    app = App(Settings(speed="instant", bot_delay=0.05, seed=12))
    app.new_game("wassticht", SEATS)  # follow suit: forced cards are common
    table = app.scene
    session = table.session

    def forced(screen):
        if screen.session.needs_handoff():
            screen.accept_handoff()
            return False
        return screen.forced_card() is not None and screen.session.hand_visible()

    assert play_until(app, table, forced)
    for _ in range(3):
        app.step(FRAME)
    assert table.forced is not None and session.my_turn()
    line = table.board.status_line()
    assert line == table.forced_words() and session.name(session.viewer) in line and "click" in line
    assert "any card" not in line
    words = dict((key, what) for key, _, what in ASSISTS)["auto_play"]
    assert "hot seat" in words


def test_the_starters_trump_needs_no_cover_once_the_table_can_tell_it():
    """A newcomer got a cover for the starter when the notepad had left one possible trump: the
    table can tell it then. A forced pick keeps its cover: the starter sees the trump from the
    first decision on (a newcomer's starter first saw it at row 2)."""
    import random
    from game import new_game
    from game.observe import TABLE
    seen = set()
    for seed in range(6):
        state, rng = new_game("wassticht", 4, seed), random.Random(seed)
        while not state.is_over and state.round < 3:
            if state.phase == "row_draft" and state.current_player == state.starter:
                told = len(state.view(TABLE)["possible_trumps"]) == 1
                forced = len(state.legal_actions()) == 1
                assert needs_privacy(state, state.starter) == (not told)
                seen.add((told, forced))
            state.apply(rng.choice(state.legal_actions()))
    assert {(False, False), (True, False), (False, True)} <= seen


def test_mlut_plus_colours_offer_the_hand_one_press_away(monkeypatch):
    """Which plus colours to keep may hang on the cards still held: the plus dialog, taken in front
    of everyone, offers "Show my hand" (a newcomer found the dialog hid the table's button), which
    shows it at one press."""
    import random
    rng = random.Random(3)
    for seed in range(12, 30):
        app = App(Settings(speed="instant", bot_delay=0, seed=seed))
        app.new_game("mlut", SEATS)
        screen = app.scene
        session = screen.session
        for _ in range(60000):
            if isinstance(app.scene, ScoreboardScene):
                app.scene.click("continue") if not app.scene.final else None
                if app.scene.final:
                    break
            if screen.idle and app.scene is screen and session.needs_handoff():
                screen.accept_handoff()
            elif screen.idle and app.scene is screen and session.my_turn():
                if session.state.phase == "plus" and session.veiled:
                    break
                session.try_action(rng.choice(session.state.legal_actions()))
            app.step(FRAME)
        if session.state.phase == "plus" and session.veiled and app.scene is screen:
            break
    else:
        pytest.fail("no person's plus decision with the hand veiled")
    app.step(FRAME)
    assert "btn:show_hand" in app.scene.targets
    post_click(app, "btn:show_hand")
    assert not session.needs_handoff()
    spy = HandSpy(monkeypatch)
    app.step(FRAME)
    assert set(spy.faces) == set(session.state.view(session.viewer)["hand"])
    assert "plus:confirm" in app.scene.targets, "the dialog is still there to choose in"


@pytest.mark.slow
def test_mlut_a_last_card_in_hot_seat_needs_no_cover_and_goes_by_itself():
    """Everyone holds one card in the round's last trick: no cover, no click (a newcomer met a
    cover and then "click it" for each person's last card)."""
    import random
    rng = random.Random(3)
    app = App(Settings(speed="instant", bot_delay=0, seed=12))
    app.new_game("mlut", SEATS)
    screen = app.scene
    session = screen.session
    last_cards = 0
    for _ in range(60000):
        if app.scene is not screen:
            break  # the round's sheet
        if screen.idle and session.is_person(session.decider) and not session.state.is_over \
                and len(session.state.view(session.decider)["hand"]) == 1 and session.state.phase == "play":
            assert not session.needs_handoff(), "a cover for a last card"
            before = len(session.state.events)
            for _ in range(120):  # its beat, then it goes without a click
                app.step(FRAME)
                if len(session.state.events) > before:
                    break
            assert len(session.state.events) > before, "the last card waited for a click"
            last_cards += 1
            continue
        if screen.idle and session.needs_handoff():
            screen.accept_handoff()
        elif screen.idle and session.my_turn():
            session.try_action(rng.choice(session.state.legal_actions()))
        app.step(FRAME)
    assert last_cards == 2, "both people's last cards were seen"


def test_only_the_strip_over_the_hand_shows_it():
    """A click meant for the table (a newcomer's "Bury nothing") showed the next person's screen:
    only the strip over the hand (or Enter, Space) shows it, and the strip covers no more than the
    hand's place: the table stays in sight."""
    app, session = at_the_first_cover()
    app.step(FRAME)
    button = app.scene.targets["handoff"]
    assert button.height < 200 and button.top > 500, button
    for spot in ((132, 680), (40, 40), (640, 300), (1270, 700)):
        assert not button.collidepoint(spot)
        pos = app.to_window(spot)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(FRAME)
        assert session.needs_handoff(), f"a click at {spot} lifted the cover"
    post_click(app, "handoff")
    assert not session.needs_handoff()
