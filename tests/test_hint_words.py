"""The hint speaks: one sentence names the move the Hard bot ranks best and says why (game.explain),
and moves the search rates as good as each other are said to be so."""

import random

import pytest

from game import PLAYER_COUNTS, explain, new_game
from game.bots import make_bot

GAMES = ("mlut", "tricks", "wassticht")


def rated_decisions(game_id, seed, iterations=24):
    """(view, values) of the Hard bot at the decisions of a game played at random, where there is a
    choice; the view is the deciding seat's."""
    players = PLAYER_COUNTS[game_id][0]
    state, rng = new_game(game_id, players, seed=seed), random.Random(seed)
    bot = make_bot("hard", iterations=iterations)
    while not state.is_over:
        legal = list(state.legal_actions())
        if len(legal) > 1:
            view = state.view(state.current_player)
            yield view, dict(bot.evaluate(view, legal, random.Random(seed)))
        state.apply(legal[rng.randrange(len(legal))])


def first(game_id, wanted, seed=3, limit=120):
    for n, (view, values) in enumerate(rated_decisions(game_id, seed)):
        if wanted(view, values):
            return view, values
        assert n < limit, "no such decision"
    raise AssertionError("no such decision")


def one_best(view, values):
    """A decision with one clear best move that game.explain has a reason for."""
    top = sorted(values.values(), reverse=True)
    best = max(values, key=values.get)
    return top[0] - top[1] > explain.EQUAL and explain.reason(view, best) is not None


def two_equal(view, values):
    """A decision where exactly two moves share the best value (within EQUAL), others worse."""
    return len(explain.equal_best(values)) == 2 and len(values) > 2


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_the_sentence_names_the_hard_bots_best_move_and_why(game_id):
    view, values = first(game_id, one_best)
    best = max(values, key=values.get)
    words = explain.advice(view, values)
    assert words.startswith("Best: ")
    assert explain.move_name(view, best) in words
    assert explain.reason(view, best) in words
    for other in values:  # no other move is named
        name = explain.move_name(view, other)
        if other != best and name not in explain.move_name(view, best):
            assert name not in words, (name, words)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_moves_rated_alike_are_said_to_be_as_good_as_each_other(game_id):
    view, values = first(game_id, two_equal)
    words = explain.advice(view, values)
    assert "as good as each other" in words and not words.startswith("Best")
    alike = explain.equal_best(values)
    for action in alike:
        assert explain.move_name(view, action).lower() in words.lower()
    whys = {explain.reason(view, a) for a in alike}
    if len(whys) == 1 and None not in whys:  # one reason for both: said once, for each
        assert f"because each {whys.pop()}" in words
    elif None not in whys:  # a reason for each
        for action in alike:
            assert f"because it {explain.reason(view, action)}" in words, words


def test_values_within_equal_are_said_alike_and_further_apart_are_not():
    view = new_game("tricks", 3, seed=1).view(0)
    top = view["decks"][1]["top"]
    from game.cards import name
    values = {("bury", None): 0.6, ("bury", 1): 0.6 - explain.EQUAL / 2, ("bury", 2): 0.2}
    assert explain.advice(view, values) == (
        "Bury nothing and bury at seat 2 are as good as each other: bury nothing, because it keeps your chips; "
        f"bury at seat 2, because it puts the {name(top)} out of the next buyer's reach.")
    every = {("bury", None): 0.5, ("bury", 1): 0.5}
    assert explain.advice(view, every) == (
        "All your moves are as good as each other: bury nothing, because it keeps your chips; "
        f"bury at seat 2, because it puts the {name(top)} out of the next buyer's reach.")
    apart = {("bury", None): 0.5, ("bury", 1): 0.5 - 2 * explain.EQUAL}
    assert explain.advice(view, apart) == "Best: bury nothing, because it keeps your chips."


def test_a_tricks_buy_is_advised_with_its_reason():
    """'Play X because Y': a buy says what it gets for what price, and why that card (a newcomer read the
    price alone as no reason)."""
    view = new_game("tricks", 3, seed=1).view(0)
    buys = [a for a in new_game("tricks", 3, seed=1).legal_actions() if a[0] == "buy"]
    for action in buys:
        words = explain.advice(view, {action: 0.7, **{a: 0.1 for a in buys if a != action}})
        assert words.startswith(f"Best: {explain.move_name(view, action)}, because it gets you the "), words
    alike = {a: 0.5 for a in buys[:2]} | {a: 0.1 for a in buys[2:]}
    words = explain.advice(view, alike)
    assert words.count(", because it gets you the ") == 2 or ", because each " in words, words


def test_the_hint_calls_the_learners_own_deck_their_own():
    """"Buy from Carla and buy from Anna are as good as each other", said to Anna, read as someone else's
    deck."""
    from game.games.tricks.rules import TricksState
    view = TricksState(players=4, seed=1).view(0)
    names = ["Anna", "Ben", "Carla", "Dirk"].__getitem__
    assert explain.move_name(view, ("buy", 0), names) == "buy from your own deck"
    assert explain.move_name(view, ("buy", 2), names) == "buy from Carla"
    assert explain.move_name(view, ("bury", 0), names) == "bury at your own deck"
