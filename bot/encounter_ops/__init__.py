"""Changes to an encounter, as pure functions: who may make them and what they do.

Each change takes the ``Encounter`` and returns an outcome: the encounter after
it plus a one-line summary for /history (and whatever else its reply shows),
or raises a ``RulingError`` saying what stops it. Nothing here reads or writes
the database or knows Discord: ``bot.handlers`` loads, calls and saves, so a
refused change never touches the stored state.

- ``outcomes``: what a change returns (``Edit``, ``TokenEdit``, ``TerrainEdit``, ``TurnEdit``).
- ``access``: who may make a change (``Actor``, the GM and token owners).
- ``placement``: the squares a token covers and where it fits.
- ``tokens``: /token add, edit and remove, one token at a time; ``token_options`` what
  they take and how it is set; ``conditions``: /token condition; ``bulk_tokens``:
  several at once (count:, a name pattern).
- ``terrain``: /terrain set, light, edge and clear, and /door.
- ``turns``: /turn order, next and clear.
"""
