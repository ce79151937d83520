"""The round's last trick in a box over the table: its cards, who played each and where it went (the
board draws the cards, ``Board.draw_last_trick``); a click anywhere closes it."""

from game.i18n import _
from scenes.screen import theme
from scenes.screen.overlay import Overlay


class LastTrick(Overlay):
    name = "last"

    @classmethod
    def refusal(cls, game):
        return "" if game.board.last_trick() else _("no trick has been taken yet this round")

    def draw_box(self, surface):
        board = self.game.board
        last = board.last_trick()
        if not last:  # a new round began under it: nothing to show
            self.close()
            return
        n = len(last["cards"])
        box = self.modal(surface, (min(1200, 160 + 120 * n), 360))
        theme.blit_text(surface, _("The last trick"), 30, (box.centerx, box.y + 36), theme.GOLD, True, "center")
        board.draw_last_trick(surface, box, last)
        theme.blit_text(surface, _("Click anywhere to close"), 18, (box.centerx, box.bottom - 24), theme.INK_DIM,
                        False, "center")
        self.close_anywhere()
