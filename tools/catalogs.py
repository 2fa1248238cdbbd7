"""Make and check the gettext catalogs in ``locales/`` with babel.

    python tools/catalogs.py extract   # source -> locales/accessible_dice.pot
    python tools/catalogs.py update    # .pot -> every language's .po (new entries empty)
    python tools/catalogs.py compile   # .po -> .mo (committed, so a checkout needs no build)
    python tools/catalogs.py check     # what CI runs: fails on anything missing or stale
    python tools/catalogs.py all       # extract, update, compile

English is the source language: its catalog is filled from the source, so
it is complete by construction. ``check`` fails on an untranslated, fuzzy or
obsolete entry, on a placeholder a translation adds or loses, on a catalog
that lags behind the source, and on a .mo that is not the .po compiled.
"""

from __future__ import annotations

import argparse
import copy
import io
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"
DOMAIN = "accessible_dice"
LANGUAGES = ("en", "cs", "de", "nb", "sv", "da", "fi")
SOURCE = "en"
#: Who translates: the header's Last-Translator and Language-Team name the project, not a template placeholder.
TRANSLATORS = "accessible_dice translators"
#: N_ marks a message; NP_ a singular/plural pair; NC_ a message with its context; GC_ a game's command word
#: with its game as context (accessible_dice.errors).
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2), "NC_": ((1, "c"), 2), "GC_": ((1, "c"), 2)}
#: Where messages are read: the program, and the example game of tests/pig, whose words go through
#: the catalogs exactly as a real game's do (CONTRIBUTING.md, "Adding a game").
SOURCES = [("accessible_dice/**.py", "python"), ("tests/pig/**.py", "python")]
#: A fixed date keeps the files byte-stable between runs (dates are not content).
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
_PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)(?:![rsa])?(?::[^{}]*)?\}")


def template_path() -> Path:
    return LOCALES / f"{DOMAIN}.pot"


def po_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every player-facing message in the package, with translator comments."""
    catalog = Catalog(project="accessible_dice", version="", creation_date=STAMP, revision_date=STAMP,
                      msgid_bugs_address="", copyright_holder="accessible_dice", fuzzy=False)
    found = extract_from_dir(str(ROOT), method_map=SOURCES, keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _text(catalog: Catalog, **options: object) -> bytes:
    """The catalog as a .po file, sorted by message, files named but no line numbers, so that
    editing code around a message does not make every catalog stale."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, **options)
    return out.getvalue()


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def _mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(code: str, template: Catalog) -> Catalog:
    """``code``'s catalog brought up to ``template``: new entries empty, gone ones dropped."""
    path = po_path(code)
    if path.exists():
        catalog = _read(path, code)
    else:
        catalog = Catalog(locale=code, domain=DOMAIN, project="accessible_dice", creation_date=STAMP,
                          revision_date=STAMP, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    # The translators are the project's, named so (msgfmt --check warns about the template's placeholders).
    catalog.last_translator = TRANSLATORS
    catalog.language_team = f"{Locale.parse(code).english_name} ({TRANSLATORS})"
    catalog.obsolete.clear()
    catalog.revision_date = STAMP
    catalog.fuzzy = False
    if code == SOURCE:
        for message in catalog:
            if message.id:
                message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                message.flags.discard("fuzzy")
    return catalog


def write_all() -> None:
    template = extract()
    LOCALES.mkdir(exist_ok=True)
    template_path().write_bytes(_text(template, omit_header=False))
    for code in LANGUAGES:
        catalog = updated(code, copy.deepcopy(template))  # update() shares the template's messages
        po_path(code).parent.mkdir(parents=True, exist_ok=True)
        po_path(code).write_bytes(_text(catalog))
    compile_all()


def compile_all() -> None:
    for code in LANGUAGES:
        po_path(code).with_suffix(".mo").write_bytes(_mo(_read(po_path(code), code)))


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def _forms(message: Message) -> tuple[list[str], list[str]]:
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
    return ids, strings


def _entry(message: Message) -> str:
    """A message as the problems name it: its (first) msgid, and its msgctxt when it has one."""
    name = repr(message.id if isinstance(message.id, str) else message.id[0])
    return f"{name} (msgctxt {message.context!r})" if message.context else name


def problems(code: str, template: Catalog) -> Iterator[str]:
    """Everything wrong with ``code``'s catalog, one sentence each."""
    path = po_path(code)
    if not path.exists():
        yield f"{code}: {path.relative_to(ROOT)} is missing"
        return
    catalog = _read(path, code)
    wanted = {_entry(m) for m in template if m.id}
    have = {_entry(m) for m in catalog if m.id}
    for missing in sorted(wanted - have):
        yield f"{code}: not in the catalog yet (run update): {missing}"
    for extra in sorted(have - wanted):
        yield f"{code}: obsolete, no longer in the source: {extra}"
    if catalog.obsolete:
        yield f"{code}: {len(catalog.obsolete)} obsolete entries (#~) are left"
    for message in catalog:
        if not message.id:
            continue
        ids, strings = _forms(message)
        name = _entry(message)
        if message.fuzzy:
            yield f"{code}: fuzzy: {name}"
        if not strings or any(not s.strip() for s in strings):
            yield f"{code}: untranslated: {name}"
            continue
        source = set().union(*(placeholders(i) for i in ids))
        if len(ids) == 1:
            if placeholders(strings[0]) != source:
                yield f"{code}: placeholders differ in {name}: {sorted(placeholders(strings[0]))}"
        else:
            for form in strings:
                if not placeholders(form) <= source:
                    yield f"{code}: unknown placeholder in a form of {name}: {form!r}"
            if placeholders(strings[-1]) != placeholders(ids[-1]):
                yield f"{code}: the last plural form of {name} must keep {sorted(placeholders(ids[-1]))}"
            expected = catalog.num_plurals
            if len(strings) != expected:
                yield f"{code}: {name} has {len(strings)} plural forms; {code} needs {expected}"
    mo = path.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != _mo(catalog):
        yield f"{code}: {mo.relative_to(ROOT)} is not the compiled .po (run compile)"


def check() -> list[str]:
    template = extract()
    found: list[str] = []
    if not template_path().exists() or template_path().read_bytes() != _text(template, omit_header=False):
        found.append("locales/accessible_dice.pot is not what the source gives (run extract)")
    for code in LANGUAGES:
        found.extend(problems(code, template))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "all"))
    command = parser.parse_args(argv).command
    if command == "check":
        found = check()
        for line in found:
            print(line)
        print(f"{len(found)} problems" if found else "catalogs complete")
        return 1 if found else 0
    if command == "extract":
        LOCALES.mkdir(exist_ok=True)
        template_path().write_bytes(_text(extract(), omit_header=False))
    elif command == "compile":
        compile_all()
    else:
        write_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
