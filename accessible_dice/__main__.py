"""``python -m accessible_dice``: the same as the ``accessible-dice`` command."""

from accessible_dice.start import main

raise SystemExit(main())
