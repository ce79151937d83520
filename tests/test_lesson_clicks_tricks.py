"""The Tricks guided round played by real clicks, as a person would: from the menu's "Learn to play"
to the round's score, every decision made by mouse events posted at the targets the boards drew, every
"Go on" clicked or pressed. What the screen's teacher showed is held to the pure walk of the same
lesson (``game.teach.walk``), whose notes the pure tests check against the rules core."""

import random

import pygame
import pytest

from kept import storage
from game.engine import action_to_json
from game.teach import Moment, lesson, score_lines
from game.teach.walk import walk
from scenes.boards.tricks.market import TricksMarket
from scenes.menus.lesson import LessonDoneScene
from scenes.menus.menu import MenuScene, SetupScene
from scenes.screen.game_screen import GameScreen
from app_driver import FRAME, new_app, post_click, press

LESSON = lesson("tricks")
LIMIT = 20000  # frames: far more than the round needs at instant speed


# --- driving the app -----------------------------------------------------------------------------------

def learner_acts(state):
    return [e for e in state.events if e["t"] == "act" and e["p"] == LESSON.learner]


def click_action(app, action):
    """Make ACTION, a legal action of the learner, with the clicks a person would: a deck and the
    confirm (a buy, a bury) or "Bury nothing", a hand card and "Lay it down" (a bid), a card (the grey 4
    then its colour in the dialog), a seat to lead next. Asserts that exactly that action was taken."""
    screen = app.scene
    state = screen.session.state
    assert isinstance(screen, GameScreen) and screen.can_act() and state.current_player == LESSON.learner
    assert action in state.legal_actions(), action
    before = len(learner_acts(state))
    kind, arg = action[0], action[1]
    if kind in ("buy", "bury") and arg is None:
        post_click(app, "market:skip")
    elif kind in ("buy", "bury"):
        post_click(app, f"deck:{arg}")
        assert screen.board.choice == arg, f"deck {arg} was not chosen"
        post_click(app, "market:confirm")
    elif kind == "bid":
        post_click(app, f"bid:{arg}")
        assert screen.board.choice == arg, f"bid card {arg} was not chosen"
        post_click(app, "bidding:confirm")
    elif kind == "play":
        post_click(app, f"card:{arg}")
        if len(action) == 3:  # the grey 4: its colour is asked first
            assert screen.board.joker_open, "the grey 4's colour was not asked"
            post_click(app, f"joker:{action[2]}")
    elif kind == "lead":
        post_click(app, f"lead:{arg}")
    else:
        raise AssertionError(f"no clicks known for {action!r}")
    acts = learner_acts(state)
    assert len(acts) == before + 1, f"the clicks for {action!r} did not act"
    assert acts[-1]["a"] == action_to_json(action), (acts[-1], action)


def start_lesson(app):
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    post_click(app, "learn:tricks")
    screen = app.scene
    assert isinstance(screen, GameScreen) and screen.teaching is not None and screen.teaching.lesson is LESSON
    return screen


def learner_decides(screen):
    """The learner's turn has come on screen: the teacher has worked out its suggestion for this moment
    and nothing waits to be read."""
    teaching = screen.teaching
    return (screen.can_act() and not teaching.holds() and teaching.advice is not None
            and teaching.turn_at == screen.session.door.moment)


def reveal_open(screen):
    """The bids are shown and "To the tricks" waits for its click."""
    return getattr(screen.board, "reveal_open", lambda: False)()


def play_lesson(app, decide, skip=None):
    """Run the lesson on screen to its LessonDoneScene. DECIDE(screen) -> the learner's action, made by
    clicks. "Go on" is clicked and pressed (Space) in turn; the bids' reveal goes on to the tricks by its
    button. SKIP: "Skip round" is clicked at the learner's second decision ("move") or as soon as the
    bids are shown ("reveal"), and from then on nothing is done but clicking Skip again wherever it stops
    (a part not yet shown: tests/test_lesson_skip.py). Returns (the game screen, how many decisions the
    learner made by clicks)."""
    screen = start_lesson(app)
    teaching = screen.teaching
    go_ons = moves = 0
    skipped = False
    placed = None  # the last note whose target was looked for on the board
    for _ in range(LIMIT):
        scene = app.scene
        if isinstance(scene, LessonDoneScene):
            return screen, moves
        assert scene is screen, f"{type(scene).__name__} came between the lesson's steps"
        note = teaching.note
        if note is not None and note is not placed and not teaching.skipping:
            placed = note  # a note comes into the box: what it speaks of is on the board, for the glow
            assert not note.target or screen.board.teach_rect(note.target) is not None, \
                (note.rule, note.target, type(screen.board).__name__)
        if isinstance(screen.board, TricksMarket) and teaching.words:  # issue 30: no bought card under the box
            box, board = screen.board.teach_box(), screen.board
            for seat in range(screen.session.state.players):
                for i in range(len(board.bought(seat))):
                    assert not box.colliderect(board.slot_rect(seat, i)), (teaching.words, seat, i)
        if teaching.skipping:
            app.step(FRAME)
        elif skipped and "teach:skip" in scene.targets:
            post_click(app, "teach:skip")
        elif skip == "reveal" and reveal_open(screen):
            post_click(app, "teach:skip")
            skipped = True
        elif teaching.holds():
            assert "teach:go_on" in scene.targets, "the teacher holds without a Go on button"
            if go_ons % 2 == 0:
                post_click(app, "teach:go_on")
            else:
                press(app, pygame.K_SPACE)
            go_ons += 1
        elif reveal_open(screen):
            post_click(app, "reveal:go")
        elif learner_decides(screen):
            if skip == "move" and moves >= 1:
                post_click(app, "teach:skip")
                skipped = True
                continue
            action = decide(screen)
            click_action(app, action)
            moves += 1
            if action[0] == "lead":  # the name buttons are gone: nothing is outlined where they stood
                assert screen.board.teach_rect(("action", "lead")) is None
        else:
            app.step(FRAME)
    raise AssertionError("the lesson did not reach its score")


# --- the learner's choices, the same on screen and in the pure walk --------------------------------------
class OtherMoves:
    """A legal action other than the suggestion where there is one, drawn by
    random.Random(f"{seed}:{events}") from the legal actions (sorted) less the advice. EVENTS() is the
    game's event count now: the screen's state, or the pure walk's (see Watched)."""

    def __init__(self, seed, events):
        self.seed = seed
        self.events = events

    def __call__(self, moment, advice):
        others = sorted(set(moment.legal) - {advice}, key=repr)
        if not others:
            return advice
        return random.Random(f"{self.seed}:{self.events()}").choice(others)


class Watched:
    """The lesson as walk() reads it, keeping the state walk plays on (the chooser reads its events)."""

    def __init__(self, the_lesson):
        self.lesson = the_lesson
        self.game = None

    def __getattr__(self, name):
        return getattr(self.lesson, name)

    def state(self, learner_name=None):
        self.game = self.lesson.state(learner_name)
        return self.game


def pure_walk(seed=None):
    if seed is None:
        return walk(LESSON)
    watched = Watched(LESSON)
    return walk(watched, OtherMoves(seed, lambda: len(watched.game.events)))


def notes_shown(teaching):
    return teaching.notes_shown


def walk_notes(result):
    return [(note.rule, note.line) for _, note in result.told]


def check_score_sheet(done, screen):
    """The LessonDoneScene explains the round's score for the learner's view at the end."""
    state = screen.session.state
    names = tuple(s.name for s in state.seats)
    assert done.lines == score_lines("tricks", state.view(LESSON.learner), names)



# --- the tests ---------------------------------------------------------------------------------------------
def test_following_every_suggestion_by_clicks_to_the_score_and_a_real_game():
    app = new_app(seed=1)
    screen, moves = play_lesson(app, lambda screen: screen.teaching.advice)
    teaching, session = screen.teaching, screen.session
    expected = pure_walk()
    assert moves == expected.learner_moves
    acts = [a["a"] for a in learner_acts(session.state)]  # every kind of click flow came up
    assert {"buy", "bury", "bid", "play", "lead"} <= {k for a in acts for k in a}
    assert any("as" in a for a in acts), "the grey 4's colour was never chosen"
    shown = notes_shown(teaching)
    assert shown == walk_notes(expected)
    assert set(LESSON.checklist) <= {rule for rule, _ in shown}
    rules = [rule for rule, _ in shown]  # issue 30: the goal first, trump in order (rule, tie-break, grey 4)
    assert rules[0] == "goal"
    # second newcomer: trump (with the grey 4) and loans before the learner's first buy
    assert rules.index("trump_rule") < rules.index("you_buy") < rules.index("secret_bid") < rules.index("grey_bid")
    assert rules.index("grey_bid") < rules.index("trump_set")
    loans = dict(shown)["you_buy"]
    assert "the bank lends" in loans and "borrowed costs" in loans
    assert len(rules) == len(set(rules))  # each rule once
    done = app.scene
    check_score_sheet(done, screen)
    app.step(FRAME)
    if not done.complete:
        post_click(app, "all")
    assert done.complete and "real" in done.targets
    post_click(app, "real")
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "tricks"


@pytest.mark.slow  # the lesson round again, other moves (the suggestions' round is the quick one)
@pytest.mark.parametrize("seed", [0, 1])
def test_other_legal_moves_by_clicks_reach_the_score(seed):
    app = new_app(seed=1)

    def decide(screen):
        s = screen.session
        moment = Moment(s.seen_views[LESSON.learner], None, None, None, tuple(s.state.legal_actions()),
                        tuple(s.name(i) for i in range(len(s.seats))))
        return OtherMoves(seed, lambda: len(s.state.events))(moment, screen.teaching.advice)

    screen, moves = play_lesson(app, decide)
    expected = pure_walk(seed)
    assert moves == expected.learner_moves
    assert any(a["a"].get("bury") is not None for a in learner_acts(screen.session.state))  # a deck buried
    assert notes_shown(screen.teaching) == walk_notes(expected)
    check_score_sheet(app.scene, screen)


@pytest.mark.parametrize("at", ["move", "reveal"])
def test_skip_plays_the_rest_and_esc_leaves_the_score(at):
    """Skip after the learner's first move, or while the bids' reveal waits for "To the tricks": the
    teacher plays the learner's moves and the round goes on to its score with no click but Skip again
    where it stops."""
    app = new_app(seed=1)
    screen, moves = play_lesson(app, lambda screen: screen.teaching.advice, skip=at)
    state = screen.session.state
    clicked = [a["a"] for a in learner_acts(state)[:moves]]
    if at == "move":
        assert moves == 1
    else:  # every buy and the bid by clicks, no card played yet
        assert any("bid" in a for a in clicked) and not any("play" in a for a in clicked)
    assert state.payouts, "the round was not scored"
    assert len(learner_acts(state)) == pure_walk().learner_moves  # the rest were the teacher's moves
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_esc_in_the_middle_leaves_and_keeps_nothing():
    app = new_app(seed=1)
    before = list(storage.catalog().games())
    screen = start_lesson(app)
    for _ in range(LIMIT):
        if screen.session.state.phase == "bid":
            break
        if screen.teaching.holds():
            post_click(app, "teach:go_on")
        elif learner_decides(screen):
            click_action(app, screen.teaching.advice)
        else:
            app.step(FRAME)
    assert screen.session.state.phase == "bid" and learner_acts(screen.session.state)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert list(storage.catalog().games()) == before == []
    assert not any(storage.games_dir().iterdir()), "the lesson left a file among the kept games"


def _skip_button(screen):
    return next((label, rect) for key, label, rect in screen.board.buttons_drawn if key == "market:skip")


def test_the_teacher_says_bury_nothing_where_the_table_has_it():
    """Issue 43: "Bury nothing" stood elsewhere than the teacher's words had it. The lesson's bury note
    and turn name the button by its own words and its place, bottom right, where a real game has it too."""
    from scenes.boards.tricks.market import ACTION_RECT
    from app_driver import new_table, to_my_turn

    def bottom_right(rect):
        return rect.right >= ACTION_RECT.right - 16 and rect.bottom >= ACTION_RECT.bottom - 16

    app = new_app(seed=1)
    screen = start_lesson(app)
    teaching = screen.teaching
    for _ in range(LIMIT):
        if screen.session.state.phase == "bury" and learner_decides(screen):
            break
        if teaching.holds():
            post_click(app, "teach:go_on")
        elif learner_decides(screen):
            click_action(app, teaching.advice)
        else:
            app.step(FRAME)
    app.step(FRAME)
    label, rect = _skip_button(screen)
    note = dict(teaching.notes_shown)["bury_choice"]
    assert f"click {label} at the bottom right" in note and bottom_right(rect), (note, rect)
    assert teaching.advice == ("bury", None)  # the turn says the same button
    from game.teach import turn_note
    moment = Moment(screen.session.seen_views[LESSON.learner], None, None, None,
                    tuple(screen.session.state.legal_actions()), LESSON.names)
    assert label in turn_note("tricks", moment, teaching.advice).short
    game = new_table("tricks", 4)
    table = to_my_turn(game, "bury")
    assert _skip_button(table)[0] == label and bottom_right(_skip_button(table)[1])


def test_while_the_teacher_holds_nobody_is_said_to_buy_or_bid(monkeypatch):
    """While a note holds the game nobody acts: no "Ben is buying a card…" (nor a bid being chosen)
    stands under it, as if Ben were stuck. Every frame of the lesson's buying and bids is looked at."""
    from app_driver import texts_of_a_frame
    app = new_app(seed=1)
    screen = start_lesson(app)
    teaching, session = screen.teaching, screen.session
    held_with_another = 0
    for _ in range(LIMIT):
        if session.state.phase not in ("buy", "bury", "bid"):
            break
        if teaching.holds() and screen.idle and session.decider != LESSON.learner:
            held_with_another += 1
            names = [session.name(s) for s in range(len(session.seats)) if s != LESSON.learner]
            shown = texts_of_a_frame(app, monkeypatch)
            assert not [t for t in shown if "…" in t and any(n in t for n in names)], shown
            post_click(app, "teach:go_on")
        elif teaching.holds():
            post_click(app, "teach:go_on")
        elif learner_decides(screen):
            click_action(app, teaching.advice)
        else:
            app.step(FRAME)
    assert held_with_another, "the lesson held a note while another player was to move"
