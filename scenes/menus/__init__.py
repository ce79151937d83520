"""The screens around the games: the menu and seat setup, kept games, replays, settings."""
