"""Worlds of Was sticht? for the search (see game.bots.worlds): the trump (uniform over
``possible_trumps``, the combinations the hints still allow) while the seat is not the starter during
the row draft, and the tasks other seats chose secretly during the task choice (uniform over their
held tasks). Hands and rows are open.
"""

from game.games.wassticht import rules as wassticht


def sampler(view, stop_at_round_end=False, bid_odds=None):
    """The sampler for a view of this game (see game.bots.worlds.sampler)."""
    return WasStichtSampler(view, stop_at_round_end)


class WasStichtSampler:
    """The trump and the secret task choices for a Was sticht? view."""

    def __init__(self, view, stop_at_round_end=False):
        self.view = view
        self.stop_at_round_end = stop_at_round_end
        if view["round"] == 0:
            self.trumps = [(None, None)]
        elif view["trump_known"]:
            self.trumps = [(view["trump_colour"], view["trump_number"])]
        else:
            self.trumps = [tuple(t) for t in view["possible_trumps"]]
        chosen_by = set(view["chosen_by"])
        self.chosen = list(view["chosen"])
        self.secret = [s for s, t in enumerate(self.chosen) if t is None and s in chosen_by]
        self.held = view["held_tasks"]
        self.trivial = len(self.trumps) == 1 and not self.secret
        self._template = None

    def sample(self, rng):
        if self._template is None:
            self._template = wassticht.WasStichtState.from_view(self.view, self.trumps[0], self.chosen,
                                                                stop_at_round_end=self.stop_at_round_end)
            self._template.lean = True
        world = self._template.clone(record=False, rng=rng)
        if self.trivial:  # nothing hidden: every world is the same
            return world
        trump = self.trumps[rng.randrange(len(self.trumps))] if len(self.trumps) > 1 else None
        chosen = {}
        for s in self.secret:
            held = self.held[s]
            chosen[s] = held[rng.randrange(len(held))]
        world.set_hidden(trump, chosen)
        return world

