"""A guided round played without a screen: the lesson's bots as the table seats them, the learner's
moves chosen by a function. Tests and the search for a lesson's deal read what the teacher said."""

from dataclasses import dataclass, field

from game.bots import make_bot
from game.engine import derived_rng
from game.observe import Observer
from game.runner import bot_action
from game.teach import Moment, Teacher, suggest


def bot_rng(seed, seat):
    """A table bot's generator, as the table seats it at a game's start (scenes.screen.session)."""
    return derived_rng(seed, "bot", seat, 0)


def suggestion_rng(seed, moment):
    """The teacher's generator for the suggestion at one moment: the same suggestion every time."""
    return derived_rng(seed, "teach", moment)


def round_scored(events):
    return any(e.get("t") == "score" for e in events)


@dataclass
class Walk:
    """What happened: every note in the order told, with the moment it was told at, and the state."""

    state: object
    told: list = field(default_factory=list)  # (Moment, Note)
    learner_moves: int = 0

    @property
    def rules(self):
        return [n.rule for _, n in self.told]


def walk(lesson, choose=None, learner_name=None, on_note=None):
    """Play LESSON's first round to its score. CHOOSE(moment, suggestion) -> the learner's action
    (default: the suggestion). ON_NOTE(moment, note, state): told of every note with the game as it
    is when the note is told (tests check the note against it)."""
    state = lesson.state(learner_name)
    names = tuple(s.name for s in state.seats)
    seat = lesson.learner
    bots = {i: make_bot(s.bot) for i, s in enumerate(state.seats) if s.kind == "bot"}
    rngs = {i: bot_rng(lesson.seed, i) for i in bots}
    teacher = Teacher(lesson.game_id)
    observer = Observer(state, seat)
    result = Walk(state)

    def tell(moment):
        for note in teacher.look(moment):
            result.told.append((moment, note))
            if on_note is not None:
                on_note(moment, note, state)

    while True:
        scored = False
        for step in observer.take():
            tell(Moment(step.view, step.before, step.action, step.actor, (), names))
            scored = scored or round_scored(step.events)
        if scored or state.is_over:
            return result
        legal = tuple(state.legal_actions())
        if state.current_player == seat:
            moment = Moment(observer.last_view, None, None, None, legal, names)
            tell(moment)
            advice = suggest(moment.view, legal, suggestion_rng(lesson.seed, len(state.events)))
            action = choose(moment, advice) if choose else advice
            result.learner_moves += 1
        else:
            who = state.current_player
            action = bot_action(state, bots[who], rngs[who])
        state.apply(action)
