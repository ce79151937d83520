"""Was sticht? taught at the table: its rules as they come up, the guided round's deal, the round's
score in words. Follows ``shared/rules/was-sticht.md``; every fact is read from the seat's view and
the rules core (``game.games.wassticht.rules``), never written here as a literal.

The learner sits left of the first round's starter (seat 1, not seat 0): so the guided round shows
what a newcomer meets most, someone else's secret trump and its deduction from the hints, the task
choice, and a task laid down or kept at the round's end. Being the starter oneself is taught in teach
mode when it comes (``your_secret_trump``, ``you_may_lay_down``).

Board targets besides the common ones: ("row", k) a row of the draft (1-9), ("task", id) a task tile,
("notepad",) the deduction notepad (the trumps that still fit the hints).
"""

from game import cards
from game.games.wassticht import rules as wassticht
from game.explain import reason
from game.i18n import _, ngettext, pgettext, listing
from game.teach import FIRST_CHARS, FIRST_WORDS, Lesson, Note, capital, note, rule
from game.games.wassticht.rules import SUITS, TASKS, TRUMP_COMBOS, VALUE
from game.games.wassticht.story import first_tag

GAME = "wassticht"
HIGHEST = max(VALUE.values())
LOWEST = min(VALUE.values())
EASIEST = min(d for _, d in TASKS.values())
HARDEST = max(d for _, d in TASKS.values())


# --- words -------------------------------------------------------------------------------------------
# Every sentence is one template, translated when told (game.i18n); the moment's own seat is "you", so
# a sentence about a seat comes in two wordings: one for the learner, one for another player by name.
def colour_name(colour):
    return _(cards.COLOUR_NAMES[colour])


def trump_text(colour, number):
    """'red and the 5s', 'the 5s (no trump colour)', 'red (no trump number)', 'no trump at all'."""
    if colour is None and number is None:
        return _("no trump at all")
    if colour is None:
        # TRANSLATORS: the round's trump: every card of value {number} ("the 5s")
        return _("the {number}s (no trump colour)").format(number=number)
    if number is None:
        return _("{colour} (no trump number)").format(colour=colour_name(colour))
    # TRANSLATORS: the round's trump: every card of the colour and every card of value {number}
    return _("{colour} and the {number}s").format(colour=colour_name(colour), number=number)


def order_text(colour, number):
    """The order of the cards in a trick under this trump, highest first, in one sentence."""
    if colour is None and number is None:
        return _("The highest card of the led colour wins every trick.")
    if colour is None:
        return _("The {number}s beat every other card (the first one played wins between them), then the led "
                 "colour.").format(number=number)
    c = colour_name(colour)
    if number is None:
        # TRANSLATORS: {colour} is the trump colour, {highest} the highest value ("red 9")
        return _("Every {colour} card beats the led colour, {colour} {highest} the highest.").format(
            colour=c, highest=HIGHEST)
    # TRANSLATORS: {colour} {number} is one card ("the red 5"); {highest} is the highest value
    return _("The {colour} {number} is the highest card, then the other {number}s (the first played wins among "
             "them), then {colour} from {highest} down, then the led colour.").format(
        colour=c, number=number, highest=HIGHEST)


def count_text(n):
    """'no tricks', '1 trick', '3 tricks'."""
    return _("no tricks") if n == 0 else ngettext("{n} trick", "{n} tricks", n).format(n=n)


def task_text(task):
    # TRANSLATORS: a task's words in quotes, e.g. 'exactly 1 trick'
    return _("'{task}'").format(task=_(TASKS[task][0]))

def mine(moment, seat):
    """The seat is the moment's own: the teacher says "you"."""
    return seat == moment.seat


def is_trump(card, colour, number):
    return SUITS[(colour, number)][card] == "T"


def trump_reason(card, colour, number):
    """Why a trump card is one: its number or its colour (the number first, as the order has it)."""
    if VALUE[card] == number:
        return _("{number} is the trump number").format(number=number)
    return _("{colour} is the trump colour").format(colour=colour_name(colour))


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


def fits(text):
    """TEXT is short enough for a note's first line (game.teach.FIRST_WORDS, FIRST_CHARS)."""
    return len(text.split()) <= FIRST_WORDS and len(text) <= FIRST_CHARS


def first_fitting(*texts):
    """The first of TEXTS short enough for a first line (the last one whatever its length)."""
    return next((t for t in texts if fits(t)), texts[-1])


# --- the rules, in the order a newcomer meets them ---------------------------------------------------
@rule(GAME, lesson_only=True)
def who_you_are(moment):
    """Before anything else: which player is the learner, and where they sit (a newcomer took
    themselves for the first player named)."""
    if moment.view["phase"] != "task_draft":
        return None
    me, players = moment.seat, len(moment.names)
    before, after = moment.names[(me - 1) % players], moment.names[(me + 1) % players]
    others = listing(moment.names[(me + i) % players] for i in range(1, players))
    # TRANSLATORS: {name} is the learner's own name; {before} plays just before them, {after} just after
    line = _("You play {name}; the others are {others}. The turn goes round in the order the players are "
             "listed, from the last back to the first: you come after {before} and before {after}.").format(
        name=moment.names[me], others=others, before=before, after=after)
    return note(who_you_are, line, _("You are {name}: you play right after {before}.").format(
        name=moment.names[me], before=before), ("seat", me))


@rule(GAME)
def goal(moment):
    """The game's goal, first of all (before the tasks are taken): told once the draft is on the table."""
    view = moment.view
    if view["phase"] != "task_draft":
        return None
    per = view["tasks_per_player"]
    return note(goal, _("The goal: be the first to lay down all {n} of your tasks. Each round you choose one "
                        "and try to fulfil it with the tricks you win; if several finish in the same round, the "
                        "higher sum of difficulty of the laid-down tasks wins.").format(n=per),
                _("Lay down all {n} of your tasks first to win.").format(n=per), ("action", "take_task"))


@rule(GAME)
def task_draft(moment):
    """Told where the seat first takes a task (before the teacher's suggestion): each player takes exactly
    one task per round of the draft (a newcomer was never told so)."""
    view = moment.view
    if view["phase"] != "task_draft" or not moment.my_turn or view["held_tasks"][moment.seat]:
        return None
    per = view["tasks_per_player"]
    # TRANSLATORS: {all} is how many tasks there are, {n} how many each player takes; a round of the draft
    # is once round the table
    return note(task_draft, _("All {all} tasks lie open: the draft goes round the table, and each round every "
                              "player takes exactly one task, until everyone holds {n}; the tasks left over are set "
                              "aside. "
                              "The number in a task's gold disc is its difficulty, from {easiest} (easy) to "
                              "{hardest} (hard).").format(all=len(TASKS), n=per, easiest=EASIEST, hardest=HARDEST),
                _("Each round, everyone takes exactly one task, until all hold {n}.").format(n=per),
                ("action", "take_task"))


@rule(GAME)
def draft_tie(moment):
    """The tie rule, at the seat's second pick of the task draft (the first comes with the goal): the
    difficulty of a task counts only when several finish in the same round."""
    view = moment.view
    if not moment.my_turn or view["phase"] != "task_draft" or len(view["held_tasks"][moment.seat]) != 1:
        return None
    offer = sorted(view["task_offer"], key=lambda t: (TASKS[t][1], t))
    easy, hard = offer[0], offer[-1]
    # TRANSLATORS: {easy} and {hard} are tasks' words in quotes, {low} and {high} their difficulties
    line = _("Difficulty only counts in a tie: when several lay down their last task in the same round, the "
             "higher sum of difficulty of all their laid-down tasks wins (equal sums share the win). So "
             "{hard} ({high}) is worth more in a tie than {easy} ({low}), but is harder to fulfil.").format(
        hard=task_text(hard), high=TASKS[hard][1], easy=task_text(easy), low=TASKS[easy][1])
    return note(draft_tie, line, _("In a tie at the end, the higher difficulty sum wins."),
                ("action", "take_task"))


@rule(GAME)
def secret_trump(moment):
    view = moment.view
    starter = view["starter"]
    if not _new_round(moment) or starter == moment.seat or view["trump_known"]:
        return None
    name = moment.names[starter]
    return note(secret_trump, _("{name} is this round's starter (it moves one seat left each round) and alone "
                                "knows the secret trump, a colour and a number drawn at random. Every card of that "
                                "colour and every card of that number is a trump.").format(name=name),
                _("{name} starts this round and alone knows the secret trump.").format(name=name),
                ("seat", starter))


@rule(GAME)
def your_secret_trump(moment):
    view = moment.view
    if not _new_round(moment) or view["starter"] != moment.seat or not view["trump_known"]:
        return None
    trump = trump_text(view["trump_colour"], view["trump_number"])
    # TRANSLATORS: {trump} is the round's trump in words, e.g. "red and the 5s"
    return note(your_secret_trump, _("You are the starter this round: only you see the secret trump, {trump}. "
                                     "After each row the table tells everyone who would have won it, so the others "
                                     "can work the trump out.").format(trump=trump),
                _("You start this round: only you see the trump, {trump}.").format(trump=trump), ("trump",))


@rule(GAME)
def trick_ranking(moment):
    """What wins a trick, before the first row is drafted: every hint and every draft choice leans on it."""
    view = moment.view
    if view["phase"] != "row_draft" or not view["round"]:
        return None
    return note(trick_ranking, _("Who wins a trick: the card of the trump colour and trump number, then the other "
                                 "trump-number cards (first played first), then the trump colour {highest} down to "
                                 "{lowest}. With no trump in it, the led colour's highest card wins; other colours "
                                 "never win.").format(highest=HIGHEST, lowest=LOWEST),
                _("The trump number beats the trump colour; both beat the led colour."), ("notepad",))


@rule(GAME)
def row_draft(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "row_draft":
        return None
    row, disc = view["row"], view["disc"]
    # TRANSLATORS: who takes first from this row, shown in brackets: "(you)"
    first = pgettext("who takes first", "you") if mine(moment, disc) else moment.names[disc]
    # TRANSLATORS: {first} is who takes first ("you" or a name); {rows} how many rows a round has; {tag} is
    # the tag beside a player's name in the list of players (the tag "FIRST")
    line = _("Take one card from row {row}: the {tag} tag beside a name in the list of players marks who takes first "
             "from a row ({first}), then the others in turn. Everyone, the starter too, takes one card per row, "
             "open for all, and after {rows} rows your cards are your hand for the tricks.").format(
        row=row, first=first, rows=wassticht.ROWS, tag=first_tag())
    # TRANSLATORS: {tag} is the tag "FIRST" beside a player's name
    short = (_("{tag} beside your name: you take first from row {row}.") if mine(moment, disc) else
             _("{tag} beside {name}: {name} takes first from row {row}."))
    return note(row_draft, line, short.format(row=row, name=moment.names[disc], tag=first_tag()), ("seat", disc))


@rule(GAME)
def row_hint(moment):
    hint = _hint(moment)
    if hint is None:
        return None
    k, taken, winner = hint
    card = next(c for s, c in taken if s == winner)
    left = len(moment.view["possible_trumps"])
    starter = moment.view["starter"]
    if mine(moment, starter):
        had = (_("Had row {row} been a trick under your secret trump, you would have won it, with the {card}.")
               if mine(moment, winner) else
               _("Had row {row} been a trick under your secret trump, {name} would have won it, with the {card}."))
    else:
        # TRANSLATORS: {starter} is the player who knows the secret trump, {name} who would have won the row
        had = (_("Had row {row} been a trick under {starter}'s secret trump, you would have won it, with the "
                 "{card}.") if mine(moment, winner) else
               _("Had row {row} been a trick under {starter}'s secret trump, {name} would have won it, with the "
                 "{card}."))
    had = had.format(row=k, starter=moment.names[starter], name=moment.names[winner], card=cards.name(card))
    # TRANSLATORS: {n} of the {all} trumps (a colour and a number, or none of either) still possible
    fit = ngettext("{n} of the {all} possible trumps still fit every hint so far.",
                   "{n} of the {all} possible trumps still fit every hint so far.", left).format(
        n=left, all=len(TRUMP_COMBOS))
    short = (_("Your hint: who would have won row {row} as a trick.") if mine(moment, starter) else
             _("{starter}'s hint: who would have won row {row} as a trick."))
    return note(row_hint, f"{had} {fit}", short.format(row=k, starter=moment.names[starter]), ("row", k))


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
    seat, card = taken[wassticht.trick_winner([c for _s, c in taken], *trump)]
    return k, trump, seat, card


@rule(GAME)
def crossed_out(moment):
    crossed = _crossed(moment)
    if crossed is None:
        return None
    k, trump, seat, card = crossed
    winner, won = next((s, c) for s, c in _hint(moment)[1] if s == _hint(moment)[2])
    # TRANSLATORS: {trump} is a trump in words ("red and the 5s"); {card} would have won the row under it,
    # {won} is the card that did win it (the hint)
    if mine(moment, seat):
        line = _("For example, had the trump been {trump}, your {card} would have won row {row}, not {other}'s "
                 "{won}: so that trump is crossed out in the notepad.")
    elif mine(moment, winner):
        line = _("For example, had the trump been {trump}, {name}'s {card} would have won row {row}, not your "
                 "{won}: so that trump is crossed out in the notepad.")
    else:
        line = _("For example, had the trump been {trump}, {name}'s {card} would have won row {row}, not {other}'s "
                 "{won}: so that trump is crossed out in the notepad.")
    line = line.format(trump=trump_text(*trump), name=moment.names[seat], card=cards.name(card), row=k,
                       other=moment.names[winner], won=cards.name(won))
    return note(crossed_out, line, _("The notepad crosses out every trump that gives another winner."),
                ("notepad",))


@rule(GAME)
def follow_rules(moment):
    """Told with the first hint: the hints ignore following, the tricks do not."""
    if _hint(moment) is None:
        return None
    return note(follow_rules, _("The hints ignore following, but in the tricks you must answer a led trump with "
                                "a trump, and a led colour with that colour (not a trump) while you hold one. Only "
                                "when you cannot may you play any card; you never have to trump."),
                _("The hints ignore following; in the tricks you must follow."), ("row", _hint(moment)[0]))


@rule(GAME)
def disc_moves(moment):
    view, before = moment.view, moment.before
    if (not _same_round(moment) or view["phase"] != "row_draft" or before["phase"] != "row_draft"
            or view["row"] != before["row"] + 1):
        return None
    disc, row = view["disc"], view["row"]
    # TRANSLATORS: {tag} is the tag "FIRST" beside a player's name
    line = (_("With every row the {tag} tag passes to the next player down the list of players, from the bottom "
              "back to the top: you take first from row {row}.") if mine(moment, disc) else
            _("With every row the {tag} tag passes to the next player down the list of players, from the bottom "
              "back to the top: {name} takes first from row {row}."))
    # TRANSLATORS: {tag} is the tag "FIRST" beside a player's name
    short = (_("The {tag} tag moved down the list: you take first from row {row}.") if mine(moment, disc) else
             _("The {tag} tag moved down the list: {name} takes first from row {row}."))
    return note(disc_moves, line.format(row=row, name=moment.names[disc], tag=first_tag()),
                short.format(row=row, name=moment.names[disc], tag=first_tag()), ("seat", disc))


@rule(GAME)
def deduce(moment):
    view, before = moment.view, moment.before
    if (not _same_round(moment) or view["trump_known"] or len(view["possible_trumps"]) != 1
            or len(before["possible_trumps"]) == 1):
        return None
    trump = trump_text(*view["possible_trumps"][0])
    # TRANSLATORS: {trump} is the round's trump in words, {name} the starter, who knows it
    return note(deduce, _("Only one trump still fits every hint: {trump}. You know it now, before {name} shows "
                          "it, and so does everyone who followed the rows.").format(
                    trump=trump, name=moment.names[view["starter"]]),
                _("Only one trump still fits every hint: {trump}.").format(trump=trump), ("notepad",))


@rule(GAME)
def trump_revealed(moment):
    view, before = moment.view, moment.before
    if not _same_round(moment) or not view["trump_known"] or before["trump_known"]:
        return None
    colour, number = view["trump_colour"], view["trump_number"]
    trump = trump_text(colour, number)
    shows = _("{name} shows the trump: {trump}.").format(name=moment.names[view["starter"]], trump=trump)
    return note(trump_revealed, f"{shows} {order_text(colour, number)}", shows, ("trump",))


@rule(GAME)
def task_choice(moment):
    """Told as the choice begins (before the seat's turn, so that turn gets the suggestion's reason)."""
    view = moment.view
    if view["phase"] != "task_choice" or view["starter"] == moment.seat or moment.seat in view["chosen_by"]:
        return None
    name = moment.names[view["starter"]]
    leader = first_leader(view)
    choose = _("All but the starter now secretly choose a task; {name}, the starter, knew the trump in the draft "
               "and chooses none.").format(name=name)
    lead = (_("You lead the first trick, as the seat left of the starter.") if mine(moment, leader) else
            _("{name} leads the first trick, as the seat left of the starter.").format(name=moment.names[leader]))
    return note(task_choice, f"{choose} {lead}", _("Everyone but {name} now secretly chooses one task.").format(
        name=name), ("action", "task"))


@rule(GAME)
def starter_role(moment):
    view, before = moment.view, moment.before
    if not _same_round(moment) or view["phase"] != "play" or before["phase"] != "task_choice":
        return None
    starter = view["starter"]
    owner = _example_owner(moment)
    task = task_text(view["chosen"][owner])
    # A worked example with the round's own players and tasks: the starter's bonus was never understood
    # from the rule alone.
    if starter == moment.seat:
        # TRANSLATORS: {owner} is another player, {task} the task they chose (words in quotes)
        line = _("You chose no task, but you may still lay one down. Say {owner} misses {task}, but your own "
                 "tricks do what it asks: then you lay down one of your own tasks, whichever you like.")
        short = _("You chose no task, but may use a task the others miss.")
    else:
        # TRANSLATORS: {name} is the starter, {owner} another player, {task} the task they chose
        line = _("{name} chose no task, but may still lay one down. Say {owner} misses {task}, but {name}'s own "
                 "tricks do what it asks: then {name} lays down one of {name}'s own tasks, whichever {name} likes.")
        short = _("{name} chose no task, but may use a task the others miss.")
    return note(starter_role, line.format(name=moment.names[starter], owner=moment.names[owner], task=task),
                short.format(name=moment.names[starter]), ("seat", starter))


def _example_owner(moment):
    """The player whose chosen task the starter's example borrows: the first after the starter who is not
    the moment's own seat (never the learner: the example is not about their own task)."""
    view = moment.view
    players = len(view["chosen"])
    seats = [(view["starter"] + i) % players for i in range(1, players)]
    return next(s for s in seats if s != moment.seat)


@rule(GAME)
def lead_any(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or view["trick"]:
        return None
    return note(lead_any, _("You lead: play any card. The others must play a trump if you lead a trump, "
                            "otherwise your colour without a trump if they can."), _("You lead this trick: play any card you like."),
                ("trick",))


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
    seat, led, _t, trump = follow
    colour = colour_name(led[0])
    # TRANSLATORS: {name} led the card {card}; {colour} is its colour's name ("red")
    line = _("{name} led the {card}: you must play a {colour} card that is not a trump.").format(
        name=moment.names[seat], card=cards.name(led), colour=colour)
    odd = [c for c in moment.view["hand"] if c[0] == led[0] and is_trump(c, *trump)]
    if odd:
        line += " " + _("Your {card} counts as a trump, not as {colour}.").format(card=cards.name(odd[0]),
                                                                                  colour=colour)
    # TRANSLATORS: {name} led a card of the colour {colour} ("red")
    short = _("{name} led {colour}: play a {colour} card that is not a trump.").format(
        name=moment.names[seat], colour=colour)
    return note(follow_colour, line, short, ("trick",))


@rule(GAME)
def follow_trump(moment):
    follow = _follow(moment)
    if follow is None or not follow[2] or not _can_follow(moment, True, follow[1]):
        return None
    seat, led, _t, trump = follow
    # TRANSLATORS: {why} says why the card is a trump: "5 is the trump number" or "red is the trump colour"
    return note(follow_trump, _("{name} led the {card}, a trump ({why}): you must play a trump too.").format(
                    name=moment.names[seat], card=cards.name(led), why=trump_reason(led, *trump)),
                _("{name} led a trump: you must play a trump too.").format(name=moment.names[seat]), ("trick",))


@rule(GAME)
def cannot_follow(moment):
    follow = _follow(moment)
    if follow is None or _can_follow(moment, follow[2], follow[1]):
        return None
    led = follow[1]
    if follow[2]:
        line = _("You hold no trump: you may play any card, though none of yours can beat the led trump.")
    else:
        line = _("You hold no {colour} card that is not a trump: you may play any card, a trump too, though you "
                 "never have to.").format(colour=colour_name(led[0])) + " " + _cannot_follow_odds(moment)
    return note(cannot_follow, line, _("You cannot follow, so you may play any card."), ("trick",))


def _cannot_follow_odds(moment):
    """What the seat's cards can do in the trick so far (it cannot follow a led colour): true whatever
    was played before."""
    view = moment.view
    trump = view["trump_colour"], view["trump_number"]
    trick = [(s, c) for s, c in view["trick"]]
    played = [c for _s, c in trick]
    beaters = [c for c in view["hand"] if wassticht.trick_winner(played + [c], *trump) == len(played)]
    if beaters:
        shown = beaters[:3]
        # TRANSLATORS: {cards} is one card or a list of up to three ("red 5, blue 3 and green 9")
        return ngettext("Your {cards} would beat every card played so far.",
                        "Your {cards} would beat every card played so far.", len(shown)).format(
            cards=listing(cards.name(c) for c in shown))
    trumped = [(s, c) for s, c in trick if is_trump(c, *trump)]
    if trumped:
        seat, card = trick[wassticht.trick_winner(played, *trump)]
        return _("A trump is already in it, {name}'s {card}, and none of your cards beats it.").format(
            name=moment.names[seat], card=cards.name(card))
    return _("You hold no trump, and another colour never wins: none of your cards can take it.")


@rule(GAME)
def trick_by_trump(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, trump = done
    led, (seat, card) = trick[0][1], trick[w]
    if is_trump(led, *trump) or not is_trump(card, *trump):
        return None
    # TRANSLATORS: {why} says why the card is a trump: "5 is the trump number" or "red is the trump colour"
    line = (_("You took the trick with the {card}, a trump ({why}). Any trump beats the led colour, even a low "
              "one.") if mine(moment, seat) else
            _("{name} took the trick with the {card}, a trump ({why}). Any trump beats the led colour, even a low "
              "one."))
    return note(trick_by_trump, line.format(name=moment.names[seat], card=cards.name(card),
                                            why=trump_reason(card, *trump)),
                (_("You took it with a trump: any trump beats the led colour.") if mine(moment, seat) else
                 _("{name} took it with a trump: any trump beats the led colour.")).format(name=moment.names[seat]),
                ("seat", seat))


@rule(GAME)
def trick_by_colour(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, trump = done
    if any(is_trump(c, *trump) for _s, c in trick):
        return None
    seat, card = trick[w]
    colour = colour_name(trick[0][1][0])
    # TRANSLATORS: {colour} is the led colour's name ("red"), {card} the card that took the trick
    line = (_("No trump in that trick: the highest {colour} card, your {card}, took it. A card of another colour "
              "never wins.") if mine(moment, seat) else
            _("No trump in that trick: the highest {colour} card, {name}'s {card}, took it. A card of another "
              "colour never wins."))
    return note(trick_by_colour, line.format(colour=colour, name=moment.names[seat], card=cards.name(card)),
                _("No trump played: the highest {colour} card took the trick.").format(colour=colour),
                ("seat", seat))


@rule(GAME)
def number_beats_colour(moment):
    done = _finished_trick(moment)
    if done is None:
        return None
    trick, w, (colour, number) = done
    seat, card = trick[w]
    beaten = [c for _s, c in trick if c[0] == colour and VALUE[c] != number]
    if number is None or colour is None or VALUE[card] != number or card[0] == colour or not beaten:
        return None
    high = max(beaten, key=VALUE.get)
    # TRANSLATORS: {card} (of the trump number) beat {high} (of the trump colour)
    line = (_("Your {card} beat the {high}: a card of the trump number ranks above every other card of the trump "
              "colour.") if mine(moment, seat) else
            _("{name}'s {card} beat the {high}: a card of the trump number ranks above every other card of the "
              "trump colour."))
    return note(number_beats_colour, line.format(name=moment.names[seat], card=cards.name(card),
                                                 high=cards.name(high)),
                # TRANSLATORS: {card} of the trump number beat {high} of the trump colour
                _("The {card} beat the {high}: the trump number beats the trump colour.").format(
                    card=cards.name(card), high=cards.name(high)), ("seat", seat))


@rule(GAME)
def task_laid_down(moment):
    result = _round_result(moment)
    if result is None or not result["fulfilled"]:
        return None
    done = result["fulfilled"]
    if moment.seat in done:
        task = result["chosen"][moment.seat]
        held = len(moment.view["held_tasks"][moment.seat])
        # TRANSLATORS: {task} is a task's words in quotes; {n} how many tasks the player still holds
        line = ngettext("You fulfilled your task {task}: you lay it down, {n} still to do. Whoever has laid down "
                        "all of theirs first wins the game.",
                        "You fulfilled your task {task}: you lay it down, {n} still to do. Whoever has laid down "
                        "all of theirs first wins the game.", held).format(task=task_text(task), n=held)
    else:
        seat = done[0]
        line = _("{name} fulfilled {task} and lays that task down. Whoever has laid down all of theirs first wins "
                 "the game.").format(name=moment.names[seat], task=task_text(result["chosen"][seat]))
    short = (_("You fulfilled your task: you lay it down.") if moment.seat in done else
             _("{name} fulfilled the task: {name} lays it down.").format(name=moment.names[done[0]]))
    return note(task_laid_down, line, short, ("seat", moment.seat if moment.seat in done else done[0]))


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
        line = _("You missed your task {task}: it stays with you for a later round.").format(task=task)
    else:
        line = _("{name} missed {task}: that task stays in {name}'s hand for a later round.").format(
            name=moment.names[seat], task=task)
    short = (_("You missed your task: it stays with you for later.") if seat == moment.seat else
             _("{name} missed the task: it stays for a later round.").format(name=moment.names[seat]))
    return note(task_missed, line, short, ("seat", seat))


@rule(GAME)
def you_may_lay_down(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "discard":
        return None
    owners = [moment.names[s] for s in view["entitled"]]
    # TRANSLATORS: {names} is who missed the task(s): "Ben" or "Ben and Anna"
    return note(you_may_lay_down, ngettext(
        "Your tricks fulfil the task {names} missed: you may lay down one of your own tasks now, whichever you like.",
        "Your tricks fulfil the tasks {names} missed: you may lay down one of your own tasks now, whichever you "
        "like.", len(owners)).format(names=listing(owners)),
        _("Your tricks met a missed task: lay down one of yours."), ("action", "discard"))


@rule(GAME)
def starter_end(moment):
    result = _round_result(moment)
    if result is None:
        return None
    starter = result["starter"]
    laid = result["laid_down"].get(str(starter))
    me, name = mine(moment, starter), moment.names[starter]
    if laid is not None:
        entitled = result["entitled"]
        # TRANSLATORS: a player who missed a task, in a list of them ("you and Ben")
        owners = listing(pgettext("who missed a task", "you") if mine(moment, s) else moment.names[s]
                         for s in entitled)
        # The final sheet once read as a bug ("met Lena's task: laid down 'exactly 4 tricks'" for a starter
        # with 8 tricks): say that the task laid down is the starter's own and need not fit those tricks.
        # TRANSLATORS: {names} is who missed the task(s): "Ben", "you and Ben"; {task} a task's words in quotes
        line = (ngettext("{names} missed a task, but your own tricks do what it asks: that is the starter's bonus. "
                         "So you lay down a task of your own, {task}, though your tricks need not fit it.",
                         "{names} missed their tasks, but your own tricks do what one of them asks: that is the "
                         "starter's bonus. So you lay down a task of your own, {task}, though your tricks need "
                         "not fit it.", len(entitled)) if me else
                ngettext("{names} missed a task, but {name}'s own tricks do what it asks: that is the starter's "
                         "bonus. So {name} lays down a task of {name}'s own, {task}, though {name}'s tricks need "
                         "not fit it.",
                         "{names} missed their tasks, but {name}'s own tricks do what one of them asks: that is "
                         "the starter's bonus. So {name} lays down a task of {name}'s own, {task}, though {name}'s "
                         "tricks need not fit it.", len(entitled)))
        line = capital(line.format(names=owners, name=name, task=task_text(laid)))
        short = (_("Starter's bonus: you lay down a task of your own.") if me else
                 _("Starter's bonus: {name} lays down a task of their own."))
    elif result["entitled"]:
        line = (_("You could have laid down a task, as the starter, but laid down none.") if me else
                _("{name} could have laid down a task, as the starter, but laid down none."))
        short = (_("You could have laid down a task, but did not.") if me else
                 _("{name} could have laid down a task, but did not."))
    else:
        line = (_("Your own tricks do what no missed task asks: you, the starter, lay nothing down this "
                  "round.") if me else
                _("{name}'s own tricks do what no missed task asks: {name}, the starter, lays nothing down this "
                  "round."))
        short = (_("Your tricks met no missed task: no bonus this round.") if me else
                 _("{name}'s tricks met no missed task: no bonus this round."))
    return note(starter_end, line.format(name=name), short.format(name=name), ("seat", starter))


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
    from game.games.wassticht.normal_bot import task_worth
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
    from game.games.wassticht.normal_bot import task_worth
    return task not in NEVER_LOST_EARLY and task_worth(task, seat, tricks) == 0


def _choice_key(view, task):
    """The Normal bot's task choice, as a sort key (normal_bot.WasStichtHeuristic.task)."""
    from game.games.wassticht.normal_bot import DIFFICULTY_WEIGHT, task_chance
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
    from game.games.wassticht.normal_bot import draft_plan
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
    (the Normal bot's own rule of thumb, ``game.games.wassticht.normal_bot``, said in words)."""
    view = moment.view
    kind, arg = action
    if len(moment.legal) == 1 and kind in ("draft", "play"):
        if kind == "draft":
            return _("The {card} is the only card left in row {row}: click it.").format(card=cards.name(arg),
                                                                                        row=view["row"])
        return _("The {card} is the only card you may play: click it.").format(card=cards.name(arg))
    if kind == "take_task":
        # TRANSLATORS: {task} is a task's words in quotes; {why} a reason, a verb phrase whose subject is the
        # task ("is a good choice")
        return _("Take a task. The marked one, {task} (difficulty {difficulty}), {why}.").format(
            task=task_text(arg), difficulty=TASKS[arg][1], why=take_reason(view, arg))
    if kind == "draft":
        # TRANSLATORS: {why} is a reason, a verb phrase whose subject is the card ("is drafted toward ...")
        return _("Take a card from row {row}. The marked {card} {why}.").format(
            row=view["row"], card=cards.name(arg), why=draft_reason(view, moment.legal, arg))
    if kind == "task":
        # TRANSLATORS: {why} is a reason, a verb phrase whose subject is the task ("is your likeliest task ...")
        return _("Choose your task. The marked one, {task}, {why}.").format(
            task=task_text(arg), why=choice_reason(view, moment.legal, arg))
    if kind == "discard":
        if arg is None:
            return _("You may lay down none.")
        return _("Lay down one of your tasks. The marked one, {task}, is your hardest (difficulty {difficulty}): a "
                 "tie at the end goes to the higher sum of laid-down difficulty.").format(
            task=task_text(arg), difficulty=TASKS[arg][1])
    me = view["seat"]
    task = (view.get("chosen") or [None] * (me + 1))[me]
    lost = task in TASKS and task_lost(task, me, view["tricks"])
    if lost:  # no longer cited in the reason; said once, at the first turn after it was lost
        view = dict(view, chosen=[None if s == me else t for s, t in enumerate(view["chosen"])])
    why = reason(view, action)
    if not view["trick"] and task in TASKS and not lost and needs_first_trick(task, me) and not view["tricks"] \
            and not beaters(view, arg):
        # TRANSLATORS: a reason, a verb phrase whose subject is the card (shown after "it")
        why = _("leads the {card}, which no card in the others' hands can beat: your task {task} needs this "
                "trick").format(card=cards.name(arg), task=task_text(task))
    elif not view["trick"] and task in TASKS and not lost and needs_first_trick(task, me) and not view["tricks"]:
        # TRANSLATORS: {reason} is a reason for a card, a verb phrase ("leads the red 5")
        why = _("{reason}, though another open hand can beat any card you lead here").format(reason=why)
    if why:
        # TRANSLATORS: {why} is a reason, a verb phrase whose subject is the card ("takes the trick so far")
        what = _("The marked {card} is a good choice: it {why}.").format(card=cards.name(arg), why=why)
    else:
        what = _("The marked {card} is a good choice.").format(card=cards.name(arg))
    if lost and not task_lost(task, me, view["tricks"][:-1]):
        gone = _("Your task {task} can no longer be fulfilled this round, so the teacher stops playing for "
                 "it.").format(task=task_text(task))
        return f"{gone} {what}"
    return _("Your turn: play a card. {what}").format(what=what)


def turn_note(moment, action):
    """The learner's turn as a note: SHORT what to do now (the box's largest words), LINE why
    (turn_line, under More). The card or task is named in the short line where it fits."""
    view = moment.view
    kind, arg = action
    if kind == "take_task":
        short = first_fitting(_("Take the marked task, {task}.").format(task=task_text(arg)),
                              _("Take the marked task (difficulty {difficulty}).").format(difficulty=TASKS[arg][1]))
    elif kind == "draft":
        short = _("Take the marked {card} from row {row}.").format(card=cards.name(arg), row=view["row"])
    elif kind == "task":
        short = first_fitting(_("Choose the marked task, {task}.").format(task=task_text(arg)),
                              _("Choose the marked task for this round."))
    elif kind == "discard":
        short = (_("Lay down no task.") if arg is None else
                 first_fitting(_("Lay down the marked task, {task}.").format(task=task_text(arg)),
                               _("Lay down the marked task.")))
    else:
        short = _("Play the marked {card}.").format(card=cards.name(arg))
    if len(moment.legal) == 1 and kind in ("draft", "play"):
        short = (_("Take the {card}: it is the last card in row {row}.") if kind == "draft" else
                 _("Play the {card}: it is the only card you may play.")).format(card=cards.name(arg),
                                                                                 row=view["row"])
    target = {"draft": ("row", view["row"]), "play": ("card", arg)}.get(kind, ("action", kind))
    return Note("turn", turn_line(moment, action), short, target)


def take_reason(view, task):
    """Why the teacher takes TASK in the task draft: the first open one of the order the bots fulfil
    most often (``DRAFT_ORDER``). A verb phrase whose subject is the task."""
    from game.games.wassticht.normal_bot import DRAFT_ORDER
    offered = [t for t in DRAFT_ORDER if t in view["task_offer"]]
    if not offered or offered[0] != task:
        return pgettext("a task", "is a good choice")
    if len(offered) == 1:
        return _("is, of the open tasks, the one fulfilled most often in the bots' own games")
    other = offered[1]  # the runner-up: the advice names it, so it reads differently at every pick
    if TASKS[other][1] > TASKS[task][1]:
        # TRANSLATORS: {other} is another task's words in quotes, {difficulty} its difficulty
        return _("is fulfilled more often in the bots' own games than {other}, though {other} (difficulty "
                 "{difficulty}) would count more in a tie").format(other=task_text(other), difficulty=TASKS[other][1])
    # TRANSLATORS: {other} is another task's words in quotes
    return _("is fulfilled more often in the bots' own games than {other}, the next best open task").format(
        other=task_text(other))


def draft_reason(view, legal, card):
    """Why the teacher drafts CARD: the row's strongest or weakest card (its trick-taking power, over the
    trumps that still fit), and for a player with tasks the task the hand is drafted toward. A verb
    phrase whose subject is the card."""
    from game.games.wassticht.normal_bot import TARGET, draft_plan
    power, projected, task = draft_plan(view)
    row = [a[1] for a in legal]
    known = view["trump_known"] or len(view["possible_trumps"]) == 1
    if len(row) > 1 and all(power(card) > power(c) for c in row if c != card):
        where = (_("of the cards in this row, it wins tricks best under the trump") if known else
                 _("of the cards in this row, it wins tricks best, whichever of the trumps left it is"))
    elif len(row) > 1 and all(power(card) < power(c) for c in row if c != card):
        where = (_("of the cards in this row, it is the least likely to win a trick under the trump") if known else
                 _("of the cards in this row, it is the least likely to win a trick, whichever of the trumps "
                   "left it is"))
    else:
        where = (_("of the cards in this row, it suits that aim best under the trump") if known else
                 _("of the cards in this row, it suits that aim best, whichever of the trumps left it is"))
    if task is None:
        # TRANSLATORS: {where} says how the card stands in its row ("of the cards in this row, it wins ...")
        return _("is drafted to win tricks, as the starter has no task of their own: {where}").format(where=where)
    before = said_draft_aim(view)
    if before not in (None, task):
        # TRANSLATORS: {task} and {before} are tasks' words in quotes; {about} and {target} counts of tricks
        # ("3 tricks", "no tricks"); {where} how the card stands in its row
        return _("is drafted toward your task {task} now, not {before}: your cards so far promise about {about}, "
                 "nearest its {target}; {where}").format(task=task_text(task), before=task_text(before),
                                                         about=count_text(round(projected + 0.25)),
                                                         target=count_text(TARGET[task]), where=where)
    # TRANSLATORS: {task} is a task's words in quotes; {target} a count of tricks ("3 tricks")
    return _("is drafted toward your task {task}, aiming at {target}: {where}").format(
        task=task_text(task), target=count_text(TARGET[task]), where=where)


def choice_reason(view, legal, task):
    """Why the teacher chooses TASK: the likeliest of the seat's tasks with the hands everyone holds
    (the bot's estimate), a harder one between near equals. A verb phrase whose subject is the task."""
    from game.games.wassticht.normal_bot import task_chance
    me = view["seat"]
    combo = view["trump_colour"], view["trump_number"]
    chance = {a[1]: task_chance(a[1], me, view["hands"], combo, first_leader(view)) for a in legal}
    gone = [t for t in chance if t != task and hopeless(view, t)]  # not weighed: the open hands rule them out
    out = [t for t in gone if _choice_key(view, t) > _choice_key(view, task)]  # the bot's pick, passed over
    fair = [t for t in chance if t not in gone]
    if chance[task] >= max(chance[t] for t in fair):
        words = (_("is your likeliest task left with every hand open") if gone else
                 _("is your likeliest task with every hand open"))
    else:
        words = (_("is nearly your likeliest task left with every hand open, and harder (difficulty "
                   "{difficulty})") if gone else
                 _("is nearly your likeliest task with every hand open, and harder (difficulty {difficulty})"))
        words = words.format(difficulty=TASKS[task][1])
    aim = said_draft_aim(view)
    if aim is not None and aim != task:
        # TRANSLATORS: added to a reason for a task; {task} is another task's words in quotes
        words += _(" (the draft, trump unseen, aimed at {task})").format(task=task_text(aim))
    if out:
        # TRANSLATORS: added to a reason for a task; {task} is another task's words in quotes
        words += _("; not {task}: any card you lead first can be beaten").format(task=task_text(out[0]))
    return words


def score_lines(view, names):
    """The round just scored, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["history"][-1]
    seat_of_view = view["seat"]
    # the starter's part in two short sentences (one long one was read as dense by a newcomer)
    lines = [_("Everyone who fulfilled the task they chose lays it down. The starter chose no task. If the "
               "starter's tricks meet a task someone missed, the starter lays down one of their own: the "
               "starter's bonus.")]
    for seat, (points, total) in enumerate(zip(last["points"], last["totals"])):
        me = seat == seat_of_view
        laid = last["laid_down"].get(str(seat))
        chosen = last["chosen"][seat]
        if seat == last["starter"]:
            # TRANSLATORS: {task} is the starter's own task laid down (words in quotes), not a count of tricks
            what = (_("the starter, laid down {task} as the starter's bonus").format(task=task_text(laid))
                    if laid is not None
                    else _("the starter, laid nothing down"))
        elif seat in last["fulfilled"]:
            what = _("fulfilled {task} and laid it down").format(task=task_text(chosen))
        else:
            what = _("missed {task}").format(task=task_text(chosen))
        left = len(view["held_tasks"][seat])
        # TRANSLATORS: one player's round: {what} is what they did ("fulfilled 'no tricks' and laid it down"),
        # {points} the tasks laid down this round, {total} in all, {left} the tasks still held
        line = (ngettext("You: {what} → {points} this round, {total} laid down in all, {left} to go",
                         "You: {what} → {points} this round, {total} laid down in all, {left} to go", left)
                if me else
                ngettext("{name}: {what} → {points} this round, {total} laid down in all, {left} to go",
                         "{name}: {what} → {points} this round, {total} laid down in all, {left} to go", left))
        lines.append(line.format(name=names[seat], what=what, points=points, total=total, left=left))
    return lines


#: The guided round: Ben (seat 0) is the first round's starter and draws the trump; the learner sits left
#: of him (seat 1). The trump and the rows were chosen from many deals so that, following the teacher,
#: every rule below comes up (the traps too: who the learner is, the tie rule at the second task taken,
#: the DISC, the starter's bonus worked through and then met): the trump is deduced at row 6, a
#: trump-number card of the led colour must not follow it, the learner lays a task down, two others miss
#: theirs and Ben lays one down for them.
TRUMP = ("B", 4)
ROWS = (
    ("G5", "G4", "Y6", "G8"), ("B7", "G2", "B4", "R5"), ("Y7", "G6", "R4", "Y2"),
    ("B5", "R6", "Y8", "B9"), ("G7", "G9", "R7", "B6"), ("Y9", "Y5", "Y1", "B2"),
    ("B8", "G3", "R8", "Y4"), ("B3", "R2", "B1", "Y3"), ("R1", "G1", "R3", "R9"),
)
LESSON = Lesson(GAME, names=("Ben", "Anna", "Carla", "David"), seed=442, learner=1,
                chance=(("deal", {"trump_colour": TRUMP[0], "trump_number": TRUMP[1],
                                  "rows": [list(r) for r in ROWS]}),),
                checklist=("who_you_are", "goal", "task_draft", "draft_tie", "secret_trump", "trick_ranking",
                           "row_draft", "row_hint", "crossed_out", "follow_rules", "disc_moves", "deduce",
                           "trump_revealed", "task_choice", "starter_role", "lead_any", "trick_by_trump",
                           "follow_colour", "trick_by_colour", "number_beats_colour", "follow_trump",
                           "cannot_follow", "task_laid_down", "task_missed", "starter_end"))

#: Where a lesson's Skip stops (game.teach.skip_stops): who the learner is, the task draft and its tie
#: rule, the card draft (the secret trump, the FIRST tag, the hints and how the tag moves), the task
#: choice, the tricks (the starter's part) and the round's end for the starter.
SKIP_STOPS = ("who_you_are", "task_draft", "draft_tie", "secret_trump", "row_draft", "row_hint", "disc_moves",
              "trump_revealed", "task_choice", "starter_role", "starter_end")
