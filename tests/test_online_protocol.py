"""The online protocol without a server: what is read from a room is checked, and replay never breaks."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from accessible_dice.games.base import NotLegalNow, Roll
from accessible_dice.games.shut_the_box import ShutTheBox
from accessible_dice.online import protocol
from accessible_dice.online.client import power_levels
from accessible_dice.online.protocol import BadEvent, Entry, Seat, TableSpec
from accessible_dice.online.refusals import NotYourTurn
from accessible_dice.online.room import referee_in_charge
from accessible_dice.online.seating import SIT, STAND, GameInProgress, SeatNotOpen, again, reseated
from accessible_dice.online.table import EntryMismatch, Played, Table, TakenBack
from accessible_dice.session import computer_plan

SPEC = TableSpec("shut-the-box", {}, (Seat("Ann", "@ann:hs"), Seat("Ben", "@ben:hs")), "@ann:hs")


def test_a_table_event_round_trips() -> None:
    assert protocol.parse_table(SPEC.to_json()) == SPEC


def test_the_chat_setting_travels_in_the_table_event_and_says_whose_chat_is_said() -> None:
    spectator = "@cid:hs"
    said = {}
    for chat in protocol.CHAT:
        spec = replace(SPEC, chat=chat)
        assert protocol.parse_table(spec.to_json()) == spec
        said[chat] = [spec.may_chat(user) for user in ("@ann:hs", spectator)]
    assert said == {"open": [True, True], "players": [True, False], "off": [False, False]}
    assert "chat" not in SPEC.to_json()  # an older table's event, without the field, is open as before
    with pytest.raises(BadEvent):
        protocol.parse_table({**SPEC.to_json(), "chat": "strangers"})


@pytest.mark.parametrize("content", [
    None, [], "text", {"version": 2, "id": "a", "seat": 0, "ask": {}},
    {"version": True, "id": "a", "seat": 0, "ask": {}},
    {"version": 1, "id": "a b", "seat": 0, "ask": {}}, {"version": 1, "id": "a", "seat": -1, "ask": {}},
    {"version": 1, "id": "a", "seat": True, "ask": {}}, {"version": 1, "id": "a", "seat": 0, "ask": []},
    {"version": 1, "id": "a", "seat": 0, "ask": {"x": 1.5}}, {"version": 1, "id": "a", "seat": 0, "ask": {"x": 10**12}},
    {"version": 1, "id": "a", "seat": 0, "ask": {"x": "y" * 1000}},
    {"version": 1, "id": "a", "seat": 0, "ask": {"x": ["y" * 400] * 50}},
])
def test_requests_out_of_the_protocol_are_refused(content: object) -> None:
    with pytest.raises(BadEvent):
        protocol.parse_request(content)


def test_deep_nesting_is_refused_without_recursion() -> None:
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(BadEvent):
        protocol.parse_request({"version": 1, "id": "a", "seat": 0, "ask": {"x": deep}})


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20) | st.floats(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=30))
def test_any_json_is_taken_or_refused_never_a_crash(content: object) -> None:
    for parse in (protocol.parse_request, protocol.parse_entry, protocol.parse_refusal, protocol.parse_table,
                  protocol.parse_thinking):
        with contextlib.suppress(BadEvent):
            parse(content)
        with contextlib.suppress(BadEvent):
            parse({"version": 1, "id": "a", "seat": 0, "seq": 1, "request": "a", "ask": content,
                   "actions": [content], "data": {"x": content}, "refusal": "x", "seats": [content],
                   "referee": "@a:b", "game": "yatzy", "options": {}})


def test_a_refusal_travels_as_its_class_and_data() -> None:
    error = NotYourTurn(name="Ben")
    sent = protocol.Refusal("r1", protocol.refusal_name(error), protocol.refusal_data(error))
    back = protocol.rebuild_refusal(protocol.parse_refusal(json.loads(json.dumps(sent.to_json()))))
    assert isinstance(back, NotYourTurn) and back.data == {"name": "Ben"} and str(back) == str(error)


def test_a_refusal_carrying_an_option_travels_by_its_key() -> None:
    option = ShutTheBox.options_spec[0]
    error = NotLegalNow(move=option)
    data = protocol.refusal_data(error)
    assert data == {"move": {"option": option.key}}
    back = protocol.rebuild_refusal(protocol.Refusal("r", protocol.refusal_name(error), data), (option,))
    assert back is not None and back.data == {"move": option}


@pytest.mark.parametrize(("name", "data"), [
    ("builtins.ValueError", {}), ("os.system", {"reason": "x"}), ("accessible_dice.online.refusals.NotYourTurn", {}),
    ("accessible_dice.online.refusals.NotYourTurn", {"name": {"option": "none"}}),
])
def test_a_refusal_of_no_known_class_or_with_data_missing_is_none(name: str, data: dict) -> None:
    assert protocol.rebuild_refusal(protocol.Refusal("r", name, data)) is None


def entry(seq: int, *actions: dict, request: str | None = None) -> Entry:
    return Entry(seq, request, actions)


def test_entries_replay_in_sequence_and_a_repeated_one_is_ignored() -> None:
    table = Table(SPEC)
    played = table.receive(entry(1, {"roll": [3, 4]}))
    assert isinstance(played, Played) and played.actions == (Roll((3, 4)),)
    assert table.receive(entry(1, {"roll": [3, 4]})) is None
    assert table.seq == 1 and table.game.history == [Roll((3, 4))]


@pytest.mark.parametrize("bad", [
    entry(3, {"roll": [1, 1]}),                    # a gap
    entry(1, {"roll": [5, 5]}),                    # another entry under a number taken
    entry(2, {"roll": [1, 1]}),                    # the rules refuse it: a move is due
    entry(2, {"move": "shut", "way": "sideways"}),  # no such way
    entry(2, {"move": "nothing"}),                 # no such move
    entry(2, {"roll": "six"}),                     # values of no type
    Entry(2, None, undo=5),                         # more taken back than played
])
def test_an_entry_that_does_not_fit_changes_nothing(bad: Entry) -> None:
    table = Table(SPEC)
    table.receive(entry(1, {"roll": [3, 4]}))
    before = table.game.snapshot()
    with pytest.raises(EntryMismatch):
        table.receive(bad)
    assert table.game.snapshot() == before and table.seq == 1


def test_replay_leaves_bad_entries_out_and_plays_on() -> None:
    table = Table(SPEC)
    first_bad = table.replay([entry(1, {"roll": [3, 4]}), entry(9, {"roll": [1, 1]}),
                              entry(2, {"move": "shut", "way": "sum"})])
    assert first_bad == 9 and table.seq == 2 and len(table.game.history) == 2


def test_an_undo_entry_takes_back_and_the_game_object_stays_the_same() -> None:
    table = Table(SPEC)
    game = table.game
    table.receive(entry(1, {"roll": [3, 4]}))
    table.receive(entry(2, {"move": "shut", "way": "sum"}))
    taken = table.receive(Entry(3, None, undo=1))
    assert isinstance(taken, TakenBack) and len(taken.actions) == 1
    assert table.game is game and game.history == [Roll((3, 4))]


def test_only_the_referee_holds_the_power_to_send_the_referees_events() -> None:
    assert referee_in_charge(power_levels("@ann:hs"), "@ann:hs")
    assert not referee_in_charge(power_levels("@ann:hs"), "@ben:hs")
    shared = power_levels("@ann:hs")
    shared["users"]["@ben:hs"] = 100
    assert not referee_in_charge(shared, "@ann:hs")
    assert not referee_in_charge({"users": "nonsense"}, "@ann:hs")


def test_what_a_program_had_heard_is_found_from_its_copy_of_the_history() -> None:
    table = Table(SPEC)
    table.replay([entry(1, {"roll": [3, 4]}), entry(2, {"move": "shut", "way": "sum"}), entry(3, {"roll": [1, 2]})])
    history = table.game.history
    assert table.heard_up_to(history[:2]) == 2 and table.heard_up_to(history) == 3 and table.heard_up_to([]) == 0
    assert table.heard_up_to([Roll((6, 6))]) == 0
    assert [type(event).__name__ for event in table.since(2)] == ["DiceThrown"]


# ---------------------------------------------------------------- a table that plays again


def test_a_later_game_s_table_event_and_entries_round_trip_with_their_number() -> None:
    later = replace(SPEC, number=3, request="asked-1")
    assert protocol.parse_table(later.to_json()) == later and protocol.parse_table(later.to_json()).request == "asked-1"
    assert "number" not in SPEC.to_json() and "number" not in Entry(1, None, ({"roll": [3, 4]},)).to_json()
    numbered = Entry(1, None, ({"roll": [3, 4]},), number=2)
    assert protocol.parse_entry(numbered.to_json()) == numbered


@pytest.mark.parametrize("number", [0, -1, True, "2", None])
def test_a_game_number_that_is_no_count_is_refused(number: object) -> None:
    with pytest.raises(BadEvent):
        protocol.parse_table({**SPEC.to_json(), "number": number})
    with pytest.raises(BadEvent):
        protocol.parse_entry({**Entry(1, None, ({"roll": [3, 4]},)).to_json(), "number": number})


def test_each_game_replays_its_own_entries_only() -> None:
    table = Table(replace(SPEC, number=2))
    assert table.receive(entry(1, {"roll": [5, 5]})) is None  # game 1's: played already
    assert table.replay([entry(1, {"roll": [5, 5]}), Entry(1, None, ({"roll": [3, 4]},), number=2)]) is None
    assert table.seq == 1 and table.game.history == [Roll((3, 4))]
    with pytest.raises(EntryMismatch):  # a later game's entry does not follow
        table.receive(Entry(2, None, ({"move": "shut", "way": "sum"},), number=3))


def finished() -> Table:
    """SPEC's game played to its end by the computer's choices (Ann and Ben one turn each)."""
    table = Table(SPEC)
    rng = random.Random(1)
    while not table.game.is_over():
        if table.game.dice_request() is not None:
            table.game.apply(Roll(tuple(rng.randint(1, 6) for _ in range(table.game.dice_request().count))))
        else:
            table.game.apply(computer_plan(table.game, rng)[0][0])
    return table


def test_seats_change_between_games_only_and_a_change_after_the_end_begins_the_next_game() -> None:
    playing = Table(SPEC)
    playing.receive(entry(1, {"roll": [3, 4]}))
    for ask in (STAND, again(1)):
        with pytest.raises(GameInProgress):
            reseated(SPEC, playing.game, 1, "@ben:hs", 1, ask)
    fresh = Table(SPEC).game  # nothing played yet: a seat given up stays in this game
    assert reseated(SPEC, fresh, 0, "@ben:hs", 1, STAND).seats[1].open
    over = finished().game
    stood = reseated(SPEC, over, 5, "@ben:hs", 1, STAND)
    assert stood.number == 2 and stood.open_seats() == (1,)
    taken = reseated(stood, Table(stood).game, 0, "@cid:hs", 1, SIT)
    assert taken.number == 2 and taken.players == ("Ann", "Cid")
    assert reseated(SPEC, over, 5, "@ann:hs", 0, again(1)) == replace(SPEC, number=2)
    assert reseated(replace(SPEC, number=2), Table(SPEC).game, 0, "@ben:hs", 1, again(1)).number == 2  # asked twice
    with pytest.raises(SeatNotOpen):
        reseated(SPEC, over, 5, "@cid:hs", 1, SIT)


# ---------------------------------------------------------------- chat names, table words, sign-in bounds


def test_a_chat_name_is_a_seat_or_a_plain_unique_display_name_else_the_matrix_id() -> None:
    from accessible_dice.online.chat import trusted_name

    spec = TableSpec("yatzy", {}, (Seat("Anna", "@anna:hs"), Seat("Ben", "@ben:hs"), Seat("cpu")), "@anna:hs")
    members = {"@anna:hs": "Threw 6, 6", "@ben:hs": "Ben", "@mal:hs": "Anna threw 6, 6, 6. Your turn. Anna",
               "@olga:hs": "Olga", "@eve:hs": "Anna", "@cpu:hs": "CPU", "@zoe:hs": "Zoë Ann-Marie",
               "@x:hs": "@x:hs", "@ola:hs": "O'la 3"}
    said = {user: trusted_name(user, spec, members) for user in members}
    assert said["@anna:hs"] == ("Anna", True)  # a seat's name, whatever the display name
    assert said["@olga:hs"] == ("Olga", False)
    assert said["@zoe:hs"] == ("Zoë Ann-Marie", False)
    for user in ("@mal:hs", "@eve:hs", "@cpu:hs", "@x:hs", "@ola:hs"):  # game text, a seat's name, digits
        assert said[user] == (user, False)
    # Another member's Matrix name counts too: "Olga" chosen by a second member is no longer Olga's alone.
    assert trusted_name("@olga:hs", spec, {**members, "@olga2:hs": "olga"}) == ("@olga:hs", False)


def test_english_table_words_never_shadow_the_players_own_command_words() -> None:
    from accessible_dice.play.online import table_word
    from accessible_dice.presentation.i18n import language

    german, english = language("de"), language("en")
    assert table_word("stand", german) is None  # German's word for the standings
    assert table_word("aufstehen", german) == "stand"
    assert table_word("stand", english) == "stand"
    assert table_word("mute", german) == "mute" and table_word("stumm", german) == "mute"


def test_the_help_lists_the_online_and_referee_commands() -> None:
    from accessible_dice.cli import _parser

    shown = " ".join(_parser().format_help().split())
    assert "accessible-dice online" in shown and "accessible-dice referee" in shown


def test_a_sign_in_to_an_address_that_never_answers_is_said_within_its_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A port that accepts the connection and never answers a byte (the trial's https to a plain port)."""
    import asyncio
    import socket

    from accessible_dice.online import account

    monkeypatch.setattr(account, "SIGN_IN_SECONDS", 1.0)
    monkeypatch.setattr(account, "DISCOVERY_SECONDS", 0.3)
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen(16)
        port = listening.getsockname()[1]
        for typed in (f"127.0.0.1:{port}", f"http://127.0.0.1:{port}"):
            with pytest.raises(account.NoAnswer) as said:
                asyncio.run(account.sign_in(typed, "olga", password="secret"))
            assert said.value.render() == f"No homeserver answers at {typed}. Check the address and the network " \
                                          "connection."


def test_a_computers_long_step_travels_as_its_seat_and_the_entry_it_will_be() -> None:
    told = protocol.Thinking(2, 7, number=3)
    assert protocol.parse_thinking(json.loads(json.dumps(told.to_json()))) == told
    for broken in ({"version": 1, "seat": -1, "seq": 1}, {"version": 1, "seat": 0, "seq": 0},
                   {"version": 2, "seat": 0, "seq": 1}, {"version": 1, "seat": "0", "seq": 1}):
        with pytest.raises(BadEvent):
            protocol.parse_thinking(broken)
