"""The Hard bot: worlds sampled from a view never contradict it, the search plays legally, sees
the obvious move, is deterministic under an iteration budget and leaves its inputs alone."""

import copy
import random

import pytest

from game import GAMES, PLAYER_COUNTS, new_game
from game.bots.search import SearchBot, round_values
from game.bots.worlds import sampler
from game.games.mlut.rules import MlutState
from game.games.tricks.rules import TricksState
from game.games.wassticht.rules import possible_trumps
from tiers import configs

CONFIGS = [(g, n) for g in GAMES for n in PLAYER_COUNTS[g]]
ids = [f"{g}-{n}" for g, n in CONFIGS]


def positions(game_id, players, seed, every=0.12, max_actions=2500):
    """Random positions of one random game (the state at some of its decisions)."""
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed * 31 + 7)
    count = 0
    while not state.is_over and count < max_actions:
        if rng.random() < every:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        count += 1


def hidden_checks(world, view):
    """What view equality cannot show: the hidden guesses fit the clues in the view."""
    if view["game"] == "wassticht" and view["round"] > 0:
        trump = [world.trump_colour, world.trump_number]
        assert trump in view["possible_trumps"]
        assert possible_trumps(world.drafted, world.hints) == [tuple(t) for t in view["possible_trumps"]]
    if view["game"] == "mlut":
        for trick in view["round_tricks"]:
            for who, took in ((trick["picker"], trick["picked"]), (trick["taker"], trick["taken"])):
                if who is not None:  # a card seen taken lies in the taker's collection (open or face down)
                    assert all(c in world.collections[who][c[0]] for c in took)
    if view["game"] == "tricks":
        for s, b in enumerate(world.bids):
            assert (b is not None) == view["has_bid"][s]


@pytest.mark.parametrize("game_id, players", configs(CONFIGS))
def test_sampled_worlds_never_contradict_the_view(game_id, players):
    checked = 0
    for seed in range(3):
        for state in positions(game_id, players, seed):
            for seat in range(players):
                view = state.view(seat)
                before = copy.deepcopy(view)
                smp = sampler(view)
                for k in range(3):
                    world = smp.sample(random.Random(k))
                    assert world.view(seat) == view
                    world.check_invariants()
                    hidden_checks(world, view)
                    if game_id == "mlut":  # every trick was open, so the piles are known exactly
                        assert world.collections == state.collections
                    if not world.is_over:
                        assert world.legal_actions(), "a world where nobody can move"
                        if seat == state.current_player:
                            assert sorted(map(repr, world.legal_actions())) == \
                                sorted(map(repr, state.legal_actions()))
                    checked += 1
                assert view == before, "sampling changed the view"
    assert checked > 50


def test_mlut_view_lists_the_round_tricks_and_starts_each_round_empty():
    state = new_game("mlut", 4, seed=5)
    rng = random.Random(1)
    while not state.is_over:
        view = state.view(rng.randrange(4))
        assert len(view["round_tricks"]) == view["tricks_played"]
        if view["round_tricks"]:
            assert view["round_tricks"][-1] == view["last_trick"]
        played = [c for t in view["round_tricks"] for _, c in t["cards"]]
        assert len(played) == len(set(played)) == 4 * view["tricks_played"]
        assert not set(played) & set(view["hand"])
        state.apply(rng.choice(state.legal_actions()))


def test_mlut_worlds_vary_the_hidden_cards():
    state = new_game("mlut", 5, seed=3)
    view = state.view(0)
    smp = sampler(view)
    deals = {tuple(tuple(h) for h in smp.sample(random.Random(k)).hands) for k in range(10)}
    assert len(deals) > 1
    assert all(smp.sample(random.Random(k)).hands[0] == state.hands[0] for k in range(3))


def test_clone_is_independent_and_equal():
    for game_id, players in CONFIGS:
        for state in positions(game_id, players, 1, every=0.05):
            before = state.snapshot()
            twin = state.clone()
            assert twin.snapshot() == before
            quiet = state.clone(record=False, rng=random.Random(0))
            if not state.is_over:
                twin.apply(twin.legal_actions()[0])
                quiet.push(quiet.legal_actions()[-1])
                assert not quiet.events
            assert state.snapshot() == before


def decisions(game_id, players, seed, bot, rng, max_decisions):
    """A game with the bot in every seat; yields (view, legal, action) per bot decision."""
    state = new_game(game_id, players, seed=seed)
    count = 0
    while not state.is_over and count < max_decisions:
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        view_before, legal_before = copy.deepcopy(view), list(legal)
        action = bot.choose(view, legal, rng)
        assert view == view_before and legal == legal_before, "the bot changed its inputs"
        assert action in legal
        yield view, legal, action
        state.apply(action)
        count += 1


@pytest.mark.parametrize("game_id, players, limit", [("mlut", 4, 10_000), ("tricks", 3, 10_000),
                                                      ("wassticht", 4, 150)])
def test_the_bot_plays_legally_through_a_game(game_id, players, limit):
    bot = SearchBot(iterations=6)
    n = sum(1 for _ in decisions(game_id, players, 2, bot, random.Random(1), limit))
    assert n > 50


@pytest.mark.parametrize("game_id, players", CONFIGS, ids=ids)
def test_evaluate_values_every_legal_action(game_id, players):
    bot = SearchBot(iterations=20)
    seen = 0
    for state in positions(game_id, players, 4, every=0.03, max_actions=400):
        legal = state.legal_actions()
        values = bot.evaluate(state.view(state.current_player), legal, random.Random(0))
        assert set(values) == set(legal)
        assert all(0.0 <= v <= 1.0 for v in values.values())
        seen += 1
    assert seen


@pytest.mark.parametrize("game_id, players", [("mlut", 5), ("wassticht", 4), ("tricks", 4)])
def test_fixed_generator_and_iterations_give_the_same_choice(game_id, players):
    bot = SearchBot(iterations=25)
    for state in positions(game_id, players, 6, every=0.05, max_actions=300):
        view, legal = state.view(state.current_player), state.legal_actions()
        assert bot.choose(view, legal, random.Random(5)) == bot.choose(view, legal, random.Random(5))
        assert bot.evaluate(view, legal, random.Random(5)) == bot.evaluate(view, legal, random.Random(5))


def test_one_legal_action_returns_at_once():
    bot = SearchBot(seconds=10)
    state = new_game("mlut", 4, seed=0)
    assert bot.choose(state.view(0), [("play", "R1")], random.Random(0)) == ("play", "R1")


# --- the obvious move ------------------------------------------------------------------------------------
def tricks_last_trick(tricks_so_far):
    """Tricks, 3 players, the 7th trick: seat 1 led Y3, seat 2 Y5, seat 0 holds only the grey 4.
    Trump is blue; seat 0 bid 3 and took TRICKS_SO_FAR tricks."""
    state = TricksState(3, seed=0, options={"winner_leads": True})
    state.phase = "play"
    state.buys = 24
    state.bids = ["B3", "R1", "R2"]
    state.trump = "B"
    state.first_leader = 0
    state.hands = [{"X4": 1}, {}, {}]
    others = 6 - tricks_so_far
    state.won = [[["Y0", "Y1", "Y2"]] * tricks_so_far, [["R0", "R1", "R3"]] * (others // 2),
                 [["R0", "R1", "R3"]] * (others - others // 2)]
    state.tricks_played = 6
    state.trick = [(1, "Y3", "Y"), (2, "Y5", "Y")]
    state.led = "Y"
    state.leader = 1
    state.current_player = 0
    state._legal_cache = None
    return state


def test_tricks_last_trick_trumps_to_make_the_bid_exactly():
    state = tricks_last_trick(2)
    legal = state.legal_actions()
    assert ("play", "X4", "B") in legal and len(legal) == 3
    bot = SearchBot(iterations=30)
    assert bot.choose(state.view(0), legal, random.Random(0)) == ("play", "X4", "B")
    values = bot.evaluate(state.view(0), legal, random.Random(0))
    assert values[("play", "X4", "B")] > max(values[("play", "X4", "Y")], values[("play", "X4", "R")])


def test_tricks_last_trick_ducks_when_the_bid_is_made():
    state = tricks_last_trick(3)
    bot = SearchBot(iterations=30)
    assert bot.choose(state.view(0), state.legal_actions(), random.Random(0)) != ("play", "X4", "B")


def test_mlut_picker_takes_the_cards_that_score_most():
    """Last trick of round 1: seat 0 led R9 (highest trump) and picks 2 of R9, G3, B2, Y1 with 5 red
    and 5 green collected: R9 and G3 make 6 × 6 = 36, anything else at most 6 × 5 ÷ 1 = 30."""
    state = MlutState(4, seed=0)
    state.hands = [[], [], [], []]
    state.collections = [
        {"R": ["R1", "R2", "R3", "R4", "R5"], "G": ["G4", "G5", "G6", "G7", "G8"], "B": [], "Y": []},
        {"R": ["R10"], "G": ["G9", "G10"], "B": [], "Y": []},
        {"R": ["R11", "R12", "R13", "R14"], "G": ["G11", "G12", "G13", "G14", "G1"], "B": [], "Y": []},
        {"R": [], "G": [], "B": ["B3", "B4"], "Y": ["Y2", "Y3"]},
    ]
    state.trick = [(0, "R9"), (1, "G3"), (2, "B2"), (3, "Y1")]
    state.trick_colours = "RGBY"
    state.tricks_played = 13
    state.phase = "pick"
    state.leader = 0
    state.current_player = 0
    state._legal_cache = None
    bot = SearchBot(iterations=40)
    assert bot.choose(state.view(0), state.legal_actions(), random.Random(0)) == ("pick", ("R9", "G3"))


def test_round_values_are_in_range():
    for game_id, players in CONFIGS:
        state = new_game(game_id, players, seed=3)
        state = state.clone(record=False, rng=random.Random(0))
        rng = random.Random(1)
        start = len(state.payouts if game_id == "tricks" else state.history)
        base = [0.0] * players
        while len(state.payouts if game_id == "tricks" else state.history) == start and not state.is_over:
            legal = state.legal_actions()
            state.push(legal[rng.randrange(len(legal))])
        values = round_values(state, base)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)


def _tricks_after_round_one(players):
    state = new_game("tricks", players, seed=3).clone(record=False, rng=random.Random(0))
    rng = random.Random(1)
    while not state.payouts:
        legal = state.legal_actions()
        state.push(legal[rng.randrange(len(legal))])
    return state


def test_tricks_round_value_with_three_players_compares_the_standing_chips():
    state = _tricks_after_round_one(3)
    worth = [c - 1.5 * l for c, l in zip(state.chips, state.loans)]
    assert len(set(worth)) > 1  # the test needs seats that stand apart
    standing = round_values(state, [0.0] * 3)
    assert round_values(state, worth) == standing  # where the search began does not matter
    assert sorted(range(3), key=standing.__getitem__) == sorted(range(3), key=worth.__getitem__)
    top = max(range(3), key=worth.__getitem__)
    assert standing[top] > 0.5 > min(standing)


def test_tricks_round_value_with_four_players_compares_the_change_since_the_decision():
    state = _tricks_after_round_one(4)
    worth = [c - 1.5 * l for c, l in zip(state.chips, state.loans)]
    assert len(set(worth)) > 1
    assert round_values(state, worth) == [0.5] * 4  # nobody changed since the decision
    assert round_values(state, [0.0] * 4) != [0.5] * 4


def test_wassticht_starter_lays_down_his_hardest_task():
    from game.games.wassticht.rules import TASKS
    state = new_game("wassticht", 4, seed=5)
    rng = random.Random(5)
    while state.phase != "discard":
        state.apply(rng.choice(state.legal_actions()))
    held = state.held[state.starter]
    action = SearchBot(iterations=20).choose(state.view(state.starter), state.legal_actions(), random.Random(0))
    assert action[1] is not None and TASKS[action[1]][1] == max(TASKS[t][1] for t in held)


def test_budget_and_rollout_options():
    assert SearchBot(budget=50).iterations == 50 and SearchBot(budget=50).seconds is None
    assert SearchBot(budget=0.2).seconds == 0.2 and SearchBot(budget=0.2).iterations is None
    assert SearchBot().seconds == 0.3 and SearchBot(iterations=5, seconds=1.0).seconds == 1.0
    with pytest.raises(ValueError):
        SearchBot(budget=True)
    with pytest.raises(ValueError):
        SearchBot(rollouts="clever")
    state = new_game("tricks", 3, seed=1)
    bot = SearchBot(iterations=10, rollouts="random")
    assert bot.choose(state.view(state.current_player), state.legal_actions(), random.Random(0)) \
        in state.legal_actions()


def test_speed_bench_measures_decisions():
    from bench.bot_speed import measure, percentile
    times, iters = measure("tricks", 3, games=1, decisions=3, seconds=0.01)
    assert len(times) == 3 and all(t < 0.5 for t in times) and all(i >= 1 for i in iters)
    assert percentile([3, 1, 2], 0.5) == 2


class _NoExplore(random.Random):
    """A generator whose random() never asks for a random buy (the rest draws as usual)."""

    def random(self):
        return 0.9


def _market_positions(players, seed):
    for state in positions("tricks", players, seed, every=0.3, max_actions=400):
        if state.phase == "buy" and state.round == 1:
            yield state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tricks_rollout_market_buys_what_the_normal_bot_would(players):
    """The rollouts' buyer scores a buy as the Normal bot does: the first buy of a rollout market
    (no random buy drawn) is the Normal bot's, wherever its best buy is not tied."""
    from game.games.tricks.normal_bot import TricksHeuristic
    from game.games.tricks.search import _tricks_market
    normal = TricksHeuristic()
    compared = 0
    for seed in range(6):
        for state in _market_positions(players, seed):
            view = state.view(state.current_player)
            legal = state.legal_actions()
            scores = sorted((_buy_value(view, a) for a in legal), reverse=True)
            if len(scores) > 1 and scores[0] - scores[1] < 1e-9:
                continue  # a tie: Normal breaks it by price, the rollout takes the first deck
            world = state.clone(record=False)
            pushed = []
            world.push = lambda a, push=world.push: (pushed.append(a), push(a))
            _tricks_market(world, _NoExplore(seed))
            assert pushed[0] == normal.buy(view, legal)
            compared += 1
    assert compared >= 10


def _buy_value(view, action):
    """The Normal bot's score of one buy, as normal_bot.TricksHeuristic.buy works it out."""
    from game.games.tricks.normal_bot import LOAN_INTEREST, LOAN_PENALTY, RIVAL_PRICE, usefulness
    me, owner, n = view["seat"], action[1], view["players"]
    card = view["decks"][owner]["top"]
    price = view["market"]["prices"][owner]
    cost = price * (1.0 + (RIVAL_PRICE if owner != me else 0.0) * 3 / n)
    loan = view["market"]["loan_needed"][owner]
    if loan:
        cost += loan / 10 * LOAN_INTEREST + LOAN_PENALTY
    return usefulness(card, view["hand"]) - cost


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tricks_rollout_market_pushes_only_legal_actions_to_the_bids(players):
    """A rollout market, replayed through the checked apply, is legal all the way to the bids."""
    from game.games.tricks.search import _tricks_market
    for seed in range(4):
        for state in _market_positions(players, seed):
            world = state.clone(record=False)
            pushed = []
            world.push = lambda a, push=world.push: (pushed.append(a), push(a))
            count = _tricks_market(world, random.Random(seed))
            assert count == len(pushed) > 0
            checked = state.clone()
            for action in pushed:
                assert checked.why_illegal(action) is None
                checked.apply(action)
            assert checked.phase == world.phase == "bid"
            assert all(a != ("bury", s) for a in pushed for s in range(players))  # nobody buries


def _bid_turns(players, seed):
    """Every bid turn of round 1 of a game the Normal bots play."""
    from game.runner import bot_action, seat_bots
    state = new_game("tricks", players, seed=seed)
    bots, rngs = seat_bots(state, ["normal"] * players)
    while state.round == 1 and not state.is_over:
        if state.phase == "bid":
            yield state
        seat = state.current_player
        state.apply(bot_action(state, bots[seat], rngs[seat]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tricks_bid_odds_favour_the_bid_a_rival_expects_most_from(players):
    """The search guesses a rival's secret bid from the hands all seats see: every card of his
    hand, the one the Normal bot's rule expects to pay most the likeliest; none for the seat that
    searches, none once the bids are shown."""
    from game.games.tricks.normal_bot import bid_scores
    from game.games.tricks.search import bid_odds
    for seed in range(3):
        for state in _bid_turns(players, seed):
            me = state.current_player
            view = state.view(me)
            odds = bid_odds(view)
            assert set(odds) == set(range(players)) - {me}
            for s, (cards, cumulative) in odds.items():
                assert sorted(cards) == sorted(set(view["hands"][s]))
                weights = [b - a for a, b in zip([0.0] + cumulative, cumulative)]
                scores = bid_scores(view["hands"], s)
                likeliest = cards[weights.index(max(weights))]
                assert scores[likeliest] == max(scores.values())
                assert all(w > 0 for w in weights)  # any card may be the bid
    assert bid_odds(new_game("tricks", players, seed=1).view(0)) is None  # not bidding


def test_tricks_secret_bids_are_drawn_from_the_odds():
    """Worlds put a hidden bid where the odds say (odds of one card: always that card) and still
    agree with the view."""
    for state in _bid_turns(4, 2):
        me = state.current_player
        view = state.view(me)
        secret = [s for s in range(4) if view["has_bid"][s] and s != me]
        if not secret:
            continue
        odds = {s: ([view["hands"][s][-1]], [1.0]) for s in secret}
        smp = sampler(view, bid_odds=odds)
        for k in range(5):
            world = smp.sample(random.Random(k))
            assert world.view(me) == view
            assert all(world.bids[s] == view["hands"][s][-1] for s in secret)
        return
    pytest.fail("no bid turn after a secret bid")


def test_tricks_rivals_after_the_searcher_bid_by_the_odds_not_by_his_bid():
    """A rival who bids after the searching seat does not see its bid: in the tree, his bid is
    drawn from the odds, so with odds of one card every path goes through that card."""
    import game.games.tricks.search as search
    for state in _bid_turns(4, 3):
        me = state.current_player
        view = state.view(me)
        after = (me + 1) % 4
        if view["has_bid"][after]:
            continue
        only = view["hands"][after][0]
        odds = search.bid_odds(view)
        odds[after] = ([only], [1.0])
        bot = SearchBot(iterations=300)
        original = search.bid_odds
        search.bid_odds = lambda v: odds
        seen = set()
        try:
            root = bot._run(view, state.legal_actions(), random.Random(0), 0)
        finally:
            search.bid_odds = original
        for child in root.children.values():
            seen.update(child.children)
        assert seen == {("bid", only)}
        return
    pytest.fail("no bid turn with a rival still to bid")


def test_tricks_rollout_winner_names_itself_while_short_else_the_neediest_rival():
    """Rollout leader choices follow the Normal bot's rule (normal_bot.TricksHeuristic.lead):
    the trick's winner names himself while he needs tricks for his bid, else the rival who needs
    the most."""
    from game.games.tricks.normal_bot import TricksHeuristic
    from game.games.tricks.search import _name_leader
    normal = TricksHeuristic()
    compared = 0
    for seed in range(8):
        state = new_game("tricks", 4, seed=seed)
        rng = random.Random(seed)
        while state.round == 1:
            if state.phase == "lead":
                seat = state.current_player
                assert ("lead", _name_leader(state)) == normal.lead(state.view(seat), state.legal_actions())
                compared += 1
            state.apply(rng.choice(state.legal_actions()))
    assert compared >= 20
