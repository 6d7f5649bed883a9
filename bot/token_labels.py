"""The short labels the board's pictures print on tokens ("G1" for "Goblin 1"), and
reading one back as the token it labels: what a player sees on the picture is a name
they can type (issue 29). Pure: the renderer and the handlers both use it.

A name that is already a short label ("GO1", as map notation names tokens) is its
own label, so an imported board reads the same on the picture as in the notation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from bot.encounter import Encounter, Token
from bot.grid.sizes import Size

MAX_SMALL_LABEL = 3  # characters on a one-square token


def _ascii_words(name: str) -> list[str]:
    """Letters and digit runs of ``name`` (accents dropped), for the font's character set."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.findall(r"[A-Za-z]+|\d+", folded)


def label_candidates(name: str, side: int) -> list[str]:
    """Short labels for a token, best first: "G1" for "Goblin 1", "Ar" for "Ari",
    "RD" for "Red Dragon"; a token of two squares or more may show a whole short
    name ("Ogre", "Ogre 2"). A name that is already a label, letters then a number
    in at most three characters ("GO1", "K12"), is its own label first."""
    words = _ascii_words(name)
    if not words:
        return ["?"]
    letters = [w for w in words if w.isalpha()]
    number = next((w for w in words if w.isdigit()), "")
    out: list[str] = []
    if re.fullmatch(r"[A-Za-z]+\d+", name) and len(name) <= MAX_SMALL_LABEL:
        out.append(name.upper())
    if side >= 2 and len(letters) == 1:
        whole = f"{letters[0].capitalize()} {number}".strip()
        if len(whole) <= 2 + 2 * side:
            out.append(whole)
    if len(letters) >= 2:
        out.append("".join(w[0].upper() for w in letters[:3]) + number)
    if letters:
        first = letters[0]
        if number:
            out.append(first[0].upper() + number)
        out.append(first[0].upper() + first[1:2].lower() + number)
        out += [first[0].upper() + ch.lower() + number for ch in first[2:]]
    else:
        out.append(number)
    limit = MAX_SMALL_LABEL if side == 1 else 8
    fitting = [c for c in dict.fromkeys(out) if len(c) <= limit]
    return fitting or [out[0]]  # a long number: shrink the text rather than cut it


def token_labels(encounter: Encounter, footprints: Mapping[Size, int]) -> dict[str, str]:
    """A label per token key, distinct where the names allow, in the order tokens were added."""
    taken: set[str] = set()
    labels: dict[str, str] = {}
    for key, token in encounter.tokens.items():
        options = label_candidates(token.name, footprints.get(token.size, 1))
        label = next((c for c in options if c.lower() not in taken), options[0])
        taken.add(label.lower())
        labels[key] = label
    return labels


def token_for_label(
    encounter: Encounter, footprints: Mapping[Size, int], text: str
) -> Token | None:
    """The token a picture of ``encounter`` labels ``text`` (any case), or None; a name
    that is some token's own name is never read as a label (names come first)."""
    wanted = text.strip().lower()
    if not wanted or any(t.name.lower() == wanted for t in encounter.tokens.values()):
        return None
    labels = token_labels(encounter, footprints)
    found = [key for key, label in labels.items() if label.lower() == wanted]
    return encounter.tokens[found[0]] if len(found) == 1 else None


__all__ = ["MAX_SMALL_LABEL", "label_candidates", "token_for_label", "token_labels"]
