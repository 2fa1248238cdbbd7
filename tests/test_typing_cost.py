"""What a whole Yatzy game costs in typing (issue 14, item 10; figures in docs/performance.md).

A scripted solo player follows the hint's own advice through the real
terminal, twice on the same seeded game: once in the commands a player had
before (``roll``, ``hold 1 3``, ``release 2``, ``score three-of-a-kind``),
once in the short forms (Enter to throw, ``k 1 3``, ``c 9``). The hint is
asked before each decision but not counted: it stands for what an expert
would know. Both runs must be the same game, and the short forms must take
at most half the keystrokes (each line's characters and its Enter) of the
old ones: a ratio within one run, never an absolute count.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from accessible_dice.games.yatzy import Box, Yatzy, score
from accessible_dice.play.controller import Announcer, Controller
from accessible_dice.presentation.i18n import Language
from accessible_dice.session import Session, new_session

EN = Language("en")
#: The hint's typed command, in its short form: "Hint: k 1 3 (the 5 and the 5), 251.3 expected ..." -> "k 1 3",
#: "Hint: c7 (Three of a kind, 15 points), ..." -> "c7" (playtest P4: typed as worded, the long forms cost 390).
HINTED = re.compile(r"^Hint: (k(?: \d)*|c\d+) ")
#: A throw as said, to check that both runs threw the same dice.
THROWS = re.compile(r"Ola threw [^.]*\.")
#: Seeds of the games measured; each is a whole game of 15 rounds.
SEEDS = (3, 11)


@dataclass
class Typist:
    """A player at the terminal who types what ``wording`` makes of the hint's advice, counting."""

    session: Session
    terminal: Controller
    wording: Callable[[Yatzy, str], list[str]]
    typed: list[str] = field(default_factory=list)
    queued: list[str] = field(default_factory=list)

    def __call__(self) -> str | None:
        game = self.session.game
        assert isinstance(game, Yatzy)
        if not self.queued:
            if game.is_over():
                return None
            self.queued = self.wording(game, self.advice())
        line = self.queued.pop(0)
        self.typed.append(line)
        return line

    def advice(self) -> str:
        """The hint's typed command now ("k 1 3", "c7"), or ``throw`` when the dice are due."""
        if self.session.game.dice_request() is not None:
            return "throw"
        assert self.session.strategy_ready(wait=900), "the Yatzy table is built in minutes even on a busy machine"
        said = self.terminal.hint((), self.session, self.terminal.presenter(self.session)).text
        found = HINTED.match(said)
        assert found is not None, f"the hint says what to type: {said}"
        return found.group(1)

    @property
    def keystrokes(self) -> int:
        return sum(len(line) + 1 for line in self.typed)


def _confirming(game: Yatzy, box: Box) -> list[str]:
    """The yes a box that scores 0 asks for (confirmations are on)."""
    return ["yes"] if score(box, game.dice_on_table()) == 0 else []


def before(game: Yatzy, advice: str) -> list[str]:
    """The advice in the commands there were before: roll, hold and release by position, the box's full word."""
    if advice == "throw":
        return ["roll"]
    if advice.startswith("c"):
        box = list(Box)[int(advice[1:]) - 1]
        return [f"score {box.command}", *_confirming(game, box)]
    keep = {int(n) - 1 for n in advice.split()[1:]}
    held = set(game.held())
    lines = []
    if held - keep:
        lines.append("release " + " ".join(str(p + 1) for p in sorted(held - keep)))
    if keep - held:
        lines.append("hold " + " ".join(str(p + 1) for p in sorted(keep - held)))
    return [*lines, "roll"]


def short(game: Yatzy, advice: str) -> list[str]:
    """The advice typed exactly as the hint says it: Enter throws, ``k 1 3`` keeps and throws again, ``c7``
    fills box 7."""
    if advice == "throw":
        return [""]
    if advice.startswith("c"):
        return [advice, *_confirming(game, list(Box)[int(advice[1:]) - 1])]
    return [advice]


def played(seed: int, wording: Callable[[Yatzy, str], list[str]]) -> tuple[Typist, list[str]]:
    out = io.StringIO()
    session = new_session("yatzy", ["Ola"], {}, seed=seed)
    terminal = Controller(Announcer(out), lambda: None, EN)
    typist = Typist(session, terminal, wording)
    terminal.read_line = typist
    assert terminal.play(session) == "eof"  # the typist stops at the end of the game
    assert session.game.is_over()
    return typist, out.getvalue().splitlines()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hinted_yatzy_game_takes_at_most_half_the_keystrokes_in_the_short_forms(seed: int) -> None:
    old, old_said = played(seed, before)
    new, new_said = played(seed, short)
    assert old.session.game.scores() == new.session.game.scores()
    assert THROWS.findall(" ".join(old_said)) == THROWS.findall(" ".join(new_said))
    print(f"seed {seed}: before {len(old.typed)} commands, {old.keystrokes} keystrokes; "
          f"short {len(new.typed)} commands, {new.keystrokes} keystrokes; score {new.session.game.scores()[0]}")
    assert new.keystrokes * 2 <= old.keystrokes
    assert len(new.typed) < len(old.typed)
