"""Phones as private hands: each phone seat plays from its own phone's browser over the local network.

- :mod:`phone.bridge`: ``PhoneTable(state, phone_seats)``, the game thread's side; the TV calls
  ``table.pump()`` once per frame (actions in, each seat's own observation out).
- :mod:`phone.server`: ``PhoneServer(table, port=8765)``, the aiohttp server on its own thread:
  ``start()``, ``stop()``, ``links()``, ``joined(seat)``, ``seat_status(seat)``,
  ``pending_takeovers()``, ``confirm_takeover(seat)``, ``refuse_takeover(seat)``, ``notice``.
- :mod:`phone.qr`: ``qr_matrix(url)``, the QR code of a seat's link as rows of booleans.
- ``phone/page/``: the page itself (plain HTML, CSS and JavaScript, shipped as package data): ``app.js``
  the page's mechanism (connection, log, hand, trick, buttons), naming no game, and ``games/<id>.js``
  each game's drawing on it (a module the page loads for the game in the facts; a game's kit may
  name another file, ``phone_page``).

No pygame here: the TV draws the lobby and the phone seats from the table's observation. The
constants below are here, not in phone.server, so that naming the default port does not import aiohttp
(half of the app's start-up time): the server is imported only when phones are used.
"""

import re
import secrets

DEFAULT_PORT = 8765
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")  # a seat's secret in its link (and a device's resume key)
# A link read off the TV and typed into a phone: small letters and digits with no look-alikes (no 0/o,
# no 1/l/i), in groups of four. 20 of 31 signs: some 99 bits, no guess across a LAN finds one.
LINK_SIGNS = "23456789abcdefghjkmnpqrstuvwxyz"
LINK_GROUPS, LINK_GROUP = 5, 4
# The table's one link, read off the TV by every phone that joins: shorter, 12 signs in three groups
# (some 59 bits: at ten thousand guesses a second across the LAN, a million years to find).
TABLE_GROUPS = 3


def link_token(groups=LINK_GROUPS):
    """A fresh secret for a seat's link, "k7mq-2zrh-…" (TOKEN takes it, and the older kind too)."""
    signs = "".join(secrets.choice(LINK_SIGNS) for i in range(groups * LINK_GROUP))
    return "-".join(signs[i:i + LINK_GROUP] for i in range(0, len(signs), LINK_GROUP))


def table_token():
    """A fresh secret for the table's one link, "k7mq-2zrh-ab3d": every phone may join by it."""
    return link_token(TABLE_GROUPS)
