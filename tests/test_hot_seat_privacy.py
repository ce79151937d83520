"""Hot seat with two people and bots, played with real clicks: the instant a person's decision is
done their secrets are covered, and while any bot moves none is drawn; they show only after their
owner clicked the hand-off. The secrets: a hand in Mit List und Tücke (faces drawn at hand size),
the secret bid in Tricks (hands there are open knowledge: every bought card was seen by all, but a
seat's own view holds its bid), the starter's trump during the Was sticht? row draft (hands there
are open knowledge too, by the rules). Whatever the game, the view drawn then tells nothing the
table may not know (game.observe.secrets)."""

import random

import pytest

from game import Seat
from game.observe import secrets
from scenes.screen import cards
from scenes.boards.wassticht import common as wassticht_common
from scenes.boards.wassticht import notepad as wassticht_notepad
from scenes.app import App
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.settings import Settings
from app_driver import post_click, showing
from test_app_e2e import person_move as mlut_move
from test_app_tricks import Person as TricksPerson
from test_app_wassticht import person_move as wassticht_move

FRAME = 1 / 60
SEATS = {"mlut": 4, "tricks": 4, "wassticht": 4}


class SecretSpy:
    """Records every card face drawn at hand size (the fan of a hand) in the current frame; the
    sprite cache warming up at a deal draws nothing on screen and is not counted."""

    def __init__(self, monkeypatch, game_id, session):
        self.seen = []
        self.warming = False
        faces = game_id == "mlut"  # open hands elsewhere: faces are no secret
        real_face, real_dim, real_warm = cards.face, cards.dimmed, cards.warm

        def warm(*args, **kwargs):
            self.warming = True
            try:
                return real_warm(*args, **kwargs)
            finally:
                self.warming = False

        def face(card, size=cards.HAND):
            if faces and tuple(size) == tuple(cards.HAND) and not self.warming:
                self.seen.append(card)
            return real_face(card, size)

        def dimmed(card, size=cards.HAND):
            if faces and tuple(size) == tuple(cards.HAND) and not self.warming:
                self.seen.append(card)
            return real_dim(card, size)

        monkeypatch.setattr(cards, "face", face)
        monkeypatch.setattr(cards, "dimmed", dimmed)
        monkeypatch.setattr(cards, "warm", warm)
        real_trump, real_panel = wassticht_common.trump_card, wassticht_notepad.panel

        def secret_trump():  # the row draft, while the table cannot tell the trump from the rows
            state = session.state
            return state.phase == "row_draft" and len(state.view(None)["possible_trumps"]) > 1

        def trump_card(kind, value, size=(70, 98)):
            if secret_trump():
                self.seen.append(("trump", kind, value))
            return real_trump(kind, value, size)

        def panel(possible, truth=None):
            if truth is not None and secret_trump():
                self.seen.append(("trump ring", truth))
            return real_panel(possible, truth)

        monkeypatch.setattr(wassticht_common, "trump_card", trump_card)
        monkeypatch.setattr(wassticht_notepad, "panel", panel)


def told_more(session):
    """What the view the screen draws tells beyond the table's view at that moment."""
    view = session.view()
    return set() if view["seat"] is None else secrets(view, session.seen_views[None])


def person_mover(game_id, app):
    if game_id == "mlut":
        checks = {"refused": True, "picks": 0, "plus": 0}
        return lambda scene: mlut_move(app, scene, checks)
    if game_id == "tricks":
        person = TricksPerson(app, seed=4)
        return person.move
    checks = {"refused": {"task_draft", "row_draft", "play"}, "kinds": set()}
    return lambda scene: wassticht_move(app, scene, checks)


@pytest.mark.parametrize("game_id", [pytest.param("mlut", marks=pytest.mark.slow), "tricks",
                                     pytest.param("wassticht", marks=pytest.mark.slow)])
def test_no_hand_is_drawn_after_a_persons_move_or_while_a_bot_moves(game_id, monkeypatch):
    app = App(Settings(speed="instant", bot_delay=0.05, seed=12))
    seats = [Seat("Anna"), Seat("Carla", "bot", "random"), Seat("Ben"), Seat("Dora", "bot", "random")]
    app.new_game(game_id, seats[:SEATS[game_id]])
    session = showing(app).session
    spy = SecretSpy(monkeypatch, game_id, session)
    move = person_mover(game_id, app)
    watched = {"after a person": 0, "bot moves": 0, "handoffs": 0, "own turn": 0}
    for _ in range(40000):
        scene = showing(app)
        if isinstance(scene, ScoreboardScene) or session.state.round > 1:
            break
        if "reveal:go" in scene.targets:  # Tricks: the bids are shown; a person reads them and goes on
            post_click(app, "reveal:go")
            continue
        if scene.idle and session.needs_handoff():
            spy.seen.clear()
            app.step(FRAME)
            assert not spy.seen, "a hand was drawn behind the hand-off screen"
            post_click(app, "handoff")
            watched["handoffs"] += 1
            continue
        if scene.idle and session.my_turn() and app.scene_kind(session) == getattr(scene, "kind", None):
            before = len(session.state.events)
            move(scene)
            if len(session.state.events) > before and session.decider != session.viewer:
                spy.seen.clear()
                app.step(FRAME)
                assert not spy.seen, f"{spy.seen} drawn right after the person's move"
                assert not told_more(session), "the view drawn after the move holds a secret"
                watched["after a person"] += 1
            watched["own turn"] += 1
            continue
        bot_moving = not session.is_person(session.decider)
        spy.seen.clear()
        app.step(FRAME)
        if bot_moving:
            assert not spy.seen, f"{spy.seen} drawn while a bot moves"
            assert not told_more(session), "the view drawn while a bot moves holds a secret"
            watched["bot moves"] += 1
    assert watched["after a person"] >= 4 and watched["bot moves"] >= 20, watched
    if game_id == "tricks":  # the secret bid is the one cover of a round: one per person
        assert watched["handoffs"] == 2, watched
    elif game_id == "wassticht":  # the starter's trump until the rows tell it, the secret tasks
        assert watched["handoffs"] >= 2, watched
    else:
        assert watched["handoffs"] >= 4, watched
