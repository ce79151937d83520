"""The lobby: before a game with phone seats starts, each phone seat's QR code and link on the TV.

The phones' server runs from here on; Start is on once every phone seat has its phone (or a bot
took it); Back stops the server and its links die with it. The screen says which network the links
work on and that the server listens on every interface; when another device asks for a seat, the
host answers here as during the game (a device that opened a link first cannot lock the real phone
out).
"""

import pygame

from scenes.screen.canvas import Picture

from game import Seat
from game.i18n import N_, _
from phone.bridge import PhoneTable
from phone.qr import qr_matrix
from phone.server import DEFAULT_PORT, PhoneServer
from scenes.screen import phone_dialogs, theme
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
        self.bots = set()  # phone seats turned into bots here
        table = PhoneTable(session.door, phones, teach_seats=session.teach_seats)
        self.server = PhoneServer(table, port=port or getattr(app, "port", DEFAULT_PORT), tokens=tokens,
                                  **getattr(app, "phone_server_options", {}))
        self.server.start()
        session.attach_phones(table, self.server)
        self.codes = {seat: qr_matrix(link) for seat, link in self.server.links().items()}

    @property
    def phones(self):
        return [s for s in sorted(self.codes) if s not in self.bots]

    def ready(self):
        return all(self.server.joined(seat) for seat in self.phones)

    # --- input -------------------------------------------------------------------------------------
    def click(self, name):
        kind, _sep, arg = name.partition(":")
        if kind == "bot":
            self.bots.add(int(arg))
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
        if self.continued:
            for seat in self.bots:
                session.stand_in(seat)
        else:
            if self.bots:
                session = self.rebuilt()
            if session.autosave is None:  # a rematch is kept already
                session.keep()
            session.keep_phone_links()
        self.app.start_game(session)

    def rebuilt(self):
        """The same game (seed, options) with this lobby's bots seated, served by the same server."""
        from scenes.screen.session import Session
        old = self.session
        seats = [Seat(s.name, "bot", "normal") if i in self.bots else s for i, s in enumerate(old.seats)]
        session = Session.new(old.game_id, seats, old.seed, old.options)
        session.teach_seats = old.teach_seats  # the host's teach mode goes with the game
        table = PhoneTable(session.door, self.phones, teach_seats=session.teach_seats)
        self.server.use_table(table)
        session.attach_phones(table, self.server)
        self.session = session
        return session

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, _("Phones: scan your seat's code"), 40, (640, 40), theme.GOLD, True, "center")
        where, how = network_words(self.server)
        theme.blit_text(surface, theme.fit(where, 19, 1200), 19, (640, 80), theme.INK_DIM, False, "center")
        if self.server.notice:
            theme.blit_text(surface, theme.fit(self.server.notice, 18, 1200), 18, (640, 104), theme.WARN, False,
                            "center")
        for seat, rect in zip(sorted(self.codes), self.cards()):
            self.draw_seat(surface, seat, rect)
        theme.blit_text(surface, theme.fit(how, 16, 1200), 16, (640, 612), theme.INK_DIM, False, "center")
        self.draw_buttons(surface)
        pending = [seat for seat in self.server.pending_takeovers() if seat in self.phones]
        if pending:
            phone_dialogs.draw_takeover(self, surface, pending[0])

    def cards(self):
        """One box per phone seat: up to three in a row, two rows at most."""
        n = len(self.codes)
        cols = n if n <= 3 else (n + 1) // 2
        rows = 1 if n <= 3 else 2
        width, gap = min(400, (1200 - (cols - 1) * 16) // cols), 16
        height = (586 - 120 - (rows - 1) * gap) // rows + (0 if rows > 1 else 0)
        left = 640 - (cols * width + (cols - 1) * gap) // 2
        boxes = []
        for i in range(n):
            r, c = divmod(i, cols)
            boxes.append(pygame.Rect(left + c * (width + gap), 120 + r * (height + gap), width, height))
        return boxes

    def draw_seat(self, surface, seat, rect):
        """The seat's name, its code (until its phone joined), its link in two lines, its status."""
        theme.panel(surface, rect)
        name = self.session.name(seat)
        if seat in self.bots:
            theme.blit_text(surface, theme.fit(name, 26, rect.width - 20, True), 26, (rect.centerx, rect.y + 10),
                            theme.INK, True, "midtop")
            theme.blit_text(surface, _("A bot plays this seat"), 22, rect.center, theme.INK_DIM, True, "center")
            return
        status = self.server.seat_status(seat)
        joined = status == "joined"
        wide = rect.height < 300  # two rows of seats: the code at the left, the words beside it
        code = rect.height - 64 if wide else min(rect.width - 40, rect.height - 196)
        if wide:
            left = pygame.Rect(rect.x + 10, rect.y + 10, code, code)
            words = pygame.Rect(left.right + 8, rect.y + 8, rect.right - left.right - 16, code)
        else:
            left = pygame.Rect(0, rect.y + 48, code, code)
            left.centerx = rect.centerx
            words = pygame.Rect(rect.x + 10, left.bottom + 6, rect.width - 20, rect.bottom - left.bottom - 60)
        if joined:
            theme.blit_text(surface, "\u2713", 90, left.center, theme.GOLD, True, "center")
        else:
            self.draw_code(surface, self.code_surface(seat, code), left)
        top = words.y if wide else rect.y + 10
        theme.blit_text(surface, theme.fit(name, 26, words.width, True), 26, (words.centerx, top), theme.INK,
                        True, "midtop")
        theme.blit_text(surface, theme.fit(_(STATUS_WORDS[status]) if status in STATUS_WORDS else status, 17, words.width, True), 17,
                        (words.centerx, (top + 40) if wide else words.y), theme.GOLD if joined else theme.INK_DIM,
                        True, "midtop")
        self.draw_link(surface, self.server.links().get(seat, ""), (rect.centerx, rect.bottom - 50 if not wide
                       else rect.bottom - 48), rect.width - 16)
        if not joined:
            button = pygame.Rect(0, 0, min(200, words.width), 40)
            button.center = (words.centerx, words.centery + (20 if wide else 0)) if wide else (
                rect.centerx, rect.bottom - 90)
            theme.button(surface, button, _("Let a bot play"), self.hovering(f"bot:{seat}"), 18)
            self.target(f"bot:{seat}", button)

    @staticmethod
    def draw_link(surface, link, midtop, width):
        """The link to type in by hand: the address, then the seat's token, each on a line of its own."""
        head, _sep, token = link.rpartition("/")
        for i, line in enumerate((head + "/", token)):
            theme.blit_text(surface, theme.fit(line, 16, width), 16, (midtop[0], midtop[1] + i * 20), theme.INK,
                            False, "midtop")

    def code_surface(self, seat, size):
        """The seat's QR code as dark squares on light, SIZE across at most (its quiet zone included)."""
        cache = self.__dict__.setdefault("_codes", {})
        key = (seat, size)
        if key not in cache:
            matrix = self.codes[seat]
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
        waiting = [self.session.name(s) for s in self.phones if not self.server.joined(s)]
        # TRANSLATORS: {names} is the names of the seats whose phones have not joined yet: "Anna, Ben"
        words = _("Everyone is here: Start.") if ready else _("Waiting for {names}").format(names=", ".join(waiting))
        theme.blit_text(surface, theme.fit(words, 22, 700), 22, (640, 668), theme.INK, True, "center")
