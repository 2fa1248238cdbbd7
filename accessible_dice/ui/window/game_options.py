"""A game's options in the window, chosen before it starts: from the main menu, or the online menu opening a table.

Both menus open these, so they live here, below both (the online menu once imported them from the main
menu, which imports the online menu: an import circle).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from accessible_dice import saved_games
from accessible_dice.errors import DiceError
from accessible_dice.games import game_class
from accessible_dice.games.options import resolve
from accessible_dice.history import history_path
from accessible_dice.practice import practice_session
from accessible_dice.presentation import TITLES, options
from accessible_dice.presentation.describe import answer
from accessible_dice.session import new_session
from accessible_dice.ui.window import Entry, Menu, MenuItem, Window
from accessible_dice.ui.window.game import GameScreen


class Opener(Protocol):
    """Where a game's options are chosen from: the main menu, or the online menu opening a table."""

    window: Window
    manual: bool
    seed: int | None

    def _(self, message: str) -> str: ...


class Options(Menu):
    """The game's options and the dice, each changed with Enter; the first item starts the game."""

    def __init__(self, menu: Opener, game_id: str, players: tuple[str, ...], practice: bool = False) -> None:
        # Translators: the title of the options list; {game} is the game's name.
        super().__init__(menu.window, menu._("Options for {game}").format(game=menu._(TITLES[game_id])))
        self.menu = menu
        self.game_id = game_id
        self.players = players
        self.practice = practice
        self.specs = game_class(game_id).options_spec
        self.values: dict[str, Any] = resolve(game_id, self.specs, {})

    def items(self) -> list[MenuItem]:
        _ = self._
        # Translators: options list item: start the game with these options.
        items: list[MenuItem] = [("start", _("Start the game"), self.start)]
        for spec in self.specs:
            # Translators: an option and its value in the options list, e.g. "rounds: 3"; Enter changes it.
            items.append((spec.key, _("{option}: {value}").format(
                option=options.name(spec.key, self.window.language),
                value=options.value_words(spec, self.values[spec.key], self.window.language)),
                partial(self.edit, spec)))
        if self.menu.manual:  # noqa: SIM108 - each message keeps its own translator comment
            # Translators: dice choice: real dice are thrown and their values typed.
            dice = _("real dice, you type their values")
        else:
            # Translators: dice choice: the program throws.
            dice = _("random")
        # Translators: options list item: where the dice come from; Enter switches.
        items.append(("dice", _("Dice: {dice}").format(dice=dice), self.switch_dice))
        return items

    def edit(self, spec: Any) -> None:
        def changed(text: str) -> bool:
            try:
                typed = options.typed_value(spec, text, self.window.language)
                self.values = resolve(self.game_id, self.specs, {**self.values, spec.key: typed})
            except DiceError as error:
                self.window.refuse(error)
                return False
            self.window.say(answer(self.describe()), remember=False)
            return True

        language = self.window.language
        # Translators: the prompt of an option's field; {option} is its name, {allowed} what it accepts.
        prompt = self._("{option}: type {allowed}").format(option=options.name(spec.key, language),
                                                          allowed=options.allowed_words(spec, language))
        self.window.push(Entry(self.window, prompt, changed, text=options.editable(spec, self.values[spec.key],
                                                                                  language)))

    def switch_dice(self) -> None:
        self.menu.manual = not self.menu.manual
        self.say_focus()

    def start(self) -> None:
        try:
            if self.practice:
                session = practice_session(self.game_id, self.players, self.values, manual=self.menu.manual,
                                           seed=self.menu.seed)
            else:
                session = new_session(self.game_id, self.players, self.values, manual=self.menu.manual,
                                      seed=self.menu.seed, save_to=saved_games.new_path(self.game_id),
                                      record_to=history_path())
        except DiceError as error:
            self.window.refuse(error)
            return
        self.window.replace_all(GameScreen(self.window, session))
