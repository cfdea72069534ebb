"""The Textual app: menus, saved games, help, and one screen per game."""

import gc

__version__ = "0.1.0"

# Python looks for unreachable reference cycles every 700 new objects by default. Start-up's
# imports and every repaint make tens of thousands of short-lived objects (Textual's strips
# and styles), so each paid for many such looks, about a millisecond a key on a slow machine;
# every 20,000 is often enough. Set when the package is first imported, before Textual loads.
CYCLE_COLLECTION_THRESHOLDS = (20_000, 10, 10)
gc.set_threshold(*CYCLE_COLLECTION_THRESHOLDS)
