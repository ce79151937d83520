"""Teach mode in a real game: a one-line reminder beside each rule the first time it applies, once per
game, for the people at the screen in their first game of it (the setting: first games, always, off)."""

from pathlib import Path

import pygame
import pytest

from game import Seat
from kept.stats import first_games
from game.teach import rule_keys
from kept.storage import Summary
from scenes.app import App
from scenes.screen.settings import Settings
from app_driver import FRAME

BOTS = [Seat(n, "bot", "normal") for n in ("Ben", "Carla", "David")]


def finished(game, players, people):
    return Summary(Path(f"/kept/{game}-{len(players)}.jsonl"), game=game, players=tuple(players),
                   people=tuple(people), totals=tuple(range(len(players))), won=(0,), finished=True)


def test_first_games_are_the_people_without_a_finished_game_of_it():
    seats = [Seat("Anna"), Seat("ben "), Seat("Carla", "bot", "normal"), Seat("Dora")]
    kept = [finished("mlut", ["Ben", "X", "Y", "Z"], [0]),         # Ben has played it (any case, spaces)
            finished("tricks", ["Dora", "X", "Y"], [0]),           # Dora, but another game
            finished("mlut", ["Q", "Anna", "Y", "Z"], [])]         # Anna's seat was a bot's there
    unfinished = Summary(Path("/kept/u.jsonl"), game="mlut", players=("Dora", "X", "Y", "Z"), people=(0,))
    assert first_games(kept + [unfinished], "mlut", seats) == {0, 3}
    assert first_games([], "mlut", seats) == {0, 1, 3}, "bots are never taught"


def play_round(app, limit=20000):
    """The person plays the lowest legal action each time until the first round is scored."""
    screen = app.scene
    for _ in range(limit):
        state = screen.state
        if state.round > 1 or state.is_over:
            return screen
        if app.scene is not screen:
            app.scene.click("continue") if hasattr(app.scene, "click") else None
        elif screen.idle and screen.session.my_turn():
            screen.act(sorted(state.legal_actions())[0])
        app.step(FRAME)
    raise AssertionError("the round did not end")


def new_game(mode, people=("Anna",)):
    app = App(Settings(speed="instant", bot_delay=0, seed=5, teach_mode=mode))
    app.new_game("mlut", [Seat(p) for p in people] + BOTS[:4 - len(people)], keep=False)
    return app


def test_a_first_game_tells_each_rule_once_beside_its_target():
    app = new_game("first")
    screen = app.scene
    assert screen.session.teach_seats == {0}
    seen_tag = False
    for _ in range(3000):
        teaching = screen.teaching
        if teaching.reminders:
            note = teaching.reminders[0][0]
            app.step(FRAME)
            surface = pygame.Surface((1280, 720))
            teaching.draw_reminder(surface)
            place = screen.board.teach_box()
            assert surface.subsurface(place).get_bounding_rect().height > 0, "the reminder is drawn in its place"
            assert note.short and note.rule in rule_keys("mlut")
            seen_tag = True
            break
        if screen.idle and screen.session.my_turn():
            screen.act(sorted(screen.state.legal_actions())[0])
        app.step(FRAME)
    assert seen_tag, "a reminder came"
    play_round(app)
    rules = [rule for rule, _ in screen.teaching.shown]
    assert rules and len(rules) == len(set(rules)), "each rule once"
    assert "lead_is_trump" in rules


def test_teach_mode_off_tells_nothing_and_always_tells_a_seasoned_player():
    off = new_game("off")
    assert off.scene.teaching is None
    always = new_game("always")
    assert always.scene.session.teach_seats == {0} and always.scene.teaching is not None


@pytest.mark.slow
def test_in_hot_seat_a_reminder_is_drawn_only_over_its_own_persons_picture():
    app = new_game("always", people=("Anna", "Ben"))
    screen = app.scene
    assert screen.session.teach_seats == {0, 1}
    drawn_for_others = 0
    for _ in range(6000):
        if screen.state.round > 1:
            break
        teaching = screen.teaching
        if screen.session.needs_handoff():
            screen.accept_handoff()
        elif screen.idle and screen.session.my_turn():
            screen.act(sorted(screen.state.legal_actions())[0])
        app.step(FRAME)
        if teaching.reminders:
            seat = teaching.reminders[0][1]
            view_seat = screen.session.view()["seat"]
            surface = pygame.Surface((1280, 720))
            before = pygame.image.tobytes(surface, "RGB")
            teaching.draw_reminder(surface)
            if view_seat != seat:
                drawn_for_others += pygame.image.tobytes(surface, "RGB") != before
    assert drawn_for_others == 0, "a reminder reads one person's view: never drawn over another's"


def test_a_reminders_glow_never_shows_through_a_dialog(monkeypatch):
    """A reminder glows round what it speaks of; a dialog drawn over the table (the grey 4's colour,
    the plus colours) covers that, and nothing glows through it."""
    from scenes.screen import teaching as teaching_module
    app = new_game("always")
    screen = app.scene
    glows = []
    monkeypatch.setattr(teaching_module, "glow", lambda surface, rect, age: glows.append(rect))
    for _ in range(6000):
        teaching = screen.teaching
        if teaching.reminders and teaching.reminders[0][0].target and teaching.lesson is None:
            surface = pygame.Surface((1280, 720))
            screen.render(surface)
            if glows:
                break
        if screen.idle and screen.session.my_turn():
            screen.act(sorted(screen.state.legal_actions())[0])
        app.step(FRAME)
    assert glows, "a reminder glowed round its target"
    glows.clear()
    screen.modal(surface, (400, 200))
    teaching.draw_reminder(surface)
    assert not glows
    screen.render(surface)  # the next frame, no dialog
    assert glows


def reminders_told(monkeypatch):
    """[(seat, rule)] of every reminder told from now on, whichever Teaching tells it (an Undo starts
    the screen again, with a Teaching of its own)."""
    from scenes.screen.teaching import Teaching
    told = []
    tell = Teaching.tell

    def telling(self, note, seat, mine):
        if self.lesson is None:
            told.append((seat, note.rule))
        return tell(self, note, seat, mine)
    monkeypatch.setattr(Teaching, "tell", telling)
    return told


def play_rounds(app, rounds, limit, decide):
    """The game on app's screen played until ROUNDS rounds are over (or the game): sheets go on, a
    hand-over is taken, a reveal goes on, and at a person's turn DECIDE(screen, state) moves. The state."""
    screen = app.scene
    state = screen.state
    for _ in range(limit):
        state = screen.state
        if state.round > rounds or state.is_over:
            break
        if app.scene is not screen:
            app.scene.click("continue") if hasattr(app.scene, "click") else None
        elif screen.session.needs_handoff():
            screen.accept_handoff()
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.idle and screen.session.my_turn():
            decide(screen, state)
        app.step(FRAME)
    return state


def test_no_reminder_comes_again_after_an_undo(monkeypatch):
    """Teach mode tells each rule once per game: an Undo takes back a decision, not what was learnt (a
    newcomer saw the reminders again after an Undo)."""
    told = reminders_told(monkeypatch)
    app = new_game("always")
    done = {"moves": 0, "undone": False}

    def decide(screen, state):
        if done["moves"] == 3 and not done["undone"] and screen.session.can_undo():
            screen.undo()
            done["undone"] = True
        else:
            screen.act(sorted(state.legal_actions())[0])
            done["moves"] += 1

    play_rounds(app, 1, 20000, decide)
    assert done["undone"] and told, "an Undo after reminders were told"
    assert len(told) == len(set(told)), [t for t in told if told.count(t) > 1]


@pytest.mark.slow  # two rounds of a game
def test_each_person_is_told_each_rule_once_in_the_whole_game(monkeypatch):
    """Hot seat, two rounds of Tricks: each person hears each rule once, round 2's buying too (a
    newcomer saw round 2's buying reminder again)."""
    told = reminders_told(monkeypatch)
    app = App(Settings(speed="instant", bot_delay=0, seed=5, teach_mode="always"))
    app.new_game("tricks", [Seat("Anna"), Seat("Ben"), Seat("Carla", "bot", "normal")], keep=False)
    state = play_rounds(app, 2, 60000, lambda screen, state: screen.act(sorted(state.legal_actions(), key=str)[0]))
    assert state.round > 1 or state.is_over, "round 2 was played"
    assert {seat for seat, _ in told} == {0, 1} and ("you_buy" in {rule for _, rule in told})
    assert len(told) == len(set(told)), [t for t in told if told.count(t) > 1]


def test_a_lesson_only_note_is_never_a_reminder_in_a_real_game():
    """"You are Anna and you dealt…" is the lesson's opening; in a real game it came as a reminder at the
    first trick, with three cards on the table."""
    from game.teach import Teacher
    for game_id in ("mlut", "wassticht"):
        lesson_rules = {fn.__name__ for fn in Teacher(game_id).rules}
        game_rules = {fn.__name__ for fn in Teacher(game_id, lesson=False).rules}
        assert "who_you_are" in lesson_rules and "who_you_are" not in game_rules
        assert game_rules < lesson_rules


def test_a_warning_before_the_fact_waits_in_a_real_game_until_it_applies():
    """"Careful: if every bid is a 5, there is no trump at all." came as a real game's reminder at a reveal
    where it did not apply; in a real game the rule is told when every bid is a 5."""
    from game.teach import Teacher, lesson
    from game.teach.walk import walk
    warned = [(m, n) for m, n in walk(lesson("tricks")).told if n.rule == "all_fives"]
    assert warned and warned[0][1].lesson_only, "the lesson's deal warns at its reveal"
    real = Teacher("tricks", lesson=False)
    assert all(n.rule != "all_fives" for n in real.look(warned[0][0]))
    assert "all_fives" not in real.told, "told later, when every bid is a 5"
