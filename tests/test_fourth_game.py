"""A fourth game kept under tests/ (tests/fourth_game: Oh Hell, open bids or, as a rule option, secret
ones), registered through its two kits and its page module alone, played headless end to end through
the shared machinery, which names no game: its menu tile, seat setup and rules page, the deal, bids and
tricks by a person's clicks, whole games by every bot level, a scripted phone on the real server, the
Hint, Undo and the trick history; its record is saved, replayed and continued; no message to any seat
holds another's hand or, before they are shown, another's secret bid. And the game lives in its own
files: nothing outside them names it, and it imports only the machinery's public parts."""

import ast
import asyncio
import dataclasses
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import aiohttp
import pygame
import pytest

import game.kit as rules_kits
from game import declared, explain, new_game, state_class, story
from game.history import tricks_by_round
from game.observe import TABLE, Observer, stream, told
from game.runner import play_out, seat_bots
from kept.record import load, read_lines, record_bytes
from kept.storage import unfinished_games
from scenes.boards.scoreboard import ScoreboardScene
from scenes.menus.library import LibraryScene
from scenes.menus.menu import MenuScene, RulesScene, SetupScene
from scenes.menus.replay import ReplayScreen
from scenes.screen import coach
from scenes.screen.game_screen import GameScreen
from tests.fourth_game import kit as fourth
from tests.fourth_game.rules import DECK, HAND, OhHellState, trick_winner

from app_driver import (FRAME, acts, click, new_app, play_actions, play_to_sheet, play_until, post_click,
                        press, seats, showing, to_my_turn, wait_for_hint)
from phone_helpers import GameThread, Phone

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "tests" / "fourth_game"
SCREEN = pygame.Rect(0, 0, 1280, 720)
SECRET = {"secret_bids": True}


@pytest.fixture
def ohhell():
    """The fourth game registered (both kits), and gone again after the test."""
    game_id = fourth.install()
    yield game_id
    fourth.uninstall()


def table(players=4, seed=7, options=None, bot="random"):
    """An app at a new game of the fourth game: the person at seat 0, bots of level BOT elsewhere."""
    app = new_app(seed)
    app.new_game("ohhell", seats(players, bot=bot), options, keep=False)
    return app


def played(players, seed, options=None, actions=None, bots=("normal", "easy", "random")):
    """A seeded game of bots of the levels BOTS (by seat, in turn), played to its end (or ACTIONS)."""
    state = new_game("ohhell", players, seed=seed, options=options)
    play_out(state, *seat_bots(state, [bots[s % len(bots)] for s in range(players)]), max_actions=actions)
    return state


ROUND = 4 * (1 + HAND)  # the actions of a round of four


# --- its kits ----------------------------------------------------------------------------------------
def test_its_two_kits_give_every_part_the_shared_machinery_asks_for(ohhell):
    import test_structure  # its checks of every registered game, the fourth one registered now
    test_structure.test_every_registered_games_kit_provides_every_part()
    test_structure.test_every_game_has_every_part_of_its_board_kit()
    assert declared.forgotten(rules_kits.kit(ohhell)) == (set(), set())
    assert state_class(ohhell) is OhHellState and declared.checked(ohhell) is rules_kits.kit(ohhell)


@pytest.mark.slow  # whole games
def test_every_view_has_the_keys_and_types_its_kit_declares_and_the_trick_winner_so_far(ohhell):
    from test_views import conforms
    view_type = rules_kits.kit(ohhell).part("view_type")
    phases = set()
    for players in OhHellState.player_counts:
        for options in ({}, SECRET):
            state = new_game(ohhell, players, seed=players, options=options)
            bots, rngs = seat_bots(state, ["normal", "easy", "random", "normal", "easy"][:players])
            while True:
                for viewer in (TABLE, *range(players)):
                    view = state.view(viewer)
                    assert conforms(view, view_type) is None, (players, options, viewer)
                    trick = [(s, c) for s, c in view["trick"]]
                    assert view["trick_winner"] == (trick_winner(trick, view["trump"]) if trick else None)
                phases.add(state.phase)
                if state.is_over:
                    break
                play_out(state, bots, rngs, max_actions=1)
    assert phases == {"bid", "play", "over"}


# --- the command line -------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game
def test_the_command_line_plays_it_with_its_own_option_and_every_level(ohhell, tmp_path, monkeypatch, capsys):
    from game.__main__ import main
    from game.bots import search
    monkeypatch.setattr(search, "_DEFAULT_SECONDS", 0.002)  # a tiny budget: the plumbing, not the play
    levels = ["hard", "normal", "easy", "random"]
    main(["simulate", "--game", ohhell, "--players", "4", "--seed", "3", "--secret-bids",
          "--bots", ",".join(levels), "--out", str(tmp_path)])
    state = load(tmp_path / f"{ohhell}-4p-3.jsonl")  # load replays and checks every line
    assert state.is_over and state.options == SECRET and [seat.bot for seat in state.seats] == levels
    assert "1 game" in capsys.readouterr().out


# --- the menu, the seat setup, the rules page and the deal --------------------------------------------
def test_its_menu_tile_and_seat_setup_start_a_dealt_game_with_its_rule_option(ohhell):
    app = new_app(seed=11)
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene) and app.games[-1] == ohhell
    tiles = [app.scene.targets[f"game:{game_id}"] for game_id in app.games]
    assert all(SCREEN.contains(tile) for tile in tiles)
    assert not any(a.colliderect(b) for k, a in enumerate(tiles) for b in tiles[k + 1:])
    post_click(app, f"game:{ohhell}")
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.game_id == ohhell
    app.step(FRAME)
    assert {name for name in setup.targets if name.startswith("count:")} == {"count:3", "count:4", "count:5"}
    assert "learn" not in setup.targets, "no guided first round: the game has no teaching"
    post_click(app, "count:4")
    post_click(app, "opt:secret_bids")
    assert setup.options == SECRET
    post_click(app, "start")
    screen = app.scene
    assert isinstance(screen, GameScreen)
    state = screen.state
    assert (state.game_id, state.players, state.options) == (ohhell, 4, SECRET)
    deal = next(e for e in state.events if e["t"] == "deal")
    assert [len(h) for h in deal["hands"]] == [HAND] * 4
    assert deal["trump_card"] in DECK and deal["trump_card"] not in {c for h in deal["hands"] for c in h}
    assert to_my_turn(app, "bid") is screen
    board = showing(app)
    assert {n[5:] for n in screen.targets if n.startswith("card:")} == set(state.hands[0])
    assert {n for n in screen.targets if n.startswith("bid:")} == {f"bid:{n}" for n in range(HAND + 1)}
    assert board.shown["trump_card"] == deal["trump_card"]
    app.quit()


@pytest.mark.parametrize("language, heading, line", [
    ("en", "The idea", "Took exactly your bid: 10 + your bid. Any other number of tricks: 0."),
    ("de", "Die Idee", "Genau so viele Stiche wie angesagt: 10 + Ansage. Jede andere Zahl: 0."),
    ("nl", "Het idee", "Precies je bod gehaald: 10 + je bod. Elk ander aantal slagen: 0.")])
def test_its_rules_page_is_its_own_in_each_language(ohhell, language, heading, line):
    app = new_app(language=language)
    click(app, f"game:{ohhell}")
    click(app, "rules")
    assert isinstance(app.scene, RulesScene)
    text = " ".join(words.lstrip("• ").strip() for kind, words in app.scene.rows if kind != "gap")
    assert ("head", heading) in app.scene.rows and line in text
    app.quit()


def test_the_demo_plays_it_in_its_turn_after_the_three_games(ohhell):
    from scenes.screen.demo import DemoMode
    app = new_app(seed=4)
    app.step(FRAME)
    app.demo = DemoMode(app, speed="instant", bot_delay=0)
    app.demo.start()
    for _ in range(3):
        app.demo.next_game()
    assert app.demo.games_started[-1] == ohhell == app.games[-1] and len(app.demo.games_started) == 4
    session = app.scene.session
    assert session.game_id == ohhell and all(seat.kind == "bot" for seat in session.seats)
    play_actions(app, 8)  # its bots bid and lead on the demo's screen
    assert acts(session.state) >= 8
    app.demo.stop()
    assert isinstance(app.scene, MenuScene)
    app.quit()


# --- a person's clicks ---------------------------------------------------------------------------------
class Person:
    """A person at the screen: a bid by a click on its number, a card by a click on it in the hand
    (once, first, a card that may not be played: refused with a reason, nothing changed)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.clicks = 0
        self.refused = 0

    def move(self, app, screen):
        state = screen.state
        app.step(FRAME)  # the targets as drawn now
        if state.phase == "bid":
            post_click(app, f"bid:{self.rng.randrange(HAND + 1)}")
        else:
            playable = {a[1] for a in state.legal_actions()}
            hand = [name[5:] for name in screen.targets if name.startswith("card:")]
            barred = [card for card in hand if card not in playable]
            if barred and not self.refused:
                before = len(state.events)
                post_click(app, f"card:{barred[0]}")
                assert len(state.events) == before and screen.hint, "refused, with its reason"
                self.refused += 1
            post_click(app, f"card:{self.rng.choice(sorted(c for c in hand if c in playable))}")
        self.clicks += 1


def test_a_person_bids_and_plays_a_card_by_clicks(ohhell):
    app = table(seed=3, bot="normal")
    screen = to_my_turn(app, "bid")
    post_click(app, "bid:2")
    mine = [e["a"] for e in screen.state.events if e["t"] == "act" and e["p"] == 0]
    assert mine == [{"bid": 2}] and screen.state.bids[0] == 2
    screen = to_my_turn(app, "play")
    person = Person(1)
    before = acts(screen.state)
    person.move(app, screen)
    played = [e["a"] for e in screen.state.events if e["t"] == "act" and e["p"] == 0]
    assert len(played) == 2 and "play" in played[1] and acts(screen.state) >= before + 1
    app.quit()


def play_by_clicks(app, person, limit=40000):
    """The person plays every turn by clicks; round scores go on by their button; the final scores."""
    for _ in range(limit):
        scene = app.scene
        if isinstance(scene, ScoreboardScene):
            if scene.final:
                return scene
            app.step(FRAME)
            post_click(app, "continue")
        elif isinstance(scene, GameScreen) and scene.idle and scene.session.my_turn():
            person.move(app, scene)
        else:
            app.step(FRAME)
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, SECRET])
def test_a_whole_game_by_a_persons_clicks(ohhell, options):
    app = table(seed=8, options=options)
    state = app.scene.session.state
    person = Person(8)
    sheet = play_by_clicks(app, person)
    app.step(FRAME)
    names = [sheet.session.name(s) for s in range(4)]
    assert sheet.story.highlights == [story.describe(h, names) for h in story.highlights(state.events)]
    assert "The sharpest bidder" in [heading for heading, _words in sheet.story.highlights], "its own highlight"
    assert state.is_over and len(state.history) == state.rounds
    mine = [e for e in state.events if e["t"] == "act" and e["p"] == 0]
    assert len(mine) == state.rounds * (1 + HAND) == person.clicks, "every decision of the person was a click"
    assert person.refused == 1


# --- every bot level -------------------------------------------------------------------------------
def setup_with_bots(app, game_id, level, players=4):
    """The seat setup: PLAYERS seats, all bots of LEVEL (set by clicks on each seat's buttons)."""
    click(app, f"game:{game_id}")
    setup = app.scene
    post_click(app, f"count:{players}")
    if setup.seats[0][1] != "bot":
        post_click(app, "kind:0")
    for seat in range(players):
        for _ in range(len(setup.levels)):
            if setup.seats[seat][2] == level:
                break
            post_click(app, f"level:{seat}")
    assert [s[1:] for s in setup.seats[:players]] == [["bot", level]] * players
    post_click(app, "start")
    assert isinstance(app.scene, GameScreen)
    return app.scene.session


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_whole_game_of_bots_of_each_level(ohhell, level):
    app = new_app(seed=5)
    session = setup_with_bots(app, ohhell, level)
    assert {bot.name for bot in session.bots.values()} == {level}
    play_to_sheet(app, final=True)
    assert session.state.is_over and len(session.state.history) == session.state.rounds
    app.quit()


@pytest.mark.slow
def test_a_round_of_hard_bots(ohhell, monkeypatch):
    from game.bots import search
    monkeypatch.setattr(search, "_DEFAULT_SECONDS", 0.02)  # a short search: the plumbing, not the play
    app = new_app(seed=5)
    session = setup_with_bots(app, ohhell, "hard", players=3)
    assert all(isinstance(bot, search.SearchBot) for bot in session.bots.values())
    sheet = play_to_sheet(app)
    assert not sheet.final and len(session.state.history) == 1
    assert acts(session.state) == 3 * (1 + HAND)
    app.quit()


# --- the Hint, Undo and the trick history ---------------------------------------------------------
@pytest.mark.parametrize("options", [{}, SECRET])
def test_the_hint_rates_every_bid_and_every_card(ohhell, monkeypatch, options):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})
    app = table(seed=6, options=options, bot="normal")
    for phase in ("bid", "play"):
        screen = to_my_turn(app, phase, choices=2)
        press(app, pygame.K_h)
        wait_for_hint(app, screen)
        values = screen.coach.values
        legal = screen.state.legal_actions()
        assert values is not None and set(values) == set(legal) and all(0 <= v <= 1 for v in values.values())
        app.step(FRAME)
        said = [words for _, words in screen.tips]
        assert any(explain.meaning(ohhell) in words for words in said), "the hint explains its percentages"
        alike = screen.coach.equal_best()
        if len(alike) == 1:
            why = explain.reason(screen.state.view(0), alike[0])
            assert why and any(why in words for words in said), "and why the best move"
        else:
            assert any("as good as each other" in words for words in said), "or that moves are alike"
        assert screen.act(max(values, key=values.get))
    app.quit()


def test_undo_takes_back_the_persons_card_and_the_bots_after_it(ohhell):
    app = table(seed=4)
    screen = to_my_turn(app, "play", choices=2)
    card = sorted(showing(app).playable())[0]
    post_click(app, f"card:{card}")
    screen = to_my_turn(app, "play")
    mine = len([e for e in screen.state.events if e["t"] == "act" and e["p"] == 0])
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert len([e for e in screen.state.events if e["t"] == "act" and e["p"] == 0]) == mine - 1
    assert screen.session.my_turn() and card in showing(app).shown["hand"]
    app.quit()


def test_the_trick_history_shows_each_trick_as_it_was_played(ohhell):
    app = table(seed=21)
    screen = app.scene

    def two_tricks(t):
        done = [x for x in tricks_by_round(t.state.events).get(1, []) if x.done]
        return len(done) >= 2

    assert play_until(app, screen, two_tricks)
    truth = tricks_by_round(screen.state.events)[1]  # the trick in play last, if a card of it lies
    press(app, pygame.K_t, dt=0)
    assert screen.overlay == "history"
    shown = screen.history
    assert (shown.trick.number, shown.trick.cards) == (len(truth), truth[-1].cards)
    while shown.trick.number > 1 and not shown.trick.done:
        click(app, "hist:trick:-1", dt=0)
    assert shown.trick.cards == truth[shown.trick.number - 1].cards and shown.trick.done
    click(app, "hist:trick:-1", dt=0)
    assert shown.trick.cards == truth[shown.trick.number - 1].cards and shown.trick.winner is not None
    words = " ".join(shown.outcome(shown.trick))
    assert screen.session.name(shown.trick.winner) in words
    press(app, pygame.K_ESCAPE, dt=0)
    assert screen.overlay is None
    app.quit()


# --- its record: saved as it goes, continued, replayed -------------------------------------------------
def test_a_seeded_games_record_replays_byte_for_byte(ohhell, tmp_path):
    for options in ({}, SECRET):
        state = played(4, 9, options, actions=ROUND + 6)  # into the second round's tricks
        path = tmp_path / "game.jsonl"
        path.write_bytes(record_bytes(state))
        again = load(path)
        assert again == state and record_bytes(again) == path.read_bytes()


@pytest.mark.slow
def test_its_record_is_kept_continued_to_the_end_and_replayed(ohhell):
    app = new_app(seed=77)
    app.new_game(ohhell, seats(4, names=("Anna", "Bot 1", "Bot 2", "Bot 3"), bot="normal"), SECRET)
    session = play_actions(app, 14)  # in the first round's tricks
    before = session.state
    app.quit()
    [kept] = unfinished_games()
    assert [line for _, line in read_lines(kept.path)] == before.events
    assert load(kept.path) == before

    again = new_app(seed=77, bot_delay=5)  # no bot moves in the frame of the click
    again.step(FRAME)
    post_click(again, "continue")
    resumed = again.scene.session
    assert isinstance(again.scene, GameScreen) and resumed.state == before and resumed.state.game_id == ohhell
    again.settings.bot_delay = 0
    play_to_sheet(again, final=True)
    final = resumed.state
    assert final.is_over and load(kept.path) == final and record_bytes(final) == kept.path.read_bytes()
    post_click(again, "menu")

    again.step(FRAME)
    post_click(again, "kept")
    assert isinstance(again.scene, LibraryScene)
    again.step(FRAME)
    post_click(again, "game:0")
    replay = again.scene
    assert isinstance(replay, ReplayScreen)
    for _ in range(20000):
        if replay.done == len(replay.record.actions) and isinstance(replay.sheet, ScoreboardScene) \
                and replay.sheet.final:
            break
        again.step(0.1)
    assert replay.session.state == final
    again.quit()


# --- a phone on the real server -------------------------------------------------------------------
async def phone_plays(game, seat, moves):
    """A scripted phone at SEAT: it joins, checks the facts and its page module, taps a card in the
    bidding (refused, with the door's reason), then decides every turn by MOVES(state message) to
    the game's end. Returns the phone."""
    link = game.server.links()[seat]
    base, token = link.rsplit("/s/", 1)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/p/games/ohhell.js") as got:
            assert got.status == 200 and await got.read() == (HOME / "ohhell.js").read_bytes()
        phone = await Phone(session, base.replace("http", "ws") + f"/ws/{token}", f"device{seat:04d}").open()
        hello = await phone.next("hello")
        assert (hello["game"], hello["title"], hello["hand_size"], hello["colours"]) == ("ohhell", "Oh Hell", HAND, "RGBY")
        assert set(hello["prompts"]) == {"bid", "play"}
        message = await phone.my_turn(timeout=10)
        assert message["view"]["phase"] == "bid"
        await phone.act(["play", message["view"]["hand"][0]])
        refused = await phone.next("refused")
        assert "must bid now" in refused["reason"]
        while message["view"]["winners"] is None:
            await phone.act(moves(message))
            message = await phone.next("state", timeout=10,
                                       where=lambda m: m["turn"] or m["view"]["winners"] is not None)
        return phone


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, SECRET])
def test_a_scripted_phone_plays_a_whole_game_on_the_real_server(ohhell, options):
    state = new_game(ohhell, 4, seed=12, options=options)
    rng = random.Random(12)
    with GameThread(state, [1], bot="normal") as game:
        phone = asyncio.run(phone_plays(game, 1, lambda m: rng.choice(m["legal"])))
    assert state.is_over
    mine = [e["a"] for e in state.events if e["t"] == "act" and e["p"] == 1]
    assert len(mine) == state.rounds * (1 + HAND)
    assert all(("secret_bid" if options else "bid") in a for a in mine[::1 + HAND])
    told_events = [e for m in phone.got if m["type"] == "state" for e in m["events"]]
    assert told_events == json.loads(json.dumps(told(state, 1)))[-len(told_events):]


# --- privacy: no seat is told another's hand, nor a secret bid before all are shown ---------------------
def ohhell_secrets(state, seat, message):
    """Raise Leak if MESSAGE to SEAT holds a card of another seat's hand (in its view: its events may
    tell the last round's tricks, whose cards the new deal gave out again), a deal of another seat, or,
    while the secret bids are made, another seat's bid."""
    from test_phone_privacy import Leak, strings
    view, events = message["view"], message["events"]
    others = [s for s in range(state.players) if s != seat]
    shown = {c for s in others for c in state.hands[s]} & set(strings(view))
    if shown:
        raise Leak(f"seat {seat} is shown cards of other hands: {sorted(shown)}")
    for e in events:
        if e["t"] == "deal" and any(e["hands"][s] is not None for s in others):
            raise Leak(f"seat {seat} is told another seat's deal")
    if state.secret and state.phase == "bid":
        for s in others:
            if view["bids"][s] is not None:
                raise Leak(f"seat {seat} is shown the secret bid of seat {s}")
        for e in events:
            if e["t"] == "act" and e["p"] != seat and e["a"].get("secret_bid") is not None:
                raise Leak(f"seat {seat} is told the secret bid of seat {e['p']}")


@pytest.fixture
def scan(monkeypatch, ohhell):
    """The whole-game privacy scan of the phone tests (tests/test_phone_privacy.py), with this game's
    secrets."""
    import test_phone_privacy
    monkeypatch.setattr(test_phone_privacy, "secrets_check", ohhell_secrets)
    return test_phone_privacy


@pytest.mark.slow
@pytest.mark.parametrize("players", OhHellState.player_counts)
def test_the_whole_game_privacy_scan_finds_nothing_with_secret_bids(scan, players):
    state = new_game("ohhell", players, seed=players * 7 + 1, options=SECRET)
    checker = scan.play_whole_game(state, seed=players)
    assert state.is_over and checker.checked > 10 * players
    for seat, messages in checker.sent.items():
        shown = [e for m in messages if m["type"] == "state" for e in m["events"] if e["t"] == "bids_shown"]
        assert len(shown) == state.rounds


def test_the_scan_alone_catches_raw_events(scan, monkeypatch):
    """Even if the observer itself leaked (both the table's and the scan's), the scan catches it."""
    import game.door as door
    monkeypatch.setattr(door, "Observer", scan._RawObserver)
    monkeypatch.setattr(scan, "Observer", scan._RawObserver)
    with pytest.raises(scan.Leak, match="told"):
        scan.play_whole_game(new_game("ohhell", 3, seed=5, options=SECRET), seed=5)


def test_the_scan_alone_catches_a_secret_bid_shown_too_soon(scan, monkeypatch):
    monkeypatch.setattr(OhHellState, "bids_revealed", lambda state: True)  # the rules' own views leak
    with pytest.raises(scan.Leak, match="secret bid"):
        scan.play_whole_game(new_game("ohhell", 3, seed=5, options=SECRET), seed=5)


def test_a_secret_bid_is_told_to_no_other_seat_nor_the_table_until_all_are_shown(ohhell):
    state = played(4, 2, SECRET, actions=ROUND + 6)  # the second round's bids shown too
    assert state.round == 2
    for viewer in (*range(4), TABLE):
        logged = told(state, viewer)
        bids = [e for e in logged if e["t"] == "act" and "secret_bid" in e["a"]]
        assert len(bids) == 4 * state.round
        assert all(e["a"]["secret_bid"] is None for e in bids if e["p"] != viewer), viewer
        assert all(e["a"]["secret_bid"] is not None for e in bids if e["p"] == viewer), viewer
        kinds = [e["t"] for e in logged]
        assert kinds.count("bids_shown") == state.round
        for step in stream(state, viewer):
            if not step.view["bids_revealed"]:
                assert all(b is None for s, b in enumerate(step.view["bids"]) if s != viewer)


def told_until(seat, chance, actions, shown):
    """Seat SEAT's observation steps of a game with secret bids played from (CHANCE, ACTIONS), up to the
    action after which shown(state) holds; and the game's own lines."""
    state = OhHellState(players=4, seed=3, chance=chance, options=SECRET)
    observer = Observer(state, seat)
    steps = observer.take()
    for action in actions:
        state.apply(action)
        if shown(state):
            break
        steps += observer.take()
    return [json.dumps([s.events, s.view], sort_keys=True) for s in steps], state.events


def test_a_seat_is_told_the_same_whatever_another_seat_bid_face_down(ohhell):
    """Two games that differ only in seat 2's secret bid tell seat 0 the same until the bids are shown."""
    from test_observe import actions_of, chance_of
    state = played(4, 3, SECRET, actions=8)
    chance, actions = chance_of(state), actions_of(state)
    k = next(i for i, e in enumerate([e for e in state.events if e["t"] == "act"]) if e["p"] == 2)
    changed = list(actions)
    changed[k] = ("secret_bid", (actions[k][1] + 1) % (HAND + 1))
    shown = lambda after: after.bids_revealed()  # noqa: E731
    a = told_until(0, chance, actions, shown)
    b = told_until(0, chance, changed, shown)
    assert a[1] != b[1], "the two games really differ"
    assert len(a[0]) == 4 and a[0] == b[0], "the deal and three bids face down, told alike"


# --- hidden unless declared: its kit forgets an event kind and an action kind -----------------------------
class NotedState(OhHellState):
    """Oh Hell whose rules note each bid with the bidder's hand, a line meant for the bidder alone
    ("bid_note")."""

    def _bid(self, count):
        seat = self.current_player
        super()._bid(count)
        if self._record:
            self._emit({"t": "bid_note", "p": seat, "hand": list(self.hands[seat])})


@pytest.fixture
def forgetful(ohhell):
    """Its kit as if its author forgot the open bid's action kind and the note's event kind; past the
    check of its first use (which refuses it), to show that what is forgotten stays hidden. (Not by
    monkeypatch: its undoing comes after the game's own fixture has taken the game out.)"""
    base = rules_kits.kit(ohhell)
    forgot = dataclasses.replace(base, info=dataclasses.replace(base.info, state_class=NotedState),
                                 public_actions=base.public_actions - {"bid"})
    rules_kits.unregister(ohhell)
    rules_kits.register(forgot)
    assert declared.forgotten(forgot) == ({"bid_note"}, {"bid"})
    with pytest.raises(declared.Undeclared):
        new_game(ohhell, 3, seed=1)
    assert rules_kits.find(ohhell) is None, "refused: out of the registry"
    rules_kits.register(forgot)
    declared._checked[ohhell] = forgot  # let past the check
    yield ohhell
    rules_kits.unregister(ohhell)
    declared._checked.pop(ohhell, None)
    rules_kits.register(base)


def hidden_from(viewer, events):
    """The forgotten kinds' events among EVENTS told to VIEWER that hold more than their kind (or a
    bid's value) while another seat's (or any, for the table) did them."""
    found = []
    for e in events:
        if e.get("p") == viewer:
            continue
        if e["t"] == "bid_note" and e != {"t": "bid_note"}:
            found.append(e)
        if e["t"] == "act" and "bid" in e["a"] and e["a"] != {"bid": None}:
            found.append(e)
    return found


@pytest.mark.slow  # a round on the TV, a whole game on phones
def test_a_kind_its_kit_forgets_reaches_no_other_seat_nor_the_tvs_log(forgetful):
    app = new_app(seed=3)
    app.new_game(forgetful, seats(4, people=()), keep=False)  # bots alone: the screen is the TV, the table's
    screen = app.scene
    assert screen.session.viewer is None
    play_to_sheet(app)
    state = screen.state
    notes = [e for e in state.events if e["t"] == "bid_note"]
    assert len(notes) == 4 and all(e["hand"] for e in notes), "the rules wrote their notes, hands in them"
    assert [e["t"] for e in screen.log.told].count("bid_note") == 4 and hidden_from(TABLE, screen.log.told) == []
    bids = [e["a"]["bid"] for e in state.events if e["t"] == "act" and "bid" in e["a"]]
    assert not any(re.search(rf"\bbids {n}\b", line) for line in screen.log.lines for n in bids), screen.log.lines
    assert sum(line.endswith(" bids.") for line in screen.log.lines) == 4 and "None" not in " ".join(screen.log.lines)
    app.quit()

    import test_phone_privacy
    checker = test_phone_privacy.play_whole_game(new_game(forgetful, 4, seed=3), seed=3)  # a phone in every seat
    for seat, messages in checker.sent.items():
        told_events = [e for m in messages if m["type"] == "state" for e in m["events"] + m.get("history", [])]
        assert [e["t"] for e in told_events].count("bid_note") >= 4
        assert hidden_from(seat, told_events) == [], seat
        own = [e for e in told_events if e["t"] == "bid_note" and e.get("p") == seat]
        assert own and all(e["hand"] for e in own), "its actor is told it whole"


# --- it lives in its own files ------------------------------------------------------------------------
OWN = ("tests/fourth_game/", "tests/test_fourth_game.py")


def test_no_file_outside_its_own_names_it():
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    assert any(f.startswith(OWN[0]) for f in files) and OWN[1] in files
    naming = []
    for name in files:
        if name.startswith(OWN) or not (ROOT / name).is_file():
            continue
        data = (ROOT / name).read_bytes()
        if re.search(rb"ohhell", data):
            naming.append(name)
    assert naming == [], f"files outside the game's own that name it: {naming}"


def imports_of(path):
    """(module, [names]) of every import in the file at PATH."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def foreign_imports(path, own="tests.fourth_game"):
    """(module, names) of every import in PATH that is not the standard library, pygame, the shared
    machinery's public names (no ``_private`` one but the words' ``_``) or the game's own modules: another
    game's package, a test helper, a private part."""
    found = []
    for module, names in imports_of(path):
        if module == own or module.startswith(own + "."):
            continue
        top = module.split(".")[0]
        public = (top in sys.stdlib_module_names or top in ("pygame", "game", "scenes", "phone")) \
            and not module.startswith(("game.games", "scenes.boards")) \
            and not any(part.startswith("_") for part in module.split(".")) \
            and all(name == "_" or not name.startswith("_") for name in names)
        if not public:
            found.append((module, names))
    return found


def test_it_imports_only_the_machinerys_public_parts():
    assert {path.name: foreign_imports(path) for path in HOME.glob("*.py")} == \
        {path.name: [] for path in HOME.glob("*.py")}
    seen = {module for path in HOME.glob("*.py") for module, _names in imports_of(path)}
    assert {"game.kit", "scenes.kit"} <= seen, "it registers through the two kits"


def test_the_import_check_finds_a_private_name_another_games_module_and_a_test_helper(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from game.observe import _HIDDEN\nimport game.games.mlut.rules\nfrom app_driver import click\n"
                   "from game.i18n import _\nimport json\n", encoding="utf-8")
    assert foreign_imports(bad) == [("game.observe", ["_HIDDEN"]), ("game.games.mlut.rules", []),
                                    ("app_driver", ["click"])]
