"""Yatzy, Scandinavian rules (docs/spec/rules.md section 2; the player's page is docs/rules/yatzy.md).

A turn is a chain of small actions, as in OpenSpiel's ``yacht.cc``: the first
throw of all five dice (a chance event), then any number of hold and release
moves and up to two re-throws of the released dice only (each a ``throw``
move followed by a chance event asking for just those dice), then exactly one
``score`` move that fills an empty box. Keeping the re-throw as its own chance
event is what lets manual entry ask only for the dice picked up again.

Dice positions are 0-based here; front ends announce them 1-based, and so do
the refusals, since they are spoken.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from accessible_dice.dice import DiceRequest, check_positions, check_values
from accessible_dice.errors import N_, NP_, IllegalMove, InvalidInput
from accessible_dice.games.base import DiceMove, DiceThrown, Event, Game, Move, RoundEnded, TurnStarted
from accessible_dice.games.options import choice

DICE = 5
FACES = 6
#: The first throw and up to two re-throws.
THROWS = 3
BONUS_THRESHOLD = 63
BONUS = 50
SMALL_STRAIGHT = 15
LARGE_STRAIGHT = 20
YATZY = 50
#: The best possible total: every box at its best, with the bonus.
MAX_TOTAL = 374

ORDERS = ("free", "upper-first", "in-order")


class Section(Enum):
    UPPER = "upper"
    LOWER = "lower"


class Box(Enum):
    """The fifteen boxes, in scorecard order; each knows its section and label.

    The value is the library id (``"full_house"``); :attr:`command` is the
    word typed after ``score`` (``"full-house"``). :attr:`label` is the
    English name, marked for translation, so it is also the gettext msgid.
    """

    section: Section
    label: str

    def __new__(cls, box_id: str, section: Section, label: str) -> Box:
        member = object.__new__(cls)
        member._value_ = box_id
        member.section = section
        member.label = label
        return member

    # Translators: Yatzy box, docs/spec/words.md: sv Ettor, nb/da Enere, fi Ykköset, de Einser, cs Jedničky.
    ONES = ("ones", Section.UPPER, N_("Ones"))
    # Translators: Yatzy box, docs/spec/words.md: sv Tvåor, nb/da Toere, fi Kakkoset, de Zweier, cs Dvojky.
    TWOS = ("twos", Section.UPPER, N_("Twos"))
    # Translators: Yatzy box, docs/spec/words.md: sv Treor, nb/da Treere, fi Kolmoset, de Dreier, cs Trojky.
    THREES = ("threes", Section.UPPER, N_("Threes"))
    # Translators: Yatzy box, docs/spec/words.md: sv Fyror, nb/da Firere, fi Neloset, de Vierer, cs Čtyřky.
    FOURS = ("fours", Section.UPPER, N_("Fours"))
    # Translators: Yatzy box, docs/spec/words.md: sv Femmor, nb/da Femmere, fi Vitoset, de Fünfer, cs Pětky.
    FIVES = ("fives", Section.UPPER, N_("Fives"))
    # Translators: Yatzy box, docs/spec/words.md: sv Sexor, nb/da Seksere, fi Kuutoset, de Sechser, cs Šestky.
    SIXES = ("sixes", Section.UPPER, N_("Sixes"))
    # Translators: Yatzy box, docs/spec/words.md: sv/nb Ett par, da Et par, fi Yksi pari, de Ein Paar, cs Jeden pár.
    ONE_PAIR = ("one_pair", Section.LOWER, N_("One pair"))
    # Translators: Yatzy box, docs/spec/words.md: sv Två par, nb/da To par, fi Kaksi paria, de Zwei Paare, cs Dva páry.
    TWO_PAIRS = ("two_pairs", Section.LOWER, N_("Two pairs"))
    # Translators: Yatzy box, docs/spec/words.md: sv Tretal, nb Tre like, da Tre ens, fi Kolmoisluku, cs Trojice.
    THREE_OF_A_KIND = ("three_of_a_kind", Section.LOWER, N_("Three of a kind"))
    # Translators: Yatzy box, docs/spec/words.md: sv Fyrtal, nb Fire like, da Fire ens, fi Nelosluku, cs Čtveřice.
    FOUR_OF_A_KIND = ("four_of_a_kind", Section.LOWER, N_("Four of a kind"))
    # Translators: Yatzy box, docs/spec/words.md: sv/nb Liten straight, da Lille straight, fi Pieni suora, cs Malá
    # postupka.
    SMALL_STRAIGHT = ("small_straight", Section.LOWER, N_("Small straight"))
    # Translators: Yatzy box, docs/spec/words.md: sv/nb/da Stor straight, fi Iso suora, de Große Straße, cs Velká
    # postupka.
    LARGE_STRAIGHT = ("large_straight", Section.LOWER, N_("Large straight"))
    # Translators: Yatzy box, docs/spec/words.md: sv Kåk, nb Hus, da Fuldt hus, fi Täyskäsi, de/cs Full house.
    FULL_HOUSE = ("full_house", Section.LOWER, N_("Full house"))
    # Translators: Yatzy box, docs/spec/words.md: sv Chans, nb Sjanse, da Chancen, fi Sattuma, cs Šance.
    CHANCE = ("chance", Section.LOWER, N_("Chance"))
    # Translators: Yatzy box, docs/spec/words.md: the same word on every pad.
    YATZY = ("yatzy", Section.LOWER, N_("Yatzy"))

    @property
    def command(self) -> str:
        """The box's name on the command line: ``score full-house``."""
        return str(self.value).replace("_", "-")

    @property
    def face(self) -> int | None:
        """The face an upper box collects (Threes → 3); ``None`` below."""
        return list(Box).index(self) + 1 if self.section is Section.UPPER else None

    @classmethod
    def by_id(cls, box_id: str) -> Box:
        """The box whose id is ``box_id`` (as a ``Score`` move holds it); ``ValueError`` for none.

        ``Box(box_id)`` does the same at run time, but a type checker reads it
        as a call of ``__new__``, which takes a member's three fields.
        """
        for box in cls:
            if box.value == box_id:
                return box
        raise ValueError(f"{box_id!r} is not a box id")

    @classmethod
    def lookup(cls, name: str | Box) -> Box:
        """The box called ``name``: its id, command word or English label.

        Case, spaces, hyphens and underscores do not matter, so
        ``full_house``, ``full-house`` and ``Full house`` are the same box.
        """
        if isinstance(name, Box):
            return name
        wanted = _normalized(str(name))
        for box in cls:
            if wanted in (box.value, _normalized(box.label)):
                return box
        raise UnknownBox(text=str(name)[:40], known=" ".join(b.command for b in cls))


def _normalized(text: str) -> str:
    return "_".join(text.lower().replace("-", " ").replace("_", " ").split())


# ---------------------------------------------------------------- refusals


class UnknownBox(InvalidInput):
    # Translators: {text} is what the player typed; {known} lists the box names.
    template = N_("There is no box called {text}; the boxes are: {known}.")


class DieAlreadyHeld(IllegalMove):
    # Translators: {position} is a die's place as announced, counted from 1.
    template = N_("Die {position} is already held.")


class DieNotHeld(IllegalMove):
    # Translators: {position} is a die's place as announced, counted from 1.
    template = N_("Die {position} is not held.")


class NoThrowsLeft(IllegalMove):
    # Translators: all three throws of the turn are used.
    template = N_("No throws left: score a box.")


class AllDiceHeld(IllegalMove):
    template = N_("All five dice are held: release one to throw again.")


class BoxFilled(IllegalMove):
    # Translators: {box} is a box name ("Full house"); {points} the number of points it holds.
    template, plural = NP_(
        "{box} is already filled, with {points} point.",
        "{box} is already filled, with {points} points.",
    )
    count_key = "points"


class BoxNotNext(IllegalMove):
    # Translators: play order "in order"; {box} was asked for, {next} must be filled now.
    template = N_("The boxes are filled from top to bottom: {next} is next, not {box}.")


class UpperSectionFirst(IllegalMove):
    # Translators: play order "upper first"; {box} is a box of the lower section.
    template = N_("The upper section comes first: fill Ones to Sixes before {box}.")


# ----------------------------------------------------------------- scoring


def _check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    return check_values(dice, DICE, FACES)


def _of_a_kind(n: int) -> Callable[[tuple[int, ...], Counter[int]], int]:
    """n × the best face shown at least n times (a Yatzy counts too)."""
    return lambda dice, counts: max((n * face for face, k in counts.items() if k >= n), default=0)


def _two_pairs(dice: tuple[int, ...], counts: Counter[int]) -> int:
    # Five dice hold at most two faces shown twice or more, so two means two pairs.
    pairs = [face for face, k in counts.items() if k >= 2]
    return 2 * sum(pairs) if len(pairs) == 2 else 0


_LOWER: dict[Box, Callable[[tuple[int, ...], Counter[int]], int]] = {
    Box.ONE_PAIR: _of_a_kind(2),
    Box.TWO_PAIRS: _two_pairs,
    Box.THREE_OF_A_KIND: _of_a_kind(3),
    Box.FOUR_OF_A_KIND: _of_a_kind(4),
    Box.SMALL_STRAIGHT: lambda dice, counts: SMALL_STRAIGHT if sorted(dice) == [1, 2, 3, 4, 5] else 0,
    Box.LARGE_STRAIGHT: lambda dice, counts: LARGE_STRAIGHT if sorted(dice) == [2, 3, 4, 5, 6] else 0,
    Box.FULL_HOUSE: lambda dice, counts: sum(dice) if sorted(counts.values()) == [2, 3] else 0,
    Box.CHANCE: lambda dice, counts: sum(dice),
    Box.YATZY: lambda dice, counts: YATZY if len(counts) == 1 else 0,
}


def score(box: str | Box, dice: Sequence[int]) -> int:
    """What ``dice`` score in ``box`` (a :class:`Box` or its name); 0 when they do not fit.

    Raises :class:`UnknownBox`, :class:`WrongDiceCount` or
    :class:`DieOutOfRange` (all ``ValueError``) for bad input.
    """
    the_box = Box.lookup(box)
    values = _check_dice(dice)
    counts = Counter(values)
    if the_box.face is not None:
        return the_box.face * counts[the_box.face]
    return _LOWER[the_box](values, counts)


@dataclass
class Scorecard:
    """One player's scorecard: the filled boxes and what follows from them."""

    points: dict[Box, int] = field(default_factory=dict)

    @property
    def filled(self) -> tuple[tuple[Box, int], ...]:
        return tuple((box, self.points[box]) for box in Box if box in self.points)

    @property
    def empty(self) -> tuple[Box, ...]:
        return tuple(box for box in Box if box not in self.points)

    @property
    def upper_sum(self) -> int:
        return sum(p for box, p in self.points.items() if box.section is Section.UPPER)

    @property
    def bonus(self) -> int:
        # Scores never go down, so the bonus holds from the moment it is reached.
        return BONUS if self.upper_sum >= BONUS_THRESHOLD else 0

    @property
    def total(self) -> int:
        return sum(self.points.values()) + self.bonus

    @property
    def is_full(self) -> bool:
        return len(self.points) == len(Box)


# ------------------------------------------------------------------ moves


@dataclass(frozen=True)
class Hold(DiceMove):
    """Keep the dice at ``positions`` out of the next re-throw."""

    kind = "hold"


@dataclass(frozen=True)
class Release(DiceMove):
    """Put the held dice at ``positions`` back into the next re-throw."""

    kind = "release"


@dataclass(frozen=True)
class ThrowAgain(Move):
    """Re-throw every die that is not held; the game then asks for those dice."""

    kind = "throw"


@dataclass(frozen=True)
class Score(Move):
    """Fill ``box`` with what the dice make there.

    Any name of a box is stored as its id, so ``Score("full-house")`` and
    ``Score("full_house")`` are the same move; an unknown name is kept as
    typed and refused by :meth:`Yatzy.check_move`.
    """

    kind = "score"
    box: str

    def __post_init__(self) -> None:
        with contextlib.suppress(UnknownBox):
            object.__setattr__(self, "box", Box.lookup(self.box).value)


# ----------------------------------------------------------------- events


@dataclass(frozen=True)
class DiceHeld(Event):
    step = True
    player: int
    positions: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class DiceReleased(Event):
    step = True
    player: int
    positions: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class BoxScored(Event):
    player: int
    box: Box
    points: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class UpperBonusEarned(Event):
    """The upper six boxes reached ``upper_sum`` >= 63, worth ``points``."""

    player: int
    points: int
    upper_sum: int


# ------------------------------------------------------------------- game


class Yatzy(Game):
    id = "yatzy"
    min_players = 1
    max_players = 8
    options_spec = (choice("order", ORDERS, "free"),)
    move_types = (Hold, Release, ThrowAgain, Score)
    higher_is_better = True

    def setup(self) -> None:
        self.cards = [Scorecard() for _ in self.players]
        self.player = 0
        self.round = 1
        self._new_turn()

    def _new_turn(self) -> None:
        self.dice: tuple[int, ...] = ()
        self._held: frozenset[int] = frozenset()
        self.throws = 0
        #: A ``throw`` move was made and its dice are awaited.
        self.rethrow_due = False

    # -- questions

    def dice_request(self) -> DiceRequest | None:
        if self.is_over():
            return None
        if self.throws == 0:
            return DiceRequest(self.player, DICE, FACES)
        if self.rethrow_due:
            return DiceRequest(self.player, DICE - len(self._held), FACES)
        return None

    def current_player(self) -> int | None:
        return None if self.is_over() else self.player

    def is_over(self) -> bool:
        return all(card.is_full for card in self.cards)

    def scores(self) -> tuple[int, ...]:
        return tuple(card.total for card in self.cards)

    def dice_on_table(self) -> tuple[int, ...]:
        return self.dice

    def held(self) -> tuple[int, ...]:
        return tuple(sorted(self._held))

    def released(self) -> tuple[int, ...]:
        """Positions of the dice that the next re-throw picks up."""
        return tuple(p for p in range(len(self.dice)) if p not in self._held)

    def throws_left(self) -> int:
        """Throws still to come this turn, the first throw included."""
        return THROWS - self.throws

    def scorecard(self, player: int) -> Scorecard:
        """A copy of ``player``'s scorecard: filled, empty, upper sum, bonus, total."""
        return Scorecard(dict(self.cards[player].points))

    def allowed_boxes(self, player: int | None = None) -> tuple[Box, ...]:
        """The empty boxes the play order lets ``player`` (default: the current one) fill."""
        empty = self.cards[self.player if player is None else player].empty
        order = self.options["order"]
        if order == "in-order":
            return empty[:1]
        if order == "upper-first":
            upper = tuple(box for box in empty if box.section is Section.UPPER)
            return upper or empty
        return empty

    def open_boxes(self) -> tuple[tuple[Box, int], ...]:
        """Each box the current player may fill now, with what the dice score there."""
        if self.is_over() or not self.dice:
            return ()
        return tuple((box, score(box, self.dice)) for box in self.allowed_boxes())

    def legal_moves(self) -> list[Move]:
        if self.is_over() or self.dice_request() is not None:
            return []
        moves: list[Move] = []
        if self.throws < THROWS:
            released, held = self.released(), self.held()
            moves += [Hold(c) for n in range(1, len(released) + 1)
                      for c in itertools.combinations(released, n)]
            moves += [Release(c) for n in range(1, len(held) + 1)
                      for c in itertools.combinations(held, n)]
            if released:
                moves.append(ThrowAgain())
        moves += [Score(box.value) for box in self.allowed_boxes()]
        return moves

    def check_move(self, move: Move) -> None:
        """Malformed moves (no such box, no such die) are refused before legality."""
        if isinstance(move, Score):
            Box.lookup(move.box)
        elif isinstance(move, DiceMove):
            check_positions(move.positions, DICE)
        super().check_move(move)

    def refusal(self, move: Move) -> IllegalMove:
        if isinstance(move, (Hold, Release, ThrowAgain)) and self.throws >= THROWS:
            return NoThrowsLeft()
        if isinstance(move, Hold):
            already = next(p for p in move.positions if p in self._held)
            return DieAlreadyHeld(position=already + 1)
        if isinstance(move, Release):
            loose = next(p for p in move.positions if p not in self._held)
            return DieNotHeld(position=loose + 1)
        if isinstance(move, ThrowAgain):
            return AllDiceHeld()
        if isinstance(move, Score):
            return self._score_refusal(Box.by_id(move.box))
        return super().refusal(move)

    def _score_refusal(self, box: Box) -> IllegalMove:
        card = self.cards[self.player]
        if box in card.points:
            return BoxFilled(box=box.label, box_id=box.value, points=card.points[box])
        if self.options["order"] == "in-order":
            following = self.allowed_boxes()[0]
            return BoxNotNext(box=box.label, box_id=box.value, next=following.label, next_id=following.value)
        return UpperSectionFirst(box=box.label, box_id=box.value)

    def snapshot(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "round": self.round,
            "dice": list(self.dice),
            "held": list(self.held()),
            "throws": self.throws,
            "rethrow_due": self.rethrow_due,
            "cards": [[[box.value, points] for box, points in card.filled] for card in self.cards],
        }

    # -- changes

    def _roll(self, values: tuple[int, ...]) -> list[Event]:
        if self.throws == 0:
            self.dice = values
        else:
            new = dict(zip(self.released(), values, strict=True))
            self.dice = tuple(new.get(p, die) for p, die in enumerate(self.dice))
        self.throws += 1
        self.rethrow_due = False
        return [DiceThrown(self.player, values, "turn", self.dice)]

    def _move(self, move: Move) -> list[Event]:
        if isinstance(move, Hold):
            self._held |= set(move.positions)
            return [DiceHeld(self.player, move.positions, self._values(move.positions))]
        if isinstance(move, Release):
            self._held -= set(move.positions)
            return [DiceReleased(self.player, move.positions, self._values(move.positions))]
        if isinstance(move, ThrowAgain):
            self.rethrow_due = True
            return []
        assert isinstance(move, Score)
        return self._score(Box.by_id(move.box))

    def _values(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(self.dice[p] for p in positions)

    def _score(self, box: Box) -> list[Event]:
        card = self.cards[self.player]
        had_bonus = card.bonus
        points = score(box, self.dice)
        card.points[box] = points
        events: list[Event] = [BoxScored(self.player, box, points, self.dice)]
        if card.bonus and not had_bonus:
            events.append(UpperBonusEarned(self.player, card.bonus, card.upper_sum))
        self._new_turn()
        if self.player == len(self.players) - 1:
            events.append(RoundEnded(self.round))
            if self.is_over():
                return events
            self.round += 1
        self.player = (self.player + 1) % len(self.players)
        events.append(TurnStarted(self.player, self.round))
        return events


GAME = Yatzy
