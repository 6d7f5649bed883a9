"""The queries of the settings and the channel's keepings (``settings.py``): a channel's
and a server's settings, scenes, map images, turn reminders and the bot's own meta
keys. Written once for both databases, with ``?`` placeholders (schema.py)."""

SQL_SCENE_INSERT = """
    INSERT INTO scenes (channel_id, name, state, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, name) DO NOTHING
"""
SQL_SCENE_REPLACE = """
    INSERT INTO scenes (channel_id, name, state, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, name) DO UPDATE SET
        state = excluded.state, saved_by = excluded.saved_by, saved_at = excluded.saved_at
"""
SQL_SCENE_GET = "SELECT state, saved_by, saved_at FROM scenes WHERE channel_id = ? AND name = ?"
SQL_SCENE_LIST = (
    "SELECT name, saved_by, saved_at FROM scenes WHERE channel_id = ? ORDER BY name LIMIT ?"
)
SQL_SCENE_COUNT = "SELECT COUNT(*) FROM scenes WHERE channel_id = ?"
SQL_SCENE_DELETE = "DELETE FROM scenes WHERE channel_id = ? AND name = ?"
SQL_BACKGROUND_PUT = """
    INSERT INTO backgrounds (channel_id, digest, image, px_per_square, saved_by, saved_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, digest) DO UPDATE SET saved_at = excluded.saved_at
"""
SQL_BACKGROUND_GET = (
    "SELECT image, px_per_square FROM backgrounds WHERE channel_id = ? AND digest = ?"
)
# the newest few a channel keeps (older ones are what earlier boards and scenes showed)
SQL_BACKGROUND_TRIM = """
    DELETE FROM backgrounds WHERE channel_id = ? AND digest NOT IN (
        SELECT digest FROM backgrounds WHERE channel_id = ?
        ORDER BY saved_at DESC, digest LIMIT ?
    )
"""
SQL_GET_TURN_PINGS = "SELECT turn_pings FROM channel_settings WHERE channel_id = ?"
SQL_SET_TURN_PINGS = """
    INSERT INTO channel_settings (channel_id, turn_pings, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET turn_pings = excluded.turn_pings
"""
SQL_GET_REMIND_AFTER = "SELECT remind_after_s FROM channel_settings WHERE channel_id = ?"
SQL_SET_REMIND_AFTER = """
    INSERT INTO channel_settings (channel_id, remind_after_s, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET remind_after_s = excluded.remind_after_s
"""
SQL_SET_REMINDER = """
    INSERT INTO turn_reminders (channel_id, user_id, token, round, due_at, guild_id, attempts)
    VALUES (?, ?, ?, ?, ?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET user_id = excluded.user_id,
        token = excluded.token, round = excluded.round, due_at = excluded.due_at,
        guild_id = COALESCE(excluded.guild_id, turn_reminders.guild_id), attempts = 0
"""
SQL_CLEAR_REMINDER = "DELETE FROM turn_reminders WHERE channel_id = ?"
_REMINDER = (
    "SELECT channel_id, user_id, token, round, due_at, guild_id, attempts FROM turn_reminders"
)
SQL_DUE_REMINDERS = f"{_REMINDER} WHERE due_at <= ? ORDER BY due_at, channel_id LIMIT ?"
# a page of the due reminders of one shard (a server's shard is (id >> 22) % shard count),
# or of those whose server isn't known yet, each with its channel's wait: each page
# starts after the last one read, so a reminder left where it is never hides the ones
# behind it
_DUE_PAGE = """
    SELECT r.channel_id, r.user_id, r.token, r.round, r.due_at, r.guild_id, r.attempts,
        s.remind_after_s
    FROM turn_reminders r LEFT JOIN channel_settings s ON s.channel_id = r.channel_id
    WHERE r.due_at <= ? AND (r.due_at, r.channel_id) > (?, ?) AND {routed}
    ORDER BY r.due_at, r.channel_id LIMIT ?
"""
SQL_DUE_REMINDERS_OF_SHARD = _DUE_PAGE.format(
    routed="r.guild_id IS NOT NULL AND (r.guild_id >> 22) % ? = ?"
)
SQL_DUE_REMINDERS_UNROUTED = _DUE_PAGE.format(routed="r.guild_id IS NULL")
SQL_ROUTE_REMINDER = "UPDATE turn_reminders SET guild_id = ? WHERE channel_id = ?"
SQL_MOVE_REMINDER = "UPDATE turn_reminders SET due_at = ? WHERE channel_id = ? AND due_at = ?"
SQL_REMINDER_SENT = (
    "UPDATE turn_reminders SET attempts = 0 WHERE channel_id = ? AND due_at = ? AND attempts > 0"
)
SQL_POSTPONE_REMINDER = """
    UPDATE turn_reminders SET due_at = ?, attempts = attempts + 1
    WHERE channel_id = ? AND due_at = ?
"""
SQL_TAKE_REMINDER = "DELETE FROM turn_reminders WHERE channel_id = ? AND due_at = ?"
SQL_GET_UNITS = "SELECT units FROM channel_settings WHERE channel_id = ?"
# what every command's reply reads (the units, the GM's waiting notes): one query
SQL_COMMAND_READS = """
    SELECT (SELECT units FROM channel_settings WHERE channel_id = ?),
           (SELECT value FROM meta WHERE key = ?)
"""
SQL_SET_UNITS = """
    INSERT INTO channel_settings (channel_id, units, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET units = excluded.units
"""
SQL_GET_GUILD = "SELECT ruleset, gm_role_id FROM guild_settings WHERE guild_id = ?"
# the server a channel was last seen in: its newest encounter's, else its settings'
SQL_CHANNEL_GUILD = """
    SELECT guild_id FROM (
        SELECT guild_id, id AS newest FROM encounters
        WHERE channel_id = ? AND guild_id IS NOT NULL
        UNION ALL
        SELECT guild_id, 0 FROM channel_settings WHERE channel_id = ? AND guild_id IS NOT NULL
    ) AS known ORDER BY newest DESC LIMIT 1
"""
SQL_SET_GUILD_RULESET = """
    INSERT INTO guild_settings (guild_id, ruleset, updated_by, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET
        ruleset = excluded.ruleset,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_SET_GUILD_GM_ROLE = """
    INSERT INTO guild_settings (guild_id, gm_role_id, updated_by, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET
        gm_role_id = excluded.gm_role_id,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_SET_CHANNEL_GUILD = "UPDATE channel_settings SET guild_id = ? WHERE channel_id = ?"
SQL_GET_RULESET = "SELECT ruleset, notice_shown FROM channel_settings WHERE channel_id = ?"
SQL_SET_RULESET = """
    INSERT INTO channel_settings (channel_id, ruleset, notice_shown, updated_by, updated_at)
    VALUES (?, ?, 1, ?, ?)
    ON CONFLICT (channel_id) DO UPDATE SET
        ruleset = excluded.ruleset, notice_shown = 1,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_SET_DIAGONALS = """
    INSERT INTO channel_settings (channel_id, diagonals, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET diagonals = excluded.diagonals
"""
SQL_GET_DIAGONALS = "SELECT diagonals FROM channel_settings WHERE channel_id = ?"
SQL_TAKE_NOTICE = """
    INSERT INTO channel_settings (channel_id, notice_shown) VALUES (?, 1)
    ON CONFLICT (channel_id) DO UPDATE SET notice_shown = 1
    WHERE channel_settings.notice_shown = 0
"""
SQL_GET_META = "SELECT value FROM meta WHERE key = ?"
# a meta row to lock before its read-modify-write (an empty value: "nothing yet")
SQL_ENSURE_META = "INSERT INTO meta (key, value) VALUES (?, '') ON CONFLICT (key) DO NOTHING"
SQL_SET_META = """
    INSERT INTO meta (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""
