"""Easy and Normal bots: legal, side-effect free and deterministic in full games, and a few rules of
thumb checked on hand-built positions."""

import copy
import importlib.util
import random

import pytest

from game import PLAYER_COUNTS, new_game
from game.bots import BOTS, LEVELS, bot_rng, make_bot
from game.games.mlut.rules import MlutState
from game.runner import play_out, seat_bots
from game.games.tricks.rules import VALUE as TRICKS_VALUE
from game.games.tricks.rules import TricksState
from game.games.wassticht.rules import WasStichtState

CASES = [(g, n) for g in ("mlut", "wassticht", "tricks") for n in PLAYER_COUNTS[g]]


def _mixed(n, offset):
    names = ["normal", "easy", "random"]
    return [names[(i + offset) % 3] for i in range(n)]


@pytest.mark.parametrize("game_id,players", CASES)
def test_bots_choose_legal_actions_and_leave_view_and_legal_list_alone(game_id, players):
    for seed in (1, 2):
        state = new_game(game_id, players, seed=seed)
        names = _mixed(players, seed)
        bots = [make_bot(n) for n in names]
        rngs = [bot_rng(seed, s) for s in range(players)]
        steps = 0
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            before = copy.deepcopy(view)
            legal = state.legal_actions()
            legal_before = list(legal)
            action = bots[seat].choose(view, legal, rngs[seat])
            assert action in legal_before, f"{names[seat]} chose {action!r}, not legal"
            assert legal == legal_before, f"{names[seat]} changed the legal list"
            assert view == before, f"{names[seat]} changed the view"
            state.apply(action)
            steps += 1
        assert steps > 0


@pytest.mark.parametrize("game_id,options", [("tricks", {"winner_leads": True}),
                                              ("wassticht", {"tasks_per_player": 4})])
def test_bots_play_the_game_options(game_id, options):
    state = new_game(game_id, 4, seed=3, options=options)
    play_out(state, [make_bot(n) for n in ("normal", "easy", "normal", "random")],
             [bot_rng(3, s) for s in range(4)])
    assert state.is_over


def test_one_normal_bot_plays_every_game():
    bot = make_bot("normal")
    for game_id, players in [("mlut", 4), ("wassticht", 4), ("tricks", 3)]:
        state = new_game(game_id, players, seed=5)
        play_out(state, [bot] * players, [bot_rng(5, s) for s in range(players)])
        assert state.is_over


@pytest.mark.parametrize("game_id,players", [("mlut", 5), ("wassticht", 4), ("tricks", 4)])
def test_games_are_deterministic_given_the_bot_generators(game_id, players):
    runs = []
    for _ in range(2):
        state = new_game(game_id, players, seed=11)
        bots, rngs = seat_bots(state, _mixed(players, 0))
        play_out(state, bots, rngs)
        runs.append(state.events)
    assert runs[0] == runs[1]


def test_same_rng_state_same_choice():
    state = new_game("tricks", 4, seed=3)
    for name in ("easy", "normal"):
        bot = make_bot(name)
        view, legal = state.view(state.current_player), state.legal_actions()
        picks = {bot.choose(view, legal, random.Random(42)) for _ in range(3)}
        assert len(picks) == 1


def test_registry_levels_and_lazy_hard():
    assert LEVELS == {"Easy": "easy", "Normal": "normal", "Hard": "hard"}
    assert set(BOTS) >= {"random", "easy", "normal", "hard"}
    assert make_bot("easy").needs_view and make_bot("normal").needs_view
    if importlib.util.find_spec("game.bots.search") is None:
        with pytest.raises(ValueError, match="hard"):
            make_bot("hard")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")


def test_hard_is_a_clear_error_while_the_search_module_is_missing(monkeypatch):
    import game.bots as registry

    def missing(name):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(registry.importlib, "import_module", missing)
    with pytest.raises(ValueError, match="hard bot is not available"):
        make_bot("hard")


# --- Mit List und Tücke ------------------------------------------------------------------------------
def _mlut_position(collections, trick, hand, seat, phase):
    state = MlutState(4, seed=0)
    state.collections = [{c: list(col.get(c, [])) for c in "RGBY"} for col in collections]
    state.hands[seat] = list(hand)
    state.trick = list(trick)
    state.trick_colours = "".join(dict.fromkeys(c[0] for _, c in trick))
    state.phase = phase
    state.current_player = seat
    state._legal_cache = None
    return state


def test_mlut_picker_takes_his_best_colours_and_dumps_the_rest():
    mine = {"R": ["R1", "R2", "R3", "R4"], "G": ["G1", "G2", "G3"]}
    state = _mlut_position([mine, {}, {}, {}], [(0, "R12"), (1, "G5"), (2, "B3"), (3, "Y7")],
                           [], 0, "pick")
    action = make_bot("normal").choose(state.view(0), state.legal_actions(), random.Random(0))
    assert set(action[1]) == {"R12", "G5"}


def test_mlut_plus_colours_from_the_counts():
    mine = {"R": ["R1", "R2", "R3", "R4", "R5"], "G": ["G1"], "B": ["B1", "B2", "B3", "B4"], "Y": ["Y1"]}
    state = _mlut_position([mine, {}, {}, {}], [], ["R9"], 0, "plus")
    state.pending_plus = [0]
    action = make_bot("normal").choose(state.view(0), state.legal_actions(), random.Random(0))
    assert action == ("plus", ("R", "B"))


def test_mlut_last_player_is_not_lowest_off_colour_in_a_bad_trick():
    mine = {"G": ["G1", "G2", "G3", "G4", "G5"], "B": ["B1", "B2", "B3", "B4"]}
    state = _mlut_position([{}, {}, {}, mine], [(0, "R13"), (1, "Y8"), (2, "Y9")], ["Y2", "Y12"], 3, "play")
    action = make_bot("normal").choose(state.view(3), state.legal_actions(), random.Random(0))
    assert action == ("play", "Y12")


def test_mlut_leads_a_top_card_of_a_colour_to_pick():
    state = _mlut_position([{}, {}, {}, {}], [], ["R14", "G2", "B3", "Y4"], 1, "play")
    state.leader = 1
    action = make_bot("normal").choose(state.view(1), state.legal_actions(), random.Random(0))
    assert action == ("play", "R14")


# --- Was sticht? ------------------------------------------------------------------------------------
def _wassticht_task_choice(hands, trump, held):
    state = WasStichtState(seed=0)
    rng = random.Random(0)
    while state.phase != "task_choice":
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    state.hands = [list(h) for h in hands]
    state.trump_colour, state.trump_number = trump
    seat = state.current_player
    state.held[seat] = list(held)
    state._legal_cache = None
    return state, seat


def _wassticht_hands(strong_seat):
    deck = [f"{c}{v}" for v in range(9, 0, -1) for c in "RGBY"]  # strongest first when red is trump
    reds = [c for c in deck if c[0] == "R"]
    others = [c for c in deck if c[0] != "R"]
    hands = [[] for _ in range(4)]
    hands[strong_seat] = reds  # all nine trumps
    rest = [s for s in range(4) if s != strong_seat]
    for i, c in enumerate(others):
        hands[rest[i % 3]].append(c)
    return hands


def test_wassticht_task_choice_fits_the_hand():
    state, seat = _wassticht_task_choice([[]] * 4, ("R", None), ["T01", "T06"])
    hands = _wassticht_hands(seat)
    state.hands = hands
    action = make_bot("normal").choose(state.view(seat), state.legal_actions(), random.Random(0))
    assert action == ("task", "T06")  # every trump in hand: at least 5 tricks, not none

    weak = (seat + 1) % 4
    hands = _wassticht_hands(weak)
    state.hands = hands
    state._legal_cache = None
    action = make_bot("normal").choose(state.view(seat), state.legal_actions(), random.Random(0))
    assert action == ("task", "T01")  # no trump at all: no tricks


def test_wassticht_takes_easy_tasks_and_lays_down_the_hardest():
    state = WasStichtState(seed=0)
    action = make_bot("normal").choose(state.view(0), state.legal_actions(), random.Random(0))
    assert action == ("take_task", "T23")  # the task it fulfils most often
    view = {"game": "wassticht"}
    legal = [("discard", "T03"), ("discard", "T24"), ("discard", None)]
    assert make_bot("normal").choose(view, legal, random.Random(0)) == ("discard", "T24")
    assert make_bot("easy").choose(view, legal, random.Random(0))[1] is not None


def test_wassticht_no_tricks_task_ducks():
    state = WasStichtState(seed=0)
    rng = random.Random(1)
    while state.phase != "play":
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    state.trump_colour, state.trump_number = "R", None
    from game.games.wassticht.rules import SUITS, TRUMP_RANKS
    state._ranks, state._suit = TRUMP_RANKS[("R", None)], SUITS[("R", None)]
    state.hands = [["G1", "G9"] if s == seat else ["G5", "Y2"] for s in range(4)]
    state.chosen[seat] = "T01"
    state._legal_cache = None
    action = make_bot("normal").choose(state.view(seat), state.legal_actions(), random.Random(0))
    assert action == ("play", "G1")  # leading the 9 would win: lead the card that loses


# --- Tricks ---------------------------------------------------------------------------------------
def _tricks_bid_position(hands):
    state = TricksState(3, seed=1)
    state.hands = [dict((c, h.count(c)) for c in h) for h in hands]
    state.phase = "bid"
    state.current_player = state.start_player = 0
    state._legal_cache = None
    return state


def test_tricks_strong_trumps_bid_high_and_weak_hands_bid_low():
    strong = ["B5", "B4", "B3", "X4", "B2", "R5", "B1", "Y5"]
    weak = ["Y0", "R0", "B0", "Y1", "R1", "B1", "Y2", "R2"]
    rivals = [["Y3", "R3", "Y2", "R2", "Y1", "R1", "B0", "Y0"], ["R4", "Y4", "R3", "Y3", "B0", "R0", "Y1", "R2"]]
    bot = make_bot("normal")
    state = _tricks_bid_position([strong] + rivals)
    action = bot.choose(state.view(0), state.legal_actions(), random.Random(0))
    assert TRICKS_VALUE[action[1]] >= 4
    state = _tricks_bid_position([weak, ["B5", "B4", "X4", "R5", "R4", "Y5", "Y4", "B3"], rivals[1]])
    action = bot.choose(state.view(0), state.legal_actions(), random.Random(0))
    assert TRICKS_VALUE[action[1]] <= 1


def test_tricks_buyers_avoid_loans():
    state = TricksState(3, seed=2)
    state.chips[state.current_player] = 1
    state._legal_cache = None
    view, legal = state.view(state.current_player), state.legal_actions()
    free = [a for a in legal if not view["market"]["loan_needed"][a[1]]]
    assert 0 < len(free) < len(legal)  # prices 1, 3 and 5 with one chip: only the 1 is free
    for name in ("easy", "normal"):
        for k in range(5):
            action = make_bot(name).choose(view, legal, random.Random(k))
            assert action in free
