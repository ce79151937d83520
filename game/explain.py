"""Words for the coach: what its percentages measure and a short reason for a move.

Pure and private by construction: everything here reads one seat's view (``state.view(seat)``) and
one of that seat's legal actions, never a state. The percentages are the Hard bot's mean values
(``game.bots.search``, each game's kit's ``values``); the kit's ``meaning`` says in words what that
value is for its game, so the coach never claims more than the search measured.
"""

from game import cards
from game.i18n import _, ngettext
from game.kit import find, kit


def meaning(game_id, short=False):
    """What the coach's percentages measure in this game (short: one line for the hint box)."""
    words = kit(game_id).meaning
    return _(words[0] if short else words[1])


# A reason is a verb phrase without its subject, shown after a percentage ("62%, takes the trick so
# far") and after "it" ("The marked red 5 is a good choice: it takes the trick so far.").
def reason(view, action):
    """A short reason for one legal action from the seat's view (the game kit's ``reason``), or None
    when there is nothing to say that the action's own words do not already say."""
    game_kit = find(view.get("game"))
    explain = game_kit.part("reason") if game_kit is not None else None
    return explain(view, action) if explain else None


# --- the hint in one sentence ----------------------------------------------------------------------
#: Moves whose values lie within this of the best one are as good as it: the Hard bot's search at a
#: hint's budget does not tell such moves apart (one percentage point).
EQUAL = 0.01

# How many moves a sentence names before it counts the rest.
NAMED = 3


def equal_best(values):
    """The actions as good as the best one (within EQUAL), best first; [] without values."""
    if not values:
        return []
    ranked = sorted(values, key=values.get, reverse=True)
    top = values[ranked[0]]
    return [a for a in ranked if top - values[a] <= EQUAL]


def advice(view, values, name=None, why=True):
    """One sentence saying the best move and why, from the seat's VIEW and the Hard bot's VALUES
    ({action: value}): "Best: blue 7, because it takes the trick so far."; where moves are as good as
    each other, it says so, and why: "Blue 7 and red 3 are as good as each other, because each lets the
    trick go." (a reason for each when they differ). NAME: action -> its words (move_name by default; a
    screen gives seats their names); WHY False: the move alone, for a box too small for the reason."""
    best = equal_best(values)
    if not best:
        return ""
    name = name or (lambda action: move_name(view, action))
    reasons = {a: reason(view, a) if why else None for a in best}  # each worked out once (a buy's reads the hand)
    said = reasons.get
    if len(best) == 1:
        return _best_alone(name(best[0]), said(best[0]))
    whys = set(reasons.values())
    why = whys.pop() if len(whys) == 1 else None
    named = best[:NAMED]
    each = len(best) <= NAMED and all(said(a) for a in named)  # a reason for each move, to say one by one
    if len(best) == len(values):
        if why:
            return _("All your moves are as good as each other, because each {why}.").format(why=why)
        if each:
            # TRANSLATORS: the hint: {reasons} each move with its reason, e.g. "blue 7, because it takes the
            # trick so far; red 3, because it lets the trick go"
            return _("All your moves are as good as each other: {reasons}.").format(
                reasons=_each(named, name, said))
        return _("All your moves are as good as each other.")
    moves = _listed([name(a) for a in named], len(best) - NAMED)
    if why:
        # TRANSLATORS: the hint: {moves} e.g. "blue 7 and red 3"; {why} a reason (a verb phrase, its
        # subject is each of the moves), e.g. "lets the trick go"
        words = _("{moves} are as good as each other, because each {why}.").format(moves=moves, why=why)
    elif each:
        # TRANSLATORS: the hint: {moves} e.g. "blue 7 and red 3"; {reasons} each move with its reason, e.g.
        # "blue 7, because it takes the trick so far; red 3, because it lets the trick go"
        words = _("{moves} are as good as each other: {reasons}.").format(moves=moves,
                                                                          reasons=_each(named, name, said))
    else:
        # TRANSLATORS: the hint: {moves} e.g. "blue 7 and red 3"
        words = _("{moves} are as good as each other.").format(moves=moves)
    return words[:1].upper() + words[1:]


def _each(actions, name, said):
    """Each of ACTIONS with its reason: "blue 7, because it takes the trick so far; red 3, because ..."."""
    # TRANSLATORS: one move of the hint's list with its reason: {move} e.g. "blue 7", {why} a verb phrase
    # whose subject is the move, e.g. "takes the trick so far"
    return "; ".join(_("{move}, because it {why}").format(move=name(a), why=said(a)) for a in actions)


def _best_alone(move, why):
    if why and why != move:
        # TRANSLATORS: the hint: {move} the best move, e.g. "blue 7"; {why} a reason (a verb phrase,
        # its subject is the move), e.g. "takes the trick so far"
        return _("Best: {move}, because it {why}.").format(move=move, why=why)
    # TRANSLATORS: the hint: {move} the best move, e.g. "blue 7"
    return _("Best: {move}.").format(move=move)


def _listed(names, more):
    """Names as a list in words: "a, b and c"; MORE left unnamed: "a, b, c and 2 more"."""
    if more > 0:
        # TRANSLATORS: the hint's list of equal moves, {moves} e.g. "blue 7, red 3, green 2"
        return ngettext("{moves} and {n} more", "{moves} and {n} more", more).format(moves=", ".join(names), n=more)
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the last two of a list of moves: "blue 7 and red 3"
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def move_name(view, action, seat_name=None):
    """A move in a few words for a sentence: what the game's kit says (its ``move``: words of its own
    for a move its cards do not name), else its cards and colours by name ("blue 7", "red 3 and green 5", "blue
    and red"). SEAT_NAME: seat -> name ("seat 2" without)."""
    seat_name = seat_name or (lambda seat: _("seat {n}").format(n=seat + 1))
    game_kit = find(view.get("game"))
    own = game_kit.part("move") if game_kit is not None else None
    words = own(view, action, seat_name) if own else None
    if words:
        return words
    return " ".join(part_name(p) for p in action[1:])


def part_name(part):
    """A card, a colour or a set of them in words."""
    if isinstance(part, (tuple, list)):
        return _listed([part_name(p) for p in part], 0)
    text = str(part)
    if text in cards.COLOUR_NAMES:
        return _(cards.COLOUR_NAMES[text])
    if len(text) in (2, 3) and text[0] in cards.COLOUR_NAMES and text[1:].isdigit():
        return cards.name(text)
    return text
