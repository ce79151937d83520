"""A corpus of settings files a person, an editor, a crash or a full disk could leave behind.

For every file: load_settings never raises, gives settings the app can use, names the bad keys,
keeps the good ones, keeps a broken regular file as settings.json.bad (and only a broken one); and
the real app starts on it, draws its menu, the seat setup of every game and the settings screen.
"""

import errno
import json
import math
import os
import stat
from dataclasses import dataclass, field

import pytest

import kept.files

from game import GAMES, PLAYER_COUNTS
from game.bots import BOTS
from scenes.screen import cards
from scenes.screen import settings as settings_module
from scenes.menus.menu import NAME_LIMIT, MenuScene, SetupScene
from scenes.screen.settings import SAVED, SETTINGS_FILE, SIZE_LIMIT, SPEEDS, Settings, load_settings, save_settings
from scenes.menus.settings_screen import SettingsScene
from scenes.screen.game_screen import GameScreen
from app_driver import click, launch

FRAME = 0.016
DEFAULTS = Settings()


@dataclass
class Case:
    """One settings file. ``kind``: "good" (loads as ``values``, no message), "bad" (the keys in
    ``bad`` fall back, ``values`` are kept), "broken" (not usable at all: defaults, kept as .bad),
    "unusable" (not a regular file: defaults, left where it is), "missing" (as if there were none)."""

    name: str
    kind: str
    make: object  # make(path) creates the settings file at path
    values: dict = field(default_factory=dict)
    bad: tuple = ()


def text(content):
    def make(path):
        path.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
    return make


def obj(**pairs):
    """A settings file from JSON texts of the values, so any JSON (NaN, huge numbers) can be written."""
    return text("{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in pairs.items()) + "}")


CASES = []


def case(*args, **kwargs):
    CASES.append(Case(*args, **kwargs))


# --- every saved key with every kind of JSON value -------------------------------------------------
VALUES = {
    "null": "null", "true": "true", "false": "false", "zero": "0", "minus_zero": "-0.0", "minus_one": "-1",
    "half": "0.5", "one": "1", "ten": "10", "eleven": "11", "tiny": "1e-300", "big_float": "1e308",
    "overflowing_float": "1e999", "huge_int": "1" + "0" * 400, "nan": "NaN", "inf": "Infinity",
    "minus_inf": "-Infinity", "empty_string": '""', "long_string": json.dumps("x" * 100_000),
    "normal": '"normal"', "fast_capitals": '"FAST"', "speed_factor": '"1.0"', "number_text": '"0.5"',
    "bool_text": '"true"', "nul_text": json.dumps("fast\0"), "surrogate_text": '"\\ud800"',
    "empty_list": "[]", "empty_object": "{}", "list_of_speed": '["fast"]', "object_of_speed": '{"speed": "fast"}',
    "nested_lists": "[" * 200 + "]" * 200, "nested_objects": '{"a": ' * 200 + "1" + "}" * 200,
    "seats_of_mlut": json.dumps({"mlut": [{"name": n, "kind": "bot", "bot": "easy"} for n in "ABCD"]}),
    "german": '"de"', "german_capitals": '"DE"', "french": '"fr"',
}
FLAGS = {"fullscreen", "muted", "colour_symbols", "cards_out", "auto_play", "skip_confirm"}
VALID_FOR = {
    "true": FLAGS, "false": FLAGS,
    "zero": {"bot_delay", "volume"}, "minus_zero": {"bot_delay", "volume"}, "half": {"bot_delay", "volume"},
    "one": {"bot_delay", "volume"}, "tiny": {"bot_delay", "volume"}, "ten": {"bot_delay"},
    "normal": {"speed"}, "empty_object": {"default_seats"}, "seats_of_mlut": {"default_seats"},
    "empty_string": {"language"}, "german": {"language"},  # "": the system's language
}


def companion(key):
    """A good, non-default value of another key, which must survive the bad one."""
    return ("volume", 0.25) if key != "volume" else ("speed", "fast")


for key in SAVED:
    for value_name, value_text in VALUES.items():
        other, other_value = companion(key)
        make = obj(**{key: value_text, other: json.dumps(other_value)})
        if key in VALID_FOR.get(value_name, ()):
            case(f"{key}={value_name}", "good", make, {key: json.loads(value_text), other: other_value})
        else:
            case(f"{key}={value_name}", "bad", make, {other: other_value}, (key,))

case("all_bad", "bad", obj(**{k: "[]" for k in SAVED}), {}, SAVED)
case("all_good", "good", obj(fullscreen="true", speed='"instant"', bot_delay="0", volume="1", muted="true",
                             colour_symbols="false", default_seats="{}"),
     {"fullscreen": True, "speed": "instant", "bot_delay": 0.0, "volume": 1.0, "muted": True,
      "colour_symbols": False})
case("unknown_keys_are_ignored", "good", obj(speed='"slow"', window_size="[1, 2]", fps='"x"', seed="[]",
                                             future_setting="{}"), {"speed": "slow"})
case("duplicate_key_last_wins", "good", text('{"speed": "warp", "speed": "fast"}'), {"speed": "fast"})
case("empty_object", "good", text("{}"))
case("byte_order_mark", "good", text(b"\xef\xbb\xbf" + b'{"speed": "slow"}'), {"speed": "slow"})
case("exactly_at_the_limit", "good", text('{"speed": "fast"}'.ljust(SIZE_LIMIT)), {"speed": "fast"})

# --- files that are no settings at all -------------------------------------------------------------
for name, content in {
    "not_json": "{broken", "empty": "", "blank": "  \n\t ", "ini_style": "[settings]\nspeed=fast\n",
    "cut_off": '{"speed": "fa', "trailing_garbage": '{"speed": "fast"} x', "two_objects": "{}{}",
    "nul_bytes": b"\0" * 64, "not_utf8": b'{"speed": "\xff\xfe"}', "utf16": '{"speed": "fast"}'.encode("utf-16"),
    "bom_then_broken": b"\xef\xbb\xbf{", "raw_surrogate": '{"speed": "\ud800"}', "single_quotes": "{'speed': 'fast'}",
    "top_null": "null", "top_true": "true", "top_zero": "0", "top_string": '"fast"', "top_list": "[]",
    "top_list_of_settings": '[{"speed": "fast"}]', "too_many_digits": '{"speed": ' + "9" * 5000 + "}",
    "deep_open_lists": "[" * 100_000, "deep_closed_lists": "[" * 100_000 + "]" * 100_000,
    "deep_value": '{"volume": 0.5, "speed": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "deep_objects": '{"a": ' * 100_000 + "1" + "}" * 100_000,
    "one_over_the_limit": '{"speed": "fast"}'.ljust(SIZE_LIMIT + 1),
}.items():
    case(name, "broken", text(content))


def sparse(size):
    def make(path):
        with open(path, "wb") as f:
            f.truncate(size)  # a hole: no disk space used
    return make


case("sparse_over_the_limit", "broken", sparse(SIZE_LIMIT + 1))
case("sparse_8_GiB", "broken", sparse(8 << 30))


# --- things that are not files ---------------------------------------------------------------------
case("folder", "unusable", lambda path: path.mkdir())
case("fifo", "unusable", lambda path: os.mkfifo(path))
case("link_to_a_device", "unusable", lambda path: path.symlink_to(os.devnull))
case("link_to_a_folder", "unusable", lambda path: path.symlink_to(path.parent))
case("link_loop", "unusable", lambda path: path.symlink_to(path.name))
case("dangling_link", "missing", lambda path: path.symlink_to(path.parent / "nowhere.json"))
case("no_file", "missing", lambda path: None)

# --- nonsense seat setups --------------------------------------------------------------------------


def seat(name, kind="bot", bot="normal"):
    return {"name": name, "kind": kind, "bot": bot}


def seats_for(game_id, count=None, names="ABCDEF"):
    count = count or PLAYER_COUNTS[game_id][0]
    return [seat(names[i], "human" if i == 0 else "bot", "easy" if i == 0 else "hard") for i in range(count)]


GOOD_SEATS = {g: seats_for(g) for g in GAMES}


def seats_case(name, default_seats, kept, bad):
    """A file with these default_seats (and a good speed); ``kept`` the setups that must survive."""
    content = json.dumps({"speed": "fast", "default_seats": default_seats})
    case(f"seats:{name}", "bad" if bad else "good", text(content), {"speed": "fast", "default_seats": kept},
         ("default_seats",) if bad else ())


for name, value in {"null": None, "true": True, "zero": 0, "string": "mlut", "list": [GOOD_SEATS["mlut"]],
                    "list_of_pairs": [["mlut", GOOD_SEATS["mlut"]]]}.items():
    seats_case(f"whole_{name}", value, {}, True)

seats_case("every_game_good", GOOD_SEATS, GOOD_SEATS, False)
for g in GAMES:
    for n in PLAYER_COUNTS[g]:
        seats_case(f"{g}_{n}_seats", {g: seats_for(g, n)}, {g: seats_for(g, n)}, False)

# A broken entry for mlut costs only mlut: tricks keeps its seats.
ENTRY_NONSENSE = {
    "null": None, "string": "x", "number": 4, "object": {"0": seat("A")}, "empty": [], "three": seats_for("mlut", 3),
    "seven": [seat(c) for c in "ABCDEFG"], "hundred_thousand": [None] * 100_000,
    "strings": ["A", "B", "C", "D"], "nulls": [None] * 4, "lists": [["A", "bot", "easy"]] * 4,
}
for name, value in ENTRY_NONSENSE.items():
    seats_case(f"mlut_{name}", {"mlut": value, "tricks": GOOD_SEATS["tricks"]}, {"tricks": GOOD_SEATS["tricks"]},
               True)

seats_case("wassticht_5", {"wassticht": [seat(c) for c in "ABCDE"]},
           {}, True)
seats_case("tricks_6", {"tricks": [seat(c) for c in "ABCDEF"]}, {}, True)
for name, game_id in {"chess": "chess", "empty_id": "", "capitals": "MLUT", "long_id": "m" * 10_000,
                      "proto": "__proto__", "nul_id": "mlut\0"}.items():
    seats_case(f"unknown_game_{name}", {game_id: GOOD_SEATS["mlut"], "mlut": GOOD_SEATS["mlut"]},
               {"mlut": GOOD_SEATS["mlut"]}, True)
seats_case("many_unknown_games", {f"game{i}": [] for i in range(10_000)}, {}, True)

BAD_SEATS = {
    "seat_null": None, "seat_string": "Anna", "seat_list": ["A", "bot", "easy"], "seat_empty": {},
    "name_missing": {"kind": "bot", "bot": "easy"}, "name_number": seat(3), "name_null": seat(None),
    "name_true": seat(True), "name_list": seat(["Anna"]), "name_object": seat({"n": 1}), "name_empty": seat(""),
    "name_blank": seat("   "), "name_too_long": seat("x" * (NAME_LIMIT + 1)), "name_huge": seat("x" * 100_000),
    "name_surrogate": seat("\ud800"), "name_surrogate_in_word": seat("Ann\udfffa"), "name_nul": seat("a\0b"),
    "name_bell": seat("\aAnna"), "name_newline": seat("An\nna"), "name_soft_hyphen": seat("\u00ad"),
    "name_only_marks": seat("\u200f\u202e"), "name_only_combining": seat("\u0301"),
    "kind_missing": {"name": "B", "bot": "easy"}, "kind_alien": seat("B", "alien"), "kind_null": seat("B", None),
    "kind_number": seat("B", 1), "kind_list": seat("B", ["bot"]), "kind_capitals": seat("B", "Bot"),
    "bot_unknown": seat("B", "bot", "genius"), "bot_null": seat("B", "bot", None),
    "bot_missing": {"name": "B", "kind": "bot"}, "bot_number": seat("B", "bot", 3), "bot_list": seat("B", "bot", []),
    "bot_object": seat("B", "bot", {}), "bot_label": seat("B", "bot", "Normal"), "bot_empty": seat("B", "bot", ""),
    "person_with_unknown_bot": seat("B", "human", "genius"), "person_with_list_bot": seat("B", "human", []),
}
for name, bad_seat in BAD_SEATS.items():
    mlut = seats_for("mlut")
    mlut[1] = bad_seat
    seats_case(name, {"mlut": mlut, "tricks": GOOD_SEATS["tricks"]}, {"tricks": GOOD_SEATS["tricks"]}, True)

ODD_GOOD_NAMES = ["x" * NAME_LIMIT, "😀", "Zoë", "名前", " Oma ", "A\u0301", "\ue000", "-", "0", "\ufffd"]
for i, name in enumerate(ODD_GOOD_NAMES):
    mlut = seats_for("mlut")
    mlut[2] = seat(name)
    seats_case(f"good_name_{i}", {"mlut": mlut}, {"mlut": mlut}, False)
seats_case("person_without_bot", {"tricks": [{"name": "A", "kind": "human"}] + seats_for("tricks")[1:]},
           {"tricks": [seat("A", "human", None)] + seats_for("tricks")[1:]}, False)
seats_case("extra_keys_are_dropped", {"tricks": [dict(s, colour="red") for s in GOOD_SEATS["tricks"]]},
           {"tricks": GOOD_SEATS["tricks"]}, False)
seats_case("every_bot", {"mlut": [seat(f"S{i}", "bot", b) for i, b in enumerate(sorted(BOTS))]},
           {"mlut": [seat(f"S{i}", "bot", b) for i, b in enumerate(sorted(BOTS))]}, False)

IDS = [c.name for c in CASES]


# --- what every loaded settings object must be -----------------------------------------------------
def number(value, low, high):
    return type(value) in (int, float) and math.isfinite(value) and low <= value <= high


def assert_usable(s):
    assert all(type(getattr(s, flag)) is bool for flag in FLAGS)
    assert type(s.speed) is str and s.speed in SPEEDS
    assert number(s.bot_delay, 0, 10) and number(s.volume, 0, 1)
    assert type(s.default_seats) is dict
    for game_id, seats in s.default_seats.items():
        assert game_id in GAMES and type(seats) is list and len(seats) in PLAYER_COUNTS[game_id]
        for one in seats:
            assert set(one) == {"name", "kind", "bot"} and one["kind"] in ("human", "bot")
            assert type(one["name"]) is str and 0 < len(one["name"]) <= NAME_LIMIT and one["name"].strip()
            assert "\0" not in one["name"] and not any(0xD800 <= ord(c) < 0xE000 for c in one["name"])
            assert one["bot"] in BOTS or (one["kind"] == "human" and one["bot"] is None)


def expected(c):
    return {key: c.values.get(key, getattr(DEFAULTS, key)) for key in SAVED}


def saved_values(s):
    return {key: getattr(s, key) for key in SAVED}


def original(path):
    """What the case put there, to compare with what is kept aside (None for non-files)."""
    if path.is_symlink() or not path.is_file():
        return None
    if path.stat().st_size > SIZE_LIMIT:
        return ("size", path.stat().st_size)
    return path.read_bytes()


def kept_aside(path):
    bad = path.with_name(SETTINGS_FILE + ".bad")
    if not bad.is_file():
        return None
    if bad.stat().st_size > SIZE_LIMIT:
        return ("size", bad.stat().st_size)
    return bad.read_bytes()


def sampled(cases, every=25):
    """pytest params of CASES: the first of each kind and every EVERY-th case in the fast tier, the
    others slow (there are hundreds)."""
    firsts = {}
    for i, c in enumerate(cases):
        firsts.setdefault(c.kind, i)
    quick = set(firsts.values()) | set(range(0, len(cases), every))
    return [pytest.param(c, id=c.name, marks=[] if i in quick else [pytest.mark.slow]) for i, c in enumerate(cases)]


@pytest.mark.parametrize("c", sampled(CASES, every=5))
def test_load_settings_on_the_corpus(c, tmp_path):
    path = tmp_path / SETTINGS_FILE
    c.make(path)
    before = original(path)
    loaded, message = load_settings(tmp_path)
    assert_usable(loaded)
    assert saved_values(loaded) == expected(c)
    bad = tmp_path / (SETTINGS_FILE + ".bad")
    if c.kind in ("good", "missing"):
        assert message == "" and not bad.exists()
        assert original(path) == before  # a good file is left as it was
    elif c.kind == "bad":
        keys = " and ".join(c.bad) if len(c.bad) <= 2 else ", ".join(c.bad[:-1]) + " and " + c.bad[-1]
        words = "a bad value for" if len(c.bad) == 1 else "bad values for"
        assert message.startswith(f"The settings file had {words} {keys};")
        assert message.endswith("The file was kept as settings.json.bad.")
        assert kept_aside(path) == before
        # The good keys are saved on their own, so the next start has them and no message.
        again, message = load_settings(tmp_path)
        assert message == "" and saved_values(again) == expected(c)
    elif c.kind == "broken":
        assert message.startswith("The settings file was broken (")
        assert message.endswith("The file was kept as settings.json.bad.")
        assert kept_aside(path) == before and not os.path.lexists(path)
    else:
        assert c.kind == "unusable"
        assert message.startswith("The settings file cannot be used (") and "defaults" in message
        assert os.path.lexists(path) and not bad.exists()  # not a file of ours: left alone
    assert len(message) < 200
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp")] == []


# --- the real app on every file of the corpus ------------------------------------------------------
@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("TRICKTABLE_CONFIG", str(folder))
    yield folder
    cards.set_symbols(True)  # the card faces are shared by every test


@pytest.mark.parametrize("c", sampled(CASES))
def test_the_app_starts_on_the_corpus(c, config):
    c.make(config / SETTINGS_FILE)
    app = launch("--speed", "instant")
    app.step(FRAME)
    assert isinstance(app.scene, MenuScene)
    assert bool(app.scene.hint) == (c.kind in ("bad", "broken", "unusable"))
    assert_usable(app.settings)
    remembered = expected(c)["default_seats"]
    for game_id in GAMES:
        click(app, f"game:{game_id}")
        setup = app.scene
        assert isinstance(setup, SetupScene) and setup.game_id == game_id
        app.step(FRAME)  # draws every seat row of the remembered setup
        if game_id in remembered:
            seats = remembered[game_id]
            assert setup.count == len(seats)
            assert [row[:2] for row in setup.seats[:len(seats)]] == [[s["name"], s["kind"]] for s in seats]
        click(app, "back")
        assert isinstance(app.scene, MenuScene)
    click(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    click(app, "volume:-1")  # a change is saved over whatever the file was
    app.step(FRAME)
    click(app, "back")
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("name", ODD_GOOD_NAMES)
def test_a_game_starts_with_an_odd_remembered_name(name, config):
    mlut = seats_for("mlut")
    mlut[0] = seat(name, "bot", "random")
    (config / SETTINGS_FILE).write_text(json.dumps({"default_seats": {"mlut": mlut}}))
    app = launch("--speed", "instant", "--bot-delay", "0")
    click(app, "game:mlut")
    click(app, "start")
    assert isinstance(app.scene, GameScreen)
    for _ in range(5):
        app.step(FRAME)
    assert load_settings(config)[1] == ""  # saved again as it was read


# --- failures around the file ----------------------------------------------------------------------
def test_an_unreadable_file(tmp_path):
    """chmod 000 stops a normal user, not root: whichever this is, the outcome is the honest one."""
    path = tmp_path / SETTINGS_FILE
    path.write_text('{"speed": "fast"}')
    path.chmod(0)
    try:
        readable = os.access(path, os.R_OK)
        loaded, message = load_settings(tmp_path)
    finally:
        for p in (path, path.with_name(SETTINGS_FILE + ".bad")):
            if p.exists():
                p.chmod(stat.S_IRUSR | stat.S_IWUSR)
    if readable:  # root reads it anyway
        assert loaded.speed == "fast" and message == ""
    else:
        assert loaded == Settings() and message.startswith("The settings file cannot be read (Permission denied)")
        assert (tmp_path / (SETTINGS_FILE + ".bad")).read_text() == '{"speed": "fast"}'


def test_a_read_error_keeps_the_file_aside(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_text('{"speed": "fast"}')

    def refuse(path, limit):
        raise PermissionError(errno.EACCES, "Permission denied", path)
    monkeypatch.setattr(kept.files, "read_regular", refuse)  # under the one reader settings go through
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings()
    assert message == ("The settings file cannot be read (Permission denied); the defaults are used. "
                       "The file was kept as settings.json.bad.")
    assert (tmp_path / (SETTINGS_FILE + ".bad")).exists()


def test_a_file_that_cannot_be_moved_aside_is_left_and_said(tmp_path, monkeypatch):
    path = tmp_path / SETTINGS_FILE
    path.write_text('{"speed": [], "volume": 0.25}')

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(settings_module.os, "replace", refuse)
    loaded, message = load_settings(tmp_path)
    assert loaded.speed == "normal" and loaded.volume == 0.25
    assert message.endswith("It could not be kept aside (Permission denied).")
    assert path.read_text() == '{"speed": [], "volume": 0.25}'  # nothing lost, nothing overwritten


def test_a_full_disk_while_saving_leaves_the_old_file(tmp_path, monkeypatch):
    save_settings(tmp_path, Settings(speed="slow"))
    before = (tmp_path / SETTINGS_FILE).read_bytes()

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError):
        save_settings(tmp_path, Settings(speed="fast"))
    monkeypatch.undo()
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_FILE]


def test_the_corpus_covers_every_kind():
    kinds = {c.kind for c in CASES}
    assert kinds == {"good", "bad", "broken", "unusable", "missing"}
    assert len(IDS) == len(set(IDS))
