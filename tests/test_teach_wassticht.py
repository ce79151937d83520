"""Was sticht? taught at the table (game.games.wassticht.teach): the guided round's deal brings every rule
of the checklist up, other moves still end the round, and every note shown is TRUE of the real state
when it is shown (each rule has its own check below, reading the state, never the view the note read).
Pure and fast: no pygame."""

import dataclasses
import random
import re

import pytest

from game.games.wassticht.story import first_tag

from game import cards
from game.games.wassticht import rules as wassticht
from game.bots import make_bot
from game.observe import Observer
from game.runner import bot_action
from game import i18n
from game.teach import (FIRST_CHARS, FIRST_WORDS, Moment, Teacher, lesson, rule_keys, score_lines, suggest,
                        turn_line, turn_note)
from game.teach.walk import bot_rng, round_scored, suggestion_rng, walk
from game.games.wassticht.rules import SUITS, TASKS, TRUMP_COMBOS, VALUE, trick_winner

GAME = "wassticht"
LESSON = lesson(GAME)
#: The rules the issue asks the guided round to show (issue 30: the task draft, the starter's secret
#: trump and its deduction from the rows, choosing a task, laying one down and missing one, a trick won
#: with the secret trump).
ISSUE_RULES = ("task_draft", "secret_trump", "row_hint", "deduce", "task_choice", "task_laid_down",
               "task_missed", "trick_by_trump")
SEEDS = range(6)


# --- a walk that keeps the real state at every note ------------------------------------------------
@dataclasses.dataclass
class Told:
    moment: Moment
    note: object
    state: object  # a clone of the state when the note was told
    legal: tuple  # the state's legal actions then


def walk_with_states(lesson_, choose=None):
    """game.teach.walk.walk's loop, keeping a clone of the state with every note (the framework's walk
    returns the end state only). Returns (told, end state, learner moves)."""
    state = lesson_.state()
    names = tuple(s.name for s in state.seats)
    seat = lesson_.learner
    bots = {i: make_bot(s.bot) for i, s in enumerate(state.seats) if s.kind == "bot"}
    rngs = {i: bot_rng(lesson_.seed, i) for i in bots}
    teacher = Teacher(lesson_.game_id)
    observer = Observer(state, seat)
    told, moves = [], 0

    def tell(moment):
        notes = teacher.look(moment)
        if notes:
            snap = state.clone()
            legal = tuple(state.legal_actions())
            told.extend(Told(moment, n, snap, legal) for n in notes)

    while True:
        scored = False
        for step in observer.take():
            tell(Moment(step.view, step.before, step.action, step.actor, (), names))
            scored = scored or round_scored(step.events)
        if scored or state.is_over:
            return told, state, moves
        legal = tuple(state.legal_actions())
        if state.current_player == seat:
            moment = Moment(observer.last_view, None, None, None, legal, names)
            tell(moment)
            advice = suggest(moment.view, legal, suggestion_rng(lesson_.seed, len(state.events)))
            line = turn_line(GAME, moment, advice)
            assert line and sentences(line) <= 2, line
            verify_turn_line(state, advice, line)
            action = choose(moment, advice) if choose else advice
            moves += 1
        else:
            action = bot_action(state, bots[state.current_player], rngs[state.current_player])
        state.apply(action)


def verify_turn_line(state, action, line):
    """The learner's turn line names the raised move, and what it says of it is true: the only legal
    card, the task the draft aims at, the row's strongest or weakest card, the likeliest task."""
    import game.games.wassticht.normal_bot as bot
    kind, arg = action
    legal = state.legal_actions()
    me = state.current_player
    view = state.view(me)
    if kind in ("draft", "play") and len(legal) == 1:
        assert line.startswith(f"The {cards.name(arg)} is the only card") and "good choice" not in line
        return
    if kind == "take_task":
        assert wording(arg) in line and f"(difficulty {TASKS[arg][1]})" in line
        offered = [t for t in bot.DRAFT_ORDER if t in state.offer]
        if "most often" in line:
            assert arg == offered[0] and len(offered) == 1
        runner_up = re.search(r"more often in the bots' own games than ('[^']+')", line)
        if runner_up:  # the advice names the runner-up, and says truly whether it is harder
            assert arg == offered[0] and runner_up.group(1) == wording(offered[1])
            assert ("would count more in a tie" in line) == (TASKS[offered[1]][1] > TASKS[arg][1])
        return
    if kind == "task":
        assert wording(arg) in line
        combo, leader = trump_of(state), (state.starter + 1) % wassticht.PLAYERS
        chance = {a[1]: bot.task_chance(a[1], me, state.hands, combo, leader) for a in legal}
        out = [a[1] for a in legal if first_trick_lost_whatever_led(state, a[1])]
        assert arg not in out or len(out) == len(legal)  # no hopeless task while another is left
        fair = [t for t in chance if t not in out or t == arg]
        assert ("is your likeliest" in line) == (chance[arg] >= max(chance[t] for t in fair))
        for t in out:
            if f"not {wording(t)}" in line:
                break
        else:
            assert "; not " not in line
        return
    if kind == "discard":
        if arg is not None:
            assert TASKS[arg][1] == max(TASKS[t][1] for t in state.held[me]) and "your hardest" in line
        return
    if kind != "draft":
        assert f"The marked {cards.name(arg)} is" in line
        return
    assert f"The marked {cards.name(arg)} is drafted" in line
    power, _, task = bot.draft_plan(view)
    row = [a[1] for a in legal]
    if task is None:
        assert me == state.starter and "the starter has no task" in line
    else:
        assert task in state.held[me] and f"toward your task {wording(task)}" in line
    others = [power(c) for c in row if c != arg]
    if "it wins tricks best" in line:
        assert all(power(arg) > p for p in others)
    if "least likely to win a trick" in line:
        assert all(power(arg) < p for p in others)
    fits = consistent_trumps(state)
    if "under the trump" in line:
        assert me == state.starter or len(fits) == 1 or state.trump_revealed()


def needs_first_trick(task, me):
    """By the rules core: no round in which SEAT loses the first trick fulfils TASK, some in which it
    wins it do (every pattern of won tricks tried; the tricks' cards play no part here)."""
    other = (me + 1) % wassticht.PLAYERS

    def fulfilled(first, rest):
        tricks = [{"cards": [], "winner": first}] + [{"cards": [], "winner": me if rest >> i & 1 else other}
                                                     for i in range(wassticht.TRICKS - 1)]
        return wassticht.task_fulfilled(task, me, tricks)
    patterns = range(2 ** (wassticht.TRICKS - 1))
    return not any(fulfilled(other, p) for p in patterns) and any(fulfilled(me, p) for p in patterns)


def first_trick_lost_whatever_led(state, task):
    """TASK needs the first trick (the rules core: a round where the seat wins every trick but the first
    misses it) and, with the open hands, every card the seat could lead can be beaten by another seat's
    legal answer: checked by playing the lead and each answer in a clone of the game."""
    me = state.current_player
    if me != (state.starter + 1) % wassticht.PLAYERS or not needs_first_trick(task, me):
        return False
    sim = state.clone(record=False)
    while sim.phase == "task_choice":
        sim.apply(sim.legal_actions()[0])
    combo = trump_of(state)
    for lead in sim.hands[me]:
        first = sim.clone(record=False)
        first.apply(("play", lead))
        beaten = False
        while first.trick and not beaten:
            seat = first.current_player
            beaten = any(trick_winner([lead, a[1]], *combo) == 1 for a in first.legal_actions())
            first.apply(first.legal_actions()[0])
        if not beaten:
            return False
    return True


def other_move(seed):
    """A chooser that takes a legal action other than the suggestion where there is one."""
    rng = random.Random(seed)

    def choose(moment, advice):
        others = [a for a in moment.legal if a != advice]
        return rng.choice(others) if others else advice
    return choose


def as_starter(lesson_):
    """The same deal with the learner in seat 0: the first round's starter (knows the trump, chooses no
    task, may lay one down for a missed one), for the rules a learner meets only as the starter."""
    learner = lesson_.names[lesson_.learner]
    names = (learner,) + tuple(n for n in lesson_.names if n != learner)
    return dataclasses.replace(lesson_, learner=0, names=names)


def all_walks():
    walks = [("suggestions", walk_with_states(LESSON))]
    walks += [(f"other moves {s}", walk_with_states(LESSON, other_move(s))) for s in SEEDS]
    walks += [(f"as starter {s}", walk_with_states(as_starter(LESSON), other_move(s))) for s in SEEDS]
    walks.append(("as starter, suggestions", walk_with_states(as_starter(LESSON))))
    return walks


@pytest.fixture(scope="module")
def walks():
    return all_walks()


# --- reading the words back ------------------------------------------------------------------------
def sentences(text):
    """How many sentences: a full stop, ! or ? followed by a space and a capital, plus the last one."""
    assert text.rstrip()[-1] in ".!?", f"not a whole sentence: {text!r}"
    return 1 + len(re.findall(r"[.!?] +(?=[A-Z'])", text))


def seat_named(word, names, learner):
    if word.lower() in ("you", "your"):
        return learner
    assert word in names, f"{word!r} is not a player"
    return names.index(word)


def card_of(words):
    colour, value = words.split()
    letter = next(k for k, v in cards.COLOUR_NAMES.items() if v == colour)
    return f"{letter}{value}"


def trump_words(colour, number):
    """The trump as the notes say it, written here again so the check does not trust the module."""
    if colour is None and number is None:
        return "no trump at all"
    if colour is None:
        return f"the {number}s (no trump colour)"
    if number is None:
        return f"{cards.COLOUR_NAMES[colour]} (no trump number)"
    return f"{cards.COLOUR_NAMES[colour]} and the {number}s"


def trump_of(state):
    return state.trump_colour, state.trump_number


def trump_in(card, trump):
    colour, number = trump
    return card[0] == colour or VALUE[card] == number


def consistent_trumps(state):
    """Every trump under which each drafted row's winner is the announced one (worked out here)."""
    return [combo for combo in TRUMP_COMBOS
            if all(row[trick_winner([c for _, c in row], *combo)][0] == hint
                   for row, hint in zip(state.drafted, state.hints))]


def last_event(state, kind):
    return next(e for e in reversed(state.events) if e["t"] == kind)


def last_trick(state):
    """The trick the last card closed, from the state's record, and the trump of its round."""
    at = max(i for i, e in enumerate(state.events) if e["t"] == "trick")
    trick = state.events[at]
    deal = next(e for e in reversed(state.events[:at]) if e["t"] == "deal")
    return [(s, c) for s, c in trick["cards"]], trick["winner"], (deal["trump_colour"], deal["trump_number"])


def wording(task):
    return f"'{TASKS[task][0]}'"


# --- every rule's truth, read from the state --------------------------------------------------------
def check_who_you_are(t, line, names, me):
    """Who the learner is and where they sit: the seats before and after them in the turn order."""
    st = t.state
    assert st.phase == "task_draft" and not any(st.held)  # the lesson's very first note
    assert t.note.short.startswith(f"You are {names[me]}:") and line.startswith(f"You play {names[me]};")
    players = len(names)
    assert f"after {names[(me - 1) % players]} and before {names[(me + 1) % players]}" in line
    assert t.note.target == ("seat", me)


def check_draft_tie(t, line, names, me):
    """The tie rule as the rules core decides it, with the open tasks named truly."""
    st = t.state
    assert st.phase == "task_draft" and st.current_player == me and len(st.held[me]) == 1
    m = re.search(r"So ('[^']+') \((\d)\) is worth more in a tie than ('[^']+') \((\d)\)", line)
    hard, high, easy, low = m.groups()
    open_tasks = {wording(t): TASKS[t][1] for t in st.offer}
    assert open_tasks[hard] == int(high) == max(open_tasks.values())
    assert open_tasks[easy] == int(low) == min(open_tasks.values())
    # the rules core: equal tasks laid down, the higher difficulty sum wins; equal sums share the win
    assert wassticht.end_winners([["T03"], ["T24"], [], []], [0, 1])[0] == [1]
    assert "equal sums share the win" in line and sorted(wassticht.end_winners([["T03"], ["T03"], [], []],
                                                                                [0, 1])[0]) == [0, 1]


def check_goal(t, line, names, me):
    st = t.state
    assert st.phase == "task_draft" and not st.held[me]  # before the learner's first pick
    assert f"lay down all {st.tasks_per_player} of your tasks" in line
    # the tie: the higher difficulty sum of the laid-down tasks (the rules core decides it so)
    laid = [["T01"], ["T24"], ["T02", "T03"], []]
    assert wassticht.end_winners(laid, [0, 1, 2])[0] == [1] and "the higher sum of difficulty" in line


def check_task_draft(t, line, names, me):
    st = t.state
    assert st.phase == "task_draft" and not st.held[me]
    assert re.search(rf"All {len(wassticht.TASK_IDS)} tasks lie open", line)
    assert f"until everyone holds {st.tasks_per_player};" in line
    assert len(st.offer) + sum(map(len, st.held)) == len(wassticht.TASK_IDS)
    low, high = (f(d for _, d in TASKS.values()) for f in (min, max))
    assert f"from {low} (easy) to {high} (hard)" in line


def check_secret_trump(t, line, names, me):
    st = t.state
    name = line.split(" is this round's starter")[0]
    assert seat_named(name, names, me) == st.starter != me
    assert st.starter == (st.round - 1) % wassticht.PLAYERS  # "moves one seat left each round"
    assert st.phase == "row_draft" and not st.trump_revealed()
    assert not t.moment.view["trump_known"]


def check_your_secret_trump(t, line, names, me):
    st = t.state
    assert st.starter == me and st.phase == "row_draft"
    assert f"only you see the secret trump, {trump_words(*trump_of(st))}." in line


def check_trick_ranking(t, line, names, me):
    """The order said in words, held to the rules core under every trump with both a colour and a number:
    the colour's card of the number beats the other number cards, the first of those beats a later one,
    they beat every colour card, the colour goes 9 down, and a trick without a trump goes to the led colour."""
    st = t.state
    assert st.phase == "row_draft" and not st.hints  # before the first hint
    assert f"the trump colour {max(VALUE.values())} down to {min(VALUE.values())}" in line
    for colour, number in TRUMP_COMBOS:
        if colour is None or number is None:
            continue
        top = f"{colour}{number}"
        others = [f"{c}{number}" for c in "RGBY" if c != colour]
        plain = sorted((f"{colour}{v}" for v in range(1, 10) if v != number), key=VALUE.get, reverse=True)
        for other in others:
            assert trick_winner([other, top], colour, number) == 1
            assert trick_winner([others[0], others[1]], colour, number) == 0
            assert trick_winner([plain[0], other], colour, number) == 1
        for high, low in zip(plain, plain[1:]):
            assert trick_winner([low, high], colour, number) == 1
        led = next(c for c in "RGBY" if c != colour)
        row = [f"{led}{v}" for v in (2, 8) if v != number] + [f"{c}7" for c in "RGBY" if c not in (colour, led)
                                                               and number != 7]
        best = max((c for c in row if c[0] == led), key=VALUE.get)
        assert row[trick_winner(row, colour, number)] == best


def check_row_draft(t, line, names, me):
    st = t.state
    assert st.phase == "row_draft" and st.current_player == me
    row = int(re.match(r"Take one card from row (\d+):", line).group(1))
    assert row == st.row
    assert len(st.hands[me]) == row - 1 and f"after {wassticht.ROWS} rows" in line
    first = re.search(r"takes first from a row \((\w+)\)", line).group(1)
    assert seat_named(first, names, me) == (st.starter + row) % wassticht.PLAYERS


def check_row_hint(t, line, names, me):
    st = t.state
    m = re.match(r"Had row (\d+) been a trick under (\w+?)(?:'s)? secret trump, (\w+) would have won it, "
                 r"with the (\w+ \d)\. (\d+) of the (\d+) possible trumps", line)
    assert m, line
    k, starter, winner, card, left, total = m.groups()
    k = int(k)
    row = st.drafted[k - 1] if st.round == t.moment.view["round"] else None
    assert row is not None and len(row) == wassticht.ROW_SIZE and len(st.hints) >= k
    assert seat_named(starter, names, me) == st.starter
    winner = seat_named(winner, names, me)
    cards_in_row = [c for _, c in row]
    assert row[trick_winner(cards_in_row, *trump_of(st))][0] == winner == st.hints[k - 1]
    assert [s for s, c in row if c == card_of(card)] == [winner]
    assert int(total) == len(TRUMP_COMBOS)
    assert int(left) == len(consistent_trumps(st)) and trump_of(st) in consistent_trumps(st)


def check_crossed_out(t, line, names, me):
    """The ruled-out trump's winner is another seat than the announced one, and the trump is out."""
    st = t.state
    m = re.match(r"For example, had the trump been (.+?), (\w+?)(?:'s)? (\w+ \d) would have won row (\d+), "
                 r"not (\w+?)(?:'s)? (\w+ \d):", line)
    assert m, line
    words, seat, card, k, announced, won = m.groups()
    combo = next(c for c in TRUMP_COMBOS if trump_words(*c) == words)
    row = st.drafted[int(k) - 1]
    cards_in_row = [c for _, c in row]
    assert tuple(row[trick_winner(cards_in_row, *combo)]) == (seat_named(seat, names, me), card_of(card))
    assert (seat_named(announced, names, me), card_of(won)) == tuple(row[trick_winner(cards_in_row, *trump_of(st))])
    assert seat_named(seat, names, me) != st.hints[int(k) - 1] and combo not in consistent_trumps(st)


def check_follow_rules(t, line, names, me):
    st = t.state
    assert st.phase == "row_draft" and st.hints and "you never have to trump" in line


def check_disc_moves(t, line, names, me):
    st = t.state
    m = re.search(r": (\w+) takes? first from row (\d+)\.", line)
    seat, row = seat_named(m.group(1), names, me), int(m.group(2))
    assert st.phase == "row_draft" and st.row == row and not st.drafted[-1]
    assert seat == st.current_player == (st.starter + row) % wassticht.PLAYERS


def check_deduce(t, line, names, me):
    st = t.state
    assert st.phase == "row_draft" and st.starter != me and not st.trump_revealed()
    assert f"Only one trump still fits every hint: {trump_words(*trump_of(st))}." in line
    assert consistent_trumps(st) == [trump_of(st)]
    assert f"before {names[st.starter]} shows it" in line


def check_trump_revealed(t, line, names, me):
    st = t.state
    assert st.trump_revealed() and st.phase == "task_choice" and not any(st.chosen)
    colour, number = trump_of(st)
    assert line.startswith(f"{names[st.starter]} shows the trump: {trump_words(colour, number)}.")
    if colour is not None and number is not None:
        top = f"{cards.COLOUR_NAMES[colour]} {number}"
        assert f"The {top} is the highest card" in line and len(line) < 200
        assert max(wassticht.DECK, key=lambda c: wassticht.TRUMP_RANKS[(colour, number)][c]) == card_of(top)


def check_task_choice(t, line, names, me):
    st = t.state
    assert st.phase == "task_choice" and me != st.starter and st.chosen[me] is None
    assert f"{names[st.starter]}, the starter, knew the trump in the draft and chooses none" in line
    # who leads the first trick: play the choice out (any tasks) and see who is to lead
    sim = st.clone(record=False)
    while sim.phase == "task_choice":
        sim.apply(sim.legal_actions()[0])
    leader = "You lead" if sim.current_player == me else f"{names[sim.current_player]} leads"
    assert f"{leader} the first trick, as the seat left of the starter" in line
    assert sim.current_player == (st.starter + 1) % wassticht.PLAYERS


def check_starter_role(t, line, names, me):
    st = t.state
    assert st.phase == "play" and not st.tricks and not st.trick
    assert [s for s, task in enumerate(st.chosen) if task is None] == [st.starter]
    # the worked example: a real player's chosen task, another player's than the learner's
    m = re.search(r"Say (\w+) misses ('[^']+'), but", line)
    owner = seat_named(m.group(1), names, me)
    assert owner not in (me, st.starter) and m.group(2) == wording(st.chosen[owner])
    if st.starter != me:
        assert line.startswith(f"{names[st.starter]} chose no task")
        assert f"then {names[st.starter]} lays down one of {names[st.starter]}'s own tasks, whichever" in line


def check_lead_any(t, line, names, me):
    st = t.state
    assert st.phase == "play" and st.current_player == me and not st.trick
    assert sorted(a[1] for a in t.legal) == sorted(st.hands[me])


def check_follow_colour(t, line, names, me):
    st = t.state
    m = re.match(r"(\w+) led the (\w+ \d): you must play a (\w+) card that is not a trump\.", line)
    seat, led = seat_named(m.group(1), names, me), card_of(m.group(2))
    assert st.phase == "play" and st.current_player == me and st.trick[0] == (seat, led)
    assert not trump_in(led, trump_of(st)) and m.group(3) == cards.COLOUR_NAMES[led[0]]
    played = [a[1] for a in t.legal]
    assert played and all(c[0] == led[0] and not trump_in(c, trump_of(st)) for c in played)
    odd = re.search(r"Your (\w+ \d) counts as a trump", line)
    if odd:
        card = card_of(odd.group(1))
        assert card in st.hands[me] and card[0] == led[0] and trump_in(card, trump_of(st)) and card not in played


def check_follow_trump(t, line, names, me):
    st = t.state
    m = re.match(r"(\w+) led the (\w+ \d), a trump", line)
    seat, led = seat_named(m.group(1), names, me), card_of(m.group(2))
    assert st.current_player == me and st.trick[0] == (seat, led) and trump_in(led, trump_of(st))
    played = [a[1] for a in t.legal]
    assert played and all(trump_in(c, trump_of(st)) for c in played)
    assert sorted(played) == sorted(c for c in st.hands[me] if trump_in(c, trump_of(st)))


def check_cannot_follow(t, line, names, me):
    st = t.state
    assert st.phase == "play" and st.current_player == me and st.trick
    led = st.trick[0][1]
    trump = trump_of(st)
    if trump_in(led, trump):
        assert not any(trump_in(c, trump) for c in st.hands[me])
    else:
        assert not any(c[0] == led[0] and not trump_in(c, trump) for c in st.hands[me])
    assert sorted(a[1] for a in t.legal) == sorted(st.hands[me])
    verify_cannot_follow_odds([(s, c) for s, c in st.trick], st.hands[me], trump, line, names, me)


def verify_cannot_follow_odds(trick, hand, trump, line, names, me):
    """What the line says the seat's cards can do in the trick so far is true (issue 30: 'a trump would
    win' was said with a higher trump already in the trick)."""
    played = [c for _, c in trick]
    beats = {c for c in hand if trick_winner(played + [c], *trump) == len(played)}
    assert "A trump would win" not in line
    some = re.search(r"Your (.+) would beat every card played so far\.", line)
    if some:
        named = [card_of(w) for w in re.split(r", | and ", some.group(1))]
        assert named and set(named) <= beats
    elif "already in it" in line:
        m = re.search(r"A trump is already in it, (\w+?)(?:'s)? (\w+ \d), and none of your cards beats it\.", line)
        assert m and not beats
        best = trick[trick_winner(played, *trump)]
        assert best == (seat_named(m.group(1), names, me), card_of(m.group(2))) and trump_in(best[1], trump)
    elif "none of your cards can take it" in line:
        assert not beats and not any(trump_in(c, trump) for c in hand)
    else:
        assert trump_in(played[0], trump) and not beats  # the led trump: 'none of yours can beat it'


def check_trick_by_trump(t, line, names, me):
    trick, winner, trump = last_trick(t.state)
    m = re.match(r"(\w+) took the trick with the (\w+ \d), a trump", line)
    seat, card = seat_named(m.group(1), names, me), card_of(m.group(2))
    assert winner == seat and (seat, card) in trick
    assert trump_in(card, trump) and not trump_in(trick[0][1], trump)
    assert trick[trick_winner([c for _, c in trick], *trump)] == (seat, card)


def check_trick_by_colour(t, line, names, me):
    trick, winner, trump = last_trick(t.state)
    m = re.search(r"the highest (\w+) card, (\w+?)(?:'s)? (\w+ \d), took it", line)
    seat, card = seat_named(m.group(2), names, me), card_of(m.group(3))
    assert not any(trump_in(c, trump) for _, c in trick)
    assert winner == seat and (seat, card) in trick and m.group(1) == cards.COLOUR_NAMES[trick[0][1][0]]
    assert card == max((c for _, c in trick if c[0] == trick[0][1][0]), key=VALUE.get)


def check_number_beats_colour(t, line, names, me):
    trick, winner, (colour, number) = last_trick(t.state)
    m = re.match(r"(\w+?)(?:'s)? (\w+ \d) beat the (\w+ \d):", line)
    seat, card, beaten = seat_named(m.group(1), names, me), card_of(m.group(2)), card_of(m.group(3))
    assert winner == seat and (seat, card) in trick and beaten in [c for _, c in trick]
    assert VALUE[card] == number and card[0] != colour and beaten[0] == colour and VALUE[beaten] != number


def round_result(t):
    st = t.state
    last = st.history[-1]
    done = last_event(st, "done")
    assert done["round"] == last["round"] and done["fulfilled"] == last["fulfilled"]
    return st, last


def check_task_laid_down(t, line, names, me):
    st, last = round_result(t)
    if line.startswith("You fulfilled"):
        assert me in last["fulfilled"] and last["laid_down"][str(me)] == last["chosen"][me]
        assert f"your task {wording(last['chosen'][me])}:" in line
        assert f"{len(st.held[me])} still to do" in line
        assert last["chosen"][me] in st.laid[me]
    else:
        name = line.split(" fulfilled")[0]
        seat = seat_named(name, names, me)
        assert seat in last["fulfilled"] and me not in last["fulfilled"]
        assert f"fulfilled {wording(last['chosen'][seat])}" in line and last["chosen"][seat] in st.laid[seat]


def check_task_missed(t, line, names, me):
    st, last = round_result(t)
    name = line.split(" missed")[0]
    seat = seat_named(name, names, me)
    assert seat != last["starter"] and seat not in last["fulfilled"]
    assert wording(last["chosen"][seat]) in line and last["chosen"][seat] in st.held[seat]
    assert str(seat) not in last["laid_down"]


def check_you_may_lay_down(t, line, names, me):
    st = t.state
    assert st.phase == "discard" and st.current_player == me == st.starter and st.entitled
    for s in st.entitled:
        assert names[s] in line
        assert wassticht.task_fulfilled(st.chosen[s], me, st.tricks) and s not in st.fulfilled


def check_starter_end(t, line, names, me):
    st, last = round_result(t)
    starter = last["starter"]
    laid = last["laid_down"].get(str(starter))
    if laid is not None:
        own = "your own" if starter == me else f"{names[starter]}'s own"
        assert f"a task of {own}, {wording(laid)}, though" in line and laid in st.laid[starter]
        missed = line.split(" missed")[0]
        for s in last["entitled"]:
            assert ("you" in missed.lower()) if s == me else names[s] in missed
            assert s not in last["fulfilled"]
        assert "starter's bonus" in line
    elif "laid down none" in line:
        assert last["entitled"]
    else:
        assert re.search(r"lays? nothing down", line) and not last["entitled"]


CHECKS = {name[len("check_"):]: fn for name, fn in globals().items() if name.startswith("check_")}


# --- the tests --------------------------------------------------------------------------------------
def test_every_rule_has_a_check():
    assert set(CHECKS) == set(rule_keys(GAME))


def test_following_the_teacher_every_checklist_rule_comes_up():
    told = walk(LESSON)
    assert set(LESSON.checklist) <= set(told.rules), set(LESSON.checklist) - set(told.rules)
    assert told.rules == list(LESSON.checklist)  # the checklist is exactly what comes up, in order
    assert set(ISSUE_RULES) <= set(LESSON.checklist)
    assert round_scored(told.state.events) and told.state.round == 2


def test_the_lesson_deal_is_written_out():
    """The deal is literal chance, the learner sits left of the starter, named You, four seats."""
    state = LESSON.state()
    assert len(LESSON.names) == wassticht.PLAYERS and LESSON.names[LESSON.learner] == "Anna"
    assert LESSON.learner == 1 and len(LESSON.chance) == 1 and LESSON.chance[0][0] == "deal"
    state_a, state_b = LESSON.state(), LESSON.state()
    assert state_a.view(1) == state_b.view(1)
    assert state.seats[LESSON.learner].kind == "human"
    assert all(s.kind == "bot" for i, s in enumerate(state.seats) if i != LESSON.learner)


def test_the_lesson_shows_both_ends_of_a_task():
    """The learner lays a task down; someone else misses one (the issue: laying down and failing)."""
    end = walk(LESSON).state.history[-1]
    assert LESSON.learner in end["fulfilled"]
    assert any(s not in end["fulfilled"] for s in range(wassticht.PLAYERS) if s != end["starter"])


@pytest.mark.parametrize("seed", SEEDS)
def test_other_moves_still_end_the_round(seed):
    told, state, moves = walk_with_states(LESSON, other_move(seed))
    assert moves >= wassticht.ROWS + wassticht.TRICKS and round_scored(state.events)
    state.check_invariants()


def test_every_note_is_true_when_shown(walks):
    seen = set()
    for label, (told, _, _) in walks:
        names = tuple(s.name for s in told[0].state.seats)
        me = told[0].moment.seat
        for t in told:
            try:
                CHECKS[t.note.rule](t, t.note.line, names, me)
            except Exception as exc:  # name the walk and the note
                raise AssertionError(f"{label}: {t.note.rule}: {t.note.line!r}") from exc
            seen.add(t.note.rule)
    # the checks ran on every rule the walks can reach (you_may_lay_down needs a starter's lucky tricks)
    assert set(rule_keys(GAME)) - seen <= {"you_may_lay_down"}, set(rule_keys(GAME)) - seen


def test_lines_are_short(walks):
    for _, (told, _, _) in walks:
        for t in told:
            assert sentences(t.note.line) <= 2, t.note.line
            assert sentences(t.note.short) == 1, t.note.short
            assert isinstance(t.note.target, tuple)


def fits_first_line(text):
    return len(text.split()) <= FIRST_WORDS and len(text) <= FIRST_CHARS


@pytest.fixture(params=["en", "de", "nl"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def first_lines(lesson_, choose=None):
    """Every first line the learner sees in a walk of LESSON_, in the language now: each note's short
    and each turn's (game.teach.turn_note). CHOOSE(moment, advice) picks the learner's move."""
    shown = []

    def turn(moment, advice):
        note = turn_note(GAME, moment, advice)
        shown.append(("turn", note.short, note.line))
        return choose(moment, advice) if choose else advice
    result = walk(lesson_, turn)
    shown += [(note.rule, note.short, note.line) for _moment, note in result.told]
    return shown


def test_every_first_line_fits_a_sofa_in_every_language(language):
    """Issue 43: each note's first line, and the turn's, is one short sentence within FIRST_WORDS words
    and FIRST_CHARS characters, in English, German and Dutch, whichever way the lesson is played."""
    shown = first_lines(LESSON) + first_lines(LESSON, other_move(1)) + first_lines(as_starter(LESSON))
    shown += first_lines(as_starter(LESSON), other_move(2))
    rules = {rule for rule, _short, _line in shown}
    assert set(LESSON.checklist) | {"turn", "your_secret_trump"} <= rules
    for rule, short, line in shown:
        assert fits_first_line(short), (language, rule, short)
        assert short != line or rule == "turn" and len(line) <= FIRST_CHARS, (language, rule, short)


#: The traps of Was sticht? the issue asks the lesson to teach when they come up (rule: what it says).
TRAPS = {"who_you_are": "who the learner is and where they sit",
         "draft_tie": "a tie at the end goes to the higher difficulty sum",
         "row_draft": "what the FIRST tag means",
         "disc_moves": "the FIRST tag passes down the list of players",
         "starter_role": "the starter's bonus, a worked example",
         "starter_end": "the starter's bonus as it happens (or why not)"}


def check_traps(told):
    rules = [note.rule for _moment, note in told]
    assert rules[0] == "who_you_are", rules[:3]
    assert set(TRAPS) <= set(rules), set(TRAPS) - set(rules)
    notes = {note.rule: note for _moment, note in told}
    assert "Say " in notes["starter_role"].line  # the example, with the round's own players and tasks
    assert "share the win" in notes["draft_tie"].line
    assert "down the list of players" in notes["disc_moves"].line
    assert f"{first_tag()} tag" in notes["row_draft"].line  # the word the table's tag shows


def test_following_the_teacher_every_trap_is_met_and_explained():
    told = walk(LESSON).told
    check_traps(told)
    assert set(TRAPS) <= set(LESSON.checklist)
    # the lesson's own deal shows the bonus happen: the starter lays down a task of their own
    end = dict((note.rule, note) for _moment, note in told)["starter_end"]
    assert "starter's bonus" in end.line and "need not fit it" in end.line


@pytest.mark.parametrize("seed", SEEDS)
def test_choosing_other_moves_every_trap_is_met_and_explained(seed):
    check_traps(walk(LESSON, other_move(seed)).told)


def test_score_lines_agree_with_the_state(walks):
    for label, (_, state, _) in walks:
        last = state.history[-1]
        for seat in range(wassticht.PLAYERS):
            names = tuple(s.name for s in state.seats)
            lines = score_lines(GAME, state.view(seat), names)
            assert all(sentences(line.replace(" → ", ". ") + ".") <= 3 for line in lines[1:])
            rows = lines[1:]
            assert len(rows) == wassticht.PLAYERS
            for s, line in enumerate(rows):
                who = "You" if s == seat else names[s]
                m = re.fullmatch(rf"{who}: (.*) → (\d+) this round, (\d+) laid down in all, (\d+) to go", line)
                assert m, f"{label}: {line}"
                assert int(m.group(2)) == last["points"][s] and int(m.group(3)) == last["totals"][s] == state.totals[s]
                assert int(m.group(4)) == len(state.held[s])
                laid = last["laid_down"].get(str(s))
                assert (laid is not None) == (last["points"][s] > 0)
                if laid is not None:
                    assert wording(laid) in m.group(1)


def test_notes_never_tell_a_secret(walks):
    """The learner hears the trump only once it is shown or the hints leave one, and nobody's chosen
    task before all are shown."""
    for label, (told, _, _) in walks:
        me = told[0].moment.seat
        for t in told:
            st, line = t.state, t.note.line + " " + t.note.short
            if st.round and st.starter != me and not st.trump_revealed():
                if trump_words(*trump_of(st)) in line:
                    assert consistent_trumps(st) == [trump_of(st)], f"{label}: {line}"
            if st.phase == "task_choice":
                for s, task in enumerate(st.chosen):
                    if task is not None and s != me:
                        assert TASKS[task][0] not in line, f"{label}: {line}"


def test_the_same_notes_whatever_the_hidden_trump():
    """Two games alike in all the learner sees, one with another trump that fits every hint so far:
    the notes the learner gets at that moment are the same."""
    state = LESSON.state()
    seat = LESSON.learner
    names = LESSON.names
    rng = random.Random(3)
    while not (state.phase == "row_draft" and state.row == 3 and not state.drafted[-1]):  # row 2's hint
        before = state.view(seat)
        state.apply(rng.choice(state.legal_actions()))
    other = state.clone()
    fits = [c for c in consistent_trumps(state) if c != trump_of(state)]
    assert fits
    other.set_hidden(trump=fits[0])
    for st in (state, other):
        assert st.view(seat)["possible_trumps"] == state.view(seat)["possible_trumps"]
    notes = [Teacher(GAME).look(Moment(st.view(seat), before, None, None, tuple(st.legal_actions())
                                       if st.current_player == seat else (), names))
             for st in (state, other)]
    assert notes[0] and notes[0] == notes[1]


def test_cannot_follow_says_what_the_cards_can_do_in_every_case():
    """Issue 30, item 2: yellow led, Ben's blue 7 (a trump) already played, the learner holding only
    the blue 5; then random tricks under every trump: what the note says of the cards is true."""
    import game.games.wassticht.teach as teach
    names = LESSON.names
    me = LESSON.learner

    def line_for(trick, hand, trump):
        view = {"seat": me, "phase": "play", "trick": trick, "hand": hand, "trump_colour": trump[0],
                "trump_number": trump[1]}
        moment = Moment(view, legal=tuple(("play", c) for c in hand), names=names)
        return teach.cannot_follow(moment)

    note = line_for([(3, "Y6"), (0, "B7")], ["B5"], ("B", 4))
    assert "A trump is already in it, Ben's blue 7, and none of your cards beats it." in note.line
    verify_cannot_follow_odds([(3, "Y6"), (0, "B7")], ["B5"], ("B", 4), note.line, names, me)
    rng = random.Random(30)
    told = 0
    for _ in range(3000):
        trump = rng.choice(TRUMP_COMBOS)
        deck = list(wassticht.DECK)
        rng.shuffle(deck)
        played, hand = deck[:rng.randint(1, 3)], deck[4:4 + rng.randint(1, 6)]
        trick = [((me + 1 + i) % 4, c) for i, c in enumerate(played)]
        note = line_for(trick, hand, trump)
        if note is None:
            continue
        told += 1
        assert sentences(note.line) <= 2, note.line
        verify_cannot_follow_odds(trick, hand, trump, note.line, names, me)
    assert told > 100


# --- the second newcomer (issue 30): one plan said, no hopeless task, a lost task said once ----------
NEWCOMER_TAKES = ("T09", "T04", "T10", "T19", "T11")  # the first trick, exactly 3, the last trick, ...


def newcomer(lines, choose_task=None):
    """The second newcomer's round: the tasks NEWCOMER_TAKES in the draft, CHOOSE_TASK (or the
    suggestion) at the task choice, the suggestion elsewhere; every turn line kept in LINES with the
    state's view then."""
    def choose(moment, advice):
        lines.append((moment.view, advice, turn_line(GAME, moment, advice)))
        if advice[0] == "take_task":
            return next((("take_task", t) for t in NEWCOMER_TAKES if ("take_task", t) in moment.legal), advice)
        if advice[0] == "task" and choose_task:
            return ("task", choose_task)
        return advice
    return choose


def still_possible(task, me, tricks):
    """Some way of winning the tricks still to come fulfils TASK (the cards still to come taken as
    adding nothing: the friendliest case for every task the teacher may call lost)."""
    left = wassticht.TRICKS - len(tricks)
    other = (me + 1) % wassticht.PLAYERS
    return any(wassticht.task_fulfilled(task, me, list(tricks) + [{"cards": [], "winner": me if p >> i & 1 else other}
                                                                  for i in range(left)])
               for p in range(2 ** left))


def test_a_hopeless_first_trick_task_is_not_suggested_and_the_change_of_plan_is_said():
    lines = []
    walk_with_states(LESSON, newcomer(lines))  # verify_turn_line holds the 'not' task hopeless
    choice = [(v, a, line) for v, a, line in lines if a[0] == "task"]
    assert len(choice) == 1
    view, advice, line = choice[0]
    assert advice[1] != "T09" and "not 'the first trick': any card you lead first can be beaten" in line
    named = [re.search(r"toward your task ('[^']+')", line).group(1) for _, a, line in lines
             if a[0] == "draft" and "toward your task" in line]
    assert f"(the draft, trump unseen, aimed at {named[-1]})" in line
    assert TASKS[advice[1]][0] not in named[-1]


def test_a_change_of_the_draft_plan_is_said_with_the_task_it_replaces():
    lines = []
    walk_with_states(LESSON, newcomer(lines))
    named = []
    for _, a, line in lines:
        if a[0] != "draft" or "toward your task" not in line:
            continue
        task = re.search(r"toward your task ('[^']+')", line).group(1)
        if named and named[-1] != task:
            assert f"toward your task {task} now, not {named[-1]}:" in line
        else:
            assert " now, not " not in line
        named.append(task)
    assert len(set(named)) > 1  # the newcomer's draft does change its plan


def test_a_lost_task_is_said_once_and_no_longer_cited():
    lines = []
    told, state, _ = walk_with_states(LESSON, newcomer(lines, choose_task="T09"))
    me = LESSON.learner
    assert state.history[-1]["chosen"][me] == "T09"
    plays = [(v, line) for v, a, line in lines if a[0] == "play"]
    lost_at = [i for i, (v, line) in enumerate(plays) if "can no longer be fulfilled" in line]
    assert len(lost_at) == 1
    i = lost_at[0]
    assert "Your task 'the first trick' can no longer be fulfilled this round" in plays[i][1]
    assert not still_possible("T09", me, plays[i][0]["tricks"])
    assert still_possible("T09", me, plays[i - 1][0]["tricks"])  # said at the first turn after it was lost
    assert all("(your task" not in line for _, line in plays[i:])
    # the first lead, before it was lost: warned that every lead can be beaten (true: see the helper)
    assert "another open hand can beat any card you lead here" in plays[0][1]


@pytest.mark.parametrize("lesson_", [LESSON, as_starter(LESSON)], ids=["second", "starter"])
def test_the_learners_first_take_says_one_task_each_per_round(lesson_):
    """Newcomers were never told that each player takes exactly one task per round of the draft: the
    note comes where the learner first takes a task, in its first line and under More."""
    told = walk(lesson_).told
    moment, note = next((m, n) for m, n in told if n.rule == "task_draft")
    assert moment.my_turn and moment.view["phase"] == "task_draft"
    assert not moment.view["held_tasks"][moment.seat], "the learner's first take"
    per = moment.view["tasks_per_player"]
    assert note.short == f"Each round, everyone takes exactly one task, until all hold {per}."
    assert "each round every player takes exactly one task" in note.line
