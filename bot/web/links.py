"""The live board's links (issue 39): signed, bound to one channel and one view, and for
a personal link one user; they expire, and a channel's links are revoked together.

A link is ``<payload>.<signature>``, both base64url without padding: the payload is the
claims as compact JSON, the signature HMAC-SHA256 over it with the deployment's secret
(``STRIDE_WEB_SECRET``, or one made once and kept in the store so every process signs
alike). Nothing here reads the store or the clock: the caller says what time it is and
which revocation epoch the channel is at. Pure.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Literal

# What a link shows and lets its holder do:
# - "table": the board as the table sees it, nothing to move (the board message's button);
# - "personal": the board as its user sees it, and their moves as that user;
# - "gm": the whole board, hidden things marked, and moves as the GM.
View = Literal["table", "personal", "gm"]
VIEWS: tuple[View, ...] = ("table", "personal", "gm")

MAX_LINK_CHARS = 400  # a link longer than any we sign is refused before any decoding
DAY_S = 86400
DEFAULT_LIFETIME_S = 30 * DAY_S  # a month of weekly sessions; the GM sets another
MIN_LIFETIME_S = 3600
MAX_LIFETIME_S = 365 * DAY_S


class BadLink(ValueError):
    """A link that is forged, altered, expired, revoked or not a link at all. Its
    message is for the log; the page says only that the link doesn't work."""


@dataclass(frozen=True)
class LinkClaims:
    """What a link says: its channel, its view, its user (personal and GM links), when
    it stops working (seconds since the epoch) and the channel's revocation epoch it was
    made under."""

    channel_id: str
    view: View
    user_id: str | None
    expires_at_s: int
    epoch: int
    # the user was a GM here when the link was made (Manage Channels, the server's GM
    # role): a shell that can't ask Discord again (`python -m bot serve`) acts on it
    gm: bool = False

    @property
    def moves(self) -> bool:
        """Whether the link may ask for moves (as its user)."""
        return self.view != "table" and self.user_id is not None


def sign(secret: bytes, claims: LinkClaims) -> str:
    """The link's token for ``claims``."""
    body: dict[str, object] = {
        "c": claims.channel_id,
        "v": claims.view,
        "e": claims.expires_at_s,
        "n": claims.epoch,
    }
    if claims.user_id is not None:
        body["u"] = claims.user_id
    if claims.gm:
        body["g"] = 1
    payload = _b64(json.dumps(body, separators=(",", ":"), sort_keys=True).encode())
    return f"{payload}.{_b64(_mac(secret, payload))}"


def verify(secret: bytes, token: str, *, now_s: int, epoch: int | None = None) -> LinkClaims:
    """The claims of a genuine, unexpired link; ``BadLink`` otherwise. With ``epoch``
    (the channel's revocation epoch now), a link made under an earlier one is revoked."""
    if not token or len(token) > MAX_LINK_CHARS or token.count(".") != 1:
        raise BadLink("not a link")
    payload, _, signature = token.partition(".")
    try:
        given = _unb64(signature)
        body = json.loads(_unb64(payload))
    except (ValueError, binascii.Error, UnicodeDecodeError) as exc:
        raise BadLink("not a link") from exc
    # the signature as we write it, and no other spelling of the same bytes
    if _b64(given) != signature or not hmac.compare_digest(given, _mac(secret, payload)):
        raise BadLink("the signature doesn't match")
    claims = _claims(body)
    if claims.expires_at_s <= now_s:
        raise BadLink("expired")
    if epoch is not None and claims.epoch != epoch:
        raise BadLink("revoked")
    return claims


def _claims(body: object) -> LinkClaims:
    """The claims of a signed payload (ours, so well formed; checked all the same)."""
    if not isinstance(body, dict):
        raise BadLink("not a link")
    channel, view, user = body.get("c"), body.get("v"), body.get("u")
    expires, epoch, gm = body.get("e"), body.get("n"), body.get("g", 0)
    if (
        not isinstance(channel, str)
        or view not in VIEWS
        or (user is not None and not isinstance(user, str))
        or not isinstance(expires, int)
        or not isinstance(epoch, int)
        or (view != "table" and user is None)
        or gm not in (0, 1)
    ):
        raise BadLink("not a link")
    return LinkClaims(channel, view, user, expires, epoch, gm == 1)


def _mac(secret: bytes, payload: str) -> bytes:
    return hmac.new(secret, payload.encode("ascii"), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not text.isascii():
        raise ValueError("not base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


__all__ = [
    "DEFAULT_LIFETIME_S",
    "MAX_LIFETIME_S",
    "MIN_LIFETIME_S",
    "VIEWS",
    "BadLink",
    "LinkClaims",
    "View",
    "sign",
    "verify",
]
