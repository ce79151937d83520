"""Snapshots of the Was sticht? scenes, taken by ``python -m tools.snapshot`` (see its Shooter).

Game A (one person, seat 0, against bots): the task draft (a taken task clicked: refused), the row draft on
the starter's screen (round 1: the person is the starter) and on a non-starter's (round 2), the task choice,
the reveal, the table mid-trick, the round scoreboard. Game B (four people, five tasks each): the hand-off
and the starter's discard choice. Game C (bots only, a seed where two players finish together): the final
scoreboard with its tie-break.
"""

from game import Seat, new_game
from game.runner import play_out, seat_bots
from scenes.boards.scoreboard import ScoreboardScene

NAMES = ["Anna", "Ben", "Carla", "David"]
FRAME = 1 / 60


def seats(people):
    return [Seat(n, "human" if i in people else "bot", None if i in people else "random") for i, n in enumerate(NAMES)]


def board_of(app):
    """The board on show when the app shows a game screen, else None (a score sheet, a menu)."""
    return getattr(app.scene, "board", None)


def my_turn_in(phase, extra=None):
    """The person's move in this phase, the screen at rest; extra(board) must hold too."""
    def wanted(app):
        scene = app.scene
        ok = (board_of(app) is not None and scene.idle and scene.session.my_turn()
              and scene.state.phase == phase)
        return ok and (extra is None or extra(scene.board))
    return wanted


def tie_seed(start=1, tries=400, per=4):
    """A seed whose all-random-bot game ends with two or more players laying down all tasks."""
    for seed in range(start, start + tries):
        state = new_game("wassticht", 4, seed, seats(set()), {"tasks_per_player": per})
        play_out(state, *seat_bots(state))
        if sum(1 for h in state.held if not h) > 1:
            return seed
    return None


def hover_first(scene, prefix):
    for name, rect in scene.targets.items():
        if name.startswith(prefix):
            scene.mouse = rect.center
            return


def shoot(shooter, director_class):
    app = shooter.app
    app.settings.speed = "instant"
    one_person(shooter, director_class(app, shooter.seed))
    four_people(shooter, director_class)
    final_tie(shooter)
    app.settings.speed = "instant"


def one_person(shooter, d):
    app = shooter.app
    app.new_game("wassticht", seats({0}), {"tasks_per_player": 4})
    if d.run_until(my_turn_in("task_draft", lambda s: sum(map(len, s.shown["held_tasks"])) >= 5)):
        app.step(0)
        hover_first(app.scene, "task:T1")
        taken = sorted(t for held in app.scene.state.held for t in held)
        app.scene.click(f"task:{taken[-1]}")  # refused: taken already; the reason lies above the tiles
        shooter.save("ws_task_draft", 2)
    if d.run_until(my_turn_in("row_draft", lambda s: s.shown["row"] >= 6)):
        app.step(0)
        hover_first(app.scene, "card:")
        app.scene.click("row:" + app.scene.board.shown["rows"][8][0])  # refused: another row
        shooter.save("ws_row_draft_starter", 3, FRAME)
    if d.run_until(lambda a: drafting(a) and a.scene.board.shown["round"] == 2
                   and 2 < len(a.scene.board.shown["possible_trumps"]) < 40):
        app.step(0)
        save_notepad(shooter)  # a few hints in: some cells crossed out, several left
    if d.run_until(my_turn_in("row_draft", lambda s: s.shown["round"] == 2 and s.shown["row"] >= 8)):
        shooter.save("ws_row_draft_other", 2)
        hints_banner(shooter, d)
    if d.run_until(my_turn_in("task_choice")):
        app.step(0)
        hover_first(app.scene, "task:")
        shooter.save("ws_task_choice", 2, FRAME)
        reveal(shooter)
    if d.run_until(my_turn_in("play", lambda s: len(s.shown["trick"]) == 2 and len(s.shown["tricks"]) >= 3)):
        hover_first(app.scene, "card:")
        shooter.save("ws_table_mid_trick", 6, FRAME)
        app.scene.click("btn:tasks")
        shooter.save("ws_tasks_overlay", 2)
        app.scene.click("overlay:close")
    if d.run_until(lambda a: isinstance(a.scene, ScoreboardScene)):
        shooter.save("ws_score_round", 40, FRAME)


def drafting(app):
    board = board_of(app)
    return board is not None and board.kind == "market" and board.idle and board.state.phase == "row_draft"


def save_notepad(shooter):
    """The notepad alone, cut from the row draft just drawn, to look at it closely."""
    import pygame
    from scenes.boards.wassticht.draft import NOTEPAD_POS
    from scenes.boards.wassticht.notepad import SIZE
    path = shooter.out / "ws_notepad.png"
    pygame.image.save(shooter.app.picture(pygame.Rect(NOTEPAD_POS, SIZE)), str(path))
    shooter.saved.append(path)


def hints_banner(shooter, d):
    """The starter's announcement after a row, caught while it is on screen at normal speed."""
    app = shooter.app
    scene, board = app.scene, app.scene.board
    if not d.run_until(lambda a: a.scene is scene and scene.board is board and scene.idle
                       and scene.session.bot_turn() and len(scene.state.drafted[-1]) == 3):
        return
    app.settings.speed = "normal"
    scene.session.bot_move()
    for _ in range(120):
        app.step(FRAME)
        if board.banner_lines:
            break
    shooter.save("ws_hint_banner", 20, FRAME)
    app.settings.speed = "instant"


def reveal(shooter):
    """The person chooses last before the starter in round 2: the choices appear together."""
    app = shooter.app
    scene = app.scene
    app.settings.speed = "normal"
    scene.session.try_action(scene.state.legal_actions()[0])
    for _ in range(60):
        app.step(FRAME)
        if getattr(scene.board, "revealing", None):
            break
    shooter.save("ws_reveal", 10, FRAME)
    app.settings.speed = "instant"


def four_people(shooter, director_class):
    app = shooter.app
    app.new_game("wassticht", seats({0, 1, 2, 3}), {"tasks_per_player": 5})  # five: the dialog's widest row
    d = director_class(app, shooter.seed + 3)

    def handoff(a):
        s = a.scene
        return (not isinstance(s, ScoreboardScene) and s.idle and s.session.needs_handoff()
                and any(e["t"] == "act" and "draft" in e["a"] for e in s.session.told))
    if d.run_until(handoff):
        shooter.save("ws_handoff", 2)
    if d.run_until(my_turn_in("discard")):
        app.step(0)
        hover_first(app.scene, "discard:T")
        shooter.save("ws_discard", 2, FRAME)


def final_tie(shooter):
    """The final scoreboard of a bots-only game played out without the screen (faster)."""
    seed = tie_seed()
    if seed is None:
        return
    from scenes.screen.session import Session
    from scenes.boards.wassticht.score import WasStichtScoreboard
    state = new_game("wassticht", 4, seed, seats(set()), {"tasks_per_player": 4})
    play_out(state, *seat_bots(state))
    session = Session.resumed(state)  # told the whole game, as the table was: the story has it all
    shooter.app.switch(WasStichtScoreboard(shooter.app, session, state.round, final=True))
    shooter.save("ws_score_final_tie", 50, FRAME)
