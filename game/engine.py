"""The state protocol shared by the three games.

A game is one replayable history: the state starts from a seed, draws every chance outcome (deals,
shuffles, secret trumps) from its own ``random.Random(seed)`` and writes it as an event, and changes
only through ``apply(action)``. Actions are small tuples whose first item is the record key:
``("play", "R10")``, ``("pick", ("R14", "Y8"))``, ``("buy", 2)``, ``("play", "X4", "B")``.

Two ways to move (as python-chess has ``push_san`` and ``push``):

- ``apply(action)``: checked and recorded. Refuses an illegal action (``IllegalAction``, the state
  unchanged) and writes an "act" event, so the record replays. The real game uses only this.
- ``push(action)``: the fast path for search on copies. No check and no "act" event; the action
  must be one of ``legal_actions()`` (a wrong one corrupts the state without a word).
  ``push_random(rng)`` pushes a uniformly random legal action (for rollouts), where it can
  without building the list of legal actions; ``play_random(rng)`` plays on at random to the end.

A search plays in copies: ``clone(record=False, stop_at_round_end=True)`` keeps no events and stops
when the round has been scored instead of dealing the next one (``round_over`` turns true and
``legal_actions()`` is empty).

Some games add whole stretches of a rollout in one call, unchecked like push, with the caller's
choices: Mit List und Tücke ``push_tricks(rng, pick, plus)`` (the rest of the round), Tricks
``push_tricks(rng, prefer, explore, name_leader)`` (the round's tricks). Each draws exactly what
its documented pushes one at a time would draw.
"""

import hashlib
import json
import random
import secrets
from collections import deque
from dataclasses import dataclass

from game.i18n import _
from game.shapes import brief, shaped


_LOOKALIKE_TYPES = (bool, float)
REASON_LIMIT = 200  # characters of a refusal: a reason is a sentence, never a quoted file


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why. The state is unchanged."""


class NotYourTurn(IllegalAction):
    pass


class GameOver(IllegalAction):
    pass


class BadChance(ValueError):
    """A supplied chance outcome (a deal from a record) that the rules cannot produce."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    bot: str | None = None

    def to_json(self):
        d = {"name": self.name, "kind": self.kind}
        if self.kind == "bot":
            d["bot"] = self.bot or "random"
        return d

    @classmethod
    def from_json(cls, d):
        kind = d.get("kind", "human") if isinstance(d, dict) else None
        if kind not in ("human", "bot") or not isinstance(d.get("name", ""), str):
            raise ValueError('a seat is {"name": text, "kind": "human" or "bot"}, '
                             f"not {_brief(d)}")
        bot = d.get("bot") if kind == "bot" else None
        return cls(name=printable(d.get("name", "")), kind=kind, bot=bot if isinstance(bot, str) else None)


def printable(text):
    """text with what no screen can draw (control characters, lone surrogates from a JSON escape)
    replaced by U+FFFD, so a name from any file is safe to show."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else "\ufffd" for c in text)


def _brief(value, limit=80):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


SEED_BITS = 64  # far beyond a search of every seed against one's own hand (31 bits took hours)


def new_seed():
    """A new game's seed, from the operating system's randomness. The seed deals every hand, so
    it is a secret of the rules core while the game runs: no seat is ever told it."""
    return secrets.randbits(SEED_BITS)


def derived_rng(seed, *labels):
    """A generator of its own for something beside the game (a bot of the table, the coach),
    derived one-way from the game's seed and LABELS: the same game gives the same generator, but
    nothing drawn from it leads back to the seed, and it cannot be recomputed without the seed."""
    text = json.dumps([seed, *labels], separators=(",", ":"))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest(), "big"))


def default_seats(n):
    return [Seat(f"Player {i + 1}") for i in range(n)]


def action_to_json(action):
    """("play", "X4", "B") -> {"play": "X4", "as": "B"}; tuples of items become lists."""
    key, arg = action[0], action[1]
    d = {key: list(arg) if isinstance(arg, tuple) else arg}
    if len(action) > 2:
        d["as"] = action[2]
    return d


def action_from_json(d):
    """The inverse of action_to_json, for any well-formed action object."""
    if not isinstance(d, dict) or not d:
        raise ValueError("an action must be a non-empty JSON object")
    keys = [k for k in d if k != "as"]
    if len(keys) != 1:
        raise ValueError(f"an action has exactly one key besides 'as', got {sorted(d)}")
    key = keys[0]
    arg = d[key]
    if isinstance(arg, list):
        arg = tuple(arg)
    if "as" in d:
        return (key, arg, d["as"])
    return (key, arg)


class GameState:
    """Base of the three game states.

    Subclasses set ``game_id``, ``player_counts`` and ``default_options``, and implement
    ``_legal()`` (the list of legal actions, computed once per decision; a game whose own
    ``legal_actions`` works out its frequent phases leaves only the others to ``_legal``),
    ``_apply(action)`` (change the state for a legal action and emit events, ``push`` may be the
    same function),
    ``_why(action)`` (the reason an action is illegal), ``view(seat)`` and ``_snapshot()``. At the
    end of a round a game calls ``_next_round()``, not its ``_start_round()``, so that
    ``stop_at_round_end`` can stop it there. Events are built only ``if self._record``.
    """

    game_id = ""
    player_counts = ()
    default_options = {}
    #: Public: when true, the state does not deal the next round when a round has been scored (nor,
    #: in Was sticht?, the first round after the task draft): ``round_over`` turns true, the phase
    #: is "round_over" and ``legal_actions()`` is empty. For search copies (see ``clone``).
    stop_at_round_end = False
    #: Public: when true (search worlds, see ``game.bots.worlds``), a game may leave out what only
    #: people read: Mit List und Tücke keeps no trick records (``last_trick``, ``round_tricks``
    #: stay as they were) and no reasons in its round results (None); Tricks keeps no
    #: ``last_trick`` and words no first leader's reason when one bid made trump (None). Play,
    #: legal actions and scores are the same. Copies inherit it.
    lean = False
    _record = True
    #: What each kind of action holds: {kind: game.shapes.Kind}. Every action that is not one of the
    #: legal tuples as they are is checked against it before any rule (``_normalize``, ``_why``,
    #: ``_apply``) sees it, so a rule only ever meets the types, lengths and ranges it expects.
    action_shapes = {}

    def __init__(self, players, seed=0, seats=None, options=None, chance=None):
        if players not in self.player_counts:
            raise ValueError(f"{self.game_id} is played by {self._counts_text()} players, not {players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be an integer, not {seed!r}")
        self.players = players
        self.seed = seed
        self.seats = [s if isinstance(s, Seat) else Seat.from_json(s) for s in (seats or default_seats(players))]
        if len(self.seats) != players:
            raise ValueError(f"{players} players need {players} seats, got {len(self.seats)}")
        self.options = self._check_options(options or {})
        self.rng = random.Random(seed)
        self._chance_queue = deque(chance or ())
        self.events = []
        self._legal_cache = None
        self.current_player = None
        self.phase = "setup"
        self.totals = [0] * players
        self.round = 0
        self.winners = None
        self.events.append({"t": "game", "v": 1, "game": self.game_id, "players": players,
                            "seats": [s.to_json() for s in self.seats], "seed": seed,
                            "options": dict(self.options)})

    def _counts_text(self):
        counts = [str(c) for c in self.player_counts]
        return counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"

    def _check_options(self, options):
        unknown = set(options) - set(self.default_options)
        if unknown:
            raise ValueError(f"unknown option(s) for {self.game_id}: {', '.join(sorted(unknown))}")
        merged = dict(self.default_options)
        merged.update(options)
        return merged

    # --- the protocol -------------------------------------------------------------------------
    @property
    def is_over(self):
        return self.winners is not None

    @property
    def round_over(self):
        """True when no action follows in this round: the game is over, or this state stops at
        the round's end (``stop_at_round_end``) and the round has been scored."""
        return self.current_player is None

    def legal_actions(self):
        """The legal actions of the current player: computed once per decision and cached, so
        calling it again is cheap; a list shared with the state, do not change it. Empty when the
        game is over or the state stopped at a round's end."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = [] if self.current_player is None else self._legal()
        return legal

    def push(self, action):
        """Carry out ACTION, known to be legal, without checking it and without an "act" event:
        the fast path for search in copies (``clone(record=False)``).

        ACTION must be one of ``legal_actions()`` (that tuple or an equal one); anything else
        corrupts the state without a word. Nothing records the action, so a recording state moved
        by push no longer replays: the real game moves with ``apply``. Games override this with
        their ``_apply`` itself (one call less); the effect is the same.
        """
        self._legal_cache = None
        self._apply(action)

    def push_random(self, rng, phase=None):
        """The rollout step of a search: push a uniformly random legal action, the one at
        ``int(rng.random() * n)`` in ``legal_actions()`` (n of them). With PHASE, keep pushing
        random legal actions as long as the phase is PHASE (none if it is not): a whole trick or
        draft in one call. Returns how many actions were pushed (0 when there is none to push).

        Like push: nothing checked, nothing recorded. Games draw the same actions without
        building the list of legal actions where they can; the effect is exactly that of
        ``push(legal[int(rng.random() * len(legal))])`` repeated.
        """
        random = rng.random
        count = 0
        while phase is None or self.phase == phase:
            legal = self.legal_actions()
            if not legal:
                break
            self.push(legal[int(random() * len(legal))])
            count += 1
            if phase is None:
                break
        return count

    def play_random(self, rng):
        """A random playout: push uniformly random legal actions (as push_random does, one phase
        at a time) until none is left: the game is over, or the round when the state stops at its
        end. Returns how many actions were pushed. For search copies, like push."""
        count = 0
        while True:
            pushed = self.push_random(rng, self.phase)
            if not pushed:
                return count
            count += pushed

    def apply(self, action):
        """Carry out a legal action of the current player, or raise IllegalAction and change nothing."""
        legal = self.legal_actions()
        # True == 1 and 1.0 == 1: without the type check ("buy", True) would pass as ("buy", 1)
        # and write a boolean seat into the record.
        if action not in legal or type(action[1]) in _LOOKALIKE_TYPES:
            action = self._shaped(action)
            if action not in legal or type(action[1]) in _LOOKALIKE_TYPES:
                raise self._refusal(action)
        self.events.append({"t": "act", "p": self.current_player, "a": action_to_json(action)})
        self._legal_cache = None
        self._apply(action)

    def apply_as(self, seat, action):
        """Like apply, but first refuses an action by a seat whose turn it is not."""
        if self.winners is not None:
            raise GameOver(_("the game is over"))
        if seat != self.current_player:
            raise NotYourTurn(_("it is {player}'s turn, not {other}'s").format(
                player=self.seats[self.current_player].name, other=self.seats[seat].name))
        self.apply(action)

    def _refusal(self, action):
        if self.winners is not None:
            return GameOver(_("the game is over"))
        if self.current_player is None:
            return IllegalAction(_("the round is over (this state stops at the round's end)"))
        try:
            reason = self._why(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            # a game that declares no shapes met a malformed action (a dict where a card belongs)
            reason = None
        # TRANSLATORS: {action} is the refused action quoted as the program holds it, e.g. ('play', 'R10')
        reason = reason or _("{action} is not an action this game allows now").format(action=brief(action))
        return IllegalAction(reason if len(reason) <= REASON_LIMIT else reason[:REASON_LIMIT] + "…")

    def _shaped(self, action):
        """ACTION (a tuple, a list or its JSON object) as the tuple of its declared shape, in the
        spelling the rules list it (``_normalize``); IllegalAction, in a few words, for anything of
        another shape. A game over says so first, as it always has."""
        if not self.action_shapes:
            return self._normalize(action)
        checked, reason = shaped(self.action_shapes, action, self.players)
        if reason:
            raise GameOver(_("the game is over")) if self.winners is not None else IllegalAction(reason)
        return self._normalize(checked)

    def _normalize(self, action):
        """Another spelling of the same action (lists for tuples, other orders); games may extend."""
        if isinstance(action, dict):
            try:
                action = action_from_json(action)
            except ValueError:
                return action
        if isinstance(action, list):
            action = tuple(action)
        return action

    def why_illegal(self, action):
        """The reason an action is refused now, or None if it is legal."""
        if self.winners is not None:
            return _("the game is over")
        legal = self.legal_actions()
        try:
            action = self._shaped(action)
        except IllegalAction as refusal:
            return str(refusal)
        if action in legal and type(action[1]) not in _LOOKALIKE_TYPES:
            return None
        return str(self._refusal(action))

    def secret_seats(self):
        """The seats that still make the current secret choice, all at the same time (in the order
        this state asks them), or () when the current decision is not one of those."""
        return ()

    def scores(self):
        """Running totals per seat."""
        return list(self.totals)

    # --- chance ----------------------------------------------------------------------------------
    def _chance(self, kind, generate, check):
        """Draw a chance outcome from the own generator; a supplied outcome (a record's) wins.

        The generator is advanced either way, so replaying a record this program wrote leaves the
        generator exactly where the original game had it.
        """
        outcome = generate(self.rng)
        if self._chance_queue:
            supplied_kind, supplied = self._chance_queue[0]
            if supplied_kind == kind:
                self._chance_queue.popleft()
                problem = check(supplied)
                if problem:
                    raise BadChance(f"the {kind} cannot happen: {problem}")
                return supplied
        return outcome

    def _emit(self, event):
        self.events.append(event)

    def _next_round(self):
        """A round (or Was sticht?'s task draft) is over: deal the next one, or stop here."""
        if self.stop_at_round_end:
            self.phase = "round_over"
            self.current_player = None
            self._legal_cache = None
        else:
            self._start_round()

    def _start_round(self):
        raise NotImplementedError

    def _finish(self, winners):
        self.winners = winners
        self.current_player = None
        self.phase = "over"
        self._legal_cache = None
        self._emit({"t": "end", "totals": list(self.totals), "winners": winners})

    # --- comparison ----------------------------------------------------------------------------------
    def snapshot(self):
        """Everything that makes this state what it is, as a JSON string (for equality checks)."""
        core = {"events": self.events, "rng": self.rng.getstate(), "phase": self.phase,
                "current": self.current_player, "totals": self.totals, "round": self.round,
                "winners": self.winners, "game": self._snapshot()}
        return json.dumps(core, sort_keys=True, default=_jsonable)

    def _snapshot(self):
        return {}

    # --- copies for search bots --------------------------------------------------------------------
    def _copy_base(self, record, rng, stop_at_round_end=None):
        """The shared part of a game's clone(): a new object with the same fields, its own
        generator (default: a copy of ours), chance queue, events, totals and winners.

        record=False: the copy starts with no events and emits none (for simulations);
        stop_at_round_end: None keeps this state's setting."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        new.rng = rng
        if self._chance_queue:
            new._chance_queue = deque(self._chance_queue)
        else:
            new._chance_queue = _EMPTY_QUEUE  # nothing is ever added to it: share one empty queue
        if record:
            new.__dict__.pop("_emit", None)
        _set_recording(new, record, list(self.events) if record else None)
        new._legal_cache = None
        new.totals = list(self.totals)
        if self.winners is not None:
            new.winners = list(self.winners)
        if stop_at_round_end is not None:
            new.stop_at_round_end = bool(stop_at_round_end)
        return new

    @classmethod
    def _blank(cls, players, options=None, rng=None, record=False, stop_at_round_end=False):
        """An empty state of this game to be filled in by from_view (no round started)."""
        new = object.__new__(cls)
        GameState.__init__(new, players, seed=0, options=options)
        if rng is not None:
            new.rng = rng
        _set_recording(new, record, new.events)
        if stop_at_round_end:
            new.stop_at_round_end = True
        return new

    def __eq__(self, other):
        return type(self) is type(other) and self.snapshot() == other.snapshot()

    __hash__ = None

    # --- to be provided by each game -----------------------------------------------------------------
    def _legal(self):
        raise NotImplementedError

    def _apply(self, action):
        raise NotImplementedError

    def _why(self, action):
        raise NotImplementedError

    def view(self, seat):
        raise NotImplementedError

    def action_universe(self):
        """Every action that is well formed in this game, legal now or not (for tests and input)."""
        raise NotImplementedError


def _no_emit(event):
    """Stands in for GameState._emit in simulation copies: events are not kept."""


_EMPTY_QUEUE = deque()


def _set_recording(state, record, events):
    if record:
        state.events = events
        state._record = True
    else:
        state.events = []
        state._emit = _no_emit
        state._record = False


def _jsonable(value):
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"cannot snapshot {type(value).__name__}")


def seats_from_to(first, stop, players):
    """Seats clockwise from first up to, not including, stop."""
    seats, seat = [], first
    while True:
        seats.append(seat)
        seat = (seat + 1) % players
        if seat == stop:
            return tuple(seats)


def winners_of(totals):
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]
