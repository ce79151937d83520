"""Words for the coach: what its percentages measure and a short reason for a move.

Pure and private by construction: everything here reads one seat's view (``state.view(seat)``) and
one of that seat's legal actions, never a state. The percentages are the Hard bot's mean values
(``game.bots.search``, each game's kit's ``values``); the kit's ``meaning`` says in words what that
value is for its game, so the coach never claims more than the search measured.
"""

from game.i18n import _
from game.kit import find, kit


def meaning(game_id, short=False):
    """What the coach's percentages measure in this game (short: one line for the hint box)."""
    words = kit(game_id).meaning
    return _(words[0] if short else words[1])


# A reason is a verb phrase without its subject, shown after a percentage ("62%, takes the trick so
# far") and after "it" ("The marked red 5 is a good choice: it takes the trick so far.").
def reason(view, action):
    """A short reason for one legal action from the seat's view (the game kit's ``reason``), or None
    when there is nothing to say that the action's own words do not already say."""
    game_kit = find(view.get("game"))
    explain = game_kit.part("reason") if game_kit is not None else None
    return explain(view, action) if explain else None
