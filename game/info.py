"""Each game's facts, registered once by its own module and read everywhere else (screens, bots,
tools): title, player counts, rounds, hand size, tricks per round, options. OpenSpiel's
``GameInfo`` and ``register_game`` are the model."""

from dataclasses import dataclass, field

_GAMES = {}


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    player_counts: tuple
    hand_size: int            # cards in a hand when the tricks begin
    tricks_per_round: int
    rounds: dict = field(default_factory=dict)  # player count -> rounds; empty: until the rules end it
    default_options: dict = field(default_factory=dict)
    state_class: type = None

    def rounds_for(self, players):
        """The number of rounds with this many players, or None when the rules end the game."""
        return self.rounds.get(players)


def register_game(info):
    if info.id in _GAMES:
        raise ValueError(f"{info.id} is registered already")
    _GAMES[info.id] = info
    return info


def game_info(game_id):
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r} (choose from {', '.join(_GAMES)})") from None


def registered():
    """The registered games' ids, in the order they were registered."""
    return tuple(_GAMES)
