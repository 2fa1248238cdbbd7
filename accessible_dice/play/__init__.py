"""The play layer every front end shares: commands, the controller that carries them out, online table play.

The terminal, the window, the browser page and an online table all type or
press the same commands (:mod:`.commands`), carried out by one
:class:`~accessible_dice.play.controller.Controller` and said through one
:class:`~accessible_dice.play.controller.Announcer`; so every front end acts,
and speaks, alike (docs/design.md, "One executor for both front ends").
The front ends (``ui/``) import this layer; it imports none of them.
"""
