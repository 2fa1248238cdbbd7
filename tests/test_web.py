"""The browser front end played through a real browser (Debian's chromium) by keys, as a player would.

Each game is played whole on the page: keys in the game (R, number keys),
Enter on the buttons the focus is moved to, the questions answered. After
the actions the accessibility tree is read: the dice a list of items named
"Die 1: 5", each move a button named with what it does, the boards tables,
and what was said in the one polite log. The page goes through the same
sessions, commands and presenter as the terminal, so its words are theirs.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_support import cli_environment, watched_command
from web_support import (
    after,
    browser,
    drawn,
    enter_on,
    idle,
    keep_every_die,
    log_lines,
    opened,
    play,
    press,
    screen,
    serve,
    until,
)

__all__ = ["browser", "serve"]

#: The longest a program served for a test may run (seconds); it is stopped at the test's end.
LIMIT = 120.0


def check_tree(page: Any) -> None:
    """What a screen reader finds on the game screen: one level-1 heading, the regions, the polite log."""
    tree = page.locator("body").aria_snapshot()
    assert tree.count("[level=1]") == 1
    for region in ("Dice", "Moves", "Board", "Messages"):
        assert f'region "{region}"' in tree
    log = page.get_by_role("log")
    assert log.get_attribute("aria-live") == "polite"
    assert log.get_attribute("id") == "log"


def test_shut_the_box_whole_game_by_keys(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    assert page.get_by_role("heading", level=1).text_content() == "Shut the Box"
    assert "Type roll or r" in log_lines(page)[0]
    press(page, "r")
    check_tree(page)
    assert 'listitem: "Die 1: ' in page.get_by_role("list", name="Dice").aria_snapshot()
    assert page.get_by_role("button", name="Flap 1, open").count() == 1
    assert log_lines(page)[-1].startswith("Anna threw")
    played = 0

    def shut(page: Any) -> None:
        nonlocal played
        said = len(log_lines(page))
        enter_on(page, "#actions button")
        played += 1
        until(page, f"document.querySelectorAll('#log p').length > {said}")

    play(page, shut)
    assert played > 0
    assert page.get_by_role("button", name="Back to the main menu").count() == 1
    shut_flaps = 10 - len(server.table.session.game.open_flaps(0))
    assert shut_flaps > 0
    assert page.get_by_role("button", name=re.compile(r"^Flap \d+, shut$")).count() == shut_flaps


def test_yatzy_whole_game_by_keys(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="yatzy", players=("Anna",), seed=3, lang="en")
    page = opened(browser, server.url)
    press(page, "r")
    check_tree(page)
    press(page, "1")  # holds die 1
    assert page.get_by_role("button", name="Die 1").first.get_attribute("aria-label").endswith(", held")
    assert page.get_by_role("row", name="Chance").count() == 1  # the scorecard is a table with row headers

    def score(page: Any) -> None:
        enter_on(page, '#board button[aria-label*="would score"]')

    play(page, score)
    assert "Total" in page.locator("#board").inner_text()


def test_storeslem_whole_game_by_keys(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="storeslem", players=("Anna",), seed=5, lang="en")
    page = opened(browser, server.url)
    check_tree(page)

    def move(page: Any) -> None:
        board = page.locator('#actions [data-key="random"]')
        enter_on(page, '#actions [data-key="random"]' if board.count() else '#actions [data-key="pass"]')

    play(page, move)
    assert page.get_by_role("table").count() >= 1


def test_quiclo_whole_game_by_keys(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="quiclo", players=("Anna",), seed=5, lang="en")
    page = opened(browser, server.url)

    def declare(page: Any) -> None:
        enter_on(page, '#actions [data-key="none"]')

    play(page, declare)
    check_tree(page)
    assert any("live" in line or "lives" in line for line in log_lines(page))


def test_threes_away_whole_game_by_keys(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="threes-away", players=("Anna",), seed=5, lang="en")
    page = opened(browser, server.url)

    def keep_all(page: Any) -> None:
        keep_every_die(page)
        assert "Die 1" in page.get_by_role("button", name=re.compile(", keep$")).first.get_attribute("aria-label")
        enter_on(page, '#actions [data-key="keep"]')

    play(page, keep_all)
    check_tree(page)


def test_CG_08_e_explains_the_box_the_focus_is_on_as_in_the_window(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="yatzy", players=("Anna",), seed=3, lang="en")
    page = opened(browser, server.url)
    press(page, "r")
    page.locator('#board button[aria-label^="Chance"]').first.focus()
    press(page, "e")
    until(page, "document.getElementById('answer').textContent.includes('Chance: Any five dice.')")
    page.locator("#dice button").first.focus()
    press(page, "e")
    until(page, "document.getElementById('answer').textContent.includes('Terms of Yatzy: ')")


def test_the_same_answer_twice_is_said_differently(browser: Any, serve: Callable[..., Any]) -> None:
    """Orca drops a live text identical to the last: a repeat is numbered, so it is heard again."""
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    press(page, "r")
    idle(page)  # the throw is in the log: the answers below come on their own
    answer = page.locator("#answer")
    page.keyboard.press("n")  # every key answers: no computer player is playing here
    until(page, "document.getElementById('answer').textContent.startsWith('No computer player')")
    page.keyboard.press("d")
    until(page, "document.getElementById('answer').textContent.startsWith('Dice')")
    first = answer.text_content()
    page.keyboard.press("d")
    until(page, f"document.getElementById('answer').textContent !== {first!r}")
    assert answer.text_content() == f"{first} (2)"
    assert answer.get_attribute("aria-live") == "assertive"


def test_an_answer_and_news_at_once_are_one_assertive_message(browser: Any, serve: Callable[..., Any]) -> None:
    """An assertive message would wipe a polite one waiting (Orca): at the same moment, they are joined."""
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    lines = len(log_lines(page))
    page.evaluate("""() => { announce({text: "Anna threw 3 and 4.", interrupt: false, cues: []});
                            announce({text: "Dice: 3 and 4.", interrupt: true, cues: []}); }""")
    until(page, "document.getElementById('answer').textContent !== ''")
    assert page.locator("#answer").text_content() == "Anna threw 3 and 4. Dice: 3 and 4."
    assert len(log_lines(page)) == lines


def test_what_one_key_press_made_is_one_line_and_later_news_another(browser: Any, serve: Callable[..., Any]) -> None:
    """Orca says lines added close together in an order of its own (docs/web-orca.md): what one key press
    made the page hears as one announcement, one line in the log; what comes after is a line of its own."""
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en", dice="manual", given=frozenset({"dice"}))
    page = opened(browser, server.url)
    until(page, "document.querySelectorAll('#log p').length === 1 && waiting.length === 0")  # the opening, one line
    page.evaluate("""() => { window.added = [];
        new MutationObserver((changes) => window.added.push(changes.reduce((n, c) => n + c.addedNodes.length, 0)))
          .observe(document.getElementById("log"), {childList: true}); }""")
    page.locator("#values").focus()
    page.keyboard.type("3 4")
    page.keyboard.press("Enter")
    until(page, "window.added.length === 1")
    assert log_lines(page)[-1] == "Anna threw 3 and 4. Singles: 3 and 4. Sum: 7."
    page.evaluate("""() => { announce({text: "one", interrupt: false, cues: []});
                              announce({text: "two", interrupt: false, cues: []}); }""")
    until(page, "window.added.length === 3")
    assert page.evaluate("window.added") == [1, 1, 1]
    assert log_lines(page)[-2:] == ["one", "two"]  # two moments: two lines, one after the other


def test_the_main_menu_by_its_buttons(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(lang="en")
    page = opened(browser, server.url)
    assert page.get_by_role("heading", level=1).text_content() == "Main menu"
    assert page.get_by_role("button", name="New game").count() == 1
    enter_on(page, '#choices button')  # New game
    enter_on(page, '#choices button')  # the first game: Shut the Box
    for _ in range(8):  # the questions that follow (players, options, dice): Enter takes what is offered
        if screen(page) == "game":
            break
        before = drawn(page)
        page.locator("#command").focus()
        page.keyboard.press("Enter")
        after(page, before)
    assert screen(page) == "game"
    assert page.get_by_role("heading", level=1).text_content() == "Shut the Box"


def test_typed_markup_is_words_not_markup(browser: Any, serve: Callable[..., Any]) -> None:
    """Every text goes in as text: a typed tag comes back in the refusal as letters, never as an element."""
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    before = drawn(page)
    page.locator("#command").fill("<img src=x onerror=alert(1)>")
    page.keyboard.press("Enter")
    after(page, before)
    until(page, "document.getElementById('answer').textContent.includes('<img')")
    assert page.locator("#answer img, #log img").count() == 0
    assert server.table.session.game.history == []


def test_computer_players_play_through_the_page_and_n_plays_them_at_once(browser: Any,
                                                                        serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("cpu", "Anna"), seed=3, lang="en")
    page = opened(browser, server.url)
    until(page, "document.querySelectorAll('#log p').length > 1")
    page.locator("#command").focus()
    page.keyboard.press("Tab")  # out of the field: N is a game key, not a letter typed
    press(page, "n")
    game = server.table.session.game
    until(page, "state.actions.some((cell) => cell.key === 'throw') || document.body.dataset.screen === 'over'")
    assert game.is_over() or game.players[game.current_player()] == "Anna"
    assert any(line.startswith("cpu") for line in log_lines(page))


def test_a_strategy_slow_to_prepare_is_said_on_the_page_then_that_it_is_ready(
        browser: Any, serve: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: a wait longer than a moment is said once, and then "Hints are ready.", by the table's thread."""
    import time

    from accessible_dice import session as sessions

    monkeypatch.setattr(sessions, "prepare_for", lambda game: lambda _game: time.sleep(3 * sessions.PREPARE_NOTICE / 2))
    server = serve(game="shut-the-box", players=("Anna",), seed=3, lang="en")
    page = opened(browser, server.url)
    until(page, "[...document.querySelectorAll('#log p')].some((p) => p.textContent.includes('Hints are ready.'))")
    lines = log_lines(page)
    assert sum("Preparing the hints and the computer players" in line for line in lines) == 1, lines


def test_real_dice_are_typed_into_their_own_labelled_field(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("Anna",), dice="manual", given=frozenset({"dice"}), lang="en")
    page = opened(browser, server.url)
    field = page.get_by_role("textbox", name="Values of the dice thrown")
    assert field.is_visible()
    assert page.evaluate("document.activeElement.id") == "values"  # opened by itself, as in the window
    before = drawn(page)
    page.keyboard.type("9 9")
    page.keyboard.press("Enter")
    after(page, before)
    until(page, "document.getElementById('answer').textContent !== ''")
    assert server.table.session.game.history == []  # refused with a reason; nothing changed
    before = drawn(page)
    field.focus()
    page.keyboard.type("3 4")
    page.keyboard.press("Enter")
    after(page, before)
    assert server.table.session.game.dice_on_table() == (3, 4)
    assert log_lines(page)[-1].startswith("Anna threw 3 and 4")


def test_sound_cues_are_the_program_s_files(browser: Any, serve: Callable[..., Any]) -> None:
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    fetched: list[str] = []
    page.on("requestfinished", lambda request: fetched.append(request.url))
    press(page, "r")
    until(page, "true")
    page.wait_for_timeout(500)
    assert any("/sounds/" in url and url.endswith(".wav") for url in fetched)


def test_a_page_opened_again_shows_what_was_said_and_resume_continues(browser: Any,
                                                                    serve: Callable[..., Any]) -> None:
    """Nothing is lost: a reloaded page lists what was said before (not said again); --resume continues."""
    server = serve(game="shut-the-box", players=("Anna",), seed=7, lang="en")
    page = opened(browser, server.url)
    press(page, "r")
    said = log_lines(page)
    again = opened(browser, server.url)
    until(again, "!document.getElementById('earlier-region').hidden")
    assert again.locator("#earlier li").all_text_contents() == said
    assert again.locator("#earlier-region[aria-live], #earlier[aria-live]").count() == 0
    server.stop()
    resumed = serve(resume=True, lang="en")
    page = opened(browser, resumed.url)
    assert page.get_by_role("heading", level=1).text_content() == "Shut the Box"
    assert resumed.table.session.game.dice_on_table() != ()


def test_the_example_game_served_by_the_command_line_is_played_whole_by_keys(browser: Any, tmp_path: Path) -> None:
    """Pig (tests/pig), registered as a newcomer's game is, served by ``python -m pig --ui web`` as a player
    starts it: R throws again, Enter on the Hold button banks, N plays the computer's turns; the game ends."""
    args = ["--ui", "web", "--lang", "en", "--game", "pig", "--players", "Anna,cpu", "--seed", "4"]
    program = subprocess.Popen(watched_command(args, LIMIT, module="pig"), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=cli_environment(tmp_path, extra={"BROWSER": "true"}))
    try:
        assert program.stdout is not None
        first = program.stdout.readline()
        assert first.startswith("The game is at http://127.0.0.1:"), first
        page = opened(browser, first.split(" at ", 1)[1].strip())
        assert page.get_by_role("heading", level=1).text_content() == "Pig"
        assert log_lines(page)[0].startswith("Pig: Anna and cpu. The first to bank 100 points wins.")
        press(page, "r")
        check_tree(page)
        for _ in range(400):
            if screen(page) == "over":
                break
            hold = page.get_by_role("button", name=re.compile(r"^Hold and bank \d+ points$"))
            if not page.evaluate("state.status").startswith("Anna"):
                press(page, "n")
            elif hold.count() and int(hold.get_attribute("aria-label").split()[3]) >= 20:
                enter_on(page, '#actions [data-key="hold"]')
            else:
                press(page, "r")
        assert screen(page) == "over"
        # What the page has said and what it is still to say, spaced for a screen reader (a whole game's lines
        # take it a minute): every bank and the winner.
        said = page.evaluate("[...document.querySelectorAll('#log p')].map((line) => line.textContent)"
                             ".concat(waiting.map((message) => message.text))")
        assert any(line.startswith("Anna banks ") for line in said) and any("cpu banks " in line for line in said)
        totals = page.evaluate("state.board.map((row) => [row.header, Number(row.cells[0].text)])")
        winner, banked = max(totals, key=lambda total: total[1])
        assert banked >= 100 and page.get_by_role("cell", name=f"{winner}: {banked} points.").count() == 1
        assert f"Game over. {winner} wins with " in " ".join(said)
    finally:
        program.terminate()
        out, err = program.communicate(timeout=LIMIT)
    assert "Traceback" not in out + err
