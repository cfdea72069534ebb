"""The rules of every game: pure Python, no I/O, no clock, no global randomness."""
