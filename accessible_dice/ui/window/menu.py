"""The window's main menu: a new game (game, players, options, dice), the saved games, or leave.

The same steps as the terminal's menu (:mod:`accessible_dice.play.menu`),
made of the same checks (player names, player counts, game options) and
the same session; only the way of choosing differs: arrows and Enter, and
text fields for names and option values. Escape goes back a step; in the
main menu it asks before closing the program (KB-15).
"""

from __future__ import annotations

from functools import partial

from accessible_dice import saved_games
from accessible_dice import tutorial as tutorials
from accessible_dice.errors import DiceError
from accessible_dice.games import game_class
from accessible_dice.games.base import WrongPlayerCount
from accessible_dice.history import HistoryUnavailable, ScoreHistory, history_path
from accessible_dice.names import check_names
from accessible_dice.play.menu import MENU_LATEST, QUICK_GAME, default_players
from accessible_dice.play.starting import NoSavedGame
from accessible_dice.presentation import TITLES, NotPlayableYet, listed_title, playable, scores
from accessible_dice.presentation import saves as saves_words
from accessible_dice.presentation.describe import answer
from accessible_dice.session import Session
from accessible_dice.ui.window import Entry, Menu, MenuItem, Reader, Window
from accessible_dice.ui.window.game import GameScreen
from accessible_dice.ui.window.game_options import Options
from accessible_dice.ui.window.settings import SettingsMenu


class MainMenu(Menu):
    """New game, settings, score history, quit, then the saved games (the latest first), as the terminal's.

    ``manual`` is the dice a new game offers first; with ``dice_given``
    (``--dice`` on the command line) it also holds for a game continued.
    """

    def __init__(self, window: Window, *, manual: bool, seed: int | None, dice_given: bool = False) -> None:
        # Translators: the main menu's title in the window.
        super().__init__(window, window._("Main menu"))
        self.manual = manual
        self.seed = seed
        self.dice_given = dice_given
        self.saved: list[saved_games.SavedGame] = []

    def opened(self) -> None:
        found = saved_games.find()
        for error in found.refused:
            self.window.refuse(error)
        self.saved = found.games
        super().opened()

    def items(self) -> list[MenuItem]:
        _ = self._
        # Translators: main menu item.
        items: list[MenuItem] = [("new", _("New game"), lambda: self.window.push(GameChoice(self)))]
        # Translators: main menu item: the list of settings.
        items.append(("settings", _("Settings"), lambda: self.window.push(SettingsMenu(self.window))))
        # Translators: main menu item: personal bests and the latest finished games.
        items.append(("scores", _("Score history"), self.scores))
        # Translators: main menu item: a short guided first game of one of the games.
        items.append(("tutorial", _("Tutorial"), lambda: self.window.push(GameChoice(self, tutorial=True))))
        # Translators: main menu item: a game that is neither saved nor put into the score history.
        items.append(("practice", _("Practice game"), lambda: self.window.push(GameChoice(self, practice=True))))
        # Translators: main menu item: online tables on Matrix (sign in, join, My tables).
        items.append(("online", _("Play online"), self.online))
        # Translators: main menu item of the window: close it and play in the web browser (docs/web.md).
        items.append(("web", _("Play in the browser"), self.to_browser))
        # Translators: main menu item.
        items.append(("quit", _("Quit"), self.back))
        items += [(f"saved-{number}", saves_words.saved_label(saved, self.window.language),
                   partial(self.resume, saved)) for number, saved in enumerate(self.saved)]
        return items

    def online(self) -> None:
        """*Play online*: the online menu (loaded when chosen: it brings the network client)."""
        from accessible_dice.ui.window.online import OnlineMenu

        self.window.push(OnlineMenu(self.window))

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

    def resume(self, saved: saved_games.SavedGame) -> None:
        session = Session.continued(saved, manual=self.manual if self.dice_given else None, seed=self.seed,
                                    record_to=history_path())
        self.window.replace_all(GameScreen(self.window, session, resumed=True))

    def back(self) -> None:
        self.ask_close()

    def to_browser(self) -> None:
        """The browser front end instead of the window: the window closes and the page opens (``run_window``)."""
        # Translators: said when the window's main menu hands over to the web browser.
        self.window.say(answer(self._("The game opens in the browser.")))
        self.window.switch_to = "web"
        self.window.running = False


class GameChoice(Menu):
    """The games that can be played; Enter asks for the players."""

    def __init__(self, menu: MainMenu, practice: bool = False, tutorial: bool = False) -> None:
        # Translators: the title of the list of games.
        super().__init__(menu.window, menu._("Choose a game"))
        self.menu = menu
        self.practice = practice
        self.tutorial = tutorial

    def items(self) -> list[MenuItem]:
        chosen = self.guided if self.tutorial else self.ask_players
        items: list[MenuItem] = []
        if not (self.tutorial or self.practice) and QUICK_GAME in playable():  # Enter, Enter plays (CG-01)
            # Translators: the first item of the window's game list (CG-01): {game} for one player, with the
            # usual options; short, as it is drawn in large text.
            items.append(("quick", self._("Quick game: {game} alone").format(game=self._(TITLES[QUICK_GAME])),
                          self.quick))
        return items + [(game_id, listed_title(game_id, self.window.language), partial(chosen, game_id))
                        for game_id in TITLES]

    def quick(self) -> None:
        """The quick game: the default player and options, the dice the menu offers first."""
        self.window.say(tutorials.offer(QUICK_GAME, self.window.language))
        Options(self.menu, QUICK_GAME, default_players(self.window.language)).start()

    def guided(self, game_id: str) -> None:
        """The tutorial of ``game_id``: the one left earlier, or a new one."""
        if game_id not in playable():
            self.window.refuse(NotPlayableYet(game=game_id))
            return
        session, resumed = tutorials.start(game_id, default_players(self.window.language)[0], self.window.language,
                                           window=True)
        self.window.replace_all(GameScreen(self.window, session, resumed=resumed))

    def ask_players(self, game_id: str) -> None:
        if game_id not in playable():
            self.window.refuse(NotPlayableYet(game=game_id))
            return
        cls = game_class(game_id)
        self.window.say(tutorials.offer(game_id, self.window.language))

        def chosen(text: str) -> bool:
            try:
                names = check_names(text) if text else default_players(self.window.language)
                if not cls.min_players <= len(names) <= cls.max_players:
                    raise WrongPlayerCount(game=self._(TITLES[game_id]), low=cls.min_players,
                                           high=cls.max_players, count=len(names))
            except DiceError as error:
                self.window.refuse(error)
                return False
            self.window.push(Options(self.menu, game_id, names, practice=self.practice))
            return True

        # Translators: the players question in the window; names starting with cpu are computer players.
        prompt = self._("Players: type names separated by commas, like Anna, Ben. Names starting with cpu are "
                        "computer players. Enter alone: one player.")
        self.window.push(Entry(self.window, prompt, chosen))


def resume_saved(window: Window, menu: MainMenu) -> None:
    """``--resume``: continue the game played last, or say there is none (the main menu stays)."""
    if not menu.saved:
        window.refuse(NoSavedGame())
        return
    menu.resume(menu.saved[0])
