"""The coach's words for Mit List und Tücke (game.explain asks the kit): a short reason for a move,
read from one seat's view and one of its legal actions."""

from game import cards
from game.i18n import _, ngettext
from game.games.mlut import rules as mlut


# A reason is a verb phrase without its subject, shown after a percentage ("62%, takes the trick so
# far") and after "It" in the hint's sentence ("Best: red 5. It takes nothing: ...").
def reason(view, action):
    kind = action[0]
    mine = view["collections"][view["seat"]]
    if kind == "play":
        return _play(view, action[1])
    if kind == "pick":
        before = mlut.points_so_far(mine)[0]
        counts = mlut.collection_counts(mine)
        for card in action[1]:
            counts[card[0]] = counts.get(card[0], 0) + 1
        after = mlut.round_points(counts, mine["plus"])[0]
        if after > before:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
            return _("raises your round points so far from {before} to {after}").format(before=before, after=after)
        if after < before:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
            return _("costs round points: {before} down to {after}").format(before=before, after=after)
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the move): picking these cards
        return _("keeps your round points at {after}").format(after=after)
    if kind == "plus":
        how = mlut.round_points(mlut.collection_counts(mine), action[1])[1]
        # TRANSLATORS: a coach's reason for two plus colours; {how} is the round's sum in words
        return _("scores {how} as it stands").format(how=how)
    return None


def _play(view, card):
    trick, colour, value = view["trick"], card[0], mlut.VALUE[card]
    name = _(cards.COLOUR_NAMES[colour])
    if not trick:
        held = sum(1 for c in view["hand"] if c[0] == colour)
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card); {colour} is a colour's
        # name, {held} how many cards of that colour the player holds
        return ngettext("makes {colour} trump: you hold {held} {colour} card",
                        "makes {colour} trump: you hold {held} {colour} cards", held).format(colour=name, held=held)
    trump = trick[0][1][0]
    if colour == trump:
        best = max(mlut.VALUE[c] for _s, c in trick if c[0] == trump)
        if value > best:
            # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card)
            return _("is the highest trump so far: you would pick first")
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card)
        return _("is a trump too low to pick: it goes to the picker")
    others = [mlut.VALUE[c] for _s, c in trick if c[0] != trump]
    if not others or value < min(others):
        # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card)
        return _("is so far the lowest non-trump card: you would take the leftovers and lead next")
    # TRANSLATORS: a coach's reason (a verb phrase, its subject is the card): it neither picks nor is
    # the lowest other colour, so the trick's cards go to other players
    return _("takes nothing: the trick's cards go to others")
