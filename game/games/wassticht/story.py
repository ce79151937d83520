"""The evening's story of a Was sticht? game (game.story asks the kit): its highlights, and the words
of those it adds (the task laid down last, the hardest task laid down)."""

from game.i18n import _, pgettext
from game.games.wassticht.rules import TASKS, task_named
from game.story import longest_lead


def _laid(event):
    """(seat, task) pairs of a ``done`` line, by seat."""
    return sorted((int(seat), task) for seat, task in (event.get("laid_down") or {}).items())


def last_task(events):
    """The task (or tasks, laid down in the same round) laid down last."""
    done = [e for e in events if e.get("t") == "done" and e.get("laid_down")]
    if not done:
        return None
    return {"kind": "last_task", "round": done[-1]["round"], "laid": [list(p) for p in _laid(done[-1])]}


def hardest_task(events):
    """The laid-down task of the highest difficulty."""
    best = None
    for e in events:
        if e.get("t") == "done":
            for seat, task in _laid(e):
                difficulty = TASKS[task][1]
                if best is None or difficulty > best["value"]:
                    best = {"kind": "hardest_task", "seat": seat, "round": e["round"], "value": difficulty,
                            "task": task}
    return best


HIGHLIGHTS = (last_task, hardest_task, longest_lead)


def describe(highlight, names):
    """(heading, sentence) of a highlight this game adds, or None for a shared one."""
    kind = highlight["kind"]
    if kind == "last_task":
        laid, round_no = highlight["laid"], highlight["round"]
        if len(laid) == 1:
            (seat, task), = laid
            # TRANSLATORS: {words} is what a task asks ("exactly 2 tricks")
            return _("The task laid down last"), _("{name} laid down '{words}' in round {round}").format(
                name=names[seat], words=_(TASKS[task][0]), round=round_no)
        # TRANSLATORS: one player and the task laid down: "Ben 'exactly 2 tricks'"
        tasks = ", ".join(_("{name} {task}").format(name=names[seat], task=task_named(task)) for seat, task in laid)
        # TRANSLATORS: {tasks} is a list like "Ben 'exactly 2 tricks', Anna 'no tricks'"
        return _("The tasks laid down last"), _("In round {round}: {tasks}").format(round=round_no, tasks=tasks)
    if kind == "hardest_task":
        who, round_no, value = names[highlight["seat"]], highlight.get("round"), highlight["value"]
        task = highlight["task"]
        # TRANSLATORS: {words} is what a task asks ("exactly 2 tricks")
        return (_("The hardest task laid down"),
                _("{name} laid down '{words}' (difficulty {difficulty}) in round {round}").format(
                    name=who, words=_(TASKS[task][0]), difficulty=value, round=round_no))
    return None


def tasks_met(view, seat):
    """(tasks SEAT laid down, tasks it had) in the finished game: its result card's line."""
    return len(view["laid_down"][seat]), view["tasks_per_player"]


def first_tag():
    """The tag beside the name of who takes first from a row (the disc): the table shows it and the
    teacher names it, in one word."""
    # TRANSLATORS: a short tag in capitals beside a player's name: this player takes first from the row
    return pgettext("tag", "FIRST")
