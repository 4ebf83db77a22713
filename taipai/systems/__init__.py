"""Rule systems, one folder per game (DESIGN §1, §10): each exposes ``SYSTEM``."""
