"""The rules as a library (docs/spec/interfaces.md section 2): malformed input gets a reason, never a crash.

Each function of that section is called with input a careless program could
pass: wrong types, wrong counts, faces out of range, text that is no
calculation. Every call either answers (``quiclo.check`` always answers with
a verdict, whatever the text) or raises a ``ValueError`` subclass whose
message is a whole sentence with its placeholders filled; any other exception is a crash and fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from accessible_dice.errors import DiceError
from accessible_dice.games import quiclo, shut_the_box, storeslem, threes_away, yatzy

#: Things that are no list of dice (or of flaps), or a list with a bad die.
BAD_SEQUENCES: list[Any] = [None, 7, 2.5, "34", b"34", (), (0,), (7, 3, 13, 99), (1,) * 50, ("a", 2), (1.5, 2),
                            (True, 2), [-1, 3], object()]
#: Things that are no calculation or equation.
BAD_TEXT: list[Any] = [None, 7, (1, 2), b"1+2=3", "", "   ", "__import__('os')", "eval('1')", "os.system('x')",
                       "1" * 500, "((((((((((((1))))))))))))", "1/0=1", "9999999999 = 1", "=", "= =", "1 = 1 = 1",
                       "lambda: 0", "\x00", "٣ + ٤ = ٧"]
ROLL_OF_SIX = (3, 4, 7, 1, 2, 6)

#: Each function of section 2 with one argument left open for the bad input.
CALLS: dict[str, tuple[Callable[[Any], Any], list[Any]]] = {
    "shut_the_box.moves open flaps": (lambda bad: shut_the_box.moves(bad, (3, 4)), BAD_SEQUENCES),
    "shut_the_box.moves dice": (lambda bad: shut_the_box.moves(range(1, 10), bad), BAD_SEQUENCES),
    "yatzy.score box": (lambda bad: yatzy.score(bad, (1, 2, 3, 4, 5)), [*BAD_TEXT, "full-house", "Chance"]),
    "yatzy.score dice": (lambda bad: yatzy.score("chance", bad), BAD_SEQUENCES),
    "storeslem.values": (storeslem.values, BAD_SEQUENCES),
    "storeslem.evaluate expression": (lambda bad: storeslem.evaluate(bad, (1, 2, 3)), BAD_TEXT),
    "storeslem.evaluate dice": (lambda bad: storeslem.evaluate("1 + 2", bad), BAD_SEQUENCES),
    "quiclo.check dice": (lambda bad: quiclo.check("3 + 4 = 7", bad), BAD_SEQUENCES),
    "quiclo.solve": (quiclo.solve, BAD_SEQUENCES),
    "threes_away.turn_score": (threes_away.turn_score, BAD_SEQUENCES),
}


def _cases() -> list[Any]:
    return [pytest.param(call, bad, id=f"{name}-{index}")
            for name, (call, inputs) in CALLS.items() for index, bad in enumerate(inputs)]


@pytest.mark.parametrize(("call", "bad"), _cases())
def test_malformed_input_answers_or_is_refused_with_a_sentence(call: Callable[[Any], Any], bad: Any) -> None:
    try:
        call(bad)
    except ValueError as error:
        assert isinstance(error, DiceError), f"{type(error).__name__} is not one of the game's refusals"
        said = str(error)
        assert said.rstrip().endswith((".", "?")) and "{" not in said, said


@pytest.mark.parametrize("text", BAD_TEXT)
def test_quiclo_check_gives_a_verdict_for_any_text(text: Any) -> None:
    verdict = quiclo.check(text, ROLL_OF_SIX)
    assert not verdict.valid
    assert verdict.reason and verdict.reason == str(verdict.error)


def test_quiclo_check_of_text_that_is_no_equation_is_a_slip_not_a_wrong_equation() -> None:
    """The game refuses a slip at no cost; a real but wrong equation costs a life."""
    assert quiclo.check("__import__('os')", ROLL_OF_SIX).slip
    assert not quiclo.check("3 + 4 = 6", ROLL_OF_SIX).slip
    assert quiclo.check("3 + 4 = 7", ROLL_OF_SIX).valid
