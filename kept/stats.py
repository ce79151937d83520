"""Each person's games across the kept records, per game: games played, wins, average place, best
score, and the scores of their last games (for a small chart). No pygame here; the kept games list's
Players view draws what ``player_stats`` returns.

The records are the truth: the numbers come from the summaries ``kept.storage`` reads from each
record's first and last lines (kept in the games folder's index, ``kept.catalog``, while the file is
unchanged), never from a second store.

Who counts: only seats whose kind is a person ("human" in the record: at the screen or on a phone);
bots are left out, whatever their names. Names are compared without case and without the spaces
around them ("anna " and "Anna" are one player), and shown as last spelt. A name that sits at two
seats of one game counts that game once, for its first seat. Only finished games count.
"""

from dataclasses import dataclass, field

from game.kit import find, registered

RECENT = 10  # scores kept per player and game for the chart, the newest last


def name_key(name):
    return name.strip().casefold()


def place_of(seat, totals, won):
    """1 for a winner; else 1 + the seats ahead: every winner (Was sticht? breaks a tie at the end by
    the tasks' difficulty), and every seat with a higher total."""
    if seat in won:
        return 1
    mine = totals[seat]
    return 1 + sum(1 for s, t in enumerate(totals) if s != seat and (s in won or t > mine))


@dataclass
class Line:
    """One player's games of one game."""

    name: str
    game: str
    title: str
    games: int = 0
    wins: int = 0
    places: list = field(default_factory=list)  # in the order played
    scores: list = field(default_factory=list)  # end totals, in the order played
    won: list = field(default_factory=list)  # per game played: True if won

    @property
    def average_place(self):
        return sum(self.places) / len(self.places) if self.places else 0.0

    @property
    def best(self):
        return max(self.scores) if self.scores else None

    @property
    def recent(self):
        """(score, won) of the last RECENT games, the oldest first."""
        return list(zip(self.scores, self.won))[-RECENT:]


def counted(summary):
    return summary.finished and summary.usable and find(summary.game) is not None and \
        len(summary.totals) == len(summary.players)


def player_stats(summaries):
    """[Line] per player and game, the players with the most games first (then by name, then the
    games in the menu's order). SUMMARIES: ``storage.Summary`` of the kept games, any order."""
    lines, spelt = {}, {}
    for summary in sorted((s for s in summaries if counted(s)), key=lambda s: (s.when, str(s.path))):
        seen = set()
        for seat in summary.people:
            name = summary.players[seat]
            key = name_key(name)
            if not key or key in seen:
                continue
            seen.add(key)
            spelt[key] = name.strip()
            line = lines.get((key, summary.game))
            if line is None:
                line = lines[(key, summary.game)] = Line(name="", game=summary.game, title=find(summary.game).title)
            line.games += 1
            won = seat in summary.won
            line.wins += won
            line.won.append(won)
            line.places.append(place_of(seat, summary.totals, summary.won))
            line.scores.append(summary.totals[seat])
    games_of = {}
    for (key, _), line in lines.items():
        line.name = spelt[key]
        games_of[key] = games_of.get(key, 0) + line.games
    order = list(registered())
    return sorted(lines.values(), key=lambda ln: (-games_of[name_key(ln.name)], name_key(ln.name),
                                                   order.index(ln.game)))


def first_games(summaries, game_id, seats):
    """The seat numbers of SEATS (game.engine.Seat) whose person has no finished kept game of GAME_ID:
    their first game of it (teach mode's reminders are for them). Bots are never in it."""
    played = {name_key(s.players[seat]) for s in summaries if counted(s) and s.game == game_id
              for seat in s.people}
    return {i for i, seat in enumerate(seats) if seat.kind != "bot" and name_key(seat.name) not in played}
