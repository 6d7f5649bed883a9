"""The live board's HTML (issue 39): one page, the same for every board; what it shows
comes as JSON and is put in as text by its script (``static/live.js``). The only
values written into the HTML are the link's view and user id, escaped."""

from __future__ import annotations

from html import escape

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>Stride · live board</title>
<link rel="stylesheet" href="/static/live.css">
</head>
<body data-view="{view}" data-user="{user}">
<header>
<h1 id="turn">Loading the board…</h1>
<p id="status" role="status">connecting</p>
</header>
<main>
<div id="viewport"><div id="board">
<img id="picture" alt="The board"><div id="marks"></div>
</div></div>
<section id="panel" hidden>
<h2 id="panel-title"></h2>
<p id="panel-text"></p>
<dl id="panel-fields"></dl>
<img id="panel-picture" alt="The ruling's path on the board" hidden>
<p id="panel-footer"></p>
<div class="buttons">
<button type="button" id="confirm" hidden>Confirm the move</button>
<button type="button" id="dash" hidden>Show a dash's squares</button>
<button type="button" id="cancel">Close</button>
</div>
</section>
<aside>
<h2>Turn order</h2><ol id="order"></ol>
<h2>Latest</h2><ul id="lines"></ul>
<h2>Tokens</h2><ul id="tokens"></ul>
<p id="notice" hidden></p>
</aside>
</main>
<script src="/static/live.js"></script>
</body>
</html>
"""

_REFUSAL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Stride · live board</title>
<link rel="stylesheet" href="/static/live.css">
</head>
<body class="refused">
<h1>This link doesn't work</h1>
<p>{message}</p>
</body>
</html>
"""

_NO_LINK = (
    "It may have expired or been revoked, or it was copied wrong. Ask for a new one in "
    "the channel with /board link."
)


def page_html(*, view: str, user_id: str | None) -> str:
    return _PAGE.format(view=escape(view), user=escape(user_id or ""))


def refusal_html(message: str | None) -> str:
    return _REFUSAL.format(message=escape(message or _NO_LINK))


__all__ = ["page_html", "refusal_html"]
