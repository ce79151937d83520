"""The Easy level: random legal moves with a little sense, each game's own (its kit's ``easy``: a
move, or None for a random one)."""

from game.kit import kit


class EasyBot:
    name = "easy"
    needs_view = True
    think_floor = 0.0  # seconds its answer is held back at the table (see SearchBot)

    def choose(self, view, legal_actions, rng):
        sense = kit(view["game"]).part("easy")
        if sense is not None:
            action = sense(view, legal_actions, rng)
            if action is not None:
                return action
        return legal_actions[rng.randrange(len(legal_actions))]
