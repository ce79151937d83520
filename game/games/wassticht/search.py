"""The Hard bot's parts for Was sticht? (the search itself is game.bots.search).

The value of a finished round, per seat s: 0.75 if s laid a task down this round, + 0.05 × that
task's difficulty / 8, + 0.2 × the share of rivals who laid nothing down.

The rollout: random moves (a whole draft, all the tricks in one call), but a starter who may lay down
a task lays down his hardest one.
"""

from game.games.wassticht.rules import TASKS


# --- what a finished round was worth -------------------------------------------------------------------
def values(state, base):
    laid = state.history[-1]["laid_down"]
    n = state.players
    done = [str(s) in laid for s in range(n)]
    total = sum(done)
    values = []
    for s in range(n):
        v = 0.0
        if done[s]:
            v = 0.75 + 0.05 * TASKS[laid[str(s)]][1] / 8.0
        v += 0.2 * ((n - 1) - (total - done[s])) / (n - 1)  # the share of rivals who laid nothing
        values.append(v)
    return values


# --- the rollout ---------------------------------------------------------------------------------------
def rollout(state, rng):
    push_random = state.push_random
    while True:
        phase = state.phase
        if phase == "discard":  # lay down the hardest task he holds
            legal = state.legal_actions()
            tasks = [a for a in legal if a[1] is not None]
            state.push(max(tasks, key=lambda a: TASKS[a[1]][1]) if tasks else legal[0])
        elif not push_random(rng, phase):  # random: a whole draft, all the tricks in one call
            return
