"""Was sticht? taught at the table: its rules as they come up, the guided round's deal, the round's
score in words. Follows ``shared/rules/was-sticht.md``; every fact is read from the seat's view and
the rules core (``game.wassticht``), never written here as a literal.

The learner sits left of the first round's starter (seat 1, not seat 0): so the guided round shows
what a newcomer meets most, someone else's secret trump and its deduction from the hints, the task
choice, and a task laid down or kept at the round's end. Being the starter oneself is taught in teach
mode when it comes (``your_secret_trump``, ``you_may_lay_down``).

Board targets besides the common ones: ("row", k) a row of the draft (1-9), ("task", id) a task tile,
("notepad",) the deduction notepad (the trumps that still fit the hints).
"""

from game import cards, wassticht
from game.explain import reason
from game.teach import Lesson, note, rule
from game.wassticht import SUITS, TASKS, TRUMP_COMBOS, VALUE

GAME = "wassticht"
HIGHEST = max(VALUE.values())
LOWEST = min(VALUE.values())


# --- words -------------------------------------------------------------------------------------------
def colour_name(colour):
    return cards.COLOUR_NAMES[colour]


def trump_text(colour, number):
    """'red and the 5s', 'the 5s (no trump colour)', 'red (no trump number)', 'no trump at all'."""
    if colour is None and number is None:
        return "no trump at all"
    if colour is None:
        return f"the {number}s (no trump colour)"
    if number is None:
        return f"{colour_name(colour)} (no trump number)"
    return f"{colour_name(colour)} and the {number}s"


def order_text(colour, number):
    """The order of the cards in a trick under this trump, highest first, in one sentence."""
    if colour is None and number is None:
        return "The highest card of the led colour wins every trick."
    if colour is None:
        return f"The {number}s beat every other card (the first one played wins between them), then the led colour."
    c = colour_name(colour)
    if number is None:
        return f"Every {c} card beats the led colour, {c} {HIGHEST} the highest."
    return (f"The {c} {number} is the highest card, then the other {number}s (the first one played wins between "
            f"them), then the other {c} cards from {HIGHEST} down, then the led colour.")


def task_text(task):
    return f"'{TASKS[task][0]}'"


def names_text(words):
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def who_in(moment, seat):
    """A seat as the teacher names it inside a sentence: "you" for the moment's own seat."""
    return "you" if seat == moment.seat else moment.names[seat]


def whose(moment, seat):
    """"your" for the moment's own seat, else "Ben's"."""
    return "your" if seat == moment.seat else f"{moment.names[seat]}'s"


def is_trump(card, colour, number):
    return SUITS[(colour, number)][card] == "T"


def trump_reason(card, colour, number):
    """Why a trump card is one: its number or its colour (the number first, as the order has it)."""
    if VALUE[card] == number:
        return f"{number} is the trump number"
    return f"{colour_name(colour)} is the trump colour"


# --- what just happened ------------------------------------------------------------------------------
def _same_round(moment):
    before = moment.before
    return before is not None and before["round"] == moment.view["round"]


def _round_ended(moment):
    """The last action closed a round: its result is the view's last history entry."""
    before = moment.before
    return before is not None and len(moment.view["history"]) > len(before["history"])


def _new_round(moment):
    """A round's row draft as the seat first sees it (not at the moment that closed the last round: a
    new round's notes wait for its next step)."""
    view = moment.view
    return view["phase"] == "row_draft" and view["round"] > 0 and not _round_ended(moment)


def _hint(moment):
    """The row just drafted and its hint: (row number, [(seat, card)] in take order, winner), or None."""
    view = moment.view
    if not _same_round(moment) or len(view["hints"]) <= len(moment.before["hints"]):
        return None
    k = len(view["hints"])
    return k, [(s, c) for s, c in view["drafted"][k - 1]], view["hints"][-1]


def _finished_trick(moment):
    """The trick the last card closed: ([(seat, card)] in play order, winner's index, trump), or None.
    Read from the view before it (the last trick of a round closes the round: the view after it shows
    the next one)."""
    before = moment.before
    if moment.kind != "play" or before is None or before["phase"] != "play" or len(before["trick"]) != 3:
        return None
    trick = [(s, c) for s, c in before["trick"]] + [(moment.actor, moment.action[1])]
    trump = before["trump_colour"], before["trump_number"]
    return trick, wassticht.trick_winner([c for _, c in trick], *trump), trump


def _round_result(moment):
    return moment.view["history"][-1] if _round_ended(moment) else None


# --- the rules, in the order a newcomer meets them ---------------------------------------------------
@rule(GAME)
def task_draft(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "task_draft":
        return None
    per = view["tasks_per_player"]
    return note(task_draft, f"All {len(TASKS)} tasks lie open: take one in turn until everyone holds {per}, and "
                f"the rest leave the game. Each round you try to fulfil one of yours; whoever has laid down all "
                f"{per} first wins.", f"Take tasks in turn until each holds {per}", ("action", "take_task"))


@rule(GAME)
def secret_trump(moment):
    view = moment.view
    starter = view["starter"]
    if not _new_round(moment) or starter == moment.seat or view["trump_known"]:
        return None
    name = moment.names[starter]
    return note(secret_trump, f"{name} is the starter this round and alone knows the secret trump: a trump "
                f"colour and a trump number drawn at random. Every card of that colour and every card of "
                f"that number will be trump.", f"Only {name} knows the trump", ("seat", starter))


@rule(GAME)
def your_secret_trump(moment):
    view = moment.view
    if not _new_round(moment) or view["starter"] != moment.seat or not view["trump_known"]:
        return None
    trump = trump_text(view["trump_colour"], view["trump_number"])
    return note(your_secret_trump, f"You are the starter this round: only you see the secret trump, {trump}. "
                f"After each row the table tells everyone who would have won it, so the others can work "
                f"the trump out.", f"Your secret trump: {trump}", ("trump",))


@rule(GAME)
def row_draft(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "row_draft":
        return None
    row = view["row"]
    return note(row_draft, f"Take one card from row {row}: everyone takes one card from each row, the starter "
                f"too, and every card stays open. After {wassticht.ROWS} rows the cards you took are your "
                f"hand for the tricks.", f"Take one card from row {row}", ("row", row))


@rule(GAME)
def row_hint(moment):
    hint = _hint(moment)
    if hint is None:
        return None
    k, taken, winner = hint
    card = next(c for s, c in taken if s == winner)
    left = len(moment.view["possible_trumps"])
    secret = whose(moment, moment.view["starter"])
    return note(row_hint, f"Had row {k} been a trick under {secret} secret trump, {who_in(moment, winner)} would have "
                f"won it, with the {cards.name(card)}. {left} of the {len(TRUMP_COMBOS)} possible trumps "
                f"still fit every hint so far.", "Each hint: who would win the row", ("row", k))


@rule(GAME)
def disc_moves(moment):
    view, before = moment.view, moment.before
    if (not _same_round(moment) or view["phase"] != "row_draft" or before["phase"] != "row_draft"
            or view["row"] != before["row"] + 1):
        return None
    disc, row = view["disc"], view["row"]
    return note(disc_moves, f"The disc moves one seat to the left with every row: {moment.does(disc, 'take')} "
                f"first from row {row}.", "The disc moves left each row", ("seat", disc))


@rule(GAME)
def deduce(moment):
    view, before = moment.view, moment.before
    if (not _same_round(moment) or view["trump_known"] or len(view["possible_trumps"]) != 1
            or len(before["possible_trumps"]) == 1):
        return None
    trump = trump_text(*view["possible_trumps"][0])
    return note(deduce, f"Only one trump still fits every hint: {trump}. You know it now, before "
                f"{moment.names[view['starter']]} shows it, and so does everyone who followed the rows.",
                f"Only one trump fits: {trump}", ("notepad",))


@rule(GAME)
def trump_revealed(moment):
    view, before = moment.view, moment.before
    if not _same_round(moment) or not view["trump_known"] or before["trump_known"]:
        return None
    colour, number = view["trump_colour"], view["trump_number"]
    return note(trump_revealed, f"{moment.names[view['starter']]} shows the trump: {trump_text(colour, number)}. "
                f"{order_text(colour, number)}", f"Trump: {trump_text(colour, number)}",
                ("trump",))


@rule(GAME)
def task_choice(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "task_choice":
        return None
    name = moment.names[view["starter"]]
    return note(task_choice, f"Choose one of your tasks to fulfil this round: the choices stay secret until "
                f"all are made. {name}, the starter, chooses none this round.",
                "Choose a task for this round", ("action", "task"))


@rule(GAME)
def starter_role(moment):
    view, before = moment.view, moment.before
    if not _same_round(moment) or view["phase"] != "play" or before["phase"] != "task_choice":
        return None
    starter = view["starter"]
    if starter == moment.seat:
        line = ("The chosen tasks are open now. At the round's end you may lay down one of your own tasks if "
                "your tricks fulfil a task its owner missed.")
    else:
        line = (f"The chosen tasks are open now. {moment.names[starter]}, the starter, chose none: if the starter's "
                f"tricks fulfil a task its owner missed, the starter may lay down one of their own at the round's end.")
    return note(starter_role, line, "The starter may use a missed task", ("seat", starter))


@rule(GAME)
def lead_any(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or view["trick"]:
        return None
    return note(lead_any, "You lead: play any card. The others must play a trump if you lead a trump, "
                "otherwise your colour without a trump if they can.", "Lead any card", ("trick",))


def _follow(moment):
    """At the seat's turn in a trick: (led seat, led card, led is trump, trump) or None."""
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or not view["trick"]:
        return None
    trump = view["trump_colour"], view["trump_number"]
    seat, led = view["trick"][0]
    return seat, led, is_trump(led, *trump), trump


def _can_follow(moment, led_trump, led):
    view = moment.view
    trump = view["trump_colour"], view["trump_number"]
    suit = SUITS[trump]
    return any(suit[c] == suit[led] for c in view["hand"]) if not led_trump else \
        any(is_trump(c, *trump) for c in view["hand"])


@rule(GAME)
def follow_colour(moment):
    follow = _follow(moment)
    if follow is None or follow[2] or not _can_follow(moment, False, follow[1]):
        return None
    seat, led, _, trump = follow
    colour = colour_name(led[0])
    line = f"{moment.who(seat)} led the {cards.name(led)}: you must play a {colour} card that is not a trump."
    odd = [c for c in moment.view["hand"] if c[0] == led[0] and is_trump(c, *trump)]
    if odd:
        line += f" Your {cards.name(odd[0])} counts as a trump, not as {colour}."
    return note(follow_colour, line, f"Follow {colour}, without a trump", ("trick",))


@rule(GAME)
def follow_trump(moment):
    follow = _follow(moment)
    if follow is None or not follow[2] or not _can_follow(moment, True, follow[1]):
        return None
    seat, led, _, trump = follow
    return note(follow_trump, f"{moment.who(seat)} led the {cards.name(led)}, a trump ({trump_reason(led, *trump)}): "
                f"you must play a trump too.", "A trump was led: play a trump", ("trick",))


@rule(GAME)
def cannot_follow(moment):
    follow = _follow(moment)
    if follow is None or _can_follow(moment, follow[2], follow[1]):
        return None
    led = follow[1]
    if follow[2]:
        line = "You hold no trump: you may play any card, though none of yours can beat the led trump."
    else:
        line = (f"You hold no {colour_name(led[0])} card that is not a trump: you may play any card. A trump would "
                f"win the trick, but you never have to play one.")
    return note(cannot_follow, line, "Cannot follow: play any card", ("trick",))


@rule(GAME)
def trick_by_trump(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, trump = done
    led, (seat, card) = trick[0][1], trick[w]
    if is_trump(led, *trump) or not is_trump(card, *trump):
        return None
    return note(trick_by_trump, f"{moment.who(seat)} took the trick with the {cards.name(card)}, a trump "
                f"({trump_reason(card, *trump)}). Any trump beats the led colour, even a low one.",
                "A trump beats the led colour", ("seat", seat))


@rule(GAME)
def trick_by_colour(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, trump = done
    if any(is_trump(c, *trump) for _, c in trick):
        return None
    seat, card = trick[w]
    colour = colour_name(trick[0][1][0])
    return note(trick_by_colour, f"No trump in that trick: the highest {colour} card, {whose(moment, seat)} "
                f"{cards.name(card)}, took it. A card of another colour never wins.",
                "No trump: the highest led colour wins", ("seat", seat))


@rule(GAME)
def number_beats_colour(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, (colour, number) = done
    seat, card = trick[w]
    beaten = [c for _, c in trick if c[0] == colour and VALUE[c] != number]
    if number is None or colour is None or VALUE[card] != number or card[0] == colour or not beaten:
        return None
    high = max(beaten, key=VALUE.get)
    return note(number_beats_colour, f"{whose(moment, seat).capitalize()} {cards.name(card)} beat the {cards.name(high)}: "
                f"a card of the trump number ranks above every other card of the trump colour.",
                "The trump number beats the trump colour", ("seat", seat))


@rule(GAME)
def task_laid_down(moment):
    result = _round_result(moment)
    if result is None or not result["fulfilled"]:
        return None
    done = result["fulfilled"]
    if moment.seat in done:
        task = result["chosen"][moment.seat]
        held = len(moment.view["held_tasks"][moment.seat])
        line = (f"You fulfilled your task {task_text(task)}: you lay it down, {held} still to do. Whoever has "
                f"laid down all of theirs first wins the game.")
    else:
        seat = done[0]
        line = (f"{moment.names[seat]} fulfilled {task_text(result['chosen'][seat])} and lays that task down. "
                f"Whoever has laid down all of theirs first wins the game.")
    return note(task_laid_down, line, "Task fulfilled: it is laid down", ("seat", moment.seat if moment.seat in done
                                                                           else done[0]))


@rule(GAME)
def task_missed(moment):
    result = _round_result(moment)
    if result is None:
        return None
    missed = [s for s in range(len(result["chosen"]))
              if s != result["starter"] and s not in result["fulfilled"]]
    if not missed:
        return None
    seat = moment.seat if moment.seat in missed else missed[0]
    task = task_text(result["chosen"][seat])
    if seat == moment.seat:
        line = f"You missed your task {task}: it stays with you for a later round."
    else:
        line = f"{moment.names[seat]} missed {task}: that task stays in {moment.names[seat]}'s hand for a later round."
    return note(task_missed, line, "Task missed: it stays for later", ("seat", seat))


@rule(GAME)
def you_may_lay_down(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "discard":
        return None
    owners = [moment.names[s] for s in view["entitled"]]
    return note(you_may_lay_down, f"Your tricks fulfil the task{'s' if len(owners) > 1 else ''} {names_text(owners)} missed: you may lay down "
                "one of your own tasks now, whichever you like.", "You may lay down one of your tasks",
                ("action", "discard"))


@rule(GAME)
def starter_end(moment):
    result = _round_result(moment)
    if result is None:
        return None
    starter = result["starter"]
    laid = result["laid_down"].get(str(starter))
    who = moment.who(starter)
    if laid is not None:
        entitled = result["entitled"]
        owners = names_text(who_in(moment, s) for s in entitled)
        line = (f"The starter's tricks fulfil the task{'s' if len(entitled) > 1 else ''} {owners} missed: {who} lays down "
                f"{task_text(laid)}, one of {whose(moment, starter)} own.")
    elif result["entitled"]:
        line = f"{who} could have laid down a task, as the starter, but laid down none."
    else:
        line = (f"{who}, the starter, lays no task down: the starter's tricks fulfil no task that "
                f"another player missed.")
    return note(starter_end, line, "The starter needs a missed task", ("seat", starter))


# --- the learner's turn, the score -------------------------------------------------------------------
def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason."""
    view = moment.view
    kind, arg = action
    if kind == "take_task":
        wording, difficulty = TASKS[arg]
        return f"Take a task. The marked one, {task_text(arg)} (difficulty {difficulty}), is a good choice."
    if kind == "draft":
        possible = [tuple(p) for p in view["possible_trumps"]]
        if view["trump_known"]:
            trump = view["trump_colour"], view["trump_number"]
            why = "it is a trump" if is_trump(arg, *trump) else "it is not a trump"
        else:
            n, m = sum(is_trump(arg, *p) for p in possible), len(possible)
            if m == 1:  # worked out from the hints
                why = "it is a trump" if n else "it is not a trump"
            elif n in (0, m):
                why = f"it is {'a' if n else 'no'} trump, whatever the trump turns out to be"
            else:
                trumps = "possible trumps" if m == len(TRUMP_COMBOS) else "trumps that still fit the hints"
                why = f"it is a trump in {n} of the {m} {trumps}"
        return f"Take a card from row {view['row']}. The raised {cards.name(arg)} is a good choice: {why}."
    if kind == "task":
        return f"Choose your task for this round. The marked one, {task_text(arg)}, is a good choice for your hand."
    if kind == "discard":
        return ("Lay down one of your tasks: the marked one is a good choice." if arg is not None
                else "You may lay down none.")
    why = reason(view, action)
    what = f"Your turn: play a card. The raised {cards.name(arg)} is a good choice"
    return f"{what}: it {why}." if why else f"{what}."


def score_lines(view, names):
    """The round just scored, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["history"][-1]
    seat_of_view = view["seat"]
    lines = ["Everyone who fulfilled the task they chose lays it down. The starter chose none, but may lay down "
             "one of their own if their tricks fulfil a task its owner missed."]
    for seat, (points, total) in enumerate(zip(last["points"], last["totals"])):
        who = "You" if seat == seat_of_view else names[seat]
        laid = last["laid_down"].get(str(seat))
        chosen = last["chosen"][seat]
        if seat == last["starter"]:
            what = (f"the starter, laid down {task_text(laid)}" if laid is not None
                    else "the starter, laid nothing down")
        elif seat in last["fulfilled"]:
            what = f"fulfilled {task_text(chosen)} and laid it down"
        else:
            what = f"missed {task_text(chosen)}"
        left = len(view["held_tasks"][seat])
        lines.append(f"{who}: {what} → {points} this round, {total} laid down in all, {left} to go")
    return lines


#: The guided round: Ben (seat 0) is the first round's starter and draws the trump; the learner sits left
#: of him (seat 1). The trump and the rows were chosen from many deals so that, following the teacher,
#: every rule below comes up: the trump is deduced at row 6, a trump-number card of the led colour must
#: not follow it, the learner lays a task down, two others miss theirs and Ben lays one down for them.
TRUMP = ("B", 4)
ROWS = (
    ("G5", "G4", "Y6", "G8"), ("B7", "G2", "B4", "R5"), ("Y7", "G6", "R4", "Y2"),
    ("B5", "R6", "Y8", "B9"), ("G7", "G9", "R7", "B6"), ("Y9", "Y5", "Y1", "B2"),
    ("B8", "G3", "R8", "Y4"), ("B3", "R2", "B1", "Y3"), ("R1", "G1", "R3", "R9"),
)
LESSON = Lesson(GAME, names=("Ben", "Anna", "Carla", "David"), seed=442, learner=1,
                chance=(("deal", {"trump_colour": TRUMP[0], "trump_number": TRUMP[1],
                                  "rows": [list(r) for r in ROWS]}),),
                checklist=("task_draft", "secret_trump", "row_draft", "row_hint", "disc_moves", "deduce",
                           "trump_revealed", "task_choice", "starter_role", "lead_any", "trick_by_trump",
                           "follow_colour", "trick_by_colour", "number_beats_colour", "follow_trump",
                           "cannot_follow", "task_laid_down", "task_missed", "starter_end"))
