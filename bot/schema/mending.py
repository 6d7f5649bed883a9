"""Boards stored before every user id had to be a Discord id, read as the schema reads
them now.

Stride once took any short name as a user (the console's ``console-gm``, an import's
``"owner": "player.one"``), and the store may still hold such boards. The schema refuses
them (``models.UserId``), and a board the store can't read is damaged; for these the
store reads them mended instead (``bot.storage``), writes the mended board back and
tells its GM once what changed. What is mended is what the schema itself refused as a
user id (its ``user_id`` errors, by where they are), nothing else; a board with any
other problem is refused whole, as before:

- a token's owner that isn't a Discord id is dropped: the token is the GM's (a player
  gets it back with /token edit owner:);
- a template's placer likewise: the template is the GM's to remove;
- a co-GM that isn't a Discord id is dropped (/encounter gm add names them again);
- the GM: a board must have one, and the one it named keeps it. The console's users are
  names that stand for ids of their own (``bot.user_ids.name_id``), so the GM's name is
  read as that id: the console's GM (``console-gm``) still runs the table. On Discord no
  account has such an id; whoever has Manage Channels or the server's GM role is GM
  there, as always.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from bot.reply import mention
from bot.schema.models import USER_ID_ERROR, EncounterModel
from bot.user_ids import name_id

# A place the schema may refuse a user id: its path, read from the error's location.
Where = tuple[int | str, ...]


def user_ids_to_mend(text: str | bytes) -> list[tuple[Where, str]] | None:
    """Where ``text`` holds user ids that aren't Discord ids, and what they are; None
    unless those are all that the declared shape refuses in it."""
    try:
        EncounterModel.model_validate_json(text)
    except ValidationError as error:
        found = error.errors(include_url=False)
        if all(e["type"] == USER_ID_ERROR and isinstance(e["input"], str) for e in found):
            return [(tuple(e["loc"]), str(e["input"])) for e in found]
    return None


def mended(text: str | bytes, places: Sequence[tuple[Where, str]]) -> tuple[str, list[str]]:
    """``text`` with the user ids at ``places`` mended, and a line for its GM on each."""
    board: dict[str, Any] = json.loads(text)
    told: list[str] = []
    dropped_co_gms: set[int] = set()
    for where, old in places:
        match where:
            case ("gm_id",):
                board["gm_id"] = name_id(old)
                told.append(
                    f'the GM "{old}" is read as the id a console user of that name has '
                    f"({mention(board['gm_id'])})"
                )
            case ("co_gms", int(i)):
                dropped_co_gms.add(i)
                told.append(f'the co-GM "{old}" is dropped (/encounter gm add names them again)')
            case ("tokens", int(i), "owner"):
                token = board["tokens"][i]
                token["owner"] = None
                told.append(
                    f'{token["name"]}\'s owner "{old}" is dropped: {token["name"]} is the '
                    "GM's now (/token edit owner: gives it to a player)"
                )
            case ("templates", int(i), "placed_by"):
                template = board["templates"][i]
                template["placed_by"] = None
                told.append(f'{template["name"]}, placed by "{old}", is the GM\'s to remove now')
            case _:  # a user id somewhere this reading doesn't know: left to refuse
                continue
    if dropped_co_gms:
        board["co_gms"] = [u for i, u in enumerate(board["co_gms"]) if i not in dropped_co_gms]
    return json.dumps(board), told


__all__ = ["mended", "user_ids_to_mend"]
