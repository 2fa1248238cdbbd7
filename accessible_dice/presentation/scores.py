"""The score history in words: personal bests and averages, and the latest games.

One line per record, so the terminal prints each on its own line (and a
screen reader or ``accessible-dice --history`` reads them one by one), and
the message history can step through them. Scores keep each game's own unit
("3 penalty points", "12 turns"), said by that game's presenter; dates and
numbers are said by babel in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime

from babel.dates import format_date, format_time

from accessible_dice.errors import DiceError
from accessible_dice.games import game_class
from accessible_dice.history import FinishedGame, ScoreHistory, Summary
from accessible_dice.presentation import TITLES, NotPlayableYet, presenter_class
from accessible_dice.presentation import options as option_words
from accessible_dice.presentation.describe import Presenter
from accessible_dice.presentation.i18n import Language

#: How many of the latest games ``--history`` lists.
LATEST = 10


def _scorer(game_id: str, options: dict[str, str], alone: bool, language: Language) -> Callable[[int], str]:
    """How a score of this game is said: its presenter's unit, or a bare number for an unknown game."""
    try:
        cls = game_class(game_id)
        count = 1 if alone else max(2, cls.min_players)
        game = cls([str(n) for n in range(count)], options)
        try:
            presenter = presenter_class(game_id)(game, language)
        except NotPlayableYet:
            presenter = Presenter(game, language)
    except DiceError:
        return language.number
    return presenter.score_words


def game_name(game_id: str, options: dict[str, str], language: Language) -> str:
    """The game's name with the options that differ from the defaults: "Shut the Box (rounds 3)"."""
    title = language._(TITLES[game_id]) if game_id in TITLES else game_id
    try:
        specs = game_class(game_id).options_spec
    except DiceError:
        specs = ()
    # Translators: one option in a game's name, e.g. "rounds 3" in "Shut the Box (rounds 3)" (Czech "kola: 3").
    said = language._("{option} {value}")
    changed = [said.format(option=option_words.name(spec.key, language),
                           value=option_words.value_words(spec, options[spec.key], language))
               for spec in specs if spec.key in options and options[spec.key] != spec.show(spec.default)]
    if not changed:
        return title
    # Translators: a game's name with its options that are not the usual ones, e.g. "Shut the Box (rounds 3)".
    return language._("{game} ({options})").format(game=title, options=language.join(changed))


def _date(when: datetime, language: Language) -> str:
    return format_date(when.astimezone(), "long", locale=language.locale)


def summary_line(summary: Summary, language: Language) -> str:
    """One player's record: games, wins, best with its date, average."""
    _, ngettext = language._, language.ngettext
    score = _scorer(summary.game, summary.options, summary.alone, language)
    values = {
        "game": game_name(summary.game, summary.options, language), "name": summary.player,
        # Translators: how many finished games a record counts.
        "played": ngettext("{count} game", "{count} games", summary.played).format(
            count=language.number(summary.played)),
        # Translators: how many of them the player won.
        "wins": ngettext("{count} win", "{count} wins", summary.wins).format(count=language.number(summary.wins)),
        "best": score(summary.best), "date": _date(summary.best_on, language),
        "average": language.decimal(summary.average),
    }
    if summary.alone:
        # Translators: a record of games played alone, e.g. "Shut the Box alone, Anna: 5 games, best 4 turns on
        # March 1, 2026, average 6.2."
        return _("{game} alone, {name}: {played}, best {best} on {date}, average {average}.").format(**values)
    # Translators: a player's record, e.g. "Yatzy, Anna: 7 games, 3 wins, best 281 points on March 1, 2026,
    # average 215.4."
    return _("{game}, {name}: {played}, {wins}, best {best} on {date}, average {average}.").format(**values)


def game_line(finished: FinishedGame, language: Language) -> str:
    """One finished game: when, which, and everyone's result, best first."""
    score = _scorer(finished.game, finished.options, len(finished.results) == 1, language)
    when = finished.finished.astimezone()
    results = language.join(
        # Translators: one player's result in a list, e.g. "Ben with 16 penalty points" (after "Then" at the end of
        # a game, and in "Totals:"); keep a word or a colon between the name and the score, so they do not run
        # together when spoken ("Ben: 16 Strafpunkte").
        language._("{name} with {score}").format(name=result.player, score=score(result.score))
        for result in finished.results)
    # Translators: one of the latest games, e.g. "March 1, 2026 12:00, Shut the Box: Anna 0 penalty points and ...".
    return language._("{date} {time}, {game}: {results}.").format(
        date=_date(when, language), time=format_time(when, "short", locale=language.locale),
        game=game_name(finished.game, finished.options, language), results=results)


def count_line(history: ScoreHistory, language: Language) -> str:
    count = history.count()
    if count == 0:
        # Translators: the score history before any game was finished.
        return language._("The score history is empty: no game has been finished yet.")
    # Translators: the first line of the score history.
    return language.ngettext("Score history: {count} finished game.", "Score history: {count} finished games.",
                             count).format(count=language.number(count))


def history_lines(history: ScoreHistory, language: Language, latest: int = LATEST) -> list[str]:
    """The whole history: the count, every record, the ``latest`` games (``--history``, the menu)."""
    lines = [count_line(history, language)]
    summaries = history.summaries()
    if summaries:
        # Translators: a heading before the personal records.
        lines.append(language._("Personal bests and averages:"))
        lines += [summary_line(summary, language) for summary in summaries]
        # Translators: a heading before the latest finished games.
        lines.append(language._("Latest games:"))
        lines += [game_line(finished, language) for finished in history.games(limit=latest)]
    return lines


def records_lines(history: ScoreHistory, language: Language, game_id: str, players: Collection[str]) -> list[str]:
    """One game's records for its players: the review asked for during a game."""
    summaries = history.summaries(game=game_id, players=players)
    if not summaries:
        # Translators: the score review during a game whose players have no finished game of it yet.
        return [language._("No finished games of {game} yet for these players.").format(
            game=language._(TITLES.get(game_id, game_id)))]
    return [summary_line(summary, language) for summary in summaries]
