"""Shared tables: the list of tables, the lobby where seats fill, and who the player is."""
