"""The evening's story of one game, from its events (a record's lines, or what the table was told):
each seat's running total round by round, for a chart, and two or three highlights (the biggest
round, the boldest bid made, the task laid down last...), as plain data. No pygame here: the final
score sheet draws what these functions return.

Only public lines are read (``score``, ``end``, ``trick``, ``payout``, ``done``, ``deal``), so the
story may be told from the table's observation as from the whole record. Ties go to the earliest
round, then the lowest seat: a highlight names one moment, the first it happened.
"""

from game.i18n import N_, _, ngettext, pgettext, listing
from game.kit import find


def start_totals(game, players):
    """Each seat's total before the first round (the game kit's ``start_total``: the chips Tricks
    starts with, else nothing)."""
    game_kit = find(game)
    return [game_kit.start_total if game_kit is not None else 0] * players


#: What a game's totals count, for the chart's heading (a score line's "totals", see the record format),
#: is its kit's ``measure``: an English message id, shown translated (heading()).
SCORE = N_("Score")  # a game without a measure of its own


def measure(game):
    """What GAME's totals count (a message id)."""
    game_kit = find(game)
    return (game_kit.measure if game_kit is not None else None) or SCORE


def head_of(events):
    """The ``game`` line (game, players, seats), or {}."""
    return next((e for e in events if e.get("t") == "game"), {})


def curve(events):
    """Each seat's total after each round: {"measure": what the totals count, "labels": [...],
    "series": [[total per point] per seat]}.
    The first point is the start ("Start"), then one per round ("1", "2", ...), then "End" when the
    game's end totals differ from the last round's (Tricks: the loans repaid)."""
    head = head_of(events)
    scores = [e for e in events if e.get("t") == "score"]
    players = head.get("players") or (len(scores[0]["totals"]) if scores else 0)
    points = [("Start", start_totals(head.get("game"), players))]
    points += [(str(e["round"]), list(e["totals"])) for e in scores]
    end = next((e for e in events if e.get("t") == "end"), None)
    if end is not None and list(end["totals"]) != points[-1][1]:
        points.append(("End", list(end["totals"])))
    return {"measure": measure(head.get("game")), "labels": [label for label, _ in points],
            "series": [[totals[s] for _, totals in points] for s in range(players)]}


def heading(curve_):
    """The chart's heading in the language now: "Points after each round"."""
    words = curve_["measure"]  # its game kit's measure, a message id
    # TRANSLATORS: a chart's heading; {measure} is what it counts: "Points", "Chips", "Tasks laid down"
    return _("{measure} after each round").format(measure=_(words))


def label_text(label):
    """A point's label under the chart's axis, in the language now ("Start", "3", "End")."""
    if label == "Start":
        return pgettext("chart", "Start")
    if label == "End":
        return pgettext("chart", "End")
    return label


def point_text(name, label, value):
    """A point's tooltip: "Ben after round 3: 12"."""
    if label == "Start":
        return _("{name} at the start: {value}").format(name=name, value=value)
    if label == "End":
        return _("{name} at the end, loans repaid: {value}").format(name=name, value=value)
    return _("{name} after round {round}: {value}").format(name=name, round=label, value=value)


def biggest_round(events):
    """The most points one seat scored in one round."""
    best = None
    for e in events:
        if e.get("t") == "score":
            for seat, points in enumerate(e["points"]):
                if best is None or points > best["value"]:
                    best = {"kind": "biggest_round", "seat": seat, "round": e["round"], "value": points}
    return best if best is not None and best["value"] > 0 else None


def longest_lead(events):
    """The seats that were on top (alone or level with others) after the most rounds: all of them
    when several were, with whether any of those rounds was shared (a tie is no lead alone)."""
    scores = [e for e in events if e.get("t") == "score"]
    if len(scores) < 2:
        return None
    led, level = [0] * len(scores[0]["totals"]), [False] * len(scores[0]["totals"])
    for e in scores:
        top = max(e["totals"])
        tops = [seat for seat, total in enumerate(e["totals"]) if total == top]
        for seat in tops:
            led[seat] += 1
            level[seat] = level[seat] or len(tops) > 1
    best = max(led)
    seats = [seat for seat, n in enumerate(led) if n == best]
    return {"kind": "longest_lead", "seat": seats[0], "seats": seats, "value": best, "rounds": len(scores),
            "shared": any(level[seat] for seat in seats)}


def highlights(events):
    """The game's highlights as data (see the functions above), those that happened, in order."""
    game = head_of(events).get("game")
    game_kit = find(game)
    found = (pick(events) for pick in (game_kit.part("highlights") if game_kit is not None else ()))
    return [dict(h, game=game) for h in found if h is not None]

def best_moment(events, seat):
    """SEAT's best moment of the game, for its own result: the first of the game's highlights that
    names it, else its best round (kind "best_round"), else None (it never scored a point)."""
    for h in highlights(events):
        if h.get("seat") == seat or seat in h.get("seats", ()):
            return h
    best = None
    for e in events:
        if e.get("t") == "score" and seat < len(e["points"]) and (best is None or e["points"][seat] > best["value"]):
            best = {"kind": "best_round", "seat": seat, "round": e["round"], "value": e["points"][seat]}
    return best if best is not None and best["value"] > 0 else None


def describe(highlight, names):
    """(heading, sentence) of a highlight, with the seats' names, in the language now: in its game's
    words (the kit's ``describe``) for the kinds the game adds or words its own way."""
    kind = highlight["kind"]
    game_kit = find(highlight.get("game"))
    own = game_kit.part("describe") if game_kit is not None else None
    words = own(highlight, names) if own is not None else None
    if words is not None:
        return words
    if kind == "longest_lead":
        return _lead_words(highlight, names)
    if kind in ("biggest_round", "best_round"):
        who, round_no, value = names[highlight["seat"]], highlight.get("round"), highlight["value"]
        heading = _("The biggest round") if kind == "biggest_round" else _("The best round")
        return heading, ngettext(
            "{name} scored {n} point in round {round}", "{name} scored {n} points in round {round}",
            value).format(name=who, n=value, round=round_no)
    raise ValueError(f"no words for the highlight {kind!r}")


def _lead_words(highlight, names):
    seats, value, rounds = highlight.get("seats", [highlight["seat"]]), highlight["value"], highlight["rounds"]
    every = value == rounds
    if len(seats) > 1:
        who = listing(names[s] for s in seats)
        if every:
            return _("Longest on top"), _("{names} were each on top after every round").format(names=who)
        return _("Longest on top"), ngettext(
            "{names} were each on top after {n} of the {rounds} rounds",
            "{names} were each on top after {n} of the {rounds} rounds", rounds).format(
            names=who, n=value, rounds=rounds)
    who = names[seats[0]]
    if highlight.get("shared"):
        if every:
            return _("Longest on top"), _("{name} was on top (level at times) after every round").format(name=who)
        return _("Longest on top"), ngettext(
            "{name} was on top (level at times) after {n} of the {rounds} rounds",
            "{name} was on top (level at times) after {n} of the {rounds} rounds", rounds).format(
            name=who, n=value, rounds=rounds)
    if every:
        return _("Ahead all the way"), ngettext(
            "{name} was ahead after every one of the {rounds} rounds",
            "{name} was ahead after every one of the {rounds} rounds", rounds).format(name=who, rounds=rounds)
    return _("Longest in the lead"), ngettext(
        "{name} was ahead after {n} of the {rounds} rounds",
        "{name} was ahead after {n} of the {rounds} rounds", rounds).format(name=who, n=value, rounds=rounds)
