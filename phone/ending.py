"""The end of a game on each phone: its own result card (phone.bridge sends it once the game is over).

Made only from what every seat may know: the table's view of the finished game (totals, winners, the
tasks laid down) and the table's own events (the highlights read public lines only), so a card never
tells another seat's secret. Its words are made in the language spoken now (the seat's phone's)."""

from game import story
from game.i18n import _
from game.kit import kit


def place(view, seat):
    """SEAT's place at the end: 1 for a winner; else one more than the seats ahead of it (the winners,
    then the higher totals). Seats level share a place."""
    winners = set(view.get("winners") or ())
    totals = view["totals"]

    def rank(s):
        return s in winners, totals[s]
    return 1 + sum(1 for s in range(len(totals)) if rank(s) > rank(seat))


def result_card(view, seat, events, names):
    """The ``result`` message for SEAT: its place among the players, its score (with what it counts,
    ``measure``), the tasks it met where the game has tasks (``tasks``: [met, of]), and its best moment
    of the game (``moment``: {"heading", "text"}) where it has one. VIEW: the table's view of the
    finished game; EVENTS: the table's events of the whole game; NAMES: the seats' names."""
    game_kit = kit(view["game"])
    tasks_met = game_kit.part("tasks_met")
    moment = story.best_moment(events, seat)
    words = story.describe(moment, names) if moment is not None else None
    return {"type": "result", "seat": seat, "place": place(view, seat), "players": len(view["totals"]),
            "won": seat in (view.get("winners") or ()), "score": view["totals"][seat],
            "measure": _(story.measure(view["game"])),
            "tasks": list(tasks_met(view, seat)) if tasks_met is not None else None,
            "moment": {"heading": words[0], "text": words[1]} if words else None}
