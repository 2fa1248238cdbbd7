"""What a Yatzy player hears (rules: docs/rules/yatzy.md).

Dice are said in position order, since ``hold 1 3`` names them by position;
held dice are said by face first, their positions after in brackets ("Held:
the 5 and the 3 (dice 1 and 2)"), never the two lists run together.
After a re-throw the new dice come first, then the whole set ("Anna threw 5
and 5. Now 5, 5, 5, 3, and 5."). A filled box is said with its points and
the new total ("Full house: 23 points. Total 120 points.").
"""

from __future__ import annotations

from collections.abc import Iterable

from accessible_dice.errors import N_, DiceError
from accessible_dice.games.base import Move
from accessible_dice.games.yatzy import (
    BONUS_THRESHOLD,
    Box,
    BoxScored,
    DiceHeld,
    DiceReleased,
    Hold,
    Release,
    Score,
    ThrowAgain,
    UnknownBox,
    UpperBonusEarned,
    Yatzy,
    score,
)
from accessible_dice.presentation.describe import Presenter, Term, answer, news
from accessible_dice.presentation.i18n import Language
from accessible_dice.strategy.common import Choice
from accessible_dice.utterance import Cue, Utterance

#: The letters a hint says a move with, typed in every language: keep (``k 1 3``) and choose by box number (``c13``).
KEEP_LETTER = "k"
CHOOSE_LETTER = "c"


def box_word(box: Box, language: Language) -> str:
    """The box as typed after ``score`` in the player's language: its name, lower case, hyphens for spaces.

    In English that is the command word of docs/spec/interfaces.md (``full-house``);
    in Danish ``fuldt-hus``. play/commands/yatzy.py reads it back.
    """
    return "-".join(language._(box.label).lower().split())


class YatzyPresenter(Presenter):
    # Translators: the game's name; see docs/spec/words.md.
    title = N_("Yatzy")
    #: The tutorial's opening: what the game is about (accessible_dice.tutorial).
    # Translators: the opening of the Yatzy tutorial: what the game is about.
    goal = N_("In Yatzy you throw five dice up to three times a turn, hold the dice you like, and score the "
              "throw in one box of your scorecard. The most points win.")
    game: Yatzy

    def rounds_total(self) -> int:
        """One round per box."""
        return len(Box)

    def box_name(self, box: Box) -> str:
        """The box's name in the player's language (docs/spec/words.md: Kåk, Hus, Fuldt hus, ...)."""
        return self._(box.label)

    def localized_data(self, error: DiceError) -> dict:
        """Box names in the player's language: a refusal carries each box's id beside its English label."""
        result = super().localized_data(error)
        for name, key in (("box", "box_id"), ("next", "next_id")):
            if key in error.data:
                result[name] = self.box_name(Box.by_id(error.data[key]))
        if isinstance(error, UnknownBox):
            # The language's list ("jedničky, dvojky a yatzy"), so a screen reader pauses between the boxes.
            result["known"] = self.language.join(box_word(box, self.language) for box in Box)
        if "box_ids" in error.data:
            result["boxes"] = self.language.join((self.box_name(Box.by_id(b)) for b in error.data["box_ids"]), "or")
        return result

    def setup_words(self) -> Utterance | None:
        order = self.game.options["order"]
        if order == "in-order":
            # Translators: Yatzy play order: boxes strictly from top to bottom.
            return news(self._("Boxes in order, from Ones to Yatzy."))
        if order == "upper-first":
            # Translators: Yatzy play order: the upper six boxes before the others.
            return news(self._("Upper section first: Ones to Sixes, then the rest."))
        return None

    # ------------------------------------------------------------ events

    def dice_positions(self, positions: tuple[int, ...]) -> str:
        return self.numbers(p + 1 for p in positions)

    def faces_words(self, values: Iterable[int]) -> str:
        """Dice by their faces, each on its own: "the 5 and the 3"."""
        # Translators: one die by the face it shows, in a list like "the 5 and the 3".
        return self.language.join(self._("the {value}").format(value=self.language.number(v)) for v in values)

    def dice_by_face(self, positions: tuple[int, ...], values: Iterable[int]) -> dict[str, str]:
        """The placeholders ``values`` (faces) and ``positions`` of the held and released lines."""
        return {"values": self.faces_words(values), "positions": self.dice_positions(positions)}

    def on_DiceHeld(self, event: DiceHeld) -> Utterance:
        held = self.game.held()
        if set(event.positions) < set(held):  # others were held already: say every die held (playtest P7)
            table = self.game.dice_on_table()
            # Translators: Yatzy: dice held, when some were held before: all of them, faces first, e.g.
            # "Held now: the 5, the 5, the 6, and the 6 (dice 1, 2, 3, and 4)."
            return news(self._("Held now: {values} (dice {positions}).").format(
                **self.dice_by_face(held, (table[p] for p in held))))
        # Translators: Yatzy: dice held out of the next throw, faces first, e.g. "Held: the 5 and the 5 (dice 2 and 3)."
        return news(self.ngettext("Held: {values} (die {positions}).", "Held: {values} (dice {positions}).",
                                  len(event.positions)).format(**self.dice_by_face(event.positions, event.values)))

    def on_DiceReleased(self, event: DiceReleased) -> Utterance:
        # Translators: Yatzy: held dice put back for the next throw, e.g. "Released: the 2 (die 4)."
        return news(self.ngettext("Released: {values} (die {positions}).", "Released: {values} (dice {positions}).",
                                  len(event.positions)).format(**self.dice_by_face(event.positions, event.values)))

    def on_BoxScored(self, event: BoxScored) -> Utterance:
        total = self.game.scorecard(event.player).total
        cues = (Cue("bonus"),) if event.box is Box.YATZY and event.points else ()
        if self.brief:
            # Translators: brief: a box filled, e.g. "Full house 23."
            return news(self._("{box} {points}.").format(box=self.box_name(event.box),
                                                         points=self.language.number(event.points)), *cues)
        # Translators: a box filled and the player's new total, e.g. "Full house: 23 points. Total 120 points."
        return news(self._("{box}: {points}. Total {total}.").format(
            box=self.box_name(event.box), points=self.score_words(event.points), total=self.score_words(total)),
            *cues)

    def on_UpperBonusEarned(self, event: UpperBonusEarned) -> Utterance:
        # Translators: the upper section reached 63; {points} is the bonus, e.g. "50 points".
        return news(self._("Upper bonus: {points}!").format(points=self.score_words(event.points)), Cue("bonus"))

    # ------------------------------------------------------------ review

    def throws_left_words(self) -> str:
        left = self.game.throws_left()
        if left == 0:
            # Translators: Yatzy: the third throw is used.
            return self._("No throws left: score a box.")
        # Translators: Yatzy: throws still allowed this turn.
        return self.ngettext("{count} throw left.", "{count} throws left.", left).format(
            count=self.language.number(left))

    def boxes_words(self) -> str:
        """Each box the player may fill now with what it scores: "Twos for 6 points"."""
        # Translators: one box and what the dice score there, e.g. "Twos for 6 points".
        return self.language.join(self._("{box} for {points}").format(box=self.box_name(box),
                                                                     points=self.score_words(points))
                                  for box, points in self.game.open_boxes())

    def choices(self) -> Utterance | None:
        if not self.game.dice_on_table() or self.game.is_over():
            return None
        said = [self.throws_left_words()]
        if self.full:
            # Translators: the boxes that can be filled now, with their scores.
            said.append(self._("Boxes: {boxes}.").format(boxes=self.boxes_words()))
        return news(" ".join(said))

    def moves_answer(self) -> Utterance:
        if self.game.is_over() or not self.game.dice_on_table():
            return super().moves_answer()
        # Translators: the moves review: every box that can be filled now with its score.
        boxes = self._("Boxes: {boxes}.").format(boxes=self.boxes_words())
        return answer(" ".join([self.throws_left_words(), boxes]))

    def numbered_intro(self) -> Utterance | None:
        """The throws left, and while a re-throw is possible, how to make it."""
        if self.game.throws_left() == 0:
            return news(self.throws_left_words())
        # Translators: before the numbered boxes; "keep" is the command word of a re-throw.
        return news(" ".join([self.throws_left_words(), self._("To throw again, type keep and the dice to hold.")]))

    def list_words(self, move: Move) -> str:
        """A box of the numbered list: its name and what it scores now, "Full house 23"."""
        if not isinstance(move, Score):
            return self.move_words(move)
        box = Box.by_id(move.box)
        # Translators: a box in the numbered moves list with what it scores now, e.g. "Full house 23".
        return self._("{box} {points}").format(box=self.box_name(box),
                                               points=self.language.number(score(box, self.game.dice_on_table())))

    def dice_answer(self) -> Utterance:
        table = self.game.dice_on_table()
        if not table:
            return super().dice_answer()
        # Translators: the dice review, in position order, e.g. "Dice: 5, 3, 6, 3, 6."
        said = [self._("Dice: {dice}.").format(dice=self.language.numbers(table, "standard-narrow"))]
        held = self.game.held()
        if held:
            # Translators: which dice are held, faces first, e.g. "Held: the 5 and the 3 (dice 1 and 2)."
            said.append(self.ngettext("Held: {values} (die {positions}).", "Held: {values} (dice {positions}).",
                                      len(held)).format(**self.dice_by_face(held, (table[p] for p in held))))
        said.append(self.throws_left_words())
        return answer(" ".join(said))

    def board_answer(self, player: int | None = None) -> Utterance:
        """The scorecard: filled boxes, upper sum and how far from the bonus, total, empty boxes (CG-04)."""
        who = self.whose(player)
        card = self.game.scorecard(who)
        # Translators: one filled box on the scorecard, e.g. "Fours 12".
        filled = [self._("{box} {points}").format(box=self.box_name(box), points=self.language.number(points))
                  for box, points in card.filled]
        if filled:
            # Translators: a scorecard's filled boxes, e.g. "Anna: Ones 3 and Fours 12."
            said = [self._("{name}: {boxes}.").format(name=self.name(who), boxes=self.language.join(filled))]
        else:
            # Translators: a scorecard with nothing filled yet.
            said = [self._("{name}: nothing filled yet.").format(name=self.name(who))]
        if card.bonus:
            # Translators: the upper section sum once the bonus is earned.
            said.append(self._("Upper section {sum}, bonus earned.").format(sum=self.language.number(card.upper_sum)))
        else:
            # Translators: the upper section sum and what is missing for the bonus (63).
            said.append(self._("Upper section {sum}, {missing} to the bonus.").format(
                sum=self.language.number(card.upper_sum),
                missing=self.language.number(BONUS_THRESHOLD - card.upper_sum)))
        # Translators: the scorecard's total, e.g. "Total 120 points."
        said.append(self._("Total {total}.").format(total=self.score_words(card.total)))
        if card.empty:
            # Translators: the boxes still empty on the scorecard.
            said.append(self._("Empty: {boxes}.").format(boxes=self.language.join(self.box_name(b)
                                                                                  for b in card.empty)))
        return answer(" ".join(said))

    # ------------------------------------------------------------ hints

    def move_words(self, move: Move) -> str:
        table = self.game.dice_on_table()
        if isinstance(move, Score):
            box = Box.by_id(move.box)
            # Translators: a hint to fill a box, e.g. "Score Full house for 23 points".
            return self._("Score {box} for {points}").format(box=self.box_name(box),
                                                             points=self.score_words(score(box, table)))
        if isinstance(move, Hold | Release):
            values = self.numbers(table[p] for p in move.positions)
            positions = self.dice_positions(move.positions)
            if isinstance(move, Hold):
                # Translators: a hint to hold dice, e.g. "Hold dice 1 and 2 (5 and 5)".
                return self.ngettext("Hold die {positions} ({values})", "Hold dice {positions} ({values})",
                                     len(move.positions)).format(positions=positions, values=values)
            # Translators: a hint to release held dice, e.g. "Release die 3 (2)".
            return self.ngettext("Release die {positions} ({values})", "Release dice {positions} ({values})",
                                 len(move.positions)).format(positions=positions, values=values)
        assert isinstance(move, ThrowAgain)
        # Translators: a hint to throw the dice that are not held.
        return self._("Throw again")

    def choice_words(self, choice: Choice) -> str:
        """A re-throw is said by what it keeps, not by its first step; in the terminal, as it is typed."""
        if self.keep_by is not None:
            return self.typed_choice(choice)
        if choice.hold is None:
            return super().choice_words(choice)
        table = self.game.dice_on_table()
        if not choice.hold:
            # Translators: a hint to throw all five dice again.
            return self._("Throw all dice again")
        # Translators: a hint to re-throw keeping some dice, e.g. "Keep 5, 5, and 5 and throw again".
        return self._("Keep {values} and throw again").format(values=self.numbers(table[p] for p in choice.hold))

    def typed_choice(self, choice: Choice) -> str:
        """A choice in the shortest form the terminal takes, in every language: "k 1 3 (the 5 and the 5)",
        "c7 (Three of a kind, 15 points)". Typed as the hint says it, a game by the hint costs about 250
        keys; the long words (``keep 1 3``, ``score 7``) cost 390 (playtest P4)."""
        table = self.game.dice_on_table()
        if choice.hold is None:
            move = choice.move
            assert isinstance(move, Score)
            box = Box.by_id(move.box)
            # Translators: a hint as typed, e.g. "score 7 (Three of a kind, 15 points)"; {typed} is the command.
            return self._("{typed} ({box}, {points})").format(
                typed=f"{CHOOSE_LETTER}{list(Box).index(box) + 1}", box=self.box_name(box),
                points=self.score_words(score(box, table)))
        if not choice.hold:
            # Translators: a hint as typed: "keep" with no dice throws all five again; {typed} is the command.
            return self._("{typed} alone, to throw all five again").format(typed=KEEP_LETTER)
        values = [table[p] for p in choice.hold]
        numbers = values if self.keep_by == "value" else [p + 1 for p in choice.hold]
        typed = " ".join([KEEP_LETTER, *(str(n) for n in numbers)])
        # Translators: a hint as typed, e.g. "keep 1 3 (the 5 and the 5)"; {typed} is the command.
        return self._("{typed} ({values})").format(typed=typed, values=self.faces_words(values))

    def expected_words(self, value: float) -> str:
        # Translators: the strategy's expected final total of the scorecard.
        return self._("{value} expected final total").format(value=self.language.decimal(value))


# Translators: what a Yatzy box Ones to Sixes scores; {face} is 1 to 6.
_UPPER = N_("The sum of the dice showing {face}.")
_YATZY_LOWER = {
    # Translators: what the Yatzy box One pair means and scores.
    Box.ONE_PAIR: N_("Two dice with the same face. It scores those two dice; of two pairs, the higher counts."),
    # Translators: what the Yatzy box Two pairs means and scores.
    Box.TWO_PAIRS: N_("Two pairs of different faces. It scores the four dice of the pairs."),
    # Translators: what the Yatzy box Three of a kind means and scores.
    Box.THREE_OF_A_KIND: N_("Three dice with the same face. It scores those three dice."),
    # Translators: what the Yatzy box Four of a kind means and scores.
    Box.FOUR_OF_A_KIND: N_("Four dice with the same face. It scores those four dice."),
    # Translators: what the Yatzy box Small straight means and scores.
    Box.SMALL_STRAIGHT: N_("The dice 1, 2, 3, 4 and 5. It scores 15."),
    # Translators: what the Yatzy box Large straight means and scores.
    Box.LARGE_STRAIGHT: N_("The dice 2, 3, 4, 5 and 6. It scores 20."),
    # Translators: what the Yatzy box Full house means and scores.
    Box.FULL_HOUSE: N_("Three dice of one face and two of another. It scores the sum of all five."),
    # Translators: what the Yatzy box Chance means and scores.
    Box.CHANCE: N_("Any five dice. It scores their sum."),
    # Translators: what the Yatzy box Yatzy means and scores.
    Box.YATZY: N_("All five dice show the same face. It scores 50."),
}

#: The game's terms, explained on demand (``explain`` typed, E in the window; checklist CG-08).
TERMS: tuple[Term, ...] = (
    *(Term(box.label, _YATZY_LOWER.get(box, _UPPER), None if box in _YATZY_LOWER else face,
              row=f"box-{box.value}")
      for face, box in enumerate(Box, start=1)),
    # Translators: the name of the Yatzy upper bonus, explained on demand (the scorecard row's word).
    Term(N_("Bonus"),
         # Translators: what the Yatzy term Bonus means, said when the player asks (CG-08).
         N_("50 points more when Ones to Sixes add up to 63 or more.")),
)

PRESENTER = YatzyPresenter

