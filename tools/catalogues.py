"""Keep the translation catalogues in step with the source (Babel's pybabel, run in-process).

    python -m tools.catalogues            extract every marked word, update assets/locale/*/.po, compile .mo
    python -m tools.catalogues fill de words.json ...   set translations from JSON files, then compile
    python -m tools.catalogues missing de  list the words German lacks (missing or fuzzy)
    python -m tools.catalogues skeleton OUT.json FILE...   the words marked in FILEs, as JSON to translate
    python -m tools.catalogues check OUT.json FILE...      every word of FILEs translated, placeholders kept

The JSON a translator may hand in: {"English": "Deutsch", ...}; a word with a context is keyed
"context\\u0004English"; a plural is keyed by its singular and holds the language's forms as a list.
A new language: ``pybabel init -i <template> -d assets/locale -D tricktable -l xx`` (the template comes
from ``python -m tools.catalogues template OUT``), translate its .po, add xx to game.i18n.LANGUAGES.
"""

import json
import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "tricktable"
KEYWORDS = ["-k", "N_", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3"]


def pybabel(*args):
    CommandLineInterface().run(["pybabel", "-q", *args])


def po_path(lang):
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages():
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").exists())


def template(out):
    """Extract every marked word of the source into the template OUT (.pot)."""
    pybabel("extract", "-F", str(ROOT / "babel.cfg"), "-o", str(out), "--no-location", "--sort-output",
            "-c", "TRANSLATORS:", "--project", "Tricktable", "--copyright-holder", "Tricktable",
            "--msgid-bugs-address", "-", *KEYWORDS, str(ROOT))


def update():
    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp) / f"{DOMAIN}.pot"
        template(pot)
        for lang in languages():
            pybabel("update", "-i", str(pot), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
                    "--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap")
    compile_all()


def compile_all():
    pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")


def fill(lang, files):
    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    words = {}
    for name in files:
        given = json.loads(Path(name).read_text(encoding="utf-8"))
        # a word left empty (a file still being translated) never overwrites a translation
        words.update({k: v for k, v in given.items() if v and (not isinstance(v, list) or all(v))})
    used = 0
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        if key not in words:
            continue
        value = words[key]
        if isinstance(message.id, tuple):
            forms = value if isinstance(value, list) else [value, value]
            message.string = tuple(forms[: catalog.num_plurals]) + tuple(forms[-1:]) * (catalog.num_plurals - len(forms))
        else:
            message.string = value[0] if isinstance(value, list) else value
        message.flags.discard("fuzzy")
        used += 1
    with open(po_path(lang), "wb") as f:
        write_po(f, catalog, width=0, omit_header=False)
    print(f"{lang}: {used} of {len(words)} given words used")
    compile_all()


def missing(lang):
    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if "fuzzy" in message.flags or not all(strings):
            out.append(message)
    return out


def extracted(paths):
    """The catalogue of the words marked in PATHS (files of the source), as Babel extracts them."""
    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp) / "part.pot"
        cfg = Path(tmp) / "babel.cfg"
        cfg.write_text("[python: **.py]\n[javascript: **.js]\n")
        pybabel("extract", "-F", str(cfg), "-o", str(pot), "--no-location", "-c", "TRANSLATORS:", *KEYWORDS,
                *[str(Path(p).resolve()) for p in paths])
        with open(pot, "rb") as f:
            return read_po(f)


def key_of(message):
    key = message.id[0] if isinstance(message.id, tuple) else message.id
    return f"{message.context}\x04{key}" if message.context else key


def braces(text):
    return sorted(re.findall(r"(?<!\{)\{[^{}]*\}(?!\})", text))


def skeleton(out, paths):
    """Write OUT: JSON {word: ""} (plurals: ["", ""]) for every word marked in PATHS, keeping what OUT
    already holds."""
    old = json.loads(Path(out).read_text(encoding="utf-8")) if Path(out).exists() else {}
    words = {}
    for message in extracted(paths):
        if message.id:
            key = key_of(message)
            words[key] = old.get(key, ["", ""] if isinstance(message.id, tuple) else "")
    Path(out).write_text(json.dumps(words, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{out}: {len(words)} words, {sum(1 for v in words.values() if not v or v == ['', ''])} to translate")


def check(json_file, paths):
    """Every word marked in PATHS has a translation in JSON_FILE with the same {placeholders}."""
    words = json.loads(Path(json_file).read_text(encoding="utf-8"))
    bad = 0
    for message in extracted(paths):
        if not message.id:
            continue
        key = key_of(message)
        value = words.get(key)
        forms = value if isinstance(value, list) else [value]
        ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
        if not value or not all(forms):
            print("missing:", json.dumps(key, ensure_ascii=False))
            bad += 1
            continue
        wanted = set(braces(ids[-1])) | set(braces(ids[0]))
        for form in forms:
            if set(braces(form)) - wanted or (len(ids) == 1 and set(braces(form)) != wanted):
                print("placeholders differ:", json.dumps([key, form], ensure_ascii=False))
                bad += 1
    print(f"{json_file}: {bad} problems")
    return bad


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        update()
    elif argv[0] == "fill":
        fill(argv[1], argv[2:])
    elif argv[0] == "missing":
        for message in missing(argv[1]):
            print(json.dumps([message.context, message.id], ensure_ascii=False))
    elif argv[0] == "skeleton":
        skeleton(argv[1], argv[2:])
    elif argv[0] == "check":
        sys.exit(1 if check(argv[1], argv[2:]) else 0)
    elif argv[0] == "template":
        template(argv[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
