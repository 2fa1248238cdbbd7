"""The settings screen of the terminal: said, asked about and changed by typed words.

The same words work in a game (``settings``, ``settings verbosity brief``)
and on the main menu's settings step (``verbosity brief``, or
``verbosity=brief`` as game options are typed). A change is checked, saved
at once (atomically) and handed to ``on_change`` so what can change under
way (verbosity, sound) does so; a refusal says what the setting takes and
changes nothing. Without a ``path`` (tests, a demonstration) a change holds
for this run only.

With player profiles (:mod:`accessible_dice.profiles`, beside the settings
file) :meth:`follow` puts the player's own settings in effect on their turn;
a change to one of a profile's settings is then kept in the profile, any
other in the shared file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from accessible_dice import profiles as own_settings
from accessible_dice import settings as config
from accessible_dice.errors import N_, InvalidInput
from accessible_dice.presentation import options
from accessible_dice.presentation import settings as words
from accessible_dice.presentation import voices as voice_words
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.speech import SpeechOutput
from accessible_dice.speech.settings import VoiceInfo
from accessible_dice.theme import ColoursTooClose
from accessible_dice.utterance import Utterance

#: The colour settings that make a pair: typed together on one line, their contrast is checked as a pair.
PAIR = ("text-colour", "background-colour")


class BothColoursAtOnce(InvalidInput):
    """One colour refused against the other one now: how to change both, so any pair can be reached."""

    # Translators: after a colour refused against the other colour now ({reason}): both can be typed on one line;
    # {key} and {other} are the setting names text-colour and background-colour, {text} and {background} colours.
    template = N_("{reason} To change both, type them on one line, like {key} {text} {other} {background}.")


#: Seconds "Speech off." may take to be heard before the voice goes.
SWITCH_WAIT = 1.5


class SettingsScreen:
    def __init__(self, language: Language, current: config.Settings, path: Path | None = None,
                 on_change: Callable[[config.Settings], None] | None = None,
                 voices: Callable[[], Sequence[VoiceInfo]] = tuple) -> None:
        """``voices``: the built-in voice's voices to choose from (none while another speech output speaks)."""
        self.language = language
        self.voices = voices
        self.settings = current
        self.path = path
        self.on_change = on_change
        #: The settings of the settings file, shared by every player without a profile.
        self.shared = current
        #: The players' profiles, kept beside the settings file (none without a file).
        self.profiles = None if path is None else own_settings.Profiles(path.parent / own_settings.FOLDER)
        #: The player whose own settings are in effect, if any.
        self.player: str | None = None
        #: The speech output chosen before speech was turned off in this run: turning it on brings it back.
        self._before_off = "auto"

    def command(self, typed: Sequence[str]) -> Utterance:
        """``[]`` says them all; ``[name]`` one and what it takes; ``[name, value...]`` changes it."""
        parts = " ".join(typed).replace("=", " ", 1).split()
        if not parts:
            return words.overview(self.settings, self.language, self.voices())
        key = words.key_for(parts[0], self.language)
        if (len(parts) == 4 and key in PAIR
                and {key, words.key_for(parts[2], self.language)} == set(PAIR)):
            return self._colours(parts if key == PAIR[0] else [*parts[2:], *parts[:2]])
        if key == "voice":
            return self._voice(parts[1:])
        if len(parts) == 1:
            return words.one(key, self.settings, self.language)
        return self._changed(key, words.typed(key, " ".join(parts[1:]), self.language))

    def _voice(self, typed: Sequence[str]) -> Utterance:
        """``voice``: its value and the language's voices, numbered; ``voice all``: every voice; ``voice 3``,
        ``voice Czech``: that voice (SR-06)."""
        voices = self.voices()
        text = " ".join(typed)
        if not text or (voices and text.casefold() in {"all", options.word("all", self.language).casefold()}):
            listed = voice_words.listing(voices, self.language, every=bool(text))
            return answer(f"{words.current('voice', self.settings, self.language, voices)} {listed.text}")
        said = self._changed("voice", voice_words.chosen(text, voices, self.language))
        if voices or not self.settings.voice:
            return said
        # a11y-audit SR-06: without the built-in voice running there is no list to check a name against; it is
        # kept, and not said as if it had been found.
        return answer(" ".join([said.text, voice_words.unchecked(self.settings.voice, self.language)]))

    def _colours(self, parts: Sequence[str]) -> Utterance:
        """``text-colour navy background-colour cream``: both at once, the pair checked as a whole."""
        text = words.typed("text-colour", parts[1], self.language)
        background = words.typed("background-colour", parts[3], self.language)
        changed = self.settings.both_colours(text, background)
        failure = None
        try:
            self._keep("text-colour", changed)
            self._keep("background-colour", changed)
        except OSError as error:
            failure = error.strerror or str(error)
        self._apply(changed)
        return answer(" ".join([words.changed("text-colour", self.settings, self.language, None).text,
                                words.changed("background-colour", self.settings, self.language, failure).text]))

    def _changed(self, key: str, value: str) -> Utterance:
        """:meth:`change`, said: the new value, and whether it holds now and was saved."""
        try:
            failure = self.change(key, value)
        except InvalidInput as refused:
            if key not in PAIR or not isinstance(refused, ColoursTooClose):
                raise
            raise BothColoursAtOnce(reason=options.refusal_words(refused, self.language),
                                    text=options.word("navy", self.language), key=words.name(PAIR[0], self.language),
                                    other=words.name(PAIR[1], self.language),
                                    background=options.word("cream", self.language)) from None
        return words.changed(key, self.settings, self.language, failure, self.voices())

    def said(self, key: str) -> str:
        """A setting's value in the player's words (a voice by its name)."""
        return words.said_value(key, self.settings, self.language, self.voices())

    def change(self, key: str, value: str) -> str | None:
        """Set ``key`` to ``value`` (checked: a refusal changes nothing), saved and in effect; the reason
        it could not be saved, if it could not."""
        changed = self.settings.changed(key, value)
        failure = None
        try:
            self._keep(key, changed)
        except OSError as error:
            failure = error.strerror or str(error)
        self._apply(changed)
        return failure

    def speaking(self, voice: SpeechOutput | None) -> bool:
        """Whether speech is on: the voice speaks through some output (without a real voice, the setting says)."""
        return getattr(voice, "backend", self.settings.speech) != "none"

    def switch_speech(self, voice: SpeechOutput | None, say: Callable[[Utterance], None]) -> None:
        """Speech off, or on again, at once and kept (checklist AU-07): the speech output ``none``, or
        the output chosen before it was turned off (``auto`` after a restart: the voice is found again).
        "Speech off." is said before the voice goes, so it is heard; "Speech on." by the voice that came.
        The printed or shown text stays either way."""
        on = not self.speaking(voice)
        if not on and self.settings.speech != "none":
            self._before_off = self.settings.speech  # a player's own choice (tts, screenreader) is not lost
        output = self._before_off if on else "none"
        said = words.speech_switched(on, self.change("speech", output), self.language)
        switch = getattr(voice, "switch", None)
        if not on:
            say(said)
        if switch is not None and voice is not None:
            if not on:
                voice.drain(SWITCH_WAIT)
            switch(output)
        if on:
            say(said)

    def _keep(self, key: str, changed: config.Settings) -> None:
        """Save a change: in the profile in effect when it holds that setting, else in the shared file."""
        if self.profiles is not None and self.player is not None and key in own_settings.KEYS:
            self.profiles.store(self.player, changed)
            return
        self.shared = own_settings.taking(self.shared, changed, (key,))
        if self.path is not None:
            config.store(self.shared, self.path)

    def _apply(self, now: config.Settings) -> None:
        self.settings = now
        if self.on_change is not None:
            self.on_change(now)

    def follow(self, player: str) -> bool:
        """The turn came to a person: their own settings hold, or the shared ones; whether anything changed."""
        own = None if self.profiles is None else self.profiles.load(player)
        self.player = None if own is None else player
        now = self.shared if own is None else own_settings.over(self.shared, own)
        if now == self.settings:
            return False
        self._apply(now)
        return True

    def keep_own(self, player: str, wanted: bool) -> None:
        """``profile yes``: the settings in effect become ``player``'s own; ``profile no``: the shared ones
        hold for them again. ``OSError`` if the profile cannot be written or removed."""
        if self.profiles is None:
            raise OSError("there is no settings folder in this run")
        if wanted:
            self.profiles.store(player, self.settings)
            self.player = player
        else:
            self.profiles.remove(player)
            self.follow(player)
