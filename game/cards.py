"""Cards are plain strings, colour letter plus value: "R14", "Y0", "X4" (the record format's shape).

Strings keep records, actions and views identical and hash fast; the tables below give colour and
value without parsing in the inner loops.
"""

import random

from game.i18n import _, N_, pgettext

# The colours' names: the English is the message id, shown translated as _(COLOUR_NAMES[c]).
COLOUR_NAMES = {"R": N_("red"), "G": N_("green"), "B": N_("blue"), "Y": N_("yellow"), "X": N_("grey")}
#: Every colour letter, in the order cards are sorted by default.
COLOUR_ORDER = "".join(COLOUR_NAMES)

_VALUE = {}


def make(colour, value):
    return f"{colour}{value}"


def colour(card):
    return card[0]


def value(card):
    v = _VALUE.get(card)
    if v is None:
        v = _VALUE[card] = int(card[1:])
    return v


def deck(spec):
    """Cards from {colour: range of values}, in colour order then value order."""
    return [make(c, v) for c, values in spec.items() for v in values]


def sort_key(card, colour_order=COLOUR_ORDER):
    return (colour_order.index(card[0]), value(card))


def sorted_cards(cards, colour_order=COLOUR_ORDER):
    return sorted(cards, key=lambda c: sort_key(c, colour_order))


def name(card):
    """Words for a card, for messages, in the language now: "red 14", "grey 4" (German "rote 14", as in
    "die rote 14"; Dutch "rode 14")."""
    # TRANSLATORS: a card named by its colour and value, e.g. "red 14"
    return _("{colour} {value}").format(colour=card_colour(card[0]), value=card[1:])


def card_colour(colour):
    """A colour as it stands before a card's value: where the language inflects it ("die rote 14"),
    unlike the colour named alone ("Trumpf: Rot")."""
    # TRANSLATORS: a colour before a card's value ("red 14"); German and Dutch inflect it: "rote", "rode"
    return {"R": pgettext("card", "red"), "G": pgettext("card", "green"), "B": pgettext("card", "blue"),
            "Y": pgettext("card", "yellow"), "X": pgettext("card", "grey")}[colour]


_RANDBELOW = random.Random._randbelow


def shuffle(rng, x):
    """``rng.shuffle(x)``: exactly the same order from the same generator state, drawn with fewer
    calls (the deals of every game and of the search's worlds go through here). A generator whose
    class draws otherwise than ``random.Random`` shuffles itself."""
    if type(rng)._randbelow is not _RANDBELOW:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(x))
    if steps is None:
        steps = _STEPS[len(x)] = [(i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1)]
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# list length -> the shuffle's steps (position i, i + 1 choices, bits per draw), last position first
_STEPS = {}
