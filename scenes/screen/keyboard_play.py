"""Keyboard play: the game screen's part (mixed into ``GameScreen``).

The arrow keys move a ring over what may be chosen now (the board names the kinds of targets, its
``key_choices``), a number key 1-9 chooses the one in that place at once, Space chooses the ringed one,
Enter plays it or presses the confirm button; the mouse takes over again as soon as it moves.
"""

import pygame

from scenes.screen import paint, theme

CONFIRMS = ("handoff", "reveal:go", "pick:confirm", "plus:confirm", "market:confirm", "bidding:confirm")
GO_ON = ("market:skip",)  # what Enter presses when nothing is chosen and no confirm is drawn
# 1-9 on the number row and on the keypad (each row's codes run in order): the place they choose
NUMBER_KEYS = {one + n - 1: n - 1 for one in (pygame.K_1, pygame.K_KP1) for n in range(1, 10)}


class KeyboardPlay:
    """Keyboard play's part of the game screen: ``focus`` is the target the keys chose ("card:R7"),
    None while the mouse leads; ``focus_at`` which of its places (two equal cards: one target, two
    places)."""

    focus = None
    focus_at = 0

    def choices(self):
        """The places of the last frame a key may choose, left to right, as (target, place): two
        equal cards are two places of one target, so the number keys count what is seen (a dialog's
        only, as a dialog's shade ends the targets under it)."""
        prefixes = self.board.key_choices()
        found = [(rect.x, rect.y, name, at) for name in self.targets
                 if name.startswith(prefixes) and name not in CONFIRMS
                 for at, rect in enumerate(self.places(name))]
        return [(name, at) for _, _, name, at in sorted(found)]

    def keyboard_play(self, event):
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            confirm = next((n for n in CONFIRMS if n in self.targets), None)
            if confirm is None and self.focus in self.targets:
                confirm = self.focus
            if confirm is None:  # nothing chosen: the button that goes on ("Bury nothing")
                confirm = next((n for n in GO_ON if n in self.targets), None)
            if confirm is not None:
                self.click(confirm)
            return confirm is not None
        choices = self.choices()
        if not choices:
            return False
        here = (self.focus, self.focus_at)
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            at = choices.index(here) if here in choices else (-1 if step > 0 else len(choices))
            self.focus, self.focus_at = choices[(at + step) % len(choices)]
            return True
        if key == pygame.K_SPACE and here in choices:
            self.click(self.focus)
            return True
        number = NUMBER_KEYS.get(key)
        if number is not None and number < len(choices):
            self.focus, self.focus_at = choices[number]
            self.click(self.focus)
            return True
        return False

    def tip_pointer(self):
        """While the keys lead, the chosen target explains itself as if the mouse rested on it."""
        rect = self.targets.get(self.focus) if self.focus else None
        return rect.center if rect is not None else self.mouse

    def draw_focus(self, surface):
        """A ring around what the keys chose (while the keys lead; the mouse takes over on moving)."""
        if not self.focus or self.session.needs_handoff() or not self.session.my_turn():
            return  # no ring while others decide or the cover is up
        rect = self.ring_rect(self.focus, self.focus_at)
        if rect is not None:
            paint.rect(surface, theme.INK, rect.inflate(8, 8), 3, border_radius=12)
