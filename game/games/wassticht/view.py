"""The declared type of a Was sticht? view (``WasStichtState.view``): every key it has. Its
``trick_winner`` is the seat whose card wins the open trick so far by the trump (shown before the
tricks are played)."""

from typing import Literal, TypedDict

from game.view import TrickTakingView


class Trick(TypedDict):
    cards: list[list[int | str]]  # [seat, card] in play order
    winner: int


class RoundResult(TypedDict):
    round: int
    starter: int
    trump_colour: str | None
    trump_number: int | None
    chosen: list[str | None]
    fulfilled: list[int]
    entitled: list[int]
    laid_down: dict[str, str]  # seat (as text) -> the task it laid down
    points: list[int]
    totals: list[int]


class WasStichtView(TrickTakingView):
    phase: Literal["setup", "task_draft", "row_draft", "task_choice", "play", "discard", "round_over", "over"]
    starter: int | None
    tasks_per_player: int
    task_offer: list[str]
    tasks_out: list[str]
    held_tasks: list[list[str]]
    laid_down: list[list[str]]
    hands: list[list[str]]  # every hand is open
    rows: list[list[str]]
    row: int | None  # the row being drafted
    disc: int | None  # who takes first from it
    drafted: list[list[list[int | str]]]  # per row: [seat, card] in take order
    hints: list[int]  # per drafted row: the seat that would have won it
    possible_trumps: list[list[str | int | None]]  # [colour, number] the hints still allow
    trump_known: bool
    trump_colour: str | None
    trump_number: int | None
    chosen: list[str | None]  # each seat's task as this viewer may know it
    chosen_by: list[int]
    leader: int | None
    tricks: list[Trick]
    tricks_won: list[int]
    fulfilled: list[int]
    entitled: list[int]
    history: list[RoundResult]
