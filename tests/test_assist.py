"""Cards still out per colour (Mit List und Tücke, Tricks) from a seat's view only, and the forced
card for auto-play (issue 12)."""

import random
from collections import Counter

import pytest

from game import cards, game_info, new_game
from game.games.mlut import rules as mlut
from game.games.tricks import rules as tricks
from game.assist import cards_out, forced_action


def advance(state, rng, done):
    while not state.is_over and not done(state):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def flat(out):
    return Counter(c for pile in out.values() for c in pile)


@pytest.mark.parametrize("players", game_info("mlut").player_counts)
@pytest.mark.parametrize("moves", [0, 7, 30, 70])
def test_mlut_cards_out_are_exactly_the_other_hands(players, moves):
    state = new_game("mlut", players, seed=players + moves)
    rng = random.Random(moves)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    out = cards_out(state.view(0))
    assert list(out) == list(dict.fromkeys(cards.colour(c) for c in mlut.DECKS[players]))
    assert flat(out) == Counter(c for s in range(1, players) for c in state.hands[s])
    for colour, pile in out.items():
        assert all(cards.colour(c) == colour for c in pile)
        assert pile == cards.sorted_cards(pile)
    table = cards_out(state.view(None))
    assert flat(table) == Counter(c for hand in state.hands for c in hand), "the table holds no hand"


def test_mlut_cards_out_never_depend_on_hidden_cards():
    state = advance(new_game("mlut", 4, seed=5), random.Random(5), lambda s: s.tricks_played >= 3)
    other = state.clone()
    a, b = other.hands[1][0], other.hands[2][0]
    other.hands[1][0], other.hands[2][0] = b, a  # seats 1 and 2 hold other cards; seat 0 sees the same
    assert other.hands != state.hands
    assert cards_out(other.view(0)) == cards_out(state.view(0))
    assert cards_out(other.view(3)) == cards_out(state.view(3))


@pytest.mark.parametrize("players", (3, 4, 5))
def test_tricks_cards_out_are_the_other_open_hands_and_count_a_secret_bid_as_held(players):
    rng = random.Random(players)
    state = new_game("tricks", players, seed=players)
    for phase in ("buy", "bid", "play", "lead"):
        advance(state, rng, lambda s, p=phase: s.phase == p and s.current_player != 0)
        view = state.view(0)
        out = cards_out(view)
        assert list(out) == list(dict.fromkeys(cards.colour(c) for c in tricks.SET))
        held = Counter(c for s in range(1, players) for c in view["hands"][s])
        assert flat(out) == held
        if phase in ("play", "lead"):  # bids are shown: out of play
            truth = Counter()
            for s in range(1, players):
                for card, n in state.hands[s].items():
                    truth[card] += n
            assert flat(out) == truth


def test_tricks_cards_out_never_depend_on_another_seats_secret_bid():
    for seed in range(20):
        state = advance(new_game("tricks", 3, seed=seed), random.Random(seed),
                        lambda s: s.phase == "bid" and s.current_player != 0)
        choices = sorted(set(state.legal_actions()))
        if len(choices) >= 2:
            one, two = state.clone(), state.clone()
            one.apply(choices[0])
            two.apply(choices[-1])
            assert cards_out(one.view(0)) == cards_out(two.view(0))
            return
    pytest.fail("no bid with a choice found")


def test_no_count_for_was_sticht():
    assert cards_out(new_game("wassticht", 4, seed=1).view(0)) is None


@pytest.mark.parametrize("game_id,players", [("mlut", 4), ("tricks", 3), ("wassticht", 4)])
def test_forced_action_is_the_single_legal_play_and_nothing_else(game_id, players):
    state = new_game(game_id, players, seed=2)
    rng = random.Random(2)
    forced = 0
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        got = forced_action(state, seat)
        if len(legal) == 1 and legal[0][0] == "play":
            assert got == legal[0]
            forced += 1
        else:
            assert got is None
        assert forced_action(state, (seat + 1) % players) is None, "never for a seat not to act"
        state.apply(legal[rng.randrange(len(legal))])
    assert forced, "some card was forced in a whole game"
    assert forced_action(state, 0) is None


def test_a_lone_grey_four_is_not_forced_its_colour_is_a_choice():
    for seed in range(200):
        state = new_game("tricks", 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if all(a[:2] == ("play", tricks.JOKER) for a in legal):
                assert len(legal) == 3 and forced_action(state, state.current_player) is None
                return
            state.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no lone grey 4 in 200 games")
