"""What each bot level does, in words for the seat setup: one short line per level and a longer
tooltip, with how well the level did in the measured duplicate tournaments of docs/bots.md (one seat
of the level against all other seats of the level below it). Pure Python.

tests/test_bot_levels.py holds that every level of the registry has words here and that every
measured number below is the one docs/bots.md reports; rerun the tournament, update both together.

The words are marked for translation here (N_) and translated when a line or a tooltip is made.
"""

from game.i18n import _, N_

# level -> its name in the menu (the English is the message id: the menu shows _(NAMES[level]))
NAMES = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}

# level -> (what it does, in a few words for the line; the same, more fully, for the tooltip)
WORDS = {
    "random": (N_("any legal move, by chance"),
               N_("plays any legal move, by pure chance: the yardstick the other levels are measured against.")),
    "easy": (N_("random, with a little sense"),
             # TRANSLATORS: {sense} is one of the bots' habits below, e.g. "keeps the colours it collects"
             N_("plays mostly at random, with a little sense: it {sense}.")),
    "normal": (N_("rules of thumb for this game"),
               # TRANSLATORS: {plan} is what the bot plans, e.g. "its plus colours"
               N_("plays by rules of thumb written for this game: it plans {plan} from "
                  "the cards it has seen, and weighs each card by its chances in the trick.")),
    "hard": (N_("looks ahead by sampling"),
             # TRANSLATORS: {unseen} is what the bot cannot see, e.g. "the others' hands"
             N_("searches ahead: thousands of times a move it makes up what it cannot see ({unseen}) "
                "to fit what it has seen, plays the round on, and picks the move that did best (about "
                "0.3 s a move).")),
}

# what the words above say of each game (a tooltip names only what the game has: no task in Tricks)
GAME_WORDS = {
    "mlut": {"sense": N_("keeps the colours it collects"), "plan": N_("its plus colours"),
             "unseen": N_("the others' hands")},
    "tricks": {"sense": N_("takes no needless loans and wastes no chips"), "plan": N_("its buys and its bid"),
               "unseen": N_("the order of the decks, the secret bids")},
    "wassticht": {"sense": N_("lays a task down when it may"), "plan": N_("its task and its draft"),
                  "unseen": N_("the secret trump, the secret tasks")},
}


def level_words(level, game_id):
    """The tooltip's words of LEVEL for GAME_ID, in the language now."""
    return _(WORDS[level][1]).format(**{k: _(v) for k, v in GAME_WORDS[game_id].items()})


def _label(level, label, labels):
    """A level's name as the menu shows it (LABEL, or LABELS' or our own), in the language now."""
    return _(label or labels.get(level) or NAMES.get(level, level))


# level -> the level it was measured against (one seat of it, all others of this one)
MEASURED_AGAINST = {"easy": "random", "normal": "easy", "hard": "normal"}

# (game, players, level) -> (games, wins): one seat of the level, every other seat of
# MEASURED_AGAINST[level], on duplicate deals (docs/bots.md: Easy and Normal from "Tournament
# benchmark", Hard from "The goal's measurement", the largest and latest).
MEASURED = {
    ("mlut", 4, "easy"): (800, 705), ("mlut", 5, "easy"): (1000, 896), ("mlut", 6, "easy"): (1200, 1078),
    ("wassticht", 4, "easy"): (800, 274),
    ("tricks", 3, "easy"): (600, 254), ("tricks", 4, "easy"): (800, 318), ("tricks", 5, "easy"): (1000, 367),
    ("mlut", 4, "normal"): (800, 664), ("mlut", 5, "normal"): (1000, 821), ("mlut", 6, "normal"): (1200, 1029),
    ("wassticht", 4, "normal"): (800, 749),
    ("tricks", 3, "normal"): (600, 473), ("tricks", 4, "normal"): (800, 584), ("tricks", 5, "normal"): (1000, 683),
    ("mlut", 4, "hard"): (240, 195), ("mlut", 5, "hard"): (300, 197), ("mlut", 6, "hard"): (360, 217),
    ("wassticht", 4, "hard"): (240, 208),
    ("tricks", 3, "hard"): (180, 154), ("tricks", 4, "hard"): (240, 187), ("tricks", 5, "hard"): (300, 196),
}


def measured(game_id, players, level):
    """(win percent, games, wins, the level it played against) or None where nothing was measured."""
    found = MEASURED.get((game_id, players, level))
    if found is None:
        return None
    games, wins = found
    return round(100 * wins / games), games, wins, MEASURED_AGAINST[level]


def level_line(label, level, game_id, players, labels):
    """One short line: 'Hard: looks ahead by sampling · won 87% vs Normal'.
    LABELS: level name -> its menu label (the levels measured against are named by theirs); the labels
    are the English names (message ids), translated here."""
    short = _(WORDS[level][0])
    label = _label(level, label, labels)
    fact = measured(game_id, players, level)
    if fact is None:
        # TRANSLATORS: a bot level's line, e.g. "Hard: looks ahead by sampling"
        return _("{level}: {what}").format(level=label, what=short)
    percent, _games, _wins, against = fact
    # TRANSLATORS: e.g. "Hard: looks ahead by sampling · won 87% vs Normal" ({against}: a level's name)
    return _("{level}: {what} · won {percent}% vs {against}").format(
        level=label, what=short, percent=percent, against=_label(against, None, labels))


def level_tip(label, level, game_id, players, labels):
    """The tooltip: what the level does, and how it did, in whole words."""
    label = _label(level, label, labels)
    # TRANSLATORS: {level} is a bot level's name ("Hard"), {does} what it does ("searches ahead: ...")
    words = _("{level} {does}").format(level=label, does=level_words(level, game_id))
    fact = measured(game_id, players, level)
    if fact is None:
        return words
    percent, games, wins, against = fact
    chance = round(100 / players)
    # TRANSLATORS: {words} is the sentence above; {others} is how many bots of the level {against} played
    return _("{words} Measured: one {level} bot with {others} {against} bots won {wins} of {games} games "
             "({percent}%; chance is {chance}%).").format(
        words=words, level=label, others=players - 1, against=_label(against, None, labels), wins=wins,
        games=games, percent=percent, chance=chance)
