"""The two test tiers: ``python -m pytest -m "not slow"`` is the everyday loop (under two minutes on two
cores), plain ``python -m pytest`` the full suite. A test is marked ``slow`` when it plays whole games,
drives a browser or a real window, builds the wheel, or takes more than a second or two; the fast tier
keeps a quick sibling of each (one short game, one size or language).

``configs(CONFIGS)``: the game and player count parameters, the biggest tables (Was sticht?, the five and
six seats of Mit List und Tücke) in the slow tier, the smaller ones in the fast tier as well.
"""

import pytest

BIG_TABLES = {("wassticht", 4), ("mlut", 5), ("mlut", 6)}


def configs(pairs, big=BIG_TABLES):
    """pytest params of (game_id, players) pairs, id "game-n", the BIG ones marked slow."""
    return [pytest.param(g, n, id=f"{g}-{n}", marks=[pytest.mark.slow] if (g, n) in big else [])
            for g, n in pairs]
