"""The Textual app: menus, saved games, help, and one screen per game."""

__version__ = "0.1.0"
