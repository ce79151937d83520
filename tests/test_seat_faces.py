"""The face a phone picks when it joins (phone.shapes.FACES) is its seat's mark on the TV too: a friend
who picked the moon finds the moon on their seat box, not the table's default animal."""

from types import SimpleNamespace

import pygame

from phone.roster import Roster, RosterSeat
from scenes.screen import emblems, widgets


def roster_with_faces():
    seats = [RosterSeat("Anna", "tv"), RosterSeat("Ben", "phone"), RosterSeat("Carla", "phone")]
    roster = Roster("mlut", "Mit List und Tücke", seats, most=6, least=3)
    roster.claim(1, "Ben", "moon", held=set())
    return roster


def test_a_seat_whose_phone_picked_a_face_is_drawn_with_it():
    session = SimpleNamespace(phone_server=SimpleNamespace(roster=roster_with_faces()))
    assert widgets.phone_face(session, 1) == "moon"
    assert widgets.phone_face(session, 2) is None and widgets.phone_face(session, 0) is None
    assert widgets.phone_face(SimpleNamespace(phone_server=None), 1) is None  # a table without phones
    pictures = {}
    for face in (None, "moon", "sun"):
        surface = pygame.Surface((40, 40))
        emblems.draw(surface, 1, pygame.Rect(0, 0, 40, 40), face)
        pictures[face] = pygame.image.tobytes(surface, "RGB")
    assert len(set(pictures.values())) == 3, "the animal, the moon and the sun are three pictures"


def test_the_seat_box_is_drawn_again_when_its_phone_picks_a_face(monkeypatch):
    from scenes.screen.table_board import TableBoard
    keys = []
    monkeypatch.setattr(widgets, "cached", lambda cache, key, make: keys.append(key))
    faces = {1: None}
    monkeypatch.setattr(widgets, "phone_face", lambda session, seat: faces[seat])
    board = SimpleNamespace(shown={"totals": [0, 0, 0]}, session=SimpleNamespace(
        name=lambda seat: "Ben", viewer=0), _panel_cache={}, hand_size=lambda seat: 5,
        points_note=lambda seat: "")
    monkeypatch.setattr(widgets, "seat_kind", lambda session, seat: "phone")
    TableBoard.panel_surface(board, 1)
    faces[1] = "moon"
    TableBoard.panel_surface(board, 1)
    assert keys[0] != keys[1]
