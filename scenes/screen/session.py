"""One game on this screen: the rules state, the bots of the bot seats, and who is looking.

The session owns the hand-off rule: the ``viewer`` is the person whose hand may be drawn. When the
next decision belongs to another person, ``needs_handoff`` is true until that person clicks ready;
until then no hand is drawn at all.
"""

import random
import traceback
import threading
from concurrent.futures import Future

from game import IllegalAction, new_game
from game.bots import bot_rng, make_bot
from game.observe import TABLE, Observer, told as told_so_far
from game.runner import bot_action
from game.storage import Autosave, not_kept_words, undo_refused_words
from game.undo import before_last_decision, person_seat, why_not_undo


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
    return random.SystemRandom().randrange(1, 2 ** 31)


def thinking_pool():
    """Where bots (and the coach) think, so the animations keep running meanwhile."""
    return _pool


def bot_or_random(name):
    """The named bot; a level this installation lacks (a record from elsewhere) plays randomly."""
    try:
        return make_bot(name or "random")
    except Exception:  # noqa: BLE001 - an unknown or broken level must not stop a resumed game
        return make_bot("random")


class Session:
    replaying = False  # a replay's session plays its record back (scenes.menus.replay)
    phones = frozenset()  # seats played from phones: persons, but never at this screen
    phone_table = phone_server = None  # phone.bridge.PhoneTable and phone.server.PhoneServer
    standins = frozenset()  # phone seats a bot plays while their phone is away

    def __init__(self, game_id, seats, seed=None, options=None):
        self.game_id = game_id
        self.seats = list(seats)
        self.options = dict(options or {})
        self.seed = fresh_seed() if seed is None else seed
        self.state = new_game(game_id, len(self.seats), self.seed, self.seats, self.options)
        self.bots = {i: make_bot(s.bot or "random") for i, s in enumerate(self.seats) if s.kind == "bot"}
        self.rngs = {i: bot_rng(self.seed, i) for i in self.bots}
        self.table = Observer(self.state, TABLE)  # what the screen is told: what the table may know
        self.told = []  # every event told so far, as the table knows it (log, score sheets)
        self.thinking = None  # a Future with the deciding bot's action
        people = self.people
        self.viewer = people[0] if len(people) == 1 else None

    @property
    def people(self):
        """The persons at this screen (phone seats are not: their hands stay on their phones)."""
        return [i for i, s in enumerate(self.seats) if s.kind != "bot" and i not in self.phones]

    @property
    def home(self):
        """The seat drawn at the bottom: the viewer, else the first person, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        people = self.people
        return people[0] if people else 0

    def name(self, seat):
        return self.seats[seat].name

    def is_person(self, seat):
        """A person at this screen decides SEAT (a phone seat's person is at their phone)."""
        return seat is not None and self.seats[seat].kind != "bot" and seat not in self.phones

    # --- whose move ------------------------------------------------------------------------------
    @property
    def decider(self):
        return None if self.state.is_over else self.state.current_player

    def needs_handoff(self):
        d = self.decider
        return self.is_person(d) and d != self.viewer

    def accept_handoff(self):
        self.viewer = self.decider

    def hand_visible(self):
        return self.viewer is not None and not self.needs_handoff()

    def my_turn(self):
        d = self.decider
        return self.is_person(d) and d == self.viewer

    def bot_turn(self):
        d = self.decider
        return d is not None and not self.is_person(d) and (d not in self.phones or d in self.standins)

    def phone_turn(self):
        """The deciding seat's phone decides (no bot stands in for it)."""
        d = self.decider
        return d in self.phones and d not in self.standins

    # --- changing the state ----------------------------------------------------------------------
    def try_action(self, action):
        """Apply a person's action; returns None, or the rules core's reason for refusing it."""
        reason = self.state.why_illegal(action)
        if reason:
            return reason
        try:
            self.state.apply(action)
        except IllegalAction as refusal:
            return str(refusal)
        self.cover_after_action()
        self.save()
        return None

    def cover_after_action(self):
        """With several people at one screen, a person's hand is covered the instant their decision
        is done: the screen draws for the table until the next person takes the mouse."""
        if len(self.people) > 1 and self.decider != self.viewer:
            self.viewer = None

    def think(self):
        """Start the deciding bot on its move (once). Bots that read the view think in the worker
        thread; the state is not changed until ``play_bot``, so they read it undisturbed."""
        if self.thinking is not None:
            return
        seat = self.decider
        bot, rng = self.bots[seat], self.rngs[seat]
        self.thinking_for = self.table.moment  # the moment the answer belongs to
        stop = getattr(bot, "stop", None)
        if stop is not None:
            stop.clear()  # a bot told to stop when a game was left may think again
        if getattr(bot, "needs_view", True):
            self.thinking = thinking_pool().submit(bot_action, self.state, bot, rng)
            return
        self.thinking = Future()
        try:
            self.thinking.set_result(bot_action(self.state, bot, rng))
        except Exception as error:  # noqa: BLE001 - reported when the move is played
            self.thinking.set_exception(error)

    def bot_ready(self):
        return self.thinking is not None and self.thinking.done()

    def stale(self):
        """True when the bot's answer no longer fits: the game was left, or it moved on meanwhile."""
        return getattr(self, "closed", False) or getattr(self, "thinking_for", None) != self.table.moment

    def close(self):
        """The screen leaves this game (menu, quit): bots still thinking are told to stop, and their
        answers are never applied; the phones' server stops and their links die with it."""
        self.closed = True
        if getattr(self, "autosave", None) is not None:
            self.autosave.leave(self.state)  # moves the disk refused wait beside the record (game.storage)
        self.stop_phones()
        self.thinking = None
        for bot in self.bots.values():
            stop = getattr(bot, "stop", None)
            if stop is not None:
                stop.set()

    def play_bot(self):
        """Apply the move the bot found. A failing bot must not stop the game night: its first legal
        action is played instead, and the error goes to the terminal. A stale answer is dropped."""
        future, self.thinking = self.thinking, None
        if future is None or self.stale():
            return
        try:
            self.state.apply(future.result())
        except Exception:  # noqa: BLE001 - any bot bug; the game goes on with a legal move
            traceback.print_exc()
            self.state.apply(self.state.legal_actions()[0])
        self.save()

    def bot_move(self):
        """Think and play at once, waiting for the bot (for snapshots, benchmarks and tests)."""
        self.think()
        self.thinking.exception()  # waits until it is done
        self.play_bot()

    def take_events(self):
        """The events since the last call, as the table may know them (never a hidden card)."""
        new = [event for step in self.table.take() for event in step.events]
        self.told.extend(new)
        return new

    @property
    def caught_up(self):
        return self.table.caught_up

    def skip_to_now(self):
        """The screen starts from this moment: what happened so far is known, not animated."""
        self.told.extend(event for step in self.table.take() for event in step.events)

    def view(self):
        """What the screen may draw now: the viewer's seat; with several people and nobody at the
        mouse, the table's (no hand, no secret); a table of bots only shows its bottom seat."""
        if (self.viewer is None and len(self.people) > 1) or self.home in self.phones:
            return self.state.view(None)
        return self.state.view(self.home)

    def rematch(self):
        again = Session(self.game_id, self.seats, None, self.options)
        if self.phones:  # the same phones play again: through the lobby, with new links
            self.stop_phones()
            again.rematch_phones = set(self.phones)
        if getattr(self, "kept", False):
            again.keep()
        return again

    # --- keeping the game: its record is written as it happens (game.storage) ----------------------
    RETRY_SECONDS = 2.0  # how often a record the disk refused is tried again while nothing happens

    def keep(self, autosave=None):
        """Write this game's record line by line from now on. A disk that refuses only means the game
        is not kept for now: the game night goes on, and the person is told (``take_notice``)."""
        self.kept = True  # a rematch is kept as well
        try:
            self.autosave = autosave or Autosave(self.state)
        except OSError as error:
            self.autosave = None
            self.tell(not_kept_words(error, folder=True))
        return self

    def tell(self, words):
        if not hasattr(self, "notices"):
            self.notices = []
        self.notices.append(words)

    def take_notice(self):
        """The oldest message about keeping this game the person has not seen yet, or ""."""
        notices = getattr(self, "notices", None)
        return notices.pop(0) if notices else ""

    def save(self):
        """After every applied action: the new lines go to the record; a finished game closes it,
        once every line is on disk."""
        autosave = getattr(self, "autosave", None)
        if autosave is None:
            return
        autosave.sync(self.state)
        words = autosave.notice()
        if words:
            self.tell(words)
        if self.state.is_over and not autosave.problem:
            if self.phones:
                from phone.keep import forget_tokens
                forget_tokens(autosave.path)  # a finished game is never continued
            autosave.close()
            self.autosave = None

    def keep_trying(self, dt):
        """While the disk refuses, try again now and then even if nobody moves (a finished game, a
        person thinking), so the record is complete as soon as there is room."""
        autosave = getattr(self, "autosave", None)
        if autosave is None or not autosave.problem:
            return
        self.retry_in = getattr(self, "retry_in", self.RETRY_SECONDS) - dt
        if self.retry_in <= 0:
            self.retry_in = self.RETRY_SECONDS
            self.save()

    @classmethod
    def resumed(cls, state, autosave=None):
        """A session around a state rebuilt from a record (Continue), its bots seated again."""
        session = cls.__new__(cls)
        session.game_id = state.game_id
        session.seats = list(state.seats)
        session.options = dict(getattr(state, "options", {}) or {})
        session.seed = state.seed
        session.state = state
        session.bots = {i: bot_or_random(s.bot) for i, s in enumerate(session.seats) if s.kind == "bot"}
        session.table = Observer(state, TABLE, from_now=True)  # shown as it is, not replayed
        session.told = told_so_far(state, TABLE)  # the whole history as the table saw it, for the log
        session.rngs = {i: bot_rng(session.seed + session.table.moment, i) for i in session.bots}
        session.thinking = None
        people = session.people
        session.viewer = people[0] if len(people) == 1 else None
        return session.keep(autosave) if autosave is not None else session

    # --- phone seats (phone.bridge, phone.server) -----------------------------------------------------
    def attach_phones(self, table, server):
        """Play TABLE's seats from phones served by SERVER (started already, by the lobby)."""
        self.phones = frozenset(table.phone_seats)
        self.phone_table, self.phone_server = table, server
        self.standins = set()
        self.viewer = self.people[0] if len(self.people) == 1 else None
        self.keep_phone_links()

    def keep_phone_links(self):
        """Beside a kept record, the links' tokens, so Continue gives the phones the same links."""
        autosave = getattr(self, "autosave", None)
        if autosave is None or self.phone_server is None:
            return
        from phone.keep import save_tokens
        try:
            save_tokens(autosave.path, self.phone_server.seat_tokens(), self.phone_server.port)
        except OSError as error:
            self.tell(f"The phones' links could not be kept for Continue ({error.strerror or error}).")

    PHONES_AFTER_END = 60.0  # seconds the phones still show the final scores before the server stops

    def pump(self, dt=0.0):
        """Once per frame: the phones' actions in, each phone seat's observations out. A stand-in
        bot gives its seat back as soon as the phone is there again."""
        if self.phone_table is None:
            return 0
        if self.state.is_over:
            self.phones_ending = getattr(self, "phones_ending", 0.0) + dt
            if self.phones_ending > self.PHONES_AFTER_END:
                self.stop_phones()
        applied = self.phone_table.pump()
        if applied:
            self.save()
        for seat in list(self.standins):
            if self.phone_server.joined(seat):
                self.standins.discard(seat)
        return applied

    def phone_away(self, seat):
        return seat in self.phones and self.phone_server is not None and not self.phone_server.joined(seat)

    def stand_in(self, seat):
        """A bot plays SEAT until its phone is back (the phone that left keeps its link)."""
        if seat not in self.phones:
            return
        if seat not in self.bots:
            self.bots[seat] = bot_or_random(STANDIN_BOT)
            self.rngs[seat] = bot_rng(self.seed + self.table.moment, seat)
        self.standins.add(seat)

    def stop_phones(self):
        server = self.phone_server
        if server is not None:
            server.stop()

    # --- undo: one person and bots (game.undo) ---------------------------------------------------
    def undo_refusal(self):
        """Why Undo is off now, in words for the person, or None when it may be used."""
        if getattr(self, "replaying", False):
            return "A replay cannot be undone."
        if self.phones:
            return "A game played from phones cannot be undone."
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
        autosave = getattr(self, "autosave", None)
        if autosave is not None:
            try:
                autosave.rewind(earlier)
            except OSError as error:
                return undo_refused_words(error)
        self._drop_thinking()
        self.state = earlier
        self.table = Observer(earlier, TABLE, from_now=True)
        self.told = told_so_far(earlier, TABLE)
        self.rngs = {i: bot_rng(self.seed + self.table.moment, i) for i in self.bots}
        if autosave is not None:
            words = autosave.notice()  # a record that was not kept is complete again
            if words:
                self.tell(words)
        return None

    def _drop_thinking(self):
        """No answer of a bot that thought about the undone game is ever played."""
        self.thinking = None
        self.thinking_for = None  # never the table's moment: stale() is true
        for bot in self.bots.values():
            stop = getattr(bot, "stop", None)
            if stop is not None:
                stop.set()
