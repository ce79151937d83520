"""Phones as private hands: each phone seat plays from its own phone's browser over the local network.

- :mod:`phone.bridge`: ``PhoneTable(state, phone_seats)``, the game thread's side; the TV calls
  ``table.pump()`` once per frame (actions in, each seat's own observation out).
- :mod:`phone.server`: ``PhoneServer(table, port=8765)``, the aiohttp server on its own thread:
  ``start()``, ``stop()``, ``links()``, ``joined(seat)``, ``seat_status(seat)``,
  ``pending_takeovers()``, ``confirm_takeover(seat)``, ``refuse_takeover(seat)``, ``notice``.
- :mod:`phone.qr`: ``qr_matrix(url)``, the QR code of a seat's link as rows of booleans.
- ``phone/page/``: the page itself (plain HTML, CSS and JavaScript, shipped as package data).

No pygame here: the TV draws the lobby and the phone seats from the table's observation. The
constants below are here, not in phone.server, so that naming the default port does not import aiohttp
(half of the app's start-up time): the server is imported only when phones are used.
"""

import re

DEFAULT_PORT = 8765
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")  # a seat's secret in its link (and a device's resume key)
