"""The catalog tools for tests: ``tools/catalogs.py`` by path, and a machine-made pseudo catalog.

``tools/`` is not a package (it is run as ``python tools/catalogs.py``), so
the tests load it by its path. The pseudo catalog translates every message
into look-alike accented letters inside ``⟦ ⟧`` ("Flap {flap} shut." becomes
"⟦Ƒĺáþ {flap} šĥúţ.⟧"): readable, yet no English letter survives, so any
ASCII letter the program prints in it came from somewhere gettext never saw.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]


def _load_catalogs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogs = _load_catalogs()

#: Every ASCII letter to an accented look-alike that is not ASCII.
_LOOK_ALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ",
)
#: Placeholders stay as they are, so ``str.format`` still fills them.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def pseudo(text: str) -> str:
    """``text`` in pseudo letters, placeholders untouched, inside ``⟦ ⟧``."""
    parts, start = [], 0
    for found in _PLACEHOLDER.finditer(text):
        parts += [text[start:found.start()].translate(_LOOK_ALIKES), found.group()]
        start = found.end()
    parts.append(text[start:].translate(_LOOK_ALIKES))
    return "⟦" + "".join(parts) + "⟧"


def pseudo_catalog(code: str) -> Catalog:
    """The extracted template with every entry pseudo-translated, in ``code``'s plural forms."""
    catalog = Catalog(locale=code, domain=catalogs.DOMAIN, fuzzy=False)
    for message in catalogs.extract():
        if not message.id:
            continue
        if isinstance(message.id, str):
            string: str | tuple[str, ...] = pseudo(message.id)
        else:
            singular, plural = message.id
            string = (pseudo(singular), *[pseudo(plural)] * (catalog.num_plurals - 1))
        catalog.add(message.id, string, context=message.context)
    return catalog


def write_pseudo_catalog(folder: Path, code: str) -> Path:
    """Compile the pseudo catalog as ``code``'s into ``folder`` (for ``ACCESSIBLE_DICE_LOCALES``)."""
    mo = folder / code / "LC_MESSAGES" / f"{catalogs.DOMAIN}.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(catalogs._mo(pseudo_catalog(code)))
    return mo
