"""Snapshots of the kept games (``python -m tools.snapshot``): the menu offering Continue, the list
of kept games with a refused broken record, and replays of each game: playing mid-trick, paused, at
another seat's hand, at the market, and at the final scores; a data folder that cannot be used (its
screen, and the menu's line about it).

Games are written to a temporary games folder (``TRICKTABLE_DATA``), never the person's own.
"""

import os
import tempfile

from game import Seat, new_game
from game.runner import play_out, seat_bots
from kept.storage import Autosave, games_dir
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene
from scenes.menus.replay import open_replay

FRAME = 1 / 60
NAMES = ["Anna", "Ben", "Carla", "David", "Emma"]


def kept(game, players, seed, actions=None):
    """A bot game written as the app writes it; unfinished when actions is given."""
    seats = [Seat(n, "human" if i == 0 else "bot", None if i == 0 else "random") for i, n in enumerate(NAMES[:players])]
    state = new_game(game, players, seed, seats)
    bots, rngs = seat_bots(state)
    save = Autosave(state)
    play_out(state, bots, rngs, max_actions=actions)
    save.sync(state)
    save.close()
    return save.path


def broken_copy(path):
    """A copy of a finished record with one impossible card in the middle (the original stays)."""
    target = path.with_name("broken-" + path.name)
    lines = path.read_bytes().split(b"\n")
    lines[7] = b'{"t": "act", "p": 2, "a": {"play": "R99"}}'
    target.write_bytes(b"\n".join(lines))
    return target


def shoot(shooter):
    """In a fresh folder of its own, so the list shows exactly the games made here."""
    before = os.environ.get("TRICKTABLE_DATA")
    os.environ["TRICKTABLE_DATA"] = tempfile.mkdtemp(prefix="tricktable-shots-")
    try:
        shoot_kept(shooter)
    finally:
        if before is None:
            os.environ.pop("TRICKTABLE_DATA", None)
        else:
            os.environ["TRICKTABLE_DATA"] = before


def shoot_kept(shooter):
    app = shooter.app
    finished = {g: kept(g, n, shooter.seed + k) for k, (g, n) in enumerate([("mlut", 4), ("tricks", 3),
                                                                             ("wassticht", 4)])}
    broken_copy(finished["mlut"])
    (games_dir() / "notes.jsonl").write_text("shopping list\n")
    kept("tricks", 4, shooter.seed + 5, actions=40)  # the newest unfinished game: Continue offers it
    app.switch(MenuScene(app))
    shooter.save("kept_menu_continue", 2)
    library = LibraryScene(app)
    app.switch(library)
    shooter.save("kept_list", 2)
    broken = next(i for i, s in enumerate(library.games) if s.path.name.startswith("broken-"))
    library.click(f"game:{broken}")
    shooter.save("kept_list_refused", 2)
    players_shots(shooter, library)
    replay_shots(shooter, finished)
    folder_shots(shooter)


def folder_shots(shooter):
    """The data folder is a file (a drive's name taken by a file): the screen that says so over the
    menu, then the menu's line about it."""
    app = shooter.app
    blocker = os.path.join(os.environ["TRICKTABLE_DATA"], "games-stick")
    with open(blocker, "w") as f:
        f.write("a file where the data folder should be")
    os.environ["TRICKTABLE_DATA"] = blocker  # shoot() puts the folder back
    app.switch(MenuScene(app))
    shooter.save("kept_folder_unusable", 2)
    app.pop()
    shooter.save("kept_menu_folder_line", 2)


def players_shots(shooter, library):
    """The Players view: a few more games of people (one name spelt two ways), a long list scrolled."""
    from game import Seat, new_game
    from kept import storage
    people = ["Anna", "ben", "Carla", "Ben ", "David"]
    for k, (game, players) in enumerate([("mlut", 4), ("tricks", 3), ("wassticht", 4), ("mlut", 5), ("tricks", 5),
                                         ("wassticht", 4), ("mlut", 6)]):
        seats = [Seat(people[(i + k) % len(people)], "human") if i < 2 else Seat(f"Bot {i}", "bot", "random")
                 for i in range(players)]
        state = new_game(game, players, shooter.seed + 20 + k, seats)
        save = Autosave(state)
        play_out(state, *seat_bots(state))
        save.sync(state)
        save.close()
    storage.catalog().refresh()
    app = shooter.app
    app.switch(library)
    library.click("tab:players")
    shooter.save("kept_players", 2)
    app.scene.move(99)
    shooter.save("kept_players_scrolled", 2)
    app.pop()


def replay_shots(shooter, finished):
    app = shooter.app
    speed, app.settings.speed = app.settings.speed, "normal"
    replay = start(shooter, finished["mlut"])
    run_until(app, replay, lambda: replay.done >= 30 and replay.board.flights)
    shooter.save("replay_mlut_playing", 0)
    replay.click("r:play")
    replay.click("r:speed:2")
    run_until(app, replay, lambda: not replay.script.busy)
    shooter.save("replay_mlut_paused", 2, FRAME)
    replay.click("r:view")
    shooter.save("replay_mlut_other_hand", 2, FRAME)
    market = start(shooter, finished["tricks"])
    run_until(app, market, lambda: market.done >= 5 and not market.script.busy)
    shooter.save("replay_tricks_market", 2, FRAME)
    draft = start(shooter, finished["wassticht"])
    run_until(app, draft, lambda: draft.done >= 14)
    shooter.save("replay_wassticht_draft", 2, FRAME)
    draft.click("r:speed:4")
    run_until(app, draft, lambda: draft.sheet is not None and draft.sheet.final, 40000, 0.1)
    shooter.save("replay_wassticht_final", 2, FRAME)
    app.settings.speed = speed


def start(shooter, path):
    replay = open_replay(shooter.app, path)
    shooter.app.switch(replay)
    return replay


def run_until(app, scene, wanted, limit=20000, dt=FRAME):
    for _ in range(limit):
        if wanted():
            return True
        app.step(dt)
    return False
