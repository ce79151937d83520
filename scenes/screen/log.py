"""The game log in words, written from the events the table is told (game.observe), so it never
holds a secret: what it says, everyone at the table may read."""

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
            if not self.trick_open:
                self.trick_open = True
                return [_("{name} leads {card}: {colour} is trump.").format(name=who, card=card_words(arg),
                                                                            colour=colour_name(arg[0]))]
            return [_("{name} plays {card}.").format(name=who, card=card_words(arg))]
        if key == "pick":
            # TRANSLATORS: {cards} is a list like "red 10 ● and yellow 8 ★"
            return [_("{name} picks {cards}.").format(name=who, cards=listing(card_words(c) for c in arg))]
        if key == "plus":
            # TRANSLATORS: {colours} is a list like "blue ■ and green ▲"
            return [_("{name} chooses plus colours {colours}.").format(
                name=who, colours=listing(colour_words(c) for c in arg))]
        return [f"{who}: {key} {arg}"]

    def _trick(self, ev):
        self.trick_open = False
        lines = []
        if ev.get("taker") is not None and ev.get("taken"):
            lines.append(_("{name} takes {cards}.").format(name=self.names[ev["taker"]],
                                                           cards=listing(card_words(c) for c in ev["taken"])))
        if ev.get("removed"):
            removed = listing(card_words(c) for c in ev["removed"])
            lines.append(ngettext("{cards} leaves the game.", "{cards} leave the game.",
                                  len(ev["removed"])).format(cards=removed))
        return lines

    def _early_end(self, ev):
        self.trick_open = False
        return [_("{name} holds only the forbidden colour: the round ends early.").format(name=self.names[ev["p"]])]

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
