"""The README's picture of the live board on a phone (issue 39), taken by the tests'
browser (Debian's Chromium, headless) at 360 px wide:

    python -m tests.web.phone_example      # writes docs/images/live-board-phone.png
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.web.browser import CHROMIUM_ARGS, ROOT, chromium, served
from tests.web.test_live_browser import PLAYER, ask

OUT = ROOT / "docs" / "images" / "live-board-phone.png"
SCENE = (
    "/encounter start width:20 height:14 ruleset:5e",
    f"/token add name:Ari at:C4 owner:{PLAYER} speed:30",
    f"/token add name:Bo at:C6 owner:{PLAYER} speed:25",
    "/token add name:Goblin count:3 at:J6",
    "/token add name:Ogre at:N9 size:large",
    "/terrain set cells:F3-F8 kind:wall",
    "/terrain set cells:H10:K12 kind:difficult",
    '/turn order order:"Ari, Goblin 1, Bo, Goblin 2, Ogre, Goblin 3"',
    "/move token:Ari to:D4",
)


def main() -> None:
    path = chromium()
    if path is None:
        raise SystemExit("Debian's chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "phone.db"
        for line in SCENE:
            ask(db, line)
        with served(db) as server, sync_playwright() as playwright:
            url = ask(db, "/board link", PLAYER, gm=False, base=server.base)["personal_url"]
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 360, "height": 720}, device_scale_factor=2)
            page.goto(url)
            page.wait_for_selector("#picture[src]")
            page.click("button.token[aria-label='Ari']")
            page.wait_for_selector("button.square")
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT))
            browser.close()
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
