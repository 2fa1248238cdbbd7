"""The refusals only an online table makes: the rules core knows nothing of seats and referees.

They travel like any refusal (class and data, :mod:`accessible_dice.online.protocol`)
and are said in the asking player's language.
"""

from __future__ import annotations

from accessible_dice.errors import N_, IllegalMove


class NotYourTurn(IllegalMove):
    # Translators: online table: a player asked to move while another player is to act; {name} is that player.
    template = N_("It is {name}'s turn, not yours.")


class NotSeated(IllegalMove):
    # Translators: online table: someone without a seat (a spectator) tried to play.
    template = N_("You have no seat at this table: you are watching.")


class DiceByReferee(IllegalMove):
    # Translators: online table with random dice: a player typed dice values; the table throws them itself.
    template = N_("At this table the dice are thrown for you: type roll.")


class TypeYourDice(IllegalMove):
    # Translators: online table with real dice: roll was asked for; the player throws real dice and types them.
    template = N_("At this table everyone throws real dice: type the values you threw.")


class NoOpenSeat(IllegalMove):
    # Translators: online table: a spectator asked for a seat while none is open.
    template = N_("No seat is open at this table; one opens when a player gives theirs up between games.")


class ChatIsOff(IllegalMove):
    # Translators: online table: say was typed at a table whose opener turned chat off.
    template = N_("Chat is off at this table: nobody's messages are said here.")


class ChatForPlayers(IllegalMove):
    # Translators: online table: a spectator typed say at a public table where only the players chat.
    template = N_("At this table only the players chat; you are watching, so nobody would hear you.")
