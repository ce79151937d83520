"""Mit List und Tücke taught at the table: its rules as they come up, the guided round's deal, the
round's score in words. Follows ``shared/rules/mit-list-und-tuecke.md``; every fact is read from the
seat's view and the rules core (``game.games.mlut.rules``), never written here as a literal."""

from game import cards
from game.games.mlut import rules as mlut
from game.explain import reason
from game.i18n import _, ngettext, listing
from game.teach import Lesson, capital, colour_noun, note, rule

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


@rule(GAME)
def goal(moment):
    view = moment.view
    if moment.action is not None or moment.before is not None or view["round"] != 1 or view["trick"]:
        return None
    k = view["pick_size"]
    return note(goal, ngettext(
        "Goal: collect cards in piles by colour; at the round's end your two biggest colours multiply and "
        "every card of the other colours divides that (how many cards count, not their numbers). In each "
        "trick the highest trump picks {k} card and the lowest card of another colour takes the rest.",
        "Goal: collect cards in piles by colour; at the round's end your two biggest colours multiply and "
        "every card of the other colours divides that (how many cards count, not their numbers). In each "
        "trick the highest trump picks {k} cards and the lowest card of another colour takes the rest.",
        k).format(k=k), _("Two biggest colours multiply; the rest divides"))


@rule(GAME)
def lead_is_trump(moment):
    led = _led(moment)
    if led is None:
        return None
    seat, card = led
    colour = colour_name(card[0])
    return note(lead_is_trump, moment.say(
        seat, _("You led {card}: {colour} is trump in this trick. Nobody has to follow the colour: any card "
                "may be played."),
        _("{name} led {card}: {colour} is trump in this trick. Nobody has to follow the colour: any card "
          "may be played."), card=cards.name(card), colour=colour),
        _("The led colour is trump: {colour}").format(colour=colour), ("trick",))


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
    return note(top_trump_picks, ngettext(
        "{name} played the highest trump ({trump}) and picks any {k} card of the trick first.",
        "{name} played the highest trump ({trump}) and picks any {k} cards of the trick first.",
        k).format(name=moment.names[picker], trump=trump, k=k),
        ngettext("Highest trump picks {k} card", "Highest trump picks {k} cards", k).format(k=k),
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
        ngettext("Highest trump: pick {k} card", "Highest trump: pick {k} cards", k).format(k=k), ("trick",))


@rule(GAME)
def lowest_takes_rest(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None:
        return None
    taker = last["taker"]
    return note(lowest_takes_rest, moment.say(
        taker, _("The lowest card of another colour was yours: you take the cards left over and the lead."),
        _("The lowest card of another colour was {name}'s: {name} takes the cards left over and the lead.")),
        _("Lowest other colour takes the rest and leads"), ("seat", taker))


@rule(GAME)
def first_of_equals(moment):
    last = _finished(moment)
    if last is None or last["taker"] is None:
        return None
    trump = last["cards"][0][1][0]
    others = [mlut.VALUE[c] for _c, c in last["cards"] if c[0] != trump]
    if others.count(min(others)) < 2:
        return None
    return note(first_of_equals, moment.say(
        last["taker"],
        _("Two cards of other colours tied for the lowest ({low}): the one played first counts, so you "
          "took the rest."),
        _("Two cards of other colours tied for the lowest ({low}): the one played first counts, so {name} "
          "took the rest."), low=min(others)),
        _("Equal lowest cards: the first played counts"), ("seat", last["taker"]))


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
    return note(fourth_colour_barred, _("{colours} lie in the trick: at most three colours, so your {colour} "
                                        "cards may not be played now.").format(colours=shown, colour=barred),
                _("At most three colours: {colour} is barred").format(colour=barred), ("trick",))


@rule(GAME)
def trump_only(moment):
    last = _finished(moment)
    if last is None or last["taker"] is not None:
        return None
    picker = last["picker"]
    return note(trump_only, moment.say(
        picker, _("Only trumps in that trick: You picked, the other cards left the game, and the picker "
                  "leads next."),
        _("Only trumps in that trick: {name} picked, the other cards left the game, and the picker leads "
          "next.")), _("Only trumps: the rest leave the game"), ("seat", picker))


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
                _("+N beside a name: the round's points so far"), ("seat", moment.seat))


@rule(GAME)
def choose_plus(moment):
    if not moment.my_turn or moment.view["phase"] != "plus":
        return None
    return note(choose_plus, _("You hold all four colours now: choose your two plus colours for this round. "
                               "They multiply; every card of the other two divides them."),
                _("All four colours: choose two plus colours"), ("action", "plus"))


@rule(GAME)
def others_plus(moment):
    if moment.kind != "plus" or moment.actor == moment.seat:
        return None
    pair = moment.view["collections"][moment.actor]["plus"]
    if not pair:
        return None
    words = listing(colour_name(c) for c in pair)
    return note(others_plus, _("{name} chose {colours} as plus colours: the other two colours now lie face "
                               "down and only divide.").format(name=moment.names[moment.actor], colours=words),
                _("Minus colours lie face down"), ("seat", moment.actor))


@rule(GAME)
def early_end(moment):
    view = moment.view
    last = view["history"][-1] if view["history"] else None
    if last is None or last.get("early_end") is None or moment.before is None or moment.before["history"]:
        return None
    seat = last["early_end"]
    return note(early_end, _("{name} held only the barred fourth colour: the round ended at once, and the "
                             "cards still out score nothing.").format(name=moment.names[seat]),
                _("Only a barred colour left: round over"), ("seat", seat))


def turn_line(moment, action):
    """The learner's turn with nothing new to learn: what to do, and the raised suggestion's reason."""
    view = moment.view
    why = reason(view, action)
    # TRANSLATORS: {why} is a reason without its subject, e.g. "raises your round points so far from 2 to 4"
    if action[0] == "play":
        text = (_("Your turn: play a card. The marked {card} is a good choice ({why}).") if why else
                _("Your turn: play a card. The marked {card} is a good choice."))
        return text.format(card=cards.name(action[1]), why=why)
    if action[0] == "pick":
        k = view["pick_size"]
        text = (ngettext("Pick {k} card. The marked one is a good choice ({why}).",
                         "Pick {k} cards. The marked ones are a good choice ({why}).", k) if why else
                ngettext("Pick {k} card. The marked one is a good choice.",
                         "Pick {k} cards. The marked ones are a good choice.", k))
        return text.format(k=k, why=why)
    colours = capital(listing(colour_name(c) for c in action[1]))
    text = (_("Choose your plus colours. {colours} is a good choice ({why}).") if why else
            _("Choose your plus colours. {colours} is a good choice."))
    return text.format(colours=colours, why=why)


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
