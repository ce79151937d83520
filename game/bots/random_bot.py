class RandomBot:
    """Uniform over the legal actions, from the bot's own seeded generator."""

    name = "random"
    needs_view = False
    think_floor = 0.0  # seconds its answer is held back at the table (see SearchBot)

    def choose(self, view, legal_actions, rng):
        return legal_actions[rng.randrange(len(legal_actions))]
