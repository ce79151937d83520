"""The coach's words for Was sticht? (game.explain asks the kit): a short reason for a move, read
from one seat's view and one of its legal actions."""

from game import cards
from game.i18n import _, ngettext
from game.games.wassticht import rules as wassticht


def reason(view, action):
    kind = action[0]
    if kind in ("take_task", "task", "discard") and action[1] in wassticht.TASKS:
        difficulty = wassticht.TASKS[action[1]][1]
        # TRANSLATORS: a coach's reason for a task (a verb phrase, its subject is the task); {difficulty}
        # 1 (easy) and up
        return _("has difficulty {difficulty}: a harder task counts a little more").format(
            difficulty=difficulty)
    if kind == "play":
        return _play(view, action[1])
    if kind == "draft":
        return _draft(view, action[1])
    return None


def _draft(view, card):
    """Why a card of the row: what it adds to the hand (its colour's count, high or low)."""
    colour = _(cards.COLOUR_NAMES[card[0]])
    held = 1 + sum(1 for c in view["hand"] if c[0] == card[0])
    if int(card[1:]) >= 7:
        # TRANSLATORS: a coach's reason for taking a card in the row draft (a verb phrase, its subject is
        # the card); {held}: how many cards of its colour the player would hold
        return ngettext("is a high card for taking tricks: you would hold {held} {colour}",
                        "is a high card for taking tricks: you would hold {held} {colour}", held).format(
            held=held, colour=colour)
    if int(card[1:]) <= 3:
        # TRANSLATORS: as above, for a low card
        return ngettext("is a low card for letting tricks go: you would hold {held} {colour}",
                        "is a low card for letting tricks go: you would hold {held} {colour}", held).format(
            held=held, colour=colour)
    # TRANSLATORS: as above, for a middle card
    return ngettext("gives you {held} {colour} card", "gives you {held} {colour} cards", held).format(
        held=held, colour=colour)


def move(view, action, seat_name):
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
    if not trick:  # what the lead does, not its name again ("Best: green 4, because it leads the green 4")
        trump = wassticht.TRUMP_RANKS[(view["trump_colour"], view["trump_number"])][card] > 0
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move)
        why = _("leads a trump: the others must play trumps if they can") if trump else \
            _("leads a plain card: any trump would take it")
    else:
        why = _("takes the trick so far") if won else _("lets the trick go")
    task = (view.get("chosen") or [None] * (view["seat"] + 1))[view["seat"]]
    if task in wassticht.TASKS:
        # TRANSLATORS: a coach's reason with the player's task: {why} a reason, e.g. "lets the trick go";
        # {task} a task's words, e.g. "exactly 1 trick"
        return _("{why} (your task: {task})").format(why=why, task=_(wassticht.TASKS[task][0]))
    return why

