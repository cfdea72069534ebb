"""Disruption: a solo dice-and-allies game against the Ritual Defenders."""
