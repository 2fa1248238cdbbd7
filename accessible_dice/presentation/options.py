"""Game options and settings in the player's words: their names, their values, what each accepts.

Options and settings are declared once, in English (games/options.py,
settings.py): their keys and value words are what the settings file, saves
and the command line hold, and the English words always work when typed.
Here they get the player's words, for speech and for typing: a Czech player
hears "upovídanost: stručně" and may type that or "verbosity brief". The
refusals that carry an option or a setting (a value out of range, an
unknown option) are re-said here too, so no English value or range is
left inside a translated sentence.

Value words are translated with the context ``value`` (msgctxt), since
some are also command words ("roll", "none") that a language may say
differently.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from accessible_dice.errors import N_, NC_, DiceError
from accessible_dice.games import GAMES
from accessible_dice.games.options import Option
from accessible_dice.presentation.i18n import LANGUAGES, Language
from accessible_dice.presentation.typed_words import forms

#: The msgctxt of every option and setting value word.
VALUE = "value"

#: Option and setting names, typed as one word ("rounds=3", "verbosity brief"); the English word works too.
NAMES = {
    # Translators: a game option's name (Shut the Box: the easy variant); typed as one word, "easy=yes".
    "easy": N_("easy"),
    # Translators: a game option's name: how many rounds; typed as one word, "rounds=3".
    "rounds": N_("rounds"),
    # Translators: a game option's name: how the first player is chosen (in order or by a throw); one word.
    "start": N_("start"),
    # Translators: a game option's name (Threes Away: high or low total wins); typed as one word.
    "variant": N_("variant"),
    # Translators: a game option's name (QUICLO: lives at the start); typed as one word, "lives=3".
    "lives": N_("lives"),
    # Translators: a game option's name (Yatzy: the order boxes are filled in); typed as one word.
    "order": N_("order"),
    # Translators: a game option's name (Storeslem: the bonus of each full row); typed as one word.
    "row-bonus": N_("row-bonus"),
    # Translators: a game option's name (Storeslem: the bonus of each full column); typed as one word.
    "column-bonus": N_("column-bonus"),
    # Translators: setting names, typed by players as one word; the English word is accepted too.
    "language": N_("language"),
    # Translators: setting name: where speech goes (screen reader, built-in voice, text).
    "speech": N_("speech"),
    # Translators: setting name: the built-in voice's speed.
    "speech-rate": N_("speech-rate"),
    # Translators: setting name: the built-in voice's loudness.
    "speech-volume": N_("speech-volume"),
    # Translators: setting name: the built-in voice's pitch.
    "speech-pitch": N_("speech-pitch"),
    # Translators: setting name: which built-in voice.
    "voice": N_("voice"),
    # Translators: setting name: what the window shows on a braille display (on, focus, off); one word.
    "braille": N_("braille"),
    # Translators: setting name: how much is said.
    "verbosity": N_("verbosity"),
    # Translators: setting name: loudness of the sound effects.
    "sound-volume": N_("sound-volume"),
    # Translators: setting name: sound effects off.
    "sound-mute": N_("sound-mute"),
    # Translators: setting name: sound effects the same in both ears (for one ear or one earphone); one word.
    "sound-mono": N_("sound-mono"),
    # Translators: setting name: sound effects louder on the left or the right (0 left, 100 right); one word.
    "sound-balance": N_("sound-balance"),
    # Translators: setting name: what the sound effects do while speech plays (lowered, muted, normal); one word.
    "sound-during-speech": N_("sound-during-speech"),
    # Translators: setting name: the window's colours.
    "theme": N_("theme"),
    # Translators: setting name: the window's text colour, beyond the themes; one word.
    "text-colour": N_("text-colour"),
    # Translators: setting name: the window's background colour, beyond the themes; one word.
    "background-colour": N_("background-colour"),
    # Translators: setting name: the window's zoom (text, dice, boards).
    "font-scale": N_("font-scale"),
    # Translators: setting name: no text in the window is drawn smaller than this many pixels; one word.
    "smallest-text": N_("smallest-text"),
    # Translators: setting name: how far apart the window's wrapped lines are; one word, hyphens allowed.
    "line-spacing": N_("line-spacing"),
    # Translators: setting name: the window opens full screen; one word.
    "full-screen": N_("full-screen"),
    # Translators: setting name: ask before destructive choices.
    "confirm": N_("confirm"),
    # Translators: setting name: number keys keep dice by position or by value.
    "keep-by": N_("keep-by"),
    # Translators: setting name: how fast computer players' turns go by in the window; one word.
    "computer-pace": N_("computer-pace"),
    # Translators: setting name: how well computer players play (relaxed, steady, sharp, best); one word.
    "computer-level": N_("computer-level"),
    # Translators: setting name: milliseconds in which a key pressed again is ignored (for unsteady hands); one word.
    "key-delay": N_("key-delay"),
    # Translators: setting name: whether menus wrap from the last item to the first; one word.
    "menu-wrap": N_("menu-wrap"),
}

#: Value words of options and settings, as typed in English -> marked for translation (msgctxt "value").
VALUES = {
    # Translators: an option or setting value, typed as one word: yes (on).
    "yes": NC_("value", "yes"),
    # Translators: an option or setting value, typed as one word: no (off).
    "no": NC_("value", "no"),
    # Translators: option value of start: the players start in the order given.
    "order": NC_("value", "order"),
    # Translators: option value of start and rounds: decided by a throw of the dice.
    "roll": NC_("value", "roll"),
    # Translators: Threes Away variant: the highest total wins.
    "high": NC_("value", "high"),
    # Translators: Threes Away variant: the lowest total wins.
    "low": NC_("value", "low"),
    # Translators: Yatzy order: boxes in any order.
    "free": NC_("value", "free"),
    # Translators: Yatzy order: the upper six boxes first; one word, hyphens allowed.
    "upper-first": NC_("value", "upper-first"),
    # Translators: Yatzy order: boxes from top to bottom; one word, hyphens allowed.
    "in-order": NC_("value", "in-order"),
    # Translators: setting value: chosen by the program (the system's language, the first speech that works).
    "auto": NC_("value", "auto"),
    # Translators: speech setting value: the screen reader (NVDA, JAWS, VoiceOver, Orca).
    "screenreader": NC_("value", "screenreader"),
    # Translators: speech setting value: the built-in voice (text to speech).
    "tts": NC_("value", "tts"),
    # Translators: speech setting value: printed lines only.
    "text": NC_("value", "text"),
    # Translators: speech setting value: silent.
    "none": NC_("value", "none"),
    # Translators: braille setting value: everything said is also shown on the braille display.
    "on": NC_("value", "on"),
    # Translators: braille setting value: only the focused item and answers to the player's keys are shown.
    "focus": NC_("value", "focus"),
    # Translators: braille setting value: nothing is shown on the braille display.
    "off": NC_("value", "off"),
    # Translators: verbosity setting value: numbers only.
    "brief": NC_("value", "brief"),
    # Translators: verbosity, computer-pace and sound-during-speech setting value: the usual amount, the usual
    # speed, the usual loudness.
    "normal": NC_("value", "normal"),
    # Translators: verbosity setting value: with hints and every choice.
    "full": NC_("value", "full"),
    # Translators: voice setting value: "voice all" lists every voice of the built-in voice, not only the language's.
    "all": NC_("value", "all"),
    # Translators: sound-during-speech setting value: sound effects are quieter while speech plays.
    "lowered": NC_("value", "lowered"),
    # Translators: sound-during-speech setting value: sound effects are silent while speech plays.
    "muted": NC_("value", "muted"),
    # Translators: text and background colour value: the colour theme's own colour.
    "theme": NC_("value", "theme"),
    # Translators: a colour (window text or background), typed as one word.
    "black": NC_("value", "black"),
    # Translators: a colour (window text or background), typed as one word.
    "white": NC_("value", "white"),
    # Translators: a colour (window text or background), typed as one word.
    "yellow": NC_("value", "yellow"),
    # Translators: a colour (window text or background), typed as one word.
    "cyan": NC_("value", "cyan"),
    # Translators: a colour (window text or background), typed as one word.
    "green": NC_("value", "green"),
    # Translators: a colour (window text or background), typed as one word: dark blue.
    "navy": NC_("value", "navy"),
    # Translators: a colour (window text or background), typed as one word: a pale yellowish white.
    "cream": NC_("value", "cream"),
    # Translators: a colour (window text or background), typed as one word: a mid grey.
    "grey": NC_("value", "grey"),
    # Translators: a colour (window text or background), typed as one word, hyphens allowed: a very dark grey.
    "dark-grey": NC_("value", "dark-grey"),
    # Translators: window colour theme; one word, hyphens allowed.
    "yellow-on-black": NC_("value", "yellow-on-black"),
    # Translators: window colour theme; one word, hyphens allowed.
    "white-on-black": NC_("value", "white-on-black"),
    # Translators: window colour theme; one word, hyphens allowed.
    "black-on-white": NC_("value", "black-on-white"),
    # Translators: window colour theme: grey on dark grey, for players whom high contrast glares; one word,
    # hyphens allowed.
    "low-contrast": NC_("value", "low-contrast"),
    # Translators: keep-by setting value: number keys name dice by their place on the table.
    "position": NC_("value", "position"),
    # Translators: keep-by setting value: number keys name dice by the face they show.
    "value": NC_("value", "value"),
    # Translators: computer-pace setting value: computer players' steps 3 seconds apart.
    "slow": NC_("value", "slow"),
    # Translators: computer-pace setting value: computer players' steps half a second apart.
    "fast": NC_("value", "fast"),
    # Translators: computer-pace setting value: each step of a computer player waits for Enter.
    "wait": NC_("value", "wait"),
    # Translators: computer-level setting value, the easiest: a computer player takes the best move
    # half the time, else a lesser one; a calm, friendly word, never one that mocks; one word.
    "relaxed": NC_("value", "relaxed"),
    # Translators: computer-level setting value: a computer player takes the best move 7 times in 10; one word.
    "steady": NC_("value", "steady"),
    # Translators: computer-level setting value: a computer player takes the best move 85 times in 100; one word.
    "sharp": NC_("value", "sharp"),
    # Translators: computer-level setting value, the strongest: a computer player always takes the best move.
    "best": NC_("value", "best"),
}


def _fold(text: str) -> str:
    return text.strip().casefold()


def name(key: str, language: Language) -> str:
    """An option's or a setting's name in the player's language."""
    return language._(NAMES[key]) if key in NAMES else key


def language_name(code: str) -> str:
    """A language in its own words ("čeština"), as the language setting says its values."""
    return str(Locale.parse(code).get_display_name(code))


def word(value: str, language: Language) -> str:
    """One English value word ("brief", "yes", "cs") in the player's language."""
    if value in LANGUAGES:
        return language_name(value)
    return language.pgettext(VALUE, VALUES[value]) if value in VALUES else value


def value_words(spec: Option, value: Any, language: Language) -> str:
    """A value of ``spec`` as the player hears it: "ano", "stručně", "3", "čeština"."""
    shown = value if isinstance(value, str) else spec.show(value)
    if spec.kind == "numbers":
        return language.numbers(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return language.number(value)
    if spec.kind == "text" and not shown:
        # Translators: the value of the voice setting when no voice was chosen.
        return language._("automatic")
    return word(shown, language) if spec.kind != "text" else shown


def editable(spec: Option, value: Any, language: Language) -> str:
    """A value as a field starts with it, ready to be typed back: a value word in the player's language."""
    shown = value if isinstance(value, str) else spec.show(value)
    return word(shown, language) if spec.kind in ("yes-no", "choice") or shown in spec.words else shown


def allowed_words(spec: Option, language: Language, in_file: bool = False) -> str:
    """What ``spec`` accepts, in the player's words: "ano nebo ne", "celé číslo od 1 do 20".

    ``in_file``: the words to write in the settings file, which holds the English value words.
    """
    words = list(spec.words) if in_file else [word(w, language) for w in spec.words]
    if spec.kind in ("yes-no", "choice"):
        return language.join(words, "or")
    if spec.kind == "integer":
        # Translators: what a number option or setting accepts, e.g. "a whole number from 1 to 20".
        number = language._("a whole number from {low} to {high}").format(
            low=language.number(spec.low), high=language.number(spec.high))
        return language.join([number, *words], "or")
    if spec.kind == "numbers":
        # Translators: what a list option accepts, e.g. "3 whole numbers from 1 to 24 separated by commas".
        return language.ngettext("{count} whole number from {low} to {high}",
                                 "{count} whole numbers from {low} to {high} separated by commas",
                                 spec.count).format(count=language.number(spec.count),
                                                    low=language.number(spec.low), high=language.number(spec.high))
    # Translators: what the voice setting accepts; {auto} is the value word for automatic.
    return language._("a voice name, or {auto} for the language's own voice").format(auto=word("auto", language))


def typed_key(text: str, keys: Iterable[str], language: Language) -> str:
    """The option or setting a player typed, by its English or translated name (accents optional); else the
    text as it was."""
    wanted = _fold(text).replace("_", "-")
    for key in keys:
        if wanted == key or wanted in forms(name(key, language).replace("_", "-")):
            return key
    return text


def typed_value(spec: Option, text: str, language: Language) -> str:
    """A typed value in English, for ``spec.parse``: a translated value word, accents optional ("strucne"),
    becomes its English word; a yes/no setting also takes the language's on and off ("an", "aus")."""
    wanted = _fold(text)
    for english in spec.words:
        if wanted in forms(word(english, language)):
            return english
    if spec.kind == "yes-no":  # "effekte-aus an", "ljud-av på": a switch is on or off in every language
        for english, meant in (("on", "yes"), ("off", "no")):
            if wanted in forms(word(english, language)):
                return meant
    return text


def typed_option(typed: tuple[str, str], specs: Sequence[Option], language: Language) -> tuple[str, str]:
    """A typed ``name=value`` in English words, for ``options.resolve``: "kola=2" is ``("rounds", "2")``."""
    key = typed_key(typed[0], (spec.key for spec in specs), language)
    spec = next((s for s in specs if s.key == key), None)
    return key, typed[1] if spec is None else typed_value(spec, typed[1], language)


def example(spec: Option, language: Language) -> str:
    """How to type a change of ``spec``, in the player's words: "kola=1"."""
    return f"{name(spec.key, language)}={editable(spec, spec.default, language)}"


def listing(specs: Sequence[Option], values: dict[str, Any], language: Language) -> str:
    """Options with their values, as a list: "lehká ne, kola 1 a začátek pořadí"."""
    return language.join(f"{name(s.key, language)} {value_words(s, values[s.key], language)}" for s in specs)


def localized_data(error: DiceError, language: Language) -> dict[str, Any]:
    """A refusal's data with the option or setting words re-said in the player's language.

    A refusal about an option or a setting carries it as ``option`` (an
    :class:`Option`) beside the English ``key`` and ``allowed`` its English
    sentence uses (``in_file``: a settings file line, whose words stay as the
    file writes them); an unknown option or setting carries the ``keys``, and
    an unknown option the game's id.
    """
    data = dict(error.data)
    spec = data.get("option")
    if isinstance(spec, Option) and data.get("in_file"):
        # A line of the settings file: its name and values stay the file's own words.
        data["allowed"] = allowed_words(spec, language, in_file=True)
    elif isinstance(spec, Option):
        data["key"] = name(spec.key, language)
        data["allowed"] = allowed_words(spec, language)
    if "keys" in data:
        data["known"] = language.join((name(key, language) for key in data["keys"]), "or") or data["known"]
    if data.get("game") in GAMES:  # the registry, below presentation (presentation's own TITLES reads it too)
        data["game"] = language._(GAMES[data["game"]].title)
    if data.get("colours"):
        # A colour pair refused: its colour words and its contrast in the player's language.
        data["text"], data["background"] = word(data["text"], language), word(data["background"], language)
        data["ratio"] = format_decimal(data["ratio"], format="0.0", locale=language.locale)
    return data


def refusal_words(error: DiceError, language: Language, data: dict[str, Any] | None = None) -> str:
    """A refusal in the player's language, option and setting words included.

    ``data`` replaces the refusal's data when the caller re-said more of it
    (a game's presenter: its boxes, its number lists).
    """
    localized = type(error).__new__(type(error))
    localized.data = localized_data(error, language) if data is None else data
    return localized.render(language._, language.ngettext)
