"""The static page (``accessible-dice build-page``): built, served by a plain static server, played in Chromium.

The site is built once for the test session (the fixture ``site``,
tests/page_support.py) and served by Python's own ``http.server`` on
127.0.0.1, which knows nothing of the game: everything the page does, our
Python does in the browser's Web Worker.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from page_support import LOAD, StaticFiles, built_site, loaded
from web_support import browser, drawn, enter_on, log_lines, press, screen, until

__all__ = ["browser"]


def test_the_page_s_python_imports_no_pygame_aiohttp_nio_or_numpy() -> None:
    """The worker runs accessible_dice.page: the web table and screen, every game's board (a Storeslem or QUICLO
    board once reached the window's pygame picker for its typed-move grammar), and nothing the browser cannot load."""
    code = ("import json, sys; import accessible_dice.page; from accessible_dice.games import GAMES, part_module; "
            "[part_module(game, 'board') for game in GAMES]; print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout))
    assert {"accessible_dice.ui.web.table", "accessible_dice.ui.web.screen", "accessible_dice.boards.base",
            "accessible_dice.boards.storeslem", "accessible_dice.boards.quiclo", "babel", "platformdirs"} <= loaded
    assert not {name.split(".")[0] for name in loaded} & {"pygame", "aiohttp", "nio", "numpy"}
    assert not {name for name in loaded if name.startswith("accessible_dice.ui.window")}  # nor the window


def test_the_address_s_options_are_the_command_line_s() -> None:
    """Checked by the command line's own parser, in a process of its own (as the page's worker imports it)."""
    code = ("import json; from accessible_dice.page import options; print(json.dumps([(l.game, l.players, l.dice, "
            "l.lang, l.seed, l.resume, why) for l, why in map(options, ["
            "'?game=shut-the-box&players=Anna,Ben&dice=manual&lang=de&seed=3', '?resume&lang=sv', "
            "'?game=shut-the-box&seed=x', '?colour=red'])]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    asked, resumed, bad_seed, unknown = json.loads(done.stdout)
    assert asked == ["shut-the-box", ["Anna", "Ben"], "manual", "de", 3, False, None]
    assert resumed == [None, [], "random", "sv", None, True, None]
    assert bad_seed[:6] == [None, [], "random", None, None, False]  # refused: the menu, and why
    assert bad_seed[6] == "argument --seed: 'x' is not a whole number"
    assert unknown[6] == "unrecognized arguments: --colour red"


def test_build_page_into_a_file_is_refused_in_words(tmp_path: Path) -> None:
    taken = tmp_path / "site"
    taken.write_text("a file")
    done = subprocess.run([sys.executable, "-m", "accessible_dice", "build-page", str(taken)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "is a file, not a folder" in done.stderr
    assert "Traceback" not in done.stderr and taken.read_text() == "a file"


def _opened(browser: Any, address: str) -> tuple[Any, Any, list[str]]:
    """A fresh browser context (nothing kept) with a page at ``address``, loaded; every request it makes."""
    context = browser.new_context()
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(address)
    loaded(page)
    return context, page, requests


def _shut(page: Any) -> int:
    return int(page.get_by_role("button", name=re.compile(r"^Flap \d+, shut$")).count())


def test_shut_the_box_plays_in_the_static_page_and_a_reload_keeps_the_game(browser: Any, site: str) -> None:
    context = browser.new_context()
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    page.goto(f"{site}/index.html?game=shut-the-box&players=Anna&seed=7&lang=en")
    until(page, "document.querySelectorAll('#language option').length === 7")  # the lists, filled while loading
    page.evaluate("for (const list of ['theme', 'language']) document.getElementById(list).options[0].dataset.kept = 1")
    loaded(page)
    # ... and kept by the game's first draw: an option chosen anew there is, for Orca, the focus moved to the list.
    assert page.evaluate("document.querySelectorAll('option[data-kept]').length") == 2
    assert page.get_by_role("heading", level=1).text_content() == "Shut the Box"
    lines = log_lines(page)
    assert lines[0].startswith("Loading the game")  # said while the runtime loads: no silent wait
    assert "Type roll or r" in lines[-1]

    before = drawn(page)
    page.locator("#command").fill("roll")  # the Command field: the terminal's own commands
    page.locator("#command").press("Enter")
    until(page, f"Number(document.body.dataset.drawn || 0) > {before}")
    assert log_lines(page)[-1].startswith("Anna threw")
    assert page.get_by_role("list", name="Dice").get_by_role("listitem").count() == 2
    audit = Axe().run(page)  # the same page as --ui web's: no WCAG violation here either
    assert audit.violations_count == 0, audit.generate_report()

    said = len(log_lines(page))
    enter_on(page, "#actions button")  # a button: the first way to use the throw
    until(page, f"document.querySelectorAll('#log p').length > {said}")
    shut = _shut(page)
    assert shut > 0

    page.locator("#command").fill("shut 9")  # not now (a throw is due): its reason, and nothing changes
    page.locator("#command").press("Enter")
    until(page, "document.getElementById('answer').textContent === 'Throw the dice first.'")  # at once
    assert _shut(page) == shut

    until(page, "navigator.serviceWorker.controller !== null", timeout=LOAD)  # every file kept by sw.js
    context.set_offline(True)
    served = len(StaticFiles.served)
    page.reload()  # offline: the site from the service worker's cache; the game from the browser's storage
    loaded(page)
    assert screen(page) == "game"
    assert _shut(page) == shut
    assert "Anna" in " ".join(log_lines(page))
    # Nothing came from the server but the browser's own look for a new sw.js (which Playwright's offline
    # emulation lets through): every file of the site came from the service worker's cache.
    assert [path for path in StaticFiles.served[served:] if path != "/sw.js"] == []

    context.set_offline(False)
    asked = context.new_page()  # an option the command line refuses: the page says why, and opens the menu
    asked.goto(f"{site}/index.html?game=chess&lang=de")  # in the language the address asks for
    loaded(asked)
    until(asked, "document.querySelectorAll('#choices button').length > 0")
    assert screen(asked) == "menu"
    assert asked.get_by_role("heading", level=1).text_content() == "Hauptmenü"
    assert any(line.startswith("Die Adresse der Seite verlangt etwas, das sich nicht spielen lässt: argument "
                               "--game: invalid choice: 'chess'") for line in log_lines(asked))

    outside = [url for url in requests if not url.startswith(f"{site}/") and not url.startswith("data:")]
    assert outside == []
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests)  # the worker's requests seen too
    assert any(url.endswith("/python/site.zip") for url in requests)
    context.close()



def _yatzy_hint(page: Any) -> str:
    """A Yatzy turn's first throw from the Command field, then ``hint``: the answer."""
    loaded(page)
    before = drawn(page)
    page.locator("#command").fill("roll")
    page.locator("#command").press("Enter")
    until(page, f"Number(document.body.dataset.drawn || 0) > {before}")
    return _hint(page)


def _hint(page: Any) -> str:
    page.evaluate("document.getElementById('answer').textContent = ''")
    page.locator("#command").fill("hint")
    page.locator("#command").press("Enter")
    until(page, "document.getElementById('answer').textContent.includes('Hint: ')", timeout=LOAD)
    return str(page.locator("#answer").text_content())


def test_a_yatzy_hint_in_the_static_page_comes_from_the_table_fetched_on_first_use(browser: Any, site: str) -> None:
    """No numpy in the page: the hint is the strategy's (a choice and its expected final total),
    from the table of the order in play, fetched when the hint is first asked, and only that one; the
    service worker keeps it, so the hint works offline after a reload."""
    context, page, requests = _opened(browser, f"{site}/index.html?game=yatzy&players=Anna&seed=3&lang=en")
    assert not [url for url in requests if "/strategy/" in url]  # nothing fetched before a hint is needed
    hint = _yatzy_hint(page)
    # For example "Hint: k 2 3 (the 5 and the 5), 247.6 expected final total." (a keep, or a box to score).
    assert re.search(r"Hint: (k [1-5 ]+ \(.+\)|.+), \d+\.\d expected final total\.$", hint), hint
    # Only the free order's (seen twice where the service worker passes the worker's request on).
    assert {url for url in requests if "/strategy/" in url} == {f"{site}/strategy/yatzy-free.table.gz"}

    until(page, "navigator.serviceWorker.controller !== null", timeout=LOAD)
    kept = ("caches.keys().then(async (names) => { for (const name of names) { if (await (await caches.open(name))"
            ".match('strategy/yatzy-free.table.gz')) return true; } return false; })")
    assert page.evaluate(kept)  # the service worker kept the table it passed on
    context.set_offline(True)
    page.reload()  # offline, the same turn: the hint again, from the kept table
    loaded(page)
    assert re.search(r"Hint: .+, \d+\.\d expected final total\.$", _hint(page))
    context.close()


#: A browser without WebAssembly's JavaScript Promise Integration (Safari, Firefox): Chromium 156 cannot be
#: started without it (the flags tried are in docs/web.md), so it is taken away before any script of the
#: page (an init script) or of the worker (served before pyodide.mjs, the worker's first module) runs.
NO_JSPI = "delete WebAssembly.Suspending; delete WebAssembly.promising;\n"


def test_without_jspi_the_page_plays_and_hints_with_the_worker_waiting_by_atomics(browser: Any, site: str) -> None:
    """The first visit loads the page again once, when the service worker that makes it cross-origin isolated
    controls it; then our Python waits for the page's messages with Atomics.wait on the shared buffer, a Shut
    the Box turn plays, Yatzy's table (8 MB unpacked: chunks) comes through the page, and a reload keeps
    the game (the page kept the worker's files in IndexedDB)."""
    StaticFiles.prefixed["/pyodide/pyodide.mjs"] = NO_JSPI.encode()
    try:
        context = browser.new_context()
        context.add_init_script(NO_JSPI)
        page = context.new_page()
        page.goto(f"{site}/index.html?game=shut-the-box&players=Anna&seed=7&lang=en")
        # Loaded again once (a navigation the wait goes on through), cross-origin isolated then.
        page.wait_for_function("() => crossOriginIsolated && Number(document.body.dataset.drawn || 0) > 0",
                               timeout=LOAD * 1000)
        # (The worker itself cannot be asked: its thread is held in Atomics.wait, as it should be.)
        assert page.evaluate("[crossOriginIsolated, 'Suspending' in WebAssembly, shared instanceof Int32Array]") == [
            True, False, True]
        before = drawn(page)
        _type(page, "roll")
        until(page, f"Number(document.body.dataset.drawn || 0) > {before}")
        assert log_lines(page)[-1].startswith("Anna threw")
        enter_on(page, "#actions button")
        until(page, "document.querySelectorAll('button.cell.marked').length > 0 || "
                    "document.querySelectorAll('#log p').length > 3")
        shut = _shut(page)
        assert shut > 0
        page.reload()  # the game from the browser's storage, which the page wrote for the worker
        loaded(page)
        assert screen(page) == "game" and _shut(page) == shut

        yatzy = context.new_page()
        yatzy.goto(f"{site}/index.html?game=yatzy&players=Anna&seed=3&lang=en")
        assert re.search(r"Hint: .+, \d+\.\d expected final total\.$", _yatzy_hint(yatzy))
        context.close()
    finally:
        StaticFiles.prefixed.clear()


def test_a_yatzy_table_the_page_cannot_fetch_is_said_in_words_and_the_hint_is_a_plain_move(
        browser: Any, site: str) -> None:
    context = browser.new_context(service_workers="block")  # every request to the network, where it fails
    context.route("**/strategy/*", lambda route: route.fulfill(status=404))
    page = context.new_page()
    page.goto(f"{site}/index.html?game=yatzy&players=Anna&seed=3&lang=en")
    notice, hint = _yatzy_hint(page).split("Hint: ")
    assert notice.endswith("Yatzy's hints cannot be worked out in this page: their table could not be fetched or "
                           "is damaged. Hints and computer players make a plain move instead. "), notice
    assert "expected" not in hint and hint.endswith("."), hint  # the plain move: no value
    assert "Yatzy's hints" not in _hint(page)  # said once: the next hint is the plain move alone
    context.close()


PREPARING = ("Preparing the hints and the computer players; this can take a while. You will hear when they are "
             "ready.")


def _type(page: Any, line: str) -> None:
    """``line`` typed into the Command field and sent, as a player does."""
    page.locator("#command").fill(line)
    page.locator("#command").press("Enter")


def _said(page: Any) -> str:
    """Everything the page has said so far: the Messages log and the last answer."""
    return " ".join(page.locator("#log p").all_text_contents()) + " " + str(page.locator("#answer").text_content())


def test_a_slow_yatzy_table_is_said_while_it_comes_and_the_computer_then_plays_its_turn(
        browser: Any, site: str) -> None:
    """Never a silent wait: the first hint's table takes 4 s to arrive (the static server holds it back);
    after 2 s the page says the desktop's words that the hints are being prepared, before the hint, and
    "Hints are ready." with it. Then the computer player's whole turn is played and said by the page, as the
    desktop plays it with the same seed (the numpy strategy: the same keeps and box)."""
    StaticFiles.slow["/strategy/yatzy-free.table.gz"] = 4.0
    try:
        context = browser.new_context(service_workers="block")  # the worker's own request, straight to the server
        page = context.new_page()
        page.goto(f"{site}/index.html?game=yatzy&players=Ann,cpu&seed=3&lang=en")
        loaded(page)
        before = drawn(page)
        _type(page, "roll")
        until(page, f"Number(document.body.dataset.drawn || 0) > {before}")
        _type(page, "hint")
        until(page, f"document.getElementById('log').textContent.includes({json.dumps(PREPARING)})", timeout=LOAD)
        assert "Hint: " not in _said(page)  # said while the table is still on its way
        until(page, "document.getElementById('answer').textContent.includes('Hint: ')", timeout=LOAD)
        assert page.locator("#answer").text_content() == (
            "Hints are ready. Hint: k 2 3 (the 5 and the 5), 247.6 expected final total.")
        assert _said(page).count(PREPARING) == 1
    finally:
        StaticFiles.slow.clear()
    _type(page, "score chance")
    until(page, "document.getElementById('log').textContent.includes('Round 1 of 15 over')", timeout=LOAD)
    said = _said(page)
    for line in ("cpu threw 5, 4, 6, 5, and 1.", "Held: the 5 and the 5 (dice 1 and 4).",
                 "cpu threw 3 and 5. Now 5, 5, 3, 5, and 5.", "Fives: 20 points. Total 20 points."):
        assert line in said, said
    context.close()


def test_a_storeslem_computer_and_hint_in_the_static_page_are_the_strategy_s(browser: Any, site: str) -> None:
    """Storeslem without numpy (strategy/storeslem_plain.py): the computer sets the suggested board, the hint
    names the strike the numpy strategy names for the throw (worked out here, with numpy) and its value, and
    the computer, on the same board with the same dice, strikes just that."""
    from accessible_dice.games import storeslem as ss
    from accessible_dice.games.base import Roll
    from accessible_dice.strategy import storeslem as with_numpy

    context, page, _ = _opened(browser, f"{site}/index.html?game=storeslem&players=Ann,cpu&seed=3&lang=en")
    board = " ".join(map(str, with_numpy.SUGGESTED_BOARD))
    _type(page, f"board {board}")
    until(page, "document.getElementById('log').textContent.includes(\"cpu's board is set.\")", timeout=LOAD)
    assert "cpu's board is set. Row 1: 24, 4, 2. Row 2: 20, 1, 5. Row 3: 3, 23, 6." in _said(page)
    _type(page, "roll")
    until(page, "document.getElementById('log').textContent.includes('Ann threw')")
    thrown = re.search(r"Ann threw (\d), (\d), and (\d)\.", _said(page))
    assert thrown is not None
    game = ss.Storeslem(["Ann", "cpu"])
    game.apply(ss.SetBoard(with_numpy.SUGGESTED_BOARD))
    game.apply(ss.SetBoard(with_numpy.SUGGESTED_BOARD))
    game.apply(Roll(tuple(int(d) for d in thrown.groups())))
    best = with_numpy.best_move(game).best
    assert isinstance(best.move, ss.Strike)

    hint = re.fullmatch(r"Hint: Strike ([\d, and]+), (\d+\.\d) expected points\.", _hint(page))
    assert hint is not None
    assert sorted(map(int, re.findall(r"\d+", hint.group(1)))) == sorted(best.move.numbers)
    assert hint.group(2) == f"{best.value:.1f}"
    _type(page, "pass")
    until(page, "document.getElementById('log').textContent.includes('cpu struck')", timeout=LOAD)
    struck = re.search(r"cpu struck (.+?)(?: \(|\.)", _said(page))
    assert struck is not None and sorted(map(int, re.findall(r"\d+", struck.group(1)))) == sorted(best.move.numbers)
    context.close()


def test_the_example_game_is_in_the_page_built_by_the_program_that_registers_it(browser: Any,
                                                                               tmp_path: Path) -> None:
    """``python -m pig build-page DIR``: the site holds Pig's package and registers it as the building
    program did; the page plays it by keys (R throws, Enter on Hold banks)."""
    with built_site(tmp_path / "site", module="pig") as address:
        asked = f"{address}/index.html?game=pig&players=Anna,cpu&seed=4&lang=en"
        context, page, _requests = _opened(browser, asked)
        assert page.get_by_role("heading", level=1).text_content() == "Pig"
        assert "Pig: Anna and cpu. The first to bank 100 points wins." in " ".join(log_lines(page))
        while not page.get_by_role("button", name=re.compile(r"^Hold and bank \d+ points$")).count():
            press(page, "r")
        enter_on(page, '#actions [data-key="hold"]')
        until(page, "[...document.querySelectorAll('#log p')].some((line) => line.textContent.startsWith("
                    "'Anna banks '))")
        context.close()
