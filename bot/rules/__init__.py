"""The registry: every ruleset, found by any of its names.

A ruleset is one package under ``bot/rules/`` whose ``__init__`` states its
``Identity``; adding one is a new package plus one line in ``PACKAGES``. A ruleset
defined elsewhere (a plugin, a test) joins with ``register(identity)`` before the
commands are built. Rules load lazily, so importing one ruleset (or the registry)
never pulls in the others' rules.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from bot.names import Vocabulary
from bot.rules.identity import Identity
from bot.rules.options import OptionSpec, union

if TYPE_CHECKING:
    from bot.rules.calculators import Calculators
    from bot.rules.ruleset import Ruleset

# One line per ruleset, in the order replies list them.
PACKAGES: tuple[str, ...] = (
    "bot.rules.five_e_alt",
    "bot.rules.dnd35",
    "bot.rules.becmi",
    "bot.rules.epic_path",
    "bot.rules.five_e",
    "bot.rules.five_e_2024",
)

DEFAULT_RULESET = "5e-alt"

# Rulesets registered from outside bot/rules (``register``), in the order registered.
_REGISTERED: dict[str, Identity] = {}


def register(identity: Identity) -> None:
    """Add the ruleset ``identity`` names (its ``ruleset`` is any importable
    "module:Class") to the registry, after the built-in ones. The slash commands' choices
    are read from the registry when the handlers are first imported, so a ruleset that
    users choose by name registers before that. Refused if its id or a name is taken."""
    if _REGISTERED.get(identity.id) == identity:
        return
    known = ruleset_names()
    clash = sorted(n for n in (identity.id, *identity.aliases) if n in known)
    if clash:
        raise ValueError(f"ruleset names already taken: {', '.join(clash)}")
    _REGISTERED[identity.id] = identity
    _forget()


def unregister(ruleset_id: str) -> None:
    """Take a ruleset ``register`` added out of the registry again (tests)."""
    if _REGISTERED.pop(ruleset_id, None) is not None:
        _forget()


def _forget() -> None:
    """Drop everything read from the registry, so the next question reads it anew."""
    for cached in (
        identities,
        ruleset_names,
        load_ruleset,
        load_calculators,
        rulesets,
        token_options,
        encounter_options,
    ):
        cached.cache_clear()


@cache
def identities() -> dict[str, Identity]:
    """Every ruleset's identity, by id (cheap: no rules are loaded)."""
    found: list[Identity] = [import_module(p).IDENTITY for p in PACKAGES]
    return {i.id: i for i in (*found, *_REGISTERED.values())}


@cache
def ruleset_names() -> Vocabulary:
    """The names users may type for each ruleset."""
    return Vocabulary("ruleset", {i.id: i.aliases for i in identities().values()})


@cache
def load_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with the id ``ruleset_id`` (loads that package's rules only; KeyError
    for an unknown id)."""
    from bot.rules.ruleset import PARTS

    module, _, name = identities()[ruleset_id].ruleset.partition(":")
    ruleset: Ruleset = getattr(import_module(module), name)()
    missing = [part for part in PARTS if not hasattr(ruleset, part)]
    if missing:
        raise TypeError(f"{name} builds no {', '.join(missing)} (bot/rules/parts)")
    return ruleset


@cache
def load_calculators(ruleset_id: str) -> Calculators:
    """The calculators of the ruleset ``ruleset_id``: its ``Identity.calculators``
    class alone, where it names one (no movement engine loaded), else the ruleset's
    ``calculators`` part (KeyError for an unknown id). The same methods either way."""
    where = identities()[ruleset_id].calculators
    if not where:
        return load_ruleset(ruleset_id).calculators
    module, _, name = where.partition(":")
    calculators: Calculators = getattr(import_module(module), name)()
    return calculators


@cache
def rulesets() -> dict[str, Ruleset]:
    """Every ruleset, by id, in the order replies list them (loads them all)."""
    return {ruleset_id: load_ruleset(ruleset_id) for ruleset_id in identities()}


@cache
def token_options() -> tuple[OptionSpec, ...]:
    """Every ruleset's /token add|edit options, once each (cheap: no rules loaded)."""
    return union((i.id, i.token_options) for i in identities().values())


@cache
def encounter_options() -> tuple[OptionSpec, ...]:
    """Every ruleset's /encounter start options, once each."""
    return union((i.id, i.encounter_options) for i in identities().values())


def readers(name: str) -> tuple[str, ...]:
    """The rulesets that read the token or encounter option ``name``."""
    return tuple(
        i.id
        for i in identities().values()
        if any(o.name == name for o in (*i.token_options, *i.encounter_options))
    )


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (any accepted spelling)."""
    return load_ruleset(ruleset_names().match(name))
