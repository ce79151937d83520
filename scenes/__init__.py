"""The pygame scenes. Importing this package first keeps pygame's banner out of the terminal, so the
installed ``tricktable`` command (``scenes.app:main``) is as quiet as ``python main.py``."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
