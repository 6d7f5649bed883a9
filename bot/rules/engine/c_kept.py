"""The last graph built for each map and mover context (``c_search.Graph``), kept with
the steps it was built from, so the next board's graph is made from it: a square whose
steps are the same (no creature came or went near it) keeps its costs in the graph,
and only the others are laid in again. A board whose every step is the same shares
the graph itself. Pure: no Discord, no database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from bot.rules.engine.c_search import Graph

KEPT = 4  # as many as graphs are kept (~4 MB of costs each at 200², and these ~5)


class Built:
    """A graph, the steps it was built from (every map square's costs and diagonals
    added, as ``c_search._kinds`` gives them), and its dearest step in graph units."""

    def __init__(self, graph: Graph, costs: Any, adds: Any, top: int) -> None:
        self.graph, self.costs, self.adds, self.top = graph, costs, adds, top

    def changed(self, costs: Any, adds: Any) -> Any:
        """The map squares (rows of ``costs``) whose steps differ from these."""
        return np.flatnonzero(
            (self.costs != costs).any(axis=(1, 2)) | (self.adds != adds).any(axis=1)
        )


_LOCK = threading.Lock()
_BUILT: OrderedDict[int, tuple[object, Built]] = OrderedDict()


def built_for(
    shared: object | None, costs: Any, shape: tuple[int, int, int], unit_ft: float
) -> Built | None:
    """The graph last built for this map and mover context (``shared``, the table's
    terrain steps), if it has the same layout and units."""
    if shared is None:
        return None
    with _LOCK:
        kept = _BUILT.get(id(shared))
        if kept is None or kept[0] is not shared:
            return None
        _BUILT.move_to_end(id(shared))
        built = kept[1]
    same = built.costs.shape == costs.shape and built.graph.shape == shape
    return built if same and built.graph.unit_ft == unit_ft else None


def keep(shared: object | None, built: Built) -> None:
    if shared is None:
        return
    with _LOCK:
        _BUILT[id(shared)] = (shared, built)
        while len(_BUILT) > KEPT:
            _BUILT.popitem(last=False)
