"""The kept games: every game's record on the disk, and what the program knows of the files.

A room of its own above the rules core (``game``), which it reads and which never reads it: the rules
play a game from its history; this room writes that history to a file as it happens and reads it back.

- :mod:`kept.files`: the one bounded reader and the careful writes (atomic, appended, made whole).
- :mod:`kept.lock`: the one-writer lock a running game holds on its record.
- :mod:`kept.record`: the record format (shared/spec/record-format.md): writing lines, reading
  them, replaying them by the rules, each line checked.
- :mod:`kept.storage`: the data and config folders, a running game's Autosave, Continue, delete.
- :mod:`kept.catalog`: the index the menu lists kept games from, read again in the background.
- :mod:`kept.stats`: each person's numbers across the kept games.
"""
