"""What the store raises: the database can't be used, or another writer won a race."""

from __future__ import annotations


class StorageError(Exception):
    """The database can't be used: not a database, a newer schema, unreachable, locked."""


class Conflict(Exception):
    """Another process changed the encounter between this one's read and its write."""
