"""The speech layer: what the player hears as words.

The presentation (``describe*``/``presentation*`` modules here) turns events
into :class:`~accessible_dice.utterance.Utterance` objects; the
:class:`Speaker` sends them to the backend that works on this machine. Tests
of other layers use :class:`SpeechSpy` instead. See docs/speech.md.

Importing this package loads no speech library: they load when a speaker starts.
"""

from accessible_dice.speech.settings import VoiceInfo, VoiceSettings
from accessible_dice.speech.speaker import CHOICES, Speaker, SpeechOutput
from accessible_dice.speech.spy import Silenced, SpeechSpy

__all__ = ["CHOICES", "Silenced", "Speaker", "SpeechOutput", "SpeechSpy", "VoiceInfo", "VoiceSettings"]
