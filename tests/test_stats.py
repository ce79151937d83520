"""The players' numbers across kept games (kept/stats.py): bot games written to the temporary games
folder as the app writes them, and every number worked out again here from the record files
themselves (their first and last lines), not from the summaries or the index the stats read."""

import json

from game import TITLES, Seat, new_game
from kept import storage, summaries
from game.runner import play_out, seat_bots
from kept.stats import player_stats
from kept.storage import Autosave

# (game, players, seed, seats: (name, kind) per seat; finished?)
GAMES = [
    ("mlut", 4, 1, [("Anna", "human"), ("Ben", "human"), ("Carla", "bot"), ("Anna", "bot")], True),
    ("mlut", 5, 2, [(" anna", "human"), ("Bot", "bot"), ("BEN", "human"), ("Dora", "bot"), ("Eve", "bot")], True),
    ("tricks", 3, 3, [("Ben ", "human"), ("Anna", "human"), ("Carla", "human")], True),
    ("tricks", 4, 4, [("Anna", "human"), ("x", "bot"), ("y", "bot"), ("z", "bot")], True),
    ("wassticht", 4, 5, [("Carla", "human"), ("anna", "human"), ("Ben", "bot"), ("w", "bot")], True),
    ("wassticht", 4, 6, [("Anna", "human"), ("Ben", "human"), ("q", "bot"), ("r", "bot")], False),
    ("mlut", 4, 7, [("Dora", "bot"), ("", "human"), ("Anna", "human"), ("Ben", "human")], True),
]


def write_games(games=GAMES):
    for game, n, seed, seats, finish in games:
        seats = [Seat(name, kind, "random" if kind == "bot" else None) for name, kind in seats]
        state = new_game(game, n, seed, seats)
        save = Autosave(state)
        play_out(state, *seat_bots(state), max_actions=None if finish else 40)
        save.sync(state)
        save.close()


def expected():
    """{(name key, game): [(total, won, place) in the order played]} straight from the files."""
    found = {}
    for path in sorted(storage.games_dir().glob("*.jsonl"), key=lambda p: (p.stat().st_mtime, str(p))):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        head, end = lines[0], lines[-1]
        if end["t"] != "end":
            continue
        totals, winners = end["totals"], end["winners"]
        ranks = [(s in winners, t) for s, t in enumerate(totals)]  # winners first, then the totals
        seen = set()
        for seat, info in enumerate(head["seats"]):
            key = info["name"].strip().lower()
            if info["kind"] != "human" or not key or key in seen:
                continue
            seen.add(key)
            place = 1 + sum(1 for r in ranks if r > ranks[seat])
            found.setdefault((key, head["game"]), []).append((totals[seat], seat in winners, place))
    return found


def test_every_persons_numbers_per_game_come_from_the_records():
    write_games()
    lines = player_stats(storage.catalog().refresh())
    want = expected()
    assert {(ln.name.lower(), ln.game) for ln in lines} == set(want)
    for ln in lines:
        games = want[(ln.name.lower(), ln.game)]
        assert ln.title == TITLES[ln.game]
        assert ln.games == len(games)
        assert ln.wins == sum(won for _, won, _ in games)
        assert ln.average_place == sum(p for _, _, p in games) / len(games)
        assert ln.best == max(t for t, _, _ in games)
        assert ln.recent == [(t, won) for t, won, _ in games][-10:]
    names = {ln.name.lower() for ln in lines}
    assert "carla" in names and "dora" not in names and "bot" not in names, "bots never count, people do"
    anna = [ln for ln in lines if ln.name.lower() == "anna"]
    assert {ln.game for ln in anna} == {"mlut", "tricks", "wassticht"}
    mlut = next(ln for ln in anna if ln.game == "mlut")
    assert mlut.games == 3, "' anna' and 'Anna' are one player; her bot twin is not"
    assert lines[0].name.lower() == "anna", "the player with the most games first"


def test_the_index_gives_the_same_numbers_as_the_files():
    """A second start of the program reads the numbers from the index, without opening a record."""
    write_games()
    first = player_stats(storage.catalog().refresh())
    storage.catalog().save()
    storage._catalogs.clear()
    summaries._summaries.clear()
    kept = storage.catalog()
    kept.quick()
    assert kept.pending == 0
    again = player_stats(kept.games())
    assert [(ln.name, ln.game, ln.games, ln.wins, ln.places, ln.scores) for ln in again] == \
        [(ln.name, ln.game, ln.games, ln.wins, ln.places, ln.scores) for ln in first]


def test_an_index_from_before_the_totals_were_kept_is_read_again():
    write_games()
    storage.catalog().refresh()
    storage.catalog().save()
    index = storage.data_dir() / "index.json"
    data = json.loads(index.read_text())
    for entry in data["games"].values():
        entry.pop("totals"), entry.pop("won")
    index.write_text(json.dumps(data))
    storage._catalogs.clear()
    summaries._summaries.clear()
    lines = player_stats(storage.catalog().refresh())
    assert {(ln.name.lower(), ln.game) for ln in lines} == set(expected())
