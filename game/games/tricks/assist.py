"""The table's count of cards still out in Tricks (game.assist asks the kit): every hand is shown
openly (each card was bought in the open), so what is out is the others' hands, a secret bid still
counted as in its bidder's hand until all bids are shown (then it is out of play); the grey 4 is
counted under its own colour."""

from game.games.tricks import rules as tricks


def deck(players):
    """The cards of the game at a table of PLAYERS (one set per player), in deck order."""
    return tricks.SET * players


def out(view, deck):
    """The cards the other seats may still play, as the seat of VIEW sees them."""
    return [c for s, hand in enumerate(view["hands"]) if s != view["seat"] for c in hand]
