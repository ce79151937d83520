"""The players' language: one translation function for every word a person sees.

Pure Python (gettext from the standard library; no pygame). The catalogues are gettext ``.po`` files in
``assets/locale/<lang>/LC_MESSAGES/tricktable.po``, kept up to date with Babel (``python -m
tools.catalogues``), compiled to ``.mo`` beside them and read from the package with importlib.resources.
English is the source language: its words are the message ids.

How code uses it::

    from game.i18n import _, N_, ngettext, pgettext
    _("Your turn")                                      # translated now, in the language now
    _("{name} won the trick").format(name=name)         # placeholders by name, never glued fragments
    ngettext("{n} trick", "{n} tricks", n).format(n=n)  # plural forms follow the language
    pgettext("button", "Play")                          # a context where one English word has two senses
    TITLE = N_("Settings")   # a constant: only marked here; _(TITLE) where it is shown

Words are translated when they are shown, never when a module is imported: the language can change
at any moment (Settings), and the next frame must speak it. A thread (the phone server) can speak
another language for a while with ``speaking(lang)`` without changing the table's.
"""

import contextvars
import gettext as _gettext
import locale
import os
from contextlib import contextmanager
from importlib import resources

DOMAIN = "tricktable"
SOURCE = "en"
# Each language by its own name: a person looking for theirs reads it in their own language.
LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}

_table = SOURCE  # the table's language: the TV, the log, the command line
_speaking = contextvars.ContextVar("speaking", default=None)  # a phone's own, for a while
_catalogues = {}


def catalogue(lang):
    """The compiled catalogue of LANG (a gettext translations object); English is the source itself."""
    if lang not in _catalogues:
        found = None
        if lang != SOURCE:
            path = resources.files("assets") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            try:
                with path.open("rb") as f:
                    found = _gettext.GNUTranslations(f)
            except OSError:
                found = None
        _catalogues[lang] = found or _gettext.NullTranslations()
    return _catalogues[lang]


def language():
    """The language words are translated into now: a phone's while it is spoken to, else the table's."""
    return _speaking.get() or _table


def table_language():
    return _table


def set_language(lang):
    """Make LANG the table's language (a code from LANGUAGES; anything else means English). True when
    that changed it: whoever keeps words made earlier makes them again."""
    global _table
    lang = supported(lang) or SOURCE
    changed, _table = lang != _table, lang
    return changed


@contextmanager
def speaking(lang):
    """Translate into LANG (this thread or task only) inside the block."""
    token = _speaking.set(supported(lang) or None)
    try:
        yield
    finally:
        _speaking.reset(token)


def supported(code):
    """The language of ours a code such as 'de_AT.UTF-8', 'nl-BE' or 'de' names, or None."""
    if not isinstance(code, str):
        return None
    base = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language(environ=None):
    """The system's language where it is one of ours, else English. The variables gettext reads, in
    its order, then the locale the system reports (Windows and macOS set no variables)."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            for code in value.split(":"):  # LANGUAGE is a list of preferences
                if supported(code):
                    return supported(code)
            if name != "LANGUAGE":
                break  # the first set locale variable decides, as gettext's does
    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return supported(code) or SOURCE


def best_of(preferred, fallback=None):
    """The first language of ours in PREFERRED (codes like a browser's, best first), else FALLBACK's,
    else the table's."""
    for code in preferred or ():
        if supported(code):
            return supported(code)
    return supported(fallback) or _table


# --- translating -------------------------------------------------------------------------------------
def _(message):
    return catalogue(language()).gettext(message)


def ngettext(singular, plural, n):
    return catalogue(language()).ngettext(singular, plural, n)


def pgettext(context, message):
    return catalogue(language()).pgettext(context, message)


def npgettext(context, singular, plural, n):
    return catalogue(language()).npgettext(context, singular, plural, n)


def N_(message):
    """Marks MESSAGE for the catalogue without translating it (a constant, translated where shown)."""
    return message


def listing(items, pairs=False):
    """ITEMS as one list in words, in the language now: "a", "a and b", "a, b and c" (PAIRS: "a and b and
    c", as some lines have always said it)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    if pairs:
        words = items[0]
        for item in items[1:]:
            words = _("{first} and {last}").format(first=words, last=item)
        return words
    # TRANSLATORS: the end of a list: {first} is one item or several joined by ", " ("red, green"), {last} the last
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def words_of(lang):
    """Every translated message of LANG, {message id: translation} (plural forms: a list, keyed by the
    singular), for a page that translates for itself (the phone's). Context messages are keyed
    'context\x04message'."""
    words = {}
    for key, text in getattr(catalogue(lang), "_catalog", {}).items():
        if isinstance(key, tuple):  # (singular, n): the n-th plural form
            forms = words.setdefault(key[0], [])
            forms.extend([""] * (key[1] + 1 - len(forms)))
            forms[key[1]] = text
        elif key:
            words[key] = text
    return words


class Phrase(str):
    """Words a state keeps (a rule's reason) that can be said again in another language: the words as
    made (shown, compared and written like any text), and how to make them; ``again()`` makes them in
    the language now."""

    def __new__(cls, make, words=None):
        """WORDS: the words as MAKE makes them now, when they are made already."""
        phrase = super().__new__(cls, make() if words is None else words)
        phrase.make = make
        return phrase

    def again(self):
        return self.make()

    # words do not change: a copy of a view (a bot's, a test's) shares them
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def again(words):
    """WORDS in the language now: a Phrase made again, any other text as it is."""
    return words.again() if isinstance(words, Phrase) else words


# --- numbers and dates -------------------------------------------------------------------------------
_DECIMAL = {"en": ".", "de": ",", "nl": ","}
_GROUP = {"en": ",", "de": ".", "nl": "."}


def number(value, digits=0):
    """VALUE with DIGITS decimals in the language's way: 1,234.5 (en), 1.234,5 (de, nl)."""
    text = f"{value:,.{digits}f}"
    lang = language()
    return text.translate(str.maketrans({",": _GROUP[lang], ".": _DECIMAL[lang]}))


def decimal(value):
    """VALUE as short as it goes (as Python's :g) with the language's decimal mark: 0.7 (en), 0,7 (de)."""
    return f"{value:g}".replace(".", _DECIMAL[language()])


def percent(value, digits=0):
    """A share (0.42) as a percentage in the language's way: 42% (en), 42 % (de, nl)."""
    text = number(value * 100, digits)
    return f"{text}%" if language() == "en" else f"{text} %"


_MONTHS = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "de": ("Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."),
    "nl": ("jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"),
}


def date(moment, time=True):
    """A date (and time) in the language's own order: 'Nov 24, 2026 20:15' (en), '24. Nov. 2026, 20:15'
    (de), '24 nov 2026 20:15' (nl)."""
    lang = language()
    month = _MONTHS[lang][moment.month - 1]
    if lang == "de":
        day = f"{moment.day}. {month} {moment.year}"
        clock = f", {moment:%H:%M}"
    elif lang == "nl":
        day = f"{moment.day} {month} {moment.year}"
        clock = f" {moment:%H:%M}"
    else:
        day = f"{month} {moment.day}, {moment.year}"
        clock = f" {moment:%H:%M}"
    return day + clock if time else day
