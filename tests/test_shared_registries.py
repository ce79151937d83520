"""The two registries two threads share: whether each kept file opened in full (kept.summaries: the
menu's thread and the index's background thread judge files and read the judgements) and each phone
seat's language (phone.languages: the server's thread sets it when a phone joins, the game's thread
makes the seat's words in it, and the lobby's table gives way to the game's meanwhile).

Each test hammers its registry from two threads with the interpreter switching threads as often as it
can, and checks that nothing written is lost or read half-written."""

import ast
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

from game import i18n
from kept.summaries import Summary, opens, remember_opened
from phone.server import PhoneServer

ROOT = Path(__file__).resolve().parent.parent
HAMMER_SECONDS = 1.0


@contextmanager
def switching_often():
    """Threads take turns as often as the interpreter allows: a race shows in a second, not once a day."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def until(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        yield


def test_a_judgement_is_never_read_with_another_judgements_language(tmp_path):
    """Two threads judge the same file (as the index's thread and the menu may) in German and in
    Dutch; whoever asks whether it opens gets a reason with its own language, never the one of the
    other judgement (the list would then show German words it thinks are Dutch, never reworded)."""
    path, identity = tmp_path / "game.jsonl", (1, 2, 3, 4)
    said_in = {"Zeile 1: kaputt": "de", "regel 1: kapot": "nl"}
    stop = threading.Event()

    def judge(lang, reason):
        with i18n.speaking(lang):
            summary = Summary(path=path, identity=identity)
            while not stop.is_set():
                remember_opened(summary, reason)

    threads = [threading.Thread(target=judge, args=(lang, reason)) for reason, lang in said_in.items()]
    torn, asked = [], 0
    with switching_often():
        for thread in threads:
            thread.start()
        try:
            for _ in until(HAMMER_SECONDS):
                summary = Summary(path=path, identity=identity)
                assert not opens(summary)
                asked += 1
                if summary.words_in != said_in[summary.refused]:
                    torn.append((summary.refused, summary.words_in))
        finally:
            stop.set()
            for thread in threads:
                thread.join()
    assert asked > 1000
    assert not torn, f"{len(torn)} of {asked} answers mixed two judgements, e.g. {torn[0]}"


def test_the_judgements_of_files_are_read_and_written_only_under_their_lock():
    """Every use of the registry in kept.summaries is inside ``with _opened_lock``."""
    tree = ast.parse((ROOT / "kept" / "summaries.py").read_text(encoding="utf-8"))
    locked = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.With) and any(isinstance(item.context_expr, ast.Name)
                                              and item.context_expr.id == "_opened_lock" for item in node.items):
            locked.update(id(inner) for inner in ast.walk(node))
    uses = [node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "_opened"]
    outside = [node.lineno for node in uses if id(node) not in locked and not isinstance(node.ctx, ast.Store)]
    assert uses and not outside, f"kept/summaries.py reads _opened outside its lock at lines {outside}"


def stub_table():
    return SimpleNamespace(phone_seats=(0, 1), outbox=None, languages={})


def test_no_phones_language_is_lost_while_the_lobbys_table_gives_way_to_the_games():
    """The server's thread sets the language of phone after phone (each join, a new seat here) while the
    game's thread hands the server one new table after another (the lobby's table becoming the game's):
    the table served at the end knows every language that was set."""
    server = PhoneServer(stub_table())
    stop = threading.Event()
    joined = []

    def phones_join():
        seat = 0
        while not stop.is_set():
            server._languages[seat] = "de"  # as the server's thread does when a phone takes its seat
            joined.append(seat)
            seat += 1

    thread = threading.Thread(target=phones_join)
    tables = 0
    with switching_often():
        thread.start()
        try:
            for _ in until(HAMMER_SECONDS / 2):
                server.use_table(stub_table())
                tables += 1
        finally:
            stop.set()
            thread.join()
    assert tables > 10 and len(joined) > 1000
    lost = [seat for seat in joined if server.table.languages.get(seat) != "de"]
    assert not lost, f"{len(lost)} of {len(joined)} phones' languages were lost"
