"""Was sticht? by mouse: real clicks posted at the drawn rectangles, from the menu to the final
scoreboard; and with two people, the secret trump only ever on the starter's screen."""

import pygame
import pytest

from game import Seat
from game.cards import sort_key
from scenes.boards.wassticht import common as wassticht_common
from scenes.boards.wassticht import notepad as wassticht_notepad
from scenes.app import App
from scenes.menus.menu import MenuScene, SetupScene
from scenes.boards.scoreboard import ScoreboardScene
from scenes.screen.settings import Settings
from app_driver import post_click, showing

FRAME = 1 / 60
SEED = 175  # with the clicks below and random bots this game ends after 4 rounds, with a discard




def set_up_from_menu(app):
    app.step(FRAME)
    post_click(app, "game:wassticht")
    setup = showing(app)
    assert isinstance(setup, SetupScene) and setup.count == 4
    assert setup.options == {"tasks_per_player": 5}
    post_click(app, "opt:tasks_per_player")
    assert setup.options == {"tasks_per_player": 4}, "the option toggles between 5 and 4"
    for i in range(4):
        want = "human" if i == 0 else "bot"
        if setup.seats[i][1] != want:
            post_click(app, f"kind:{i}")
        for _ in range(6):
            if want == "human" or setup.seats[i][2] == "random":
                break
            post_click(app, f"level:{i}")
    assert [s.kind for s in setup.chosen_seats()] == ["human", "bot", "bot", "bot"]
    assert all(s.bot == "random" for s in setup.chosen_seats()[1:])
    post_click(app, "start")
    return showing(app).session


def chosen_action(state):
    """The person's decision (the same rule the seed was picked with): the first legal choice, in
    play the lowest legal card, at round end a task rather than none."""
    legal = state.legal_actions()
    if state.phase == "play":
        return min(legal, key=lambda a: sort_key(a[1]))
    return legal[0]


TARGET_PREFIX = {"take_task": "task:", "task": "task:", "draft": "card:", "play": "card:", "discard": "discard:"}


def refuse_once(app, scene, checks):
    """One illegal click per kind of decision: the rules core's reason shows, nothing changes."""
    phase = scene.state.phase
    if phase in checks["refused"]:
        return
    legal = {a[1] for a in scene.state.legal_actions()}
    prefix = {"task_draft": "task:", "row_draft": "row:", "play": "card:"}.get(phase)
    wrong = [n for n in scene.targets if prefix and n.startswith(prefix) and n[len(prefix):] not in legal]
    if not wrong:
        return
    before = len(scene.state.events)
    post_click(app, wrong[0])
    assert len(scene.state.events) == before, "an illegal click changed the game"
    assert scene.hint, "an illegal click must say why"
    checks["refused"].add(phase)


def person_move(app, scene, checks):
    refuse_once(app, scene, checks)
    key, arg = chosen_action(scene.state)
    name = TARGET_PREFIX[key] + ("none" if arg is None else arg)
    assert name in scene.targets, f"{name} was not drawn in the {scene.kind} scene"
    before = len(scene.state.events)
    post_click(app, name)
    assert len(scene.state.events) > before, f"the click on {name} did nothing: {scene.hint}"
    checks["kinds"].add(scene.kind)
    checks[key] = checks.get(key, 0) + 1


@pytest.mark.slow
def test_whole_game_with_one_person_by_mouse():
    app = App(Settings(speed="instant", bot_delay=0, seed=SEED))
    session = set_up_from_menu(app)
    checks = {"refused": set(), "kinds": set(), "rounds": 0}
    for _ in range(20000):
        scene = showing(app)
        if isinstance(scene, ScoreboardScene):
            if scene.final:
                break
            checks["rounds"] += 1
            post_click(app, "continue")
            continue
        assert not session.needs_handoff(), "one person with bots never needs a hand-off"
        if scene.idle and session.my_turn() and scene.kind == app.scene_kind(session):
            person_move(app, scene, checks)
        else:
            app.step(FRAME)
    assert isinstance(showing(app), ScoreboardScene) and showing(app).final
    state = session.state
    assert state.is_over and state.tasks_per_player == 4
    assert checks["rounds"] == state.round - 1
    assert checks["kinds"] == {"bidding", "market", "table"}
    assert checks["refused"] >= {"task_draft", "row_draft", "play"}
    assert checks["take_task"] == 4 and checks["draft"] == 9 * state.round and checks.get("discard", 0) >= 1
    assert session.name(state.winners[0]) in " ".join(showing(app).tie_break_lines())
    post_click(app, "menu")
    assert isinstance(showing(app), MenuScene)


def test_one_person_by_mouse_through_the_drafts_to_the_first_cards():
    """The whole game's quick sibling: round 1's task draft, row draft and a few cards, by clicks."""
    app = App(Settings(speed="instant", bot_delay=0, seed=SEED))
    session = set_up_from_menu(app)
    checks = {"refused": set(), "kinds": set(), "rounds": 0}
    for _ in range(20000):
        scene = showing(app)
        if checks.get("play", 0) >= 3:
            break
        assert not isinstance(scene, ScoreboardScene) and not session.needs_handoff()
        if scene.idle and session.my_turn() and scene.kind == app.scene_kind(session):
            person_move(app, scene, checks)
        else:
            app.step(FRAME)
    assert checks["kinds"] == {"bidding", "market", "table"}
    assert checks["refused"] >= {"task_draft", "row_draft", "play"}
    assert checks["take_task"] == 4 and checks["draft"] == 9 and checks["play"] == 3


class TrumpSpy:
    """Records every trump card and every notepad ring the screen draws, with the viewer then."""

    def __init__(self, monkeypatch, session):
        self.drawn = []  # (viewer, what)
        real_card, real_panel = wassticht_common.trump_card, wassticht_notepad.panel

        def trump_card(kind, value, size=(70, 98)):
            self.drawn.append((session.viewer, session.state.phase, "card"))
            return real_card(kind, value, size)

        def panel(possible, truth=None):
            if truth is not None:
                self.drawn.append((session.viewer, session.state.phase, "ring"))
            return real_panel(possible, truth)

        monkeypatch.setattr(wassticht_common, "trump_card", trump_card)
        monkeypatch.setattr(wassticht_notepad, "panel", panel)


@pytest.mark.parametrize("people", [(0, 1)])
@pytest.mark.slow
def test_only_the_starter_sees_the_trump_before_the_reveal(monkeypatch, people):
    app = App(Settings(speed="instant", bot_delay=0, seed=3))
    seats = [Seat(n, "human" if i in people else "bot", None if i in people else "random")
             for i, n in enumerate(["Anna", "Ben", "Carla", "Dora"])]
    app.new_game("wassticht", seats, {"tasks_per_player": 4})
    session = showing(app).session
    spy = TrumpSpy(monkeypatch, session)
    seen_by = {}  # round -> viewers whose screen showed the trump during the row draft
    handoffs = 0
    for _ in range(8000):
        scene = showing(app)
        state = session.state
        if state.round > 2:
            break
        if isinstance(scene, ScoreboardScene):
            post_click(app, "continue")
            continue
        spy.drawn.clear()
        app.step(FRAME)
        drafting = [(v, what) for v, phase, what in spy.drawn if phase == "row_draft"]
        if scene.idle and session.needs_handoff():
            assert not drafting, "the trump is not drawn under the hand-off screen"
            post_click(app, "handoff")
            handoffs += 1
            continue
        for viewer, _ in drafting:
            assert viewer == state.starter, f"seat {viewer}'s screen drew the trump of starter {state.starter}"
            seen_by.setdefault(state.round, set()).add(viewer)
        if scene.idle and session.my_turn() and scene.kind == app.scene_kind(session):
            key, arg = chosen_action(state)
            post_click(app, TARGET_PREFIX[key] + ("none" if arg is None else arg))
    assert handoffs > 10
    assert seen_by == {1: {0}, 2: {1}}, "each round the starter (Anna, then Ben) saw his trump on his screen"


def test_the_starters_announcement_leaves_the_next_rows_cards_in_sight(monkeypatch):
    """The starter's speech box covered the row on offer next in the row draft. A game watched again,
    played on by its "Play" button, until the announcement after a row that is not the last."""
    from app_driver import new_app, run_until
    from scenes.boards.wassticht.draft import ROWS, WasStichtDraft, big_rect
    from scenes.screen import theme
    from test_app_replay import start_replay
    app = new_app(seed=3, speed="normal", bot_delay=0.7)
    replay, _ = start_replay(app, "wassticht")

    def announcing():
        board = replay.board
        return isinstance(board, WasStichtDraft) and board.hint_banner is not None \
            and not board.hint_banner[2] and board.shown["row"] < ROWS

    assert run_until(app, announcing, limit=20000)
    boxes, words, panel, blit = [], [], theme.panel, theme.blit_text
    monkeypatch.setattr(theme, "panel", lambda surface, rect, *a, **k: boxes.append(pygame.Rect(rect))
                        or panel(surface, rect, *a, **k))
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: words.append((s, blit(surface, s, *a, **k))))
    app.step(FRAME)
    said = next(rect for s, rect in words if "would have won" in s)
    box = next(b for b in reversed(boxes) if b.contains(said))
    offered = [big_rect(i) for i in range(len(replay.board.row_cards(replay.board.shown["row"])))]
    assert offered and box.collidelist(offered) == -1, (box, offered)
