"""Online tables on Matrix: a table is a room, moves are room events, every client replays them.

- :mod:`~accessible_dice.online.protocol`: the event types and the checking of everything read from a room;
- :mod:`~accessible_dice.online.table`: the game replayed from the referee's entries, and the news for a front end;
- :mod:`~accessible_dice.online.room`: a table's room read whole (below the client and the referee, which share it);
- :mod:`~accessible_dice.online.refereeing`: the authoritative game of a table, in the opener's program or a bot;
- :mod:`~accessible_dice.online.client`: one account's connection (matrix-nio), opening, joining and sitting at tables,
  and refereeing those this account referees;
- :mod:`~accessible_dice.online.referee`: the standalone referee, a bot account (``accessible-dice referee``);
- :mod:`~accessible_dice.online.background`: the same for a front end that blocks on input (a thread of its own).
"""
