"""The coach's words for Was sticht? (game.explain asks the kit): a short reason for a move, read
from one seat's view and one of its legal actions."""

from game import cards
from game.i18n import _
from game.games.wassticht import rules as wassticht


def reason(view, action):
    kind = action[0]
    if kind in ("take_task", "task", "discard") and action[1] in wassticht.TASKS:
        wording, difficulty = wassticht.TASKS[action[1]]
        # TRANSLATORS: a task's words, e.g. "exactly 1 trick", and its difficulty (1 to 5)
        return _("{task} (difficulty {difficulty})").format(task=_(wording), difficulty=difficulty)
    if kind == "play":
        return _play(view, action[1])
    return None


def move(view, action):
    """A task move in words for the hint's sentence: the task itself ("the task exactly 1 trick"),
    or laying none down; None for a card."""
    if action[0] in ("take_task", "task", "discard"):
        if action[1] in wassticht.TASKS:
            # TRANSLATORS: the hint names a task: "Best: the task “exactly 1 trick”."
            return _("the task “{task}”").format(task=_(wassticht.TASKS[action[1]][0]))
        if action[1] is None:
            return _("laying no task down")
    return None


def _play(view, card):
    trick = [c for _s, c in view["trick"]]
    if not view.get("trump_known"):
        return None  # who wins is not for this seat to know yet
    won = wassticht.trick_winner(trick + [card], view["trump_colour"], view["trump_number"]) == len(trick)
    task = (view.get("chosen") or [None] * (view["seat"] + 1))[view["seat"]]
    if task in wassticht.TASKS:
        goal = _(wassticht.TASKS[task][0])
        if not trick:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move); {task} is a task's
            # words, e.g. "exactly 1 trick"
            return _("leads the {card} (your task: {task})").format(card=cards.name(card), task=goal)
        # TRANSLATORS: a coach's reason (a verb phrase); {task} is a task's words, e.g. "exactly 1 trick"
        return (_("takes the trick so far (your task: {task})") if won
                else _("lets the trick go (your task: {task})")).format(task=goal)
    if not trick:
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move)
        return _("leads the {card}").format(card=cards.name(card))
    return _("takes the trick so far") if won else _("lets the trick go")

