"""The /move engine: one pipeline for every ruleset, by stage, and the grid rules
base class each ruleset fills in. Knows no ruleset by name."""
