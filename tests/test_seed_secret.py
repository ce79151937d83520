"""The seed deals every hand, so no seat is ever told it, nor anything chance can be rebuilt from.

- Twins: two games with different seeds but the same chance outcomes and actions (the same public
  history) tell every seat and the table the same observation stream, the same phone messages and
  the same phone history, byte for byte.
- A scan of every phone message and every observation for the seed, as a number and as text.
- A rebuild with the project's own code from everything a phone was told finds no hidden card.
- What the observation layer does not declare public is hidden (an allow-list, not a deny-list).
- A new game's seed has 64 bits from the operating system; the seed is not in a record's file name.
- A table bot's generator cannot be recomputed from what a seat sees, and a search bot's forced
  move is held back as long as a searched one (its timing must not tell its hand).
"""

import json
import random

import pytest

from game import new_game
from game.engine import SEED_BITS, action_from_json, derived_rng, new_seed
from game.kit import kit
from game.observe import TABLE, event_for, stream, told
from phone.bridge import PhoneTable
from tiers import configs

CASES = [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4), ("tricks", 5)]
BIG_SEED = 0xC0FFEE_5EED_1234_5678  # 64 bits, as new games draw


def played(game_id, players, seed, choices=7):
    """A whole game from SEED, every seat choosing at random (from CHOICES, apart from the deal)."""
    options = {"tasks_per_player": 4} if game_id == "wassticht" else None
    state = new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(choices)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def twin(state, seed):
    """The same game from another seed: the same chance outcomes and actions, so the same public
    (and private) history; only the seed differs."""
    cls = type(state)
    head = state.events[0]
    chance = [o for o in (cls.chance_outcome(e) for e in state.events[1:]) if o is not None]
    other = cls(players=head["players"], seed=seed, seats=head["seats"], options=head["options"], chance=chance)
    for action in actions_of(state):
        other.apply(action)
    return other


def actions_of(state):
    return [action_from_json(e["a"]) for e in state.events if e["t"] == "act"]


def phone_messages(state):
    """Every message each seat's phone gets over a whole game (all seats on phones, the same
    actions as STATE took), and each seat's phone history at the end, as JSON text."""
    cls = type(state)
    head = state.events[0]
    chance = [o for o in (cls.chance_outcome(e) for e in state.events[1:]) if o is not None]
    live = cls(players=head["players"], seed=head["seed"], seats=head["seats"], options=head["options"],
               chance=chance)
    sent = {s: [] for s in range(live.players)}
    table = PhoneTable(live, range(live.players), outbox=lambda seat, m: sent[seat].append(json.dumps(m)))
    table.pump()
    for action in actions_of(state):
        table.inbox.put((live.current_player, list(_wire(action)), len(live.events)))
        table.pump()
    assert live.is_over and live.snapshot() == _without_seed(state, live)
    # a page that comes back late: the whole history as a new table tells it
    late = PhoneTable(live, range(live.players), outbox=lambda seat, m: sent[seat].append(json.dumps(m)))
    late.pump()
    return sent


def _wire(action):
    key, arg = action[0], action[1]
    return [key, list(arg) if isinstance(arg, tuple) else arg, *action[2:]]


def _without_seed(state, live):
    assert live.seed == state.seed
    return state.snapshot()


def observations(state, viewer):
    return json.dumps([[step.events, step.view] for step in stream(state, viewer)], sort_keys=True)


@pytest.mark.parametrize("game_id,players", configs(CASES, big=set(CASES) - {("tricks", 3)}))  # the shortest game quick
def test_twins_with_other_seeds_tell_every_seat_the_same_byte_for_byte(game_id, players):
    first = played(game_id, players, seed=BIG_SEED + players)
    second = twin(first, seed=new_seed())
    assert first.seed != second.seed and actions_of(first) == actions_of(second)
    for viewer in [TABLE, *range(players)]:
        assert observations(first, viewer) == observations(second, viewer), f"viewer {viewer}"
    assert phone_messages(first) == phone_messages(second)


def scalars(value):
    """Every number and string anywhere in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from scalars(v)
    else:
        yield value


@pytest.mark.parametrize("game_id,players", configs(CASES, big=set(CASES) - {("tricks", 3)}))  # the shortest game quick
def test_no_message_and_no_observation_holds_the_seed(game_id, players):
    state = played(game_id, players, seed=BIG_SEED - players)
    texts = [m for seat_messages in phone_messages(state).values() for m in seat_messages]
    texts += [observations(state, viewer) for viewer in [TABLE, *range(players)]]
    seed = state.seed
    for text in texts:
        assert str(seed) not in text and hex(seed)[2:] not in text.lower()
        assert seed not in [v for v in scalars(json.loads(text)) if type(v) is int]


def rebuilt(state, seed):
    """What the project's own code deals from SEED with the public actions of STATE: the hidden
    chance outcomes (every hand, deck order, secret trump) of its first round, or None."""
    cls = type(state)
    head = state.events[0]
    guess = cls(players=head["players"], seed=seed, seats=head["seats"], options=head["options"])
    for action in actions_of(state):
        if _hidden_chance(guess) is not None:
            break
        try:
            guess.apply(action)
        except ValueError:
            return None
    return _hidden_chance(guess)


def _hidden_chance(state):
    for event in state.events:
        if event["t"] == "deal" and "hands" in event:
            return event["hands"]
        if event["t"] == "decks":
            return event["decks"]
        if event["t"] == "deal":
            return [event["trump_colour"], event["trump_number"], event["rows"]]
    return None


@pytest.mark.parametrize("game_id,players", configs([("mlut", 4), ("wassticht", 4), ("tricks", 4)], big={("mlut", 4), ("wassticht", 4)}))
def test_nothing_a_phone_was_told_rebuilds_the_hidden_cards(game_id, players):
    """Every number and numeric text a phone was told, tried as the seed with the project's own
    code: none deals what the seats could not see. (With the seed in the messages, as before,
    this finds every hand.)"""
    state = played(game_id, players, seed=BIG_SEED + 11)
    truth = _hidden_chance(state)
    assert truth is not None and rebuilt(state, state.seed) == truth  # the rebuild works with the seed
    candidates = set()
    for messages in phone_messages(state).values():
        for message in messages:
            for value in scalars(json.loads(message)):
                if type(value) is int:
                    candidates.add(value)
                elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
                    candidates.add(int(value))
    assert candidates, "the messages were read"
    found = [c for c in sorted(candidates) if c >= 0 and rebuilt(state, c) == truth]
    assert found == []


# --- the allow-list ----------------------------------------------------------------------------------------
def test_the_first_line_is_told_without_its_seed():
    state = new_game("tricks", 4, seed=BIG_SEED)
    for viewer in [TABLE, 0, 3]:
        head = told(state, viewer)[0]
        assert head["t"] == "game" and "seed" not in head
        assert head["players"] == 4 and head["seats"] == state.events[0]["seats"]


def test_an_event_kind_nobody_declared_is_hidden_from_all_but_its_actor():
    event = {"t": "x-new", "p": 2, "hand": ["R1", "G2"], "seed": BIG_SEED}
    assert event_for("mlut", event, 2) == event
    assert event_for("mlut", event, 1) == {"t": "x-new"}
    assert event_for("mlut", event, TABLE) == {"t": "x-new"}


def test_a_key_added_to_a_declared_kind_is_hidden_until_declared():
    trick = {"t": "trick", "cards": [[0, "R1"]], "winner": 0, "deck_order": ["G2", "Y3"]}
    for game_id in ("wassticht", "tricks"):
        assert event_for(game_id, trick, 0) == {"t": "trick", "cards": [[0, "R1"]], "winner": 0}
    assert all(key in kit("wassticht").public_events["trick"] for key in ("t", "cards", "winner"))


def test_an_action_kind_nobody_declared_shows_its_value_to_its_seat_only():
    act = {"t": "act", "p": 1, "a": {"peek": "R7"}}
    assert event_for("mlut", act, 1) == act
    assert event_for("mlut", act, 0) == {"t": "act", "p": 1, "a": {"peek": None}}
    played_card = {"t": "act", "p": 1, "a": {"play": "R7"}}
    assert event_for("mlut", played_card, 0) == played_card


@pytest.mark.slow  # a whole game of Was sticht?
def test_the_open_rows_of_was_sticht_are_told_in_a_canonical_order():
    state = played("wassticht", 4, seed=BIG_SEED)
    deal = next(e for e in state.events if e["t"] == "deal")
    assert any(row != sorted(row, key=_card_order) for row in deal["rows"]), "the laid-out order is shuffled"
    for viewer in [TABLE, 0, 1]:
        told_deal = next(e for e in told(state, viewer) if e["t"] == "deal")
        assert told_deal["rows"] == [sorted(row, key=_card_order) for row in deal["rows"]]


def _card_order(card):
    return "RGBYX".index(card[0]), int(card[1:])


# --- the seed itself and what is derived from it -----------------------------------------------------------
def test_a_new_seed_has_64_bits_of_the_systems_randomness():
    seeds = [new_seed() for _ in range(8)]
    assert SEED_BITS >= 64 and len(set(seeds)) == 8
    assert all(0 <= s < 2 ** SEED_BITS for s in seeds)
    assert max(s.bit_length() for s in seeds) > 48  # not a 31-bit seed: eight of those never reach this


def test_a_session_deals_from_a_64_bit_seed_and_names_its_file_without_it():
    from game.engine import Seat
    from kept.storage import Autosave
    from scenes.screen.session import Session
    seats = [Seat("A")] + [Seat(f"B{i}", "bot", "random") for i in range(3)]
    sessions = [Session.new("mlut", seats) for _ in range(4)]
    assert max(s.seed.bit_length() for s in sessions) > 48
    session = sessions[0]
    autosave = Autosave(session.state)  # in the test's own data folder (conftest)
    autosave.close()
    assert str(session.seed) not in autosave.path.name and session.state.game_id in autosave.path.name


def test_a_64_bit_seed_is_kept_in_the_record_and_replays(tmp_path):
    from kept.record import load, save
    state = played("tricks", 4, seed=BIG_SEED)
    path = tmp_path / "big.jsonl"
    save(path, state)
    again = load(path)
    assert again.seed == BIG_SEED and again.snapshot() == state.snapshot()


def test_table_bots_draw_from_a_generator_no_seat_can_recompute():
    from scenes.screen.session import seat_rng
    from game.bots import bot_rng
    a, b = seat_rng(BIG_SEED, 1, 0), seat_rng(BIG_SEED, 1, 0)
    assert a.random() == b.random()  # the same game replays the same
    assert seat_rng(BIG_SEED, 1, 0).getstate() != bot_rng(BIG_SEED, 1).getstate()
    assert seat_rng(BIG_SEED, 1, 0).getstate() != seat_rng(BIG_SEED + 1, 1, 0).getstate()
    assert derived_rng(BIG_SEED, "coach", 3).getstate() != derived_rng(BIG_SEED, "bot", 3).getstate()


def test_a_search_bots_forced_move_waits_as_long_as_its_thinking():
    from game.bots import make_bot
    from game.engine import Seat
    from scenes.screen.session import Session
    now = [100.0]
    seats = [Seat("A")] + [Seat(f"B{i}", "bot", "random") for i in range(3)]
    session = Session.new("mlut", seats, seed=5)
    session.clock = lambda: now[0]
    hard = make_bot("hard", seconds=0.3)
    assert hard.think_floor == pytest.approx(0.3)
    state = session.state
    while not (session.bot_turn() and len(state.legal_actions()) == 1):
        legal = state.legal_actions()
        state.apply(legal[-1])
        session.take_events()
        if state.is_over:
            pytest.fail("no forced bot move in this game")
    session.bots[session.decider] = hard
    session.think()
    session.thinking.exception()  # the forced answer is there at once
    assert not session.bot_ready()
    now[0] += 0.29
    assert not session.bot_ready()
    now[0] += 0.02
    assert session.bot_ready()
