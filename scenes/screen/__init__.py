"""Screen machinery: the scene protocol, the game session, drawing helpers, sound, animation."""
