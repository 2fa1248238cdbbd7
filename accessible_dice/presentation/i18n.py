"""The player's language: gettext catalogs plus babel's lists and numbers.

Every player-facing string goes through :meth:`Language._` or
:meth:`Language.ngettext` (gettext domain ``accessible_dice``), and every list
or number through babel, so "3, 4 and 5" becomes "3, 4 og 5" in Norwegian
without gluing words together in code.

Catalogs are found like every data file (:mod:`accessible_dice.resources`):
in the installed package ``accessible_dice._locales`` (pyproject maps
``locales/`` there), else in the checkout's top-level ``locales/``. A missing
catalog is not an error: the English source strings are spoken instead.

``ACCESSIBLE_DICE_LOCALES`` may name one more folder of compiled catalogs
(``<code>/LC_MESSAGES/accessible_dice.mo``), searched before those: a
translator tries a catalog there without touching the installed ones, and
the pseudo-locale test (tests/test_pseudo_locale.py) replaces a language's
catalog with a machine-made one to prove that no English is left. It only
changes which catalog a language reads; the languages stay the seven.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

from accessible_dice.resources import data_folder

DOMAIN = "accessible_dice"
#: The languages of the rule sheets, as on the command line (``--lang``).
LANGUAGES = ("en", "cs", "de", "nb", "sv", "da", "fi")
DEFAULT = "en"
#: System language codes that mean one of ours (Norwegian in general -> Bokmål).
_ALIASES = {"no": "nb", "nn": "nb"}
#: An extra folder of compiled catalogs, searched first (see the module's docstring).
EXTRA_CATALOGS = "ACCESSIBLE_DICE_LOCALES"


def catalog_dirs() -> list[Path]:
    """Where compiled catalogs may live: the extra folder, then the program's own (installed or checkout)."""
    extra = os.environ.get(EXTRA_CATALOGS)
    dirs = [Path(extra)] if extra else []
    dirs.append(data_folder("_locales", "locales"))
    return [d for d in dirs if d.is_dir()]


def supported(code: str | None) -> str | None:
    """Our language for a code like ``nb_NO.UTF-8`` or ``de-AT``, if we have it."""
    if not code:
        return None
    base = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def system_language() -> str | None:
    """The system's language when it is one of ours (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(variable, "").split(":"):
            found = supported(part)
            if found:
                return found
    try:
        return supported(locale.getlocale()[0])
    except ValueError:
        return None


@dataclass
class Language:
    """One language's translations and its babel locale."""

    code: str
    translations: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)

    def __post_init__(self) -> None:
        self.locale = Locale.parse(self.code)

    def _(self, message: str) -> str:
        """Translate ``message`` (the name pybabel extracts); a message marked with its context
        (:func:`~accessible_dice.errors.GC_`) in that context."""
        context = getattr(message, "context", None)
        if context is not None:
            return self.translations.pgettext(context, message)
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Translate ``message`` in ``context``: one English word with two uses gets two translations."""
        return self.translations.pgettext(context, message)

    def number(self, value: int) -> str:
        """A number as this language writes it."""
        return format_decimal(value, locale=self.locale)

    def decimal(self, value: float) -> str:
        """An expected value with one decimal, as this language writes it ("5.3", "5,3")."""
        return format_decimal(value, format="#,##0.0", locale=self.locale)

    def join(self, items: Iterable[str], style: str = "standard") -> str:
        """Items as a spoken list: "3, 4 and 5"; ``style="or"`` gives "3, 4 or 5"."""
        words = list(items)
        if not words:
            return ""
        try:
            # babel's annotation lists only some of CLDR's styles; it reads any style the locale has (KeyError else).
            return format_list(words, style=style, locale=self.locale)  # type: ignore[arg-type]
        except KeyError:
            # Babel lacks some short styles for some locales; the standard list always exists.
            return format_list(words, locale=self.locale)

    def numbers(self, values: Iterable[int], style: str = "standard") -> str:
        return self.join((self.number(v) for v in values), style)


def language(code: str | None = None) -> Language:
    """The language asked for, else the system's when we have it, else English.

    Without a catalog for it, the game speaks English throughout, lists and
    numbers included, rather than English words in another language's lists.
    """
    chosen = supported(code) or system_language() or DEFAULT
    if chosen == DEFAULT:
        return Language(DEFAULT)
    for directory in catalog_dirs():
        try:
            return Language(chosen, gettext.translation(DOMAIN, directory, languages=[chosen]))
        except OSError:
            continue
    return Language(DEFAULT)
