"""Start Tricktable from the repo: ``python main.py`` (``--help`` lists the options).

Installed, the same program is the ``tricktable`` command (``scenes.app:main``); this file is not part
of the wheel. The ``scenes`` package itself keeps pygame's banner out of the terminal.
"""

import sys

from scenes.app import main

if __name__ == "__main__":
    sys.exit(main())
