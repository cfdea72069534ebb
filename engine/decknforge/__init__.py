"""DecknForge: a legacy dungeon game whose decks remember every game they play."""
