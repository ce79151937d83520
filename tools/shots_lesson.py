"""Snapshots of the guided rounds (every note the teacher shows, the first turn lines, the score page)
and of teach mode's first reminders in a real game, for each game that has a lesson."""

from game import Seat
from game.kit import registered
from game.teach import lesson
from scenes.menus.lesson import LessonDoneScene
from scenes.screen.game_screen import GameScreen

TURN_SHOTS = 2  # turn lines saved per lesson (they all look alike)
MORE_SHOTS = 2  # notes saved with More open too (the whole explanation, paged when long)
REMINDER_SHOTS = 3  # teach-mode reminders saved per game


def step_lesson(app, screen):
    """One frame of a lesson played as its teacher suggests: Go on, a board's own go-on, the advice."""
    teaching = screen.teaching
    if app.scene is screen and teaching.holds():
        teaching.go_on()
    elif app.scene is screen and "reveal:go" in screen.targets:
        screen.click("reveal:go")
    elif app.scene is screen and screen.can_act() and teaching.advice is not None:
        screen.act(teaching.advice)
    app.step(0.05)


def shoot_lesson(shooter, game_id, limit=40000):
    app = shooter.app
    app.to_menu()
    app.learn(game_id)
    screen = app.scene
    told, turns, more = 0, 0, 0
    for _ in range(limit):
        if isinstance(app.scene, LessonDoneScene):
            app.scene.click("all")
            shooter.save(f"lesson_{game_id}_score", frames=2, dt=0.05)
            return
        teaching = screen.teaching
        if app.scene is screen and teaching.words and (teaching.holds() or screen.can_act()):
            rule = teaching.note.rule if teaching.note is not None else "turn"
            key = (rule, teaching.words)
            if key != getattr(screen, "_shot_key", None) and (rule != "turn" or turns < TURN_SHOTS):
                screen._shot_key = key
                told += 1
                turns += rule == "turn"
                shooter.save(f"lesson_{game_id}_{told:02d}_{rule}", frames=2, dt=0.05)
                if more < MORE_SHOTS and teaching.has_more():
                    more += 1
                    teaching.toggle_more()
                    shooter.save(f"lesson_{game_id}_{told:02d}_{rule}_more", frames=2, dt=0.05)
                    teaching.toggle_more()
        step_lesson(app, screen)
    raise AssertionError(f"the {game_id} lesson did not reach its score page")


def shoot_reminders(shooter, game_id, limit=20000):
    """A real game in teach mode: its first reminders over the person's own picture."""
    app = shooter.app
    app.to_menu()
    mode, app.settings.teach_mode = app.settings.teach_mode, "always"
    the_lesson = lesson(game_id)
    seats = [Seat("Anna")] + [Seat(n, "bot", "normal") for n in the_lesson.names if n != "Anna"]
    app.new_game(game_id, seats, keep=False)
    app.settings.teach_mode = mode
    screen, shots, last = app.scene, 0, None
    for _ in range(limit):
        if shots >= REMINDER_SHOTS or not isinstance(screen, GameScreen):
            break
        teaching = screen.teaching
        if app.scene is screen and teaching.reminders and teaching.reminders[0][0].rule != last:
            last = teaching.reminders[0][0].rule
            shots += 1
            shooter.save(f"teach_{game_id}_{shots}_{last}", frames=1, dt=0.0)
        if app.scene is not screen:
            click = getattr(app.scene, "click", None)
            if click is not None:
                click("continue")
        elif "reveal:go" in screen.targets:
            screen.click("reveal:go")
        elif screen.idle and screen.session.my_turn():
            screen.act(sorted(screen.state.legal_actions(), key=str)[0])
        app.step(0.05)


def shoot(shooter):
    for game_id in (g for g in registered() if lesson(g) is not None):  # every game with a guided round
        shoot_lesson(shooter, game_id)
        shoot_reminders(shooter, game_id)
