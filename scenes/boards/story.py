"""The evening's story on the final score sheet: a chart of each player's running total round by
round, and the game's highlights beside it. The numbers and the words are the rules core's
(``game.story``); this only draws them, in the table's colours and fonts."""

import pygame

from scenes.screen import paint

from game import story
from game.i18n import _
from scenes.screen import theme

CHART_W = 690       # the chart's share of the story's width; the highlights take the rest
GAP = 20
PLOT_FILL = (14, 40, 32)
GRID = (40, 78, 62)
HEAD = 18           # headings
SMALL = 16          # axis numbers, the legend
LINE_SIZE = 16      # a highlight's sentence


LINES_APART = 2  # how much thicker each line is than the next seat's: equal lines stay seen

def nice_step(span, most=5):
    """A round step (1, 2, 5, 10, 20, 50...) that cuts SPAN into at most MOST parts."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= most:
                return step * factor
        step *= 10


class StoryPanel:
    """What one final sheet tells: its curve and highlights, read once from the game's events."""

    def __init__(self, events, names):
        self.names = list(names)
        self.curve = story.curve(events)
        self.highlights = [story.describe(h, self.names) for h in story.highlights(events)]
        self.chart_rect = None  # where the plot was drawn, and the pixels of each seat's points
        self.points = {}

    def draw(self, scene, surface, area):
        chart = pygame.Rect(area.x, area.y, CHART_W, area.height)
        notes = pygame.Rect(chart.right + GAP, area.y, area.right - chart.right - GAP, area.height)
        self.draw_chart(scene, surface, chart)
        self.draw_highlights(scene, surface, notes)

    # --- the chart ---------------------------------------------------------------------------------
    def draw_chart(self, scene, surface, box):
        theme.panel(surface, box, fill=PLOT_FILL, radius=12)
        theme.blit_text(surface, story.heading(self.curve), HEAD, (box.x + 14, box.y + 10), theme.GOLD, True)
        self.draw_legend(surface, box)
        labels, series = self.curve["labels"], self.curve["series"]
        plot = pygame.Rect(box.x + 58, box.y + 64, box.width - 80, box.height - 64 - 34)
        self.chart_rect, self.points = plot, {}
        if not series or len(labels) < 2 or plot.height < 30:
            return
        values = [v for line in series for v in line]
        low, high = min(0, min(values)), max(values)
        step = nice_step(max(1, high - low))
        low = step * (low // step)
        high = max(low + step, -(-high // step) * step)

        def y_of(value):
            return plot.bottom - (value - low) * plot.height / (high - low)

        def x_of(i):
            return plot.x + i * plot.width / (len(labels) - 1)

        for value in range(low, high + 1, step):
            y = round(y_of(value))
            paint.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
            theme.blit_text(surface, str(value), SMALL, (plot.x - 8, y), theme.INK_DIM, False, "midright")
        every = max(1, -(-len(labels) // 16))  # at most 16 round numbers under the axis
        for i, label in enumerate(labels):
            if i % every and i != len(labels) - 1:
                continue
            x = round(x_of(i))
            paint.line(surface, GRID, (x, plot.bottom), (x, plot.bottom + 5), 1)
            theme.blit_text(surface, story.label_text(label), SMALL, (x, plot.bottom + 8), theme.INK_DIM, False, "midtop")
        paint.line(surface, theme.PANEL_EDGE, plot.bottomleft, plot.bottomright, 2)
        paint.line(surface, theme.PANEL_EDGE, plot.topleft, plot.bottomleft, 2)
        for seat, line in enumerate(series):
            colour = theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]
            pts = [(round(x_of(i)), round(y_of(v))) for i, v in enumerate(line)]
            self.points[seat] = pts
            # equal totals would hide one line under another: each is drawn thinner than the one
            # before it, so lines that run together show as stripes of every colour
            paint.lines(surface, colour, False, pts, 2 + LINES_APART * (len(series) - 1 - seat))
            for i, (p, value) in enumerate(zip(pts, line)):
                paint.circle(surface, colour, p, 4)
                scene.tip(pygame.Rect(p[0] - 7, p[1] - 7, 14, 14), story.point_text(self.names[seat], labels[i], value))

    def draw_legend(self, surface, box):
        """Each player's colour and name, in a row under the heading."""
        count = max(1, len(self.names))
        width = (box.width - 28) // count
        for seat, name in enumerate(self.names):
            x = box.x + 14 + seat * width
            colour = theme.PLAYER_COLOURS[seat % len(theme.PLAYER_COLOURS)]
            paint.line(surface, colour, (x, box.y + 46), (x + 18, box.y + 46), 4)
            theme.blit_text(surface, theme.fit(name, SMALL, width - 30, True), SMALL, (x + 24, box.y + 46), colour,
                            True, "midleft")

    # --- the highlights ----------------------------------------------------------------------------
    def draw_highlights(self, scene, surface, box):
        theme.panel(surface, box, fill=PLOT_FILL, radius=12)
        theme.blit_text(surface, _("Highlights"), HEAD, (box.x + 14, box.y + 10), theme.GOLD, True)
        y = box.y + 36
        width = box.width - 28
        for heading, sentence in self.highlights:
            lines = theme.wrap(sentence, LINE_SIZE, width)
            need = 21 + len(lines) * (LINE_SIZE + 4)
            if y + need > box.bottom - 6:
                break  # no room for more (never half a highlight)
            top = y
            theme.blit_text(surface, heading, LINE_SIZE, (box.x + 14, y), theme.INK_DIM, True)
            y += 21
            for line in lines:
                theme.blit_text(surface, line, LINE_SIZE, (box.x + 14, y), theme.INK)
                y += LINE_SIZE + 4
            # TRANSLATORS: a highlight's tooltip: its heading, then its sentence
            scene.tip(pygame.Rect(box.x, top, box.width, y - top), _("{heading}: {sentence}").format(
                heading=heading, sentence=sentence))
            y += 7
        if not self.highlights:
            theme.blit_text(surface, _("A quiet game: nothing stood out."), LINE_SIZE, (box.x + 14, y), theme.INK_DIM)
