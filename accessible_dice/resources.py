"""Data files shipped with the program (sound cues, catalogs, rules pages), found installed or in a checkout.

A checkout keeps them in top-level folders (``sounds/``, ``locales/``,
``docs/rules/``); an installed package has them as data-only packages inside
``accessible_dice`` (pyproject.toml maps ``sounds`` to
``accessible_dice._sounds``, ``locales`` to ``accessible_dice._locales`` and
``docs/rules`` to ``accessible_dice._rules``),
since a wheel carries nothing outside its packages. One function looks in
both places, so every kind of data file is found the same way.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

#: The checkout's top folder (the one holding ``accessible_dice/``).
CHECKOUT = Path(__file__).resolve().parent.parent


def data_folder(package: str, checkout: str) -> Path:
    """The folder of installed data package ``package`` if there is one, else ``checkout`` in the checkout.

    ``package`` is the name inside ``accessible_dice`` (``_sounds``);
    ``checkout`` is the folder relative to the checkout (``docs/rules``).
    """
    spec = importlib.util.find_spec(f"accessible_dice.{package}")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return CHECKOUT / checkout
