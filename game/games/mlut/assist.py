"""The table's count of cards still out in Mit List und Tücke (game.assist asks the kit): the whole
deck is dealt, so what is out is the deck less the own hand and every card played this round."""

from game.games.mlut import rules as mlut


def deck(players):
    """The cards of the game at a table of PLAYERS, in deck order."""
    return mlut.DECKS[players]


def out(view, deck):
    """The cards the other seats may still play, as far as the seat of VIEW can know them."""
    return _less(deck, view["hand"] + _played(view))


def _played(view):
    """Every card played in the round so far: its finished tricks and the trick on the table."""
    done = [c for trick in view["round_tricks"] for _, c in trick["cards"]]
    return done + [c for _, c in view["trick"]]


def _less(deck, seen):
    """deck without the cards of seen (each card taken away once)."""
    left = list(deck)
    for card in seen:
        left.remove(card)
    return left
