"""The arithmetic players type: expressions (Storeslem) and equations (QUICLO).

Both games let a player write sums with the dice, so both share one careful
reader. It is a hand-written tokenizer and recursive-descent parser, never
``eval``: player text is data. The school convention holds (× and ÷ before
+ and −, left to right within a level) and, as both rule sheets demand, every
intermediate and final result must be a whole number >= 0, so divisions must
come out even and nothing may go below zero.

Every refusal says *what* was wrong and *where*: errors carry ``position``
(0-based index into the typed text, for a front end that highlights) and
``column`` (the same place counted from 1, for speech: "at character 4").

Limits on length, nesting and number size keep every call fast, whatever is
typed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from accessible_dice.errors import N_, NP_, IllegalMove, InvalidInput

#: Canonical signs, as :func:`show` writes them and nodes store them.
PLUS, MINUS, TIMES, DIVIDE = "+", "−", "×", "÷"
OPERATORS = (PLUS, MINUS, TIMES, DIVIDE)

#: Every accepted spelling of a sign -> its canonical sign.
SPELLINGS: dict[str, str] = {
    "+": PLUS,
    "-": MINUS, "−": MINUS,
    "*": TIMES, "x": TIMES, "X": TIMES, "×": TIMES, "·": TIMES,
    "/": DIVIDE, ":": DIVIDE, "÷": DIVIDE,
}

_PRECEDENCE = {PLUS: 1, MINUS: 1, TIMES: 2, DIVIDE: 2}

#: Longest text read, in characters; far more than any dice sum needs.
MAX_LENGTH = 200
#: Deepest nesting of parentheses.
MAX_DEPTH = 10
#: Largest number that may be typed (dice show at most 12; Storeslem cells 24).
MAX_NUMBER = 9999


# ----------------------------------------------------------------- errors


class ExpressionInvalid(InvalidInput):
    """The text is not a well-formed expression or equation."""


class EmptyInput(ExpressionInvalid):
    # Translators: nothing (or only spaces) was typed where a calculation was expected.
    template = N_("Nothing was typed; write a calculation like 5 + 4.")


class NotText(ExpressionInvalid):
    # Translators: a program called the rules with something that is not text (never typed by a player).
    template = N_("A calculation must be text, like 5 + 4.")


class TooLong(ExpressionInvalid):
    template = N_("That is too long: {length} characters, at most {limit}.")


class UnexpectedCharacter(ExpressionInvalid):
    # Translators: {char} is the character typed; {column} counts characters from 1.
    template = N_("“{char}” at character {column} is not a number or a sign.")


class NumberTooLarge(ExpressionInvalid):
    template = N_("{number} at character {column} is too large; numbers go up to {limit}.")


class MissingNumber(ExpressionInvalid):
    # Translators: e.g. "× 3" or "( )": a number should stand at {column}.
    template = N_("A number is missing at character {column}.")


class MissingNumberAtEnd(ExpressionInvalid):
    # Translators: the calculation ends with a sign, e.g. "5 +".
    template = N_("A number is missing at the end.")


class TwoSignsInARow(ExpressionInvalid):
    # Translators: {first} and {second} are signs such as + and ×.
    template = N_("Two signs in a row at character {column}: {first} {second}.")


class MissingSign(ExpressionInvalid):
    # Translators: e.g. "5 3": {next} is the number or bracket that needs a sign before it.
    template = N_("A sign is missing before {next} at character {column}.")


class UnclosedParenthesis(ExpressionInvalid):
    template = N_("The bracket opened at character {column} is never closed.")


class UnopenedParenthesis(ExpressionInvalid):
    template = N_("The bracket at character {column} closes nothing.")


class ParenthesesNotAllowed(ExpressionInvalid):
    # Translators: QUICLO equations have no brackets.
    template = N_("Brackets are not allowed here (character {column}).")


class NestedTooDeep(ExpressionInvalid):
    template = N_("Too many brackets inside each other at character {column}; at most {limit}.")


class EqualsNotAllowed(ExpressionInvalid):
    # Translators: an = sign was typed where only a calculation is expected.
    template = N_("An = does not belong here (character {column}).")


class NeedsOneEquals(ExpressionInvalid):
    # Translators: an equation was typed with {count} = signs (0, 2, 3 ...).
    template = N_("An equation needs exactly one =; this one has {count}.")


class ArithmeticBroken(InvalidInput):
    """The text is well formed but breaks a rule of the arithmetic."""


class BelowZero(ArithmeticBroken):
    # Translators: e.g. "2 − 5 goes below zero."
    template = N_("{left} {op} {right} goes below zero.")


class UnevenDivision(ArithmeticBroken):
    template = N_("{left} ÷ {right} does not come out even.")


class DivisionByZero(ArithmeticBroken):
    template = N_("{left} ÷ 0: nothing can be divided by zero.")


class DiceMisused(IllegalMove):
    """The numbers used do not match the dice rolled."""


class NotRolled(DiceMisused):
    # Translators: e.g. "7 was not rolled."
    template = N_("{number} was not rolled.")


class UsedTooOften(DiceMisused):
    # Translators: {used} >= 2 is how often the number is used, {rolled} how many dice show it.
    template, plural = NP_(
        "The {number} is used {used} times, but only one {number} was rolled.",
        "The {number} is used {used} times, but only {rolled} were rolled.",
    )
    count_key = "rolled"


# ------------------------------------------------------------------ nodes


@dataclass(frozen=True)
class Number:
    """A typed number; ``position`` is its index in the text (0 when built by code)."""

    value: int
    position: int = 0


@dataclass(frozen=True)
class BinaryOp:
    """``left op right`` with a canonical sign; ``position`` is the sign's index."""

    op: str
    left: Node
    right: Node
    position: int = 0


Node = Number | BinaryOp


# ------------------------------------------------------------- tokenizing


@dataclass(frozen=True)
class _Token:
    kind: str  # "number", "op", "(", ")", "="
    text: str
    position: int
    value: int = 0


def _where(position: int) -> dict[str, int]:
    return {"position": position, "column": position + 1}


def _tokenize(text: str) -> list[_Token]:
    if not isinstance(text, str):
        raise NotText()
    if len(text) > MAX_LENGTH:
        raise TooLong(length=len(text), limit=MAX_LENGTH)
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif "0" <= char <= "9":
            start = i
            while i < len(text) and "0" <= text[i] <= "9":
                i += 1
            digits = text[start:i]
            if len(digits.lstrip("0")) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
                raise NumberTooLarge(number=digits, limit=MAX_NUMBER, **_where(start))
            tokens.append(_Token("number", digits, start, int(digits)))
        elif char in SPELLINGS:
            tokens.append(_Token("op", SPELLINGS[char], i))
            i += 1
        elif char in "()=":
            tokens.append(_Token(char, char, i))
            i += 1
        else:
            raise UnexpectedCharacter(char=char, **_where(i))
    if not tokens:
        raise EmptyInput()
    return tokens


# ---------------------------------------------------------------- parsing


class _Parser:
    """Recursive descent over one token list; ``end`` is where the text ends.

    expression := term (("+" | "−") term)*
    term       := factor (("×" | "÷") factor)*
    factor     := number | "(" expression ")"

    Chains are loops, so only parentheses recurse (at most ``MAX_DEPTH``).
    """

    def __init__(self, tokens: list[_Token], end: int, at_text_end: bool) -> None:
        self.tokens = tokens
        self.index = 0
        self.end = end
        self.at_text_end = at_text_end
        self.depth = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def whole(self) -> Node:
        node = self.expression()
        token = self.peek()
        if token is not None:
            raise self.unexpected(token)
        return node

    def expression(self) -> Node:
        return self.chain(self.term, (PLUS, MINUS))

    def term(self) -> Node:
        return self.chain(self.factor, (TIMES, DIVIDE))

    def chain(self, operand: Callable[[], Node], signs: tuple[str, ...]) -> Node:
        node: Node = operand()
        while (token := self.peek()) is not None and token.kind == "op" and token.text in signs:
            self.index += 1
            node = BinaryOp(token.text, node, operand(), token.position)
        return node

    def factor(self) -> Node:
        token = self.peek()
        if token is None:
            if self.at_text_end:
                raise MissingNumberAtEnd()
            raise MissingNumber(**_where(self.end))
        if token.kind == "number":
            self.index += 1
            return Number(token.value, token.position)
        if token.kind == "(":
            if self.depth >= MAX_DEPTH:
                raise NestedTooDeep(limit=MAX_DEPTH, **_where(token.position))
            self.index += 1
            self.depth += 1
            node = self.expression()
            closing = self.peek()
            if closing is None:
                raise UnclosedParenthesis(**_where(token.position))
            if closing.kind != ")":
                raise self.unexpected(closing)
            self.index += 1
            self.depth -= 1
            return node
        if token.kind == "op" and self.index > 0 and self.tokens[self.index - 1].kind == "op":
            previous = self.tokens[self.index - 1]
            raise TwoSignsInARow(first=previous.text, second=token.text, **_where(token.position))
        raise MissingNumber(**_where(token.position))

    def unexpected(self, token: _Token) -> ExpressionInvalid:
        """Why ``token`` cannot follow a complete number or bracket."""
        if token.kind == ")":
            return UnopenedParenthesis(**_where(token.position))
        if token.kind == "=":
            return EqualsNotAllowed(**_where(token.position))
        return MissingSign(next=token.text, **_where(token.position))


def _forbid_parentheses(tokens: list[_Token]) -> None:
    for token in tokens:
        if token.kind in "()":
            raise ParenthesesNotAllowed(**_where(token.position))


def _expression_parser(text: str, parentheses: bool) -> _Parser:
    tokens = _tokenize(text)
    if not parentheses:
        _forbid_parentheses(tokens)
    for token in tokens:
        if token.kind == "=":
            raise EqualsNotAllowed(**_where(token.position))
    return _Parser(tokens, len(text), at_text_end=True)


def parse_expression(text: str, *, parentheses: bool = True) -> Node:
    """Read one calculation ("(6+1)·3"); refuse anything else with a reason."""
    return _expression_parser(text, parentheses).whole()


def parse_expressions(text: str, *, parentheses: bool = True) -> list[Node]:
    """Read several calculations side by side ("5+4 6" is 5 + 4, then 6).

    A new calculation starts where a number or an opening bracket follows a
    complete one, so spaces inside a calculation do not matter ("5 + 4 6").
    """
    parser = _expression_parser(text, parentheses)
    nodes = [parser.expression()]
    while (token := parser.peek()) is not None:
        if token.kind not in ("number", "("):
            raise parser.unexpected(token)
        nodes.append(parser.expression())
    return nodes


def parse_equation(text: str) -> tuple[Node, Node]:
    """Read ``left = right`` without parentheses (QUICLO's equations)."""
    tokens = _tokenize(text)
    _forbid_parentheses(tokens)
    equals = [i for i, token in enumerate(tokens) if token.kind == "="]
    if len(equals) != 1:
        raise NeedsOneEquals(count=len(equals))
    split = equals[0]
    left = _Parser(tokens[:split], tokens[split].position, at_text_end=False).whole()
    right = _Parser(tokens[split + 1:], len(text), at_text_end=True).whole()
    return left, right


# ------------------------------------------------------------- evaluating


def operate(op: str, left: int, right: int) -> int:
    """``left op right`` under the game's rules: whole numbers >= 0 only.

    Public so that solvers building expressions from dice apply exactly the
    same rules as typed text.
    """
    if op == PLUS:
        return left + right
    if op == MINUS:
        if right > left:
            raise BelowZero(left=left, op=op, right=right)
        return left - right
    if op == TIMES:
        return left * right
    if op == DIVIDE:
        if right == 0:
            raise DivisionByZero(left=left)
        quotient, remainder = divmod(left, right)
        if remainder:
            raise UnevenDivision(left=left, right=right)
        return quotient
    raise ValueError(f"unknown operator {op!r}")


def evaluate(node: Node) -> int:
    """The value of ``node``; raises an :class:`ArithmeticBroken` when a rule breaks.

    Errors also carry the sign's ``position`` and ``column``, so a front end
    can say where the calculation went wrong.
    """
    if isinstance(node, Number):
        return node.value
    left, right = evaluate(node.left), evaluate(node.right)
    try:
        return operate(node.op, left, right)
    except ArithmeticBroken as error:
        raise type(error)(**error.data, **_where(node.position)) from None


def numbers(node: Node) -> list[int]:
    """The numbers used, from left to right as written."""
    if isinstance(node, Number):
        return [node.value]
    return numbers(node.left) + numbers(node.right)


def check_uses(used: Sequence[int], dice: Sequence[int]) -> None:
    """Refuse unless every number used is a die, each die used at most once."""
    rolled = Counter(dice)
    counted = Counter(used)
    for number in used:
        if rolled[number] == 0:
            raise NotRolled(number=number)
        if counted[number] > rolled[number]:
            raise UsedTooOften(number=number, used=counted[number], rolled=rolled[number])


def show(node: Node) -> str:
    """Canonical text with the real signs ("5 × 4 − 6") and as few brackets as can be.

    A right operand at the same level keeps its brackets after − and ÷ only:
    after + and × dropping them never changes the value of a valid calculation.
    """
    if isinstance(node, Number):
        return str(node.value)
    level = _PRECEDENCE[node.op]
    left = show(node.left)
    if _level(node.left) < level:
        left = f"({left})"
    right = show(node.right)
    right_level = _level(node.right)
    if right_level < level or (right_level == level and node.op in (MINUS, DIVIDE)):
        right = f"({right})"
    return f"{left} {node.op} {right}"


def _level(node: Node) -> int:
    return 3 if isinstance(node, Number) else _PRECEDENCE[node.op]
