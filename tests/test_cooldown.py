"""One user can't flood the costly commands (path searches, pictures): a burst, then
one every REFILL_S seconds, and at most AT_ONCE of theirs running together."""

from __future__ import annotations

from bot.cooldown import AT_ONCE, BURST, PRUNE_AT, REFILL_S, Cooldown


def test_a_burst_then_one_per_refill():
    c = Cooldown()
    for _ in range(BURST):
        assert c.take("u", 0.0) == 0.0
        c.release("u")
    wait = c.take("u", 0.0)
    assert wait == REFILL_S
    assert c.take("u", REFILL_S) == 0.0  # one more after the refill


def test_other_users_are_not_slowed_by_one():
    c = Cooldown()
    for _ in range(BURST):
        c.take("flood", 0.0)
        c.release("flood")
    assert c.take("flood", 0.0) > 0
    assert c.take("other", 0.0) == 0.0


def test_at_most_at_once_running_per_user():
    c = Cooldown()
    for _ in range(AT_ONCE):
        assert c.take("u", 0.0) == 0.0
    assert c.take("u", 0.0) > 0  # a third while two still run
    c.release("u")
    assert c.take("u", 0.0) == 0.0


def test_idle_users_are_forgotten_so_memory_stays_bounded():
    c = Cooldown()
    for n in range(3 * PRUNE_AT):
        c.take(f"user{n}", float(n))  # each a second apart: the early ones go idle
        c.release(f"user{n}")
    assert len(c) <= PRUNE_AT
