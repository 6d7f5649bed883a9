"""How the SRDs are cited: the document by name with its licence, then the sections."""

from __future__ import annotations

from bot.rules.rulings import Source

SRD51 = "SRD 5.1 (CC-BY-4.0)"
SRD52 = "SRD 5.2 (CC-BY-4.0)"


def srd_source(ruleset: str, document: str, *sections: str, borrowed: str = "") -> Source:
    return Source(ruleset, document, sections, seed_file=document, borrowed=borrowed)
