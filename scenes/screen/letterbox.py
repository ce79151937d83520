"""Fit the fixed logical picture into any window: scale evenly, centre it, bars on the free sides."""


class Letterbox:
    def __init__(self, logical, window):
        self.logical = logical
        self.resize(window)

    def resize(self, window):
        lw, lh = self.logical
        ww, wh = max(1, window[0]), max(1, window[1])
        self.window = (ww, wh)
        self.scale = min(ww / lw, wh / lh)
        self.size = (max(1, round(lw * self.scale)), max(1, round(lh * self.scale)))
        self.offset = ((ww - self.size[0]) // 2, (wh - self.size[1]) // 2)

    @property
    def identity(self):
        return self.size == self.logical and self.offset == (0, 0)

    def to_logical(self, pos):
        """A window pixel to the logical pixel under its centre; points on the bars land outside the
        picture (negative or past the edge), where no target is."""
        x = (pos[0] + 0.5 - self.offset[0]) * self.logical[0] / self.size[0]
        y = (pos[1] + 0.5 - self.offset[1]) * self.logical[1] / self.size[1]
        return int(x // 1), int(y // 1)

    def to_window(self, pos):
        """The window pixel at the centre of a logical pixel (tests use it to aim real clicks)."""
        x = self.offset[0] + (pos[0] + 0.5) * self.size[0] / self.logical[0]
        y = self.offset[1] + (pos[1] + 0.5) * self.size[1] / self.logical[1]
        return int(x), int(y)

    def inside(self, logical_pos):
        return 0 <= logical_pos[0] < self.logical[0] and 0 <= logical_pos[1] < self.logical[1]
