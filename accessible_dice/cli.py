"""The command line (a contract: see docs/spec/interfaces.md §1).

Every flag and ``--option`` is checked before anything starts; a bad one ends
the program with status 2 and one clear line on standard error, never a
traceback. What was asked for is handed on as a :class:`Launch`.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from accessible_dice import __version__, settings
from accessible_dice.errors import DiceError
from accessible_dice.games import GAMES, game_class
from accessible_dice.games.options import parse_assignment, resolve
from accessible_dice.names import check_names
from accessible_dice.presentation import missing
from accessible_dice.presentation.i18n import LANGUAGES
from accessible_dice.ui.launch_request import ROOM, Launch, Online

UIS = ("auto", "window", "console", "web")
SPEECH = ("auto", "screenreader", "tts", "text", "none")
VERBOSITY = ("brief", "normal", "full")


class UsageError(Exception):
    """A bad command line: one line for standard error, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def description() -> str:
    """What ``--help`` says first: the games named from the registry, so a game added there is listed too."""
    titles = [parts.title for parts in GAMES.values()]
    listed = ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else "".join(titles)
    return f"Dice games for blind and low-vision players, played by keyboard, speech and sound: {listed}."


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="accessible-dice",
        allow_abbrev=False,
        description=description(),
        epilog=options_epilog() + "\n\n" + COMMANDS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=list(GAMES), help="start this game at once, skipping the menus")
    parser.add_argument("--players", metavar="NAMES",
                        help="comma-separated player names; a name starting with cpu is a computer player")
    parser.add_argument("--ui", choices=UIS, default="auto",
                        help="the window, the terminal (console), the browser (web), or auto: the window where "
                        "a display exists")
    parser.add_argument("--listen", action="store_true",
                        help="with --ui web: let the other devices at the table join over the local network")
    parser.add_argument("--port", type=_port, metavar="N",
                        help="with --ui web: serve on this port (1024 to 65535; default: a free one)")
    _voice_flags(parser)
    parser.add_argument("--dice", choices=("random", "manual"),
                        help="random dice, or type the values of real dice (default: random; a game "
                        "continued keeps its own, unless this is given)")
    parser.add_argument("--seed", type=_seed, metavar="N", help="seed for random dice, to replay a game")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. easy=yes or order=in-order (needs --game)")
    parser.add_argument("--resume", action="store_true", help="continue the game saved last")
    parser.add_argument("--history", action="store_true",
                        help="print the score history (personal bests, averages, latest games) and stop")
    parser.add_argument("--self-test", action="store_true",
                        help="play a short game of every game with each speech output, the sound and the window "
                        "found here, print what works and what does not, and stop")
    parser.add_argument("--version", action="version", version=f"accessible-dice {__version__}")
    return parser


COMMANDS_EPILOG = (
    "commands: 'accessible-dice online' plays at online tables on Matrix (sign in, open, join;\n"
    "'online --help' for more); 'accessible-dice referee' referees online tables as a Matrix bot\n"
    "('referee --help'); 'accessible-dice build-page DIR' writes the browser page as a static site that\n"
    "plays by itself, for any web host (docs/web.md)."
)


def options_epilog() -> str:
    """Every game's options for ``--option KEY=VALUE``, with what each takes and its default, from the games
    themselves (docs/playing.md says ``--help`` lists them; it did not)."""
    lines = ["game options, for --option KEY=VALUE with --game (e.g. --game yatzy --option order=in-order):"]
    for game_id in GAMES:
        specs = game_class(game_id).options_spec
        if not specs:
            lines.append(f"  {game_id}: none")
            continue
        lines.append(f"  {game_id}:")
        for spec in specs:
            default = spec.show(spec.default) if not isinstance(spec.default, str) else spec.default
            if isinstance(spec.default, bool):
                default = "yes" if spec.default else "no"
            lines.append(f"    {spec.key}: {spec.allowed} (default {default})")
    return "\n".join(lines)


def _voice_flags(parser: argparse.ArgumentParser) -> None:
    """``--speech``, ``--lang`` and ``--verbosity``: how the program speaks, the same for every command."""
    parser.add_argument("--speech", choices=SPEECH,
                        help="speech output; auto picks the first that works (default: the settings, else auto)")
    parser.add_argument("--lang", metavar="CODE", help="language: " + ", ".join(LANGUAGES))
    parser.add_argument("--verbosity", choices=VERBOSITY,
                        help="how much is said: brief, normal or full (default: the settings, else normal)")


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1024 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port from 1024 to 65535")
    return int(text)


def _seed(text: str) -> int:
    if not text.isascii() or not text.lstrip("-").isdigit() or len(text) > 19:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return int(text)


def _players(text: str | None) -> tuple[str, ...]:
    """The names, checked as the main menu checks them (see ``names.check_names``)."""
    if text is None:
        return ()
    try:
        return check_names(text)
    except DiceError as error:
        raise UsageError(f"--players: {error}") from None


def _online_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="accessible-dice online", allow_abbrev=False,
                     description="Play at online tables on Matrix: sign in, open a table, join one, play "
                     "and chat (docs/online.md). Online play is in the terminal.")
    parser.add_argument("action", nargs="?", choices=("logout",),
                        help="logout: end the kept sign-in on the homeserver and forget it here")
    parser.add_argument("--table", metavar="ROOM",
                        help="go straight to this table: its room id (!abc:server), alias (#name:server) "
                        "or matrix.to link")
    _voice_flags(parser)
    return parser


def parse_online(argv: Sequence[str]) -> Online:
    """Check ``accessible-dice online ...``; :class:`UsageError` says what is wrong."""
    args = _online_parser().parse_args(argv)
    table = args.table
    if table is not None:
        found = ROOM.fullmatch(table.strip())
        if found is None:
            raise UsageError(f"--table: {table!r} is not a room id (!id:server), alias (#name:server) "
                             "or matrix.to link")
        table = found.group(1)
    if table is not None and args.action is not None:
        raise UsageError("--table cannot go with logout")
    return Online(_launch(args, ui="console"), args.action, table)


def _launch(args: argparse.Namespace, **more: Any) -> Launch:
    """The launch of the flags every command shares (the language checked), with ``more``."""
    if args.lang is not None and args.lang.lower() not in LANGUAGES:
        raise UsageError(f"--lang: {args.lang!r} is not one of {', '.join(LANGUAGES)}")
    return Launch(speech=args.speech or "auto", lang=None if args.lang is None else args.lang.lower(),
                  verbosity=args.verbosity or "normal",
                  given=frozenset(name for name in ("lang", "speech", "verbosity", "dice")
                                  if getattr(args, name, None) is not None), **more)


def parse_args(argv: Sequence[str] | None = None) -> Launch:
    """Check the command line; :class:`UsageError` says what is wrong."""
    args = _parser().parse_args(argv)
    if args.listen and args.ui != "web":
        raise UsageError("--listen needs --ui web")
    if args.port is not None and args.ui != "web":
        raise UsageError("--port needs --ui web")
    voice = _launch(args)
    players = _players(args.players)
    if players and args.game is None:
        raise UsageError("--players needs --game")
    if args.option and args.game is None:
        raise UsageError("--option needs --game, since options belong to a game")
    options: dict[str, Any] = {}
    if args.game is not None:
        lacking = missing(args.game)
        if lacking:
            raise UsageError(f"--game: {args.game} cannot be played here yet; it lacks its {', '.join(lacking)}")
        cls = game_class(args.game)
        try:
            options = resolve(args.game, cls.options_spec, dict(parse_assignment(o) for o in args.option))
        except DiceError as error:
            raise UsageError(f"--option: {error}") from None
        if players and not cls.min_players <= len(players) <= cls.max_players:
            raise UsageError(f"--players: {args.game} is for {cls.min_players} to {cls.max_players} "
                             f"players; {len(players)} were given")
    return dataclasses.replace(voice, game=args.game, players=players, ui=args.ui, dice=args.dice or "random",
                               seed=args.seed, options=options, resume=args.resume, history=args.history,
                               listen=args.listen, port=args.port or 0, self_test=args.self_test)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``accessible-dice`` command; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["referee"]:
        from accessible_dice import ending
        from accessible_dice.online.referee import main as referee

        ending.let_go()  # its event loop takes SIGINT and SIGTERM itself
        return referee(words[1:])
    if words[:1] == ["build-page"]:
        from accessible_dice.page_build import command

        return command(words[1:])
    try:
        if words[:1] == ["online"]:
            online = parse_online(words[1:])
        else:
            launch = parse_args(words)
    except UsageError as error:
        print(f"accessible-dice: {error}", file=sys.stderr)
        return 2
    if words[:1] == ["online"]:
        from accessible_dice.ui.terminal import run_online

        return run_online(online)
    from accessible_dice.ui.launch import guarded, run

    if launch.history:
        return guarded(lambda: print_history(launch))
    if launch.self_test:
        from accessible_dice import self_test

        return guarded(lambda: self_test.command(launch))
    return run(launch)


def print_history(launch: Launch) -> int:
    """``--history``: the score history on standard output, one record a line; problems on standard error."""
    from accessible_dice.history import HistoryUnavailable, ScoreHistory
    from accessible_dice.presentation.i18n import language
    from accessible_dice.presentation.options import refusal_words
    from accessible_dice.presentation.scores import history_lines

    loaded = settings.load()
    lang = language(launch.with_settings(loaded.settings).lang)
    notes = list(loaded.problems)
    try:
        with ScoreHistory() as history:
            notes += [history.damaged] if history.damaged else []
            lines = history_lines(history, lang)
    except HistoryUnavailable as error:
        notes.append(error)
        lines = []
    for note in notes:
        print(f"accessible-dice: {refusal_words(note, lang)}", file=sys.stderr)
    if not lines:
        return 1
    print("\n".join(lines))
    return 0
