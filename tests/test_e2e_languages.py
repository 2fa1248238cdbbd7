"""The native speakers' repros (shared/reports/languages.md), typed through the real command line.

Each runs ``python -m accessible_dice --ui console --speech text --lang L`` with
the exact input of the report and checks what the player now hears.
"""

from __future__ import annotations

from pathlib import Path

from e2e_support import run_cli

MANUAL = ["--ui", "console", "--speech", "text", "--dice", "manual"]


def test_german_names_the_winner_without_a_case_error(tmp_path: Path) -> None:
    said = run_cli([*MANUAL, "--lang", "de", "--game", "threes-away", "--players", "Anna,Ben", "--option", "rounds=1",
                    "--option", "start=order"],
                   ["6 6 6 6 6", "behalten 1 2 3 4 5", "1 1 1 1 1", "behalten 1 2 3 4 5"], tmp_path).lines
    assert any("Spiel vorbei. Ben gewinnt: 5 Punkte." in line for line in said), said
    assert not any("gewinnt mit" in line for line in said)


def test_the_czech_word_for_help_gives_help_and_costs_no_life(tmp_path: Path) -> None:
    said = run_cli([*MANUAL, "--lang", "cs", "--game", "quiclo", "--players", "Anna,Ben"],
                   ["1 2 3 4 5 5", "nápověda"], tmp_path).lines
    text = "\n".join(said)
    assert "ztrácí život" not in text and "Řešení:" not in text
    assert said[-2].startswith("Teď: ") and "řešení" in said[-2], said  # the help, naming the helper by its word
    said = run_cli([*MANUAL, "--lang", "cs", "--game", "quiclo", "--players", "Anna,Ben"],
                   ["1 2 3 4 5 5", "řešení"], tmp_path).lines
    assert any(line.startswith("Řešení: ") and "ztrácí život" in line for line in said), said


def test_danish_says_three_tied_players_got_the_same(tmp_path: Path) -> None:
    said = run_cli([*MANUAL, "--lang", "da", "--game", "shut-the-box", "--players", "Anna,Ben,Cid",
                    "--option", "start=roll"], ["6", "6", "6"], tmp_path).lines
    assert any("Anna, Ben og Cid fik det samme, 6; de kaster igen." in line for line in said), said
    assert not any("begge" in line for line in said)


def test_czech_throws_with_the_imperative_and_types_without_accents(tmp_path: Path) -> None:
    said = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs", "--game", "shut-the-box",
                    "--players", "Anna,Ben", "--seed", "1"], ["hoď"], tmp_path).lines
    assert any(line.startswith("Anna hází ") for line in said), said
    said = run_cli([*MANUAL, "--lang", "cs", "--game", "shut-the-box", "--players", "Anna,Ben"],
                   ["3 4", "jednotlive"], tmp_path).lines
    assert not any("není příkaz" in line for line in said), said
    assert any(line.startswith("Klapky 3 a 4 zaklapnuty.") for line in said), said


def test_the_czech_game_menu_names_shut_the_box_beside_the_yatzy_box(tmp_path: Path) -> None:
    said = run_cli(["--ui", "console", "--speech", "text", "--lang", "cs"], ["1", "quit"], tmp_path).lines
    assert any("Šance (Shut the Box)" in line and "Yatzy" in line for line in said), said
