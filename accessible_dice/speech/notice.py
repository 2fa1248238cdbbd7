"""The window never falls silent without saying so.

In the window, ``text`` lines go to a standard output nobody reads (a
shortcut has no console) and ``none`` says nothing: when speech ends up
there although the player did not choose it (every voice failed at start or
during the game), the player must still learn it. :class:`SilentSpeechNotice`
shows it in the window's large message area with the "invalid" cue, and
keeps trying the built-in voice every few seconds; once a voice speaks
again it says so ("Speech: built-in voice.").
"""

from __future__ import annotations

from collections.abc import Callable

from accessible_dice.errors import N_, Translate
from accessible_dice.speech.speaker import Speaker
from accessible_dice.utterance import Cue, Utterance

#: Seconds between tries of the built-in voice while nothing speaks aloud.
RETRY_EVERY = 5.0
#: Backends that are silent in the window.
SILENT = ("text", "none")


class SilentSpeechNotice:
    """Watches the window's speaker; ``tick`` is called by the window's loop."""

    def __init__(self, speaker: Speaker, chosen: str, show: Callable[[Utterance], None], gettext: Translate) -> None:
        """``chosen`` is the ``--speech`` choice: a player who chose ``text`` or ``none`` is not told."""
        self._speaker = speaker
        self._expected = False
        self.chosen(chosen)
        self._show = show
        self._gettext = gettext
        self._told = False
        self._next_try = 0.0

    def chosen(self, choice: str) -> None:
        """The player chose ``choice`` (speech turned off or on with F7): silence chosen is not told."""
        self._expected = choice in SILENT

    def tick(self, now: float) -> bool:
        """Tell the player (once per silence) and try the voice again when due; ``True`` when something changed."""
        if self._expected:
            return False
        if self._speaker.backend not in SILENT:
            self._told = False
            return False
        changed = False
        if not self._told:
            self._told = True
            # Translators: shown in large text in the window, with the "invalid" sound, when no voice works.
            notice = self._gettext(N_("Speech is not working: no voice can be heard. The game keeps trying the "
                                      "built-in voice."))
            self._show(Utterance(notice, interrupt=True, cues=(Cue("invalid"),)))
            changed = True
        if now >= self._next_try:
            self._next_try = now + RETRY_EVERY
            self._speaker.retry_voice()
        return changed
