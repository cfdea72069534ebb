class IllegalAction(Exception):
    """An action the rules do not allow right now. The message is for the player."""
