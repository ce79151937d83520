"""What every trick-taking game's view holds (``state.view(seat)``), as a declared type; each game's
kit declares its whole view (``GameKit.view_type``) as a TypedDict that extends this one.

Cards are strings ("R14"), seats numbers from 0, a viewer's seat None for the table. A card in a
trick is listed with its seat: [seat, card] (and the colour a played card was named, where a game
names colours). Imported only where the types are read (tests, type checkers), not by ``import game``.

game.observe reads two keys a game has where they apply: ``hands`` (every hand, where hands are open
knowledge) and ``hand_sizes`` (where hands are hidden).
"""

from typing import TypedDict


class TrickTakingView(TypedDict):
    """The keys every trick-taking game's view has; a game adds its own ``phase`` (a Literal of its
    phases' words, "play" while cards are played) and the rest."""

    game: str  # the game's id
    seat: int | None  # whose view: None for the table's
    players: int
    round: int  # the round being played (from 1), 0 before the first where a game has an opening
    current_player: int | None  # whose decision it is; None when nobody's (the game is over)
    hand: list[str]  # the viewer's own cards in a canonical order ([] for the table)
    trick: list[list[int | str]]  # the open trick in play order: [seat, card] each ([seat, card, colour]
    # where a played card is named a colour)
    trick_winner: int | None  # the seat whose card wins the open trick so far; None when no card lies in it
    totals: list[int]  # every seat's score so far
    winners: list[int] | None  # the seats that won, once the game is over
