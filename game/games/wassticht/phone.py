"""What every phone may know of a Was sticht? game before anything happens (phone.bridge asks the
kit): its colours, the rows of the draft, the notepad's trumps, the task texts, and what the page asks
of a seat in each phase."""

from game.games.wassticht.rules import COLOURS, ROW_SIZE, ROWS, TASKS, TRUMP_COLOURS, TRUMP_NUMBERS
from game.i18n import N_, _

#: phase -> the page's words for a seat's turn ({row}: the row drafted), N_-marked.
PROMPTS = {"task_draft": N_("take a task"), "row_draft": N_("take a card from row {row}"),
           "task_choice": N_("choose your secret task"), "play": N_("play a card"),
           "discard": N_("lay down one of your tasks, or none")}


def facts(state):
    # the notepad's grid: every trump colour and number the hints may leave, None for "none"
    return {"colours": COLOURS, "rows": ROWS, "row_size": ROW_SIZE,
            "trump_colours": list(TRUMP_COLOURS), "trump_numbers": list(TRUMP_NUMBERS),
            "tasks": {t: {"text": text, "difficulty": d} for t, (text, d) in TASKS.items()},
            "prompts": dict(PROMPTS)}


def spoken(facts):
    """FACTS with the task texts in the language spoken now."""
    tasks = {}
    for t, task in facts["tasks"].items():
        text = task["text"]  # an English message of the rules' TASKS (marked there)
        tasks[t] = dict(task, text=_(text))
    return dict(facts, tasks=tasks)
