"""The window's main menu: a new game (game, players, options, dice), the saved game, or leave.

The same steps as the terminal's menu (:mod:`accessible_dice.ui.terminal.menu`),
made of the same checks (player names, player counts, game options) and
the same session; only the way of choosing differs: arrows and Enter, and
text fields for names and option values. Escape goes back a step; in the
main menu it asks before closing the program (KB-15).
"""

from __future__ import annotations

from typing import Any

from accessible_dice import save
from accessible_dice.errors import DiceError
from accessible_dice.games import game_class
from accessible_dice.games.base import WrongPlayerCount
from accessible_dice.games.options import resolve
from accessible_dice.history import HistoryUnavailable, ScoreHistory, history_path
from accessible_dice.presentation import TITLES, options, playable, scores
from accessible_dice.presentation.describe import answer
from accessible_dice.session import Session, check_names, new_session, save_path
from accessible_dice.ui.launch import NoSavedGame
from accessible_dice.ui.terminal.menu import MENU_LATEST, default_players
from accessible_dice.ui.window import Entry, Menu, MenuItem, Reader, Window
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.settings import SettingsMenu


class MainMenu(Menu):
    """New game, continue the saved game (when there is one), quit."""

    def __init__(self, window: Window, *, manual: bool, seed: int | None) -> None:
        # Translators: the main menu's title in the window.
        super().__init__(window, window._("Main menu"))
        self.manual = manual
        self.seed = seed
        self.saved: Session | None = None

    def opened(self) -> None:
        self.saved = self._saved()
        super().opened()

    def _saved(self) -> Session | None:
        """The saved game, if one loads; a damaged save is said once and offered no more."""
        path = save_path()
        if not path.exists():
            return None
        try:
            return Session.resume(path, manual=self.manual, seed=self.seed, record_to=history_path())
        except save.BadSave as error:
            self.window.refuse(error)
            return None

    def items(self) -> list[MenuItem]:
        _ = self._
        # Translators: main menu item.
        items: list[MenuItem] = [("new", _("New game"), lambda: self.window.push(GameChoice(self)))]
        if self.saved is not None:
            game = self.saved.game
            # Translators: main menu item: continue the saved game; {game} and {players} describe it.
            label = _("Continue {game} with {players}").format(game=_(TITLES[game.id]),
                                                               players=self.window.language.join(game.players))
            items.append(("continue", label, self.resume))
        # Translators: main menu item: the list of settings.
        items.append(("settings", _("Settings"), lambda: self.window.push(SettingsMenu(self.window))))
        # Translators: main menu item: personal bests and the latest finished games.
        items.append(("scores", _("Score history"), self.scores))
        # Translators: main menu item.
        items.append(("quit", _("Quit"), self.back))
        return items

    def scores(self) -> None:
        """The score history, a line at a time (the terminal's words)."""
        try:
            with ScoreHistory(history_path()) as history:
                lines = scores.history_lines(history, self.window.language, latest=MENU_LATEST)
                damaged = history.damaged
        except HistoryUnavailable as error:
            self.window.refuse(error)
            return
        if damaged is not None:
            self.window.refuse(damaged)
        # Translators: the title of the score history page in the window.
        self.window.push(Reader(self.window, self._("Score history"), lines))

    def resume(self) -> None:
        assert self.saved is not None
        self.window.replace_all(GameScreen(self.window, self.saved, resumed=True))

    def back(self) -> None:
        self.ask_close()


class GameChoice(Menu):
    """The games that can be played; Enter asks for the players."""

    def __init__(self, menu: MainMenu) -> None:
        # Translators: the title of the list of games.
        super().__init__(menu.window, menu._("Choose a game"))
        self.menu = menu

    def items(self) -> list[MenuItem]:
        return [(game_id, self._(TITLES[game_id]), lambda g=game_id: self.ask_players(g)) for game_id in playable()]

    def ask_players(self, game_id: str) -> None:
        cls = game_class(game_id)

        def chosen(text: str) -> bool:
            try:
                names = check_names(text) if text else default_players(self.window.language)
                if not cls.min_players <= len(names) <= cls.max_players:
                    raise WrongPlayerCount(game=self._(TITLES[game_id]), low=cls.min_players,
                                           high=cls.max_players, count=len(names))
            except DiceError as error:
                self.window.refuse(error)
                return False
            self.window.push(Options(self.menu, game_id, names))
            return True

        # Translators: the players question in the window; names starting with cpu are computer players.
        prompt = self._("Players: type names separated by commas, like Anna, Ben. Names starting with cpu are "
                        "computer players. Enter alone: one player.")
        self.window.push(Entry(self.window, prompt, chosen))


class Options(Menu):
    """The game's options and the dice, each changed with Enter; the first item starts the game."""

    def __init__(self, menu: MainMenu, game_id: str, players: tuple[str, ...]) -> None:
        # Translators: the title of the options list; {game} is the game's name.
        super().__init__(menu.window, menu._("Options for {game}").format(game=menu._(TITLES[game_id])))
        self.menu = menu
        self.game_id = game_id
        self.players = players
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
                lambda s=spec: self.edit(s)))
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
            session = new_session(self.game_id, self.players, self.values, manual=self.menu.manual,
                                  seed=self.menu.seed, save_to=save_path(), record_to=history_path())
        except DiceError as error:
            self.window.refuse(error)
            return
        self.window.replace_all(GameScreen(self.window, session))


def resume_saved(window: Window, menu: MainMenu) -> None:
    """``--resume``: continue the saved game, or say there is none (the main menu stays)."""
    if menu.saved is None:
        if not save_path().exists():
            window.refuse(NoSavedGame())
        return
    menu.resume()
