"""Golden transcripts in the other six languages: one game each, all five games among them.

``tests/golden/<lang>-<game>.in`` holds the lines Anna types, with English
command words: each line's command word (and a Yatzy box) is put in the
language's own words before it is typed (e2e_support.typed_in), so the
file stays right whatever word a translator picks, and the game is played
with the localized words. ``tests/golden/<lang>-<game>.txt`` is everything
said, reviewed by someone who speaks the language. The game is the same
as the English golden game of tests/test_golden.py, so both transcripts
must say the same numbers line by line (e2e_support.said_alike).

Regenerate after the catalogs change, and review the diff:

    ACCESSIBLE_DICE_REGENERATE_GOLDEN=1 python -m pytest tests/test_golden*.py
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_support import said_alike, typed_in
from test_golden import GOLDEN, heard, matches_golden

from accessible_dice.presentation.i18n import language

#: Each language's golden game: every game in some language (English has all five in test_golden.py).
GAMES = {"cs": "shut-the-box", "de": "quiclo", "nb": "storeslem", "sv": "threes-away", "da": "yatzy",
         "fi": "shut-the-box"}


@pytest.mark.parametrize(("lang", "game"), sorted(GAMES.items()))
def test_the_golden_transcript_in_each_language_is_what_the_player_hears(lang: str, game: str,
                                                                        tmp_path: Path) -> None:
    words = language(lang)
    assert words.code == lang, f"no compiled catalog for {lang} (python tools/catalogs.py compile)"
    typed = (GOLDEN / f"{lang}-{game}.in").read_text(encoding="utf-8").splitlines()
    lines = heard(game, [typed_in(words, game, line) for line in typed], tmp_path / lang, lang)
    english = heard(game, typed, tmp_path / "en")
    # The end, then what can be done after it, then the goodbye as input ends.
    assert "Game over" in english[-3], "the golden game must be played to its end"
    assert said_alike(english, lines) == []
    matches_golden(f"{lang}-{game}", lines)


def test_every_registered_game_has_a_golden_transcript_in_some_other_language() -> None:
    """A game added to the registry fails here until some language plays its golden game (issue 28)."""
    from accessible_dice.games import GAMES as REGISTERED

    assert set(GAMES.values()) == set(REGISTERED)
