"""What a menu item or a setting is for, in one short sentence (checklist CG-03).

Help on an item must say what the item does, not only how to choose it
("On Settings: Enter or Space chooses it." said the same for every item).
Both front ends ask here by the item's key: the main menu's items
(``new``, ``tutorial``, ...) and every setting by its name; the terminal's
menu ``help`` and a setting's name alone say it, and so does the window's
F1 on the focused item.
"""

from __future__ import annotations

from accessible_dice.errors import N_
from accessible_dice.presentation.i18n import Language

#: Item key -> what it is for, marked for translation.
PURPOSES = {
    # Translators: what a main menu item is for (help on the item, CG-03): one short sentence.
    "new": N_("Choose a game, the players and the options, and play."),
    # Translators: what a main menu item is for.
    "settings": N_("Hear and change how the game speaks, sounds and looks."),
    # Translators: what a main menu item is for.
    "scores": N_("Personal bests, averages and the latest finished games."),
    # Translators: what a main menu item is for.
    "tutorial": N_("A short guided first game of the game you choose: what to press, step by step."),
    # Translators: what a main menu item is for.
    "practice": N_("A game that is not saved and not put into the score history, with hints at any time."),
    # Translators: what a main menu item is for.
    "online": N_("Play at online tables with people elsewhere."),
    # Translators: what a main menu item is for.
    "web": N_("Play in a web browser, with your own screen reader."),
    # Translators: what a main menu item is for.
    "speech-switch": N_("Speech off or on again; the text stays."),
    # Translators: what a main menu item is for.
    "quit": N_("Leave the program; a game under way is saved."),
    # Translators: what a setting is for (help on it, CG-03): one short sentence.
    "language": N_("The language of speech and text, from the next start."),
    # Translators: what a setting is for.
    "speech": N_("Who speaks: your screen reader, the built-in voice, or printed lines only."),
    # Translators: what a setting is for.
    "speech-rate": N_("How fast the built-in voice speaks, in words a minute."),
    # Translators: what a setting is for.
    "speech-volume": N_("How loud the built-in voice speaks."),
    # Translators: what a setting is for.
    "speech-pitch": N_("How high the built-in voice speaks."),
    # Translators: what a setting is for.
    "voice": N_("Which of the built-in voice's voices speaks."),
    # Translators: what a setting is for.
    "braille": N_("What the braille display shows: everything said, or only what you move to or ask for."),
    # Translators: what a setting is for.
    "verbosity": N_("How much is said: numbers only, the usual sentences, or more detail and advice."),
    # Translators: what a setting is for.
    "sound-volume": N_("How loud the sound effects are."),
    # Translators: what a setting is for.
    "sound-mute": N_("No sound effects at all."),
    # Translators: what a setting is for.
    "sound-mono": N_("Every sound the same in both ears, for one ear or one earphone."),
    # Translators: what a setting is for.
    "sound-balance": N_("More sound on the left or on the right."),
    # Translators: what a setting is for.
    "sound-during-speech": N_("Whether sound effects get quieter while speech plays."),
    # Translators: what a setting is for.
    "theme": N_("The window's colours: high contrast, or low contrast for eyes that it dazzles."),
    # Translators: what a setting is for.
    "text-colour": N_("A text colour of your own in the window, instead of the theme's."),
    # Translators: what a setting is for.
    "background-colour": N_("A background colour of your own in the window, instead of the theme's."),
    # Translators: what a setting is for.
    "font-scale": N_("How large the window draws everything, in percent."),
    # Translators: what a setting is for.
    "smallest-text": N_("No text in the window is drawn smaller than this."),
    # Translators: what a setting is for.
    "line-spacing": N_("How far apart the lines of messages, help and rules are in the window: 100 is single "
                       "spacing, 150 one and a half, 200 double."),
    # Translators: what a setting is for.
    "full-screen": N_("Open the window on the whole screen."),
    # Translators: what a setting is for.
    "confirm": N_("Ask before scoring 0 in a box, and before quitting in the window."),
    # Translators: what a setting is for.
    "keep-by": N_("Whether numbers name the dice by their place or by the face they show."),
    # Translators: what a setting is for.
    "computer-pace": N_("How fast computer players take their steps, or one step for each Enter."),
    # Translators: what a setting is for.
    "computer-level": N_("How well computer players play."),
    # Translators: what a setting is for.
    "key-delay": N_("A key pressed again this soon is ignored, for hands that press twice."),
    # Translators: what a setting is for.
    "menu-wrap": N_("Whether moving past a menu's last item goes on at the first."),
}


def purpose(key: str, language: Language) -> str | None:
    """What the item or setting ``key`` is for, in ``language``; ``None`` for an item without one."""
    found = PURPOSES.get(key)
    return None if found is None else language._(found)
