"""Oh Hell: a fourth game kept with the tests, in this folder alone: its rules (``rules.py``), its rules
kit (``kit.py``: what each event and action shows, its view's type, its bots, its search, its coach,
its story, the phones' facts), its board kit (``boards.py``), its page module (``ohhell.js``) and its
rules page (``rules/``). The tests register it (``kit.install``) and play it end to end through the
shared machinery, which names no game."""
