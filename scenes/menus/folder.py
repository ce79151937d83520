"""The data folder cannot keep games: which folder, why, and how to choose another (TRICKTABLE_DATA).

Shown over the menu once per run (and again from the menu's line about it). Nothing else stops:
new games are played as always, only not kept, and their table says so.
"""

import os
import sys

import pygame

from game.i18n import _
from scenes.screen import theme
from scenes.screen.base import Scene

_told = set()  # the folders this run has shown the screen for
LEFT = 126  # the words' left edge, inside the panel
CODE_H = 44  # the example command's box, with its gap below


def told(problem):
    """True if the screen was shown for this folder in this run; from now on it counts as shown."""
    key = str(problem.folder)
    seen = key in _told
    _told.add(key)
    return seen


def example_command():
    """How to start Tricktable with another data folder, in this system's shell."""
    if sys.platform.startswith("win"):
        return r'set TRICKTABLE_DATA=%USERPROFILE%\Tricktable-games && tricktable'
    return 'TRICKTABLE_DATA="$HOME/tricktable-games" tricktable'


def path_lines(path, size, width, most=2):
    """A path in lines of at most WIDTH pixels, broken after a folder's separator where one fits (a
    path has no spaces to wrap at); the last line is cut with "…" if it still does not fit."""
    font, lines, rest = theme.font(size, True), [], str(path)
    while rest and len(lines) < most - 1 and font.size(rest)[0] > width:
        cut = len(rest)
        while cut > 1 and font.size(rest[:cut])[0] > width:
            cut -= 1
        brk = max(rest.rfind(os.sep, 0, cut), rest.rfind("/", 0, cut))
        cut = brk + 1 if brk > 0 else cut
        lines.append(rest[:cut])
        rest = rest[cut:]
    return lines + [theme.fit(rest, size, width, True)] if rest else lines


class FolderScene(Scene):
    """Why games cannot be kept, and what to do; its one button (or Esc) goes back to the menu."""

    def __init__(self, app, problem):
        super().__init__(app)
        self.problem = problem

    def click(self, name):
        if name == "ok":
            self.back()

    def back(self):
        self.app.pop()

    def blocks(self, width):
        """What the panel says, top down: (lines, size, colour, bold, gap above); the command is "code"."""
        def para(words, size, colour, bold=False, gap=14):
            return theme.wrap(words, size, width, bold)[:3], size, colour, bold, gap
        return [para(_("Tricktable keeps every game in its data folder:"), 21, theme.INK_DIM, gap=0),
                (path_lines(self.problem.folder, 22, width), 22, theme.INK, True, 2),
                para(_("It cannot be used: {why}.").format(why=self.problem.why), 22, theme.WARN, True, 10),
                para(_("You can still play: new games work as always, but they are not kept (no Continue, no "
                       "replays)."), 21, theme.INK),
                para(_("To keep your games, choose another folder: start Tricktable with TRICKTABLE_DATA set to a "
                       "folder you may write, for example:"), 21, theme.INK),
                ("code", 20, theme.GOLD, True, 8),
                para(_("Or mend this folder (plug in its drive, let it be written) and start Tricktable again."), 19,
                     theme.INK_DIM)]

    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Your games cannot be kept"), 44, (640, 64), theme.GOLD, True, "center")
        width = 1100 - 2 * (LEFT - 90)
        blocks = self.blocks(width)
        height = sum(gap + (CODE_H if lines == "code" else len(lines) * (size + 8)) for lines, size, _c, _b, gap in blocks)
        box = pygame.Rect(90, 112, 1100, height + 52)
        theme.panel(surface, box)
        y = box.y + 26
        for lines, size, colour, bold, gap in blocks:
            y += gap
            if lines == "code":
                code = pygame.Rect(LEFT, y, width, CODE_H - 4)
                theme.panel(surface, code, fill=(8, 24, 19), radius=8, width=1)
                theme.blit_text(surface, theme.fit(example_command(), size, width - 40, True), size,
                                (code.x + 20, code.centery), colour, True, "midleft")
                y += CODE_H
                continue
            for line in lines:
                theme.blit_text(surface, line, size, (LEFT, y), colour, bold)
                y += size + 8
        rect = pygame.Rect(0, 0, 360, 60)
        rect.midtop = (640, box.bottom + 32)
        theme.button(surface, rect, _("Play without keeping"), self.hovering("ok"), 24, "good")
        self.target("ok", rect)
