"""Mit List und Tücke taught at the table: its rules as they come up, the guided round's deal, the
round's score in words. Follows ``shared/rules/mit-list-und-tuecke.md``; every fact is read from the
seat's view and the rules core (``game.games.mlut.rules``), never written here as a literal."""

from game import cards
from game.games.mlut import rules as mlut
from game.explain import reason
from game.i18n import _, ngettext, listing
from game.teach import Lesson, Note, capital, colour_noun, note, rule

GAME = "mlut"


def colour_name(colour):
    """A colour's name as the teacher says it (translated: call it when the words are shown)."""
    return colour_noun(colour)


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


def _start(moment):
    """True at the round's first moment, before anything was played."""
    view = moment.view
    return moment.action is None and moment.before is None and view["round"] == 1 and not view["trick"] \
        and not view["round_tricks"]


@rule(GAME, lesson_only=True)
def who_you_are(moment):
    view = moment.view
    if not _start(moment):
        return None
    seat, leader = moment.seat, (view["dealer"] + 1) % view["players"]
    me, first = moment.names[seat], moment.names[leader]
    if seat == view["dealer"]:
        short = _("You are {me} and you dealt: {name}, on your left, leads first.")
    elif seat == leader:
        short = _("You are {me}, left of the dealer: you lead the first trick.")
    else:
        short = _("You are {me}: {name}, left of the dealer, leads the first trick.")
    short = short.format(me=me, name=first)
    # TRANSLATORS: {who} is the sentence before, e.g. "You are Anna and you dealt: Ben, on your left, leads first."
    # the box named, not "the glow": the gold ring of the seat to move (Ben's) was taken for it
    return note(who_you_are, _("{who} Your cards are the row along the bottom; your box, with your name, is "
                               "your place at the table, where your piles will lie.").format(who=short), short,
                ("seat", seat))


@rule(GAME)
def goal(moment):
    if not _start(moment):
        return None
    k = moment.view["pick_size"]
    return note(goal, ngettext(
        "Goal: collect cards in piles by colour; at the round's end your two biggest colours multiply and "
        "every card of the other colours divides that (how many cards count, not their numbers). In each "
        "trick the highest trump picks {k} card and the lowest card of another colour takes the rest.",
        "Goal: collect cards in piles by colour; at the round's end your two biggest colours multiply and "
        "every card of the other colours divides that (how many cards count, not their numbers). In each "
        "trick the highest trump picks {k} cards and the lowest card of another colour takes the rest.",
        k).format(k=k), _("Collect two colours: they multiply, and every other card divides."),
        ("seat", moment.seat))


@rule(GAME)
def lead_is_trump(moment):
    led = _led(moment)
    if led is None:
        return None
    seat, card = led
    values = dict(card=cards.name(card), colour=colour_name(card[0]))
    short = moment.say(seat, _("You led {card}: {colour} is trump in this trick."),
                       _("{name} led {card}: {colour} is trump in this trick."), **values)
    # TRANSLATORS: {led} is the sentence before, e.g. "Ben led red 13: red is trump in this trick."
    return note(lead_is_trump, _("{led} Nobody has to follow the colour: any card may be played, as long as the "
                                 "trick holds at most three colours.").format(led=short), short, ("trick",))


@rule(GAME)
def fourth_colour_barred(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "play" or len(view["trick"]) < 3:
        return None
    colours = {c[0] for _s, c in view["trick"]}
    playable = {a[1] for a in moment.legal if a[0] == "play"}
    barred = [c for c in view["hand"] if c not in playable]
    if len(colours) < 3 or not barred:
        return None
    shown = capital(listing(colour_name(c) for c in mlut.COLOURS if c in colours))
    barred = colour_name(barred[0][0])
    return note(fourth_colour_barred, _(
        "{colours} lie in the trick: at most three colours, so your {colour} cards may not be played now. "
        "Whoever holds only the barred colour ends the round at once, and the cards still out score "
        "nothing.").format(colours=shown, colour=barred),
        _("Three colours lie here: your {colour} cards may not be played.").format(colour=barred), ("trick",))


@rule(GAME)
def top_trump_picks(moment):
    view = moment.view
    if view["phase"] != "pick" or moment.kind != "play":
        return None
    trick = [(s, c) for s, c in view["trick"]]
    picker, taker = mlut.trick_takers(trick, view["pick_size"])
    if picker == moment.seat:
        return None  # the learner's own pick has its rule
    trump = colour_name(trick[0][1][0])
    k = view["pick_size"]
    return note(top_trump_picks, ngettext(
        "{name} played the highest trump ({trump}) and picks any {k} card of the trick first, even their "
        "own; the lowest card of another colour takes what is left.",
        "{name} played the highest trump ({trump}) and picks any {k} cards of the trick first, even their "
        "own; the lowest card of another colour takes what is left.",
        k).format(name=moment.names[picker], trump=trump, k=k),
        ngettext("{name} has the highest trump and picks {k} card first.",
                 "{name} has the highest trump and picks {k} cards first.", k).format(
            name=moment.names[picker], k=k),
        ("seat", picker))


@rule(GAME)
def you_pick(moment):
    view = moment.view
    if not moment.my_turn or view["phase"] != "pick":
        return None
    k = view["pick_size"]
    trump = colour_name(view["trick"][0][1][0])
    # TRANSLATORS: "Take these {k}" is the button's label on the table (the same words as there)
    return note(you_pick, ngettext(
        "Your {trump} card is the highest trump: you must pick {k} card of the trick for your piles, even "
        "of colours you do not want. Click {k} card, then Take these {k}.",
        "Your {trump} card is the highest trump: you must pick {k} cards of the trick for your piles, even "
        "of colours you do not want. Click {k} cards, then Take these {k}.", k).format(trump=trump, k=k),
        ngettext("You have the highest trump: pick {k} card from the trick.",
                 "You have the highest trump: pick {k} cards from the trick.", k).format(k=k), ("trick",))


def _tie(last):
    """The cards of other colours tied for the lowest in a finished trick, in the order played (at
    least two), or []."""
    trump = last["cards"][0][1][0]
    others = [(s, c) for s, c in last["cards"] if c[0] != trump]
    if not others:
        return []
    low = min(mlut.VALUE[c] for _s, c in others)
    tied = [(s, c) for s, c in others if mlut.VALUE[c] == low]
    return tied if len(tied) > 1 else []


@rule(GAME)
def first_of_equals(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None:
        return None
    tied = _tie(last)
    if not tied:
        return None
    taker = last["taker"]
    values = dict(cards=capital(listing(cards.name(c) for _s, c in tied)), card=cards.name(tied[0][1]))
    short = moment.say(taker, _("{cards} tie: you played first and take the rest."),
                       _("{cards} tie: {name} played first and takes the rest."), **values)
    line = moment.say(taker, _("When cards of other colours tie for the lowest, the one played first counts: "
                               "your {card} came first, so you take the cards left over and lead next."),
                      _("When cards of other colours tie for the lowest, the one played first counts: "
                        "{name} played {card} first, so {name} takes the cards left over and leads next."),
                      **values)
    return note(first_of_equals, line, short, ("seat", taker))


@rule(GAME)
def lowest_takes_rest(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None or _tie(last):
        return None  # a tie has its own note first
    taker = last["taker"]
    card = next(c for s, c in last["cards"] if s == taker)
    values = dict(card=capital(cards.name(card)))
    short = moment.say(taker, _("{card} was the lowest other colour: you take the rest and lead."),
                       _("{card} was the lowest other colour: {name} takes the rest and leads."), **values)
    return note(lowest_takes_rest, moment.say(
        taker, _("The lowest card of another colour was yours: you take the cards left over and the lead."),
        _("The lowest card of another colour was {name}'s: {name} takes the cards left over and the lead.")),
        short, ("seat", taker))


@rule(GAME)
def trump_only(moment):
    last = _finished(moment)
    if last is None or last["taker"] is not None:
        return None
    picker = last["picker"]
    short = moment.say(picker, _("Only trumps in that trick: you picked, and the rest leave the game."),
                       _("Only trumps in that trick: {name} picked, and the rest leave the game."))
    return note(trump_only, moment.say(
        picker, _("Only trumps in that trick: You picked, the other cards left the game, and the picker "
                  "leads next."),
        _("Only trumps in that trick: {name} picked, the other cards left the game, and the picker leads "
          "next.")), short, ("seat", picker))


@rule(GAME)
def score_so_far(moment):
    last = _finished(moment)
    if last is None or moment.seat not in (last["picker"], last["taker"]):
        return None
    mine = moment.view["collections"][moment.seat]
    if sum(1 for n in mlut.collection_counts(mine).values() if n) < 2:
        return None  # one colour scores nothing: nothing to show yet
    points, how = mlut.points_so_far(mine)
    # TRANSLATORS: {how} is a sum like "red 4 × blue 3 ÷ 2 = 6"; "+N" is shown as is beside the names
    return note(score_so_far, _("Your piles score your two biggest colours multiplied, divided by all your "
                                "other cards: now {how}. The +N beside each name is that player's points so "
                                "far.").format(how=how),
                # TRANSLATORS: "+N" is shown as is beside the names
                _("The +N beside each name: the points if the round ended now."), ("seat", moment.seat))


@rule(GAME)
def choose_plus(moment):
    if not moment.my_turn or moment.view["phase"] != "plus":
        return None
    return note(choose_plus, _("You hold all four colours now: choose your two plus colours for this round. "
                               "At the round's end only they multiply, even if another pile grows bigger; "
                               "every card of the other two divides."),
                _("You hold all four colours: choose your two plus colours now."), ("action", "plus"))


@rule(GAME)
def others_plus(moment):
    if moment.kind != "plus" or moment.actor == moment.seat:
        return None
    pair = moment.view["collections"][moment.actor]["plus"]
    if not pair:
        return None
    words = listing(colour_name(c) for c in pair)
    name = moment.names[moment.actor]
    return note(others_plus, _("{name} chose {colours} as plus colours: the other two colours now lie face "
                               "down, and at the round's end each of their cards divides what {name} "
                               "scores.").format(name=name, colours=words),
                _("{name} chose {colours}: the other two colours lie face down.").format(
                    name=name, colours=words), ("seat", moment.actor))


@rule(GAME)
def early_end(moment):
    view = moment.view
    last = view["history"][-1] if view["history"] else None
    if last is None or last.get("early_end") is None or moment.before is None or moment.before["history"]:
        return None
    seat = last["early_end"]
    short = moment.say(seat, _("You hold only the barred colour: the round ends now."),
                       _("{name} holds only the barred colour: the round ends now."))
    return note(early_end, _("{name} held only the barred fourth colour: the round ended at once, and the "
                             "cards still out score nothing.").format(name=moment.names[seat]),
                short, ("seat", seat))


@rule(GAME)
def plus_at_end(moment):
    view, before = moment.view, moment.before
    if before is None or len(view["history"]) <= len(before["history"]):
        return None
    collections = before["collections"]  # the plus colours of the round just scored (the view has the next's)
    reasons = view["history"][-1].get("reasons")  # the sums as scored, the last trick's cards in them
    chose = [s for s, col in enumerate(collections) if col["plus"]]
    if not chose or not reasons:
        return None
    seat = moment.seat if moment.seat in chose else chose[0]
    values = dict(colours=listing(colour_name(c) for c in collections[seat]["plus"]), how=reasons[seat])
    short = moment.say(seat, _("Round over: only your plus colours, {colours}, multiply."),
                       _("Round over: {name} scores only the plus colours, {colours}."), **values)
    line = moment.say(seat, _("At the round's end only the plus colours count, even where another pile grew "
                              "bigger, and every other card divides: yours make {how}."),
                      _("At the round's end only the plus colours count, even where another pile grew "
                        "bigger, and every other card divides: {name} scores {how}."), **values)
    return note(plus_at_end, line, short, ("seat", seat))


def turn_line(moment, action):
    """Why the raised suggestion is a good one (the turn's whole words, under More; what to do is the
    turn note's first line)."""
    view = moment.view
    why = reason(view, action)
    if action[0] == "play":
        what = _("The marked {card} is a good choice.").format(card=cards.name(action[1]))
    elif action[0] == "pick":
        what = ngettext("The marked card is a good choice.", "The marked cards are a good choice.",
                        view["pick_size"])
    else:
        what = _("{colours} is a good choice.").format(colours=capital(listing(colour_name(c) for c in action[1])))
    if not why:
        return what
    # TRANSLATORS: {what} is the sentence before ("The marked red 5 is a good choice."); {why} a reason without
    # its subject, shown as a sentence of its own, e.g. "Raises your round points so far from 2 to 4"
    return _("{what} {why}.").format(what=what, why=capital(why))


def turn_note(moment, action):
    """The learner's turn: SHORT what to do now (the box's largest words), LINE why (under More)."""
    view = moment.view
    if action[0] == "play":
        short = _("Play your marked {card}.").format(card=cards.name(action[1]))
    elif action[0] == "pick":
        # TRANSLATORS: {button} is the button's label on the table ("Take these 2")
        short = _("Pick {cards}, then click {button}.").format(
            cards=listing(cards.name(c) for c in action[1]),
            button=_("Take these {n}").format(n=view["pick_size"]))
    else:
        short = _("Choose {colours} as your plus colours.").format(
            colours=listing(colour_name(c) for c in action[1]))
    target = ("action", action[0]) if action[0] == "plus" else ("trick",) if action[0] == "pick" else \
        ("card", action[1])
    return Note("turn", turn_line(moment, action), short, target)


def score_lines(view, names):
    """The round just scored, for the seat of VIEW (NAMES: every seat's): the rule, then every player's sum."""
    last = view["history"][-1]
    lines = [_("Each player scores the two plus colours multiplied (without a choice: the two biggest "
               "colours), divided by the number of all other cards, rounded down.")]
    for seat, (points, why) in enumerate(zip(last["points"], last["reasons"] or [None] * view["players"])):
        who = _("You") if seat == view["seat"] else names[seat]
        if why:
            # TRANSLATORS: {who} is "You" or a name; {how} a sum like "red 4 × blue 3 ÷ 2 = 6"
            lines.append(ngettext("{who}: {how} → {points} point", "{who}: {how} → {points} points",
                                  points).format(who=who, how=why, points=points))
        else:
            lines.append(f"{who}: {points}")
    if last.get("early_end") is not None:
        lines.append(_("The round ended early: cards still in hands scored nothing."))
    rounds = view["rounds"]
    lines.append(ngettext("A game has {rounds} round, one per player, each dealt by the next seat: the highest "
                          "total wins.",
                          "A game has {rounds} rounds, one per player, each dealt by the next seat: the highest "
                          "total wins.", rounds).format(rounds=rounds))
    return lines


#: The guided round: four players, Ben leads (the dealer is the learner). The hands were chosen from
#: many deals so that, following the teacher, every rule below comes up in the first round, and so that
#: the traps come up in the first trick whatever the learner plays: Ben leads green, Carla's blue 2 and
#: David's red 2 tie for the lowest other colour (the learner holds nothing lower in blue or red), and
#: the learner's yellow is the barred fourth colour.
DEAL = (
    ("R4", "R9", "R13", "G1", "G2", "G4", "G8", "G13", "B4", "B6", "B11", "Y2", "Y3", "Y14"),
    ("R1", "R6", "R8", "G3", "G9", "G12", "G14", "B1", "B8", "B13", "Y1", "Y4", "Y7", "Y8"),
    ("R3", "R10", "R12", "G5", "G7", "G10", "G11", "B2", "B3", "B7", "B14", "Y5", "Y6", "Y9"),
    ("R2", "R5", "R7", "R11", "R14", "G6", "B5", "B9", "B10", "B12", "Y10", "Y11", "Y12", "Y13"),
)
#: The traps a newcomer meets in a first real game: each comes up in the lesson however the learner plays.
TRAPS = ("first_of_equals", "fourth_colour_barred", "plus_at_end")
LESSON = Lesson(GAME, names=("Anna", "Ben", "Carla", "David"), seed=403,
                chance=(("deal", [list(h) for h in DEAL]),),
                checklist=("who_you_are", "goal", "lead_is_trump", "fourth_colour_barred", "top_trump_picks",
                           "first_of_equals", "score_so_far", "you_pick", "lowest_takes_rest", "others_plus",
                           "trump_only", "choose_plus", "plus_at_end"))
#: Where a lesson's Skip stops (game.teach.skip_stops): the trick's first lead, the pick (another's and
#: the learner's own), the plus colours (another's and the learner's own choice) and the traps.
SKIP_STOPS = ("lead_is_trump", "fourth_colour_barred", "top_trump_picks", "first_of_equals", "you_pick",
              "others_plus", "choose_plus", "plus_at_end")
