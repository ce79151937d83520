"""What the screens show about phone seats: a bot to stand in for a phone that left while it is its
seat's turn (the game screen), and the host's answer when another device asks for a seat (phone.server),
during the game and in the lobby alike: a seat never changes device without the host's yes."""

import pygame

from game.i18n import N_, _
from phone.shapes import REACTIONS
from scenes.screen import faces as phone_faces
from scenes.screen import theme, widgets

AWAY_WORDS = {"joined": N_("{name}'s phone is still connected: it loses the seat if you let the other in."),
              "away": N_("{name}'s phone has left. A phone that reopens the link in another browser asks too.")}


def showing(screen):
    """The phone dialog the screen shows now: ("takeover", seat), ("standin", seat) or None."""
    session = screen.session
    server = session.phone_server
    if server is None or not server.running:
        return None
    pending = server.pending_takeovers()
    if pending:
        return "takeover", pending[0]
    seat = session.decider
    if session.phone_turn() and session.phone_away(seat):
        return "standin", seat
    return None


def draw(screen, surface):
    shown = showing(screen)
    if shown is not None:
        (draw_takeover if shown[0] == "takeover" else draw_standin)(screen, surface, shown[1])
    elif not screen.session.needs_handoff():  # never while the others are asked to look away
        draw_reactions(screen, surface)


def draw_reactions(screen, surface):
    """The phones' reactions (phone.shapes.REACTIONS), each a small tag with the seat's face, name and
    the reaction, popping up by the seat's box for a few seconds (the newest of each seat); over the
    middle of the table where a board has no box for the seat."""
    session = screen.session
    server = session.phone_server
    faces = server.roster.faces() if server is not None and server.roster is not None else {}
    loose = 0  # tags with no seat box to stand by, in a row over the table's middle
    for seat, reaction, _left in session.phone_seats.reactions:
        words = _(REACTIONS[reaction][0]) if reaction in REACTIONS else ""
        line = theme.fit("{name}: {words}".format(name=session.name(seat), words=words), 18, 260, True)
        tag = pygame.Rect(0, 0, theme.font(18, True).size(line)[0] + 104, 50)
        box = screen.board.teach_rect(("seat", seat))
        if box is None:
            tag.midtop = (640, 194 + 56 * loose)
            loose += 1
        elif box.centery > 360:  # a seat at the bottom: the tag rises over its box's top edge
            tag.midbottom = (box.centerx, box.y + 20)
        else:
            tag.midtop = (box.centerx, box.bottom - 20)
        tag.clamp_ip(pygame.Rect(0, 0, 1280, 720))
        if theme.guard is not None:  # a pop-up laid over the seat's box for a moment
            theme.guard.above(surface, tag)
        theme.panel(surface, tag)
        phone_faces.draw_face(surface, faces.get(seat), pygame.Rect(tag.x + 6, tag.y + 7, 36, 36))
        phone_faces.draw_reaction(surface, reaction, pygame.Rect(tag.right - 46, tag.y + 5, 40, 40))
        theme.blit_text(surface, line, 18, (tag.x + 48, tag.centery), theme.INK, True, "midleft")


def draw_standin(screen, surface, seat):
    """A bar at the top: the phone of the deciding seat left; a bot may play it meanwhile."""
    name = screen.session.name(seat)
    bar = pygame.Rect(0, 0, 720, 64)
    bar.midtop = (640, 462)  # under the waiting line, clear of the seat boxes
    theme.panel(surface, bar)
    theme.blit_text(surface, theme.fit(_("{name}'s phone has left.").format(name=name), 20, 380, True), 20,
                    (bar.x + 16, bar.centery), theme.WARN, True, "midleft")
    button = pygame.Rect(0, 0, 290, 44)
    button.midright = (bar.right - 10, bar.centery)
    theme.button(surface, button, _("Let a bot play meanwhile"), screen.hovering(f"phone:standin:{seat}"), 18)
    screen.target(f"phone:standin:{seat}", button)


def draw_takeover(screen, surface, seat):
    """Another device opened SEAT's link: the host lets it take the seat or keeps the old phone. SCREEN:
    any scene whose session has the phone server (the game screen, the lobby)."""
    session = screen.session
    name = session.name(seat)
    screen.forget_under()  # a dialog: what was drawn under it stops reacting
    box = widgets.modal_box(surface, (760, 300))
    theme.blit_text(surface, theme.fit(_("Another device wants {name}'s seat").format(name=name), 30, 700, True), 30,
                    (box.centerx, box.y + 40), theme.GOLD, True, "center")
    only = _("Only let it in if it is really {name}: the seat's cards go to it.").format(name=name)
    size = theme.fitting_size(only, (20, 19, 18, 17), 700)  # longer words in another language: smaller
    theme.blit_text(surface, theme.fit(only, size, 700), size, (box.centerx, box.y + 92), theme.INK, False, "center")
    status = session.phone_server.seat_status(seat)
    away = _(AWAY_WORDS.get(status, AWAY_WORDS["away"])).format(name=name)
    size = theme.fitting_size(away, (17, 16), 700)
    for i, row in enumerate(theme.wrap(away, size, 700)[:2]):  # sofa size: two lines rather than smaller
        theme.blit_text(surface, row, size, (box.centerx, box.y + 126 + 22 * i), theme.INK_DIM, False, "center")
    # keeping the phone that holds the seat is the safe answer: the primary (green) button, on the right
    # where every dialog's "go on" is; handing the seat over is the secondary one
    let_in = pygame.Rect(box.x + 50, box.bottom - 100, 300, 60)
    keep = pygame.Rect(box.right - 350, box.bottom - 100, 300, 60)
    theme.button(surface, let_in, _("Let it take the seat"), screen.hovering(f"phone:confirm:{seat}"), 22)
    theme.button(surface, keep, _("Keep the old phone"), screen.hovering(f"phone:refuse:{seat}"), 22, "good")
    screen.target(f"phone:confirm:{seat}", let_in)
    screen.target(f"phone:refuse:{seat}", keep)


def click(screen, name):
    _, what, seat = name.split(":")
    session, seat = screen.session, int(seat)
    server = session.phone_server
    if what == "confirm":
        server.confirm_takeover(seat)
    elif what == "refuse":
        server.refuse_takeover(seat)
    elif what == "standin":
        session.stand_in(seat)
