"""The player's settings: what they chose, kept between runs in a small file they can edit.

The file is ``settings.toml`` in the user config folder (see
:mod:`accessible_dice.storage`): one ``key = value`` line per setting, with a
comment above each saying what it does and which values it takes. TOML was
chosen over INI and JSON because it is the format Python itself reads
(``tomllib``), it has real numbers and yes/no values, comments, and no
brackets or commas to get wrong, so a player can fix a value with any
editor. docs/settings.md describes it.

The file is read line by line, each line as TOML on its own, so one bad line
spoils only itself: a damaged or hand-edited file is never fatal. Every bad
line (not a setting, an unknown name, a value out of range) becomes a
*problem*, a refusal with its own translatable template, and the setting
keeps its default; the good lines are kept. The problems are reported once:
the original file is kept beside as ``settings.damaged-<time>.toml`` and a
repaired file is written, so the next start is quiet. A bare word where TOML
wants quotes (``verbosity = brief``) is accepted as meant, and so is ``_`` for ``-`` in a name.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games.options import Option, choice, integer, yes_no
from accessible_dice.presentation.i18n import LANGUAGES
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.speech.braille import BRAILLE
from accessible_dice.speech.settings import VoiceSettings
from accessible_dice.storage import config_dir, move_aside, write_atomic
from accessible_dice.strategy.common import DEFAULT_LEVEL, LEVELS
from accessible_dice.theme import check_pair

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib

FILE_NAME = "settings.toml"
#: The speech outputs, as ``--speech`` names them (docs/spec/interfaces.md).
SPEECH = ("auto", "screenreader", "tts", "text", "none")
#: The window's themes: three high-contrast ones (docs/spec/experience.md §5), the first the default, and a
#: low-contrast one.
THEMES = ("yellow-on-black", "white-on-black", "black-on-white", "low-contrast")
#: The settings that make the window's colour pair, checked together.
COLOUR_KEYS = frozenset({"theme", "text-colour", "background-colour"})
#: The window's text and background colours beyond the themes (``theme``: the theme's own); see theme.py.
COLOURS = ("theme", "black", "white", "yellow", "cyan", "green", "navy", "cream", "grey", "dark-grey")
#: What sound effects do while speech plays (checklist SR-13): step back, fall silent, or stay as loud.
SOUND_DURING_SPEECH = ("lowered", "muted", "normal")
#: How number keys pick dice to keep: by position on the table, or by face value.
KEEP_BY = ("position", "value")
#: Computer players' pace in the window (checklist KB-09): seconds between their steps (after the
#: words of the last one end), or ``None``: each step waits for a key.
PACES: dict[str, float | None] = {"slow": 3.0, "normal": 1.5, "fast": 0.5, "wait": None}
_MAX_VOICE = 200
_MAX_BYTES = 64_000


def _voice(text: str) -> str | None:
    """A voice id as the engine names it (SAPI ids are long registry paths); empty or auto for automatic."""
    text = text.strip()
    if text.lower() == "auto":
        return ""
    return text if len(text) <= _MAX_VOICE and text.isprintable() else None


#: Every setting, in the order of the file and the settings screen.
SPECS: tuple[Option, ...] = (
    choice("language", ("auto", *LANGUAGES), "auto"),
    choice("speech", SPEECH, "auto"),
    integer("speech-rate", 175, 80, 450),
    integer("speech-volume", 100, 0, 100),
    integer("speech-pitch", 50, 0, 100),
    Option("voice", "", _voice, "a voice name, or auto for the language's own voice"),
    choice("braille", BRAILLE, BRAILLE[0]),
    choice("verbosity", tuple(level.name.lower() for level in Verbosity), "normal"),
    integer("sound-volume", 100, 0, 100),
    yes_no("sound-mute", False),
    yes_no("sound-mono", False),
    integer("sound-balance", 50, 0, 100),
    choice("sound-during-speech", SOUND_DURING_SPEECH, SOUND_DURING_SPEECH[0]),
    choice("theme", THEMES, THEMES[0]),
    choice("text-colour", COLOURS, "theme"),
    choice("background-colour", COLOURS, "theme"),
    integer("font-scale", 100, 100, 300),
    integer("smallest-text", 18, 18, 60),
    integer("line-spacing", 150, 100, 200),
    yes_no("full-screen", False),
    yes_no("confirm", True),
    choice("keep-by", KEEP_BY, KEEP_BY[0]),
    choice("computer-pace", tuple(PACES), "normal"),
    choice("computer-level", tuple(LEVELS), DEFAULT_LEVEL),
    integer("key-delay", 0, 0, 2000),
    yes_no("menu-wrap", True),
)
BY_KEY = {spec.key: spec for spec in SPECS}


def canonical(key: str) -> str:
    """A setting's name as the file writes it: ``Speech_Rate`` is ``speech-rate``."""
    return key.strip().lower().replace("_", "-")


def _field(key: str) -> str:
    return key.replace("-", "_")

#: What each setting does, written above it in the file (English: the file is for hand-editing).
COMMENTS = {
    "language": "Language of speech and text: auto (the system's), en, cs, de, nb, sv, da or fi.",
    "speech": "Where speech goes: auto, screenreader, tts (built-in voice), text or none.",
    "speech-rate": "Built-in voice: words per minute, 80 to 450.",
    "speech-volume": "Built-in voice: volume in percent, 0 to 100.",
    "speech-pitch": "Built-in voice: pitch, 0 to 100 (50 is normal; eSpeak NG only).",
    "voice": 'Built-in voice: a voice id from the voice list, or "" (auto) for the language\'s own voice.',
    "braille": "Window, with BRLTTY: show on the braille display everything said (on), "
               "only what you move to or ask for (focus), or nothing (off).",
    "verbosity": "How much is said: brief, normal or full.",
    "sound-volume": "Sound effects: volume in percent, 0 to 100.",
    "sound-mute": "Sound effects off: true or false.",
    "sound-mono": "Sound effects in mono, the same in both ears (pitch still tells where): true or false.",
    "sound-balance": "Sound effects: 0 all left, 100 all right, 50 even.",
    "theme": "Window colours: yellow-on-black, white-on-black, black-on-white (high contrast) or low-contrast "
             "(grey on dark grey, 5.7:1).",
    "text-colour": "Window text colour: theme (the theme's), black, white, yellow, cyan, green, navy, cream, grey or "
                   "dark-grey; a pair under 4.5:1 contrast is refused, one under 7:1 is taken with a warning.",
    "background-colour": "Window background colour: theme, black, white, yellow, cyan, green, navy, cream, grey or "
                         "dark-grey.",
    "sound-during-speech": "Sound effects while speech plays: lowered, muted or normal (as loud as ever); "
                           "with the built-in voice and Speech Dispatcher.",
    "font-scale": "Window zoom in percent of normal: text, dice and boards alike, 100 to 300.",
    "smallest-text": "Window: no text is drawn smaller than this many pixels, 18 to 60.",
    "line-spacing": "Window: how far apart wrapped lines are (messages, help, rules), in percent of the text size, "
                    "100 to 200 (150 is 1.5 lines).",
    "full-screen": "Window: open full screen (Alt+Enter switches): true or false.",
    "confirm": "Ask before destructive choices (scoring 0, quitting): true or false.",
    "keep-by": "Numbers name dice by position (die 1 to 5) or by value (the face shown): the window's number "
               "keys and the terminal's hold, release and keep.",
    "computer-pace": "Window: computer players' steps 3 s (slow), 1.5 s (normal) or 0.5 s (fast) apart, "
                     "or each waits for Enter (wait, in the terminal too).",
    "computer-level": "How well computer players play: relaxed, steady, sharp or best (docs/strategy.md).",
    "key-delay": "Window: a key pressed again within this many milliseconds is ignored (0 to 2000; 0 is off).",
    "menu-wrap": "Window: Down on a menu's last item goes to the first, and Up on the first to the last: true or "
                 "false (false stops there with a sound).",
}

# ---------------------------------------------------------------- problems


class UnknownSetting(InvalidInput):
    # Translators: a line of the settings file names no setting; {key} is the name found there.
    template = N_("Settings line {line}: there is no setting called {key}; the line was dropped.")


class BadSettingValue(InvalidInput):
    # Translators: {value} as written in the settings file; {allowed} says what is accepted; {default} is used.
    template = N_("Settings line {line}: {key} cannot be {value}; use {allowed}. It is {default} for now.")


class NotASetting(InvalidInput):
    # Translators: a line of the settings file is not of the form "name = value".
    template = N_("Settings line {line} is not a setting like verbosity = \"brief\"; it was dropped.")


class SettingTwice(InvalidInput):
    # Translators: the settings file sets the same thing on two lines; the later line counts.
    template = N_("Settings line {line} sets {key} again; the later value counts.")


class SettingsUnreadable(InvalidInput):
    # Translators: the settings file cannot be read at all; {reason} says why.
    template = N_("The settings file cannot be read ({reason}); the default settings are used.")


class SettingsRepaired(InvalidInput):
    # Translators: after the problems above, the file was rewritten; {name} is the copy of the old one.
    template = N_("The settings file was repaired; the old one is kept as {name}.")


class NoSuchSetting(InvalidInput):
    # Translators: a setting name typed on the settings screen; {known} lists the names.
    template = N_("There is no setting {key}; the settings are {known}.")


class SettingValueRefused(InvalidInput):
    # Translators: a value typed on the settings screen; {allowed} says what is accepted.
    template = N_("{key} cannot be {value}; use {allowed}.")


# ---------------------------------------------------------------- the settings


@dataclass(frozen=True)
class Settings:
    """Every setting with its value; the defaults are what a first start uses.

    Field names are the keys of :data:`SPECS` and of the file, with ``_`` for ``-``.
    """

    language: str = "auto"
    speech: str = "auto"
    speech_rate: int = 175
    speech_volume: int = 100
    speech_pitch: int = 50
    voice: str = ""
    braille: str = BRAILLE[0]
    verbosity: str = "normal"
    sound_volume: int = 100
    sound_mute: bool = False
    sound_mono: bool = False
    sound_balance: int = 50
    sound_during_speech: str = SOUND_DURING_SPEECH[0]
    theme: str = THEMES[0]
    text_colour: str = "theme"
    background_colour: str = "theme"
    font_scale: int = 100
    smallest_text: int = 18
    line_spacing: int = 150
    full_screen: bool = False
    confirm: bool = True
    keep_by: str = KEEP_BY[0]
    computer_pace: str = "normal"
    computer_level: str = DEFAULT_LEVEL
    key_delay: int = 0
    menu_wrap: bool = True

    def value(self, key: str) -> Any:
        return getattr(self, _field(key))

    def shown(self, key: str) -> str:
        """A value as the player types it (``yes``, ``brief``, ``175``)."""
        spec = BY_KEY[key]
        value = self.value(key)
        return value if isinstance(value, str) else spec.show(value)

    def changed(self, key: str, text: str, *, pair_checked: bool = True) -> Settings:
        """These settings with ``key`` set from typed ``text``; a refusal says what is accepted.

        ``pair_checked=False`` leaves the colour pair's contrast to the caller, which changes both colours
        and checks the pair they make (:meth:`both_colours`)."""
        spec = BY_KEY.get(canonical(key))
        if spec is None:
            raise NoSuchSetting(key=key, known=", ".join(BY_KEY), keys=tuple(BY_KEY))
        value = spec.parse(text.strip())
        if value is None:
            raise SettingValueRefused(key=spec.key, value=shortened(text.strip()) or '""', allowed=spec.allowed,
                                      option=spec)
        changed = dataclasses.replace(self, **{_field(spec.key): value})
        if spec.key in COLOUR_KEYS and pair_checked:
            check_pair(changed.theme, changed.text_colour, changed.background_colour)
        return changed

    def both_colours(self, text: str, background: str) -> Settings:
        """Text and background colour changed together, their contrast checked as the pair they make: one at
        a time, a pair such as navy on cream could not be reached from yellow on black, each half refused
        against the theme's other colour (a11y-audit LV-13)."""
        changed = self.changed("text-colour", text, pair_checked=False).changed("background-colour", background,
                                                                                pair_checked=False)
        check_pair(changed.theme, changed.text_colour, changed.background_colour)
        return changed

    def voice_settings(self) -> VoiceSettings:
        """What the built-in voice is told: rate, volume (0..1), pitch, voice, language."""
        return VoiceSettings(rate=self.speech_rate, volume=self.speech_volume / 100, pitch=self.speech_pitch,
                             voice=self.voice or None, language=None if self.language == "auto" else self.language)


# ---------------------------------------------------------------- the file


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def dumps(settings: Settings, keys: Sequence[str] | None = None,
          header: str = "# accessible-dice settings. Edit with the program closed; docs/settings.md explains each one.",
          ) -> str:
    """The settings file: a header, then each setting under a comment saying what it takes.

    ``keys`` (in the file's order) for a file of some settings only, such as a player's profile.
    """
    lines = [header, "# A wrong value is reported at the next start and replaced by its default."]
    for spec in SPECS:
        if keys is None or spec.key in keys:
            lines += ["", f"# {COMMENTS[spec.key]}", f"{spec.key} = {_toml(settings.value(spec.key))}"]
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML basic string


#: ``name = anything``: a line that means to be a setting.
_ASSIGNMENT = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*=\s*(.*?)\s*$")


def loads(text: str) -> tuple[Settings, list[DiceError]]:
    """The settings in ``text`` and the problems found; bad lines keep the default."""
    values: dict[str, Any] = {}
    problems: list[DiceError] = []
    seen: set[str] = set()
    # Windows Notepad may start the file with a byte-order mark.
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        matched = _ASSIGNMENT.match(line)
        if matched is None:
            problems.append(NotASetting(line=number))
            continue
        key, written = canonical(matched.group(1)), matched.group(2)
        spec = BY_KEY.get(key)
        if spec is None:
            problems.append(UnknownSetting(line=number, key=matched.group(1)))
            continue
        if key in seen:
            problems.append(SettingTwice(line=number, key=key))
        seen.add(key)
        as_text = _as_text(line, written)
        value = None if as_text is None else spec.parse(as_text)
        if value is None:
            values.pop(_field(key), None)
            problems.append(BadSettingValue(line=number, key=key, value=shortened(written) or '""',
                                            allowed=spec.allowed, default=Settings().shown(key) or '""',
                                            option=spec, in_file=True))
        else:
            values[_field(key)] = value
    return Settings(**values), problems


#: The most of a bad value a problem repeats: a hostile file may hold 64 kB on one line.
SHOWN_VALUE = 40


def shortened(written: str) -> str:
    """A value as a problem repeats it: whole when short, else its start and an ellipsis."""
    return written if len(written) <= SHOWN_VALUE else written[:SHOWN_VALUE] + "…"


def _as_text(line: str, written: str) -> str | None:
    """A value as text for the option parser: TOML when it is TOML, else the bare word as written.

    ``None`` for a TOML list, table, date or fraction, which no setting takes,
    and for what the TOML reader cannot take at all: brackets nested hundreds
    deep (``RecursionError``) or a number of thousands of digits (a
    ``ValueError`` from Python's limit on converting them). Each is a bad
    value of that one line, never a reason to stop.
    """
    try:
        parsed = next(iter(tomllib.loads(line).values()))
    except (tomllib.TOMLDecodeError, StopIteration):
        return written.split(" #")[0].strip()
    except (RecursionError, ValueError):
        return None
    if isinstance(parsed, bool):
        return "yes" if parsed else "no"
    if isinstance(parsed, (int, str)):
        return str(parsed)
    return None


@dataclass(frozen=True)
class Loaded:
    """What a start found: the settings to use, and the problems to say once."""

    settings: Settings
    problems: tuple[DiceError, ...] = ()


def load(path: Path | None = None) -> Loaded:
    """Read the settings file; never fails. A missing file means the defaults.

    When lines were bad, the original file is moved aside and a repaired one
    written, so the problems are told at this start only.
    """
    path = path or settings_path()
    try:
        with path.open("rb") as handle:
            raw = handle.read(_MAX_BYTES + 1)
    except FileNotFoundError:
        return Loaded(Settings())
    except OSError as error:
        return Loaded(Settings(), (SettingsUnreadable(reason=error.strerror or str(error)),))
    try:
        if len(raw) > _MAX_BYTES:
            raise ValueError("it is too large")
        settings, problems = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        reason = "it is not text" if isinstance(error, UnicodeDecodeError) else str(error)
        settings, problems = Settings(), [SettingsUnreadable(reason=reason)]
    if problems:
        problems += _repair(path, settings)
    return Loaded(settings, tuple(problems))


def _repair(path: Path, settings: Settings) -> list[DiceError]:
    """Keep the damaged file beside, write the repaired one; a note saying so, if it worked."""
    try:
        kept = move_aside(path)
        store(settings, path)
    except OSError:
        return []
    return [SettingsRepaired(name=kept.name)]


def store(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (atomically: a crash leaves the old file or the new one)."""
    write_atomic(path or settings_path(), dumps(settings))

