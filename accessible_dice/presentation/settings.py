"""The settings in words: the list, one setting and what it takes, a change, the problems found at start.

A setting is named by the word a player types for it; the translated word is
accepted beside the English one, as for commands. Values are said in the
player's words too (``stručně``, ``ano``, ``175``), and those words may be
typed (presentation/options.py holds the names and value words).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from accessible_dice.errors import DiceError
from accessible_dice.presentation import options
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import LANGUAGES, Language
from accessible_dice.presentation.purposes import purpose
from accessible_dice.presentation.voices import voice_name
from accessible_dice.settings import BY_KEY, COLOUR_KEYS, SPECS, NoSuchSetting, Settings, canonical
from accessible_dice.speech.settings import VoiceInfo
from accessible_dice.theme import faint_pair
from accessible_dice.utterance import Cue, Utterance, in_language

#: Settings that the running program cannot change under way: they hold from the next start.
NEXT_START = frozenset({"language", "speech"})


def name(key: str, language: Language) -> str:
    return options.name(key, language)


def key_for(typed: str, language: Language) -> str:
    """The setting a player typed, by its English or translated name; a refusal lists the names."""
    wanted = typed.strip().casefold()
    for key in BY_KEY:
        if wanted in {canonical(key), canonical(name(key, language))} or canonical(wanted) == key:
            return key
    raise NoSuchSetting(key=typed, known=language.join(name(key, language) for key in BY_KEY))


def said_value(key: str, settings: Settings, language: Language, voices: Sequence[VoiceInfo] = ()) -> str:
    """A value in the player's words; a voice by its name (``voices``: the built-in voice's), an empty one the
    language's own voice."""
    if key == "voice":
        return voice_name(settings.voice, voices, language)
    return options.value_words(BY_KEY[key], settings.value(key), language)


def in_own_languages(utterance: Utterance, shown: Callable[[str], str] = str) -> Utterance:
    """Each language's name in ``utterance`` marked to be spoken in that language ("čeština" in Czech, SR-12).

    ``shown``: how the names are written in it (the window writes them with a capital).
    """
    for code in LANGUAGES:
        utterance = in_language(utterance, shown(options.language_name(code)), code)
    return utterance


def typed(key: str, text: str, language: Language) -> str:
    """A typed value for :meth:`Settings.changed`: the player's value word becomes the English one."""
    return options.typed_value(BY_KEY[key], text, language)


def overview(settings: Settings, language: Language, voices: Sequence[VoiceInfo] = ()) -> Utterance:
    """Every setting and its value, then how to change one."""
    listed = language.join(f"{name(spec.key, language)} {said_value(spec.key, settings, language, voices)}"
                           for spec in SPECS)
    # Translators: the settings, e.g. "Settings: language auto, speech auto, ..."; then how to change one.
    return answer(language._("Settings: {settings}. To change one, type its name and the new value, like "
                             "verbosity brief.").format(settings=listed))


def one(key: str, settings: Settings, language: Language) -> Utterance:
    """One setting's value and what it can be; the languages each in their own (SR-12)."""
    # Translators: one setting asked for; {allowed} says what it takes, e.g. "a whole number from 80 to 450".
    text = language._("{name} is {value}; it can be {allowed}.").format(
        name=name(key, language), value=said_value(key, settings, language),
        allowed=options.allowed_words(BY_KEY[key], language))
    what = purpose(key, language)  # CG-03: what the setting does, not only what it takes
    said = answer(text if what is None else f"{text} {what}")
    return in_own_languages(said) if key == "language" else said


def current(key: str, settings: Settings, language: Language, voices: Sequence[VoiceInfo] = ()) -> str:
    """A setting and its value, as said when it changed: "verbosity: brief."."""
    # Translators: a setting was changed, e.g. "verbosity: brief."
    return language._("{name}: {value}.").format(name=name(key, language),
                                                 value=said_value(key, settings, language, voices))


def changed(key: str, settings: Settings, language: Language, saved: str | None = None,
            voices: Sequence[VoiceInfo] = ()) -> Utterance:
    """A change made: the new value; when it holds from the next start; and if it could not be saved, why."""
    parts = [current(key, settings, language, voices)]
    if key in NEXT_START:
        # Translators: after changing a setting that holds from the next start of the program.
        parts.append(language._("It holds from the next start."))
    faint = contrast_warning(key, settings, language)
    if faint is not None:
        parts.append(faint)
    if saved is not None:
        parts.append(not_saved(saved, language))
    said = answer(" ".join(parts))
    return in_own_languages(said) if key == "language" else said


def contrast_warning(key: str, settings: Settings, language: Language) -> str | None:
    """After a colour change, the contrast of a pair of the player's own under 7:1: it is taken, as the
    player may want it, and said so that a player who did not mean it knows (LV-13)."""
    if key not in COLOUR_KEYS:
        return None
    faint = faint_pair(settings.theme, settings.text_colour, settings.background_colour)
    return None if faint is None else options.refusal_words(faint, language)


def not_saved(reason: str, language: Language) -> str:
    """The settings file could not be written: the change holds for this run only."""
    # Translators: the settings file could not be written; {reason} is the system's reason.
    return language._("The settings could not be saved: {reason}.").format(reason=reason)


def speech_switched(on: bool, saved: str | None, language: Language) -> Utterance:
    """Speech turned on or off from the main menu or by the window's key (AU-07), and whether it was kept."""
    if on:  # noqa: SIM108 - each message keeps its own translator comment
        # Translators: speech was turned on from the main menu (or the window's key); it is kept.
        parts = [language._("Speech on.")]
    else:
        # Translators: speech was turned off from the main menu (or the window's key): text only, kept.
        parts = [language._("Speech off.")]
    if saved is not None:
        parts.append(not_saved(saved, language))
    return answer(" ".join(parts))


def prompt(language: Language) -> Utterance:
    """The settings screen's question in the menu."""
    # Translators: the settings screen of the main menu; Enter (an empty line) goes back.
    return news(language._("Type a setting and its value, like verbosity brief, or just a name to hear it, "
                           "or press Enter to go back."))


def problems(found: Sequence[DiceError], language: Language) -> list[Utterance]:
    """The problems found in the settings file at start, each said once, with the invalid-input sound."""
    return [news(options.refusal_words(problem, language), Cue("invalid")) for problem in found]
