"""Views have declared shapes: every view of every registered game holds exactly the keys its kit's
TypedDict declares, each of its declared type; and ``trick_winner``, the seat whose card wins the open
trick so far, agrees at every card played with a winner worked out here from the rules pages
(shared/rules/), not by the rules core's own winner functions."""

import types
import typing

import pytest

from game import PLAYER_COUNTS, new_game
from game.kit import kit, registered
from game.runner import play_out, seat_bots
from game.view import TrickTakingView

TABLE = None


def conforms(value, declared, where="view"):
    """None if VALUE is of the DECLARED type (a TypedDict: exactly its keys), else where and why not."""
    if declared is typing.Any:
        return None
    if declared is None or declared is type(None):
        return None if value is None else f"{where}: {value!r} is not None"
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin in (typing.Union, types.UnionType):
        fits = [conforms(value, a, where) for a in args]
        return None if None in fits else f"{where}: {value!r} is none of {declared}"
    if origin is typing.Literal:
        return None if value in args else f"{where}: {value!r} is not one of {args}"
    if typing.is_typeddict(declared):
        if not isinstance(value, dict):
            return f"{where}: {value!r} is no dict"
        keys = typing.get_type_hints(declared)
        if set(value) != set(keys):
            return f"{where}: keys not declared {sorted(set(value) - set(keys))}, missing {sorted(set(keys) - set(value))}"
        for key, inner in keys.items():
            why = conforms(value[key], inner, f"{where}[{key!r}]")
            if why:
                return why
        return None
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: {value!r} is no list"
        return next((why for i, v in enumerate(value) if (why := conforms(v, args[0], f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where}: {value!r} is no dict"
        return next((why for k, v in value.items()
                     if (why := conforms(k, args[0], f"{where} key") or conforms(v, args[1], f"{where}[{k!r}]"))), None)
    if declared is int:
        return None if type(value) is int else f"{where}: {value!r} is no int"
    return None if isinstance(value, declared) else f"{where}: {value!r} is no {declared.__name__}"


def games(game_id, seeds=(1,)):
    """States of seeded games of GAME_ID at every step (every player count; bots of every level but the
    Hard one), the same state object moved on between yields."""
    for players in PLAYER_COUNTS[game_id]:
        for seed in seeds:
            state = new_game(game_id, players, seed=seed)
            bots, rngs = seat_bots(state, [("normal", "easy", "random")[s % 3] for s in range(players)])
            yield state
            while not state.is_over:
                play_out(state, bots, rngs, max_actions=1)
                yield state


def test_the_checker_refuses_a_key_not_declared_and_a_value_of_another_type():
    view = new_game("tricks", 3, seed=1).view(0)
    declared = kit("tricks").part("view_type")
    assert conforms(view, declared) is None
    assert "keys not declared ['secret']" in conforms(dict(view, secret=1), declared)
    assert "missing ['chips']" in conforms({k: v for k, v in view.items() if k != "chips"}, declared)
    assert "is no int" in conforms(dict(view, round="1"), declared)
    assert "is no int" in conforms(dict(view, round=True), declared)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registered())
def test_every_view_has_exactly_the_keys_and_types_its_kit_declares(game_id):
    declared = kit(game_id).part("view_type")
    assert typing.is_typeddict(declared)
    assert set(typing.get_type_hints(TrickTakingView)) <= set(typing.get_type_hints(declared))
    phases = set()
    for state in games(game_id):
        for viewer in (TABLE, *range(state.players)):
            view = state.view(viewer)
            why = conforms(view, declared)
            assert why is None, f"{game_id} seed {state.seed} phase {state.phase}, viewer {viewer}: {why}"
        phases.add(state.phase)
    assert phases <= set(typing.get_args(typing.get_type_hints(declared)["phase"]))


# --- the trick's winner so far, worked out from the rules pages -------------------------------------------
def value(card):
    return int(card[1:])


def mlut_winner(view):
    """Mit List und Tücke: the led card's colour is this trick's trump; the highest trump picks first
    (shared/rules/mit-list-und-tuecke.md, "Who takes the cards")."""
    trick = view["trick"]
    trump = trick[0][1][0]
    trumps = [(value(card), -i, seat) for i, (seat, card) in enumerate(trick) if card[0] == trump]
    return max(trumps)[2]


def tricks_winner(view):
    """Tricks: the highest trump wins; without one the highest card of the led colour; a grey 4 counts
    as a 4 of the colour named; of equal cards the first played (shared/rules/tricks.md, "Tricks")."""
    trick, trump = view["trick"], view["trump"]
    led = trick[0][2]
    ranks = [((2 if colour == trump else 1 if colour == led else 0), value(card), -i, seat)
             for i, (seat, card, colour) in enumerate(trick)]
    return max(ranks)[3]


def wassticht_winner(view):
    """Was sticht?: the trump-number card in the trump colour; the other trump-number cards, the first
    played highest; the trump-colour cards 9 down to 1; the led colour 9 down to 1; other cards never
    win; no trump colour: the number cards are equal, the first played wins (shared/rules/was-sticht.md,
    "Trumps and card order")."""
    trick, colour, number = view["trick"], view["trump_colour"], view["trump_number"]
    led = trick[0][1][0]
    ranks = []
    for i, (seat, card) in enumerate(trick):
        is_number, is_colour = value(card) == number, card[0] == colour
        if is_number and is_colour:
            rank = (4, 0)
        elif is_number:
            rank = (3, -i)
        elif is_colour:
            rank = (2, value(card))
        elif card[0] == led:
            rank = (1, value(card))
        else:
            rank = (0, value(card))
        ranks.append((rank, -i, seat))
    return max(ranks)[2]


WINNERS = {"mlut": mlut_winner, "tricks": tricks_winner, "wassticht": wassticht_winner}
CLOSED_BY = {"mlut": "picker", "tricks": "winner", "wassticht": "winner"}  # who a closed trick's line names


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(WINNERS))
def test_the_trick_winner_so_far_is_the_rules_pages_at_every_card_played(game_id):
    winner_of = WINNERS[game_id]
    cards_seen = closed = 0
    seen, before = 0, None
    for state in games(game_id, seeds=(1, 2, 3)):
        played = []  # the card of this step, with the colour it counts as where a game names one
        for event in state.events[seen:]:  # a trick just closed: its line names the one worked out here
            if event["t"] == "act" and "play" in event["a"]:
                card = event["a"]["play"]
                played = [[event["p"], card, event["a"].get("as") or card[0]]]
            if event["t"] == "trick" and before is not None:
                cards = [list(c) for c in before["trick"]] + [c[:len(c) if game_id == "tricks" else 2] for c in played]
                assert [c[:2] for c in cards] == event["cards"], "the trick's line lists the cards played"
                assert event[CLOSED_BY[game_id]] == winner_of(dict(before, trick=cards)), (game_id, event)
                closed += 1
        seen = len(state.events)
        for viewer in (TABLE, *range(state.players)):
            view = state.view(viewer)
            if not view["trick"]:
                assert view["trick_winner"] is None, (viewer, view["phase"])
                continue
            assert view["trick_winner"] == winner_of(view), (game_id, state.seed, viewer, view["trick"])
            cards_seen += viewer is TABLE
        before = state.view(TABLE)  # the trump the next card is played under
    assert cards_seen > 100 and closed > 20
