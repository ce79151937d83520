"""Is a drawn text in the language it should be? (issue 32) Every word of it must be a word of that
language's catalogue, or a name no language translates."""

import re

from game import i18n

# Words that are no language's: the people's names the snapshots and tests seat, the game titles as
# published, each language by its own name, the program's name, keys named on the keyboard, an error code.
NAMES = {"Anna", "Ben", "Carla", "David", "Emma", "Felix", "Dora", "Tricktable", "Mit", "List", "und", "Tücke",
         "Was", "sticht", "Tricks", "English", "Deutsch", "Nederlands", "Esc", "Enter", "Tab", "F11", "ENOSPC"}
WORD = re.compile(r"[^\W\d_]{2,}")


def vocabulary(lang):
    """Every word of LANG's catalogue: the words a drawn text in LANG may be made of."""
    words = set()
    for value in i18n.words_of(lang).values():
        for text in value if isinstance(value, (list, tuple)) else [value]:
            words.update(WORD.findall(text))
    return words


def foreign_words(texts, lang):
    """The words of TEXTS that are not LANG's (sorted, each once)."""
    known = vocabulary(lang) | NAMES
    return sorted({w for text in texts for w in WORD.findall(text) if w not in known})
