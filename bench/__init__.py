"""Stride's benchmarks (issue 15): ``python -m bench`` runs the suite."""

# The suite's sections, in the order it runs them (``python -m bench --section NAME``).
SECTIONS = (
    "move",
    "sweep",
    "bands",
    "path",
    "render",
    "board",
    "throughput",
    "process",
    "live",
)
