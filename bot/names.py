"""Matching the names users type (rulesets, terrains, modes, sizes, paces).

Names match case-insensitively, singular or plural, with spaces, underscores
and hyphens alike (``Mountains`` = ``mountain``, ``riding horse`` =
``riding-horse``). An unknown name is an ``InvalidInput`` that lists what is
accepted and suggests the closest one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.errors import Ambiguous, InvalidInput

_SEPARATORS = re.compile(r"[\s_]+")


def normalize(text: str) -> str:
    """Lower case, hyphens between words, no surrounding punctuation."""
    text = _SEPARATORS.sub("-", text.strip().lower())
    return text.strip("-.,;")


def _singulars(word: str) -> set[str]:
    """The forms a plural might come from: ``hills``→``hill``, ``marshes``→``marsh``."""
    forms = {word}
    if word.endswith("ies") and len(word) > 4:
        forms.add(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        forms.add(word[:-2])
    if word.endswith("s") and not word.endswith("ss") and len(word) > 2:
        forms.add(word[:-1])
    return forms


def _keys(text: str) -> set[str]:
    norm = normalize(text)
    keys = _singulars(norm)
    # the last word may be the plural one: "sailing ships" -> "sailing-ship"
    if "-" in norm:
        head, _, last = norm.rpartition("-")
        keys |= {f"{head}-{s}" for s in _singulars(last)}
    return keys


@dataclass(frozen=True)
class Vocabulary:
    """The accepted names of one kind of thing, each with its aliases."""

    kind: str
    entries: Mapping[str, tuple[str, ...]]
    _index: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, str] = {}
        for canonical, aliases in self.entries.items():
            for name in (canonical, *aliases):
                for key in _keys(name):
                    index.setdefault(key, canonical)
        object.__setattr__(self, "_index", index)

    @classmethod
    def of(cls, kind: str, names: Iterable[str]) -> Vocabulary:
        return cls(kind, {n: () for n in names})

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.entries)

    def accepted(self) -> str:
        return ", ".join(self.entries)

    def match(self, text: str) -> str:
        """The canonical name for ``text``, or an error that lists the accepted names."""
        found = {self._index[k] for k in _keys(text) if k in self._index}
        if len(found) == 1:
            return found.pop()
        if len(found) > 1:
            raise Ambiguous(
                f'"{text}" could be any of {", ".join(sorted(found))}: say which {self.kind}.'
            )
        import difflib  # only for a name not known (a cold start never pays for it)

        close = difflib.get_close_matches(normalize(text), list(self._index), n=1, cutoff=0.75)
        hint = f' Did you mean "{self._index[close[0]]}"?' if close else ""
        raise InvalidInput(f'Unknown {self.kind} "{text}".{hint} Accepted: {self.accepted()}.')

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and any(k in self._index for k in _keys(text))


def complete(
    typed: str,
    names: Iterable[str],
    *,
    aliases: Mapping[str, tuple[str, ...]] | None = None,
    listed: bool = False,
    limit: int = 25,
    max_chars: int = 100,
) -> list[str]:
    """What a user typing ``typed`` may mean to write, for autocomplete.

    Names starting with what was typed come first, then names containing it (an
    alias that matches counts for its name). With ``listed`` the option is a
    comma-separated list: only its last item is completed, names already in it
    are not offered again, and each suggestion is the whole list so far.
    Suggestions only: the handler still checks what is finally sent.
    """
    head, last = "", typed
    already: set[str] = set()
    if listed and "," in typed:
        done, _, last = typed.rpartition(",")
        head = done.strip() + ", "
        already = {normalize(part) for part in done.split(",")}
    want = normalize(last)
    ranked: list[tuple[int, str]] = []
    for name in names:
        key = normalize(name)
        if key in already:
            continue
        forms = [key, *(normalize(a) for a in (aliases or {}).get(name, ()))]
        if any(f.startswith(want) for f in forms):
            ranked.append((0, name))
        elif any(want in f for f in forms):
            ranked.append((1, name))
    ranked.sort(key=lambda item: item[0])  # stable: the names' own order within each
    out = [head + name for _, name in ranked]
    return [text for text in out if len(text) <= max_chars][:limit]


def with_article(word: str) -> str:
    """``a Jump check``, ``an Acrobatics check``: the indefinite article a word takes
    (by its first letter, which is right for the game's words)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
