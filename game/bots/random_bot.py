from game.bots.bot import BaseBot


class RandomBot(BaseBot):
    """Uniform over the legal actions, from the bot's own seeded generator."""

    name = "random"
    needs_view = False

    def choose(self, view, legal_actions, rng):
        return legal_actions[rng.randrange(len(legal_actions))]
