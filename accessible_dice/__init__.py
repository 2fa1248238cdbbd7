"""accessible_dice: five dice games for blind and low-vision players.

The rules live in :mod:`accessible_dice.games` and import nothing from the
speech, sound or window layers, so a referee, a test or another program can
use them on their own.
"""

__version__ = "0.1.0"
