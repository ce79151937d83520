"""What a good card table does for a person: count the cards still out, and play a forced card.

Both are pure functions of what the person may know, so a screen (or a phone page) may show them
without ever leaking another seat's secret.
"""

from game import cards
from game.games.mlut import rules as mlut
from game.games.tricks import rules as tricks

#: The cards of each game's deck by player count, from the game modules' own facts. Was sticht? has
#: no count of cards out (its cards are drafted from open rows).
_DECKS = {
    "mlut": lambda players: mlut.DECKS[players],
    "tricks": lambda players: tricks.SET * players,
}


def cards_out(view):
    """{colour: [cards]} of the cards the other seats may still play this round, as far as the
    viewing seat can know them, every colour of the deck in deck order (an empty list for a colour
    that is gone); None for a game without such a count.

    From the seat's view only (its own hand and what lay open on the table), never from hidden
    cards. Mit List und Tücke deals the whole deck: what is out is the deck less the own hand and
    every card played this round. Tricks shows every hand openly (each card was bought in the open):
    what is out is the others' hands, a secret bid still counted as in its bidder's hand until all
    bids are shown (then it is out of play); the grey 4 is counted under its own colour.
    """
    deck_of = _DECKS.get(view.get("game"))
    if deck_of is None:
        return None
    deck = deck_of(view["players"])
    colours = dict.fromkeys(cards.colour(c) for c in deck)
    if view["game"] == "mlut":
        out = _less(deck, view["hand"] + _played_mlut(view))
    else:
        out = [c for s, hand in enumerate(view["hands"]) if s != view["seat"] for c in hand]
    by_colour = {c: [] for c in colours}
    for card in cards.sorted_cards(out, "".join(colours)):
        by_colour[cards.colour(card)].append(card)
    return by_colour


def _played_mlut(view):
    """Every card played in the round so far: its finished tricks and the trick on the table."""
    done = [c for trick in view["round_tricks"] for _, c in trick["cards"]]
    return done + [c for _, c in view["trick"]]


def _less(deck, seen):
    """deck without the cards of seen (each card taken away once)."""
    left = list(deck)
    for card in seen:
        left.remove(card)
    return left


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
