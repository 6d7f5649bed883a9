"""Issue 39's links: signed, bound to one channel, view and user, expiring, revoked by
the channel's epoch; anything else is a BadLink, whatever its bytes (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.web.links import BadLink, LinkClaims, sign, verify

SECRET = b"s" * 32
NOW = 1_800_000_000
PERSONAL = LinkClaims("4242", "personal", "77", NOW + 3600, 0)


def test_a_link_says_what_it_was_signed_with() -> None:
    for claims in (PERSONAL, LinkClaims("4242", "table", None, NOW + 10, 3)):
        assert verify(SECRET, sign(SECRET, claims), now_s=NOW, epoch=claims.epoch) == claims


def test_an_expired_link_is_refused() -> None:
    with pytest.raises(BadLink, match="expired"):
        verify(SECRET, sign(SECRET, PERSONAL), now_s=NOW + 3600)


def test_a_revoked_link_is_refused() -> None:
    with pytest.raises(BadLink, match="revoked"):
        verify(SECRET, sign(SECRET, PERSONAL), now_s=NOW, epoch=1)


def test_another_secret_or_an_altered_payload_is_refused() -> None:
    token = sign(SECRET, PERSONAL)
    with pytest.raises(BadLink):
        verify(b"t" * 32, token, now_s=NOW)
    other = sign(SECRET, LinkClaims("9999", "gm", "77", NOW + 3600, 0))
    forged = other.split(".")[0] + "." + token.split(".")[1]  # a channel swapped in
    with pytest.raises(BadLink):
        verify(SECRET, forged, now_s=NOW)


def test_a_personal_link_without_a_user_is_not_a_link() -> None:
    with pytest.raises(BadLink):
        verify(SECRET, sign(SECRET, LinkClaims("1", "personal", None, NOW + 9, 0)), now_s=NOW)


@given(st.text(max_size=500))
def test_any_text_is_a_link_or_a_bad_link(text: str) -> None:
    with pytest.raises(BadLink):
        verify(SECRET, text, now_s=NOW)


@given(st.binary(min_size=1, max_size=200), st.integers(0, 199))
def test_any_flipped_byte_is_refused(noise: bytes, where: int) -> None:
    token = sign(SECRET, PERSONAL)
    i = where % len(token)
    flipped = token[:i] + chr((ord(token[i]) + 1 + noise[0] % 60) % 128) + token[i + 1 :]
    if flipped == token:
        return
    with pytest.raises(BadLink):
        verify(SECRET, flipped, now_s=NOW)


def test_no_other_spelling_of_the_signature_is_taken() -> None:
    """Base64 leaves the last character's low bits free: those spellings are refused."""
    token = sign(SECRET, PERSONAL)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for other in alphabet:
        spelt = token[:-1] + other
        if spelt != token:
            with pytest.raises(BadLink):
                verify(SECRET, spelt, now_s=NOW)
