"""Game options: declared once per game, parsed from ``--option KEY=VALUE``.

Each game lists its options as :class:`Option` values; the command line, the
menus, saves and the rules all read them through :func:`resolve`, so a value
is checked in exactly one place and a bad one is refused with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from accessible_dice.errors import N_, InvalidInput


class UnknownOption(InvalidInput):
    # Translators: {key} is an option name; {known} lists the valid names.
    template = N_("{game} has no option {key}; its options are: {known}.")


class BadOptionValue(InvalidInput):
    # Translators: {allowed} describes the accepted values, e.g. "yes or no".
    template = N_("Option {key} cannot be {value}; use {allowed}.")


@dataclass(frozen=True)
class Option:
    """One game option: its key, default, and how to read a typed value.

    ``parse`` returns the value or ``None`` when the text is not acceptable;
    ``allowed`` says in English words what is accepted, for the refusal.
    The same, as data that the presentation words in any language: ``kind``
    is ``yes-no``, ``choice`` (one of ``words``), ``integer`` (``low`` to
    ``high``, or one of ``words``), ``numbers`` (``count`` of them from
    ``low`` to ``high``) or ``text`` (said by its own message).
    """

    key: str
    default: Any
    parse: Callable[[str], Any]
    allowed: str
    show: Callable[[Any], str] = str
    kind: str = "text"
    words: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    count: int = 0


def _yes_no(text: str) -> bool | None:
    return {"yes": True, "y": True, "true": True, "on": True, "1": True,
            "no": False, "n": False, "false": False, "off": False, "0": False}.get(text.lower())


def yes_no(key: str, default: bool) -> Option:
    return Option(key, default, _yes_no, "yes or no", lambda v: "yes" if v else "no", "yes-no", ("yes", "no"))


def choice(key: str, choices: Sequence[str], default: str) -> Option:
    """One of a fixed set of words (case-insensitive)."""
    def parse(text: str) -> str | None:
        return text.lower() if text.lower() in choices else None
    return Option(key, default, parse, " or ".join(choices), kind="choice", words=tuple(choices))


def _int_in(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    value = int(text)
    return value if low <= value <= high else None


def integer(key: str, default: int, low: int, high: int, *, also: Sequence[str] = ()) -> Option:
    """A whole number in ``low..high``, or one of the words in ``also``."""
    def parse(text: str) -> int | str | None:
        if text.lower() in also:
            return text.lower()
        return _int_in(text, low, high)
    words = "".join(f" or {w}" for w in also)
    return Option(key, default, parse, f"a whole number from {low} to {high}{words}", kind="integer",
                  words=tuple(also), low=low, high=high)


def numbers(key: str, default: tuple[int, ...], low: int, high: int) -> Option:
    """A comma-separated list of exactly ``len(default)`` whole numbers."""
    count = len(default)
    def parse(text: str) -> tuple[int, ...] | None:
        parts = [p.strip() for p in text.split(",")]
        values = [_int_in(p, low, high) for p in parts]
        if len(values) != count or any(v is None for v in values):
            return None
        return tuple(v for v in values if v is not None)
    return Option(key, default, parse,
                  f"{count} whole numbers from {low} to {high} separated by commas",
                  lambda v: ",".join(str(x) for x in v), "numbers", low=low, high=high, count=count)


def resolve(game: str, specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value: the defaults, overridden by ``given``.

    Values in ``given`` may be typed text (from the command line) or already
    parsed values (from a save or a test); both are checked.
    """
    by_key = {spec.key: spec for spec in specs}
    values = {spec.key: spec.default for spec in specs}
    for key, raw in given.items():
        spec = by_key.get(key.lower())
        if spec is None:
            known = ", ".join(by_key) or "none"
            raise UnknownOption(game=game, key=key, known=known, keys=tuple(by_key))
        text = raw if isinstance(raw, str) else _shown(spec, raw)
        value = None if text is None else spec.parse(text)
        if value is None:
            shown = repr(raw) if text is None else text
            raise BadOptionValue(key=spec.key, value=shown if len(shown) <= 20 else shown[:20] + "…",
                                 allowed=spec.allowed, option=spec)
        values[spec.key] = value
    return values


def _shown(spec: Option, raw: Any) -> str | None:
    """A value given already parsed (a test, an old save) as its option's text, or ``None`` when it is not
    of the option's own type: a save holding ``{"easy": {"a": 1}}`` or ``{"rounds": true}`` is refused."""
    value = tuple(raw) if isinstance(raw, list) else raw
    fits = {"yes-no": type(value) is bool, "integer": type(value) is int,
            "numbers": isinstance(value, tuple) and all(type(item) is int for item in value)}
    return spec.show(value) if fits.get(spec.kind, False) else None


def parse_assignment(text: str) -> tuple[str, str]:
    """Split ``KEY=VALUE`` from the command line."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise BadOptionValue(key=text, value="", allowed="KEY=VALUE")
    return key.strip().lower(), value.strip()
