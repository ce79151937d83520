"""One registration per game: each game's package (``game/games/<id>/``) registers one ``GameKit``
that holds everything of that game the shared machinery needs, and the machinery (observers, bots,
the coach, the story, the command line, the phones, the teacher) asks the kit and names no game.
OpenSpiel's ``GameInfo``/``register_game`` and its games that register themselves are the model.

Heavy parts (bots, the search's tables, the teaching) are given as ``"module:attr"`` strings (or a
module name) and imported on first use (``GameKit.part``), so that ``import game`` stays quick.
"""

import importlib
from dataclasses import dataclass, field, fields

_KITS = {}


@dataclass(frozen=True)
class GameInfo:
    """A game's facts: read everywhere (screens, bots, tools)."""

    id: str
    title: str
    player_counts: tuple
    hand_size: int            # cards in a hand when the tricks begin
    tricks_per_round: int
    rounds: dict = field(default_factory=dict)  # player count -> rounds; empty: until the rules end it
    default_options: dict = field(default_factory=dict)
    state_class: type = None

    def rounds_for(self, players):
        """The number of rounds with this many players, or None when the rules end the game."""
        return self.rounds.get(players)


@dataclass(frozen=True)
class CliOption:
    """One of a game's options on the command line (``python -m game simulate``)."""

    flag: str       # "--winner-leads"
    option: str     # the game option it sets: "winner_leads"
    help: str       # what it does, N_-marked (shown translated)
    choices: tuple = ()  # the values it takes; none: a switch, set (True or False) in every game of it

    def value(self, given):
        """The game option's value from what the command line gave (None: leave the game's default)."""
        if not self.choices:
            return bool(given)
        return given if given else None


@dataclass(frozen=True)
class GameKit:
    """Everything of one game that lies outside its rules core, in one place."""

    info: GameInfo
    #: Where the game stands in every list (the menu's tiles, the demo, ``GAMES``): smaller first.
    order: int = 100

    # --- what each event and action may show (game.observe); hidden unless declared -------------------
    #: {event kind: the keys every viewer is told}, the observer's own events (``revealed``) and the
    #: keys ``context`` adds included. A kind left out is told whole to its actor alone, to everyone
    #: else as its kind; a key left out is told to nobody. The record's lines every game writes
    #: (``game``, ``act``, ``score``, ``end``) are declared by game.observe.
    public_events: dict = field(default_factory=dict)
    #: The action kinds every seat sees played; any other kind shows its value only to its actor.
    public_actions: frozenset = frozenset()
    #: The action kinds meant to show their value to their actor alone (a secret bid, a chosen task):
    #: declared, so that a kind the kit forgot (neither public nor secret) is told apart and refused
    #: (game.declared).
    secret_actions: frozenset = frozenset()
    #: {event kind: (event, viewer) -> the event as that viewer may know it} for a line that holds a
    #: secret of some seats (a deal's hands); applied before the keys are read.
    hiders: dict = field(default_factory=dict)
    #: (event as told, the viewer's view before, after) -> the event with what the viewer saw with it
    #: (a price, a reason), or None.
    context: object = None
    #: (view before, view after) -> the observer's own events for what the view newly shows (secret
    #: choices revealed together), or None.
    revealed: object = None
    #: The revealed events are told before the step's first event of this kind (None: last).
    reveal_before: str | None = None
    #: (seat's view, table's view) -> the keys of the seat's view the table can work out for itself
    #: (no secret to cover), or None.
    table_knows: object = None

    # --- the views ----------------------------------------------------------------------------------------
    #: The game's view (``state.view(seat)``) as a declared TypedDict (extending game.view.TrickTakingView
    #: for a trick-taking game): every key it has, with its type.
    view_type: object = None

    # --- the bots (game.bots) ----------------------------------------------------------------------------
    #: () -> a fresh Normal bot (``choose(view, legal, rng)``): a class or factory, "module:attr".
    normal: object = None
    #: (view, legal, rng) -> the Easy bot's move, or None for a random one.
    easy: object = None
    #: What the level words say of this game: {"sense", "plan", "unseen"}, N_-marked.
    level_words: dict = field(default_factory=dict)
    #: (players, level) -> (games, wins) of the duplicate tournaments of docs/bots.md.
    measured: dict = field(default_factory=dict)

    # --- the Hard bot's search (game.bots.search) ---------------------------------------------------------
    #: (view, stop_at_round_end, bid_odds) -> an object whose ``sample(rng)`` builds a world.
    sampler: object = None
    #: (state whose round was just scored, base) -> every seat's value in [0, 1].
    values: object = None
    #: (state, rng): play a world on to the round's end by the game's cheap rules.
    rollout: object = None
    #: (state, rng): the same at random (None: random moves to the round's end).
    random_rollout: object = None
    #: {phase: the free action a costly one of that phase must clearly beat}.
    defaults: dict = field(default_factory=dict)
    #: view -> {rival seat: (choices, cumulative weights)} of rivals' secret choices, or None.
    odds: object = None
    #: The phase whose choices the odds draw, and {choice: its action}.
    odds_phase: str | None = None
    odds_actions: object = None
    #: view -> what ``values`` compares with at the round's end (None: nothing).
    base: object = None
    #: The state's list that grows when a round has been scored.
    scored: str = "history"

    # --- the coach (game.explain) ------------------------------------------------------------------------
    #: What the coach's percentages measure: (a short line for the hint box, the whole sentence), N_-marked.
    meaning: tuple = ()
    #: (view, action) -> a short reason for the action (a verb phrase), or None.
    reason: object = None
    #: (view, action, seat_name) -> the action in a few words for the hint's sentence where its cards do
    #: not name it (a task's words, a seat by SEAT_NAME: seat -> name), or None.
    move: object = None

    # --- the table's helps (game.assist) ---------------------------------------------------------------
    #: players -> the game's cards in deck order (None: the game has no count of cards still out).
    deck: object = None
    #: (view, deck) -> the cards the other seats may still play, as far as the view's seat can know.
    out: object = None

    # --- the evening's story (game.story) -------------------------------------------------------------
    #: What the totals count, for the chart's heading (N_-marked; None: "Score").
    measure: str | None = None
    #: Each seat's total before the first round.
    start_total: int = 0
    #: The highlights: functions events -> a highlight (a dict with its "kind") or None, in order.
    highlights: object = ()
    #: (highlight, names) -> (heading, sentence) for the kinds the game adds or words its own way, else None.
    describe: object = None
    #: (the table's view of the finished game, seat) -> (tasks the seat met, tasks it had), for a game
    #: with tasks (a phone's result card), or None.
    tasks_met: object = None

    # --- the command line (python -m game) -------------------------------------------------------------
    #: The game's options there: CliOption each.
    options: tuple = ()

    # --- the phones (phone.bridge) ---------------------------------------------------------------------
    #: state -> {fact: JSON-ready value} every seat may know before anything happens (colours, a joker,
    #: rows, task texts; ``prompts``: {phase: N_-marked words for a seat's turn}), or None.
    phone_facts: object = None
    #: facts -> the facts with the game's own words in the language now (the prompts are the bridge's), or None.
    spoken: object = None
    #: The game's drawing on the phone page, a JavaScript module (the page loads it for the game in the
    #: facts; phone/page/app.js says what it provides): the path of its file, or None for the one the
    #: phone package ships, ``phone/page/games/<id>.js``. A game kept elsewhere (a test's) names its own.
    phone_page: object = None
    #: view -> every seat's points of the round being played, as far as the view's seat can tell (its
    #: page shows them beside the totals), or None when the round has none yet; None: the page shows the
    #: last scored round's points.
    phone_points: object = None
    #: (view, legal) -> [[action as a JSON list, words], ...]: what the page writes under some of the
    #: seat's choices (what a choice would score now, as the TV says it), or None.
    phone_choices: object = None

    # --- teaching (game.teach) -------------------------------------------------------------------------
    #: The teaching module, by name: its rules (``game.teach.rule``), ``LESSON``, ``turn_line``,
    #: ``score_lines`` and, where the teacher must not follow the Normal bot blindly, ``suggest``.
    teach: str | None = None

    @property
    def id(self):
        return self.info.id

    @property
    def title(self):
        return self.info.title

    @property
    def state_class(self):
        return self.info.state_class

    def part(self, name):
        """The part NAME, imported now if the kit names it by a "module:attr" string (a module for a
        string without a colon); None for a part the kit leaves out."""
        return load(getattr(self, name))

    def parts(self):
        """The names of every part a kit may give (the fields but its facts)."""
        return tuple(f.name for f in fields(self) if f.name not in ("info", "order"))


#: The parts a game may leave out, and what the machinery does without them: no secret action, no hider,
#: context or reveal (its lines show their declared keys as they are), no deduction by the table, random
#: moves for the random rollouts, no free default choice, no rivals' secret choices drawn by their odds,
#: nothing to compare a round's value with, no count of cards still out, "Score" as the story's measure,
#: a start at 0, only the shared highlights' words, no command line options, no words of its own in the
#: phones' facts, the phone page's module where the phone package ships it, the last scored round's points
#: on the phones, no words under a phone's choices, no guided first round nor teach mode's reminders (no
#: teaching), no measured tournament numbers, no tasks on a phone's result card, the hint naming moves by
#: their cards and seats alone.
#: Every other part every game gives (tests/test_structure.py).
OPTIONAL_PARTS = frozenset({
    "secret_actions", "hiders", "context", "revealed", "reveal_before", "table_knows", "random_rollout",
    "defaults", "odds", "odds_phase", "odds_actions", "base", "deck", "out", "measure", "start_total",
    "describe", "options", "spoken", "phone_page", "phone_points", "phone_choices", "teach", "measured",
    "tasks_met", "move"})


def load(target):
    """TARGET itself, or what a "module:attr" string (a module for a bare "module") names."""
    if not isinstance(target, str):
        return target
    module, _, attr = target.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attr) if attr else found


def register(game_kit):
    """Register a game's kit (once per id); returns it."""
    if game_kit.id in _KITS:
        raise ValueError(f"{game_kit.id} is registered already")
    _KITS[game_kit.id] = game_kit
    return game_kit


def unregister(game_id):
    """Take a game out of the registry (tests that register a game of their own)."""
    _KITS.pop(game_id, None)


def kit(game_id):
    """The kit of a registered game."""
    try:
        return _KITS[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r} (choose from {', '.join(registered())})") from None


def find(game_id):
    """The kit of GAME_ID, or None for a game nobody registered (what it does not declare stays hidden)."""
    return _KITS.get(game_id) if isinstance(game_id, str) else None


def game_info(game_id):
    """The facts of a registered game."""
    return kit(game_id).info


def registered():
    """The registered games' ids, in their order (then in the order they were registered)."""
    return tuple(sorted(_KITS, key=lambda g: _KITS[g].order))
