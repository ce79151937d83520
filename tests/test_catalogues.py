"""The translation catalogues (issue 32): in step with the source, complete, and safe to format.

- Every word the source marks (Babel's extraction, as ``python -m tools.catalogues`` runs it) is in the
  German and the Dutch catalogue, and the catalogues hold no word the source no longer has.
- No German or Dutch entry is missing or fuzzy.
- A translation keeps its message's placeholders exactly: ``{name}`` and ``%(prog)s`` alike, so
  formatting it can never fail or drop a name.
- The compiled catalogues (.mo, what the app and the wheel read) say what the .po files say.
- A function that translates never uses ``_`` for anything else (``for _ in ...`` would make ``_``
  local to the whole function, and ``_("...")`` would fail there).
"""

import ast
import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from tools import catalogues

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


def keys(catalog):
    return {(m.context, m.id) for m in catalog if m.id}


def po(lang):
    with open(catalogues.po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    pot = tmp_path_factory.mktemp("pot") / "tricktable.pot"
    catalogues.template(pot)
    with open(pot, "rb") as f:
        return read_po(f)


@pytest.mark.slow
def test_the_source_marks_words(template):
    ids = {m.id for m in template if m.id}
    assert len(ids) > 500
    assert "Settings" in ids


@pytest.mark.parametrize("lang", OTHERS)
def test_the_catalogue_is_in_step_with_the_source(template, lang):
    wanted, held = keys(template), keys(po(lang))
    missing, stale = wanted - held, held - wanted
    assert not missing, f"{lang}: {len(missing)} words the source marks are not in the catalogue " \
                        f"(run python -m tools.catalogues), e.g. {sorted(missing, key=str)[:5]}"
    assert not stale, f"{lang}: {len(stale)} words the source no longer has, e.g. {sorted(stale, key=str)[:5]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_no_entry_is_missing_or_fuzzy(lang):
    gaps = catalogues.missing(lang)
    assert not gaps, f"{lang}: {len(gaps)} untranslated or fuzzy, e.g. {[m.id for m in gaps[:5]]}"


BRACES = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[srd]")


def placeholders(text):
    return set(BRACES.findall(text)), sorted(PERCENT.findall(text))  # a name may be said once more or less


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_their_placeholders(lang):
    wrong = []
    for message in po(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in strings:
            if not form:
                continue
            if len(ids) == 1:
                ok = placeholders(form) == placeholders(ids[0])
            else:  # a plural form may leave the count out ("one trick"), never add a name
                given = set(placeholders(ids[0])[0]) | set(placeholders(ids[1])[0])
                ok = set(placeholders(form)[0]) <= given
            if not ok:
                wrong.append((ids[0], form))
    assert not wrong, f"{lang}: {wrong[:5]}"


# German card words have one form, the one after "die" ("die rote 14"); after a dative or genitive
# article the colour would need "-en" ("mit der roten 14"), so sentences are built to name a card with
# "die", "deine", "eine" only.
DATIVE_CARD = re.compile(r"\b(?:der|einer|deiner|seiner|ihrer|meiner|dieser|jeder|unserer|eurer) "
                         r"\{(?:card|equal|won)\}", re.IGNORECASE)


def test_german_names_a_card_only_where_its_one_form_fits():
    wrong = [form for message in po("de") if message.id
             for form in (message.string if isinstance(message.string, tuple) else (message.string,))
             if DATIVE_CARD.search(form or "")]
    assert not wrong, wrong[:5]


DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)


def tricks_screens_words():
    """The message ids the Tricks screens mark: they name a card with their own card_name (the grey 4
    apart). Read from the source as Babel reads it (the catalogues keep no locations)."""
    from babel.messages.extract import extract_from_file
    return {message for path in (ROOT / "scenes" / "boards" / "tricks").glob("*.py")
            for _line, message, _notes, _context in extract_from_file("python", str(path))}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_card_named_in_a_sentence_never_doubles_its_article(lang):
    """Every sentence that names a card, with each card name it is given (the Tricks screens name the
    grey 4 their own way): no word twice in a row ("die die graue 4")."""
    from game import cards
    from scenes.boards.tricks import common as tricks_screens
    tricks_ids = tricks_screens_words()
    assert "{name} plays the grey 4 as {card}." in tricks_ids
    i18n.set_language(lang)
    checked = []
    for message in po(OTHERS[0] if lang == i18n.SOURCE else lang):
        if not message.id or isinstance(message.id, tuple) or "{card}" not in message.id:
            continue
        namer = tricks_screens.card_name if message.id in tricks_ids else cards.name
        sentence = message.id if lang == i18n.SOURCE else message.string
        checked += [sentence.replace("{card}", namer(card)) for card in ("R5", "X4", "Y14")]
    assert len(checked) > 150
    doubled = [said for said in checked if DOUBLED.search(said)]
    assert not doubled, doubled[:5]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_compiled_catalogue_says_what_the_po_says(lang):
    mo = catalogues.po_path(lang).with_suffix(".mo")
    with open(mo, "rb") as f:
        compiled = gettext.GNUTranslations(f)
    differ = []
    for message in po(lang):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for n, form in ((1, message.string[0]), (2, message.string[1])):
                if message.context:
                    got = compiled.npgettext(message.context, *message.id, n)
                else:
                    got = compiled.ngettext(*message.id, n)
                if got != form:
                    differ.append(message.id[0])
        else:
            got = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
            if got != message.string:
                differ.append(message.id)
    assert not differ, f"{lang}: compile the catalogues (python -m tools.catalogues): {differ[:5]}"


def test_the_app_reads_the_compiled_catalogues():
    german = i18n.catalogue("de")
    assert german.gettext("Settings") == "Einstellungen"
    with i18n.speaking("nl"):
        assert i18n._("Settings") == "Instellingen"
    assert i18n._("Settings") == "Settings"


def test_numbers_and_dates_follow_the_language():
    import datetime
    moment = datetime.datetime(2026, 11, 24, 20, 15)
    seen = {}
    for lang in i18n.LANGUAGES:
        with i18n.speaking(lang):
            seen[lang] = (i18n.number(1234.5, 1), i18n.percent(0.425, 1), i18n.decimal(0.35), i18n.date(moment))
    assert seen["en"] == ("1,234.5", "42.5%", "0.35", "Nov 24, 2026 20:15")
    assert seen["de"] == ("1.234,5", "42,5 %", "0,35", "24. Nov. 2026, 20:15")
    assert seen["nl"] == ("1.234,5", "42,5 %", "0,35", "24 nov 2026 20:15")


def test_the_system_language_is_found_where_it_is_ours():
    assert i18n.system_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.system_language({"LANGUAGE": "fr:nl", "LANG": "fr_FR.UTF-8"}) == "nl"
    assert i18n.system_language({"LC_ALL": "nl_BE.UTF-8", "LANG": "de_DE.UTF-8"}) == "nl"
    assert i18n.best_of(["fr-CA", "nl-NL", "de"]) == "nl"
    assert i18n.best_of(["fr"], fallback="de") == "de"


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
          ast.GeneratorExp)


def own_nodes(function):
    """The nodes of FUNCTION's own scope (not of a function or comprehension inside it)."""
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, SCOPES):
            todo.extend(ast.iter_child_nodes(node))


def binds_underscore(function):
    arguments = function.args
    if any(a.arg == "_" for a in arguments.args + arguments.kwonlyargs + arguments.posonlyargs):
        return True
    return any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in own_nodes(function))


def calls_underscore(function):
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
               for n in ast.walk(function))


@pytest.mark.slow
def test_no_function_that_translates_binds_underscore():
    bad = []
    for path in sorted(ROOT.glob("*/**/*.py")):
        if path.parts[len(ROOT.parts)] not in ("game", "kept", "scenes", "phone", "tools"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                if calls_underscore(node) and binds_underscore(node):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad


WORD_CALLS = {"_", "N_", "ngettext", "pgettext", "npgettext"}


def test_no_word_is_marked_inside_an_f_string():
    """The extractor does not look inside f-strings: Was sticht?'s "Starter: bonus!" stood in English on
    the German and Dutch score sheet, a word marked where no catalogue ever saw it."""
    bad = []
    for path in sorted(ROOT.glob("*/**/*.py")):
        if path.parts[len(ROOT.parts)] not in ("game", "kept", "scenes", "phone", "tools"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                bad += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in ast.walk(node)
                        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id in WORD_CALLS and any(isinstance(arg, ast.Constant) for arg in call.args)]
    assert not bad, bad
