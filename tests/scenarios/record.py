"""Write the scenario scripts' pictures as reference images.

    python -m tests.scenarios.record              # every ruleset
    python -m tests.scenarios.record 3.5 becmi    # just these

Run it after a deliberate change to a picture, look at the new images in
tests/scenarios/reference/, and commit them with the change. Each picture is also
written to reference/phone/, scaled to 360 px wide as a phone shows it (issue 30,
docs/PICTURES.md): the ones to look at for whether a table can read it.
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image

from bot.render.legibility import PHONE_WIDTH_PX
from bot.storage import Store
from tests.scenarios.play import PICTURED, RULESETS, play, reference_name

REFERENCE = Path(__file__).resolve().parent / "reference"
PHONE = REFERENCE / "phone"


def at_phone_width(png: bytes) -> bytes:
    """The picture as a phone shows it: scaled to 360 px wide (a narrower one as it is)."""
    drawn = Image.open(io.BytesIO(png)).convert("RGB")
    if drawn.width > PHONE_WIDTH_PX:
        height = round(drawn.height * PHONE_WIDTH_PX / drawn.width)
        drawn = drawn.resize((PHONE_WIDTH_PX, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    drawn.quantize(128).save(out, "PNG", optimize=True)
    return out.getvalue()


async def record(rulesets: list[str]) -> list[Path]:
    written: list[Path] = []
    PHONE.mkdir(parents=True, exist_ok=True)
    for ruleset in rulesets or RULESETS:
        with tempfile.TemporaryDirectory() as tmp:
            store = await Store.open(Path(tmp) / "stride.db")
            try:
                played = await play(store, ruleset)
            finally:
                await store.close()
        for index, step in enumerate(played):
            if step.step.command in PICTURED and step.images:
                path = REFERENCE / reference_name(ruleset, index, step.step)
                path.write_bytes(step.images[0])
                phone = PHONE / path.name
                phone.write_bytes(at_phone_width(step.images[0]))
                written += [path, phone]
    return written


def main(argv: list[str] | None = None) -> None:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in RULESETS]
    if unknown:
        raise SystemExit(f"unknown ruleset(s): {', '.join(unknown)}; known: {', '.join(RULESETS)}")
    for path in asyncio.run(record(names)):
        print(path)


if __name__ == "__main__":
    main()
