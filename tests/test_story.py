"""The evening's story (game/story.py) is true of the game: games played by bots, and every curve
point and highlight worked out again here from other parts of the game (the state's own views, the
actions, a replay of the record), not from the lines the story reads."""

import pytest

from game import Seat, new_game, story
from game.runner import play_out, seat_bots
from game.games.tricks.rules import VALUE
from game.games.wassticht.rules import TASKS

NAMES = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
CASES = [("mlut", 4, s) for s in (1, 2)] + [("mlut", 6, 3)] + [("tricks", n, s) for n in (3, 5) for s in (1, 2, 3)] \
    + [("wassticht", 4, s) for s in (1, 2, 3)]


def bot_game(game, players, seed, bot="random"):
    seats = [Seat(NAMES[i], "bot", bot) for i in range(players)]
    state = new_game(game, players, seed, seats)
    play_out(state, *seat_bots(state))
    assert state.is_over
    return state


def acts(state):
    return [e for e in state.events if e["t"] == "act"]


def replayed(state, after, before=None):
    """The game played again from its seed and its actions; BEFORE(copy, action) and AFTER(copy,
    action) around each one."""
    copy = new_game(state.game_id, state.players, state.seed, state.seats, state.options)
    for line in acts(state):
        action = tuple(line["a"].items())[0]
        if before:
            before(copy, action)
        copy.apply(line["a"])
        after(copy, action)
    return copy


def score_totals(state):
    """Each round's totals from the state's own history (Tricks: its chips after each payout)."""
    view = state.view(0)
    if state.game_id == "tricks":  # the chips after each round, from a replay as each payout was made
        seen = []

        def after(copy, _):
            if len(copy.payouts) > len(seen):
                seen.append(list(copy.chips))
        replayed(state, after)
        return seen, view["totals"]
    return [h["totals"] for h in view["history"]], view["totals"]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def game(request):
    return bot_game(*request.param)


def test_the_curve_is_every_seats_total_after_every_round(game):
    curve = story.curve(game.events)
    rounds, end = score_totals(game)
    start = new_game(game.game_id, game.players, game.seed, game.seats, game.options).totals
    assert len(curve["series"]) == game.players
    for seat, line in enumerate(curve["series"]):
        assert line[0] == start[seat]
        assert line[1:1 + len(rounds)] == [totals[seat] for totals in rounds]
        assert line[-1] == end[seat], "the curve ends at the game's result"
    assert curve["labels"][:len(rounds) + 1] == ["Start"] + [str(r + 1) for r in range(len(rounds))]
    assert len(curve["labels"]) == len(rounds) + 1 + (rounds[-1] != end)


def test_the_biggest_round_is_the_most_one_seat_scored_in_one_round(game):
    found = {h["kind"]: h for h in story.highlights(game.events)}
    if game.game_id == "wassticht":
        assert "biggest_round" not in found  # a round lays down one task or none: the tasks tell more
        return
    view = game.view(0)
    rounds = view["payouts"] if game.game_id == "tricks" else view["history"]
    key = "chips" if game.game_id == "tricks" else "points"
    best = max(p for r in rounds for p in r[key])
    h = found["biggest_round"]
    assert h["value"] == best and rounds[h["round"] - 1][key][h["seat"]] == best
    first = min((r, s) for r, entry in enumerate(rounds) for s, p in enumerate(entry[key]) if p == best)
    assert (h["round"] - 1, h["seat"]) == first, "the first time it happened"


def test_the_biggest_pile_is_the_most_cards_of_one_colour_collected_in_a_round(game):
    """(A newcomer found "took 2 cards from one trick" told nothing: with 4 seats every pick is 2.)"""
    if game.game_id != "mlut":
        return
    from game.games.mlut.rules import trick_takers
    piles, full = {}, []

    def before(copy, action):  # the full trick on the table, as the pick is made
        if action[0] == "pick":
            full[:] = [[copy.view(0)["trick"], copy.round]]

    def after(copy, action):  # the picked cards to the picker, the rest to the taker (if any)
        if action[0] == "pick":
            (trick, round_no), = full
            picker, taker = trick_takers([tuple(x) for x in trick], copy.k1)
            picked = list(action[1])
            rest = [c for _, c in trick if c not in picked]
            for seat, got in ((picker, picked), (taker, rest if taker is not None else [])):
                for card in got:
                    key = (round_no, seat, card[0])
                    piles[key] = piles.get(key, 0) + 1
    replayed(game, after, before)
    h = {h["kind"]: h for h in story.highlights(game.events)}["biggest_pile"]
    most = max(piles.values())
    first = min(key for key, n in piles.items() if n == most)
    assert h["value"] == most and (h["round"], h["seat"], h["colour"]) == first
    assert str(most) in story.describe(h, NAMES)[1] and NAMES[h["seat"]] in story.describe(h, NAMES)[1]


def test_the_boldest_bid_made_is_the_highest_bid_met_exactly(game):
    if game.game_id != "tricks":
        return
    # bids from the actions, tricks counted from who won each trick, round by round
    bids, taken, made = {}, [0] * game.players, []
    round_no = 1
    for e in game.events:
        if e["t"] == "act" and "bid" in e["a"]:
            bids[e["p"]] = VALUE[e["a"]["bid"]]
        elif e["t"] == "trick":
            taken[e["winner"]] += 1
            if sum(taken) == 7:
                made += [(bids[s], round_no, s) for s in range(game.players) if bids[s] == taken[s]]
                bids, taken, round_no = {}, [0] * game.players, round_no + 1
    found = {h["kind"]: h for h in story.highlights(game.events)}
    if not made:
        assert "boldest_bid" not in found
        return
    top = max(b for b, _, _ in made)
    h = found["boldest_bid"]
    assert (h["value"], h["round"], h["seat"]) == min((b, r, s) for b, r, s in made if b == top)


def test_some_tricks_game_has_a_bid_made():
    for seed in range(1, 40):
        state = bot_game("tricks", 3, seed)
        if any(h["kind"] == "boldest_bid" for h in story.highlights(state.events)):
            return
    raise AssertionError("no bid met in 39 games")


def test_the_tasks_laid_down_last_and_the_hardest_one(game):
    if game.game_id != "wassticht":
        return
    view = game.view(0)
    found = {h["kind"]: h for h in story.highlights(game.events)}
    history = [h for h in view["history"] if h["laid_down"]]
    last = found["last_task"]
    assert last["round"] == history[-1]["round"]
    assert last["laid"] == sorted([int(s), t] for s, t in history[-1]["laid_down"].items())
    for seat, task in last["laid"]:
        assert view["laid_down"][seat][-1] == task, "the seat's last laid-down task"
    hardest = found["hardest_task"]
    top = max(TASKS[t][1] for tasks in view["laid_down"] for t in tasks)
    assert hardest["value"] == top and hardest["task"] in view["laid_down"][hardest["seat"]]
    assert TASKS[hardest["task"]][1] == top
    heading, words = story.describe(hardest, NAMES)
    assert TASKS[hardest["task"]][0] in words and NAMES[hardest["seat"]] in words and str(top) in words
    assert hardest["task"] not in words, "a task by its words, not its code"


def test_the_longest_lead(game):
    rounds, _ = score_totals(game)
    led = [sum(1 for totals in rounds if totals[s] == max(totals)) for s in range(game.players)]
    h = {h["kind"]: h for h in story.highlights(game.events)}["longest_lead"]
    assert h["value"] == max(led) and h["seat"] == led.index(max(led)) and h["rounds"] == len(rounds)
    assert h["seats"] == [s for s in range(game.players) if led[s] == max(led)]
    level = any(sum(1 for t in totals if t == max(totals)) > 1 and totals[s] == max(totals)
                for totals in rounds for s in h["seats"])
    assert h["shared"] == level
    heading, words = story.describe(h, NAMES)
    if level or len(h["seats"]) > 1:
        assert "ahead" not in words, "a round on level terms is no lead alone"
    assert all(NAMES[s] in words for s in h["seats"])


def test_a_tie_at_the_top_is_not_told_as_ahead_all_the_way():
    """Ben and Anna level after the last round: neither was "ahead all the way"."""
    events = [{"t": "game", "game": "tricks", "players": 3, "seats": []},
              {"t": "score", "round": 1, "points": [0, 20, 5], "totals": [30, 50, 35]},
              {"t": "score", "round": 2, "points": [81, 61, 0], "totals": [111, 111, 35]}]
    h = story.longest_lead(events)
    assert h["seats"] == [1] and h["shared"]
    heading, words = story.describe(h, ["Anna", "Ben", "Carla"])
    assert heading != "Ahead all the way" and "level" in words
    events[2]["totals"] = [111, 90, 35]  # Anna after round 2, Ben after round 1: one round each
    h = story.longest_lead(events)
    heading, words = story.describe(h, ["Anna", "Ben", "Carla"])
    assert h["seats"] == [0, 1] and "Anna and Ben" in words


def test_two_or_three_highlights_in_words(game):
    found = story.highlights(game.events)
    assert 2 <= len(found) <= 3
    for h in found:
        heading, words = story.describe(h, NAMES)
        assert heading and words


@pytest.mark.slow
def test_the_story_reads_only_what_the_table_was_told():
    """The table's observation tells the same story as the whole record."""
    from game.observe import TABLE, told
    for game, n in (("mlut", 4), ("tricks", 4), ("wassticht", 4)):
        state = bot_game(game, n, 5)
        public = told(state, TABLE)
        assert story.curve(public) == story.curve(state.events)
        assert story.highlights(public) == story.highlights(state.events)
