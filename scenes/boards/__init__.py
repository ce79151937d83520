"""What each game phase draws and how its clicks become actions, per game: one package per game,
each registering its board kit (scenes.kit) when imported. Importing this package imports every one
of them, so adding a folder here is all a new game needs on the screen side."""

import importlib
import pkgutil


def _discover():
    for found in pkgutil.iter_modules(__path__, __name__ + "."):
        if found.ispkg:
            importlib.import_module(found.name)


_discover()
