"""The games: each subpackage is one game that registers its kit (``game.kit``) when imported.
Adding a folder here is all a new game needs on the rules side."""

import importlib
import pkgutil


def _discover():
    for found in pkgutil.iter_modules(__path__, __name__ + "."):
        if found.ispkg:
            importlib.import_module(found.name)


_discover()
