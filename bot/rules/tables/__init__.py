"""The seed documents' tables, as data, one module per ruleset."""
