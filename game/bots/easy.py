"""The Easy level: random legal moves with a little sense, each game's own (its kit's ``easy``: a
move, or None for a random one)."""

from game.bots.bot import BaseBot
from game.kit import kit


class EasyBot(BaseBot):
    name = "easy"

    def choose(self, view, legal_actions, rng):
        sense = kit(view["game"]).part("easy")
        if sense is not None:
            action = sense(view, legal_actions, rng)
            if action is not None:
                return action
        return legal_actions[rng.randrange(len(legal_actions))]
