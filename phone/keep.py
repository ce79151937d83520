"""A kept game's phone seats, beside its record: ``<record>.phones.json`` holds {"seats": {seat: token},
"port": port} so that Continue gives every phone the same link again (the same port if it is free). Not
part of the record (its format is fixed); written atomically (a temporary file renamed over the old one)
and read by the program's one bounded reader (kept.files), so a pipe, a device, a huge or a deeply
nested file in its place costs nothing and simply means no links are kept."""

import json
import re
from pathlib import Path

from kept import files
from phone import TOKEN

# {"seats": {"5": token, ...}, "port": 8765} is a few hundred bytes and nests 2 deep.
SIZE_LIMIT = 64 * 1024
DEPTH = 4
SEAT_KEY = re.compile(r"[0-9]{1,2}")  # int() would take " 1", "1_0" and other scripts' digits too


def sidecar(record_path):
    path = Path(record_path)
    return path.with_name(path.name + ".phones.json")


def save_tokens(record_path, tokens, port=None):
    """Write {seat: token} and the port beside the record; an OSError is the caller's to tell."""
    data = json.dumps({"seats": {str(seat): token for seat, token in sorted(tokens.items())}, "port": port})
    files.atomic_write(sidecar(record_path), data.encode("utf-8"))


def load_tokens(record_path, players):
    """({seat: token}, port) kept beside the record; ({}, None) when there is none or it is not sound."""
    try:
        data = files.read_json(sidecar(record_path), SIZE_LIMIT, DEPTH)
    except files.Unreadable:
        return {}, None
    seats = data.get("seats") if type(data) is dict else None
    if type(seats) is not dict or not all(type(k) is str and SEAT_KEY.fullmatch(k) for k in seats):
        return {}, None
    tokens = {int(seat): token for seat, token in seats.items()}
    if not all(0 <= seat < players and type(token) is str and TOKEN.fullmatch(token) for seat, token in tokens.items()):
        return {}, None
    port = data.get("port")
    return tokens, port if type(port) is int and 0 < port < 65536 else None


def forget_tokens(record_path):
    """A finished game's links are never used again; whatever stands in their place (a folder, a file
    that cannot be removed) is no reason to stop the game's end."""
    try:
        sidecar(record_path).unlink(missing_ok=True)
    except OSError:
        pass
