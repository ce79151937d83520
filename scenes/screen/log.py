"""The game log in words, written from the events the table is told (game.observe), so it never
holds a secret: what it says, everyone at the table may read."""

from game import cards, game_info
from game.observe import action_of

GLYPHS = {"R": "●", "G": "▲", "B": "■", "Y": "★", "X": "◎"}
MAX_LINES = 300


def card_words(card):
    return f"{cards.name(card)} {GLYPHS.get(card[0], '')}".strip()


def colour_words(colour):
    return f"{cards.COLOUR_NAMES[colour]} {GLYPHS.get(colour, '')}".strip()


def listing(items):
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def session_log(session, log_class):
    """The game's log as far as the screen has shown it: a continued game's log starts with its
    whole history, as the table saw it."""
    rounds = game_info(session.game_id).rounds_for(len(session.seats))
    log = log_class(session.seats, rounds)
    for event in session.told:
        log.event(event)
    return log


class GameLog:
    def __init__(self, seats, rounds=None):
        self.names = [s.name for s in seats]
        self.rounds = rounds
        self.lines = []
        self.trick_open = False  # the next card played leads a trick

    def add(self, line):
        self.lines.append(line[:1].upper() + line[1:])  # "Blue 4 ■ and blue 2 ■ leave the game."
        del self.lines[:-MAX_LINES]

    def event(self, ev):
        """Add the words for one event (events with nothing to tell add nothing)."""
        for line in self.words(ev):
            self.add(line)

    def words(self, ev):
        kind = ev.get("t")
        say = getattr(self, f"_{kind}", None)
        return say(ev) if say else []

    def _game(self, ev):
        return [f"New game: {', '.join(self.names)}."]

    def _deal(self, ev):
        self.trick_open = False
        of = f" of {self.rounds}" if self.rounds else ""
        return [f"Round {ev['round']}{of}: {self.names[ev['dealer']]} deals."]

    def _act(self, ev):
        who = self.names[ev["p"]]
        key, arg = action_of(ev)[:2]
        if key == "play":
            if not self.trick_open:
                self.trick_open = True
                return [f"{who} leads {card_words(arg)}: {cards.COLOUR_NAMES[arg[0]]} is trump."]
            return [f"{who} plays {card_words(arg)}."]
        if key == "pick":
            return [f"{who} picks {listing(card_words(c) for c in arg)}."]
        if key == "plus":
            return [f"{who} chooses plus colours {listing(colour_words(c) for c in arg)}."]
        return [f"{who}: {key} {arg}"]

    def _trick(self, ev):
        self.trick_open = False
        lines = []
        if ev.get("taker") is not None and ev.get("taken"):
            lines.append(f"{self.names[ev['taker']]} takes {listing(card_words(c) for c in ev['taken'])}.")
        if ev.get("removed"):
            lines.append(f"{listing(card_words(c) for c in ev['removed'])} leave the game.")
        return lines

    def _early_end(self, ev):
        self.trick_open = False
        return [f"{self.names[ev['p']]} holds only the forbidden colour: the round ends early."]

    def _score(self, ev):
        points = ", ".join(f"{n} {p}" for n, p in zip(self.names, ev["points"]))
        return [f"Round {ev['round']} points: {points}."]

    def _end(self, ev):
        winners = ev["winners"]
        best = ev["totals"][winners[0]]
        if len(winners) == 1:
            return [f"{self.names[winners[0]]} wins with {best} points!"]
        return [f"{listing(self.names[w] for w in winners)} share the win with {best} points!"]
