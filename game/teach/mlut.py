"""Mit List und Tücke taught at the table: its rules as they come up, the guided round's deal, the
round's score in words. Follows ``shared/rules/mit-list-und-tuecke.md``; every fact is read from the
seat's view and the rules core (``game.mlut``), never written here as a literal."""

from game import cards, mlut
from game.explain import reason
from game.teach import Lesson, note, rule

GAME = "mlut"


def colour_name(colour):
    return cards.COLOUR_NAMES[colour]


def _led(moment):
    """The lead just played: (seat, card), or None."""
    before, view = moment.before, moment.view
    if moment.kind != "play" or before is None or before["trick"] or not view["trick"]:
        return None
    return view["trick"][0]


def _finished(moment):
    """The trick just taken (the view's last trick after a pick), or None."""
    if moment.kind != "pick" or moment.before is None or not moment.view.get("last_trick"):
        return None
    return moment.view["last_trick"]


@rule(GAME)
def goal(moment):
    view = moment.view
    if moment.action is not None or moment.before is not None or view["round"] != 1 or view["trick"]:
        return None
    return note(goal, "Goal: collect cards in piles by colour; at the round's end your two biggest colours "
                "multiply and every card of the other colours divides that (how many cards count, not their "
                f"numbers). In each trick the highest trump picks {view['pick_size']} cards and the lowest card "
                "of another colour takes the rest.", "Two biggest colours multiply; the rest divides")


@rule(GAME)
def lead_is_trump(moment):
    led = _led(moment)
    if led is None:
        return None
    seat, card = led
    colour = colour_name(card[0])
    return note(lead_is_trump,
                f"{moment.who(seat)} led {cards.name(card)}: {colour} is trump in this trick. Nobody has to follow "
                f"the colour: any card may be played.",
                f"The led colour is trump: {colour}", ("trick",))


@rule(GAME)
def top_trump_picks(moment):
    view = moment.view
    if view["phase"] != "pick" or moment.kind != "play":
        return None
    trick = [(s, c) for s, c in view["trick"]]
    picker, taker = mlut.trick_takers(trick, view["pick_size"])
    trump = colour_name(trick[0][1][0])
    k = view["pick_size"]
    if picker == moment.seat:
        return None  # the learner's own pick has its rule
    return note(top_trump_picks, f"{moment.names[picker]} played the highest trump ({trump}) and picks "
                f"any {k} cards of the trick first.", f"Highest trump picks {k} cards", ("seat", picker))


@rule(GAME)
def you_pick(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "pick":
        return None
    k = view["pick_size"]
    trump = colour_name(view["trick"][0][1][0])
    return note(you_pick, f"Your {trump} card is the highest trump: you must pick {k} cards of the trick for "
                f"your piles, even of colours you do not want. Click {k} cards, then Take these {k}.",
                f"Highest trump: pick {k} cards", ("trick",))


@rule(GAME)
def lowest_takes_rest(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None:
        return None
    taker = last["taker"]
    whose = "yours" if taker == moment.seat else f"{moment.names[taker]}'s"
    return note(lowest_takes_rest, f"The lowest card of another colour was {whose}: "
                f"{'you take' if taker == moment.seat else moment.names[taker] + ' takes'} the cards left "
                f"over and the lead.",
                "Lowest other colour takes the rest and leads", ("seat", taker))


@rule(GAME)
def first_of_equals(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None:
        return None
    trump = last["cards"][0][1][0]
    others = [mlut.VALUE[c] for _, c in last["cards"] if c[0] != trump]
    if others.count(min(others)) < 2:
        return None
    return note(first_of_equals, f"Two cards of other colours tied for the lowest ({min(others)}): the one played "
                f"first counts, so {moment.who(last['taker']).lower() if last['taker'] == moment.seat else moment.who(last['taker'])} took the rest.",
                "Equal lowest cards: the first played counts", ("seat", last["taker"]))


@rule(GAME)
def fourth_colour_barred(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or len(view["trick"]) < 3:
        return None
    colours = {c[0] for _, c in view["trick"]}
    playable = {a[1] for a in moment.legal if a[0] == "play"}
    barred = [c for c in view["hand"] if c not in playable]
    if len(colours) < 3 or not barred:
        return None
    shown = [colour_name(c) for c in mlut.COLOURS if c in colours]
    shown = f"{', '.join(shown[:-1])} and {shown[-1]}".capitalize()
    return note(fourth_colour_barred, f"{shown} lie in the trick: at most three colours, so your "
                f"{colour_name(barred[0][0])} cards may not be played now.",
                f"At most three colours: {colour_name(barred[0][0])} is barred", ("trick",))


@rule(GAME)
def trump_only(moment):
    last = _finished(moment)
    if last is None or last["taker"] is not None:
        return None
    picker = last["picker"]
    return note(trump_only, f"Only trumps in that trick: {moment.who(picker)} picked, the other cards "
                f"left the game, and the picker leads next.",
                "Only trumps: the rest leave the game", ("seat", picker))


@rule(GAME)
def score_so_far(moment):
    last = _finished(moment)
    if last is None or moment.seat not in (last["picker"], last["taker"]):
        return None
    mine = moment.view["collections"][moment.seat]
    if sum(1 for n in mlut.collection_counts(mine).values() if n) < 2:
        return None  # one colour scores nothing: nothing to show yet
    points, how = mlut.points_so_far(mine)
    return note(score_so_far, f"Your piles score your two biggest colours multiplied, divided by all your "
                f"other cards: now {how}. The +N beside each name is that player's points so far.",
                "+N beside a name: the round's points so far", ("seat", moment.seat))


@rule(GAME)
def choose_plus(moment):
    if not moment.my_turn or moment.view["phase"] != "plus":
        return None
    return note(choose_plus, "You hold all four colours now: choose your two plus colours for this round. "
                "They multiply; every card of the other two divides them.",
                "All four colours: choose two plus colours", ("action", "plus"))


@rule(GAME)
def others_plus(moment):
    if moment.kind != "plus" or moment.actor == moment.seat:
        return None
    pair = moment.view["collections"][moment.actor]["plus"]
    if not pair:
        return None
    words = " and ".join(colour_name(c) for c in pair)
    return note(others_plus, f"{moment.names[moment.actor]} chose {words} as plus colours: the other two "
                f"colours now lie face down and only divide.", "Minus colours lie face down",
                ("seat", moment.actor))


@rule(GAME)
def early_end(moment):
    view = moment.view
    last = view["history"][-1] if view["history"] else None
    if last is None or last.get("early_end") is None or moment.before is None or moment.before["history"]:
        return None
    seat = last["early_end"]
    return note(early_end, f"{moment.names[seat]} held only the barred fourth colour: the round ended at "
                "once, and the cards still out score nothing.", "Only a barred colour left: round over",
                ("seat", seat))


def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason."""
    view = moment.view
    why = reason(view, action)
    if action[0] == "play":
        what = f"Your turn: play a card. The marked {cards.name(action[1])} is a good choice"
    elif action[0] == "pick":
        what = f"Pick {view['pick_size']} cards. The marked ones are a good choice"
    else:
        what = f"Choose your plus colours. {' and '.join(colour_name(c) for c in action[1]).capitalize()} is a good choice"
    return f"{what} ({why})." if why else f"{what}."


def score_lines(view, names):
    """The round just scored, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["history"][-1]
    lines = ["Each player scores the two plus colours multiplied (without a choice: the two biggest "
             "colours), divided by the number of all other cards, rounded down."]
    for seat, (points, why) in enumerate(zip(last["points"], last["reasons"] or [None] * view["players"])):
        who = "You" if seat == view["seat"] else names[seat]
        lines.append(f"{who}: {why} → {points} point{'' if points == 1 else 's'}" if why else f"{who}: {points}")
    if last.get("early_end") is not None:
        lines.append("The round ended early: cards still in hands scored nothing.")
    lines.append(f"A game has {view['rounds']} rounds, one per player, each dealt by the next seat: the "
                 "highest total wins.")
    return lines


#: The guided round: four players, Ben leads (the dealer is the learner). The hands were chosen from
#: many deals so that, following the teacher, every rule below comes up in the first round.
DEAL = (
    ("R1", "R9", "R11", "R12", "G3", "G8", "G9", "G11", "B2", "B4", "B9", "Y1", "Y5", "Y7"),
    ("R2", "R13", "G4", "G6", "B1", "B6", "B11", "B12", "Y2", "Y3", "Y6", "Y8", "Y12", "Y13"),
    ("R6", "R8", "G1", "G2", "G5", "G13", "G14", "B3", "B8", "B13", "Y4", "Y9", "Y11", "Y14"),
    ("R3", "R4", "R5", "R7", "R10", "R14", "G7", "G10", "G12", "B5", "B7", "B10", "B14", "Y10"),
)
LESSON = Lesson(GAME, names=("Anna", "Ben", "Carla", "David"), seed=7,
                chance=(("deal", [list(h) for h in DEAL]),),
                checklist=("goal", "lead_is_trump", "first_of_equals", "fourth_colour_barred", "top_trump_picks",
                           "you_pick", "lowest_takes_rest", "score_so_far", "others_plus", "choose_plus",
                           "trump_only"))
