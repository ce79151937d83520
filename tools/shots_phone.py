"""Snapshot moments of phone seats on the TV: the lobby (one phone in, one waiting; another device
asking for a seat), the game screen waiting for a phone, the stand-in bar of a phone that left and the
takeover question.

The phones' joins are set in the server's status table directly: the pictures need the TV's side
only, no browser."""

from scenes.menus.lobby import LobbyScene
from scenes.menus.menu import SetupScene
from scenes.screen.game_screen import GameScreen

FRAME = 1 / 60


def phone_status(server, seat, status="joined", pending=False):
    with server._lock:
        server._status[seat] = (status, pending)


def to_lobby(app, phones):
    setup = SetupScene(app, "mlut")
    app.switch(setup)
    app.step(FRAME)
    for seat in phones:
        if setup.seats[seat][1] == "bot":
            setup.click(f"kind:{seat}")
        setup.click(f"where:{seat}")
    setup.click("start")
    assert isinstance(app.scene, LobbyScene)
    return app.scene


def shoot(shooter):
    app = shooter.app
    app.port = 0  # any free port: a picture never takes the real one
    app.phone_server_options = {"host": "127.0.0.1"}
    lobby = to_lobby(app, (1, 2))
    phone_status(lobby.server, 1)
    shooter.save("phone_lobby", 2, FRAME)
    server = lobby.server
    phone_status(server, 2, "away", pending=True)  # another device asks for Carla's seat in the lobby
    shooter.save("phone_lobby_takeover", 2, FRAME)
    phone_status(server, 2)
    app.step(FRAME)
    lobby.click("start")
    screen = app.scene
    assert isinstance(screen, GameScreen)
    for _ in range(3000):
        if screen.idle and screen.session.phone_turn():
            break
        if screen.idle and screen.session.my_turn():
            legal = screen.state.legal_actions()
            screen.session.try_action(legal[0])
        app.step(FRAME)
    shooter.save("phone_waiting", 2, FRAME)
    phone_status(server, screen.session.decider, "away")
    shooter.save("phone_standin", 2, FRAME)
    phone_status(server, screen.session.decider, "joined", pending=True)
    shooter.save("phone_takeover", 2, FRAME)
    app.to_menu()
