"""The Discord shell: the only package (with ``cogs/``) that imports discord.py.

Each module is one concern: ``embeds`` (a reply fitted to Discord's limits),
``sending`` (answering an interaction, with plainer fallbacks), ``permissions``
(what the user and Stride may do here), ``channel`` (the store, context and
encounter an interaction reaches), ``notices`` (telling the GM once what is
missing), ``board`` (the channel's board message), ``dispatch`` (run a command
and answer), ``views`` (the board's buttons), ``autocomplete`` (suggestions as
the user types), ``options`` (slash commands built from the specs) and ``app``
(the bot itself).

The package is named after the library it wraps; every module here imports the
library absolutely (``import discord``), which Python 3 resolves to the top-level
package, never to this one.
"""
