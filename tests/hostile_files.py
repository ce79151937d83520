"""A games folder no one would wish on a program: thousands of damaged records and special files,
made at test time from real records (nothing big is stored in the repo).

``write_corpus(folder)`` fills a folder and returns {file name: kind}; every kind of damage the
issue about hostile files names is here: cuts at every kind of position, flipped bytes, swapped,
duplicated and deleted lines, wrong types, huge numbers, 100,000-deep nesting on the first, middle and
last line, 50 MB lines and names, invalid and surrogate UTF-8, a BOM, CRLF, NUL bytes, and special
files (a folder, a FIFO, a symlink loop, links to devices, an unreadable file, a sparse huge file).

Issue 28 added (``more_corpus``): semantic mutations of every action kind of every game (valid JSON,
every JSON type in every position of the action, in finished and unfinished records), ``.phones.json``
sidecars and ``.journal`` files of every special kind beside sound unfinished records, 8 MB values in
every kind of place, long valid records (13 MB), integers spelled 1.0, odd file names (not UTF-8, a
newline, 255 bytes).
"""

import json
import os
import random

from game import new_game
from kept.record import dumps
from game.runner import play_out, seat_bots
from kept.storage import Journal

BASES = [("mlut", 4, 11, None), ("mlut", 6, 12, 150), ("wassticht", 4, 13, None), ("tricks", 3, 14, None),
         ("tricks", 5, 15, 120)]
DEEP = 100_000
BIG = 50 * 1024 * 1024


def base_records():
    """(name, lines as objects) of real games: finished ones and ones stopped mid-game."""
    out = []
    for game, players, seed, actions in BASES:
        state = new_game(game, players, seed=seed)
        play_out(state, *seat_bots(state), max_actions=actions)
        out.append((f"{game}{players}", [json.loads(dumps(e)) for e in state.events]))
    return out


def text(lines):
    """Record bytes as the program writes them; a line UTF-8 cannot hold (a lone surrogate in a
    name) is written with JSON escapes, so the file holds the six characters \\ud800."""
    return "".join(_line(e) + "\n" for e in lines).encode("utf-8")


def _line(obj):
    line = dumps(obj)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(obj)
    return line


def line_bounds(data):
    """Byte offsets: every line start, and every position just inside a line's ends."""
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]
    spots = set()
    for s in starts:
        spots.update({s, s + 1, s - 1, s + 7})
    return sorted(p for p in spots if 0 < p < len(data))


def mutations(name, lines, rng):
    """(kind, bytes) variants of one record."""
    data = text(lines)
    bounds = line_bounds(data)
    for pos in rng.sample(bounds, min(100, len(bounds))):
        yield "cut", data[:pos]
    for _ in range(60):
        cut = bytearray(data)
        for _ in range(rng.randint(1, 3)):
            cut[rng.randrange(len(cut))] ^= 1 << rng.randrange(8)
        yield "flip", bytes(cut)
    for _ in range(40):
        copy = list(lines)
        i, j = rng.randrange(len(copy)), rng.randrange(len(copy))
        copy[i], copy[j] = copy[j], copy[i]
        yield "swap", text(copy)
    for _ in range(40):
        copy = list(lines)
        i = rng.randrange(len(copy))
        copy.insert(i, copy[i])
        yield "duplicate", text(copy)
    for _ in range(40):
        copy = list(lines)
        del copy[rng.randrange(len(copy))]
        yield "delete", text(copy)
    for _ in range(100):
        yield "wrong type", text(wrong_type(lines, rng))
    yield from specials(lines, rng)


WRONG = [None, True, False, 0, -1, 1.5, "", "x", "R99", [], {}, [[]], {"a": 1}, 10 ** 30, -(10 ** 30),
         1e308, "\ud800", "\x00"]


def wrong_type(lines, rng):
    copy = json.loads(json.dumps(lines))
    obj = rng.choice(copy)
    target = obj["a"] if "a" in obj and rng.random() < 0.5 else obj
    if "seats" in target and rng.random() < 0.5:
        target = rng.choice(target["seats"]) if target["seats"] else target
    key = rng.choice(sorted(target))
    target[key] = rng.choice(WRONG)
    return copy


def specials(lines, rng):
    data = text(lines)
    head = dict(lines[0])
    yield "huge number", text([{**head, "seed": 10 ** 4000}] + lines[1:])
    yield "huge number", text([{**head, "players": 10 ** 18}] + lines[1:])
    yield "huge number", (b'{"t": "game", "v": 1, "seed": ' + b"9" * 50_000 + b"}\n") + data
    deep = b"[" * DEEP + b"]" * DEEP + b"\n"
    middle = data.index(b"\n", len(data) // 2) + 1
    yield "deep first", deep + data
    yield "deep middle", data[:middle] + deep + data[middle:]
    yield "deep last", data + deep
    yield "deep last cut", data + b"[" * DEEP
    yield "deep object", data[:middle] + b'{"t": "x-a", "k": ' + b'{"a": ' * DEEP + b"1" + b"}" * DEEP + b"}\n"
    for name in ("\ud800", "\udfff ok", "a\x00b", "\x1b[31mred", "\u202eevil", "x" * 20_000, None, 5, [], {}):
        seats = [dict(s) for s in head["seats"]]
        seats[rng.randrange(len(seats))]["name"] = name
        yield "odd name", text([{**head, "seats": seats}] + lines[1:])
    yield "invalid utf-8", data[:middle] + b"\xff\xfe\xc3(\n" + data[middle:]
    yield "surrogate utf-8", data.replace(b'"name": "', b'"name": "\xed\xa0\x80', 1)
    yield "bom", b"\xef\xbb\xbf" + data
    yield "crlf", data.replace(b"\n", b"\r\n")
    yield "nul bytes", data[:middle] + b"\x00" * 64 + data[middle:]
    yield "nul line", data[:middle] + b"\x00\n" + data[middle:]
    yield "trailing blank lines", data + b"\n\n  \n"
    yield "x- lines and unknown keys", text(with_extras(lines, rng))
    yield "x- after the end", data + b'{"t": "x-note", "text": "after the end"}\n'
    yield "only blank lines", b"\n\n\n"
    yield "empty", b""
    yield "not json", b"milk\neggs\n"
    yield "array lines", b"[1, 2, 3]\n" * 5


def with_extras(lines, rng):
    out = []
    for line in lines:
        line = dict(line)
        if rng.random() < 0.3:
            line["x-comment"] = {"who": "a checker", "n": rng.randrange(100)}
        out.append(line)
        if rng.random() < 0.2:
            out.append({"t": "x-note", "text": "kept as it is", "list": [1, [2, [3]]]})
    return out


def write_corpus(folder, seed=2026):
    """Fill folder with the corpus; returns {file name: kind}."""
    rng = random.Random(seed)
    kinds = {}
    for base, lines in base_records():
        for k, (kind, data) in enumerate(mutations(base, lines, rng)):
            name = f"{base}-{k:04d}.jsonl"
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
            kinds[name] = kind
    kinds.update(special_files(folder, text(base_records()[0][1])))
    return kinds


def special_files(folder, good):
    """Files that are not plain files, or are too big to be records; returns {name: kind}."""
    made = {}

    def place(name, kind, make):
        path = os.path.join(folder, name)
        make(path)
        made[name] = kind

    place("a-folder.jsonl", "folder", os.mkdir)
    place("a-fifo.jsonl", "fifo", os.mkfifo)
    place("loop-a.jsonl", "symlink loop", lambda p: os.symlink("loop-b.jsonl", p))
    place("loop-b.jsonl", "symlink loop", lambda p: os.symlink("loop-a.jsonl", p))
    place("to-zero.jsonl", "link to a device", lambda p: os.symlink("/dev/zero", p))
    place("to-urandom.jsonl", "link to a device", lambda p: os.symlink("/dev/urandom", p))
    place("to-fifo.jsonl", "link to a fifo", lambda p: os.symlink("a-fifo.jsonl", p))
    place("dangling.jsonl", "dangling link", lambda p: os.symlink("nowhere.jsonl", p))

    def unreadable(p):
        with open(p, "wb") as f:
            f.write(good)
        os.chmod(p, 0)
    place("unreadable.jsonl", "unreadable", unreadable)

    def sparse(p):
        with open(p, "wb") as f:
            f.truncate(4 * 1024 ** 3)
    place("sparse-4gb.jsonl", "sparse huge", sparse)

    def big_line(p):
        with open(p, "wb") as f:
            f.write(good.split(b"\n")[0] + b"\n")
            f.write(b'{"t": "x-big", "s": "' + b"a" * BIG + b'"}\n')
    place("big-line.jsonl", "50 MB line", big_line)

    def big_name(p):
        head = json.loads(good.split(b"\n")[0])
        head["seats"][0]["name"] = "N" * BIG
        with open(p, "wb") as f:
            f.write(json.dumps(head).encode() + b"\n")
    place("big-name.jsonl", "50 MB name", big_name)
    return made


# --- issue 28 ----------------------------------------------------------------------------------------
EIGHT_MB = 8 * 1024 * 1024
ACTION_VALUES = [None, True, 0, -1, 7, 2 ** 63, 1.0, -0.0, 1.5, "", "R", "R1", "X4", "T01", "\ud800", "x" * 300,
                 [], [None], [1, 2], [None, "R"], [["R"], "G"], {"a": 1}, [[[[]]]]]


def action_mutations(lines):
    """(kind, lines) with the first act of every kind holding every JSON type in every position, the
    record going on after it (finished) or stopping a few lines later (unfinished: Continue and the menu
    meet it)."""
    firsts = {}
    for i, line in enumerate(lines):
        if line["t"] == "act":
            firsts.setdefault(next(k for k in line["a"] if k != "as"), i)
    for kind, i in sorted(firsts.items()):
        act = lines[i]["a"]
        arg = act[kind]
        places = ["arg", "as"] + ([f"arg[{k}]" for k in range(len(arg))] if isinstance(arg, list) else [])
        for n, value in enumerate(ACTION_VALUES):
            for place in places:
                bad = json.loads(json.dumps(act))
                if place == "arg":
                    bad[kind] = value
                elif place == "as":
                    bad["as"] = value
                else:
                    bad[kind][int(place[4:-1])] = value
                copy = list(lines)
                copy[i] = dict(lines[i], a=bad)
                yield f"act {kind} {place}", copy if n % 2 else copy[:i + 4]


def sound_unfinished():
    """An unfinished record that loads: beside it go the hostile sidecars and journals."""
    for name, lines in base_records():
        if lines[-1]["t"] != "end":
            return lines
    raise AssertionError("no unfinished base record")


def sidecar_kinds():
    """{kind: a function making a .phones.json (or .journal) of that kind at a path}."""
    def write(data):
        return lambda p: open(p, "wb").write(data)

    def sparse(p):
        with open(p, "wb") as f:
            f.truncate(4 * 1024 ** 3)
    return {"fifo": os.mkfifo, "folder": os.mkdir, "link to /dev/zero": lambda p: os.symlink("/dev/zero", p),
            "link to /dev/urandom": lambda p: os.symlink("/dev/urandom", p),
            "symlink loop": lambda p: os.symlink(os.path.basename(p), p),
            "dangling link": lambda p: os.symlink("nowhere", p), "sparse 4 GB": sparse,
            "100,000 deep": write(b'{"seats": ' + b"[" * DEEP + b"]" * DEEP + b"}"),
            "deep cut": write(b"[" * DEEP), "not UTF-8": write(b'{"seats": {"0": "\xff\xfe"}}'),
            "8 MB value": write(b'{"seats": {"0": "' + b"A" * EIGHT_MB + b'"}, "port": 9000}'),
            "wrong types": write(b'{"seats": [1, 2], "port": "x"}'), "empty": write(b""),
            "huge number": write(b'{"port": ' + b"9" * 100_000 + b"}"),
            "garbage": write(bytes(range(256)) * 300)}


def big_values(lines):
    """(kind, bytes): an 8 MB value in every kind of place of a record."""
    huge = "V" * EIGHT_MB
    head = dict(lines[0])
    acts = [i for i, line in enumerate(lines) if line["t"] == "act"]
    first = acts[0]
    kind = next(k for k in lines[first]["a"] if k != "as")
    seats = [dict(s) for s in head["seats"]]
    seats[-1] = dict(seats[-1], bot=huge)
    yield "8 MB card", text(lines[:first] + [dict(lines[first], a={kind: huge})] + lines[first + 1:])
    yield "8 MB kind", text(lines[:first] + [dict(lines[first], a={huge: 1})] + lines[first + 1:])
    yield "8 MB type", text(lines[:2] + [{"t": huge}] + lines[2:])
    yield "8 MB game", text([dict(head, game=huge)] + lines[1:])
    yield "8 MB bot", text([dict(head, seats=seats)] + lines[1:])
    yield "8 MB option", text([dict(head, options={huge: 1})] + lines[1:])
    yield "8 MB version", text([dict(head, v=huge)] + lines[1:])
    yield "8 MB derived", text(lines[:2] + [dict(lines[2], **{k: huge for k in lines[2] if k != "t"})] + lines[3:])


def long_records(lines):
    """(kind, bytes): valid records of some 13 MB (a long nested x- line, many x- lines)."""
    nested = '{"t": "x-data", "rows": [' + ", ".join(['[1, 2, [3, "x"]]'] * 800_000) + "]}"
    yield "long record, nested x- line", text(lines[:2]) + nested.encode() + b"\n" + text(lines[2:])
    note = '{"t": "x-note", "n": 12345, "s": "abcdefghijklmnopqrstuvwxyz"}\n'
    per = 13 * 1024 * 1024 // len(note) // len(lines)
    yield "long record, many x- lines", b"".join(_line(line).encode() + b"\n" + (note * per).encode()
                                                  for line in lines)


def float_integers(lines):
    """(kind, bytes): a record with one of its integers spelled 1.0, 1e0 or -0.0."""
    for i, line in enumerate(lines[:40]):
        for key, value in line.items():
            if type(value) is int:
                spelling = "-0.0" if value == 0 else f"{value}.0"
                bad = text(lines[:i]) + _line(line).replace(f'"{key}": {value}', f'"{key}": {spelling}', 1).encode()
                yield "integer as 1.0", bad + b"\n" + text(lines[i + 1:])


def journals_not_for_the_record(lines):
    """(kind, size, lines) of sound journals whose lines do not belong to the record beside them."""
    size = len(text(lines))
    act = next(line for line in reversed(lines) if line["t"] == "act")
    yield "lines the rules refuse", size, text([dict(act, a={"play": "R99"})])
    yield "for a longer record", size + 7, text([act])
    yield "for a shorter record", size - 10, b'{"t": "x-note"}\n'
    yield "not lines", size, b"\x00" * 100


def more_corpus(folder, seed=2028):
    """Fill FOLDER with issue 28's kinds; returns {file name: kind} (sidecars and journals are not
    listed: they go beside the records named "beside ...")."""
    rng = random.Random(seed)
    kinds = {}

    def put(name, kind, data):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        kinds[name] = kind

    bases = base_records()
    for base, lines in bases:
        for k, (kind, copy) in enumerate(action_mutations(lines)):
            put(f"{base}-act-{k:04d}.jsonl", kind, text(copy))
        for k, (kind, data) in enumerate(float_integers(lines)):
            if rng.random() < 0.3:
                put(f"{base}-int-{k:04d}.jsonl", kind, data)
    lines = sound_unfinished()
    good = text(lines)
    for k, (kind, make) in enumerate(sorted(sidecar_kinds().items())):
        for suffix, what in ((".phones.json", "sidecar"), (".journal", "journal")):
            name = f"beside-{what}-{k:02d}.jsonl"
            put(name, f"{what}: {kind}", good)
            make(os.path.join(folder, name + suffix))
    for k, (kind, size, payload) in enumerate(journals_not_for_the_record(lines)):
        name = f"beside-journal-{k + 50:02d}.jsonl"
        put(name, f"journal: {kind}", good)
        journal = Journal.beside(os.path.join(folder, name))
        journal.hold(size, payload)
        journal.close()
    for k, (kind, data) in enumerate(big_values(lines)):
        put(f"big-{k}.jsonl", kind, data)
    for k, (kind, data) in enumerate(long_records(bases[2][1])):
        put(f"long-{k}.jsonl", kind, data)
    for name in (b"\xff\xfe-not-utf8.jsonl", b"new\nline.jsonl", b"n" * 249 + b".jsonl", b"-dash.jsonl"):
        path = os.path.join(os.fsencode(folder), name)
        with open(path, "wb") as f:
            f.write(good)
        kinds[os.fsdecode(name)] = "odd file name"
    return kinds
