"""Action shapes: what each kind of action holds, declared once per game and checked before any rule
sees an action.

An action comes in from a record, a phone or a click as a tuple ``(kind, argument)`` or ``(kind,
card, colour)``, or as its JSON object ``{"play": "X4", "as": "B"}``. Each game declares, per kind,
the shape of the argument and of the optional colour (``ActionShapes``); ``shaped`` turns an action
into its tuple of that shape or says, in a few bounded words, what is wrong. The rules then only
ever meet the right types, lengths and ranges (a card of the game, a seat at the table), so a
``{"plus": [1, 2]}`` in a file is refused like any other illegal action instead of raising
TypeError deep inside a rule.
"""

import reprlib
from dataclasses import dataclass

from game.i18n import _

QUOTE_LIMIT = 40  # characters of a bad value quoted in a refusal


def _short_repr():
    short = reprlib.Repr()
    short.maxstring = short.maxother = QUOTE_LIMIT
    short.maxlist = short.maxtuple = short.maxdict = short.maxset = 4
    short.maxlevel = 3
    short.maxlong = QUOTE_LIMIT
    return short


_SHORT = _short_repr()


def brief(value, limit=QUOTE_LIMIT):
    """A short quotation of any value for a message: never the whole of a huge string, list or number
    (reprlib looks at a few items, a few levels deep, and cuts long strings in the middle)."""
    try:
        text = _SHORT.repr(value)
    except ValueError:  # an integer of more digits than Python turns into text
        text = _("a number of over {digits} digits").format(digits=QUOTE_LIMIT)
    return text if len(text) <= limit else text[:limit] + "…"


class Shape:
    """One part of an action: ``why(value, players)`` is None when VALUE fits, else the words why not;
    ``canonical(value)`` is VALUE as the rules hold it (lists as tuples)."""

    def why(self, value, players):
        raise NotImplementedError

    @staticmethod
    def canonical(value):
        return value


@dataclass(frozen=True)
class OneOf(Shape):
    """A string from a fixed set: a card of the game, a colour letter, a task id."""

    values: frozenset
    what: str  # N_("{value} is not a card of this game"): the refusal, {value} the bad value quoted
    refusal: str = ""  # or these words (N_-marked too), whatever the value

    def why(self, value, players):
        if type(value) is not str or value not in self.values:
            return _(self.refusal) if self.refusal else _(self.what).format(value=brief(value))
        return None


@dataclass(frozen=True)
class SeatNumber(Shape):
    """A seat at this table: a JSON integer (never a boolean, never 1.0) from 0 to players - 1."""

    def why(self, value, players):
        if type(value) is not int:
            return _("a seat is a whole number, not {value}").format(value=brief(value))
        if not 0 <= value < players:
            return _("there is no seat {seat} at a table of {players}").format(seat=brief(value), players=players)
        return None


@dataclass(frozen=True)
class OrNone(Shape):
    """The inner shape, or null (Tricks declines a bury, Was sticht? lays down no task)."""

    inner: Shape

    def why(self, value, players):
        return None if value is None else self.inner.why(value, players)

    def canonical(self, value):
        return None if value is None else self.inner.canonical(value)


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of ITEM, exactly as long as LENGTH(players) says."""

    item: Shape
    length: object  # players -> the length
    refusal: object  # players -> the words for a list of another length, or for no list at all

    def why(self, value, players):
        if not isinstance(value, (list, tuple)) or len(value) != self.length(players):
            return self.refusal(players)
        for item in value:
            reason = self.item.why(item, players)
            if reason:
                return reason
        return None

    @staticmethod
    def canonical(value):
        return tuple(value)


@dataclass(frozen=True)
class Kind:
    """The shape of one kind of action: its argument, and its "as" colour (None: it has none)."""

    argument: Shape
    colour: Shape | None = None


def shaped(shapes, action, players):
    """(the action as a tuple of its declared shape, None) or (None, why it is no action of this game).

    SHAPES: {kind: Kind}. ACTION: a tuple or list (kind, argument[, colour]) or the JSON object."""
    if isinstance(action, dict):
        action = _from_object(action)
        if isinstance(action, str):
            return None, action
    if not isinstance(action, (tuple, list)) or len(action) not in (2, 3):
        return None, _("{action} is not an action").format(action=brief(action))
    kind = action[0]
    if type(kind) is not str or kind not in shapes:
        # TRANSLATORS: {action} is the refused action (or its kind) quoted as the program holds it
        return None, _("{action} is not an action of this game").format(action=brief(kind))
    spec = shapes[kind]
    reason = spec.argument.why(action[1], players)
    if reason:
        return None, reason
    if len(action) == 3:
        if spec.colour is None:
            # TRANSLATORS: {kind} is the program's name of an action: play, pick, buy...
            return None, _("a {kind} action names no colour").format(kind=kind)
        reason = spec.colour.why(action[2], players)
        if reason:
            return None, reason
        return (kind, spec.argument.canonical(action[1]), action[2]), None
    return (kind, spec.argument.canonical(action[1])), None


def _from_object(d):
    """The tuple of an action object {kind: argument[, "as": colour]}, or the words why it is none."""
    keys = [k for k in d if k != "as"]
    if len(keys) != 1:
        return _("an action has one kind, not {count}").format(count=len(keys))
    kind = keys[0]
    if "as" in d:
        return (kind, d[kind], d["as"])
    return (kind, d[kind])


def declared(kinds):
    """Check a game's table when the module loads: every entry is a Kind."""
    assert all(type(k) is str and isinstance(v, Kind) for k, v in kinds.items()), kinds
    return dict(kinds)
