"""Stride's benchmarks (issue 15): ``python -m bench`` runs the suite."""
