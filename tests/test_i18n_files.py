"""Record and file errors, the kept games' list and the command line in the language shown (issue 32):
a reason worded when a file was read is worded again after the language changed, a refused file is
told apart by its kind and not by its words, and the command line takes --lang before it builds its
parser. A stand-in catalogue marks every translated word, so the test needs no shipped translation."""

import time
from datetime import datetime

import pytest

import game.__main__ as cli
from game import i18n
from kept import files, storage
from game.cli import language_from
from kept.record import RecordError, read_bytes
from language_check import mark_german



@pytest.fixture
def marked_german(monkeypatch):
    mark_german(monkeypatch, "DE[", "]")

def test_a_broken_records_reason_follows_the_language(tmp_path, marked_german):
    folder = storage.games_dir()
    (folder / "shopping.jsonl").write_text("milk\n")
    summary = storage.summarize(folder / "shopping.jsonl")
    assert summary.problem == "line 1: not a JSON line (Expecting value)"
    assert storage.reason(summary) == summary.problem
    i18n.set_language("de")
    assert storage.reason(summary) == "DE[line 1: DE[not a JSON line (DE[Expecting value])]]", "worded again"
    i18n.set_language("en")
    assert storage.reason(summary) == "line 1: not a JSON line (Expecting value)"


def test_a_refusal_made_in_one_language_is_worded_again_in_another(marked_german):
    folder = storage.games_dir()
    path = folder / "wrong.jsonl"
    path.write_text('{"t": "game", "v": 99, "game": "mlut", "seats": [{"name": "Anna", "kind": "human"}]}\n')
    summary = storage.summarize(path)
    assert summary.usable  # a game line: the summary reads no further
    i18n.set_language("de")
    assert not storage.opens(summary)
    assert summary.refused.startswith("DE[")
    i18n.set_language("en")
    assert storage.reason(summary) == "line 1: record version 99 is not supported (this program reads 1)"


def test_a_folder_is_refused_by_its_kind_in_any_language(tmp_path, marked_german):
    i18n.set_language("de")
    (tmp_path / "a.jsonl").mkdir()
    with pytest.raises(files.Unreadable) as found:
        files.read_file(tmp_path / "a.jsonl")
    assert found.value.kind == "special" and found.value.reason == "DE[DE[a folder], not a file]"
    with pytest.raises(RecordError) as error:
        read_bytes(tmp_path / "a.jsonl")
    assert str(error.value) == "DE[this is DE[DE[a folder], not a file]]"


def test_sizes_read_as_before_in_english():
    assert files.megabytes(5 * 1024 ** 2) == "5 MB" and files.megabytes(4096) == "4,096 bytes"
    assert files.megabytes(1) == "1 byte"


def test_the_kept_date_is_in_the_language_shown(marked_german):
    when = time.mktime((2026, 9, 24, 20, 15, 0, 0, 0, -1))
    summary = storage.Summary(path=storage.games_dir() / "x.jsonl", when=when)
    assert summary.date == "Sep 24, 2026 20:15"
    i18n.set_language("de")
    assert summary.date == i18n.date(datetime(2026, 9, 24, 20, 15)) == "24. Sept. 2026, 20:15"


@pytest.mark.parametrize("argv, lang", [
    (["--lang", "de", "simulate"], "de"),
    (["simulate", "--game", "mlut", "--lang", "nl"], "nl"),
    (["simulate", "--game", "mlut"], "en"),
])
def test_the_command_line_reads_its_language_first(argv, lang, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: (None, None))
    assert language_from(argv) == lang
    monkeypatch.setenv("LANG", "nl_BE.UTF-8")
    assert language_from(["simulate"]) == "nl", "else the system's language"


def test_the_parser_is_built_in_the_language_and_takes_lang_anywhere(tmp_path, capsys, marked_german):
    code = cli.main(["--lang", "de", "simulate", "--game", "mlut", "--players", "4", "--out", str(tmp_path)])
    assert code == 0 and i18n.table_language() == "de"
    out = capsys.readouterr().out
    assert out.startswith("DE[mlut, 4 players, 1 game] DE[(seeds 0..0)]\nDE[seat]")
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--lang", "de", "--game", "mlut", "--players", "7", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert err.startswith("DE[usage: ]python -m game simulate")
    assert err.endswith("DE[python -m game simulate: error: DE[mlut is played by 4/5/6 players, not 7]\n]")
    i18n.set_language("en")
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", "simulate", "--game", "mlut", "--players", "7", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m game simulate")
    assert err.endswith("python -m game simulate: error: mlut is played by 4/5/6 players, not 7\n")
