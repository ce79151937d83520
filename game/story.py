"""The evening's story of one game, from its events (a record's lines, or what the table was told):
each seat's running total round by round, for a chart, and two or three highlights (the biggest
round, the boldest bid made, the task laid down last...), as plain data. No pygame here: the final
score sheet draws what these functions return.

Only public lines are read (``score``, ``end``, ``trick``, ``payout``, ``done``, ``deal``), so the
story may be told from the table's observation as from the whole record. Ties go to the earliest
round, then the lowest seat: a highlight names one moment, the first it happened.
"""

from game.games.tricks import rules as _tricks
from game.cards import COLOUR_NAMES
from game.i18n import N_, _, ngettext, pgettext, listing
from game.games.wassticht.rules import TASKS


def start_totals(game, players):
    """Each seat's total before the first round: the chips Tricks starts with, else nothing."""
    return [_tricks.START_CHIPS if game == "tricks" else 0] * players


#: What a game's totals count, for the chart's heading (a score line's "totals", see the record format):
#: English message ids, shown translated (heading()).
MEASURES = {"mlut": N_("Points"), "tricks": N_("Chips"), "wassticht": N_("Tasks laid down")}
SCORE = N_("Score")  # a game without a measure of its own


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
    return {"measure": MEASURES.get(head.get("game"), SCORE), "labels": [label for label, _ in points],
            "series": [[totals[s] for _, totals in points] for s in range(players)]}


def heading(curve_):
    """The chart's heading in the language now: "Points after each round"."""
    # TRANSLATORS: a chart's heading; {measure} is what it counts: "Points", "Chips", "Tasks laid down"
    measure = curve_["measure"]  # a MEASURES message id
    return _("{measure} after each round").format(measure=_(measure))


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


def biggest_pile(events):
    """Mit List und Tücke: the most cards of one colour a seat collected in a round (the picked
    cards go to the picker, the rest to the taker; a trump-only trick's rest leaves the game)."""
    best, round_no, piles = None, 0, {}
    for e in events + [{"t": "deal"}]:
        kind = e.get("t")
        if kind == "deal":  # a round's piles are complete: the best of them
            for (seat, colour), count in sorted(piles.items()):
                if best is None or count > best["value"]:
                    best = {"kind": "biggest_pile", "seat": seat, "round": round_no, "value": count,
                            "colour": colour}
            round_no, piles = e.get("round", round_no), {}
        elif kind == "trick":
            gone = set(e.get("taken") or []) | set(e.get("removed") or [])
            picked = [c for _, c in e["cards"] if c not in gone]
            for seat, cards_ in ((e.get("picker"), picked), (e.get("taker"), e.get("taken") or [])):
                for card in cards_ if seat is not None else ():
                    piles[seat, card[0]] = piles.get((seat, card[0]), 0) + 1
    return best


def boldest_bid(events):
    """Tricks: the highest bid that was met (exactly as many tricks as bid)."""
    best = None
    for e in events:
        if e.get("t") == "payout":
            for seat, (bid, took) in enumerate(zip(e["bids"], e["tricks"])):
                if bid == took and (best is None or bid > best["value"]):
                    best = {"kind": "boldest_bid", "seat": seat, "round": e["round"], "value": bid}
    return best


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


def _laid(event):
    """(seat, task) pairs of a ``done`` line, by seat."""
    return sorted((int(seat), task) for seat, task in (event.get("laid_down") or {}).items())


def last_task(events):
    """Was sticht?: the task (or tasks, laid down in the same round) laid down last."""
    done = [e for e in events if e.get("t") == "done" and e.get("laid_down")]
    if not done:
        return None
    return {"kind": "last_task", "round": done[-1]["round"], "laid": [list(p) for p in _laid(done[-1])]}


def hardest_task(events):
    """Was sticht?: the laid-down task of the highest difficulty."""
    best = None
    for e in events:
        if e.get("t") == "done":
            for seat, task in _laid(e):
                difficulty = TASKS[task][1]
                if best is None or difficulty > best["value"]:
                    best = {"kind": "hardest_task", "seat": seat, "round": e["round"], "value": difficulty,
                            "task": task}
    return best


HIGHLIGHTS = {
    "mlut": (biggest_round, biggest_pile, longest_lead),
    "tricks": (boldest_bid, biggest_round, longest_lead),
    "wassticht": (last_task, hardest_task, longest_lead),
}


def highlights(events):
    """The game's highlights as data (see the functions above), those that happened, in order."""
    game = head_of(events).get("game")
    found = (pick(events) for pick in HIGHLIGHTS.get(game, ()))
    return [dict(h, game=game) for h in found if h is not None]

def describe(highlight, names):
    """(heading, sentence) of a highlight, with the seats' names, in the language now."""
    kind = highlight["kind"]
    if kind == "last_task":
        laid, round_no = highlight["laid"], highlight["round"]
        if len(laid) == 1:
            (seat, task), = laid
            # TRANSLATORS: {task} is a task's number ("T03"), {words} what it asks ("exactly 2 tricks")
            return _("The task laid down last"), _("{name} laid down {task} ({words}) in round {round}").format(
                name=names[seat], task=task, words=_(TASKS[task][0]), round=round_no)
        # TRANSLATORS: one player and the task laid down: "Ben T03"
        tasks = ", ".join(_("{name} {task}").format(name=names[seat], task=task) for seat, task in laid)
        # TRANSLATORS: {tasks} is a list like "Ben T03, Anna T12"
        return _("The tasks laid down last"), _("In round {round}: {tasks}").format(round=round_no, tasks=tasks)
    who, round_no, value = names[highlight["seat"]], highlight.get("round"), highlight["value"]
    if kind == "longest_lead":
        return _lead_words(highlight, names)
    if kind == "biggest_round":
        if highlight.get("game") == "tricks":
            return _("The biggest payout"), ngettext(
                "{name} was paid {n} chip in round {round}", "{name} was paid {n} chips in round {round}",
                value).format(name=who, n=value, round=round_no)
        return _("The biggest round"), ngettext(
            "{name} scored {n} point in round {round}", "{name} scored {n} points in round {round}",
            value).format(name=who, n=value, round=round_no)
    if kind == "biggest_pile":
        code = highlight["colour"]
        colour = _(COLOUR_NAMES[code])
        # TRANSLATORS: {colour} is a colour's name ("red")
        return _("The biggest pile"), ngettext(
            "{name} collected {n} {colour} card in round {round}",
            "{name} collected {n} {colour} cards in round {round}", value).format(
            name=who, n=value, colour=colour, round=round_no)
    if kind == "boldest_bid":
        return _("The boldest bid made"), ngettext(
            "{name} bid {n} and took exactly {n} in round {round}",
            "{name} bid {n} and took exactly {n} in round {round}", value).format(
            name=who, n=value, round=round_no)
    if kind == "hardest_task":
        task = highlight["task"]
        # TRANSLATORS: {task} is a task's number ("T03"), {words} what it asks ("exactly 2 tricks")
        return (_("The hardest task laid down"),
                _("{name} laid down {task} ({words}, difficulty {difficulty}) in round {round}").format(
                    name=who, task=task, words=_(TASKS[task][0]), difficulty=value, round=round_no))
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
