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
EASIEST = min(d for _, d in TASKS.values())
HARDEST = max(d for _, d in TASKS.values())


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
    return (f"The {c} {number} is the highest card, then the other {number}s (the first played wins among them), "
            f"then {c} from {HIGHEST} down, then the led colour.")


def count_text(n, what="trick"):
    """'no tricks', '1 trick', '3 tricks'."""
    return f"no {what}s" if n == 0 else f"1 {what}" if n == 1 else f"{n} {what}s"


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
def goal(moment):
    """The game's goal, first of all (before the tasks are taken): told once the draft is on the table."""
    view = moment.view
    if view["phase"] != "task_draft":
        return None
    per = view["tasks_per_player"]
    return note(goal, f"The goal: be the first to lay down all {per} of your tasks. Each round you choose one "
                f"and try to fulfil it with the tricks you win; if several finish in the same round, the higher "
                f"sum of difficulty of the laid-down tasks wins.", f"Goal: lay down all {per} tasks first",
                ("action", "take_task"))


@rule(GAME)
def task_draft(moment):
    """Told with the goal, before the seat's first pick, so that pick gets the teacher's suggestion."""
    view = moment.view
    if view["phase"] != "task_draft":
        return None
    per = view["tasks_per_player"]
    return note(task_draft, f"All {len(TASKS)} tasks lie open: take one in turn until everyone holds {per}; "
                f"the rest leave the game. The number in a task's gold disc is its difficulty, from {EASIEST} "
                f"(easy) to {HARDEST} (hard).", f"Take tasks in turn until each holds {per}",
                ("action", "take_task"))


@rule(GAME)
def secret_trump(moment):
    view = moment.view
    starter = view["starter"]
    if not _new_round(moment) or starter == moment.seat or view["trump_known"]:
        return None
    name = moment.names[starter]
    return note(secret_trump, f"{name} is this round's starter (it moves one seat left each round) and alone "
                f"knows the secret trump, a colour and a number drawn at random. Every card of that colour and "
                f"every card of that number is a trump.", f"Only {name} knows the trump", ("seat", starter))


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
def trick_ranking(moment):
    """What wins a trick, before the first row is drafted: every hint and every draft choice leans on it."""
    view = moment.view
    if view["phase"] != "row_draft" or not view["round"]:
        return None
    return note(trick_ranking, f"Who wins a trick: the card of the trump colour and trump number, then the other "
                f"trump-number cards (first played first), then the trump colour {HIGHEST} down to {LOWEST}. With no trump "
                f"in it, the led colour's highest card wins; other colours never win.",
                "Trump number > trump colour > led colour", ("notepad",))


@rule(GAME)
def row_draft(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "row_draft":
        return None
    row, disc = view["row"], view["disc"]
    first = "you" if disc == moment.seat else moment.names[disc]
    return note(row_draft, f"Take one card from row {row}: the DISC marks who takes first from a row ({first}), "
                f"then the others in turn. Everyone, the starter too, takes one card per row, open for all, and "
                f"after {wassticht.ROWS} rows your cards are your hand for the tricks.",
                f"Take one card from row {row}", ("row", row))


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


def _crossed(moment):
    """A trump the last hint ruled out, and who would have won the row under it: (trump, seat, card),
    or None. A trump colour without a trump number first (the plainest to follow)."""
    hint = _hint(moment)
    if hint is None:
        return None
    k, taken, winner = hint
    now = {tuple(p) for p in moment.view["possible_trumps"]}
    ruled = [tuple(p) for p in moment.before["possible_trumps"] if tuple(p) not in now]
    if not ruled:
        return None
    ruled.sort(key=lambda p: (p[0] is None, p[1] is not None))
    trump = ruled[0]
    seat, card = taken[wassticht.trick_winner([c for _, c in taken], *trump)]
    return k, trump, seat, card


@rule(GAME)
def crossed_out(moment):
    crossed = _crossed(moment)
    if crossed is None:
        return None
    k, trump, seat, card = crossed
    winner, won = next((s, c) for s, c in _hint(moment)[1] if s == _hint(moment)[2])
    return note(crossed_out, f"For example, had the trump been {trump_text(*trump)}, {whose(moment, seat)} "
                f"{cards.name(card)} would have won row {k}, not {whose(moment, winner)} {cards.name(won)}: so "
                f"that trump is crossed out in the notepad.", "A trump that gives another winner is out", ("notepad",))


@rule(GAME)
def follow_rules(moment):
    """Told with the first hint: the hints ignore following, the tricks do not."""
    if _hint(moment) is None:
        return None
    return note(follow_rules, "The hints ignore following, but in the tricks you must answer a led trump with "
                "a trump, and a led colour with that colour (not a trump) while you hold one. Only when you "
                "cannot may you play any card; you never have to trump.", "In tricks: follow, else any card",
                ("row", _hint(moment)[0]))


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
    """Told as the choice begins (before the seat's turn, so that turn gets the suggestion's reason)."""
    view = moment.view
    if view["phase"] != "task_choice" or view["starter"] == moment.seat or moment.seat in view["chosen_by"]:
        return None
    name = moment.names[view["starter"]]
    leader = first_leader(view)
    return note(task_choice, f"All but the starter now secretly choose a task; {name}, the starter, knew the trump "
                f"in the draft and chooses none. {moment.does(leader, 'lead')} the first trick, as the seat left of "
                f"the starter.",
                "Choose a task for this round", ("action", "task"))


@rule(GAME)
def starter_role(moment):
    view, before = moment.view, moment.before
    if not _same_round(moment) or view["phase"] != "play" or before["phase"] != "task_choice":
        return None
    starter = view["starter"]
    if starter == moment.seat:
        line = ("The chosen tasks are open now. If a task is missed that your tricks would have met, you may "
                "lay down a task: best your hardest (difficulty breaks ties).")
    else:
        name = moment.names[starter]
        line = (f"The chosen tasks are open now; {name}, the starter, has none. If a task is missed that {name}'s "
                f"tricks would have met, {name} may lay down a task: best {name}'s hardest (difficulty breaks ties).")
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
        line = (f"You hold no {colour_name(led[0])} card that is not a trump: you may play any card, a trump "
                f"too, though you never have to. {_cannot_follow_odds(moment)}")
    return note(cannot_follow, line, "Cannot follow: play any card", ("trick",))


def _cannot_follow_odds(moment):
    """What the seat's cards can do in the trick so far (it cannot follow a led colour): true whatever
    was played before."""
    view = moment.view
    trump = view["trump_colour"], view["trump_number"]
    trick = [(s, c) for s, c in view["trick"]]
    played = [c for _, c in trick]
    beaters = [c for c in view["hand"] if wassticht.trick_winner(played + [c], *trump) == len(played)]
    if beaters:
        words = names_text(f"{cards.name(c)}" for c in beaters[:3])
        return f"Your {words} would beat every card played so far."
    trumped = [(s, c) for s, c in trick if is_trump(c, *trump)]
    if trumped:
        seat, card = trick[wassticht.trick_winner(played, *trump)]
        return f"A trump is already in it, {whose(moment, seat)} {cards.name(card)}, and none of your cards beats it."
    return "You hold no trump, and another colour never wins: none of your cards can take it."


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


# --- what the open hands already decide ------------------------------------------------------------
def first_leader(view):
    """Who leads the first trick: the player left of the starter (the rules core's _choose_task)."""
    return (view["starter"] + 1) % wassticht.PLAYERS


def beaters(view, lead):
    """The cards the others may answer the seat's LEAD with that beat it (follow rules kept), from the
    open hands: [(seat, card)]."""
    combo = view["trump_colour"], view["trump_number"]
    me = view["seat"]
    return [(s, a[1]) for s, hand in enumerate(view["hands"]) if s != me
            for a in wassticht._plays_for(hand, [(me, lead)], SUITS[combo])
            if wassticht.trick_winner([lead, a[1]], *combo) == 1]


def needs_first_trick(task, seat):
    """TASK is lost once SEAT loses the first trick (by the bot's own judgement of a task's tricks)."""
    from game.bots.heuristic_wassticht import task_worth
    return task_worth(task, seat, [{"cards": [], "winner": (seat + 1) % wassticht.PLAYERS}]) == 0


def hopeless(view, task):
    """Before the first trick: TASK needs the first trick, the seat leads it, and every card it could
    lead can be beaten by a card another open hand may play."""
    return (view["seat"] == first_leader(view) and not view["tricks"] and needs_first_trick(task, view["seat"])
            and all(beaters(view, c) for c in view["hand"]))


#: Tasks whose lost state the bot's worth tells exactly (0 = can no longer be fulfilled); the others
#: (a sum of values, the last trick) reach 0 only when nothing is left to play.
NEVER_LOST_EARLY = ("T10", "T19", "T20", "T21", "T23")


def task_lost(task, seat, tricks):
    """SEAT's chosen TASK can no longer be fulfilled after these tricks."""
    from game.bots.heuristic_wassticht import task_worth
    return task not in NEVER_LOST_EARLY and task_worth(task, seat, tricks) == 0


def _choice_key(view, task):
    """The Normal bot's task choice, as a sort key (heuristic_wassticht.WasStichtHeuristic.task)."""
    from game.bots.heuristic_wassticht import DIFFICULTY_WEIGHT, task_chance
    combo = view["trump_colour"], view["trump_number"]
    return (task_chance(task, view["seat"], view["hands"], combo, first_leader(view))
            + DIFFICULTY_WEIGHT * TASKS[task][1], task)


def suggest(view, legal, advice):
    """The teacher's suggestion: the bot's (ADVICE), but no task the open hands make hopeless (the next
    best instead), and for a task that needs the first trick a first lead nobody can beat."""
    kind = advice[0]
    if kind == "task" and hopeless(view, advice[1]):
        rest = [a for a in legal if not hopeless(view, a[1])]
        if rest:
            return max(rest, key=lambda a: _choice_key(view, a[1]))
    me = view["seat"]
    task = (view.get("chosen") or [None] * (me + 1))[me]
    if (kind == "play" and not view["tricks"] and not view["trick"] and task in TASKS
            and needs_first_trick(task, me) and beaters(view, advice[1])):
        combo = view["trump_colour"], view["trump_number"]
        safe = [a for a in legal if not beaters(view, a[1])]
        if safe:  # the lowest sure winner: the higher ones are kept for later
            return min(safe, key=lambda a: (wassticht.TRUMP_RANKS[combo][a[1]], VALUE[a[1]], a[1]))
    return advice


def said_draft_aim(view):
    """The task the teacher last named at one of the seat's draft turns before this row (a row where
    the seat had a choice: the last taker's only card names no task), or None: that turn's view rebuilt
    (the hand as it was, the trumps that fitted the hints then)."""
    from game.bots.heuristic_wassticht import draft_plan
    me, row = view["seat"], view["row"] or len(view["drafted"]) + 1
    if me == view["starter"]:
        return None
    rows, hints = view["drafted"], view["hints"]
    hand = list(view["hand"])
    for k in range(row - 1, 0, -1):  # row k (1-based), the seat's turn in it
        taken = rows[k - 1]
        at = next(i for i, (s, _) in enumerate(taken) if s == me)
        hand.remove(taken[at][1])
        if at < len(taken) - 1:  # a choice: the turn line named the plan's task
            then = dict(view, hand=list(hand), trump_known=False, trump_colour=None, trump_number=None,
                        possible_trumps=[list(p) for p in wassticht.possible_trumps(rows[:k - 1], hints[:k - 1])])
            return draft_plan(then)[2]
    return None


# --- the learner's turn, the score -------------------------------------------------------------------
def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason
    (the Normal bot's own rule of thumb, ``game.bots.heuristic_wassticht``, said in words)."""
    view = moment.view
    kind, arg = action
    if len(moment.legal) == 1 and kind in ("draft", "play"):
        where = f"left in row {view['row']}" if kind == "draft" else "you may play"
        return f"The {cards.name(arg)} is the only card {where}: click it."
    if kind == "take_task":
        return f"Take a task. The marked one, {task_text(arg)} (difficulty {TASKS[arg][1]}), {take_reason(view, arg)}."
    if kind == "draft":
        return f"Take a card from row {view['row']}. The marked {cards.name(arg)} {draft_reason(view, moment.legal, arg)}."
    if kind == "task":
        return f"Choose your task. The marked one, {task_text(arg)}, {choice_reason(view, moment.legal, arg)}."
    if kind == "discard":
        if arg is None:
            return "You may lay down none."
        return (f"Lay down one of your tasks. The marked one, {task_text(arg)}, is your hardest (difficulty "
                f"{TASKS[arg][1]}): a tie at the end goes to the higher sum of laid-down difficulty.")
    me = view["seat"]
    task = (view.get("chosen") or [None] * (me + 1))[me]
    lost = task in TASKS and task_lost(task, me, view["tricks"])
    if lost:  # no longer cited in the reason; said once, at the first turn after it was lost
        view = dict(view, chosen=[None if s == me else t for s, t in enumerate(view["chosen"])])
    why = reason(view, action)
    if not view["trick"] and task in TASKS and not lost and needs_first_trick(task, me) and not view["tricks"] \
            and not beaters(view, arg):
        why = f"leads the {cards.name(arg)}, which no card in the others' hands can beat: your task {task_text(task)} needs this trick"
    elif not view["trick"] and task in TASKS and not lost and needs_first_trick(task, me) and not view["tricks"]:
        why = f"{why}, though another open hand can beat any card you lead here"
    what = f"The marked {cards.name(arg)} is a good choice"
    what = f"{what}: it {why}." if why else f"{what}."
    if lost and not task_lost(task, me, view["tricks"][:-1]):
        return f"Your task {task_text(task)} can no longer be fulfilled this round, so the teacher stops playing for it. {what}"
    return f"Your turn: play a card. {what}"


def take_reason(view, task):
    """Why the teacher takes TASK in the task draft: the first open one of the order the bots fulfil
    most often (``DRAFT_ORDER``)."""
    from game.bots.heuristic_wassticht import DRAFT_ORDER
    offered = [t for t in DRAFT_ORDER if t in view["task_offer"]]
    if offered and offered[0] == task:
        return "is, of the open tasks, the one fulfilled most often in the bots' own games"
    return "is a good choice"


def draft_reason(view, legal, card):
    """Why the teacher drafts CARD: the row's strongest or weakest card (its trick-taking power, over the
    trumps that still fit), and for a player with tasks the task the hand is drafted toward."""
    from game.bots.heuristic_wassticht import TARGET, draft_plan
    power, projected, task = draft_plan(view)
    row = [a[1] for a in legal]
    known = view["trump_known"] or len(view["possible_trumps"]) == 1
    under = "under the trump" if known else "over the trumps that still fit the hints"
    if len(row) > 1 and all(power(card) > power(c) for c in row if c != card):
        where = f"it is the row's strongest card {under}"
    elif len(row) > 1 and all(power(card) < power(c) for c in row if c != card):
        where = f"it is the row's weakest card {under}"
    else:
        where = f"of this row it suits that best {under}"
    if task is None:
        return f"is drafted to win tricks, as the starter has no task of their own: {where}"
    before = said_draft_aim(view)
    if before not in (None, task):
        return (f"is drafted toward your task {task_text(task)} now, not {task_text(before)}: your cards so far "
                f"promise about {count_text(round(projected + 0.25))}, nearest its {count_text(TARGET[task])}; {where}")
    return f"is drafted toward your task {task_text(task)}, aiming at {count_text(TARGET[task])}: {where}"


def choice_reason(view, legal, task):
    """Why the teacher chooses TASK: the likeliest of the seat's tasks with the hands everyone holds
    (the bot's estimate), a harder one between near equals."""
    from game.bots.heuristic_wassticht import task_chance
    me = view["seat"]
    combo = view["trump_colour"], view["trump_number"]
    chance = {a[1]: task_chance(a[1], me, view["hands"], combo, first_leader(view)) for a in legal}
    gone = [t for t in chance if t != task and hopeless(view, t)]  # not weighed: the open hands rule them out
    out = [t for t in gone if _choice_key(view, t) > _choice_key(view, task)]  # the bot's pick, passed over
    fair = [t for t in chance if t not in gone]
    left = " left" if gone else ""
    if chance[task] >= max(chance[t] for t in fair):
        words = f"is your likeliest task{left} with every hand open"
    else:
        words = f"is nearly your likeliest task{left} with every hand open, and harder (difficulty {TASKS[task][1]})"
    aim = said_draft_aim(view)
    if aim is not None and aim != task:
        words += f" (the draft, trump unseen, aimed at {task_text(aim)})"
    if out:
        words += f"; not {task_text(out[0])}: any card you lead first can be beaten"
    return words


def score_lines(view, names):
    """The round just scored, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["history"][-1]
    seat_of_view = view["seat"]
    lines = ["Everyone who fulfilled the task they chose lays it down. The starter chose none, but if someone "
             "missed their task and the starter's own tricks would have fulfilled it, the starter may lay down one of "
             "the starter's own tasks, best the hardest."]
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
                checklist=("goal", "task_draft", "secret_trump", "trick_ranking", "row_draft", "row_hint",
                           "crossed_out", "follow_rules", "disc_moves", "deduce",
                           "trump_revealed", "task_choice", "starter_role", "lead_any", "trick_by_trump",
                           "follow_colour", "trick_by_colour", "number_beats_colour", "follow_trump",
                           "cannot_follow", "task_laid_down", "task_missed", "starter_end"))
