"""What each bot level does, in words for the seat setup: one short line per level and a longer
tooltip, with how well the level did in the measured duplicate tournaments of docs/bots.md (one seat
of the level against all other seats of the level below it). Pure Python.

tests/test_bot_levels.py holds that every level of the registry has words here and that every
measured number below is the one docs/bots.md reports; rerun the tournament, update both together.
"""

# level -> (what it does, in a few words for the line; the same, more fully, for the tooltip)
WORDS = {
    "random": ("any legal move, by chance",
               "plays any legal move, by pure chance: the yardstick the other levels are measured against."),
    "easy": ("random, with a little sense",
             "plays mostly at random, with a little sense: it {sense}."),
    "normal": ("rules of thumb for this game",
               "plays by rules of thumb written for this game: it plans {plan} from "
               "the cards it has seen, and weighs each card by its chances in the trick."),
    "hard": ("looks ahead by sampling",
             "searches ahead: thousands of times a move it makes up what it cannot see ({unseen}) "
             "to fit what it has seen, plays the round on, and picks the move that did best (about "
             "0.3 s a move)."),
}

# what the words above say of each game (a tooltip names only what the game has: no task in Tricks)
GAME_WORDS = {
    "mlut": {"sense": "keeps the colours it collects", "plan": "its plus colours",
             "unseen": "the others' hands"},
    "tricks": {"sense": "takes no needless loans and wastes no chips", "plan": "its buys and its bid",
               "unseen": "the order of the decks, the secret bids"},
    "wassticht": {"sense": "lays a task down when it may", "plan": "its task and its draft",
                  "unseen": "the secret trump, the secret tasks"},
}


def level_words(level, game_id):
    """The tooltip's words of LEVEL for GAME_ID."""
    return WORDS[level][1].format(**GAME_WORDS[game_id])


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
    LABELS: level name -> its menu label (the levels measured against are named by theirs)."""
    short = WORDS[level][0]
    fact = measured(game_id, players, level)
    if fact is None:
        return f"{label}: {short}"
    percent, _, _, against = fact
    return f"{label}: {short} · won {percent}% vs {labels.get(against, against)}"


def level_tip(label, level, game_id, players, labels):
    """The tooltip: what the level does, and how it did, in whole words."""
    words = f"{label} {level_words(level, game_id)}"
    fact = measured(game_id, players, level)
    if fact is None:
        return words
    percent, games, wins, against = fact
    chance = round(100 / players)
    return (f"{words} Measured: one {label} bot with {players - 1} {labels.get(against, against)} bots won "
            f"{wins} of {games} games ({percent}%; chance is {chance}%).")
