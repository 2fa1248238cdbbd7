"""Words as players type them: without accents, in the form the game itself speaks, inflected.

A command word is one msgid with one translation (``hod``), but players type
what they hear and what their keyboard gives them. Many blind players type on
an English layout, so ``jednotlive`` must mean ``jednotlivě`` and
``loesungshilfe`` ``lösungshilfe``; the game says "Hoď 5 kostek", so ``hoď``
must throw as ``hod`` does; and Czech names a box in the accusative after the
verb ("zapsat malou postupku"). This module gives every spelling a word is
typed in; ``play/commands.spellings`` and the Yatzy box reader ask it.

What a language accepts beyond its catalog word lives in :data:`ALSO`, keyed by
the English command word or box label. It holds input only (nothing here is
ever said), which is why it is data beside the catalogs and not in them:
tests/test_catalogs.py proves that no extra word of a language, with or
without its accents, is another command of the same game in that language,
so no spelling can do what the player did not mean. The Czech word for Help, "nápověda", is listed as ``help``: it was
the QUICLO helper's word once, and the helper costs a life (docs/spec/words.md).
"""

from __future__ import annotations

import unicodedata

from accessible_dice.presentation.i18n import Language

#: Letters that have no decomposition in Unicode, written as an English keyboard writes them.
_BASE = str.maketrans({"ø": "o", "æ": "ae", "ß": "ss", "đ": "d", "ł": "l", "œ": "oe"})
#: The German and Scandinavian way of typing without the letters: ö as oe, å as aa.
_DIGRAPHS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "æ": "ae", "å": "aa", "ß": "ss"})

#: What each language accepts beside its catalog word: English command word or box label -> more words.
ALSO: dict[str, dict[str, tuple[str, ...]]] = {
    # The game says "Throw 5 dice."
    "en": {"roll": ("throw",)},
    "cs": {
        # Czech programs call Help "Nápověda" (F1); it must never reach the QUICLO helper.
        "help": ("nápověda",),
        # The commands are infinitives ("hod" is the noun); the game speaks imperatives ("Hoď 5 kostek").
        "roll": ("hoď", "hodit", "házej"),
        "hold": ("drž",),
        "release": ("uvolni", "pusť"),
        "score": ("zapiš",),
        "keep": ("odlož",),
        "shut": ("zaklapni",),
        "strike": ("škrtni",),
        "pass": ("pasuj",),
        # Boxes named after "zapsat" take the accusative; the other boxes do not change.
        "Small straight": ("malou postupku",),
        "Large straight": ("velkou postupku",),
        "Chance": ("šanci",),
        # What Czech players call the boxes at the table ("tři stejné", "pár"), with their accusatives.
        "One pair": ("pár",),
        "Two pairs": ("páry",),
        "Three of a kind": ("trojici", "tři stejné"),
        "Four of a kind": ("čtveřici", "čtyři stejné"),
    },
    "de": {
        # The game says "Wirf 5 Würfel" and "Streiche mindestens eine Zahl"; the commands are infinitives.
        "roll": ("wirf", "würfle", "werfen"),
        "hold": ("halte",),
        "keep": ("behalte",),
        "strike": ("streiche",),
        "pass": ("passe",),
        "shut": ("schließe", "schließen"),
        # The Kniffel sheet's words every German player knows: the game says docs/spec/words.md's "Drei gleiche",
        # and a player who types "dreierpasch" or "kniffel" means the same box.
        "Ones": ("einsen",),
        "Twos": ("zweien",),
        "Threes": ("dreien",),
        "Fours": ("vieren",),
        "Fives": ("fünfen",),
        "Sixes": ("sechsen",),
        "One pair": ("paar",),
        "Two pairs": ("zwei paar", "doppelpaar"),
        "Three of a kind": ("dreierpasch",),
        "Four of a kind": ("viererpasch",),
        "Yatzy": ("kniffel",),
    },
    "nb": {
        # The Storeslem sheet says "Trill de tre terningene", as Norwegian school children do.
        "roll": ("trill", "kaste"),
        # Norwegian sheets write "Fullt hus" and "Et par" as often as "Hus" and "Ett par".
        "One pair": ("et par", "par"),
        "Three of a kind": ("3 like",),
        "Four of a kind": ("4 like",),
        "Full house": ("fullt hus",),
    },
    "sv": {
        "roll": ("kasta",),
        # The Swedish sheet says "Liten stege" and "Stor stege"; three of a kind is "triss" in cards.
        "One pair": ("par",),
        "Three of a kind": ("triss",),
        "Small straight": ("liten stege",),
        "Large straight": ("stor stege",),
    },
    "da": {
        # "Slå med terningerne" is as Danish as "kaste".
        "roll": ("slå",),
        # Danish sheets say "Hus" as often as "Fuldt hus" ("Chance" without the article is the English word).
        "One pair": ("par",),
        "Full house": ("hus",),
    },
    "fi": {
        # "apu" was the QUICLO helper's word; it means help, and the helper costs a life.
        "help": ("apu", "apua"),
        # The word the QUICLO prompt used before "mahdoton".
        "none": ("ei-yhtään", "ei-mitään"),
        # Boxes named after "merkitse" may take the illative ("merkitse täyskäteen").
        "Ones": ("ykkösiin",),
        "Twos": ("kakkosiin",),
        "Threes": ("kolmosiin",),
        "Fours": ("nelosiin",),
        "Fives": ("vitosiin",),
        "Sixes": ("kuutosiin",),
        # Finnish sheets also say "Pari", "Kolme samaa", "Neljä samaa", "Suuri suora" and "Jatsi";
        # "kolmoset" is three of a kind in cards but the Threes box here, so it stays Threes.
        "One pair": ("yhteen pariin", "pari", "pariin"),
        "Two pairs": ("kahteen pariin",),
        "Three of a kind": ("kolmoislukuun", "kolme samaa"),
        "Four of a kind": ("neloslukuun", "neljä samaa"),
        "Small straight": ("pieneen suoraan",),
        "Large straight": ("isoon suoraan", "suuri suora", "suureen suoraan"),
        "Full house": ("täyskäteen",),
        "Chance": ("sattumaan",),
        "Yatzy": ("yatzyyn", "jatsi"),
    },
}


def plain(text: str) -> str:
    """``text`` without accents: "jednotlivě" -> "jednotlive", "spillebræt" -> "spillebraet"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char)).translate(_BASE)


def forms(text: str) -> set[str]:
    """Every way ``text`` may be typed: as written, without accents, with ö as oe and å as aa.

    Typed words are only case-folded, so a word typed with its accents, in
    composed or decomposed Unicode, or without them, is in this set.
    """
    word = unicodedata.normalize("NFC", text.casefold())
    return {word, unicodedata.normalize("NFD", word), plain(word), plain(word.translate(_DIGRAPHS))}


def spellings(word: str, language: Language) -> set[str]:
    """Everything that types the command ``word``: the English word, the translation and :data:`ALSO`'s words
    (the language's and English's), each with or without accents."""
    found = forms(word) | forms(language._(word))
    for extra in also(word, language.code):
        found |= forms(extra)
    return found


def also(word: str, code: str) -> tuple[str, ...]:
    """The other words for ``word`` in language ``code``; English ones too, since English always works."""
    english = ALSO["en"].get(word, ())
    return english if code == "en" else (*english, *ALSO.get(code, {}).get(word, ()))


def box_spellings(label: str, language: Language) -> set[str]:
    """A Yatzy box as typed after ``score``: English label, local name or its inflections, spaces or hyphens."""
    return {" ".join(form.replace("-", " ").split()) for form in spellings(label, language)}
