"""Start Tricktable: ``python main.py`` (``--help`` lists the options)."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner in the terminal

from scenes.app import main  # noqa: E402  (after the environment is set)

if __name__ == "__main__":
    sys.exit(main())
