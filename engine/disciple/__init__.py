"""Disciple: A Journey (solo runs)."""
