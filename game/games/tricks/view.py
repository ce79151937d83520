"""The declared type of a Tricks view (``TricksState.view``): every key it has. Its ``trick`` lists
[seat, card, colour] (the colour a card counts as: a grey 4's named one), its ``trick_winner`` the
highest trump so far, else the highest card of the led colour (of equal cards the first played)."""

from typing import Literal, TypedDict

from game.view import TrickTakingView


class Deck(TypedDict):
    top: str | None  # the face-up card while buying
    count: int
    cards: list[str]  # its cards as a set, in a canonical order


class Market(TypedDict):
    seat: int  # the buyer
    prices: list[int | None]  # per deck (None: an empty deck)
    pay_to: list[int | None]  # per deck: the seat paid, None for the bank
    loan_needed: list[int | None]
    bury_fee: int
    bury_loan_needed: int
    buryable: list[bool]


class LastTrick(TypedDict):
    cards: list[list[int | str]]  # [seat, card, colour] in play order
    winner: int


class Payout(TypedDict):
    round: int
    bids: list[int]
    tricks: list[int]
    chips: list[int]


class TricksView(TrickTakingView):
    phase: Literal["setup", "buy", "bury", "bid", "play", "lead", "round_over", "over"]
    options: dict[str, bool]
    rounds: int
    start_player: int
    start_reason: str
    decks: list[Deck]
    market: Market | None
    hands: list[list[str]]  # every hand is open (another seat's secret bid still in it until shown)
    has_bid: list[bool]
    bids: list[str | None]
    bids_revealed: bool
    trump: str | None
    trump_reason: str | None
    first_leader: int | None
    leader_reason: str | None
    leader: int | None
    led: str | None
    tricks_won: list[int]
    tricks_played: int
    last_trick: LastTrick | None
    chips: list[int]
    loans: list[int]
    payouts: list[Payout]
    repaid: list[int] | None
