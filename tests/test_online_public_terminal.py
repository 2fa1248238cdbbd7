"""A public table in the terminal, end to end: the real command line under pexpect, against a real Synapse.

Anna (English) opens a public Shut the Box table with a free seat and a
computer; Ben (German) finds it under *Join a table* in his own words and
takes the seat; Cid (Czech) joins the room and watches, without a hint
and, the table's chat being the players' (the default at a public table),
without chat;
all three hear Anna's throw in their own language, and the computer's
turn follows at its pace.
"""

from __future__ import annotations

import signal
from pathlib import Path

from babel import Locale
from synapse_server import Synapse, synapse_server  # noqa: F401 - the fixture
from test_online_terminal import Program, kept_sign_in, threw

from accessible_dice.online.refusals import ChatForPlayers
from accessible_dice.presentation import TITLES


def test_a_public_table_found_in_another_language_with_a_computer_and_a_spectator(
        synapse_server: Synapse, tmp_path: Path) -> None:  # noqa: F811
    for name in ("anna", "ben", "cid"):
        kept_sign_in(tmp_path / name, synapse_server, name)
    anna = Program.start(tmp_path / "anna", ["online"], "en")
    ben = Program.start(tmp_path / "ben", ["online"], "de")
    cid = Program.start(tmp_path / "cid", ["online"], "cs")
    try:
        anna.expect("Online")
        # Shut the Box; options, dice, chat (players only), level, referee: Enter
        for line in ("1", "1", "open, cpu", "", "", "", "", ""):
            anna.type(line)
        anna.expect("The table is public: anyone on the homeserver finds it in the room directory")
        anna.child.expect(r"![A-Za-z0-9_-]+:dice\.test")
        room = anna.child.after
        anna.expect("You play Anna.")
        anna.type("r")
        anna.expect("The game starts when every seat is taken; 1 still open.")

        ben.expect("Online")
        ben.type("2")
        label = ben.lang.ngettext("{game}, {free} of {seats} seat free, in {language}, by {name}",
                                  "{game}, {free} of {seats} seats free, in {language}, by {name}", 3)
        ben.expect(label.format(game=ben._(TITLES["shut-the-box"]), free="1", seats="3",
                                language=Locale.parse("en").get_display_name("de"), name="Anna"))
        ben.type("1")
        ben.expect(ben._("You play {name}.").format(name="Ben"))
        ben.settle()

        cid.expect("Online")
        cid.type("2")            # no invitation and no free seat: the room is typed
        cid.type(room)
        cid.expect(cid._("You are watching."))
        cid.type("hint")
        cid.expect(cid._("At an online table the hint is for your own turn only."))
        cid.type("say ahoj")  # a public table's chat is the players' by default: said so, nothing sent
        cid.expect(cid._(ChatForPlayers.template))
        cid.type("table")
        cid.expect(cid._("Only the players' chat is said here."))
        cid.settle()

        anna.settle()
        anna.type("r")
        for program in (anna, ben, cid):
            program.child.expect(threw(program, "Anna"))
        assert threw(cid, "Anna").search(cid.said) and threw(ben, "Anna").search(ben.said)
        for program in (anna, ben, cid):
            program.type("q")
            program.settle()
            program.type("q")
            assert program.ended() == 0
    finally:
        for program in (anna, ben, cid):
            if program.child.isalive():
                program.child.kill(signal.SIGKILL)
