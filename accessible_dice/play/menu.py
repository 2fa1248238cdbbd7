"""The main menu, by typed numbers or words, every prompt spoken.

New game (game, players, options, dice), the settings, the score history,
or quit; then every saved game, the most recently played first, to continue
(their numbers come after the fixed items, so those never move).
Each step says what can be typed and what Enter chooses; ``help`` explains
the step, ``back`` returns to the main menu from any step. Wrong input is
answered with a reason and the question stays open.

The last new game's choices are remembered (in the data folder, across
runs): at the game list Enter plays it again as it was, and each question
of that game offers its last answer to Enter (docs/playing.md, "Menus").
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from accessible_dice import bug_report, saved_games, tutorial
from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.games import game_class
from accessible_dice.games.base import WrongPlayerCount
from accessible_dice.games.options import parse_assignment, resolve
from accessible_dice.history import HistoryUnavailable, ScoreHistory
from accessible_dice.names import check_names, shortened
from accessible_dice.play import commands
from accessible_dice.play.controller import Announcer, ReadLine
from accessible_dice.play.settings_screen import SettingsScreen
from accessible_dice.practice import practice_session
from accessible_dice.presentation import TITLES, NotPlayableYet, listed_title, options, playable, scores
from accessible_dice.presentation import saves as saves_words
from accessible_dice.presentation import settings as settings_words
from accessible_dice.presentation.describe import answer, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.presentation.purposes import purpose
from accessible_dice.presentation.typed_words import spellings
from accessible_dice.session import Session, new_session
from accessible_dice.storage import write_atomic
from accessible_dice.utterance import Cue, Utterance

log = logging.getLogger(__name__)

#: How many of the latest games the menu's score history says.
MENU_LATEST = 5
#: The words that ask a menu step to explain itself (the same as in a game).
HELP_WORDS = ("help", "h", "?")


class NotAChoice(InvalidInput):
    # Translators: a menu answer that is none of the choices; {count} choices are numbered from 1.
    template = N_("{text} is not a choice here; type a number from 1 to {count}, or back.")


class NoAssignment(InvalidInput):
    # Translators: the options question got a word without "="; {example} is a change, e.g. "rounds=3".
    template = N_("Type an option, an equals sign and a value, like {example}; or press Enter to go on.")


class Back(Exception):
    """The player typed ``back``: return to the main menu."""


class EndOfInput(Exception):
    """Input ended inside the menu: leave quietly."""


def default_players(language: Language) -> tuple[str, ...]:
    """One player named after the language's word for "Player"."""
    # Translators: the default name of the only player.
    return (language._("Player"),)


#: The game a first start offers to Enter at the game list (CG-01): the shortest to learn, alone, as it comes.
QUICK_GAME = "shut-the-box"


def quick_game_words(language: Language) -> str:
    """What the quick game is, said at the game list of a first start, where Enter starts it (CG-01)."""
    # Translators: the game list's quick start, before any game was played: {game} alone, usual options.
    return language._("a quick game of {game} alone, with the usual options").format(
        game=language._(TITLES[QUICK_GAME]))


class Menu:
    """The main menu; ``settings`` and ``record_to`` (the score history) add their items when given.

    ``saves`` is the folder of saved games. ``manual`` is the dice a new game
    offers first; with ``dice_given`` (``--dice`` on the command line) it also
    overrides the dice of a game continued.
    """

    def __init__(self, announcer: Announcer, read_line: ReadLine, language: Language, *,
                 manual: bool, seed: int | None, saves: Path, record_to: Path | None = None,
                 settings: SettingsScreen | None = None, dice_given: bool = False,
                 remember_to: Path | None = None, online: Callable[[], None] | None = None) -> None:
        self.announcer = announcer
        self.read_line = read_line
        self.language = language
        self.manual = manual
        self.seed = seed
        self.dice_given = dice_given
        self.saves = saves
        self.record_to = record_to
        self.settings = settings
        #: Where the last new game's choices are kept; ``None``: remembered for this run only.
        self.remember_to = remember_to
        #: *Play online* (the online menu, back to this one when it ends); ``None``: no such item.
        self.online = online
        self.last: dict[str, Any] | None = self._remembered()
        self._ = language._

    # ------------------------------------------------------------ asking

    def say(self, utterance: Utterance | None) -> None:
        self.announcer.say(utterance)

    def ask(self, prompt: Utterance, explained: str | None = None) -> str:
        """Say ``prompt`` and read the answer.

        ``back`` leaves the step; ``quit`` (as in a game) and the end of input
        leave the program from any step, so a player never has to find the way
        back to the main menu first. ``help`` says ``explained`` (what the step
        takes) and how to leave, and asks again.
        """
        self.say(prompt)
        while True:
            line = self.read_line()
            while line is not None and self._spoken_to(line.strip().casefold()):
                line = self.read_line()
            # Translators: the terminal command word for leaving (the same word as in a game).
            if line is None or line.strip().casefold() in {"q", *spellings("quit", self.language)}:
                raise EndOfInput
            text = line.strip()
            # Translators: the menu word that returns to the main menu.
            if text.casefold() in spellings(N_("back"), self.language):
                raise Back
            # Translators: the terminal command word for help (the same word as in a game).
            if text.casefold() not in {*HELP_WORDS, *spellings(N_("help"), self.language)}:
                return text
            # Translators: help at any menu step, after what the step takes; back and quit are typed words.
            leaving = self._("Type back for the main menu, or quit to leave.")
            self.say(answer(" ".join([explained or prompt.text, leaving])))

    def _spoken_to(self, word: str) -> bool:
        """``repeat`` says the question (or the last thing said) again, ``stop`` silences the voice,
        ``report`` writes a problem report, as in a game (checklist SR-05, GN-11); ``True`` when the
        line was one of them, and the question stays."""
        if word in commands.words_for("repeat", self.language):
            last = self.announcer.history.last()
            if last is not None:
                self.announcer.say(answer(last.text, *last.cues), remember=False)
            return True
        if word in commands.words_for("stop", self.language):
            self.announcer.silence()
            return True
        if word in commands.words_for("report", self.language) and self.settings is not None:
            self.say(bug_report.report(None, self.announcer.history, self.settings.settings, self.language))
            return True
        return False

    def refuse(self, error: DiceError) -> None:
        self.say(answer(options.refusal_words(error, self.language), Cue("invalid")))

    def choose(self, title: str, items: Sequence[tuple[str, Sequence[str]]], default: int | None = None,
               more: tuple[str, Sequence[tuple[str, Sequence[str]]]] | None = None, enter: str | None = None,
               brief: str | None = None, described: str | None = None) -> int:
        """Ask for one of ``items`` (label, extra words) by number, label or word; its index.

        ``more`` is a heading and items said after the others, numbered on
        from them, each label a sentence of its own (the saved games).
        ``brief``, when given, is said in their place (a short list), and
        typing ``saved`` says them whole, one line each, then asks again.
        ``described`` (what each item is for, CG-03) is said by ``help``.
        An empty line chooses ``default``: an item, said as "Enter: New game.", or
        past every item a choice of its own, said as ``enter``.
        """
        heading, extra = more or ("", ())
        every = [*items, *extra]
        numbered = [
            # Translators: one numbered menu item, e.g. "1 Shut the Box".
            self._("{number} {label}").format(number=number, label=label)
            for number, (label, _words) in enumerate(every, start=1)]
        said = [title, self.language.join(numbered[:len(items)], "or") + "."]
        offer = None
        if default is not None and 0 <= default < len(every):
            # Translators: after a menu's numbered items: what an empty line chooses, e.g. "Enter: New game."
            offer = self._("Enter: {label}.").format(label=every[default][0])
        elif default is not None:
            offer = enter
        if offer:  # said before the saved games, not after a long list of them
            said.append(offer)
        if extra:
            said += [brief] if brief else [heading, *numbered[len(items):]]
        # Translators: help at a menu: how to choose.
        explained = " ".join([self._("Type the number or the name of a choice."), *([described] if described else []),
                              *([offer] if offer else [])])
        # Translators: typed at the main menu: hear the saved games in full.
        saved_words = spellings(N_("saved"), self.language)
        prompt = news(" ".join(said))
        while True:
            text = self.ask(prompt, explained)
            prompt = news(" ".join(said))
            if brief and extra and text.casefold() in saved_words:
                self.say(answer(heading))
                for line in numbered[len(items):-1]:
                    self.say(news(line))
                prompt = news(numbered[-1])
                continue
            if not text and default is not None:
                return default
            for index, (label, words) in enumerate(every):
                if text.casefold() in {str(index + 1), label.casefold(), *words}:
                    return index
            # Translators: the key name, said when an empty line was no choice.
            self.refuse(NotAChoice(text=shortened(text) or self._("Enter"), count=len(every)))

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
        found = saved_games.find(self.saves)
        for error in found.refused:
            self.refuse(error)
        # Translators: main menu item.
        items: list[tuple[str, Sequence[str]]] = [(self._("New game"), ("new",))]
        if self.settings is not None:
            # Translators: main menu item: hear and change the settings.
            items.append((self._("Settings"), ("settings",)))
        if self.record_to is not None:
            # Translators: main menu item: personal bests, averages and the latest games.
            items.append((self._("Score history"), ("history", "scores")))
        # Translators: main menu item: a short guided first game of one of the games.
        items.append((self._("Tutorial"), ("tutorial",)))
        # Translators: main menu item: a game that is neither saved nor put into the score history.
        items.append((self._("Practice game"), ("practice",)))
        if self.online is not None:
            # Translators: main menu item: play at online tables on Matrix with people elsewhere.
            items.append((self._("Play online"), ("online",)))
        if self.settings is not None and hasattr(self.announcer.voice, "switch"):  # AU-07: a number and Enter
            if self.settings.speaking(self.announcer.voice):
                # Translators: main menu item: no more speech, the lines are still printed (kept).
                switch = self._("Turn speech off")
            else:
                # Translators: main menu item: speech again, after it was turned off (kept).
                switch = self._("Turn speech on")
            items.append((switch, ("speech",)))
        # Translators: main menu item.
        items.append((self._("Quit"), ("quit", "q")))
        # Translators: typed at the main menu: continue the game saved last (the English word works too).
        latest = ("continue", "resume", *spellings(N_("continue"), self.language))
        listed = [(saves_words.saved_label(saved, self.language), latest if number == 0 else ())
                  for number, saved in enumerate(found.games)]
        # Translators: the heading before the numbered saved games in the main menu.
        more = (self._("Saved games, the latest first:"), listed)
        # One saved game is said whole; several by number, game and players, each whole on "saved".
        brief = saves_words.summary(found.games, len(items) + 1, self.language) if len(found.games) > 1 else None
        # Translators: the main menu's title, followed by its numbered items.
        choice = self.choose(self._("Main menu:"), items, default=0, more=more, brief=brief,
                             described=self._described(items))
        if choice >= len(items):
            return self._continued(found.games[choice - len(items)]), True
        chosen = items[choice][1][0]
        if chosen == "quit":
            return None
        if chosen == "settings":
            self._settings()
            raise Back
        if chosen == "speech":
            assert self.settings is not None
            self.settings.switch_speech(self.announcer.voice, self.say)
            raise Back
        if chosen == "history":
            self._scores()
            raise Back
        if chosen == "online":
            assert self.online is not None
            self.online()
            raise Back
        if chosen == "tutorial":
            game_id = self._game()
            assert game_id is not None  # without a last game to offer again, a game is always chosen
            return tutorial.start(game_id, default_players(self.language)[0], self.language, window=False)
        return self._new_game(practice=chosen == "practice"), False

    def _described(self, items: Sequence[tuple[str, Sequence[str]]]) -> str:
        """The main menu's items with what each is for, said by ``help`` (CG-03: a newcomer asked what
        Tutorial and Practice game are)."""
        keys = {"history": "scores", "speech": "speech-switch"}
        said = []
        for number, (label, words) in enumerate(items, start=1):
            what = purpose(keys.get(words[0], words[0]), self.language)
            if what is not None:
                # Translators: help at the main menu: an item and what it is for, e.g. "4 Tutorial: A short guided …".
                said.append(self._("{number} {label}: {purpose}").format(number=number, label=label, purpose=what))
        return " ".join(said)

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

    def _continued(self, saved: saved_games.SavedGame) -> Session:
        """The session continuing ``saved``, with its own dice unless ``--dice`` was given."""
        return Session.continued(saved, manual=self.manual if self.dice_given else None, seed=self.seed,
                                 record_to=self.record_to)

    def _game(self, again: str | None = None) -> str | None:
        """The game chosen from the list of every game (one that cannot be played is refused in words);
        ``None`` when Enter took ``again``, the last game as it was."""
        games = list(TITLES)
        titles = [(listed_title(g, self.language), (g,)) for g in games]
        while True:
            # Translators: the question before the numbered list of games.
            chosen = self.choose(self._("Choose a game:"), titles, default=len(titles) if again else 0, enter=again)
            if chosen == len(titles):
                return None
            if games[chosen] in playable():
                return games[chosen]
            self.refuse(NotPlayableYet(game=games[chosen]))

    def _new_game(self, practice: bool = False) -> Session:
        last = self.last if self.last is not None and self.last.get("game") in playable() else None
        again = None
        if last is not None and not practice:
            # Translators: at the game list, Enter starts the last game again as it was; {game}, {players}.
            again = self._("Enter: {game} again with {players}, as last time.").format(
                game=self._(TITLES[last["game"]]), players=self.language.join(last["players"]))
        elif not practice and QUICK_GAME in playable():  # a first start: Enter, Enter plays (CG-01)
            # Translators: at the game list of a first start; {quick_game} is e.g. "a quick game of Shut the
            # Box alone, with the usual options".
            again = self._("Enter: {quick_game}.").format(quick_game=quick_game_words(self.language))
        game_id = self._game(again)
        if game_id is None and last is None:
            self.say(tutorial.offer(QUICK_GAME, self.language))
            return self._started(QUICK_GAME, default_players(self.language), {}, self.manual)
        if game_id is None:
            assert last is not None
            try:
                return self._started(last["game"], tuple(last["players"]), dict(last["options"]), last["manual"])
            except DiceError as error:  # a remembered choice the game no longer takes: ask afresh
                self.refuse(error)
                game_id = last["game"]
        self.say(tutorial.offer(game_id, self.language))
        same = last if last is not None and last["game"] == game_id else None
        players = self._players(game_id, tuple(same["players"]) if same else None)
        options = self._options(game_id, dict(same["options"]) if same else {})
        dice = [
            # Translators: dice choice: the program throws.
            (self._("random"), ("random",)),
            # Translators: dice choice: real dice are thrown and their values typed.
            (self._("manual (you throw real dice and type their values)"), ("manual",)),
        ]
        # Translators: the question before the dice choices; Enter keeps the last one.
        manual = self.choose(self._("Dice:"), dice, default=1 if self.manual or (same or {}).get("manual") else 0) == 1
        if practice:
            self.manual = manual
            return practice_session(game_id, players, options, manual=manual, seed=self.seed)
        return self._started(game_id, players, options, manual)

    def _started(self, game_id: str, players: tuple[str, ...], options: dict[str, Any], manual: bool) -> Session:
        """The new game chosen, its choices remembered for the next time."""
        session = new_session(game_id, players, options, manual=manual, seed=self.seed,
                              save_to=saved_games.new_path(game_id, self.saves), record_to=self.record_to)
        self.manual = manual
        self.last = {"game": game_id, "players": list(players), "options": options_text(session), "manual": manual}
        self._remember()
        return session

    def _players(self, game_id: str, last: tuple[str, ...] | None) -> tuple[str, ...]:
        cls = game_class(game_id)
        if last and cls.min_players <= len(last) <= cls.max_players:
            # Translators: the players question when the last game's players can play again; Enter keeps them.
            enter = self._("Press Enter for {players}, as last time.").format(players=self.language.join(last))
        else:
            last = None
            # Translators: the players question: Enter means one player.
            enter = self._("Press Enter for one player.")
        # Translators: the players question; names starting with cpu are computer players; {low} to {high} players.
        prompt = news(" ".join([self._("Players: type {low} to {high} names separated by commas, like Anna, Ben. "
                                       "Names starting with cpu are computer players.").format(
                                           low=cls.min_players, high=cls.max_players), enter]))
        while True:
            text = self.ask(prompt)
            try:
                names = check_names(text) if text else last or default_players(self.language)
                if not cls.min_players <= len(names) <= cls.max_players:
                    raise WrongPlayerCount(game=self._(TITLES[game_id]), low=cls.min_players,
                                           high=cls.max_players, count=len(names))
                return names
            except DiceError as error:
                self.refuse(error)

    def _options(self, game_id: str, last: dict[str, Any]) -> dict[str, Any]:
        """The game's options, from the last game's where it was this one: changes typed until Enter."""
        specs = game_class(game_id).options_spec
        try:
            values = resolve(game_id, specs, last)
        except DiceError:
            values = resolve(game_id, specs, {})
        example = options.example(specs[0], self.language) if specs else ""
        while specs:
            listing = self.language.join(
                # Translators: one option in the options question: its name, value now and what it takes,
                # e.g. "rounds 1 (a whole number from 1 to 20)".
                self._("{option} ({allowed})").format(option=options.listing([spec], values, self.language),
                                                      allowed=options.allowed_words(spec, self.language))
                for spec in specs)
            # Translators: the options question; {options} lists each option, its value and what it takes.
            text = self.ask(news(self._("Options: {options}. Type changes like {example}, several separated by "
                                        "spaces, or press Enter to go on.").format(options=listing,
                                                                                    example=example)))
            if not text:
                break
            try:
                changes = dict(options.typed_option(assignment(part, example), specs, self.language)
                               for part in text.split())
                values = resolve(game_id, specs, {**values, **changes})
            except DiceError as error:
                self.refuse(error)
        return values

    # ------------------------------------------------------------ memory

    def _remembered(self) -> dict[str, Any] | None:
        """The last new game's choices, if kept and readable; a damaged file is only forgotten (logged)."""
        if self.remember_to is None or not self.remember_to.exists():
            return None
        try:
            last = json.loads(self.remember_to.read_text(encoding="utf-8"))
            if (isinstance(last, dict) and isinstance(last.get("game"), str) and isinstance(last.get("players"), list)
                    and isinstance(last.get("options"), dict) and isinstance(last.get("manual"), bool)):
                return last
        except (OSError, ValueError):
            pass
        log.info("the menu's last choices in %s cannot be read; they are forgotten", self.remember_to)
        return None

    def _remember(self) -> None:
        if self.remember_to is None:
            return
        try:
            write_atomic(self.remember_to, json.dumps(self.last, ensure_ascii=False, indent=1) + "\n")
        except OSError:
            log.warning("the menu's choices could not be kept in %s", self.remember_to, exc_info=True)


def assignment(text: str, example: str) -> tuple[str, str]:
    """One typed ``key=value``; anything else is refused with an example."""
    if "=" not in text:
        raise NoAssignment(example=example)
    return parse_assignment(text)


def options_text(session: Session) -> dict[str, str]:
    """The game's options as typed on the command line (``rounds=3``), so they can be read back."""
    specs = {spec.key: spec for spec in session.game.options_spec}
    return {key: specs[key].show(value) if key in specs else str(value) for key, value in session.game.options.items()}
