"""What every command answers: a reply model both Discord and the console render.

The title answers the question, the fields explain it, the footer cites the
rule (shared/UX.md). ``result`` is the machine-readable part the console's
``--json`` prints; ``private_fields`` are for the GM's eyes only (an ephemeral
follow-up on Discord, a marked section in the console).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Reply:
    title: str
    fields: tuple[Field, ...] = ()
    footer: str = ""
    description: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    private_fields: tuple[Field, ...] = ()
    image_png: bytes | None = None
    image_name: str = "stride.png"
    ephemeral: bool = False

    def as_text(self) -> str:
        """The reply as a person reads it in a terminal."""
        lines = [self.title]
        if self.description:
            lines.append(self.description)
        width = max((len(f.name) for f in self.fields), default=0)
        lines += [f"{f.name + ':':<{width + 1}} {f.value}" for f in self.fields]
        if self.private_fields:
            lines.append("— for the GM only —")
            lines += [f"{f.name}: {f.value}" for f in self.private_fields]
        if self.footer:
            lines.append(f"[{self.footer}]")
        return "\n".join(lines)
