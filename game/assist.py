"""What a good card table does for a person: count the cards still out, and play a forced card.

Both are pure functions of what the person may know, so a screen (or a phone page) may show them
without ever leaking another seat's secret.
"""

from game import cards
from game.kit import find


def cards_out(view):
    """{colour: [cards]} of the cards the other seats may still play this round, as far as the
    viewing seat can know them, every colour of the deck in deck order (an empty list for a colour
    that is gone); None for a game without such a count (its kit gives no ``deck``).

    From the seat's view only (its kit's ``out``: its own hand and what lay open on the table),
    never from hidden cards.
    """
    game_kit = find(view.get("game"))
    deck_of = game_kit.part("deck") if game_kit is not None else None
    if deck_of is None:
        return None
    deck = deck_of(view["players"])
    colours = dict.fromkeys(cards.colour(c) for c in deck)
    out = game_kit.part("out")(view, deck)
    by_colour = {c: [] for c in colours}
    for card in cards.sorted_cards(out, "".join(colours)):
        by_colour[cards.colour(card)].append(card)
    return by_colour


def forced_action(state, seat):
    """The only legal action of SEAT when it is a card to play and there is no other choice (for
    auto-play), else None: not SEAT's turn, another kind of decision (a pick, a bid, ...), or more
    than one action. A Tricks grey 4 that is the only card still needs its colour named: three
    actions, so None."""
    if state.is_over or state.current_player != seat:
        return None
    legal = state.legal_actions()
    if len(legal) == 1 and legal[0][0] == "play":
        return legal[0]
    return None


def plainly_forced(state, seat, table_view=None):
    """SEAT's forced card (``forced_action``) when everyone at the table can tell there is no choice:
    it is the last card in SEAT's hand. Such a card needs no cover and no click: it goes by itself
    in every game, with one person at the screen or several. TABLE_VIEW: the table's view now, if
    the caller has it."""
    if forced_action(state, seat) is None:
        return False
    table_view = state.view(None) if table_view is None else table_view
    return cards_held(table_view, seat) == 1


def cards_held(table_view, seat):
    """How many cards SEAT holds, as the table sees it: a hidden hand's size, or an open hand's
    cards; None for a game whose table view says neither."""
    sizes = table_view.get("hand_sizes")
    if sizes is not None:
        return sizes[seat]
    hands = table_view.get("hands")
    return len(hands[seat]) if hands is not None else None
