"""Observations: each seat is told only what it may know, and the table only what everyone may see.

The property: two games that differ only in what seat s cannot know (another seat's hand, the order
of a deck, another seat's secret bid or task, the secret trump) give s identical observation streams
until the rules show s the difference."""

import dataclasses
import json
import random

import pytest

from game import declared, new_game, state_class
from game.engine import GameState, action_from_json
import game.kit as kits
from game.observe import TABLE, Observer, is_secret_action, stream, told, undeclared
from game.runner import play_out, seat_bots
from tiers import configs

CONFIGS = [("mlut", 4), ("mlut", 5), ("mlut", 6), ("wassticht", 4), ("tricks", 3), ("tricks", 4), ("tricks", 5)]


def played(game_id, players, seed, actions=None):
    state = new_game(game_id, players, seed=seed)
    play_out(state, *seat_bots(state), max_actions=actions)
    return state


def chance_of(state):
    cls = type(state)
    return [o for o in (cls.chance_outcome(e) for e in state.events[1:]) if o is not None]


def actions_of(state):
    return [action_from_json(e["a"]) for e in state.events if e["t"] == "act"]


def twin_streams(game_id, players, seed, chance, actions, seat, stop):
    """The observation steps of seat in a game from (chance, actions), one step per action, until
    stop(state, action) says the rules show the seat something; also the raw events seen."""
    state = state_class(game_id)(players=players, seed=seed, chance=chance)
    observer = Observer(state, seat)
    steps, raw = observer.take(), list(state.events)
    for action in actions:
        if stop(state, action) or state.is_over or state.why_illegal(action):
            break
        state.apply(action)
        steps += observer.take()
    raw = state.events
    return [json.dumps([s.events, s.view], sort_keys=True) for s in steps], raw


def leads_to(shows):
    """A stop rule: the action would bring the game to where shows(state after it) is true."""
    def stop(state, action):
        after = state.clone()
        after.apply(action)
        return shows(after)
    return stop


def assert_same_for(seat, a, b):
    steps_a, raw_a = a
    steps_b, raw_b = b
    assert raw_a != raw_b, "the two games really differ"
    n = min(len(steps_a), len(steps_b))
    assert n >= 2
    assert steps_a[:n] == steps_b[:n], f"seat {seat} was told what it cannot know"


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_mlut_other_hands_are_never_told(players, seed):
    base = played("mlut", players, seed)
    rng = random.Random(seed)
    chance = chance_of(base)
    for seat in [*range(players), TABLE]:
        p, q = rng.sample([s for s in range(players) if s != seat], 2)
        hands = [list(h) for h in chance[0][1]]
        order = {a[1]: i for i, a in enumerate(actions_of(base)) if a[0] == "play"}
        a, b = (max(hands[x], key=lambda c: order.get(c, 10 ** 6)) for x in (p, q))  # played late
        hands[p][hands[p].index(a)], hands[q][hands[q].index(b)] = b, a
        other = [("deal", hands)] + chance[1:]
        stop = lambda state, action: action[0] == "play" and action[1] in (a, b)  # noqa: E731
        assert_same_for(seat, twin_streams("mlut", players, seed, chance, actions_of(base), seat, stop),
                        twin_streams("mlut", players, seed, other, actions_of(base), seat, stop))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tricks_deck_order_is_never_told(players):
    base = played("tricks", players, 7)
    chance = chance_of(base)
    decks = [list(d) for d in chance[0][1]]
    actions = actions_of(base)
    touched = lambda d: next((i for i, a in enumerate(actions) if a in (("buy", d), ("bury", d))), 999)  # noqa: E731
    deck = max(range(players), key=touched)  # the deck whose next card shows last
    decks[deck][1], decks[deck][2] = decks[deck][2], decks[deck][1]
    other = [("decks", decks)] + chance[1:]
    stop = lambda state, action: action in (("buy", deck), ("bury", deck))  # noqa: E731 - the next card shows
    for seat in [*range(players), TABLE]:
        assert_same_for(seat, twin_streams("tricks", players, 7, chance, actions_of(base), seat, stop),
                        twin_streams("tricks", players, 7, other, actions_of(base), seat, stop))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_tricks_bids_are_secret_until_all_are_shown(players):
    base = played("tricks", players, 9)
    actions = actions_of(base)
    first_bid = next(i for i, a in enumerate(actions) if a[0] == "bid")
    probe = new_game("tricks", players, seed=9)
    for action in actions[:first_bid]:
        probe.apply(action)
    bidder = probe.current_player
    other_bid = next(a for a in probe.legal_actions() if a != actions[first_bid])
    changed = actions[:first_bid] + [other_bid] + actions[first_bid + 1:]
    stop = leads_to(lambda after: after.phase == "play")  # bids revealed together
    for seat in [s for s in [*range(players), TABLE] if s != bidder]:
        a = twin_streams("tricks", players, 9, chance_of(base), actions, seat, stop)
        b = twin_streams("tricks", players, 9, chance_of(base), changed, seat, stop)
        assert_same_for(seat, a, b)
    shown = [e["bids"] for step in stream(base, TABLE) for e in step.events if e["t"] == "bids_shown"]
    rounds = []
    for e in base.events:
        if e["t"] == "decks":
            rounds.append({})
        elif e["t"] == "act" and "bid" in e["a"]:
            rounds[-1][e["p"]] = e["a"]["bid"]
    assert shown == [[r[s] for s in range(players)] for r in rounds], "all bids shown together, each round"


def test_wassticht_secret_trump_and_tasks_are_told_only_to_their_owner():
    for seed in range(40):
        base = played("wassticht", 4, seed)
        chance = chance_of(base)
        actions = actions_of(base)
        probe = new_game("wassticht", 4, seed=seed)
        k = 0
        while probe.phase != "task_choice":
            probe.apply(actions[k])
            k += 1
        starter = probe.starter
        deal = dict(chance[0][1])
        candidates = [c for c in probe.view((starter + 1) % 4)["possible_trumps"]
                      if c != [deal["trump_colour"], deal["trump_number"]]]
        if candidates:
            break
    else:
        pytest.fail("no seed left the trump open after the draft")
    colour, number = candidates[0]
    other = [("deal", dict(deal, trump_colour=colour, trump_number=number))] + chance[1:]
    stop = leads_to(lambda after: after.phase == "task_choice")  # the starter shows the trump
    for seat in [s for s in [*range(4), TABLE] if s != starter]:
        assert_same_for(seat, twin_streams("wassticht", 4, seed, chance, actions, seat, stop),
                        twin_streams("wassticht", 4, seed, other, actions, seat, stop))
    chooser = probe.current_player
    mine = actions[k]
    changed = actions[:k] + [next(a for a in probe.legal_actions() if a != mine)] + actions[k + 1:]
    stop = leads_to(lambda after: after.phase == "play")  # the tasks are shown together
    for seat in [s for s in [*range(4), TABLE] if s != chooser]:
        assert_same_for(seat, twin_streams("wassticht", 4, seed, chance, actions, seat, stop),
                        twin_streams("wassticht", 4, seed, chance, changed, seat, stop))


@pytest.mark.parametrize("game_id, players", configs(CONFIGS))
def test_the_table_is_told_no_private_card_and_every_reveal(game_id, players):
    state = played(game_id, players, 3)
    steps = stream(state, TABLE)
    assert all(step.view["hand"] == [] for step in steps)
    kinds = [e["t"] for step in steps for e in step.events]
    if game_id == "mlut":
        deals = [e for step in steps for e in step.events if e["t"] == "deal"]
        assert deals and all(h is None for d in deals for h in d["hands"])
    if game_id == "tricks":
        assert kinds.count("bids_shown") == 2
        assert all(e["decks"] is None for step in steps for e in step.events if e["t"] == "decks")
    if game_id == "wassticht":
        rounds = kinds.count("deal")
        assert kinds.count("trump_shown") + kinds.count("tasks_shown") >= rounds
        assert all(e["trump_colour"] is None for step in steps for e in step.events if e["t"] == "deal")


@pytest.mark.parametrize("game_id, players", configs(CONFIGS))
def test_the_live_stream_and_the_replayed_stream_tell_the_same(game_id, players):
    state = new_game(game_id, players, seed=5)
    bots, rngs = seat_bots(state)
    live = Observer(state, 0)
    told = live.take()
    while not state.is_over:
        play_out(state, bots, rngs, max_actions=1)
        told += live.take()
    replayed = stream(state, 0)
    assert [s.events for s in told] == [s.events for s in replayed]
    assert [s.view for s in told] == [s.view for s in replayed]


# --- hidden unless declared: a game that declares no public actions tells nobody else its actions ---------------
class Forgetful(GameState):
    """A throwaway game that declares nothing: two seats each whisper a number (meant to be secret),
    then say one aloud. Its author registered no kit, so every action of it stays hidden."""

    game_id = "forgetful"
    player_counts = (2,)

    def __init__(self, players=2, seed=0, **kwargs):
        super().__init__(players, seed, **kwargs)
        self.phase, self.current_player, self.said = "whisper", 0, []

    def _legal(self):
        return [(self.phase, n) for n in (1, 2, 3)]

    def _why(self, action):
        return "not now"

    def _apply(self, action):
        self.said.append(action)
        if len(self.said) == 4:
            self._finish([0])
        else:
            self.current_player, self.phase = len(self.said) % 2, "whisper" if len(self.said) < 2 else "say"

    def view(self, seat):
        return {"seat": seat, "phase": self.phase, "current_player": self.current_player}


def acts_told(steps):
    return [e for step in steps for e in step.events if e["t"] == "act"]


def test_a_game_missing_from_public_actions_shows_no_action_to_any_other_seat_nor_the_table():
    state = Forgetful()
    assert kits.find(state.game_id) is None
    viewers = {viewer: Observer(state, viewer) for viewer in (0, 1, TABLE)}
    told = {viewer: [] for viewer in viewers}
    actions = [("whisper", 3), ("whisper", 1), ("say", 2), ("say", 3)]
    for action in actions:
        state.apply(action)
        for viewer, observer in viewers.items():
            told[viewer] += acts_told(observer.take())
    for viewer, acts in told.items():
        assert [a["p"] for a in acts] == [0, 1, 0, 1]
        for act, (kind, value) in zip(acts, actions):
            assert act["a"] == {kind: value if act["p"] == viewer else None}, (viewer, act)
    assert is_secret_action(state.game_id, ("say", 2)), "each decision of it is taken in private"


@pytest.mark.parametrize("game_id, players", [("mlut", 4), ("tricks", 3), ("wassticht", 4)])
def test_a_game_whose_declaration_is_gone_hides_every_action_value_from_the_others(monkeypatch, game_id, players):
    forgot = dataclasses.replace(kits.kit(game_id), public_actions=frozenset())  # as if its author had forgotten them
    monkeypatch.setitem(kits._KITS, game_id, forgot)
    monkeypatch.setitem(declared._checked, game_id, forgot)  # its first use would refuse it: the observer still hides
    state = played(game_id, players, 4, actions=40)
    for viewer in [*range(players), TABLE]:
        acts = acts_told(stream(state, viewer))
        assert len(acts) == 40
        others = [a for a in acts if a["p"] != viewer]
        assert others and all(set(a["a"].values()) == {None} and "as" not in a["a"] for a in others), others[:3]
        raw = [e["a"] for e in state.events if e["t"] == "act" and e["p"] == viewer]
        assert [a["a"] for a in acts if a["p"] == viewer] == raw, "a seat still sees its own"


# --- hidden unless declared: a registered kit that forgets an event kind and an action kind ---------------
SECRETS = (9001, 9002, 9003)  # numbers murmured: no other seat, nor the table, may ever see one


class Murmur(GameState):
    """A throwaway registered game whose kit forgets two of its kinds: each seat murmurs a number
    (action kind "murmur", meant to be secret and left out of the kit's public actions), which the
    rules note in a line of a kind the kit forgot ("heard", holding the number); then each says a
    number aloud (action "say" and line "said", both declared)."""

    game_id = "murmur"
    player_counts = (3,)

    def __init__(self, players=3, seed=0, **kwargs):
        super().__init__(players, seed, **kwargs)
        self.phase, self.current_player, self.murmured, self.said = "murmur", 0, [None] * players, []

    @classmethod
    def chance_outcome(cls, line):
        return None

    def _legal(self):
        return [(self.phase, n) for n in (SECRETS if self.phase == "murmur" else (1, 2))]

    def _why(self, action):
        return "not now"

    def _apply(self, action):
        seat, (kind, number) = self.current_player, action
        if kind == "murmur":
            self.murmured[seat] = number
            self._emit({"t": "heard", "p": seat, "number": number})
        else:
            self.said.append(number)
            self._emit({"t": "said", "p": seat, "number": number})
        self.current_player = (seat + 1) % self.players
        if self.current_player == 0:
            if kind == "say":
                self._finish([0])
            else:
                self.phase = "say"
        self._legal_cache = None

    def view(self, seat):
        return {"game": self.game_id, "seat": seat, "phase": self.phase, "current_player": self.current_player,
                "murmured": self.murmured[seat] if seat is not None else None, "said": list(self.said)}


@pytest.fixture
def murmur():
    info = kits.GameInfo(id="murmur", title="Murmur", player_counts=(3,), hand_size=0, tricks_per_round=0,
                         state_class=Murmur)
    kits.register(kits.GameKit(info=info, public_events={"said": ("t", "p", "number")},
                               public_actions=frozenset({"say"})))
    yield
    kits.unregister("murmur")


def test_a_kit_that_forgets_an_event_kind_and_an_action_kind_tells_them_to_no_other_seat_nor_the_table(murmur):
    state = Murmur()
    viewers = (0, 1, 2, TABLE)
    live = {viewer: Observer(state, viewer) for viewer in viewers}
    steps = {viewer: [] for viewer in viewers}
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[state.current_player] if state.phase == "murmur" else legal[0])  # seat s murmurs SECRETS[s]
        for viewer, observer in live.items():
            steps[viewer] += observer.take()
    assert state.murmured == list(SECRETS)
    for viewer in viewers:
        logged = told(state, viewer)  # the log after Continue, a replay, a phone's reload
        assert logged == [e for step in steps[viewer] for e in step.events]
        heard = [e for e in logged if e["t"] == "heard"]
        mine = [{"t": "heard", "p": viewer, "number": SECRETS[viewer]}] if viewer is not TABLE else []
        assert sorted(heard, key=len) == [{"t": "heard"}] * (3 - len(mine)) + mine, (viewer, heard)
        for event in logged:
            if event["t"] == "act" and "murmur" in event["a"]:
                mine = event["p"] == viewer
                assert event["a"] == {"murmur": SECRETS[viewer] if mine else None}, (viewer, event)
        others = json.dumps([e for e in logged if e.get("p") != viewer or viewer is TABLE])
        assert not any(str(n) in others for n in SECRETS), (viewer, others)
        said = [e["number"] for e in logged if e["t"] == "said"]
        assert said == [1, 1, 1], "what it declares is told to everyone"
        seen = json.dumps([step.view for step in steps[viewer]])
        assert all(str(n) not in seen for s, n in enumerate(SECRETS) if s != viewer)
    assert undeclared(state) == {"heard"}, "the check every registered kit passes finds the forgotten kind"
    assert is_secret_action("murmur", ("murmur", 9001)) and not is_secret_action("murmur", ("say", 1))


@pytest.mark.parametrize("game_id, players", CONFIGS)
def test_every_registered_kit_declares_every_event_kind_its_seeded_games_produce(game_id, players):
    for seed in (1, 2):
        assert undeclared(played(game_id, players, seed)) == set()


# --- a kit that forgets a kind is refused when its game is first used (game.declared) ----------------------
def test_a_kit_that_forgets_an_event_kind_and_an_action_kind_is_refused_on_its_games_first_use(murmur):
    with pytest.raises(declared.Undeclared) as refused:
        new_game("murmur", 3)
    words = str(refused.value)
    assert "heard" in words and "murmur" in words and "said" not in words and "say" not in words, words
    assert kits.find("murmur") is None, "refused: out of the registry"
    whole = kits.GameKit(info=kits.GameInfo(
        id="murmur", title="Murmur", player_counts=(3,), hand_size=0, tricks_per_round=0, state_class=Murmur),
        public_events={"said": ("t", "p", "number"), "heard": ("t", "p")}, public_actions=frozenset({"say"}),
        secret_actions=frozenset({"murmur"}))
    kits.register(whole)
    assert state_class("murmur") is Murmur and declared.checked("murmur") is whole, "declared whole: used"


@pytest.mark.parametrize("game_id", ["mlut", "wassticht", "tricks"])
def test_every_registered_kit_passes_the_check_of_its_first_use(game_id):
    assert declared.forgotten(kits.kit(game_id)) == (set(), set())
    assert declared.checked(game_id) is kits.kit(game_id)
