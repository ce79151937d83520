"""What Was sticht?'s events may show (game.observe asks the kit): the secret trump only to the
round's starter, until it is shown (``trump_shown``); a chosen task only to its chooser, until all
are shown together (``tasks_shown``). Both are events of the observer's own, built from views."""

from game import cards

PUBLIC_EVENTS = {
    "tasks": ("t", "offer"),
    "deal": ("t", "round", "starter", "trump_colour", "trump_number", "trump_known", "rows"),
    "hint": ("t", "round", "row", "winner"),
    "trick": ("t", "cards", "winner"),
    "done": ("t", "round", "fulfilled", "laid_down"),
    "trump_shown": ("t", "round", "colour", "number"),
    "tasks_shown": ("t", "round", "chosen"),
}

PUBLIC_ACTIONS = frozenset({"take_task", "draft", "play", "discard"})
SECRET_ACTIONS = frozenset({"task"})  # shown to their actor alone


def _deal(event, viewer):
    # the rows lie open, but in the shuffled deck's order: told in a canonical order, as views show them
    rows = [cards.sorted_cards(r) for r in event["rows"]]
    if viewer is not None and viewer == event["starter"]:
        return dict(event, rows=rows, trump_known=True)
    return dict(event, rows=rows, trump_colour=None, trump_number=None, trump_known=False)


HIDERS = {"deal": _deal}


def revealed(before, after):
    """The secret trump shown by the starter; the secret tasks shown together."""
    out = []
    if after["trump_known"] and not before["trump_known"] and after["round"] == before["round"]:
        out.append({"t": "trump_shown", "round": after["round"], "colour": after["trump_colour"],
                    "number": after["trump_number"]})
    chosen = after["chosen"]
    if after["phase"] == "play" and before["phase"] != "play" and all(
            t is not None for s, t in enumerate(chosen) if s != after["starter"]):
        out.append({"t": "tasks_shown", "round": after["round"], "chosen": list(chosen)})
    return out


TRUMP_KEYS = {"trump_known", "trump_colour", "trump_number"}


def table_knows(seat_view, table_view):
    """The keys of a seat's view the table can work out for itself: the trump, once the table's
    possible trumps (read from the drafted rows and the starter's hints) come down to the one the
    seat knows."""
    possible = table_view.get("possible_trumps")
    known = [seat_view.get("trump_colour"), seat_view.get("trump_number")]
    deduced = seat_view.get("trump_known") and possible is not None and len(possible) == 1 and possible[0] == known
    return TRUMP_KEYS if deduced else set()
