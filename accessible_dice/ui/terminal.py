"""The terminal front end: one line per announcement, one command per typed line.

It works through a pipe, over SSH and with a terminal screen reader (SR-15):
no colours, no cursor movement, no box art, no prompt characters; every line
it prints is an announcement. What it plays with is the play layer that every
front end shares (:mod:`accessible_dice.play`): the commands, the
:class:`~accessible_dice.play.controller.Controller` that carries them out, the
menus and online table play. This module is what only the terminal does:
``accessible-dice online`` in the terminal; :mod:`accessible_dice.ui.launch`
starts a terminal game.
"""

from __future__ import annotations

from functools import partial

from accessible_dice import settings as config
from accessible_dice.play.controller import Announcer
from accessible_dice.play.inbox import Inbox
from accessible_dice.play.online import online_menu
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.presentation.describe import answer
from accessible_dice.presentation.i18n import Language
from accessible_dice.ui.launch import run
from accessible_dice.ui.launch_request import Launch, Online


def run_online(online: Online) -> int:
    """``accessible-dice online``: the exit status, with the terminal's voice and crash guard."""
    return run(online.launch, console=partial(_console, online))


def _console(online: Online, launch: Launch, lang: Language, announcer: Announcer, chosen: config.Settings) -> int:
    inbox = Inbox()
    inbox.start()
    online_menu(announcer, inbox, lang, SettingsScreen(lang, chosen, config.settings_path()), online)
    if online.action is None:
        # Translators: leaving the program from the online menu.
        announcer.say(answer(lang._("Goodbye.")))
    return 0
