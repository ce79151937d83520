"""The game log in words, written from the events the table is told (game.observe), so it never
holds a secret: what it says, everyone at the table may read.

``GameLog`` says what every trick-taking game shares (a new game, a deal, a card led or played, the
trick's winner, a round's points, the winners); a game's board kit names its own log class, a GameLog
that adds its own actions and events."""

from game import cards, game_info
from game.i18n import _, ngettext, listing
from game.observe import action_of

GLYPHS = {"R": "●", "G": "▲", "B": "■", "Y": "★", "X": "◎"}
MAX_LINES = 300


def colour_name(colour):
    """A colour's name in the table's language ("red")."""
    return _(cards.COLOUR_NAMES[colour])


def card_words(card):
    # TRANSLATORS: a card in the log: {colour} is a colour's name ("red"), {number} its number, {symbol} ● ▲ ■ ★ ◎
    return _("{colour} {number} {symbol}").format(colour=cards.card_colour(card[0]), number=card[1:],
                                                  symbol=GLYPHS.get(card[0], "")).strip()


def colour_words(colour):
    return f"{colour_name(colour)} {GLYPHS.get(colour, '')}".strip()

def session_log(session, log_class, events=None):
    """The game's log as far as the screen has shown it: a continued game's log starts with its
    whole history, as the table saw it. EVENTS: those a log was given so far (its ``told``), to write
    that log again in the language now."""
    rounds = game_info(session.game_id).rounds_for(len(session.seats))
    log = log_class(session.seats, rounds)
    for event in session.told if events is None else list(events):
        log.event(event)
    return log


class GameLog:
    def __init__(self, seats, rounds=None):
        self.names = [s.name for s in seats]
        self.rounds = rounds
        self.lines = []
        self.told = []  # every event given, in order: the log is written again from them (a new language)
        self.trick_open = False  # the next card played leads a trick

    def add(self, line):
        self.lines.append(line[:1].upper() + line[1:])  # "Blue 4 ■ and blue 2 ■ leave the game."
        del self.lines[:-MAX_LINES]

    def event(self, ev):
        """Add the words for one event (events with nothing to tell add nothing)."""
        self.told.append(ev)
        for line in self.words(ev):
            self.add(line)

    def words(self, ev):
        kind = ev.get("t")
        say = getattr(self, f"_{kind}", None)
        return say(ev) if say else []

    def _game(self, ev):
        # TRANSLATORS: {names} is the players' names, "Anna, Ben, Carla"
        return [_("New game: {names}.").format(names=", ".join(self.names))]

    def _deal(self, ev):
        self.trick_open = False
        who = self.names[ev["dealer"]]
        if self.rounds:
            return [_("Round {round} of {rounds}: {name} deals.").format(round=ev["round"], rounds=self.rounds,
                                                                         name=who)]
        return [_("Round {round}: {name} deals.").format(round=ev["round"], name=who)]

    def _act(self, ev):
        who = self.names[ev["p"]]
        key, arg = action_of(ev)[:2]
        if key == "play":
            lead = not self.trick_open
            self.trick_open = True
            if lead:
                return [_("{name} leads {card}.").format(name=who, card=card_words(arg))]
            return [_("{name} plays {card}.").format(name=who, card=card_words(arg))]
        return [f"{who}: {key} {arg}"]

    def _trick(self, ev):
        self.trick_open = False
        if ev.get("winner") is None:
            return []
        return [_("{name} takes the trick.").format(name=self.names[ev["winner"]])]

    def _score(self, ev):
        # TRANSLATORS: one player's points in a list: "Anna 3"
        points = ", ".join(_("{name} {points}").format(name=n, points=p) for n, p in zip(self.names, ev["points"]))
        # TRANSLATORS: {points} is a list like "Anna 1, Ben 2, Carla 3"
        return [_("Round {round} points: {points}.").format(round=ev["round"], points=points)]

    def _end(self, ev):
        winners = ev["winners"]
        best = ev["totals"][winners[0]]
        if len(winners) == 1:
            return [ngettext("{name} wins with {points} point!", "{name} wins with {points} points!", best).format(
                name=self.names[winners[0]], points=best)]
        # TRANSLATORS: {names} is a list like "Anna and Ben"
        return [ngettext("{names} share the win with {points} point!", "{names} share the win with {points} points!",
                         best).format(names=listing(self.names[w] for w in winners), points=best)]
