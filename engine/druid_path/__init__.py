"""Druid Path: a solo monster-taming lane battler (rules in rules.py, cards in content/)."""
