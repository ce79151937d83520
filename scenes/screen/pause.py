"""Esc's pause box over a game: keep playing, undo, the rules, settings, the animation speed, leave.

Its buttons keep their places whether undo may be used now or not (greyed, with the reason on
hover). The bots wait while it is up (``holds_game``); what the disk refused of the game's last moves
is said under it before the person leaves.
"""

import pygame

from game.i18n import N_, _
from scenes.screen import theme, widgets
from scenes.screen.overlay import Overlay
from scenes.screen.settings import speed_words

UNDO_ITEM = ("undo", N_("Undo my last move (Ctrl+Z)"), "normal")
# TRANSLATORS: {speed} is the animation speed's name ("normal", "fast")
PAUSE_ITEMS = (("resume", N_("Keep playing"), "good"), ("rules", N_("Rules"), "normal"),
               ("settings", N_("Settings"), "normal"), ("speed", N_("Animation: {speed}"), "normal"),
               ("menu", N_("Leave game (back to menu)"), "normal"))


class PauseBox(Overlay):
    name = "pause"
    holds_game = True

    def items(self):
        """The box's buttons: the same places whether undo may be used now or not (greyed)."""
        if not self.session.replaying:  # every game's box alike: greyed, with its reason, where it never applies
            return PAUSE_ITEMS[:1] + (UNDO_ITEM,) + PAUSE_ITEMS[1:]
        return PAUSE_ITEMS

    def draw_box(self, surface):
        items = self.items()
        box = self.modal(surface, (520, 120 + 72 * len(items)))
        theme.blit_text(surface, _("Paused"), 36, (box.centerx, box.y + 44), theme.GOLD, True, "center")
        words = self.session.keeper.leave_warning(self.session.state)
        if words:  # the last moves are not on disk yet: told before leaving (kept.storage)
            theme.panel(surface, pygame.Rect(30, box.bottom + 8, 1220, 66), edge=theme.WARN)
            widgets.refusal(surface, words, (640, box.bottom + 28), 1180)
        for i, (key, label, kind) in enumerate(items):
            rect = pygame.Rect(0, 0, 420, 58)
            rect.center = (box.centerx, box.y + 116 + i * 72)
            words = _(label).format(speed=speed_words(self.app.settings.speed))
            refusal = self.session.undo_refusal() if key == "undo" else None
            theme.button(surface, rect, words, self.hovering(f"pause:{key}") and not refusal, 24, kind, not refusal)
            if refusal:
                self.tip(rect, refusal)
            else:
                self.target(f"pause:{key}", rect)

    def click_box(self, name):
        which = name.partition(":")[2]
        if which == "resume":
            self.close()
        elif which == "speed":
            self.app.settings.next_speed()
        elif which == "rules":
            self.app.show_rules(self.session.game_id)
        elif which == "settings":
            self.app.show_settings()
        elif which == "undo":
            self.game.undo()
        elif which == "menu":
            self.game.go_back()
