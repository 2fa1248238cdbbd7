"""speech layer."""
