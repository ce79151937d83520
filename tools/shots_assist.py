"""Snapshots of the table helps: the trick history over each game's table (the latest trick, and an
earlier round's in Mit List und Tücke), the cards-still-out strip and a forced card's beat."""

from game.assist import forced_action
from game.history import tricks_by_round
from scenes.screen.table_board import OUT_STRIP
from tools.snapshot import Director, seats_for, table_of

PLAYERS = {"mlut": 4, "tricks": 3, "wassticht": 4}


def history_open(round_no, tricks):
    """At the table, idle, with TRICKS finished tricks of round ROUND_NO told."""
    def wanted(app):
        t = table_of(app)
        if t is None or not t.idle or t.board.kind != "table" or t.session.needs_handoff():
            return False
        done = [x for x in tricks_by_round(t.session.told).get(round_no, []) if x.done]
        return len(done) >= tricks
    return wanted


def go_on(app):
    """The Tricks bids are shown and wait for "To the tricks"."""
    t = table_of(app)
    if t is not None and getattr(t.board, "reveal_open", lambda: False)():
        t.board.go_to_tricks()
    return False


def shoot(shooter):
    app = shooter.app
    for game, n in PLAYERS.items():
        app.new_game(game, seats_for(n, {0}))
        d = Director(app, shooter.seed)
        round_no = 2 if game == "mlut" else 1
        if d.run_until(lambda a: go_on(a) or history_open(round_no, 2)(a)):
            t = table_of(app)
            t.toggle_history()
            shooter.save(f"{game}_history", 2)
            if game == "mlut":
                t.history.move("round", -1)
                shooter.save("mlut_history_round_1", 2)
            t.overlay = None
    forced_beat(shooter)
    cards_out_strip(shooter)
    app.to_menu()


def cards_out_strip(shooter):
    """The cards-still-out strip on the tables that count them, its ranks open under the mouse."""
    app = shooter.app
    app.settings.cards_out = True
    for game in ("mlut", "tricks"):
        app.new_game(game, seats_for(PLAYERS[game], {0}))
        if Director(app, shooter.seed).run_until(lambda a: go_on(a) or history_open(1, 3)(a)):
            t = table_of(app)
            shooter.save(f"{game}_cards_out", 2)
            t.mouse = OUT_STRIP.center
            shooter.save(f"{game}_cards_out_ranks", 2)
    app.settings.cards_out = False


def forced_beat(shooter):
    """Mit List und Tücke at normal speed: the only card the person may play lifted, with its line."""
    app = shooter.app
    app.settings.speed = "normal"
    app.new_game("mlut", seats_for(4, {0}))

    def forced(a):
        t = table_of(a)
        return t is not None and t.idle and t.session.my_turn() and forced_action(t.state, 0) is not None

    if Director(app, shooter.seed).run_until(forced):
        shooter.save("mlut_forced_card", 20, 1 / 60)  # a third of the beat: the card up, the line shown
    app.settings.speed = "instant"
