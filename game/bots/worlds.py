"""Worlds a seat cannot tell apart from the real one: the hidden parts of a view, sampled.

``sampler(view)`` reads one seat's view once and returns an object whose ``sample(rng)`` builds a
full game state (a *world*, events off) that agrees with everything the view shows. The search bot
plays its simulations in such worlds (``sampler(view, stop_at_round_end=True)``: worlds that stop
when the round has been scored). Worlds are built with the games' public constructors only: a
template from ``from_view`` once (``lean``: it keeps no records only people read), then per
sample a ``clone(record=False)`` whose hidden parts ``set_hidden`` fills in. What each game hides,
and how it is filled in, its kit's sampler says (e.g. a game package's ``worlds.py``).

Otherwise uniform sampling over the consistent completions; the bots do not model how rivals'
earlier choices hint at their cards.
"""

from bisect import bisect

from game.kit import kit


def sampler(view, stop_at_round_end=False, bid_odds=None):
    """The sampler for a view of any registered game (its kit's ``sampler``); stop_at_round_end: the
    worlds stop when the round has been scored (see ``GameState.stop_at_round_end``); bid_odds: {seat:
    (choices, cumulative weights)} to draw that seat's secret choice from (the search's
    ``secret_odds``; default: uniform)."""
    game = view["game"]
    make = kit(game).part("sampler")
    if make is None:
        raise ValueError(f"no world sampler for game {game!r}")
    return make(view, stop_at_round_end, bid_odds)


def draw(odds, rng):
    """One of ODDS = (choices, their cumulative weights), as likely as its weight."""
    choices, weights = odds
    return choices[bisect(weights, rng.random() * weights[-1])]

