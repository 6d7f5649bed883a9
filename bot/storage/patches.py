"""History rows keep the state before a change as a patch.

A patch holds the top-level parts of the encounter that the change altered, as they
were (a move keeps the tokens, not a 200×200 board's terrain). /undo applies it to the
current state, which is exactly the state after that change (it undoes only the
latest change).
"""

from __future__ import annotations

import json

PATCH = "__patch__"

_MISSING = object()


def before_patch(before: str, after: str) -> str:
    """What to store to get ``before`` back from ``after``."""
    old, new = json.loads(before), json.loads(after)
    changed = {k: old[k] for k in old if new.get(k, _MISSING) != old[k]}
    gone = [k for k in new if k not in old]
    return json.dumps({PATCH: changed, "gone": gone}, separators=(",", ":"), sort_keys=True)


def apply_patch(stored: str, current: str) -> str:
    """The state a history row restores: itself when it is a whole state (rows written
    before patches), else ``current`` with the patch applied."""
    data = json.loads(stored)
    if PATCH not in data:
        return stored
    state = json.loads(current)
    for key in data.get("gone", []):
        state.pop(key, None)
    state.update(data[PATCH])
    return json.dumps(state, separators=(",", ":"), sort_keys=True)
