"""Computer players' levels (accessibility checklist GN-03; docs/strategy.md "Computer levels").

Four or more presets with descriptive names, typed in every language; each
weaker than the next over seeded games; the default exactly the strategy's
best move; a change in mid-game keeps the game and holds from the next move.
"""

from __future__ import annotations

import io
import statistics

import pytest

from accessible_dice import settings as config
from accessible_dice import strategy
from accessible_dice.errors import DiceError
from accessible_dice.games.base import Roll
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.presentation import options
from accessible_dice.presentation.i18n import LANGUAGES, Language
from accessible_dice.session import Session, new_session
from accessible_dice.speech import SpeechSpy
from accessible_dice.strategy.common import DEFAULT_LEVEL, LEVELS, Advice, Choice, pick

SPEC = config.BY_KEY["computer-level"]
WEAKEST_FIRST = tuple(LEVELS)


def play_out(game_id: str, level: str, seed: int, options_: dict) -> Session:
    session = new_session(game_id, ["cpu"], options_, seed=seed)
    while not session.game.is_over():
        session.computer_step(level)
    return session


# ---------------------------------------------------------------- the presets


def test_GN_03_there_are_at_least_four_levels_and_the_setting_offers_each() -> None:
    assert len(LEVELS) >= 4
    assert SPEC.words == WEAKEST_FIRST
    assert config.Settings().computer_level == DEFAULT_LEVEL == "best"


def test_levels_are_ordered_by_their_chance_of_the_best_choice_and_best_always_takes_it() -> None:
    chances = [LEVELS[level] for level in WEAKEST_FIRST]
    assert chances == sorted(set(chances)) and chances[-1] == 1.0 and chances[0] > 0


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
def test_every_level_can_be_typed_in_every_language(code: str) -> None:
    language = Language(code)
    key = options.typed_key(options.name("computer-level", language), [s.key for s in config.SPECS], language)
    assert key == "computer-level"
    for level in LEVELS:
        typed = options.word(level, language)
        assert " " not in typed and typed == typed.lower()
        assert config.Settings().changed(key, options.typed_value(SPEC, typed, language)).computer_level == level


def test_the_level_is_kept_in_the_settings_file() -> None:
    chosen = config.Settings(computer_level="sharp")
    assert config.loads(config.dumps(chosen)) == (chosen, [])


# ---------------------------------------------------------------- how a level picks


def _advice(count: int) -> Advice:
    return Advice(tuple(Choice((Roll((value,)),), float(value)) for value in range(count, 0, -1)), True)


def test_a_level_takes_the_best_with_its_chance_else_goes_down_the_ranked_choices() -> None:
    import random

    rng = random.Random(0)
    advice = _advice(4)
    taken = [advice.choices.index(pick(advice, rng, 0.5)) for _ in range(4000)]
    shares = [taken.count(rank) / len(taken) for rank in range(4)]
    assert shares == pytest.approx([0.5, 0.25, 0.125, 0.125], abs=0.03)


def test_the_best_level_draws_nothing_from_the_generator() -> None:
    session = new_session("threes-away", ["cpu"], {"rounds": "1"}, seed=4)
    session.roll()
    state = session.dice.rng.getstate()
    move, advice = session.computer_choice(DEFAULT_LEVEL)
    assert session.dice.rng.getstate() == state
    assert advice is not None and move == advice.best.move == strategy.computer_move(session.game)


def test_the_default_level_replays_the_games_computer_players_played_before() -> None:
    for game_id in ("shut-the-box", "threes-away", "storeslem", "quiclo"):
        default, best = (new_session(game_id, ["cpu1", "cpu2"], {}, seed=11) for _ in range(2))
        for _ in range(60):
            if default.game.is_over():
                break
            default.computer_step()
            best.computer_step("best")
        assert default.game.history == best.game.history


# ---------------------------------------------------------------- stronger levels play better


def test_threes_away_low_turn_scores_get_better_level_by_level() -> None:
    means = [statistics.mean(play_out("threes-away", level, seed, {"rounds": "1"}).game.scores()[0]
                             for seed in range(300)) for level in WEAKEST_FIRST]
    assert means == sorted(means, reverse=True) and means[0] - means[-1] > 2  # lower wins in Low


def test_threes_away_high_turn_scores_get_better_level_by_level() -> None:
    means = [statistics.mean(play_out("threes-away", level, seed, {"rounds": "1", "variant": "high"})
                             .game.scores()[0] for seed in range(300)) for level in WEAKEST_FIRST]
    assert means == sorted(means) and means[-1] - means[0] > 1


def test_quiclo_computers_pay_the_helper_less_often_level_by_level() -> None:
    shares = []
    for level in WEAKEST_FIRST:
        moves = []
        for seed in range(25):  # whole games: three lives each
            session = new_session("quiclo", ["cpu1", "cpu2"], {}, seed=seed)
            while not session.game.is_over():
                if session.request() is None:
                    moves.append(session.computer_choice(level)[0])
                    session.act(moves[-1])
                else:
                    session.computer_step(level)
        shares.append(sum(move.kind == "helper" for move in moves) / len(moves))
    assert shares == sorted(shares, reverse=True) and shares[0] - shares[-1] > 0.2


def test_a_weaker_yatzy_computer_carries_out_the_hold_it_chose_without_changing_its_mind() -> None:
    for seed in range(4):
        session = play_out("yatzy", "relaxed", seed, {"order": "in-order"})
        touched: list[int] = []
        for action in session.game.history:
            if isinstance(action, Roll):
                touched = []
            elif action.kind in ("hold", "release"):
                assert not set(action.positions) & set(touched)  # type: ignore[attr-defined]
                touched += action.positions  # type: ignore[attr-defined]


# ---------------------------------------------------------------- changed in mid-game


def test_a_level_chosen_in_mid_game_keeps_the_game_and_plays_from_the_next_move() -> None:
    session = new_session("shut-the-box", ["Anna", "cpu"], {"rounds": "3"}, seed=3)
    seen: list[tuple[dict, tuple]] = []
    typed = iter(["settings computer-level relaxed"])

    def read() -> str | None:
        """Anna's lines: the level first, then a throw and the first way to use it, 40 times."""
        seen.append((session.game.snapshot(), tuple(session.game.history)))
        line = next(typed, None)
        if line is not None:
            return line
        if len(seen) > 80 or session.game.is_over():
            return None
        return "roll" if session.request() is not None else session.game.legal_moves()[0].way  # type: ignore[attr-defined]

    terminal = Controller(Announcer(io.StringIO(), SpeechSpy()), read, Language("en"))
    terminal.play(session, False)
    assert terminal.settings.settings.computer_level == "relaxed"
    assert seen[0] == seen[1]  # the change touched neither the position nor the history
    played = session.game.history
    replays = {}
    for level in ("relaxed", "best"):
        replay = new_session("shut-the-box", ["Anna", "cpu"], {"rounds": "3"}, seed=3)
        while len(replay.game.history) < len(played) and not replay.game.is_over():
            if replay.computer_to_act():
                replay.computer_step(level)
            elif replay.request() is not None:
                replay.roll()  # Anna's "roll": her dice come from the same generator
            else:
                try:
                    replay.act(played[len(replay.game.history)])
                except DiceError:  # the computer's game went otherwise, and Anna's move does not fit
                    break
        replays[level] = replay.game.history
    assert replays["relaxed"] == played and replays["best"] != played
