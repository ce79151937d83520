"""A kept game's phone seats, beside its record: ``<record>.phones.json`` holds {"seats": {seat: token},
"port": port} so that Continue gives every phone the same link again (the same port if it is free). Not part of the record (its format is fixed);
written atomically (a temporary file renamed over the old one)."""

import json
import os
import tempfile
from pathlib import Path

from phone import TOKEN


def sidecar(record_path):
    path = Path(record_path)
    return path.with_name(path.name + ".phones.json")


def save_tokens(record_path, tokens, port=None):
    """Write {seat: token} and the port beside the record; an OSError is the caller's to tell."""
    path = sidecar(record_path)
    data = json.dumps({"seats": {str(seat): token for seat, token in sorted(tokens.items())}, "port": port})
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_tokens(record_path, players):
    """({seat: token}, port) kept beside the record; ({}, None) when there is none or it is not sound."""
    try:
        data = json.loads(sidecar(record_path).read_text(encoding="utf-8"))
        seats, port = data["seats"], data.get("port")
        tokens = {int(seat): token for seat, token in seats.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}, None
    if not all(0 <= seat < players and isinstance(token, str) and TOKEN.match(token)
               for seat, token in tokens.items()):
        return {}, None
    return tokens, port if type(port) is int and 0 < port < 65536 else None


def forget_tokens(record_path):
    sidecar(record_path).unlink(missing_ok=True)
