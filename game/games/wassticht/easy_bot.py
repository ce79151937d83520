"""The Easy bot's little sense in Was sticht?: everything at random, except that a starter entitled to
lay down a task always does."""


def choose(view, legal, rng):
    """A task laid down when one may be; None (a random move) otherwise."""
    if legal[0][0] == "discard":
        tasks = [a for a in legal if a[1] is not None]
        if tasks:
            return tasks[rng.randrange(len(tasks))]
    return None
