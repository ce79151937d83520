"""Is a drawn text in the language it should be? (issue 32) Every word of it must be a word of that
language's catalogue or of its rules pages, a month of its dates, or a name no language translates.
Words are compared case-blind (a sign may shout ROT IST TRUMPF); a word cut with "…" is the cut-words
check's matter, and a link's letters are no language's."""

import gettext
import re
from functools import lru_cache
from importlib import resources

from game import i18n

# Words that are no language's: the people's names the snapshots and tests seat, the game titles as
# published, each language by its own name, the program's name, keys named on the keyboard, an error
# code.
NAMES = {"Anna", "Ben", "Carla", "David", "Emma", "Felix", "Dora", "Tricktable", "Mit", "List", "und", "Tücke",
         "Was", "sticht", "Tricks", "English", "Deutsch", "Nederlands", "Esc", "Enter", "Tab", "F11", "ENOSPC",
         "Klaus", "Palesch", "Karl", "Heinz", "Schmiel", "Alan", "Moon"}
WORD = re.compile(r"[^\W\d_]{2,}")
CUT = re.compile(r"\w+…")
# a link, a path, a file's name or its stamp, a record's own word quoted ("act")
LINK = re.compile(r"\S*/\S*|\S+\.(?:jsonl|json|bad)\b|\S*\d{8}\S*|\"[a-z]+\"")
# a seat's secret code, alone on its line under its link: digits, - or _, or a capital inside it
CODE = re.compile(r"^(?=.*(?:[\d_-]|[a-z][A-Z]))[\w-]{12,}$")


@lru_cache(maxsize=None)
def vocabulary(lang):
    """Every word of LANG: its catalogue, its rules pages, its months (casefolded)."""
    texts = []
    for value in i18n.words_of(lang).values():
        texts += value if isinstance(value, (list, tuple)) else [value]
    pages = resources.files("assets") / "rules" / lang
    if pages.is_dir():
        texts += [page.read_text(encoding="utf-8") for page in pages.iterdir() if page.name.endswith(".txt")]
    texts += i18n._MONTHS[lang]
    return frozenset(w.casefold() for text in texts for w in WORD.findall(text))


def foreign_words(texts, lang):
    """The words of TEXTS that are not LANG's (sorted, each once)."""
    names = {n.casefold() for n in NAMES}
    known = vocabulary(lang) | names | {n + "s" for n in names}  # German's "Carlas Auftrag"
    texts = [text for text in texts if not CODE.match(text.strip())]
    found = {w for text in texts for w in WORD.findall(CUT.sub(" ", LINK.sub(" ", text)))}
    return sorted(w for w in found if w.casefold() not in known)


class Marked(gettext.NullTranslations):
    """A stand-in catalogue: every word comes back between LEFT and RIGHT (placeholders kept, so
    .format still works), so a test sees what went through the translation function without depending
    on the real catalogues."""

    def __init__(self, left="«", right="»"):
        super().__init__()
        self.left, self.right = left, right

    def gettext(self, message):
        return f"{self.left}{message}{self.right}"

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.gettext(message)

    def npgettext(self, context, singular, plural, n):
        return self.ngettext(singular, plural, n)


def mark_german(monkeypatch, left="«", right="»"):
    """German, for this test, is the stand-in catalogue; English again after it (conftest)."""
    monkeypatch.setitem(i18n._catalogues, "de", Marked(left, right))
