"""Snapshots of the table helps: the trick history over each game's table (the latest trick, and an
earlier round's in Mit List und Tücke), the cards-still-out strip and a forced card's beat."""

from game.history import tricks_by_round
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
    app.to_menu()
