"""The declared type of a Mit List und Tücke view (``MlutState.view``): every key it has. Its
``trick_winner`` is the seat of the highest trump so far (the led colour): the seat that would pick
first; its ``trick_taker`` the seat of the lowest other colour so far, who would take the rest."""

from typing import Literal, TypedDict

from game.view import TrickTakingView


class Collection(TypedDict):
    open: dict[str, list[str]]  # colour -> its cards, for the plus colours and before the choice
    hidden: dict[str, int]  # minus colour -> how many cards lie face down in it
    plus: list[str] | None  # the two plus colours once chosen


class Trick(TypedDict):
    cards: list[list[int | str]]  # [seat, card] in play order
    picker: int  # the highest trump: picked first
    picked: list[str]
    taker: int | None  # the lowest other colour: took the rest (None: a trump-only trick)
    taken: list[str]
    removed: list[str]  # a trump-only trick's rest, out of the game


class RoundResult(TypedDict):
    round: int
    points: list[int]
    reasons: list[str] | None  # how each seat's points came about (None in a lean search world)
    totals: list[int]
    early_end: int | None  # the seat whose hand held only the fourth colour, if the round ended early


class MlutView(TrickTakingView):
    phase: Literal["setup", "play", "pick", "plus", "round_over", "over"]
    rounds: int
    dealer: int
    leader: int  # who led the open trick (or leads the next)
    hand_sizes: list[int]
    trump: str | None  # the led colour: trump in this trick
    trick_taker: int | None  # the lowest card of another colour so far: takes what the pick leaves (None: none)
    pick_size: int  # how many cards the highest trump picks
    collections: list[Collection]
    last_trick: Trick | None
    round_tricks: list[Trick]
    tricks_played: int
    removed: list[str]
    history: list[RoundResult]
