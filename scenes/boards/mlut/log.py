"""The Mit List und Tücke log: the led card makes its colour trump, the highest trump picks, the lowest
other colour takes the rest (or the rest leaves the game), plus colours, and a round's early end."""

from game.i18n import _, ngettext, listing
from game.observe import action_of
from scenes.screen.log import GameLog, card_words, colour_name, colour_words


class MlutLog(GameLog):
    def _act(self, ev):
        who = self.names[ev["p"]]
        key, arg = action_of(ev)[:2]
        if key == "play" and not self.trick_open:
            self.trick_open = True
            return [_("{name} leads {card}: {colour} is trump.").format(name=who, card=card_words(arg),
                                                                        colour=colour_name(arg[0]))]
        if key == "pick":
            # TRANSLATORS: {cards} is a list like "red 10 ● and yellow 8 ★"
            return [_("{name} picks {cards}.").format(name=who, cards=listing(card_words(c) for c in arg))]
        if key == "plus":
            # TRANSLATORS: {colours} is a list like "blue ■ and green ▲"
            return [_("{name} chooses plus colours {colours}.").format(
                name=who, colours=listing(colour_words(c) for c in arg))]
        return super()._act(ev)

    def _trick(self, ev):
        self.trick_open = False
        lines = []
        if ev.get("taker") is not None and ev.get("taken"):
            lines.append(_("{name} takes {cards}.").format(name=self.names[ev["taker"]],
                                                           cards=listing(card_words(c) for c in ev["taken"])))
        if ev.get("removed"):
            removed = listing(card_words(c) for c in ev["removed"])
            lines.append(ngettext("{cards} leaves the game.", "{cards} leave the game.",
                                  len(ev["removed"])).format(cards=removed))
        return lines

    def _early_end(self, ev):
        self.trick_open = False
        return [_("{name} holds only the forbidden colour: the round ends early.").format(name=self.names[ev["p"]])]
