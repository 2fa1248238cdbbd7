"""``--ui window`` started: the window, its outputs, the first screen, and the way back to the main menu.

This is the window's launch code, kept apart from the screens so that they
never import each other in a circle: the game screen goes back to the main
menu through :attr:`Window.main_menu`, which is made here (the one place
that knows both the main menu and the game screen).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from accessible_dice import audio
from accessible_dice import settings as config
from accessible_dice.errors import DiceError
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.verbosity import Verbosity
from accessible_dice.ui.launch_request import Launch
from accessible_dice.ui.window import Window
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.menu import MainMenu, resume_saved


def connect(window: Window, seed: int | None) -> None:
    """Give ``window`` its way back to the main menu (the game screen's "Back to the main menu")."""
    window.main_menu = lambda manual: MainMenu(window, manual=manual, seed=seed)


def run_window(launch: Launch, lang: Language, problems: Sequence[DiceError] = ()) -> int | Launch:
    """``--ui window``: the main menu, or straight into ``--game``; the exit status, or the launch of the front
    end the player chose instead (the browser), which :mod:`accessible_dice.ui.launch` starts next: a front end
    never starts another itself.

    ``problems`` found in the settings file at start are said after the first screen's title.
    """
    from accessible_dice.play.starting import asked_for, start_news
    from accessible_dice.presentation import settings as settings_words
    from accessible_dice.sound import SoundPlayer
    from accessible_dice.speech import Speaker
    from accessible_dice.speech.braille import start_braille
    from accessible_dice.speech.notice import SilentSpeechNotice

    chosen = config.load().settings  # problems in the file were told at start (launch)
    voice = dataclasses.replace(chosen.voice_settings(), language=lang.code)
    cues = SoundPlayer()
    cues.follow(chosen)
    speaker = Speaker(launch.speech, settings=voice, gettext=lang._,
                      on_voice=lambda utterance, speaking: setattr(cues, "ducked", speaking))
    window = Window(lang, speaker, cues, verbosity=Verbosity.named(launch.verbosity), voice_settings=voice,
                    settings=chosen, settings_path=config.settings_path())
    window.shown.braille = start_braille(chosen.braille)
    window.speech_notice = SilentSpeechNotice(speaker, launch.speech, lambda said: window.say(said, remember=False),
                                              lang._)
    connect(window, None)
    window.open()
    try:
        if launch.game is not None:
            window.push(GameScreen(window, asked_for(launch.game, launch, lang)))
        else:
            menu = MainMenu(window, manual=launch.dice == "manual", seed=launch.seed,
                            dice_given="dice" in launch.given)
            window.push(menu)
            if launch.resume:
                resume_saved(window, menu)
        for said in [*start_news(lang), *settings_words.problems(problems, lang)]:
            window.say(said)
        status = window.run()
    finally:
        window.close()
        speaker.drain()  # the goodbye, and anything queued, is heard before the voice goes
        speaker.close()
        window.shown.braille.close()
        cues.close()
        audio.shutdown()  # last, from this thread, with nothing playing (see audio.shutdown)
    if window.switch_to == "web":  # the main menu's "Play in the browser": the launch opens the page next
        return dataclasses.replace(launch, game=None, resume=False, ui="web")
    return status
