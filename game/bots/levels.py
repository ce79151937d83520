"""What each bot level does, in words for the seat setup: one short line per level and a longer
tooltip, with how well the level did in the measured duplicate tournaments of docs/bots.md (one seat
of the level against all other seats of the level below it). Pure Python.

tests/test_bot_levels.py holds that every level of the registry has words here and that every
measured number below is the one docs/bots.md reports; rerun the tournament, update both together.

The words are marked for translation here (N_) and translated when a line or a tooltip is made.
"""

from game.i18n import _, N_
from game.kit import kit, registered

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

# What the words above say of each game is its kit's ``level_words`` ({"sense", "plan", "unseen"}: a
# tooltip names only what the game has, no task in Tricks).


def level_words(level, game_id):
    """The tooltip's words of LEVEL for GAME_ID, in the language now."""
    return _(WORDS[level][1]).format(**{k: _(v) for k, v in kit(game_id).level_words.items()})


def _label(level, label, labels):
    """A level's name as the menu shows it (LABEL, or LABELS' or our own), in the language now."""
    return _(label or labels.get(level) or NAMES.get(level, level))


# level -> the level it was measured against (one seat of it, all others of this one)
MEASURED_AGAINST = {"easy": "random", "normal": "easy", "hard": "normal"}

# Each game's kit holds its measured numbers (``measured``: (players, level) -> (games, wins)): one
# seat of the level, every other seat of MEASURED_AGAINST[level], on duplicate deals (docs/bots.md:
# Easy and Normal from "Tournament benchmark", Hard from "The goal's measurement", the largest and
# latest).


def all_measured():
    """{(game, players, level): (games, wins)} of every registered game."""
    return {(game_id, players, level): found for game_id in registered()
            for (players, level), found in kit(game_id).measured.items()}


def measured(game_id, players, level):
    """(win percent, games, wins, the level it played against) or None where nothing was measured."""
    found = kit(game_id).measured.get((players, level))
    if found is None:
        return None
    games, wins = found
    return round(100 * wins / games), games, wins, MEASURED_AGAINST[level]


def level_line(label, level, game_id, players, labels):
    """One short line in words a newcomer can use: 'Hard: looks ahead by sampling · much stronger than
    Normal' (how often it won against the level below, next to what luck alone wins: ``strength``).
    LABELS: level name -> its menu label (the levels measured against are named by theirs); the labels
    are the English names (message ids), translated here."""
    short = _(WORDS[level][0])
    label = _label(level, label, labels)
    fact = measured(game_id, players, level)
    if fact is None:
        # TRANSLATORS: a bot level's line, e.g. "Hard: looks ahead by sampling"
        return _("{level}: {what}").format(level=label, what=short)
    percent, _games, _wins, against = fact
    # TRANSLATORS: e.g. "Hard: looks ahead by sampling · much stronger than Normal"
    return _("{level}: {what} · {strength}").format(
        level=label, what=short, strength=strength(percent, players, _label(against, None, labels)))


def strength(percent, players, against):
    """How a level did against AGAINST (a level's name) in words: its win PERCENT beside the share luck
    alone wins among PLAYERS."""
    ratio = percent * players / 100
    if ratio < 0.9:
        return _("weaker than {against}").format(against=against)
    if ratio < 1.15:
        return _("about as strong as {against}").format(against=against)
    if ratio < 2:
        return _("a bit stronger than {against}").format(against=against)
    return _("much stronger than {against}").format(against=against)


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
    # TRANSLATORS: {words} is the sentence above; {others} is how many bots of the level {against} played;
    # {chance} the share of games luck alone would win
    return _("{words} Measured: against {others} {against} bots, one {level} bot won {wins} of {games} games "
             "({percent}%), where luck alone would win {chance}%.").format(
        words=words, level=label, others=players - 1, against=_label(against, None, labels), wins=wins,
        games=games, percent=percent, chance=chance)
