"""The menu: the three games as tiles, seat setup for the chosen game, and its rules on screen."""

import pygame

from scenes.screen import paint

from game import Seat, game_info, new_game
from game import bots as game_bots
from game import i18n
from game.i18n import N_, _, ngettext
from game.bots.levels import level_line, level_tip
from game.kit import kit as rules_kit
from game.door import Door
from game.observe import hidden_hand
from scenes.screen import cards
from scenes.screen import theme
from scenes.screen.base import Scene
from scenes.screen import registry
from scenes.screen.registry import rules_page
from scenes.screen.settings import speed_words

DEFAULT_NAMES = ["Anna", "Ben", "Carla", "David", "Emma", "Felix"]
NAME_LIMIT = 14
TILE_W, TILE_H = 380, 380  # a game's tile in the menu, as wide as three tiles side by side allow
TILES_LEFT, TILES_RIGHT, TILES_GAP = 40, 1260, 120  # where the tiles stand; GAP: all the gaps between three
WHERE_LABELS = {"human": N_("At the TV"), "phone": N_("Phone")}  # where a person's seat is played
# The bot levels' names as shown (game.bots.LEVELS's labels), by bot name.
LEVEL_WORDS = {"random": N_("Random"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
PHONE_BADGE = (40, 112, 150)
SELECTION = (150, 200, 250)  # behind a selected name in its field
LEVELS_X, LEVELS_WIDTH, LEVEL_SIZE, LEVEL_STEP = 770, 490, 15, 22  # the bot levels' lines under Back
PHONES_BUTTON_W = 230  # "Play on phones", offered to several people where hands are hidden


def hands_hidden(game_id, players):
    """GAME_ID's hands are hidden from the table (each person must look at theirs unseen), not open
    to all: looked at in a fresh game of PLAYERS seats, played on by its first legal actions until a
    seat first holds cards. Decided from the views, as the hand-off is."""
    state = new_game(game_id, players, 0)
    door = Door(state)  # the one way in, for this look-ahead game too
    for _step in range(400):
        seat = next((s for s in range(players) if state.view(s).get("hand")), None)
        if seat is not None:
            return hidden_hand(state, seat)
        if state.is_over or door.act(state.current_player, state.legal_actions()[0]) is not None:
            return False
    return False


def bot_levels():
    """(label, bot name) for every bot this installation can make, the plain random one first."""
    levels = [("Random", "random")] + list(getattr(game_bots, "LEVELS", {}).items())
    usable = []
    for label, name in levels:
        try:
            game_bots.make_bot(name)
        except Exception:  # noqa: BLE001 - a level still being written is simply not offered
            continue
        usable.append((label, name))
    return usable or [("Random", "random")]


def count_words(counts):
    if len(counts) == 1:
        return ngettext("{count} player", "{count} players", counts[0]).format(count=counts[0])
    return _("{least}–{most} players").format(least=counts[0], most=counts[-1])


def seconds_words(seconds):
    """A number of seconds as few digits as it needs, in the language's way ("0.9", "0,9")."""
    text = f"{seconds:g}"
    digits = len(text.partition(".")[2]) if "e" not in text else 2
    return i18n.number(seconds, digits)


def tile_rects(count):
    """The game tiles' places, left to right: three fill the row at their full width, more share it."""
    gap = TILES_GAP // max(3, count)
    width = min(TILE_W, (TILES_RIGHT - TILES_LEFT - (count - 1) * gap) // max(1, count))
    return [pygame.Rect(TILES_LEFT + i * (width + gap), 160, width, TILE_H) for i in range(count)]


RULES_TOP, RULES_BOTTOM = 90, 640  # the rules page's text, above its buttons
ROW_HEIGHT = {"head": 42, "gap": 10, "text": 30, "item": 30}

DETAIL_SIZES, DETAIL_WIDTH = (15, 14, 13), 450  # the Continue button's when and who: its sizes, its room
NOT_LOOKED = object()  # the kept games were not looked at yet (None is "no folder to look in")


def continue_detail(detail):
    """The Continue button's when and who, whole in two lines (a third would run off the button): its
    type size and lines, a little smaller where a language's words run long."""
    for size in DETAIL_SIZES:  # first whole parts ("when · who · how many more"), then words
        for lines in (theme.pack(detail.split(" · "), size, DETAIL_WIDTH), theme.wrap(detail, size, DETAIL_WIDTH)):
            if len(lines) <= 2:
                return size, lines
    return size, [lines[0], " ".join(lines[1:])]  # cut at the end, "…", rather than a line off the button


def has_lesson(game_id):
    """The game has a guided first round (its kit names its teaching, game.teach)."""
    return rules_kit(game_id).teach is not None


class MenuScene(Scene):
    def __init__(self, app, message=""):
        super().__init__(app)
        self.hint = message
        self._kept_version = NOT_LOOKED
        from scenes.menus.library import folder_problem
        self.folder = folder_problem()  # games cannot be kept: said on a screen of its own, once

    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, "Tricktable", 64, (640, 62), theme.GOLD, True, "center")
        theme.blit_text(surface, _("Three German trick-taking games on one screen: play against bots or pass "
                                   "the mouse around"), 21, (640, 108), theme.INK_DIM, False, "center")
        phones = _("Players can join with their phones: set a seat to Phone, then everyone scans one code on the TV")
        size = theme.fitting_size(phones, (18, 17, 16, 15), 1200)
        theme.blit_text(surface, theme.fit(phones, size, 1200), size, (640, 137), theme.GOLD, False, "center")
        self.learn_buttons = {}
        for game_id, rect in zip(self.app.games, tile_rects(len(self.app.games))):
            self.draw_tile(surface, rect, game_id)
            self.target(f"game:{game_id}", rect)
            if game_id in self.learn_buttons:  # a game with a guided first round
                self.target(f"learn:{game_id}", self.learn_buttons[game_id])  # over the tile's own target
        quit_rect = pygame.Rect(540, 600, 200, 56)
        theme.button(surface, quit_rect, _("Quit"), self.hovering("quit"), 26)
        self.target("quit", quit_rect)
        self.draw_kept_buttons(surface)
        if self.hint:  # in the gap between the tiles and the buttons, two lines at most
            self.draw_hint(surface, self.hint)
        elif self.folder is not None:  # a click on it shows why again
            self.target("folder", self.draw_hint(surface, _(
                "Games are not being kept: the data folder cannot be used. Click here to see why.")))
        footer = _("Animation: {speed}  ·  sound, speed and more in Settings  ·  F11: full screen").format(
            speed=speed_words(self.app.settings.speed))
        theme.blit_text(surface, footer, 16, (640, 690), theme.INK_DIM, False, "center")
        self.draw_settings_button(surface)

    @staticmethod
    def draw_hint(surface, words):
        """WORDS in the gap between the tiles and the buttons, two lines at most; the rect they take."""
        lines = theme.wrap(words, 20, 1200, True)[:2]
        drawn = []
        for k, line in enumerate(lines):
            y = 570 + (k - (len(lines) - 1) / 2) * 25
            drawn.append(theme.blit_text(surface, line, 20, (640, round(y)), theme.WARN, True, "center"))
        return drawn[0].unionall(drawn[1:]) if drawn else pygame.Rect(640, 570, 0, 0)

    def draw_settings_button(self, surface):
        """Top right, out of the way of the game tiles and the buttons under them."""
        rect = pygame.Rect(1090, 20, 170, 48)
        words = _("Settings")
        theme.button(surface, rect, words, self.hovering("settings"), theme.fitting_size(words, (22, 20, 18, 17),
                                                                                        rect.width - 16, True))
        self.target("settings", rect)

    # --- kept games: Continue the newest unfinished one, or the list (scenes.menus.library) -------------------
    def kept_game(self):
        """The newest unfinished game: from the index of kept games when the menu opens (never waiting
        for the records themselves), and again whenever the index's thread has read more."""
        from scenes.menus.library import catalog_version, newest_unfinished
        version = catalog_version()
        if self._kept_version is NOT_LOOKED or self._kept_version != version:
            self._kept = newest_unfinished(first=self._kept_version is NOT_LOOKED)
            self._kept_version = catalog_version()
        return self._kept

    def update(self, dt):
        super().update(dt)
        from scenes.menus.library import kept_news, watch_kept
        if self.folder is not None and self.app.scene is self:
            from scenes.menus.folder import FolderScene, told
            if not told(self.folder):
                self.app.push(FolderScene(self.app, self.folder))
                return
        if not self.hint:  # a game left with moves not on disk, or a record completed since
            self.hint = kept_news()
        watch_kept(dt)  # games another program writes into the folder are listed within seconds

    def draw_kept_buttons(self, surface):
        kept = self.kept_game()
        if kept is not None:
            from scenes.menus.library import continue_words, elsewhere_words, played_elsewhere
            title, detail = continue_words(kept)
            elsewhere = played_elsewhere(kept)  # another window plays it: said, never offered
            if elsewhere:
                title, detail = _("Being played in another window"), f"{kept.title} · {detail}"
            size, lines = continue_detail(detail)
            rect = pygame.Rect(40, 600, 470, 56 + 18 * (len(lines) - 1))
            theme.button(surface, rect, "", self.hovering("continue"), 22, "good", not elsewhere)
            theme.blit_text(surface, theme.fit(title, 21, rect.width - 20, True), 21,
                            (rect.centerx, rect.y + 17), theme.INK_DIM if elsewhere else theme.INK, True, "center")
            for i, line in enumerate(lines):
                theme.blit_text(surface, theme.fit(line, size, rect.width - 20), size,
                                (rect.centerx, rect.y + 41 + 18 * i), theme.INK, False, "center")
            if elsewhere:
                self.tip(rect, elsewhere_words(kept))
            else:
                self.target("continue", rect)
        rect = pygame.Rect(770, 600, 470, 56)
        words = _("Kept games and replays")
        theme.button(surface, rect, words, self.hovering("kept"), theme.fitting_size(words, (24, 22, 20, 18),
                                                                                    rect.width - 16, True))
        self.target("kept", rect)

    def click_kept(self, name):
        from scenes.menus.library import LibraryScene, continue_kept
        if name == "kept":
            self.app.push(LibraryScene(self.app))
            return
        message = continue_kept(self.app, self.kept_game())
        if message:  # the list has room for the whole reason, and the other games
            self.app.push(LibraryScene(self.app, message))

    def draw_tile(self, surface, rect, game_id):
        hover = self.hovering(f"game:{game_id}")
        fill = (26, 70, 52) if hover else (16, 44, 34)
        theme.panel(surface, rect, fill=fill, edge=theme.GOLD if hover else theme.PANEL_EDGE, radius=18, width=3)
        title = game_info(game_id).title
        size = theme.fitting_size(title, (32, 30, 28, 26, 24), rect.width - 24, True)
        theme.blit_text(surface, theme.fit(title, size, rect.width - 24, True), size, (rect.centerx, rect.y + 40),
                        theme.INK, True, "center")
        theme.blit_text(surface, count_words(game_info(game_id).player_counts), 22, (rect.centerx, rect.y + 80),
                        theme.GOLD, True, "center")
        game_kit = registry.kit(game_id)
        game_kit.tile(surface, pygame.Rect(rect.x, rect.y + 110, rect.width, cards.SMALL[1]))
        learn, setup = self.tile_buttons(rect)
        if learn.y == setup.y:  # side by side: the pitch has the room above them
            self.draw_pitch(surface, rect, _(game_kit.pitch), rect.y + 236, 30, (22, 21, 20, 19))
        else:
            self.draw_pitch(surface, rect, _(game_kit.pitch), rect.y + 218, 22, (17, 16, 15, 14))
        learn_words, setup_words = _("Learn to play"), _("Set up a game")
        size = min(theme.fitting_size(w, (20, 18, 17, 16), learn.width - 16, True)
                   for w in (learn_words, setup_words))
        if not has_lesson(game_id):  # no guided first round: the setup's button alone, in both places
            theme.button(surface, learn.union(setup), setup_words, self.hovering(f"game:{game_id}"), size)
            return
        theme.button(surface, learn, learn_words, self.hovering(f"learn:{game_id}"), size, "good")
        theme.button(surface, setup, setup_words, self.hovering(f"game:{game_id}"), size)
        self.learn_buttons[game_id] = learn

    @staticmethod
    def tile_buttons(rect):
        """Learn to play and Set up a game at the tile's foot: side by side where both labels fit
        whole, else one above the other (a narrow tile, when more than three games share the row)."""
        learn = pygame.Rect(rect.x + 20, rect.bottom - 62, (rect.width - 52) // 2, 44)
        wide = all(theme.font(16, True).size(w)[0] <= learn.width - 16 for w in (_("Learn to play"), _("Set up a game")))
        if wide:
            return learn, pygame.Rect(learn.right + 12, learn.y, learn.width, learn.height)
        setup = pygame.Rect(rect.x + 20, rect.bottom - 54, rect.width - 40, 40)
        return pygame.Rect(setup.x, setup.y - 48, setup.width, setup.height), setup

    @staticmethod
    def draw_pitch(surface, rect, pitch, top, step, sizes):
        """The pitch under the picture: three lines from TOP, as large of SIZES as fits them."""
        width = rect.width - 40
        size = next((s for s in sizes[:-1] if len(theme.wrap(pitch, s, width)) <= 3), sizes[-1])
        for k, line in enumerate(theme.wrap(pitch, size, width)[:3]):  # three lines, smaller if need be
            theme.blit_text(surface, line, size, (rect.centerx, top + k * step), theme.INK, False, "center")

    def click(self, name):
        if name == "quit":
            self.app.quit()
        elif name in ("continue", "kept"):
            self.click_kept(name)
        elif name == "folder":
            from scenes.menus.folder import FolderScene
            from scenes.menus.library import folder_problem
            self.folder = folder_problem() or self.folder  # worded again: the language may have changed
            self.app.push(FolderScene(self.app, self.folder))
        elif name == "settings":
            from scenes.menus.settings_screen import SettingsScene
            self.app.push(SettingsScene(self.app))
        elif name.startswith("game:"):
            self.app.switch(SetupScene(self.app, name[5:]))
        elif name.startswith("learn:"):
            self.app.learn(name[6:])


class SetupScene(Scene):
    """Number of seats, each seat person or bot with its name, the options, Start, Rules, Back."""

    def __init__(self, app, game_id):
        super().__init__(app)
        self.game_id = game_id
        self.levels = bot_levels()
        default_bot = dict((n, n) for _, n in self.levels).get("normal", self.levels[0][1])
        memory = app.setups.get(game_id)
        self.seats = memory or [[DEFAULT_NAMES[i], "human" if i == 0 else "bot", default_bot] for i in range(6)]
        if memory is None:
            self.restore_saved_seats()
        app.setups[game_id] = self.seats
        self.count = app.setup_counts.get(game_id, game_info(game_id).player_counts[0])
        self.options = app.setup_options.setdefault(game_id, app.game_options(game_id))
        self.editing = None
        self.selected = False  # the edited name is selected whole (a click into it, Ctrl+A)
        self.hint = ""
        self._hands_hidden = {}  # {seat count: hidden}

    def restore_saved_seats(self):
        """The seats of this game's last start in an earlier run (from the settings file)."""
        from scenes.menus.settings_screen import remembered_seats
        saved = remembered_seats(self.app.settings, self.game_id, self.levels, self.seats)
        if saved is not None:
            self.seats, count = saved
            self.app.setup_counts.setdefault(self.game_id, count)

    def enter(self):
        pygame.key.start_text_input()

    def language_changed(self):
        self.hint = ""  # a refusal said in the old language goes (the rest is drawn in the new one)

    # --- input -------------------------------------------------------------------------------------
    def handle(self, event):
        if self.editing is not None and event.type == pygame.TEXTINPUT:
            name = "" if self.selected else self.seats[self.editing][0]  # typing replaces a selected name
            self.seats[self.editing][0] = (name + event.text)[:NAME_LIMIT]
            self.selected = False
            return
        if self.editing is not None and event.type == pygame.KEYDOWN and self.edit_key(event):
            return
        super().handle(event)

    def edit_key(self, event):
        """A key while a name is edited: Ctrl+A selects it all, Backspace and Delete take the selection
        or the last letter, an arrow, Home or End keeps the name (the caret at its end); Enter, Tab and
        Esc end the editing. True when the key was the field's."""
        if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.selected = True
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            name = self.seats[self.editing][0]
            self.seats[self.editing][0] = "" if self.selected else name[:-1]
            self.selected = False
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected = False
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.stop_editing()
        else:
            return False
        return True

    def stop_editing(self):
        if self.editing is not None:
            name = self.seats[self.editing][0].strip()
            self.seats[self.editing][0] = name or DEFAULT_NAMES[self.editing]
        self.editing = None
        self.selected = False

    def click(self, name):
        if not name.startswith("name:"):
            self.stop_editing()
        self.hint = ""
        kind, _sep, arg = name.partition(":")
        if kind == "count":
            self.count = int(arg)
            self.app.setup_counts[self.game_id] = self.count
        elif kind == "name":
            self.stop_editing()
            self.editing = int(arg)
            self.selected = True  # a click into a name selects it: what is typed replaces it
        elif kind == "kind":
            seat = self.seats[int(arg)]
            seat[1] = "human" if seat[1] == "bot" else "bot"
        elif kind == "where" and arg == "all":
            for seat in self.seats[:self.count]:
                seat[1] = "phone" if seat[1] == "human" else seat[1]
        elif kind == "where":
            seat = self.seats[int(arg)]
            seat[1] = "phone" if seat[1] == "human" else "human"
        elif kind == "level":
            seat = self.seats[int(arg)]
            names = [n for _, n in self.levels]
            seat[2] = names[(names.index(seat[2]) + 1) % len(names)] if seat[2] in names else names[0]
        elif kind == "opt":
            self.toggle_option(arg)
        elif kind == "speed":
            self.app.settings.next_speed()
        elif kind == "pace":
            self.app.settings.next_bot_delay()
        elif kind == "rules":
            self.app.push(RulesScene(self.app, self.game_id))
        elif kind == "learn":
            first = self.seats[0]
            self.app.learn(self.game_id, first[0] if first[1] != "bot" else None)
        elif kind == "back":
            self.back()
        elif kind == "start":
            self.start()

    def back(self):
        if self.editing is not None:
            self.stop_editing()
        else:
            self.app.to_menu()

    def chosen_seats(self):
        """The seats as the game knows them: a phone seat is a person's (the record knows no phones)."""
        return [Seat(name, "bot" if kind == "bot" else "human", level if kind == "bot" else None)
                for name, kind, level in self.seats[:self.count]]

    def phone_seats(self):
        return {i for i, (_, kind, _) in enumerate(self.seats[:self.count]) if kind == "phone"}

    def start(self):
        seats = self.chosen_seats()
        names = [s.name for s in seats]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            self.hint = _("Two seats are both called {name}: give each seat its own name.").format(name=twice[0])
            return
        from scenes.menus.settings_screen import remember_seats
        remember_seats(self.app, self.game_id, self.seats, self.count)
        self.app.new_game(self.game_id, seats, dict(self.options), phones=self.phone_seats())

    # --- drawing -----------------------------------------------------------------------------------
    def render(self, surface):
        surface.fill(theme.BG)
        theme.blit_text(surface, game_info(self.game_id).title, 44, (640, 44), theme.GOLD, True, "center")
        theme.blit_text(surface, _("Set up the table: how many seats, who sits where, person or bot"), 20,
                        (640, 88), theme.INK_DIM, False, "center")
        self.draw_counts(surface)
        self.draw_seats(surface)
        self.draw_side(surface)
        if self.hint:
            theme.blit_text(surface, self.hint, 22, (640, 690), theme.WARN, True, "center")

    def draw_counts(self, surface):
        words = _("Seats")
        size = theme.fitting_size(words, (26, 24, 22, 20, 18), 170 - 60 - 8, True)  # room up to the first count
        theme.blit_text(surface, words, size, (60, 147), theme.INK, True, "midleft")
        for i, n in enumerate(game_info(self.game_id).player_counts):
            rect = pygame.Rect(170 + i * 80, 120, 66, 44)
            chosen = n == self.count
            theme.button(surface, rect, str(n), self.hovering(f"count:{n}") or chosen, 24,
                         "good" if chosen else "normal")
            self.target(f"count:{n}", rect)

    def draw_seats(self, surface):
        for i in range(self.count):
            name, kind, level = self.seats[i]
            y = 184 + i * 74
            theme.blit_text(surface, f"{i + 1}", 26, (72, y + 30), theme.INK_DIM, True, "center")
            field = pygame.Rect(100, y + 4, 340, 54)
            editing = self.editing == i
            paint.rect(surface, (250, 250, 245) if editing else (30, 62, 50), field, border_radius=10)
            paint.rect(surface, theme.GOLD if editing else theme.PANEL_EDGE, field, 3, border_radius=10)
            if editing and self.selected and name:  # the selection, as a text field shows it
                width = theme.font(26, True).size(name)[0]
                paint.rect(surface, SELECTION, pygame.Rect(field.x + 11, field.y + 10, width + 6, field.height - 20),
                           border_radius=4)
            caret = editing and not self.selected and int(self.time * 2) % 2 == 0
            shown = name + ("|" if caret else "")
            theme.blit_text(surface, shown, 26, (field.x + 14, field.centery),
                            theme.INK_DARK if editing else theme.INK, True, "midleft")
            if not editing:
                # TRANSLATORS: a small word at the end of a seat's name field (click to type a name)
                theme.blit_text(surface, _("edit"), 16, (field.right - 12, field.centery), theme.INK_DIM, False,
                                "midright")
            self.target(f"name:{i}", field)
            toggle = pygame.Rect(456, y + 4, 140, 54)
            self.draw_choice(surface, toggle, _("Bot") if kind == "bot" else _("Person"), f"kind:{i}",
                             theme.BOT_BADGE if kind == "bot" else theme.PERSON_BADGE)
            if kind != "bot":
                self.draw_choice(surface, pygame.Rect(606, y + 4, 140, 54), _(WHERE_LABELS[kind]) if kind in WHERE_LABELS else kind,
                                 f"where:{i}", PHONE_BADGE if kind == "phone" else (70, 80, 70))
            else:
                label = self.level_label(level)
                rect = pygame.Rect(606, y + 4, 140, 54)
                self.draw_choice(surface, rect, label, f"level:{i}", (60, 70, 110))
                self.tip(rect, self.level_words(level, level_tip))
        people = sum(1 for _, k, _ in self.seats[:self.count] if k == "human")
        if people == 0:
            note = _("No person seat: you watch the bots play.")
        elif people == 1:
            note = _("One person against bots: the hand stays on screen.")
        else:
            note = ngettext("{count} person: the mouse is passed (others look away) for secret moves.",
                            "{count} people: the mouse is passed (others look away) for secret moves.",
                            people).format(count=people)
        phones = len(self.phone_seats())
        if phones and people:
            note = ngettext("{phones} on a phone, {people} at the TV: phones join by QR code first.",
                            "{phones} on phones, {people} at the TV: phones join by QR code first.",
                            phones).format(phones=phones, people=people)
        elif phones:
            note = ngettext("{phones} on a phone: they join by QR code first; the TV shows the table.",
                            "{phones} on phones: they join by QR code first; the TV shows the table.",
                            phones).format(phones=phones)
        room = 770 - 100 - 16  # up to the options panel beside it
        top = 184 + self.count * 74
        offer = people > 1 and not phones and self.hands_hidden()
        if offer:  # passing the mouse before every hidden hand tires a table: phones, one click away
            note = _("No passing: each of you holds your cards on your phone.")
        size = theme.fitting_size(note, (19, 18, 17, 16, 15, 14), room)
        theme.blit_text(surface, theme.fit(note, size, room), size, (100, top + 6), theme.INK_DIM)
        # two lines: one would run under the Back button beside it
        hints = [_("Click a name to type a new one; Enter when done."), _("Click Person/Bot or TV/phone to switch.")]
        for i, line in enumerate(hints[:1] if offer else hints):
            theme.blit_text(surface, line, 17, (100, top + 32 + 21 * i), theme.INK_DIM)
        if offer:  # in the second line's place: the button switches every person to a phone at once
            words = _("Play on phones")
            button = pygame.Rect(100, top + 56, PHONES_BUTTON_W, 30)
            theme.button(surface, button, words, self.hovering("where:all"),
                         theme.fitting_size(words, (18, 17, 16), button.width - 12, True), "good")
            self.target("where:all", button)

    def hands_hidden(self):
        """This game's hands are hidden from the table (game.observe.hands_hidden), asked once."""
        if self.count not in self._hands_hidden:
            self._hands_hidden[self.count] = hands_hidden(self.game_id, self.count)
        return self._hands_hidden[self.count]

    def level_label(self, level):
        """A bot level's name as shown on its seat's button."""
        if level in LEVEL_WORDS:
            return _(LEVEL_WORDS[level])
        return dict((n, lab) for lab, n in self.levels).get(level, level)

    def level_words(self, level, words):
        """A bot level's words (game.bots.levels: level_line or level_tip) for this game and count."""
        labels = {n: lab for lab, n in self.levels}
        return words(labels.get(level, level), level, self.game_id, self.count, labels)

    def draw_levels(self, surface, top):
        """Under Back: one line for each bot level, what it does and how it did against the level
        below it; resting on a line (or on a seat's level button) tells more."""
        for k, (_label, level) in enumerate(self.levels):
            pos = (LEVELS_X, top + k * LEVEL_STEP)
            line = self.level_words(level, level_line)
            rect = theme.blit_text(surface, theme.fit(line, LEVEL_SIZE, LEVELS_WIDTH), LEVEL_SIZE, pos,
                                   theme.INK_DIM)
            self.tip(rect, self.level_words(level, level_tip))

    def draw_choice(self, surface, rect, label, name, fill):
        paint.rect(surface, fill, rect, border_radius=10)
        paint.rect(surface, theme.INK if self.hovering(name) else (0, 0, 0), rect, 2, border_radius=10)
        size = theme.fitting_size(label, (22, 20, 18), rect.width - 12, True)  # a longer word in another language
        theme.blit_text(surface, theme.fit(label, size, rect.width - 12, True), size, rect.center, theme.INK, True,
                        "center")
        self.target(name, rect)

    def draw_side(self, surface):
        rows = [(f"opt:{key}", self.option_words(key, value)) for key, value in self.options.items()]
        rows += [("speed", _("Animation: {speed}").format(speed=speed_words(self.app.settings.speed))),
                 # TRANSLATORS: the bots' pause before each move, in seconds
                 ("pace", _("Bot pause: {seconds} s").format(seconds=seconds_words(self.app.settings.bot_delay))),
                 (("rules", _("Rules page")), ("learn", _("Learn to play")))]  # side by side: one row
        if not has_lesson(self.game_id):  # a game without a guided first round: its rules alone
            rows[-1] = ("rules", _("Rules page"))
        top = 120
        box = pygame.Rect(770, top, 450, 60 + (0 if self.options else 30) + 58 * len(rows) + 106)
        theme.panel(surface, box)
        theme.blit_text(surface, _("Options"), 26, (box.x + 20, box.y + 16), theme.INK, True)
        y = box.y + 60
        if not self.options:
            theme.blit_text(surface, _("No rule options for this game."), 18, (box.x + 20, y), theme.INK_DIM)
            y += 30
        for name, label in rows:
            pair = [(name, label)] if isinstance(name, str) else [name, label]
            width = (410 - 10 * (len(pair) - 1)) // len(pair)
            for k, (one, words) in enumerate(pair):
                rect = pygame.Rect(box.x + 20 + k * (width + 10), y, width, 48)
                theme.button(surface, rect, words, self.hovering(one), 22)
                self.target(one, rect)
                if self.side_tip(one):
                    self.tip(rect, self.side_tip(one))
            y += 58
        start = pygame.Rect(box.x + 20, y + 14, 410, 72)
        words = ngettext("Start with {count} seat", "Start with {count} seats", self.count).format(count=self.count)
        theme.button(surface, start, words, self.hovering("start"), 30, "good")
        self.target("start", start)
        back = pygame.Rect(box.x + 20, box.bottom + 24, 410, 52)
        theme.button(surface, back, _("Back (Esc)"), self.hovering("back"), 22)
        self.target("back", back)
        self.draw_levels(surface, back.bottom + 10)

    def side_tip(self, name):
        """What an option of the side panel does, in words on hover ("" for a button that says it)."""
        if name.startswith("opt:"):
            tip = registry.kit(self.game_id).option(name[4:]).tip
            return _(tip) if tip else ""
        return {"speed": _("How fast the cards move: slow, normal, fast or instant (also in Settings)."),
                "pace": _("How long each bot waits before its move, so you can follow the game (also in "
                          "Settings).")}.get(name, "")

    def option_words(self, key, value):
        name = _(registry.kit(self.game_id).option(key).name)
        if isinstance(value, bool):
            # TRANSLATORS: a rule option's button: "Winner leads: on"
            return _("{option}: on").format(option=name) if value else _("{option}: off").format(option=name)
        return _("{option}: {value}").format(option=name, value=value)

    def toggle_option(self, key):
        value = self.options[key]
        if isinstance(value, bool):
            self.options[key] = not value
            return
        choices = registry.kit(self.game_id).option(key).choices or (value,)
        self.options[key] = choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


class RulesScene(Scene):
    """The chosen game's rules, summarised, in large type; the wheel or the buttons scroll."""

    def __init__(self, app, game_id):
        super().__init__(app)
        self.game_id = game_id
        self.offset = 0
        self.rows = self.layout_rows()

    def language_changed(self):
        """The page in the new language (its own text where there is one, else the English)."""
        self.rows = self.layout_rows()
        self.offset = min(self.offset, self.last_offset())

    def layout_rows(self):
        """The rules page's rows in the language now: ``rules/<lang>/<game>.txt``, else the English."""
        self.language = i18n.language()
        path = rules_page(self.game_id, self.language)
        try:
            source = path.read_text(encoding="utf-8")
        except OSError:
            source = _("The rules summary is missing from this installation.")
        rows = []
        for para in source.split("\n"):
            para = para.rstrip()
            if not para:
                rows.append(("gap", ""))
            elif para.startswith("# "):
                rows.append(("head", para[2:]))
            elif para.startswith("- "):
                lines = theme.wrap(para[2:], 22, 1080)
                rows += [("item", ("• " if k == 0 else "   ") + line) for k, line in enumerate(lines)]
            else:
                rows += [("text", line) for line in theme.wrap(para, 22, 1110)]
        return rows

    def scroll(self, amount):
        self.offset = max(0, min(self.last_offset(), self.offset - amount * 3))

    def last_offset(self):
        """The first row shown when the page's end is at the bottom: it never scrolls past its end
        into an empty screen (a newcomer scrolled to half a blank page)."""
        room, first = RULES_BOTTOM - RULES_TOP, len(self.rows)
        while first > 0 and room - ROW_HEIGHT[self.rows[first - 1][0]] >= 0:
            room -= ROW_HEIGHT[self.rows[first - 1][0]]
            first -= 1
        return first

    def click(self, name):
        if name == "up":
            self.scroll(4)
        elif name == "down":
            self.scroll(-4)
        elif name == "back":
            self.back()

    def back(self):
        self.app.pop()

    def render(self, surface):
        surface.fill(theme.BG)
        if self.language != i18n.language():  # shown again in another language than it was laid out in
            self.language_changed()
        theme.blit_text(surface, _("Rules: {game}").format(game=game_info(self.game_id).title), 38, (640, 40), theme.GOLD, True, "center")
        y = RULES_TOP
        for kind, line in self.rows[self.offset:]:
            if y + ROW_HEIGHT[kind] > RULES_BOTTOM:
                break
            if kind == "head":
                theme.blit_text(surface, line, 26, (80, y + 6), theme.GOLD, True)
            elif kind != "gap":
                theme.blit_text(surface, line, 22, (80 if kind == "text" else 96, y), theme.INK)
            y += ROW_HEIGHT[kind]
        for key, label, x in (("up", N_("▲ Up"), 80), ("down", N_("▼ Down"), 280), ("back", N_("Back (Esc)"), 1000)):
            rect = pygame.Rect(x, 640, 180 if key != "back" else 200, 56)
            theme.button(surface, rect, _(label), self.hovering(key), 24)
            self.target(key, rect)
        shown = min(len(self.rows), self.offset + 1)
        theme.blit_text(surface, _("line {line} of {count} · mouse wheel scrolls").format(line=shown, count=len(self.rows)), 17, (640, 668),
                        theme.INK_DIM, False, "center")
