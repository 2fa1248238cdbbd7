"""The main menu, by typed numbers or words, every prompt spoken.

New game (game, players, options, dice), continue the saved game, the
settings, the score history, or quit.
Each step says what can be typed and what Enter chooses; ``back`` returns to
the main menu from any step. Wrong input is answered with a reason and the
question stays open.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from accessible_dice import save
from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games import game_class
from accessible_dice.games.base import WrongPlayerCount
from accessible_dice.games.options import parse_assignment, resolve
from accessible_dice.history import HistoryUnavailable, ScoreHistory
from accessible_dice.presentation import TITLES, options, playable, scores
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session, check_names, new_session
from accessible_dice.ui.terminal import Announcer, ReadLine
from accessible_dice.ui.terminal.settings_screen import SettingsScreen
from accessible_dice.utterance import Cue, Utterance

#: How many of the latest games the menu's score history says.
MENU_LATEST = 5


class NotAChoice(InvalidInput):
    # Translators: a menu answer that is none of the choices; {count} choices are numbered from 1.
    template = N_("{text} is not a choice here; type a number from 1 to {count}, or back.")


class Back(Exception):
    """The player typed ``back``: return to the main menu."""


class EndOfInput(Exception):
    """Input ended inside the menu: leave quietly."""


def default_players(language: Language) -> tuple[str, ...]:
    """One player named after the language's word for "Player"."""
    # Translators: the default name of the only player.
    return (language._("Player"),)


class Menu:
    """The main menu; ``settings`` and ``record_to`` (the score history) add their items when given."""

    def __init__(self, announcer: Announcer, read_line: ReadLine, language: Language, *,
                 manual: bool, seed: int | None, save_to: Path, record_to: Path | None = None,
                 settings: SettingsScreen | None = None) -> None:
        self.announcer = announcer
        self.read_line = read_line
        self.language = language
        self.manual = manual
        self.seed = seed
        self.save_to = save_to
        self.record_to = record_to
        self.settings = settings
        self._ = language._

    # ------------------------------------------------------------ asking

    def say(self, utterance: Utterance) -> None:
        self.announcer.say(utterance)

    def ask(self, prompt: Utterance) -> str:
        """Say ``prompt`` and read the answer.

        ``back`` leaves the step; ``quit`` (as in a game) and the end of input
        leave the program from any step, so a player never has to find the way
        back to the main menu first.
        """
        self.say(prompt)
        line = self.read_line()
        # Translators: the terminal command word for leaving (the same word as in a game).
        if line is None or line.strip().casefold() in {"quit", "q", self._("quit").casefold()}:
            raise EndOfInput
        text = line.strip()
        # Translators: the menu word that returns to the main menu.
        if text.casefold() in {"back", self._("back").casefold()}:
            raise Back
        return text

    def refuse(self, error: DiceError) -> None:
        self.say(answer(options.refusal_words(error, self.language), Cue("invalid")))

    def choose(self, title: str, items: Sequence[tuple[str, Sequence[str]]], default: int | None = None) -> int:
        """Ask for one of ``items`` (label, extra words) by number, label or word; its index."""
        listed = self.language.join((
            # Translators: one numbered menu item, e.g. "1 Shut the Box".
            self._("{number} {label}").format(number=number, label=label)
            for number, (label, _words) in enumerate(items, start=1)), "or")
        while True:
            text = self.ask(news(" ".join([title, listed + "."])))
            if not text and default is not None:
                return default
            for index, (label, words) in enumerate(items):
                if text.casefold() in {str(index + 1), label.casefold(), *words}:
                    return index
            self.refuse(NotAChoice(text=text or '""', count=len(items)))

    # ------------------------------------------------------------ the menu

    def run(self) -> tuple[Session, bool] | None:
        """The session the player chose and whether it is resumed; ``None`` to quit."""
        try:
            while True:
                try:
                    return self._main()
                except Back:
                    continue
        except EndOfInput:
            return None

    def _main(self) -> tuple[Session, bool] | None:
        saved = self._saved()
        # Translators: main menu item.
        items: list[tuple[str, Sequence[str]]] = [(self._("New game"), ("new",))]
        if saved is not None:
            # Translators: main menu item: continue the saved game; {game} and {players} describe it.
            items.append((self._("Continue {game} with {players}").format(
                game=self._(TITLES[saved.game.id]), players=self.language.join(saved.game.players)),
                ("continue", "resume")))
        if self.settings is not None:
            # Translators: main menu item: hear and change the settings.
            items.append((self._("Settings"), ("settings",)))
        if self.record_to is not None:
            # Translators: main menu item: personal bests, averages and the latest games.
            items.append((self._("Score history"), ("history", "scores")))
        # Translators: main menu item.
        items.append((self._("Quit"), ("quit", "q")))
        # Translators: the main menu's title, followed by its numbered items.
        choice = self.choose(self._("Main menu:"), items, default=0)
        chosen = items[choice][1][0]
        if chosen == "quit":
            return None
        if chosen == "continue":
            assert saved is not None
            return saved, True
        if chosen == "settings":
            self._settings()
            raise Back
        if chosen == "history":
            self._scores()
            raise Back
        return self._new_game(), False

    def _settings(self) -> None:
        """Say the settings, then change them one typed line at a time until Enter."""
        assert self.settings is not None
        self.say(self.settings.command([]))
        while text := self.ask(settings_words.prompt(self.language)):
            try:
                self.say(self.settings.command(text.split()))
            except DiceError as error:
                self.refuse(error)

    def _scores(self) -> None:
        """The score history: the count, every record, the latest games; one line each."""
        assert self.record_to is not None
        try:
            with ScoreHistory(self.record_to) as history:
                lines = scores.history_lines(history, self.language, latest=MENU_LATEST)
                damaged = history.damaged
        except HistoryUnavailable as error:
            self.refuse(error)
            return
        if damaged is not None:
            self.refuse(damaged)
        self.say(answer(lines[0]))
        for line in lines[1:]:
            self.say(news(line))

    def _saved(self) -> Session | None:
        """The saved game, if there is one that loads."""
        if not self.save_to.exists():
            return None
        try:
            return Session.resume(self.save_to, manual=self.manual, seed=self.seed, record_to=self.record_to)
        except save.BadSave as error:
            self.refuse(error)
            return None

    def _new_game(self) -> Session:
        games = playable()
        titles = [(self._(TITLES[g]), (g,)) for g in games]
        # Translators: the question before the numbered list of games.
        game_id = games[self.choose(self._("Choose a game:"), titles)]
        players = self._players(game_id)
        options = self._options(game_id)
        dice = [
            # Translators: dice choice: the program throws.
            (self._("random"), ("random",)),
            # Translators: dice choice: real dice are thrown and their values typed.
            (self._("manual, you throw real dice and type their values"), ("manual",)),
        ]
        # Translators: the question before the dice choices; Enter keeps the first.
        self.manual = self.choose(self._("Dice:"), dice, default=1 if self.manual else 0) == 1
        return new_session(game_id, players, options, manual=self.manual, seed=self.seed, save_to=self.save_to,
                           record_to=self.record_to)

    def _players(self, game_id: str) -> tuple[str, ...]:
        cls = game_class(game_id)
        # Translators: the players question; names starting with cpu are computer players.
        prompt = news(self._("Players: type names separated by commas, like Anna, Ben. Names starting with "
                             "cpu are computer players. Press Enter for one player."))
        while True:
            text = self.ask(prompt)
            try:
                names = check_names(text) if text else default_players(self.language)
                if not cls.min_players <= len(names) <= cls.max_players:
                    raise WrongPlayerCount(game=self._(TITLES[game_id]), low=cls.min_players,
                                           high=cls.max_players, count=len(names))
                return names
            except DiceError as error:
                self.refuse(error)

    def _options(self, game_id: str) -> dict[str, Any]:
        specs = game_class(game_id).options_spec
        values = resolve(game_id, specs, {})
        while specs:
            # Translators: {options} lists option names and values, e.g. "easy no, rounds 1".
            text = self.ask(news(self._("Options: {options}. Type a change like {example}, or press Enter "
                                        "to go on.").format(options=options.listing(specs, values, self.language),
                                                            example=options.example(specs[0], self.language))))
            if not text:
                break
            try:
                key, value = options.typed_option(parse_assignment(text), specs, self.language)
                values = resolve(game_id, specs, {**values, key: value})
            except DiceError as error:
                self.refuse(error)
        return values
