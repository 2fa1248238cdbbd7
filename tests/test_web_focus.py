"""Where the page puts the focus, and how its announcements keep out of the focus's way (docs/web.md).

Only what can act is offered: a button that would only refuse is marked
unavailable with the refusal as its description, and the page never moves
the focus onto one. An announcement waits for a focus move the page made
(Orca's focus speech and live messages cut each other), and the first for
the page's load. N's computer turns are lines of their own. Every board
table has column and row headings.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from web_support import after, browser, drawn, enter_on, idle, log_lines, opened, press, serve, until

__all__ = ["browser", "serve"]

#: The page's own wait after a focus move it made (app.js SETTLE), in ms.
SETTLE = 800

#: Focus moves and new log lines, with the page's clock, recorded from now on.
WATCH = """() => {
  window.seen = [];
  document.addEventListener("focusin", (e) => seen.push(["focus", e.target.dataset.key || e.target.id,
                                                          performance.now()]));
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    seen.push(["line", n.textContent, performance.now()]); }).observe(document.getElementById("log"),
                                                                       {childList: true});
}"""


def focused_unavailable(page: Any) -> bool:
    return bool(page.evaluate("document.activeElement.getAttribute('aria-disabled') === 'true'"))


def test_a_button_that_cannot_act_is_marked_with_its_reason_and_never_focused(
        browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="yatzy", players=("Anna", "cpu"), seed=4, lang="en")
    page = opened(browser, server.url)
    press(page, "r")
    theirs = page.locator('[data-key="chance-1"]')
    assert theirs.get_attribute("aria-disabled") == "true"
    reason = page.locator("#" + theirs.get_attribute("aria-describedby")).text_content()
    assert reason == "That is cpu's; it is Anna's turn."
    mine = page.locator('[data-key="chance-0"]')
    assert mine.get_attribute("aria-disabled") is None
    button = page.get_by_role("button", name="Chance, cpu: empty")
    assert button.get_attribute("aria-disabled") == "true"
    enter_on(page, '[data-key="chance-0"]')  # Anna scores Chance; the box is filled and the turn is cpu's
    until(page, "state.status.startsWith('cpu') || state.actions.some((c) => c.key === 'throw')")
    assert not focused_unavailable(page)
    # Storeslem: Strike before a number is chosen says so in its description, and takes no focus.
    server = serve(game="storeslem", players=("Anna",), seed=2, lang="en")
    page = opened(browser, server.url)
    enter_on(page, '#actions [data-key="random"]')
    press(page, "r")
    strike = page.locator('#actions [data-key="strike"]')
    assert strike.get_attribute("aria-disabled") == "true"
    assert page.locator("#" + strike.get_attribute("aria-describedby")).text_content() == \
        "Strike at least one number, or pass."
    assert not focused_unavailable(page)


def test_every_board_table_has_column_and_row_headings(browser: Any, serve: Callable[..., Any]) -> None:
    for game, players in (("shut-the-box", ("Anna", "Bob")), ("shut-the-box", ("Anna",)), ("yatzy", ("Anna", "Bob")),
                          ("storeslem", ("Anna", "Bob")), ("quiclo", ("Anna", "Bob")),
                          ("threes-away", ("Anna",))):
        server = serve(game=game, players=players, seed=3, lang="en")
        page = opened(browser, server.url)
        if game == "storeslem":
            enter_on(page, '#actions [data-key="random"]')
            enter_on(page, '#actions [data-key="random"]')
        tables = page.locator("table.board")
        assert tables.count() >= 1, game
        for index in range(tables.count()):
            table = tables.nth(index)
            columns = table.get_by_role("columnheader")
            width = max(row.locator("td").count() for row in table.locator("tbody tr").all())
            assert columns.count() == width, (game, index)
            assert all(text.strip() for text in columns.all_text_contents()), game
            rows = table.locator("tbody tr")
            assert table.get_by_role("rowheader").count() == rows.count(), game
            assert all(text.strip() for text in table.get_by_role("rowheader").all_text_contents()), game
        if game == "shut-the-box" and len(players) == 2:
            assert tables.first.get_by_role("columnheader").all_text_contents() == [str(n) for n in range(1, 11)]
            assert tables.first.get_by_role("rowheader").first.text_content().startswith("Anna")


def test_n_says_each_computer_turn_as_a_line_of_its_own(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("cpu", "cpu2", "Anna"), seed=3, lang="en")
    page = opened(browser, server.url)
    until(page, "state.status !== ''")
    page.locator("#command").focus()
    page.keyboard.press("Tab")
    # N plays the computers at once; on a busy machine the first may have played at its pace already, so the
    # lines are read whole, and N waits for no answer of its own.
    page.keyboard.press("n")
    until(page, "state.actions.some((cell) => cell.key === 'throw') || document.body.dataset.screen === 'over'")
    page.keyboard.press("Shift")  # a key: the lines spaced out for reading come at once
    lines = log_lines(page)
    ended = [n for n, line in enumerate(lines) if "cpu2's turn." in line]  # cpu's turn ends
    second = [n for n, line in enumerate(lines) if line.startswith("cpu2 threw")]
    assert ended and second and ended[0] < second[0], lines  # one line per turn, in order
    assert not any("cpu2's turn." in line and "cpu2 threw" in line for line in lines), lines
    for line in lines:  # nothing said twice in a row inside a line
        sentences = [s.strip() for s in line.split(". ") if s.strip()]
        assert all(a != b for a, b in pairwise(sentences)), line


def test_an_announcement_waits_for_the_focus_the_page_moved(browser: Any, serve: Callable[..., Any]) -> None:
    """Real dice typed: the field closes and the focus goes to the first move; the throw's line comes
    SETTLE after that focus move, never with it (Orca would cut one with the other)."""
    server = serve(game="shut-the-box", players=("Anna",), dice="manual", given=frozenset({"dice"}), lang="en")
    page = opened(browser, server.url)
    idle(page)
    assert page.evaluate("document.activeElement.id") == "values"
    page.evaluate(WATCH)
    before = drawn(page)
    page.keyboard.type("3 4")
    page.keyboard.press("Enter")
    after(page, before)
    idle(page)
    seen = page.evaluate("seen")
    moves = [at for kind, what, at in seen if kind == "focus" and what.startswith("way-")]
    lines = [at for kind, what, at in seen if kind == "line" and what.startswith("Anna threw 3 and 4")]
    assert moves and lines, seen
    assert lines[0] - moves[0] >= SETTLE * 0.95, seen  # (the page's own wait; a busy machine only adds to it)
    assert not page.evaluate("document.activeElement.getAttribute('aria-disabled') === 'true'")


def test_the_first_announcement_waits_for_the_page_to_be_read(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = browser.new_context().new_page()
    page.add_init_script("""window.firstLine = null;
      document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
        if (firstLine === null) firstLine = performance.now(); }).observe(document.getElementById("log"),
                                                                          {childList: true}));""")
    page.goto(server.url)
    until(page, "firstLine !== null")
    loaded = page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd")  # before app.js ran
    assert page.evaluate("firstLine") - loaded >= 1500  # app.js START


def test_an_answer_waits_for_the_focus_too(browser: Any, serve: Callable[..., Any]) -> None:
    """Yatzy with real dice: Enter on Throw again opens the values field, which takes the focus, and the
    request for the dice comes SETTLE after that focus move (an answer, which otherwise goes at once, too)."""
    server = serve(game="yatzy", players=("Anna",), dice="manual", given=frozenset({"dice"}), lang="en")
    page = opened(browser, server.url)
    idle(page)
    before = drawn(page)
    page.keyboard.type("3 3 3 5 6")
    page.keyboard.press("Enter")
    after(page, before)
    idle(page)
    assert page.evaluate("document.activeElement.dataset.key") == "again"
    page.evaluate(WATCH)
    page.evaluate("""() => { const answer = document.getElementById("answer");
      new MutationObserver(() => seen.push(["answer", answer.textContent, performance.now()]))
        .observe(answer, {childList: true, characterData: true, subtree: true}); }""")
    before = drawn(page)
    page.keyboard.press("Enter")
    after(page, before)
    # The request comes SETTLE after the focus move, on a timer of the page's: waited for, not assumed.
    until(page, "seen.some(([kind, what]) => (kind === 'answer' || kind === 'line') && what.includes('throw 5 dice'))")
    idle(page)
    seen = page.evaluate("seen")
    moved = [at for kind, what, at in seen if kind == "focus" and what == "values"]
    asked = [at for kind, what, at in seen if kind in ("answer", "line") and "throw 5 dice" in what]
    assert moved and asked, seen
    assert asked[0] - moved[0] >= SETTLE * 0.95, seen
