"""``python -m accessible_dice``: the same as the ``accessible-dice`` command."""

try:
    from accessible_dice.start import main
except KeyboardInterrupt:  # Ctrl+C in the first instant: as quiet as later (see start.py)
    raise SystemExit(130) from None
raise SystemExit(main())
