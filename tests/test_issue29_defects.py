"""Defects of issue 29 a newcomer hit, each driven by real keys and clicks through the app."""

import time

import pygame
import pytest

from game import Seat
from scenes.app import App
from scenes.screen import coach
from scenes.screen.session import Session
from scenes.screen.settings import Settings
from tests.app_driver import FRAME, post_click


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(coach, "BUDGET", {"iterations": 12})  # a tiny search: the test is about the display
    return App(Settings(speed="instant", bot_delay=0, seed=20240611))


def seats(kinds):
    return [Seat(f"P{i}", kind, "random" if kind == "bot" else None) for i, kind in enumerate(kinds)]


def press(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.step(FRAME)


# --- 1. the Hint shows in the Tricks bids ----------------------------------------------------------
def to_own_bid(app):
    """Frames (with the hand-off clicked when it asks) until a person at the screen bids."""
    scene = app.scene
    session = scene.session
    for _ in range(5000):
        app.step(FRAME)
        if scene.idle and session.needs_handoff() and "handoff" in scene.targets:
            post_click(app, "handoff")
        elif scene.idle and session.my_turn() and session.state.phase == "bid" and "coach" in scene.targets:
            return scene
        elif scene.idle and session.my_turn() and session.state.phase != "bid":
            scene.act(session.state.legal_actions()[0])
    raise AssertionError("no bid of a person at the screen")


def wait_for_hint(app, scene):
    deadline = time.time() + 10
    while scene.coach.thinking and time.time() < deadline:
        app.step(FRAME)
        time.sleep(0.002)
    app.step(FRAME)


@pytest.mark.parametrize("kinds,how", [
    (["human", "bot", "bot"], "key"),       # solo, the H key
    (["human", "human", "bot"], "button"),  # hot seat, the Hint button
])
def test_the_hint_shows_a_bar_over_every_hand_card_one_may_bid(app, kinds, how):
    app.start_game(Session.new("tricks", seats(kinds), 5))
    scene = to_own_bid(app)
    if how == "key":
        press(app, pygame.K_h)
    else:
        post_click(app, "coach")
    wait_for_hint(app, scene)
    assert scene.coach.values  # the search answered: now it must be seen
    hand = scene.board.hand_rects
    bids = {a[1] for a in scene.state.legal_actions()}
    for card in bids:
        rect = hand[card]
        bars = [r for r, words in scene.tips if words.endswith(scene.coach.meaning())
                and r.bottom <= rect.top and r.left >= rect.left - 8 and r.right <= rect.right + 8]
        assert bars, f"no hint bar over {card}"


# --- 2. the game log window scrolls through its lines ---------------------------------------------
def log_window_rows(app, monkeypatch):
    """One frame; the rows the game log window drew, top to bottom (its text column at x 180)."""
    from scenes.screen import theme
    drawn, blit = [], theme.blit_text

    def recording(surface, s, size, pos, *args, **kwargs):
        if size == 20 and pos[0] == 180:
            drawn.append(s)
        return blit(surface, s, size, pos, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.step(FRAME)
    monkeypatch.setattr(theme, "blit_text", blit)
    return drawn


def wheel(app, y):
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    app.step(FRAME)


def test_the_game_log_window_scrolls_through_its_lines_and_stops_at_the_ends(app, monkeypatch):
    from scenes.screen import theme
    from tests.app_driver import click, play_until
    app.start_game(Session.new("tricks", seats(["human", "bot", "bot"]), 7))
    table = app.scene

    def rows():
        return [row for line in table.log.lines for row in theme.wrap(line, 20, 920)]

    assert play_until(app, table, lambda t: len(rows()) > 60 and t.session.my_turn())
    all_rows = rows()  # the person's turn: the game waits, the log stays as it is
    click(app, "btn:log")
    assert table.overlay == "log"
    newest = log_window_rows(app, monkeypatch)
    assert newest == all_rows[-19:]  # opened at the newest lines

    wheel(app, 1)  # one notch up: three rows older, nothing lost
    assert log_window_rows(app, monkeypatch) == all_rows[-22:-3]
    press(app, pygame.K_UP)  # a key: one row more
    assert log_window_rows(app, monkeypatch) == all_rows[-23:-4]
    press(app, pygame.K_PAGEUP)
    assert log_window_rows(app, monkeypatch) == all_rows[-42:-23]
    for _ in range(40):
        wheel(app, 1)  # far past the top: it stops at the oldest page
    assert log_window_rows(app, monkeypatch) == all_rows[:19]
    wheel(app, -1)
    assert log_window_rows(app, monkeypatch) == all_rows[3:22]
    press(app, pygame.K_END)
    assert log_window_rows(app, monkeypatch) == newest
    wheel(app, -5)  # past the newest: it stays there
    assert log_window_rows(app, monkeypatch) == newest


def test_a_short_log_does_not_scroll_away(app, monkeypatch):
    app.start_game(Session.new("tricks", seats(["human", "bot", "bot"]), 7))
    table = app.scene
    from tests.app_driver import click
    click(app, "btn:log")
    shown = log_window_rows(app, monkeypatch)
    assert 0 < len(shown) < 19
    wheel(app, 1)
    assert log_window_rows(app, monkeypatch) == shown  # all of it fits: nothing to move
    assert table.overlay == "log"


# --- 3. the window fits the desktop and comes back from full screen centred ------------------------
def launch(monkeypatch, tmp_path, *argv):
    from scenes.app import parse_args, start_app
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(tmp_path / "config"))
    return start_app(parse_args(list(argv)), list(argv))


def a_desktop(monkeypatch, size):
    """As on a real display of that size (the dummy driver itself has no desktop)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


def f11(app):
    press(app, pygame.K_F11)


@pytest.mark.parametrize("wanted,desktop,window", [
    ((1920, 1080), (1600, 900), (1600, 900)),   # the case: the same shape, as large as fits
    ((1920, 1200), (1600, 900), (1440, 900)),   # taller: the height decides, the shape stays
    ((3000, 1000), (1600, 900), (1600, 533)),   # wider: the width decides
    ((1024, 600), (1600, 900), (1024, 600)),    # it fits: as asked
])
def test_size_flag_larger_than_the_desktop_makes_a_window_that_fits(monkeypatch, tmp_path, wanted, desktop,
                                                                     window):
    a_desktop(monkeypatch, desktop)
    app = launch(monkeypatch, tmp_path, "--size", f"{wanted[0]}x{wanted[1]}")
    app.step(FRAME)
    assert pygame.display.get_surface().get_size() == window
    f11(app)
    f11(app)  # full screen and back: the window fits again
    assert not app.settings.fullscreen and pygame.display.get_surface().get_size() == window
    assert app.letterbox.window == window


def window_position():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_f11_back_from_full_screen_centres_the_window(monkeypatch, tmp_path):
    monkeypatch.delenv("SDL_VIDEO_CENTERED", raising=False)
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    app = launch(monkeypatch, tmp_path, "--size", "800x450")
    app.step(FRAME)
    desktop = pygame.display.get_desktop_sizes()[0]
    centre = ((desktop[0] - 800) // 2, (desktop[1] - 450) // 2)
    window_position().position = (10, 20)  # where it was left (no window manager puts it back)
    f11(app)
    assert app.settings.fullscreen
    f11(app)
    assert not app.settings.fullscreen and pygame.display.get_surface().get_size() == (800, 450)
    assert window_position().position == centre
    f11(app)  # window to full screen and back once more: still centred
    f11(app)
    assert window_position().position == centre


# --- 5. "Only card you can play: click it" goes with the card ---------------------------------------
FORCED_LINE = "only card to play is raised, click it"  # after the name of whose turn it is


def says_forced(texts):
    return any(FORCED_LINE in t for t in texts)


def texts_of_a_frame(app, monkeypatch):
    """One frame; every text drawn in it."""
    from scenes.screen import theme
    drawn, blit = [], theme.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return blit(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    app.step(FRAME)
    monkeypatch.setattr(theme, "blit_text", blit)
    return drawn


@pytest.mark.parametrize("game_id,kinds", [
    ("mlut", ["human", "human", "bot", "bot"]),
    ("wassticht", ["human", "human", "bot", "bot"]),
])
def test_the_only_card_line_goes_as_soon_as_the_card_is_played(monkeypatch, game_id, kinds):
    import random
    app = App(Settings(speed="normal", bot_delay=0, seed=20240611))  # the card is seen to fly
    app.start_game(Session.new(game_id, seats(kinds), 11))
    table, session = app.scene, app.scene.session
    rng = random.Random(2)
    for _ in range(40000):  # the people play at random until one has a forced card (and clicks it)
        app.step(FRAME)
        if table.idle and session.needs_handoff() and "handoff" in table.targets:
            post_click(app, "handoff")
        elif table.forced is not None and says_forced(texts_of_a_frame(app, monkeypatch)):
            break
        elif table.idle and session.my_turn() and table.overlay is None:
            if getattr(table.board, "reveal_open", lambda: False)():
                table.board.go_to_tricks()
            else:
                legal = session.state.legal_actions()
                session.try_action(legal[rng.randrange(len(legal))])
        if hasattr(app.scene, "final"):
            app.scene.click("continue")
    else:
        raise AssertionError("no forced card for a person at the screen")
    card = table.forced[0][1]
    post_click(app, f"card:{card}")  # as the line says
    assert card not in session.state.view(session.viewer)["hand"]
    for _ in range(120):
        if says_forced(texts_of_a_frame(app, monkeypatch)):
            assert table.forced_card() is not None, "the line stayed after its card was played"


# --- 11. a game left before its first move is not kept ---------------------------------------------
def records():
    """Every file in the games folder (a record, its journal, its phone links)."""
    from kept.storage import games_dir
    folder = games_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def people(game_id):
    n = {"mlut": 4, "tricks": 3, "wassticht": 4}[game_id]
    return [Seat(f"P{i}") for i in range(n)]  # nobody moves until a person does


def leave_by_the_pause_box(app):
    press(app, pygame.K_ESCAPE)
    post_click(app, "pause:menu")


def menu_offers_continue(app):
    from scenes.menus.menu import MenuScene
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    return "continue" in app.scene.targets


@pytest.mark.parametrize("game_id", ["mlut", "tricks", "wassticht"])
def test_a_game_left_before_its_first_move_is_not_kept(game_id):
    from kept.storage import unfinished_games
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.new_game(game_id, people(game_id))
    app.step(FRAME)
    assert [n for n in records() if n.endswith(".jsonl")]  # written from the start, as every game
    leave_by_the_pause_box(app)
    assert records() == [] and unfinished_games() == []
    assert not menu_offers_continue(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # and then the app is closed
    app.run()
    assert records() == []
    again = App(Settings(speed="instant", bot_delay=0, seed=5))
    assert not menu_offers_continue(again)


def test_a_game_closed_with_the_window_before_its_first_move_is_not_kept():
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.new_game("tricks", people("tricks"))
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert records() == []


def test_a_game_left_after_one_move_is_kept():
    from kept.record import read_lines
    from kept.storage import unfinished_games
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.new_game("tricks", people("tricks"))
    session = app.scene.session
    for _ in range(600):
        app.step(FRAME)
        if app.scene.idle and session.needs_handoff() and "handoff" in app.scene.targets:
            post_click(app, "handoff")
        elif app.scene.idle and session.my_turn() and session.hand_visible():
            break
    assert app.scene.act(session.state.legal_actions()[0])
    app.step(FRAME)
    leave_by_the_pause_box(app)
    [kept] = unfinished_games()
    assert any(line["t"] == "act" for _, line in read_lines(kept.path))
    assert menu_offers_continue(app)


# --- the round's last trick is seen before its sheet (a newcomer never saw who took it) -----------
@pytest.mark.parametrize("game_id", ["tricks", "mlut"])  # Was sticht?: a lay-down follows the trick
def test_the_rounds_last_trick_is_told_before_the_score_sheet(monkeypatch, game_id):
    from scenes.boards.scoreboard import ScoreboardScene
    app = App(Settings(speed="normal", bot_delay=0, seed=5))
    n = {"mlut": 4, "tricks": 3, "wassticht": 4}[game_id]
    app.start_game(Session.new(game_id, seats(["bot"] * n), 3))
    table = app.scene
    seen = []
    for _ in range(200000):
        app.step(FRAME)
        banner = getattr(table.board, "banner", "")
        if "the round's last trick" in banner:
            seen.append(banner)
        if isinstance(app.scene, ScoreboardScene):
            break
    assert isinstance(app.scene, ScoreboardScene)
    assert seen, "the sheet came before the last trick's taker was said"


def test_enter_presses_next_round_on_a_rounds_sheet():
    """A newcomer pressed Enter, Space and keypad Enter on "Round N" and nothing happened."""
    from scenes.boards.scoreboard import ScoreboardScene
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.start_game(Session.new("mlut", seats(["bot"] * 4), 3))
    for _ in range(200000):
        app.step(FRAME)
        if isinstance(app.scene, ScoreboardScene):
            break
    sheet = app.scene
    assert isinstance(sheet, ScoreboardScene) and not sheet.final
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(FRAME)
    assert app.scene is not sheet, "Enter went on to the next round"


def test_h_where_no_hint_is_offered_says_why():
    """In the Was sticht? task draft H did nothing, without a word (a newcomer)."""
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.start_game(Session.new("wassticht", seats(["human", "bot", "bot", "bot"]), 3))
    table = app.scene
    for _ in range(2000):
        app.step(FRAME)
        if table.idle and table.session.my_turn():
            break
    assert table.state.phase == "task_draft" and not table.board.coached
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(FRAME)
    assert "no hint" in table.refusal_live().lower()


def test_a_click_on_a_taken_row_card_says_who_took_it():
    app = App(Settings(speed="instant", bot_delay=0, seed=5))
    app.start_game(Session.new("wassticht", seats(["bot", "human", "bot", "bot"]), 3))
    table = app.scene
    for _ in range(20000):
        app.step(FRAME)
        if table.idle and table.session.state.phase == "row_draft" and table.session.my_turn() \
                and any(name.startswith("taken:") for name in table.targets):
            break
        if table.idle and table.session.my_turn() and table.state.phase in ("task_draft", "row_draft"):
            table.session.try_action(table.state.legal_actions()[0])
    taken = next(name for name in table.targets if name.startswith("taken:"))
    before = len(table.state.events)
    post_click(app, taken)
    assert len(table.state.events) == before
    assert "took that card already" in table.refusal_live()
