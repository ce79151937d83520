"""Time-based tweens with easing, and scripts that run groups of them one after another.

Everything advances by ``update(dt)`` in seconds, never by frame count, so an animation looks the
same at any frame rate and tests can drive it by hand. A duration of 0 ("instant") completes on the
first update.
"""


def linear(t):
    return t


def ease_out_cubic(t):
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t):
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t):
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


EASINGS = {f.__name__: f for f in (linear, ease_out_cubic, ease_in_out_cubic, ease_out_back)}


def lerp(a, b, t):
    return a + (b - a) * t


def lerp_pos(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Tween:
    """A value from start to end over duration seconds after delay seconds, shaped by ease."""

    __slots__ = ("duration", "delay", "start", "end", "ease", "elapsed", "on_done", "done")

    def __init__(self, duration, start=0.0, end=1.0, ease=ease_out_cubic, delay=0.0, on_done=None):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.start, self.end, self.ease = start, end, ease
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    @property
    def progress(self):
        """Raw time progress 0..1 (0 while still waiting out the delay)."""
        if self.done:
            return 1.0
        run = self.elapsed - self.delay
        if run <= 0:
            return 0.0
        return 1.0 if self.duration == 0 else min(1.0, run / self.duration)

    @property
    def started(self):
        return self.done or self.elapsed >= self.delay

    @property
    def value(self):
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt):
        """Advance by dt seconds; returns True once finished (the callback runs exactly once)."""
        if self.done:
            return True
        self.elapsed += max(0.0, dt)
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done:
                self.on_done()
        return self.done

    def finish(self):
        if not self.done:
            self.elapsed = self.delay + self.duration
            self.update(0)


class Group:
    """Tweens that run side by side; done when all are done."""

    def __init__(self, tweens=()):
        self.tweens = list(tweens)

    def add(self, tween):
        self.tweens.append(tween)
        return tween

    @property
    def done(self):
        return all(t.done for t in self.tweens)

    def update(self, dt):
        for t in self.tweens:
            t.update(dt)
        return self.done


class Step:
    """One stage of a script: ``begin()`` returns its tweens (made when the stage starts, so they see
    the positions of that moment); ``end()`` runs when they are all done. ``wait`` holds the script
    until something outside (a scene switch) releases it with ``release()``."""

    def __init__(self, begin=None, end=None, wait=False):
        self.begin, self.end, self.wait = begin, end, wait
        self.group = None
        self.released = not wait

    def release(self):
        self.released = True


class Script:
    """Steps run in order; several instant steps may all finish within one update."""

    def __init__(self):
        self.steps = []
        self.current = None

    def add(self, begin=None, end=None, wait=False):
        step = Step(begin, end, wait)
        self.steps.append(step)
        return step

    @property
    def busy(self):
        return self.current is not None or bool(self.steps)

    def update(self, dt):
        while True:
            if self.current is None:
                if not self.steps:
                    return
                self.current = self.steps.pop(0)
                self.current.group = Group(self.current.begin() if self.current.begin else ())
            step = self.current
            if not step.group.update(dt) or not step.released:
                return
            self.current = None
            if step.end:
                step.end()
            dt = 0.0  # this frame's time is spent; later instant steps still finish now

    def finish(self, limit=10_000):
        """Run every step to its end now, up to a step that waits to be released (a score sheet);
        returns whether anything was still moving (a script held by a wait alone was not)."""
        moved = False
        for _ in range(limit):
            if not self.busy:
                break
            step = self.current
            if step is None:
                self.update(0.0)  # the next step begins (and ends, if it takes no time)
                moved = True
                continue
            if step.group.done and not step.released:
                break
            moved = moved or not step.group.done
            for tween in step.group.tweens:
                tween.finish()
            self.update(0.0)
            if self.current is step:
                break  # a step held by its own rule stays as it is
        return moved
