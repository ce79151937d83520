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
