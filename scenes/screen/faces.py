"""The faces and reactions phones pick (phone.shapes), drawn on the TV: the same drawings the page
shows, scaled from their 24 × 24 box into any rect."""

from phone.shapes import FACES, REACTIONS
from scenes.screen import paint


def _rgb(fill):
    return tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))


def draw(surface, parts, rect):
    """PARTS (a drawing of phone.shapes) fitted into RECT, centred."""
    scale = min(rect.width, rect.height) / 24.0
    left = rect.x + (rect.width - 24 * scale) / 2
    top = rect.y + (rect.height - 24 * scale) / 2
    for part in parts:
        colour = _rgb(part["fill"])
        if "circle" in part:
            x, y, r = part["circle"]
            paint.circle(surface, colour, (left + x * scale, top + y * scale), max(1, r * scale))
        else:
            paint.polygon(surface, colour, [(left + x * scale, top + y * scale) for x, y in part["points"]])


def draw_face(surface, face, rect):
    """The face a phone picked (an id of phone.shapes.FACES); nothing for None or one not known."""
    if face in FACES:
        draw(surface, FACES[face][1], rect)


def draw_reaction(surface, reaction, rect):
    if reaction in REACTIONS:
        draw(surface, REACTIONS[reaction][1], rect)
