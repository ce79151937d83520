"""The files the program ships: fonts, sound effects and the rules summaries, read with importlib.resources."""
