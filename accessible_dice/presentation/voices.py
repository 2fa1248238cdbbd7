"""The voice setting in words: the built-in voice's voices as a numbered choice, by name (checklist SR-06).

The voices are the engine's own (eSpeak NG's, SAPI5's, macOS's), as the
running built-in voice lists them, in :func:`~accessible_dice.speech.settings.offered`
order: the game language's voices first. Number 1 is always *automatic* (the
language's own voice), so ``voice 1`` undoes any choice. A voice is chosen by
its number, its name ("Czech") or its id ("zlw/cs"); the setting keeps the id.
With another speech output (a screen reader, text) there is no list to
offer: a typed name is then kept as it is, and checked at the next start
with the built-in voice.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_dice.errors import N_, InvalidInput
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.options import language_name, name, value_words, word
from accessible_dice.settings import BY_KEY
from accessible_dice.speech.settings import VoiceInfo, offered, voice_for_language
from accessible_dice.utterance import Utterance


class NoSuchVoice(InvalidInput):
    # Translators: a voice typed on the settings screen that the built-in voice does not have; {setting} is the
    # setting's name ("voice"), typed alone to hear the voices.
    template = N_("The built-in voice has no voice {value}; type {setting} to hear the voices.")


def choices(voices: Sequence[VoiceInfo], language: Language) -> tuple[VoiceInfo | None, ...]:
    """What the voice setting can be, in order: ``None`` (automatic) first, then the voices."""
    return (None, *offered(voices, language.code))


def voice_name(chosen: str, voices: Sequence[VoiceInfo], language: Language) -> str:
    """The voice a setting holds, as the player hears it: its name, "automatic", or the id if not installed."""
    if not chosen:
        return value_words(BY_KEY["voice"], "", language)
    return next((voice.name for voice in voices if voice.id == chosen), chosen)


def _numbered(listed: Sequence[VoiceInfo | None], voices: Sequence[VoiceInfo], language: Language) -> str:
    return language.join(
        # Translators: one numbered menu item, e.g. "1 Shut the Box".
        (language._("{number} {label}").format(number=number, label=voice_name(v.id if v else "", voices, language))
         for number, v in enumerate(listed, start=1)), "or")


def listing(voices: Sequence[VoiceInfo], language: Language, every: bool = False) -> Utterance:
    """``voice`` alone: automatic and the game language's voices, numbered; ``voice all``: every voice."""
    setting = name("voice", language)
    if not voices:
        # Translators: "voice" typed alone while the built-in voice is not the speech output; {setting} is "voice".
        return answer(language._("The voices are listed by the built-in voice, which is not speaking now; type "
                                 "{setting} and a voice's name to choose one for it.").format(setting=setting))
    listed = choices(voices, language)
    if every:
        # Translators: every voice of the built-in voice, numbered: "Voices: 1 automatic, 2 Afrikaans, ...".
        return answer(language._("Voices: {voices}.").format(voices=_numbered(listed, voices, language)))
    own = [v for v in listed if v is None or voice_for_language([v], language.code)]
    # Translators: "voice" typed alone: the voices for the game's language, numbered; {language} in its own words.
    said = language._("Voices for {language}: {voices}.").format(language=language_name(language.code),
                                                                 voices=_numbered(own, voices, language))
    # Translators: after the voices for the game's language; {setting} is "voice", {all} the value word "all".
    more = language.ngettext("Type {setting} and a number or a name; {setting} {all} lists all {count} voice.",
                             "Type {setting} and a number or a name; {setting} {all} lists all {count} voices.",
                             len(voices)).format(setting=setting, all=word("all", language),
                                                 count=language.number(len(voices)))
    return answer(f"{said} {more}")


def unchecked(value: str, language: Language) -> str:
    """Said after a voice is typed while the built-in voice is not speaking: it could not be checked."""
    # Translators: after "voice: bogus." typed while the built-in voice is not the speech output.
    return language._("Not checked: the built-in voice is not speaking now; it checks {value} when it next "
                      "starts.").format(value=value)


def chosen(typed: str, voices: Sequence[VoiceInfo], language: Language) -> str:
    """The voice setting for what was typed: a number, a name or an id, or ``auto``; the id (or "") to keep.

    Without a list (another speech output) the typed text is kept as it is.
    """
    text = typed.strip()
    if word("auto", language).casefold() == text.casefold() or text.casefold() == "auto":
        return ""
    if not voices:
        return text
    listed = choices(voices, language)
    if text.isdigit() and 1 <= int(text) <= len(listed):
        found = listed[int(text) - 1]
        return found.id if found else ""
    for voice in listed[1:]:
        assert voice is not None
        if text.casefold() in (voice.id.casefold(), voice.name.casefold()):
            return voice.id
    raise NoSuchVoice(value=text, setting=name("voice", language))
