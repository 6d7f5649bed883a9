"""The encounter's stored shape, declared once: what the database keeps, what an
export carries and what an import may bring.

``read.read_state`` is the one way a board comes in (a load from the store, an
import, a scene): the text is checked against the declared shape (``models``,
pydantic), its runs of squares are sized before they are expanded, names are checked
as the commands check them (``reading``), and then the invariants of the whole board
(``invariants``), those that need the board's ruleset against the facts the reader is
handed (``BoardRules``: the schema knows no rules). Whatever fails is refused as
``InvalidState``, naming each field and what is wrong with it; nothing is half read.
``codec.dump_state`` is the one way a board goes out, and the suite reads back
everything it writes.

The writer is light (the standard library); reading loads pydantic, so it is
imported where a board is read (``from bot.schema.read import read_state``) and a
calculator that reads no board never pays for it.
"""
