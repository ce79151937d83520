"""One game on this screen: the rules state behind its one door, who decides each seat, and who is
looking.

Every action, whoever takes it, goes in by ``act(seat, action)`` (``game.door.Door``): checked once,
applied once, written to the record (the door's first subscriber, ``Keeper``), then pushed as one step
to every viewer: the screen's queue of steps (``take_step``), each phone seat (``phone.bridge``) and
the coach. Each seat has a decider: a person at this screen, a bot, a phone (with a bot standing in
while it is away) or a record being played back (a replay).

The session owns the hand-off rule. Seats never move: the ``anchor`` seat is drawn at the bottom for
the whole game, and the hand strip under the table shows the hand of ``home``, the person who acts
(the ``viewer``, the person at the mouse, once they may look). A press is asked for only where the
decision needs what the table may not see (``game.observe.needs_privacy``: a hidden hand to play
from, a secret bid, trump or task): ``needs_handoff`` is then true until that person's one press
(the strip over the hand: "Ben: your turn; others look away"), and until then the screen draws the
table's view. A decision in front of everyone (a buy, the task draft, a pick) is taken without it; a
hidden hand stays hidden then (``veiled``) until its person asks to see it (``show_hand``, one
press). The same person deciding again after only bots moved needs no new press.
"""

import time
import traceback
import threading
from collections import deque
from concurrent.futures import Future

from game import new_game
from game.bots import make_bot
from game.door import Door
from game.engine import derived_rng, new_seed
from game.i18n import N_, _
from game.observe import TABLE, privacy, told as told_so_far
from game.runner import bot_action
from kept.storage import Autosave, not_kept_words, undo_refused_words
from game.undo import before_last_decision, person_seat, why_not_undo
from scenes.screen.protocols import decider_part


class DaemonPool:
    """Runs each task in a thread of its own that never holds up the program's end: closing the
    window while a bot thinks exits at once (a ThreadPoolExecutor's workers are joined at exit), and a
    think left behind by a finished game never delays the next one."""

    @staticmethod
    def submit(fn, *args):
        future = Future()

        def work():
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn(*args))
            except BaseException as error:  # noqa: BLE001 - handed to whoever reads the future
                future.set_exception(error)

        threading.Thread(target=work, name="bot", daemon=True).start()
        return future


_pool = DaemonPool()
STANDIN_BOT = "normal"  # the level that plays a phone seat while its phone is away


def fresh_seed():
    return new_seed()


def seat_rng(seed, seat, moment):
    """A table bot's generator: its own, derived one-way from the secret seed (game.engine), so
    no seat can recompute it, nor learn the seed from the bot's choices."""
    return derived_rng(seed, "bot", seat, moment)


def thinking_pool():
    """Where bots (and the coach) think, so the animations keep running meanwhile."""
    return _pool


def bot_or_random(name):
    """The named bot; a level this installation lacks (a record from elsewhere) plays randomly."""
    try:
        return make_bot(name or "random")
    except Exception:  # noqa: BLE001 - an unknown or broken level must not stop a resumed game
        return make_bot("random")


def stop_bot(bot):
    """Ask a bot thinking in its thread to give up (bots without a stop just finish)."""
    stop = decider_part(bot, "stop")
    if stop is not None:
        stop.set()


# --- who decides a seat ---------------------------------------------------------------------------------
class Person:
    """A person at this screen decides the seat, by clicks (hot seat when there are several)."""

    kind = "person"


class Phone:
    """A person at their phone decides the seat; a bot stands in while the phone is away."""

    kind = "phone"


class Bot:
    kind = "bot"


class Record:
    """A record being played back decides every seat: its next action, when the replay's controls
    release it (``playing``, or ``steps`` asked for one by one while paused)."""

    kind = "record"

    def __init__(self, actions, done):
        self.actions = actions
        self.done = done
        self.playing = False
        self.steps = 0

    @property
    def released(self):
        return self.done < len(self.actions) and (self.playing or self.steps > 0)

    def next_action(self):
        return self.actions[self.done]

    def played(self):
        self.done += 1
        self.steps = max(0, self.steps - 1)


# --- keeping the record ------------------------------------------------------------------------------------
class Keeper:
    """The game's record, written line by line as it happens (kept.storage), and what the person is
    told about it. A disk that refuses only means the game is not kept for now: the game night goes
    on, the person is told, and the record is tried again now and then until it is complete."""

    RETRY_SECONDS = 2.0  # how often a record the disk refused is tried again while nothing happens

    def __init__(self):
        self.wanted = False  # this game (and its rematch) is kept
        self.autosave = None
        self.notices = []
        self.retry_in = self.RETRY_SECONDS
        self.on_finished = None  # called when a finished game's record is closed

    def keep(self, state, autosave=None):
        self.wanted = True
        try:
            self.autosave = autosave or Autosave(state)
        except OSError as error:
            self.autosave = None
            self.tell(not_kept_words(error, folder=True))

    @property
    def path(self):
        return self.autosave.path if self.autosave is not None else None

    def tell(self, words):
        self.notices.append(words)

    def take_notice(self):
        return self.notices.pop(0) if self.notices else ""

    def sync(self, state):
        """The new lines go to the record; a finished game closes it, once every line is on disk."""
        autosave = self.autosave
        if autosave is None:
            return
        autosave.sync(state)
        words = autosave.notice()
        if words:
            self.tell(words)
        if state.is_over and not autosave.problem:
            if self.on_finished is not None:
                self.on_finished(autosave.path)
            autosave.close()
            self.autosave = None

    def keep_trying(self, dt, state):
        autosave = self.autosave
        if autosave is None or not autosave.problem:
            return
        self.retry_in -= dt
        if self.retry_in <= 0:
            self.retry_in = self.RETRY_SECONDS
            self.sync(state)

    def leave_warning(self, state):
        """Words for the pause box when leaving now would lose moves the disk refused, or ""."""
        return self.autosave.leave_warning(state) if self.autosave is not None else ""

    def loses_moves(self, state):
        """True when leaving now would lose moves the disk refused (kept.storage)."""
        return self.autosave is not None and self.autosave.loses_moves(state)

    def leave(self, state):
        """The game is left: moves the disk refused wait beside the record for the next start."""
        if self.autosave is not None:
            self.autosave.leave(state)

    def rewind(self, earlier):
        """The record is rewritten to EARLIER (an undo); OSError when the disk refuses."""
        if self.autosave is None:
            return
        self.autosave.rewind(earlier)
        words = self.autosave.notice()  # a record that was not kept is complete again
        if words:
            self.tell(words)


# --- phone seats -----------------------------------------------------------------------------------------
class News(str):
    """Words for the app's notice that tell of something new each time they come (a seat moved to
    another device): shown again even when the last notice said the same (scenes.screen.notice)."""
    news = True


class PhoneSeats:
    """The seats played from phones: their table (phone.bridge), the server (phone.server), the bots
    that stand in while a phone is away, and the server's end a while after the game ends."""

    AFTER_END = 600.0  # seconds the phones show the end (and may vote to play again) before the server stops

    def __init__(self):
        self.seats = frozenset()
        self.table = None
        self.server = None
        self.standins = set()
        self.since_end = 0.0
        self.rematch = frozenset()  # a rematch's phone seats, before its lobby gave them links
        self.reactions = []  # [seat, reaction, seconds left] the TV shows (take_reactions)

    def attach(self, table, server):
        self.seats = frozenset(table.phone_seats)
        self.table, self.server = table, server
        self.standins = set()

    REACTION_SHOWN = 3.0  # seconds a phone's reaction stays on the TV

    def tick(self, dt, over, covered=lambda: False):
        """The phones' actions in (each pushed to every viewer as it is applied); a stand-in gives its
        seat back once the phone is there again; the server stops a while after the end. COVERED: true
        while the TV asks everyone but one person to look away (then no reaction pops up)."""
        if self.table is None:
            return
        if over:
            self.since_end += dt
            if self.since_end > self.AFTER_END:
                self.stop()
                return
        self.table.pump()
        self.table.count_votes()  # the phones' "Play again?" (the final sheet shows them)
        self.take_reactions(dt, covered)
        for seat in list(self.standins):
            if self.server.joined(seat):
                self.standins.discard(seat)

    def take_reactions(self, dt, covered):
        """The phones' reactions: each shown by the TV for a few seconds (``reactions``: [seat,
        reaction, seconds left]); none while a cover asks the others to look away (the phone is told)."""
        self.reactions = [r for r in self.reactions if r[2] > dt]
        for shown in self.reactions:
            shown[2] -= dt
        for seat, reaction in self.table.take_reactions():
            if covered():
                self.table.answer_reaction(seat, reaction, N_("the TV asks the others to look away: try again "
                                                              "in a moment"))
                continue
            self.reactions = [r for r in self.reactions if r[0] != seat] + [[seat, reaction, self.REACTION_SHOWN]]
            self.table.answer_reaction(seat, reaction)

    def away(self, seat):
        return seat in self.seats and self.server is not None and not self.server.joined(seat)

    def moved(self):
        """Seats a device took with the key of the phone before it since the last call (phone.server:
        moved_seats), in the lobby as during the game."""
        return self.server.moved_seats() if self.server is not None and self.server.running else []

    def stop(self):
        if self.server is not None:
            self.server.stop()
        if self.table is not None:
            self.table.close()
            self.table = None

    def keep_links(self, path, tell):
        """Beside a kept record, the links' tokens, so Continue gives the phones the same links."""
        if path is None or self.server is None:
            return
        from phone.keep import save_tokens
        try:
            save_tokens(path, self.server.seat_tokens(), self.server.port)
        except OSError as error:
            # TRANSLATORS: {error} is the system's own words for the problem (often English)
            tell(_("The phones' links could not be kept for Continue ({error}).").format(error=error.strerror or error))


# --- what the screen may draw ------------------------------------------------------------------------------
class Views(dict):
    """{viewer: view} of one moment of the game, as far as the screen may draw it: the table's and the
    seats a person may look from (DRAWN), built when the moment comes, as the game may move on before
    the screen shows it (phones answer at once). A view the screen never draws (a bot's seat, a phone's)
    is not built unless it is asked for, and then as the state is when asked."""

    def __init__(self, state, drawn, table_view=None):
        super().__init__((seat, state.view(seat)) for seat in drawn)
        self[None] = state.view(None) if table_view is None else table_view
        self.state = state

    def __missing__(self, seat):
        view = self[seat] = self.state.view(seat)
        return view


# --- the session ------------------------------------------------------------------------------------------
class Session:
    clock = staticmethod(time.monotonic)

    def __init__(self, state, record=None, autosave=None, from_start=False):
        """The one way a session is built: around STATE (a new game's, a continued one's, or a
        replay's, whose RECORD (a ``Record``) decides every seat). FROM_START: the screen shows the
        game from its start (a new game's first deal), else from now. AUTOSAVE: keep the record there."""
        self.state = state
        self.game_id = state.game_id
        self.seats = list(state.seats)
        self.options = dict(state.options)
        self.seed = state.seed
        self.record = record
        self.replaying = record is not None
        self.demo = False  # a demo game: never kept, never listed
        self.lesson = None  # a guided first round (game.teach.Lesson): never kept, never listed
        self.teach_seats = frozenset()  # people in teach mode: each rule's reminder, once
        self.taught = {}  # {seat: the rule keys its teacher told}: once per game, an Undo too (scenes.screen.teaching)
        self.door = Door(state)
        self.keeper = Keeper()
        self.keeper.on_finished = self._forget_phone_links
        self.phone_seats = PhoneSeats()
        self.bots = {} if self.replaying else {
            i: bot_or_random(s.bot) for i, s in enumerate(self.seats) if s.kind == "bot"}
        begun = 0 if from_start else self.door.moment  # a game shown from its start: its bots from 0
        self.rngs = {i: seat_rng(self.seed, i, begun) for i in self.bots}
        self.thinking = None  # a Future with the deciding bot's action
        self.thinking_for = None  # the moment that answer belongs to
        self.thinking_until = 0.0  # the clock's time before which it is held back
        self.closed = False
        self.viewer = None
        self.veiled = False  # the viewer decides in front of everyone: their secrets are not drawn
        self.private_for = None  # the person who saw their secrets last, with no other person since
        self.last_viewer = None  # the last person at the mouse: the hand strip's while bots move
        self._privacy = (None, None, False, False)  # (moment, seat, needs privacy, knows more)
        self.viewer = self.people[0] if len(self.people) == 1 else None
        self.steps = deque()  # what the screen has still to show, one step per action
        self.told = [] if from_start else told_so_far(state, TABLE)  # every event shown so far
        self.seen_views = self._views_now()  # {viewer: view} as far as the screen has shown
        self.door.listen(self._keep)  # the record first: saved before anyone is told
        self.screen_feed = self.door.subscribe(TABLE, self._queue_step, from_now=not from_start)
        if autosave is not None:
            self.keep(autosave)

    @classmethod
    def new(cls, game_id, seats, seed=None, options=None):
        """A new game: its first deal is the screen's first step."""
        seats = list(seats)
        state = new_game(game_id, len(seats), fresh_seed() if seed is None else seed, seats, dict(options or {}))
        return cls(state, from_start=True)

    @classmethod
    def for_lesson(cls, lesson, learner_name=None):
        """A guided first round: the lesson's fixed deal, its bots seated as in any game."""
        session = cls(lesson.state(learner_name), from_start=True)
        session.lesson = lesson
        return session

    @classmethod
    def resumed(cls, state, autosave=None):
        """A game rebuilt from a record (Continue), shown as it is, its bots seated again."""
        return cls(state, autosave=autosave)

    # --- who is at the table ---------------------------------------------------------------------
    @property
    def phones(self):
        return self.phone_seats.seats

    @property
    def phone_table(self):
        return self.phone_seats.table

    @property
    def phone_server(self):
        return self.phone_seats.server

    @property
    def standins(self):
        return self.phone_seats.standins

    @property
    def rematch_phones(self):
        return self.phone_seats.rematch

    def decider_of(self, seat):
        """Who decides SEAT: a Record (a replay), a Phone, a Bot or a Person at this screen."""
        if self.replaying:
            return Record
        if seat in self.phones:
            return Phone
        return Bot if self.seats[seat].kind == "bot" else Person

    @property
    def people(self):
        """The persons at this screen (phone seats are not: their hands stay on their phones; in a
        replay, the game's persons, whose seats the record now decides)."""
        return [i for i in range(len(self.seats)) if self.is_person(i)]

    @property
    def anchor(self):
        """The seat drawn at the bottom of the table for the whole game (seats never move: a newcomer
        re-read who sat where at every turn while the table turned to the person at the mouse): the
        first person at this screen, else seat 0."""
        people = self.people
        return people[0] if people else 0

    @property
    def home(self):
        """Whose hand the hand strip shows: the viewer; before their press, the person who decides
        now; while bots move, the last person who had the mouse; else the bottom seat."""
        if self.viewer is not None:
            return self.viewer
        d = self.decider
        if self.shared_screen() and self.is_person(d):
            return d
        if self.last_viewer is not None and self.is_person(self.last_viewer):
            return self.last_viewer
        return self.anchor

    def phones_only(self):
        """Nobody holds the mouse: every person plays from a phone (the TV shows the table alone)."""
        return bool(self.phones) and not self.people

    def strip_seat(self):
        """The seat whose hand the hand strip shows (``home``), or None: no strip on a TV whose
        people are all on phones (their hands are on the phones)."""
        return None if self.phones_only() else self.home

    def name(self, seat):
        return self.seats[seat].name

    def is_person(self, seat):
        """SEAT is a person's at this screen (a phone seat's person is at their phone); in a replay
        the record decides it, but it is still shown as the person's."""
        return seat is not None and self.seats[seat].kind != "bot" and seat not in self.phones

    def look_again(self):
        """The screen's views are taken afresh from the state (a position set by hand: tests, tools)."""
        self.seen_views = self._views_now()

    # --- whose move ------------------------------------------------------------------------------
    @property
    def decider(self):
        return None if self.state.is_over else self.state.current_player

    def shared_screen(self):
        """Several people at this screen (not a replay): what one may know, the others may not see."""
        return not self.replaying and len(self.people) > 1

    def privacy(self, seat):
        """(needs privacy, knows more than the table) for SEAT's decision now, asked once per moment."""
        moment = self.door.moment
        if self._privacy[:2] != (moment, seat):
            self._privacy = (moment, seat, *privacy(self.state, seat))
        return self._privacy[2:]

    def settle(self):
        """The person who decides now takes the mouse without a press where nothing they need is
        secret (their hidden hand stays veiled), or where they were the last to see their secrets
        and only bots moved since."""
        d = self.decider
        if not self.shared_screen() or not self.is_person(d) or (d == self.viewer and not self.veiled):
            return
        private, knows = self.privacy(d)
        if not private and d != self.viewer:
            self.viewer, self.veiled = d, knows
        elif private and d == self.private_for:
            self.viewer, self.veiled = d, False

    def needs_handoff(self):
        """The person who decides now must press first (the strip over the hand: the others look
        away): their decision needs what the table may not see, and they were not the last to see it."""
        d = self.decider
        if not self.shared_screen() or not self.is_person(d) or (d == self.viewer and not self.veiled):
            return False
        return self.privacy(d)[0] and d != self.private_for

    def accept_handoff(self):
        """The person who decides pressed: their own view is drawn, secrets and all."""
        self.viewer, self.veiled = self.decider, False
        self.private_for = self.viewer

    def can_show_hand(self):
        """The viewer decides in front of everyone with a hidden hand: they may ask to see it."""
        return self.veiled and self.viewer is not None and self.viewer == self.decider

    def show_hand(self):
        """The viewer wants their hidden hand (one press, the others look away): it is drawn, and
        stays drawn for the rest of their turn."""
        if self.can_show_hand():
            self.veiled = False
            self.private_for = self.viewer

    def hand_visible(self):
        """The viewer's own view is drawn: their hand face up, their secrets."""
        return self.viewer is not None and not self.veiled and not self.needs_handoff()

    def my_turn(self):
        d = self.decider
        return not self.replaying and self.is_person(d) and d == self.viewer and not self.needs_handoff()

    def bot_turn(self):
        """The deciding seat decides by itself: a bot, a bot standing in for a phone, a record."""
        d = self.decider
        if d is None:
            return False
        kind = self.decider_of(d)
        if kind is Record:
            return self.record.released
        return kind is Bot or (kind is Phone and d in self.standins)

    def phone_turn(self):
        """The deciding seat's phone decides (no bot stands in for it)."""
        d = self.decider
        return d in self.phones and d not in self.standins

    # --- the one way in --------------------------------------------------------------------------
    def act(self, seat, action):
        """SEAT takes ACTION: checked once, applied once, kept, then told to every viewer as one step.
        Returns None, or the rules core's reason for refusing it (nothing changed then)."""
        return self.door.act(seat, action)

    def try_action(self, action):
        """A person at this screen acts; returns None, or the reason it was refused."""
        if self.replaying:
            return _("this is a replay: the controls below play it")
        actor = self.decider
        reason = self.act(actor, action)
        if reason is None:
            self.cover_after_action(actor)
        return reason

    def cover_after_action(self, actor):
        """With several people at one screen, a person's hand is hidden the instant their decision
        is done: the screen draws for the table until the next person takes the mouse. A person
        who acted in front of everyone had the mouse: whoever saw their secrets before must press
        again."""
        if actor != self.private_for:
            self.private_for = None
        if len(self.people) > 1 and self.decider != self.viewer:
            self.last_viewer = self.viewer
            self.viewer, self.veiled = None, False

    def _keep(self):
        self.keeper.sync(self.state)

    # --- bots ------------------------------------------------------------------------------------
    def think(self):
        """Start the deciding bot on its move (once). Bots that read the view think in the worker
        thread; the state is not changed until ``play_bot``, so they read it undisturbed."""
        if self.thinking is not None:
            return
        self.thinking_for = self.door.moment  # the moment the answer belongs to
        if self.replaying:
            self.thinking_until = 0.0
            self.thinking = Future()
            self.thinking.set_result(self.record.next_action())
            return
        seat = self.decider
        bot, rng = self.bots[seat], self.rngs[seat]
        self.thinking_until = self.clock() + decider_part(bot, "think_floor")
        stop = decider_part(bot, "stop")
        if stop is not None:
            stop.clear()  # a bot told to stop when a game was left may think again
        if decider_part(bot, "needs_view"):
            self.thinking = thinking_pool().submit(bot_action, self.state, bot, rng)
            return
        self.thinking = Future()
        try:
            self.thinking.set_result(bot_action(self.state, bot, rng))
        except Exception as error:  # noqa: BLE001 - reported when the move is played
            self.thinking.set_exception(error)

    def bot_ready(self):
        """The bot's answer is there, and not sooner than its think floor: how long it took must
        not tell what it holds."""
        return self.thinking is not None and self.thinking.done() and self.clock() >= self.thinking_until

    def stale(self):
        """True when the bot's answer no longer fits: the game was left, or it moved on meanwhile."""
        return self.closed or self.thinking_for != self.door.moment

    def play_bot(self):
        """Apply the move the bot found. A failing bot must not stop the game night: its first legal
        action is played instead, and the error goes to the terminal. A stale answer is dropped."""
        future, self.thinking = self.thinking, None
        if future is None or self.stale():
            return
        seat = self.decider
        try:
            reason = self.act(seat, future.result())
        except Exception:  # noqa: BLE001 - any bot bug; the game goes on with a legal move
            traceback.print_exc()
            reason = "the bot failed"
        if reason is not None and self.replaying:
            raise ValueError(f"the record's next action was refused: {reason}")
        if reason is not None:
            print(f"a bot's move was refused ({reason}); it plays its first legal move", flush=True)
            traceback.print_stack(limit=3)
            self.act(seat, self.state.legal_actions()[0])
        if self.replaying:
            self.record.played()

    def bot_move(self):
        """Think and play at once, waiting for the bot (for snapshots, benchmarks and tests)."""
        self.think()
        self.thinking.exception()  # waits until it is done
        self.play_bot()

    def close(self):
        """The screen leaves this game (menu, quit): bots still thinking are told to stop, and their
        answers are never applied; the phones' server stops and their links die with it."""
        self.closed = True
        self.keeper.leave(self.state)
        self.stop_phones()
        self.thinking = None
        for bot in self.bots.values():
            stop_bot(bot)

    # --- what the screen is told -------------------------------------------------------------------
    def _views_now(self, table_view=None):
        """The views the screen may come to draw for this moment (see Views): the table's (TABLE_VIEW,
        the step's own, when there is one) and each person's at this screen (a table without persons:
        its bottom seat's), built now, so that the picture never runs ahead."""
        return Views(self.state, self.people or [self.home], table_view)

    def _queue_step(self, step):
        self.steps.append((step, self._views_now(step.view)))

    def take_step(self):
        """The next step the screen has to show (one action's), or None when it has shown them all."""
        if not self.steps:
            return None
        step, views = self.steps.popleft()
        self.told.extend(step.events)
        self.seen_views = views
        return step

    def take_events(self):
        """Every step still to show at once (tests, benchmarks): their events, as the table knows them."""
        events = []
        while self.steps:
            events.extend(self.take_step().events)
        return events

    @property
    def caught_up(self):
        return not self.steps

    @property
    def table(self):
        """The table's observation stream the screen is fed from."""
        return self.screen_feed.observer

    def view(self):
        """What the screen may draw now, as far as it has shown the game: the viewer's seat; with
        several people and nobody at the mouse, or people on phones only, the table's (no hand, no
        secret); a table of bots only shows its bottom seat."""
        if (self.viewer is None and len(self.people) > 1) or self.home in self.phones or self.veiled \
                or self.phones_only():
            seat = None
        else:
            seat = self.home
        return self.seen_views[seat]

    def rematch(self):
        again = Session.new(self.game_id, self.seats, None, self.options)
        again.teach_seats = self.teach_seats
        server = self.phone_server
        if self.phones and server is not None and server.running:
            # the same phones play again at once, on the same seats and links (their pages go on)
            from phone.bridge import PhoneTable
            table = PhoneTable(again.door, sorted(self.phones), teach_seats=again.teach_seats)
            self.phone_seats.table.close()
            server.begin_again(table)
            again.keep()
            again.attach_phones(table, server)
            self.phone_seats = PhoneSeats()  # the server is the new game's now: this one stops nothing
            return again
        if self.phones:  # the phones' server stopped: through the lobby again, with new links
            self.stop_phones()
            again.phone_seats.rematch = frozenset(self.phones)
        if self.keeper.wanted and not self.phones:  # a phone game is kept once its lobby starts it
            again.keep()
        return again

    # --- keeping the game: its record is written as it happens (kept.storage) ----------------------
    def keep(self, autosave=None):
        """Write this game's record line by line from now on (see Keeper)."""
        self.keeper.keep(self.state, autosave)
        return self

    @property
    def autosave(self):
        return self.keeper.autosave

    def take_notice(self):
        """The oldest message about this game the person has not seen yet (keeping it, a phone seat
        that moved to another device), or ""."""
        for seat in self.phone_seats.moved():
            # news each time: a seat that moves again is told again
            self.keeper.tell(News(_("{name}'s seat moved to another device").format(name=self.name(seat))))
        return self.keeper.take_notice()

    def keep_trying(self, dt):
        """While the disk refuses, try again now and then even if nobody moves (a finished game, a
        person thinking), so the record is complete as soon as there is room."""
        self.keeper.keep_trying(dt, self.state)

    def _forget_phone_links(self, path):
        if self.phones:
            from phone.keep import forget_tokens
            forget_tokens(path)  # a finished game is never continued

    # --- every frame, whichever screen shows this game ---------------------------------------------
    def tick(self, dt):
        """The phones' actions in (and the server's end after the game), the record's retries."""
        self.phone_seats.tick(dt, self.state.is_over, self.needs_handoff)
        self.keep_trying(dt)

    # --- phone seats (phone.bridge, phone.server) -----------------------------------------------------
    def attach_phones(self, table, server):
        """Play TABLE's seats from phones served by SERVER (started already, by the lobby)."""
        self.phone_seats.attach(table, server)
        self.viewer = self.people[0] if len(self.people) == 1 else None
        self.keep_phone_links()

    def keep_phone_links(self):
        self.phone_seats.keep_links(self.keeper.path, self.keeper.tell)

    def phone_away(self, seat):
        return self.phone_seats.away(seat)

    def stand_in(self, seat):
        """A bot plays SEAT until its phone is back (the phone that left keeps its link)."""
        if seat not in self.phones:
            return
        if seat not in self.bots:
            self.bots[seat] = bot_or_random(STANDIN_BOT)
            self.rngs[seat] = seat_rng(self.seed, seat, self.door.moment)
        self.standins.add(seat)

    def stop_phones(self):
        self.phone_seats.stop()

    # --- undo: one person and bots (game.undo) ---------------------------------------------------
    def undo_refusal(self):
        """Why Undo is off now, in words for the person, or None when it may be used."""
        if self.replaying:
            return _("A replay cannot be undone.")
        if self.phones:
            return _("A game played from phones cannot be undone.")
        return why_not_undo(self.state, person_seat(self.state))

    def can_undo(self):
        return self.undo_refusal() is None

    def undo(self):
        """Take back the person's last decision and the bot moves after it. Returns None when done,
        or the reason it was refused (nothing changed then). The record is rewritten to match first:
        a disk that refuses refuses the undo, so the record never tells another game than the one
        played. Bots thinking meanwhile are stopped and their answers dropped."""
        reason = self.undo_refusal()
        if reason:
            return reason
        earlier = before_last_decision(self.state, person_seat(self.state))
        try:
            self.keeper.rewind(earlier)
        except OSError as error:
            return undo_refused_words(error)
        self._drop_thinking()
        self.restart(earlier)
        return None

    def restart(self, state):
        """The game goes on from STATE (an undo; a benchmark putting a position back): shown as it
        is, every viewer told from there, the bots' generators drawn afresh for that moment."""
        self.state = state
        self.door.restart(state)
        self.steps.clear()
        self.told = told_so_far(state, TABLE)
        self.seen_views = self._views_now()
        self.rngs = {i: seat_rng(self.seed, i, self.door.moment) for i in self.bots}

    def _drop_thinking(self):
        """No answer of a bot that thought about the undone game is ever played."""
        self.thinking = None
        self.thinking_for = None  # never the door's moment: stale() is true
        for bot in self.bots.values():
            stop_bot(bot)
