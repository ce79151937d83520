"""The command lines' language: ``--lang`` read before anything is said, and argparse's own words
(usage, options, errors) from our catalogues too.

argparse asks the standard gettext for its words; ``speak_argparse()`` points it at ours, and the words
it asks for are marked below so the catalogues hold them.
"""

import argparse

from game import i18n
from game.i18n import N_

# argparse's words a person of ours can meet (Python's argparse, 3.10-3.13); marked for the catalogues.
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected at most one argument"), N_("expected at least one argument"),
)


def speak_argparse():
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext


def language_from(argv):
    """The language ``--lang`` in ARGV asks for (checked later by the real parser), else the system's."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", dest="language", default=None)
    known, _ = early.parse_known_args(argv)
    return i18n.supported(known.language) or i18n.system_language()


def add_language(parser):
    """The ``--lang`` option, as each command line offers it."""
    parser.add_argument("--lang", dest="language", choices=sorted(i18n.LANGUAGES), default="",
                        help=i18n._("language of the words: {choices} (default: the system's)").format(
                            choices=", ".join(f"{code} ({name})" for code, name in i18n.LANGUAGES.items())))


def speak(argv):
    """Set the language ARGV asks for before a parser is made; returns it."""
    lang = language_from(argv)
    i18n.set_language(lang)
    speak_argparse()
    return lang
