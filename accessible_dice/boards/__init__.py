"""The boards: what the window and the browser page show of a game, as rows of focusable cells.

A screen is rows of cells (:mod:`.model`); a game's screen is the dice and
the moves (:mod:`.rows`) above the game's own board (:mod:`.base`, and one
module per game, ``boards/<game module>.py``, named by the game's
:class:`~accessible_dice.games.Parts`). The window draws these rows with
pygame (``ui/window/draw.py``) and the page reads them into plain data
(``ui/web/screen.py``); nothing here imports either front end, so both are
built on the same cells, labels and moves, and the static page loads them
without pygame (``tests/test_import_graph.py``, ``tests/test_static_page.py``).
"""
