"""End to end: real mouse events posted to the app, aimed at the rectangles the scenes drew."""

import pytest

from scenes.screen import cards
from scenes.menus.menu import MenuScene, SetupScene
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, new_app, point_at, post_click, seats



@pytest.fixture
def app():
    return new_app(seed=20240611)




def start_from_menu(app, kinds):
    app.step(FRAME)
    post_click(app, "game:mlut")
    assert isinstance(app.scene, SetupScene)
    for i, kind in enumerate(kinds):
        if app.scene.seats[i][1] != kind:
            post_click(app, f"kind:{i}")
    assert [s[1] for s in app.scene.seats[:4]] == kinds
    post_click(app, "start")
    assert isinstance(app.scene, GameScreen)
    return app.scene.session


def person_move(app, table, checks):
    """Decide for the person at the screen with clicks only, as a person would."""
    state = table.state
    legal = state.legal_actions()
    if state.phase == "play":
        playable = {a[1] for a in legal}
        hand = [n[5:] for n in table.targets if n.startswith("card:")]
        if not hand:  # a last card in front of everyone (hot seat): it goes by itself
            app.step(FRAME)
            return
        refused = [c for c in hand if c not in playable]
        if refused and not checks["refused"]:
            before = len(state.events)
            post_click(app, f"card:{refused[0]}")
            assert len(state.events) == before, "an illegal click changed the game"
            assert table.hint, "an illegal click must say why"
            checks["refused"] = True
        card = next(c for c in hand if c in playable)
        point_at(app, app.scene.targets[f"card:{card}"].center, FRAME)
        board = getattr(table, "board", table)  # the game screen, or its board
        assert board.lifts.get(card, 0) > 0.9, "a legal card rises under the mouse"
        post_click(app, f"card:{card}")
    elif state.phase == "pick":
        for name in [n for n in table.targets if n.startswith("trick:")][:state.k1]:
            post_click(app, name)
        post_click(app, "pick:confirm")
        checks["picks"] += 1
    else:
        post_click(app, "plus:R")
        post_click(app, "plus:B")
        post_click(app, "plus:confirm")
        checks["plus"] += 1


@pytest.mark.slow
def test_whole_game_with_one_person_by_mouse(app):
    session = start_from_menu(app, ["human", "bot", "bot", "bot"])
    checks = {"refused": False, "picks": 0, "plus": 0, "rounds": 0}
    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.final:
                break
            checks["rounds"] += 1
            post_click(app, "continue")
            continue
        assert not session.needs_handoff(), "one person with bots never needs a hand-off"
        if scene.idle and session.my_turn():
            person_move(app, scene, checks)
        else:
            app.step(FRAME)
    assert isinstance(app.scene, ScoreboardScene) and app.scene.final
    state = session.state
    assert state.is_over and state.winners
    assert checks["rounds"] == 3  # rounds 1-3 get a round scoreboard, round 4 the final one
    person_acts = [e for e in state.events if e["t"] == "act" and e["p"] == 0]
    assert len(person_acts) >= 20  # every one of them came from a click
    post_click(app, "menu")
    assert isinstance(app.scene, MenuScene)


class FaceSpy:
    """Records which card faces are handed out for drawing."""

    def __init__(self, monkeypatch):
        self.seen = set()
        real_face, real_dim = cards.face, cards.dimmed

        def face(card, size=cards.HAND):
            self.seen.add(card)
            return real_face(card, size)

        def dimmed(card, size=cards.HAND):
            self.seen.add(card)
            return real_dim(card, size)

        monkeypatch.setattr(cards, "face", face)
        monkeypatch.setattr(cards, "dimmed", dimmed)


def test_handoff_hides_every_hand_until_the_click(app, monkeypatch):
    app.new_game("mlut", seats(4, people=(0, 1)))
    table = app.scene
    session = table.session
    spy = FaceSpy(monkeypatch)
    handoffs = 0
    for _ in range(6000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            post_click(app, "continue")
            continue
        if scene.idle and session.needs_handoff():
            nxt = session.decider
            hands = session.state.hands
            secret = set(hands[0]) | set(hands[1])
            spy.seen.clear()
            app.step(FRAME)
            assert not (spy.seen & secret), "a hand card was drawn before the hand-off click"
            assert "handoff" in scene.targets and not scene.board.hand_rects
            post_click(app, "handoff")
            assert session.viewer == nxt
            spy.seen.clear()
            app.step(FRAME)
            assert set(hands[nxt]) <= spy.seen, "after the click the person sees his hand"
            assert not (spy.seen & set(hands[1 - nxt])), "but never the other person's"
            handoffs += 1
            if handoffs == 4:
                break
        elif scene.idle and session.my_turn():
            legal = session.state.legal_actions()
            assert session.try_action(legal[0]) is None
            app.step(FRAME)
        else:
            app.step(FRAME)
    assert handoffs == 4


@pytest.mark.slow
def test_bots_alone_play_to_the_end_and_an_early_end_is_told():
    app = new_app(seed=5)  # seed 5: a round ends early
    app.new_game("mlut", seats(4, people=()))
    session = app.scene.session
    table = app.scene
    early = []
    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.history[-1]["early_end"] is not None:
                early.append(scene.round_no)
            if scene.final:
                break
            post_click(app, "continue")
            continue
        assert not session.hand_visible() and not session.needs_handoff()
        app.step(FRAME)
    assert isinstance(app.scene, ScoreboardScene) and app.scene.final
    assert early, "this seed has a round that ends early"
    assert any("forbidden colour" in line for line in table.log.lines)
