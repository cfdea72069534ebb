"""Where games live on disk: paths, the versioned save envelope, atomic writes, listing,
migrations and damaged-file handling. Knows the engine contract, never a game's rules."""
