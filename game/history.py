"""The tricks of a round as a viewer saw them: for the trick history a table shows (browse every
trick of the round: who led, who played what, who picked, who took or won).

Built from told events only (``game.observe.told`` or an Observer's steps), never from a state: what
a seat or the table was told is all the history may show, and the same events exist in a live game,
after Continue (the told list is rebuilt from the record) and in a replay. Every trick card was open
on the table, so nothing here is secret.

Events read (record shapes, shared/spec/record-format.md): a round begins with its ``deal`` (Mit List
und Tücke, Was sticht?) or ``decks`` line (Tricks); ``act`` lines with ``play`` (and ``as``, the colour
named for the Tricks grey 4) and ``pick``; ``trick`` lines close a trick: ``winner`` in Tricks and
Was sticht?, ``picker``, ``taker``, ``taken`` and ``removed`` in Mit List und Tücke.
"""

from dataclasses import dataclass, field

ROUND_STARTS = ("deal", "decks")


@dataclass
class Trick:
    """One trick of a round, as the table saw it.

    ``cards``: (seat, card) in play order; ``leader``: who led it. ``named``: seat -> the colour a
    played grey 4 was named (Tricks). ``winner``: who won it (Tricks, Was sticht?). Mit List und Tücke
    has no winner: ``picker`` (the highest trump) picked ``picked``, ``taker`` (the lowest other
    colour) took ``taken``, or nobody took and ``removed`` left the game. ``done`` is False for the
    trick still being played (or one a round's early end cut off).
    """

    round: int
    number: int
    cards: list = field(default_factory=list)
    named: dict = field(default_factory=dict)
    winner: int | None = None
    picker: int | None = None
    taker: int | None = None
    picked: list = field(default_factory=list)
    taken: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    done: bool = False

    @property
    def leader(self):
        return self.cards[0][0] if self.cards else None


def tricks_by_round(events):
    """{round number: [Trick, ...]} of every round the events reach, tricks in order; a round with
    no card played yet has an empty list."""
    rounds, rnd, picked = {}, None, None
    for event in events:
        kind = event["t"]
        if kind in ROUND_STARTS and isinstance(event.get("round"), int):
            rnd = event["round"]
            rounds.setdefault(rnd, [])
        elif rnd is None:
            continue
        elif kind == "act":
            picked = _act(rounds[rnd], rnd, event, picked)
        elif kind == "trick":
            _close(_open_trick(rounds[rnd], rnd), event, picked)
            picked = None
    return {r: [t for t in tricks if t.cards] for r, tricks in rounds.items()}


def round_tricks(events, round_no=None):
    """The tricks of one round (default: the latest round the events reach), [] if none."""
    rounds = tricks_by_round(events)
    if round_no is None:
        round_no = max(rounds, default=None)
    return rounds.get(round_no, [])


def _open_trick(tricks, rnd):
    """The trick being played: the last one if it is not done, else a new one."""
    if not tricks or tricks[-1].done:
        tricks.append(Trick(round=rnd, number=len(tricks) + 1))
    return tricks[-1]


def _act(tricks, rnd, event, picked):
    action = event["a"]
    if "play" in action:
        trick = _open_trick(tricks, rnd)
        trick.cards.append((event["p"], action["play"]))
        if action.get("as") is not None:
            trick.named[event["p"]] = action["as"]
    elif "pick" in action:
        return list(action["pick"])
    return picked


def _close(trick, event, picked):
    trick.cards = [(seat, card) for seat, card in event["cards"]]  # the trick line is the authority
    trick.done = True
    trick.winner = event.get("winner")
    if "picker" in event:
        trick.picker, trick.taker = event["picker"], event.get("taker")
        trick.taken, trick.removed = list(event.get("taken", [])), list(event.get("removed", []))
        rest = set(trick.taken) | set(trick.removed)
        trick.picked = picked or [card for _, card in trick.cards if card not in rest]
