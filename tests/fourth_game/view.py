"""The declared type of an Oh Hell view (``OhHellState.view``): every key it has. Its ``trick_winner``
is the highest trump so far, else the highest card of the led colour."""

from typing import Literal, TypedDict

from game.view import TrickTakingView


class LastTrick(TypedDict):
    cards: list[list[int | str]]  # [seat, card] in play order
    winner: int


class RoundResult(TypedDict):
    round: int
    bids: list[int]
    tricks: list[int]
    points: list[int]
    reasons: list[str]  # how each seat's points came about, in the table's words
    totals: list[int]


class OhHellView(TrickTakingView):
    phase: Literal["bid", "play", "round_over", "over"]
    options: dict[str, bool]
    rounds: int
    dealer: int
    leader: int  # who leads (led) the open trick
    hand_sizes: list[int]
    trump: str  # the colour of the card turned up
    trump_card: str
    bids: list[int | None]  # a secret bid of another seat: None until every seat has bid
    has_bid: list[bool]
    bids_revealed: bool
    led: str | None
    tricks_won: list[int]
    tricks_played: int
    played: list[str]  # the cards of this round's finished tricks
    last_trick: LastTrick | None
    history: list[RoundResult]
