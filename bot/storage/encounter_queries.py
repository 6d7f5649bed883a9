"""The queries of running encounters, their history and what is kept of ended ones
(``store.py``), purges included. Written once for both databases, with ``?``
placeholders; a JSON field or a row lock goes through the ``Dialect`` (schema.py)."""

# The running encounter; its state only when it isn't the version (id, version) the
# caller already holds decoded (the state is then NULL): one round trip either way.
SQL_ACTIVE = """
    SELECT id, version, CASE WHEN id = ? AND version = ? THEN NULL ELSE state END
    FROM encounters WHERE channel_id = ? AND status = 'active'
"""
SQL_ACTIVE_RULESET = "SELECT {ruleset} FROM encounters WHERE channel_id = ? AND status = 'active'"
SQL_ENCOUNTER_GM = "SELECT {gm_id} FROM encounters WHERE id = ?"
SQL_INSERT_ENCOUNTER = """
    INSERT INTO encounters (channel_id, status, state, created_by, created_at, guild_id)
    VALUES (?, 'active', ?, ?, ?, ?) RETURNING id
"""
SQL_DELETE_ENCOUNTER_HISTORY = "DELETE FROM history WHERE encounter_id = ?"
SQL_DELETE_ENCOUNTER = "DELETE FROM encounters WHERE id = ? AND version = ? AND status = 'active'"
SQL_GUILD_LEFT = """
    INSERT INTO guild_settings (guild_id, left_at) VALUES (?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET left_at = excluded.left_at
"""
SQL_GUILDS_GONE = "SELECT guild_id FROM guild_settings WHERE left_at IS NOT NULL AND left_at < ?"
SQL_GUILD_CHANNELS = """
    SELECT channel_id FROM encounters WHERE guild_id = ?
    UNION SELECT channel_id FROM channel_settings WHERE guild_id = ?
"""
SQL_PURGE_CHANNEL_HISTORY = "DELETE FROM history WHERE channel_id = ?"
SQL_PURGE_CHANNEL_ENCOUNTERS = "DELETE FROM encounters WHERE channel_id = ?"
SQL_PURGE_CHANNEL_SCENES = "DELETE FROM scenes WHERE channel_id = ?"
SQL_PURGE_CHANNEL_BACKGROUNDS = "DELETE FROM backgrounds WHERE channel_id = ?"
SQL_PURGE_CHANNEL_SETTINGS = "DELETE FROM channel_settings WHERE channel_id = ?"
SQL_PURGE_CHANNEL_REMINDERS = "DELETE FROM turn_reminders WHERE channel_id = ?"
SQL_PURGE_GUILD = "DELETE FROM guild_settings WHERE guild_id = ?"
SQL_UPDATE_ENCOUNTER = """
    UPDATE encounters SET state = ?, version = version + 1
    WHERE id = ? AND version = ? AND status = 'active'
"""
SQL_SET_STATUS = (
    "UPDATE encounters SET status = ?, ended_by = ?, ended_at = ?, version = version + 1 "
    "WHERE id = ?"
)
SQL_END = (
    "UPDATE encounters SET status = 'archived', ended_by = ?, ended_at = ?, "
    "version = version + 1 WHERE id = ? AND version = ? AND status = 'active'"
)
SQL_RESTORE = (
    "UPDATE encounters SET state = ?, status = ?, ended_by = NULL, ended_at = NULL, "
    "version = version + 1 WHERE id = ?"
)
SQL_LATEST_CHANGE = "SELECT id FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
SQL_CURRENT_STATE = "SELECT state FROM encounters WHERE id = ?"
SQL_PURGE_HISTORY = """
    DELETE FROM history WHERE encounter_id IN (
        SELECT id FROM encounters WHERE status != 'active' AND ended_at < ?)
"""
SQL_PURGE_ENCOUNTERS = "DELETE FROM encounters WHERE status != 'active' AND ended_at < ?"
SQL_INSERT_HISTORY = """
    INSERT INTO history (channel_id, encounter_id, user_id, command, summary,
                         before_state, before_status, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""
SQL_HISTORY = """
    SELECT id, encounter_id, user_id, command, summary, created_at, before_state, before_status
    FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT ?
"""
SQL_DELETE_HISTORY = "DELETE FROM history WHERE id = ?"
SQL_PRUNE_HISTORY = """
    DELETE FROM history WHERE channel_id = ? AND id NOT IN (
        SELECT id FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT ?)
"""
SQL_ARCHIVED = """
    SELECT id, state, created_at, ended_at FROM encounters
    WHERE channel_id = ? AND status = 'archived' ORDER BY id DESC LIMIT ?
"""
SQL_BOARD_MESSAGE = "UPDATE encounters SET board_message_id = ? WHERE id = ?"
SQL_GET_BOARD_MESSAGE = "SELECT board_message_id FROM encounters WHERE id = ?"
SQL_LAST_BOARD_MESSAGE = """
    SELECT id, board_message_id FROM encounters
    WHERE channel_id = ? AND status != 'active' AND board_message_id IS NOT NULL
    ORDER BY id DESC LIMIT 1
"""
# the running boards' versions in several channels at once (the live pages' feed);
# {marks}: one placeholder per channel
SQL_BOARD_VERSIONS = (
    "SELECT channel_id, id, version FROM encounters "
    "WHERE status = 'active' AND channel_id IN ({marks})"
)
