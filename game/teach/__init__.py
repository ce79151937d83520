"""Teaching the rules at the table: one note per rule, the first time it comes up, from one place per game.

A game's teaching module (its kit's ``teach``, e.g. a game package's ``teach.py``) registers its rules in
order: each is a function ``moment -> Note | None`` that reads only one seat's view (``Moment``), so a
note can never tell a seat what it may not know, on the TV or on a phone. The same notes serve

- the guided first round (``Lesson``): a fixed deal against bots where every rule comes up, the
  note's ``line`` (at most two sentences) in the teacher's box, an arrow on its ``target``;
- teach mode in a real game: the note's ``short`` (one line) beside its target, once per game.

Pure Python like the rest of ``game``: the screens and the phone page read it, tests check every
note against the rules core.
"""

from dataclasses import dataclass, field

from game import state_class
from game.engine import Seat
from game.i18n import _, pgettext
from game.kit import find


#: A note's first line (its ``short``) is one short sentence a room reads together from the sofa: at
#: most this many words and characters, in every language. Its ``line`` is the whole explanation, one
#: tap away (More).
FIRST_WORDS = 14
FIRST_CHARS = 90


@dataclass(frozen=True)
class Note:
    """One rule as it comes up now: SHORT its first line (one sentence pointing at one thing, within
    FIRST_WORDS and FIRST_CHARS), LINE the whole explanation (under More). TARGET says what it speaks of,
    for the arrow and the glow:

    ("card", card) a card of the seat's own hand; ("trick",) the cards on the table; ("seat", s) a
    seat's place (panel, row, pile); ("trump",) the trump sign; ("action", kind) where that kind of
    decision is taken (the bid, the plus colours, a buy); a board may know more (Tricks: ("deck", s),
    Was sticht?: ("row", k), ("task", id)). () points at nothing.
    """

    rule: str
    line: str
    short: str
    target: tuple = ()
    lesson_only: bool = False  # a warning before the fact (a lesson's deal shows the trap): never a reminder


@dataclass(frozen=True)
class Moment:
    """What a rule may read: one seat's view now and just before, the last action as the seat was told
    it (None at the start), and the seat's legal actions when it is the seat's turn (else ())."""

    view: dict
    before: dict | None = None
    action: tuple | None = None
    actor: int | None = None
    legal: tuple = ()
    names: tuple = ()

    @property
    def seat(self):
        return self.view["seat"]

    def who(self, seat):
        """A seat as the teacher names it: "You" for the moment's own seat."""
        return _("You") if seat == self.seat else self.names[seat]

    def does(self, seat, verb):
        """"You lead" or "Ben leads": a seat and an English verb, agreeing (English only: a sentence
        to translate takes ``say``)."""
        return f"You {verb}" if seat == self.seat else f"{self.names[seat]} {verb}s"

    def say(self, seat, yours, theirs, **values):
        """One of two whole sentences, both already translated: YOURS when SEAT is the moment's own
        seat, else THEIRS, which names the seat as {name}; filled with VALUES. Verbs agree with their
        subject in every language ("You lead" / "Ben leads", "Du spielst aus" / "Ben spielt aus")."""
        text = yours if seat == self.seat else theirs
        return text.format(name=self.names[seat], **values)

    @property
    def my_turn(self):
        return bool(self.legal)

    @property
    def kind(self):
        """The kind of the last action ("play", "bid", ...), or None."""
        return self.action[0] if self.action else None


def colour_noun(colour):
    """A colour's name as a noun, as in "red is trump" (German capitalises it: "Rot ist Trumpf"); in
    English the word of ``cards.COLOUR_NAMES``."""
    nouns = {"R": pgettext("colour as a noun", "red"), "G": pgettext("colour as a noun", "green"),
             "B": pgettext("colour as a noun", "blue"), "Y": pgettext("colour as a noun", "yellow"),
             "X": pgettext("colour as a noun", "grey")}
    return nouns[colour]

def capital(text):
    """TEXT with its first letter capitalised (a list of colours that starts a sentence)."""
    return text[:1].upper() + text[1:]


_RULES = {}
_LESSON_ONLY = set()  # rule functions told only in a lesson (who the learner is, on the lesson's deal)


def rule(game_id, lesson_only=False):
    """Register a rule function for GAME_ID, in the order the module defines them; LESSON_ONLY: told in
    a lesson only, never as a reminder in a real game."""
    def register(fn):
        _RULES.setdefault(game_id, []).append(fn)
        if lesson_only:
            _LESSON_ONLY.add(fn)
        return fn
    return register


def _module(game_id):
    """The teaching module of a game (its kit's ``teach``), or None for a game without one."""
    game_kit = find(game_id)
    return game_kit.part("teach") if game_kit is not None else None


def rules(game_id):
    """The rule functions of a game, in order (none for a game without a teaching module)."""
    _module(game_id)
    return tuple(_RULES.get(game_id, ()))


def rule_keys(game_id):
    """Every rule's key of a game, in order (a rule function's name is its key)."""
    return tuple(fn.__name__ for fn in rules(game_id))


class Teacher:
    """Which rules a seat has been told in this game: each note comes once."""

    def __init__(self, game_id, told=(), lesson=True):
        self.game_id = game_id
        self.lesson = lesson
        self.rules = tuple(fn for fn in rules(game_id) if lesson or fn not in _LESSON_ONLY)
        self.told = set(told)

    def look(self, moment):
        """The notes of rules not told yet that apply at MOMENT, in the rules' order; they count as told."""
        notes = []
        for fn in self.rules:
            if fn.__name__ in self.told:
                continue
            note = fn(moment)
            if note is not None and (self.lesson or not note.lesson_only):  # in a real game: once it applies
                self.told.add(note.rule)
                notes.append(note)
        return notes


def note(fn_or_key, line, short=None, target=(), lesson_only=False):
    """A Note for the rule FN_OR_KEY (the rule function itself, or its key)."""
    key = fn_or_key if isinstance(fn_or_key, str) else fn_or_key.__name__
    return Note(key, line, short or line, tuple(target), lesson_only)


@dataclass(frozen=True)
class Lesson:
    """A guided first round: a fixed deal (CHANCE, as a record's chance lines feed a game) and a seed
    (the bots' moves), the learner in seat 0 against bots of LEVEL. CHECKLIST: the rules that come up
    when the learner follows every suggestion (tests hold the lesson to it)."""

    game_id: str
    names: tuple
    seed: int
    chance: tuple
    checklist: tuple
    level: str = "normal"
    options: dict = field(default_factory=dict)
    learner: int = 0

    def seats(self, learner_name=None):
        names = list(self.names)
        if learner_name:
            names[self.learner] = learner_name
        return [Seat(n, "human", None) if i == self.learner else Seat(n, "bot", self.level)
                for i, n in enumerate(names)]

    def state(self, learner_name=None):
        """The lesson's game at its start (a fresh one each time)."""
        seats = self.seats(learner_name)
        return state_class(self.game_id)(players=len(seats), seed=self.seed, seats=seats,
                                         options=dict(self.options), chance=[tuple(c) for c in self.chance])


def lesson(game_id):
    """The guided first round of a game, or None for a game without one (its kit names no teaching)."""
    module = _module(game_id)
    return module.LESSON if module is not None else None


def skip_stops(game_id):
    """The rules at which a lesson's Skip stops, in the order a lesson meets them: each phase's first
    note and each trap (a game module's ``SKIP_STOPS``). A newcomer who skips for time still sees every
    new part once; they met the parts skipped over first in a real game."""
    module = _module(game_id)
    return tuple(getattr(module, "SKIP_STOPS", ())) if module is not None else ()


def suggest(view, legal, rng):
    """The move the teacher suggests: the Normal bot's (rule of thumb, quick, explainable), or a game
    module's own ``suggest`` where the teacher must not follow the bot blindly (Was sticht?: no task the
    open hands already make hopeless)."""
    from game.bots import NormalBot
    advice = NormalBot().choose(view, list(legal), rng)
    module = _module(view.get("game"))
    if module is None:
        return advice
    own = getattr(module, "suggest", None)
    return own(view, tuple(legal), advice) if own else advice


def turn_line(game_id, moment, action):
    """The teacher's words at the learner's turn when no new rule comes up: what to decide and why the
    raised suggestion is a good one."""
    return _module(game_id).turn_line(moment, action)


def turn_note(game_id, moment, action):
    """The learner's turn as a Note("turn", ...): SHORT what to do now (the box's largest words), LINE
    why (under More)."""
    return _module(game_id).turn_note(moment, action)


def score_lines(game_id, view, names):
    """The first round's score explained line by line, for the seat of VIEW."""
    return _module(game_id).score_lines(view, names)
