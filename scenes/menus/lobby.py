"""The lobby: before a game with phone seats starts, the table's one QR code and link on the TV, and
the seats as phones take them.

Every phone opens the same link (the table's, with its own unguessable token), types its name, takes a
free seat (or a new one while the game allows more players) and picks a face; the seat shows here at
once, and the host can move it on or free it. Each seat keeps a link of its own, which its phone is
given for reloads and Continue. The phones' server runs from here on; Start is on once every phone seat
has its phone (or a bot took it); Back stops the server and its links die with it. The screen says which network the links
work on and that the server listens on every interface; when another device asks for a seat, the
host answers here as during the game (a device that opened a link first cannot lock the real phone
out).
"""

import pygame

from scenes.screen.canvas import Picture

from game import Seat
from game.i18n import N_, _
from game.kit import game_info
from phone.bridge import PhoneTable
from phone.qr import qr_matrix
from phone.roster import Roster, RosterSeat
from phone.server import DEFAULT_PORT, PhoneServer
from scenes.screen import faces, phone_dialogs, theme
from scenes.screen.base import Scene

LIGHT, DARK = (250, 250, 245), (10, 14, 12)
STATUS_WORDS = {"joined": N_("Phone joined"), "away": N_("Phone left: waiting for it"),
                "empty": N_("Waiting for the phone…")}  # shown as _(STATUS_WORDS[status])


def network_words(server):
    """Two lines for the lobby: which network the links work on, and where the server listens."""
    address, port = server.address, server.port
    if address.startswith("127.") or address == "localhost":
        if server.everywhere:
            where = _("No network found: the links work on this computer only ({address}).").format(address=address)
        else:
            where = _("The links work on this computer only ({address}).").format(address=address)
    else:
        where = _("Phones must be on the same Wi-Fi or network as this computer ({address}); their cards stay on "
                  "them.").format(address=address)
    if server.everywhere:
        how = _("The phones' server listens on every network of this computer, port {port}; "
                "only a seat's own link shows its hand.").format(port=port)
    else:
        how = _("The phones' server listens on {host} only, port {port}; only a seat's own link shows its "
                "hand.").format(host=server.host, port=port)
    return where, how


class LobbyScene(Scene):
    runs_game = False  # phones may join, but nobody moves before Start
    """SESSION: the game about to start, not yet kept unless CONTINUED (a kept game going on, whose
    phones get their old links back from TOKENS)."""

    def __init__(self, app, session, phones, tokens=None, continued=False, on_back=None, port=None):
        super().__init__(app)
        self.on_back = on_back  # where Back goes (the seat setup); the menu by default
        self.session = session
        self.continued = continued
        self.bots = set()  # phone seats of a continued game a bot stands in for
        table = PhoneTable(session.door, phones, teach_seats=session.teach_seats)
        self.roster = lobby_roster(session, phones, continued)
        self.server = PhoneServer(table, port=port or getattr(app, "port", DEFAULT_PORT), tokens=tokens,
                                  roster=self.roster, **getattr(app, "phone_server_options", {}))
        self.server.start()
        session.attach_phones(table, self.server)
        self.code = qr_matrix(self.server.table_link())  # the table's one code, for every phone

    @property
    def phones(self):
        return [n for n, s in enumerate(self.roster.seats()) if s.kind == "phone" and n not in self.bots]

    def ready(self):
        return all(self.server.joined(seat) for seat in self.phones)

    # --- input -------------------------------------------------------------------------------------
    def click(self, name):
        kind, _sep, arg = name.partition(":")
        if kind == "bot":
            if not self.server.seat_to_bot(int(arg)):  # a continued game's seat: a bot stands in
                self.bots.add(int(arg))
        elif kind == "move":
            self.server.move_seat(int(arg))
        elif kind == "free":
            self.server.free_seat(int(arg))
        elif kind == "start" and self.ready():
            self.start()
        elif kind == "back":
            self.back()
        elif kind == "phone":  # the host's answer to another device asking for a seat
            phone_dialogs.click(self, name)

    def back(self):
        self.server.stop()
        if self.on_back is None:
            self.app.to_menu()
        else:
            self.on_back()

    def start(self):
        """The game begins: seats turned into bots are bots in the record too (a new game), or
        bots stand in for them (a continued one, whose seats are fixed)."""
        session = self.session
        self.roster.freeze()  # no phone takes or adds a seat once the game is on
        if self.continued:
            for seat in self.bots:
                session.stand_in(seat)
        else:
            if self.seated() != (list(session.seats), set(session.phones)):
                session = self.rebuilt()
            if session.autosave is None:  # a rematch is kept already
                session.keep()
            session.keep_phone_links()
        self.app.start_game(session)

    def seated(self):
        """The game's seats as the roster has them now (the names typed, the bots), and the phones'."""
        seats = self.roster.seats()
        return ([Seat(s.name, "bot", s.level or "normal") if s.kind == "bot" else Seat(s.name) for s in seats],
                {n for n, s in enumerate(seats) if s.kind == "phone"})

    def rebuilt(self):
        """The same game (seed, options) with the roster's seats (the phones' names, seats added, bots),
        served by the same server."""
        from scenes.screen.session import Session
        old = self.session
        seats, phones = self.seated()
        session = Session.new(old.game_id, seats, old.seed, old.options)
        # the host's teach mode goes with the game, for the people at the TV it was on for
        session.teach_seats = frozenset(s for s in old.teach_seats if s < len(seats))
        table = PhoneTable(session.door, sorted(phones), teach_seats=session.teach_seats)
        self.server.use_table(table)
        session.attach_phones(table, self.server)
        self.session = session
        return session

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        title = _("Join with your phone: scan the code, type your name")
        size = theme.fitting_size(title, (36, 34, 32, 30, 28), 1200, True)
        theme.blit_text(surface, theme.fit(title, size, 1200, True), size, (640, 36), theme.GOLD, True, "center")
        where, how = network_words(self.server)
        size = theme.fitting_size(where, (19, 18, 17, 16), 1200)  # German runs longer: smaller before cut
        theme.blit_text(surface, theme.fit(where, size, 1200), size, (640, 74), theme.INK_DIM, False, "center")
        if self.server.notice:
            theme.blit_text(surface, theme.fit(self.server.notice, 18, 1200), 18, (640, 98), theme.WARN, False,
                            "center")
        self.draw_table_code(surface, pygame.Rect(40, 116, 440, 496))
        self.draw_seats(surface, pygame.Rect(500, 116, 740, 496))
        theme.blit_text(surface, theme.fit(how, 16, 1200), 16, (640, 622), theme.INK_DIM, False, "center")
        self.draw_buttons(surface)
        pending = [seat for seat in self.server.pending_takeovers() if seat in self.phones]
        if pending:
            phone_dialogs.draw_takeover(self, surface, pending[0])

    def draw_table_code(self, surface, rect):
        """The table's one QR code, large, and its link to type in by hand under it."""
        theme.panel(surface, rect)
        size = min(rect.width - 40, rect.height - 90)
        box = pygame.Rect(0, rect.y + 14, size, size)
        box.centerx = rect.centerx
        self.draw_code(surface, self.code_surface(size), box)
        self.draw_link(surface, self.server.table_link(), (rect.centerx, box.bottom + 10), rect.width - 20, 22)

    def draw_seats(self, surface, rect):
        """The seats as they fill: each with its phone's face and name, whether its phone is here, and
        the host's buttons (move it on, free it, let a bot play it)."""
        theme.panel(surface, rect)
        seats = self.roster.seats()
        row_h = min(70, (rect.height - 20) // max(1, len(seats)))
        for n, seat in enumerate(seats):
            row = pygame.Rect(rect.x + 12, rect.y + 10 + n * row_h, rect.width - 24, row_h - 6)
            self.draw_seat(surface, n, seat, row)
        if self.roster.can_add():
            theme.blit_text(surface, theme.fit(_("A phone may add a seat: up to {count} players").format(
                count=self.roster.most), 17, rect.width - 24), 17, (rect.centerx, rect.bottom - 14),
                theme.INK_DIM, False, "midbottom")

    def draw_seat(self, surface, n, seat, row):
        face = pygame.Rect(row.x, row.y, row.height, row.height)
        faces.draw_face(surface, seat.face, face.inflate(-6, -6))
        left = self.draw_host_buttons(surface, n, seat, row)
        width = left - face.right - 16  # the name, and under it whether its phone is here
        theme.blit_text(surface, theme.fit(seat.name, 24, width, True), 24, (face.right + 8, row.centery + 2),
                        theme.INK, True, "bottomleft")
        if n in self.bots or seat.kind == "bot":
            words, colour = _("A bot plays this seat"), theme.INK_DIM
        elif seat.kind == "tv":
            words, colour = _("At the TV"), theme.INK_DIM
        else:
            status = self.server.seat_status(n)
            words = _(STATUS_WORDS[status]) if status in STATUS_WORDS else status
            colour = theme.GOLD if status == "joined" else theme.INK_DIM
        size = theme.fitting_size(words, (16, 15, 14), width, True)
        rows = theme.wrap(words, size, width, True)[:2]  # beside three host buttons: two lines, not cut
        for i, line in enumerate(rows):
            theme.blit_text(surface, theme.fit(line, size, width, True), size,
                            (face.right + 8, row.centery + 2 + i * (size + 4)), colour, True, "topleft")

    def draw_host_buttons(self, surface, n, seat, row):
        """A phone seat's buttons for the host, from the right: returns the left edge of the first."""
        if seat.kind != "phone" or n in self.bots:
            return row.right
        buttons = [("bot", _("Let a bot play"))] if not self.server.joined(n) else []
        if not self.roster.fixed:
            buttons = [("move", _("Move down")), ("free", _("Free the seat"))] + buttons  # a place on: swapped with the next seat
        right = row.right
        for kind, label in reversed(buttons):
            width = max(132, theme.font(16, True).size(label)[0] + 28)  # a label is never cut
            button = pygame.Rect(0, 0, width, min(44, row.height))
            button.midright = (right, row.centery)
            right = button.x - 6
            theme.button(surface, button, label, self.hovering(f"{kind}:{n}"), 16)
            self.target(f"{kind}:{n}", button)
        return right

    @staticmethod
    def draw_link(surface, link, midtop, width, size=16):
        """The link to type in by hand: the address, then the token, each on a line of its own."""
        head, _sep, token = link.rpartition("/")
        for i, line in enumerate((head + "/", token)):
            theme.blit_text(surface, theme.fit(line, size, width), size, (midtop[0], midtop[1] + i * (size + 6)),
                            theme.INK, False, "midtop")

    def code_surface(self, size):
        """The table's QR code as dark squares on light, SIZE across at most (its quiet zone included)."""
        cache = self.__dict__.setdefault("_codes", {})
        key = size
        if key not in cache:
            matrix = self.code
            module = max(1, size // len(matrix))
            picture = Picture((module * len(matrix),) * 2, alpha=False)  # crisp squares at any scale
            picture.fill(LIGHT)
            for y, row in enumerate(matrix):
                for x, dark in enumerate(row):
                    if dark:
                        picture.fill(DARK, (x * module, y * module, module, module))
            cache[key] = picture
        return cache[key]

    @staticmethod
    def draw_code(surface, picture, box):
        place = picture.get_rect(center=box.center)
        surface.blit(picture, place)

    def draw_buttons(self, surface):
        back = pygame.Rect(60, 640, 200, 56)
        theme.button(surface, back, _("Back"), self.hovering("back"), 24)
        self.target("back", back)
        start = pygame.Rect(1020, 640, 200, 56)
        ready = self.ready()
        theme.button(surface, start, _("Start"), ready and self.hovering("start"), 26, "good", ready)
        self.target("start", start)
        names = [s.name for s in self.roster.seats()]
        waiting = [names[s] for s in self.phones if not self.server.joined(s)]
        # TRANSLATORS: {names} is the names of the seats whose phones have not joined yet: "Anna, Ben"
        words = _("Everyone is here: Start.") if ready else _("Waiting for {names}").format(names=", ".join(waiting))
        theme.blit_text(surface, theme.fit(words, 22, 700), 22, (640, 668), theme.INK, True, "center")


def lobby_roster(session, phones, continued):
    """The seats phones may take: the setup's (its phone seats wait for a phone; a bot's seat a phone may
    take too), up to the game's most players; a continued game's as its record fixed them."""
    counts = game_info(session.game_id).player_counts
    kinds = {n: "phone" for n in phones}
    seats = [RosterSeat(s.name, kinds.get(n, "bot" if s.kind == "bot" else "tv"), s.bot)
             for n, s in enumerate(session.seats)]
    return Roster(session.game_id, game_info(session.game_id).title, seats, most=max(counts),
                  least=min(counts), fixed=continued)
