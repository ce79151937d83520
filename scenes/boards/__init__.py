"""What each game phase draws and how its clicks become actions, per game."""
