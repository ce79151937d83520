"""A forced card plays itself: the game screen's part (mixed into ``GameScreen``).

When the person at the screen has one legal card (and the setting is on), it rises and the turn line
says why; alone at the screen it goes after a beat, in hot seat it waits for its click (a card gone by
itself right after the cover would tell the others that its player had no other choice), unless it is
the player's last card, which everyone can tell is forced (``game.assist.plainly_forced``, the rule
the hand-off follows too): it goes by itself in every game.
"""

from game.assist import forced_action, plainly_forced
from game.cards import name
from game.i18n import N_, _, ngettext

FORCED_SETTING = N_("Play a forced card")  # the setting's name (scenes.menus.settings_screen)
FORCED_BEAT = 0.9  # seconds (at normal speed) a forced card stays lifted before it plays itself
FORCED_BEAT_LEAST = 0.3  # even at "instant" the card is seen to rise: a card gone unseen would puzzle


class ForcedCard:
    """The forced card's part of the game screen: ``forced`` is [action, seconds left] while the only
    playable card waits its beat, else None."""

    forced = None

    def forced_card(self):
        """The play action the person at the screen cannot avoid (their only legal card), or None;
        only while the setting is on and they may act with their hand in view. Not in a replay."""
        s = self.session
        if not self.app.settings.auto_play or s.replaying or s.lesson is not None:
            return None  # a lesson's learner clicks every card: the teacher says why it is the only one
        if not self.can_act():
            return None
        if s.hand_visible() or plainly_forced(s.state, s.decider):
            return forced_action(s.state, s.decider)  # a last card even veiled: no choice the table cannot see
        return None

    def plays_by_itself(self):
        """With several people at one screen the card waits for its click (goes_by_itself)."""
        s = self.session
        return goes_by_itself(len(s.people), plainly_forced(s.state, s.decider))

    def auto_play(self, dt):
        """The forced card rises and the line says why; alone at the screen it goes after a beat."""
        action = self.forced_card()
        if action is None:
            self.forced = None
            return
        if self.forced is None or self.forced[0] != action:
            self.forced = [action, max(FORCED_BEAT_LEAST, self.dur(FORCED_BEAT))]
        self.board.lifts[action[1]] = 1.0
        if not self.plays_by_itself():
            return
        self.forced[1] -= dt
        if self.forced[1] <= 0:
            self.forced = None
            self.act(action)

    def draw_forced(self, surface):
        """The line, only while its card is still the one to play: once played (the flight, the next
        turn, a hand-off, the game's end) it goes at once."""
        if self.forced is None or self.over() is not None or not self.board.turn_line:
            return
        if self.forced_card() != self.forced[0]:
            self.forced = None

    def forced_words(self):
        """The turn line while the only playable card waits: whose turn it is, and what to do."""
        name = self.session.name(self.session.viewer)
        if len(self.session.people) > 1 and plainly_forced(self.session.state, self.session.decider):
            return _("{name}'s last card goes by itself").format(name=name)
        if self.plays_by_itself():
            return _("{name}, your only card to play goes by itself").format(name=name)
        action = self.forced[0] if self.forced is not None else self.forced_card()
        if action is not None and list(self.session.view().get("hand", ())).count(action[1]) > 1:
            # both raised cards are the same card: "your only card" over two raised cards puzzled a newcomer
            return _("{name}: the raised cards are the same, your only card to play: click either").format(name=name)
        return _("{name}: your only card to play is raised, click it").format(name=name)


def goes_by_itself(people, last):
    """Whether a forced card, once risen, plays itself: with several PEOPLE at one screen it waits for
    its click (a card that went by itself right after the cover would tell the others that its player
    had no other card); a LAST card (everyone knows there is no choice) goes by itself."""
    return people == 1 or last


def in_a_real_game(auto_play, last):
    """What the table does with a forced card in a real game, under the setting AUTO_PLAY ("Play a
    forced card"), in words for the teacher: the same rules as ForcedCard (goes_by_itself); LAST: it is
    the player's last card."""
    setting = _(FORCED_SETTING)
    if not auto_play:
        return _("In a real game you click it too: {setting} is off in the Settings.").format(setting=setting)
    alone, hot_seat = goes_by_itself(1, last), goes_by_itself(2, last)
    if alone and hot_seat:
        return _("In a real game your last card plays by itself (Settings: {setting}).").format(setting=setting)
    return _("In a real game it plays by itself when you are alone at the screen; in hot seat it rises and "
             "waits for your click (Settings: {setting}).").format(setting=setting)


def only_move_note(action, hand, auto_play):
    """The teacher's turn note when the learner has one legal move (ACTION), from HAND (the learner's
    cards): a card held twice is said as two equal cards, either one fine; what a real game does with
    it (in_a_real_game) under the setting AUTO_PLAY. Returns (short, line)."""
    if action[0] != "play":
        return (_("Only one move is legal here: click the marked one."),
                _("Only one move is legal here: click the marked one."))
    card = action[1]
    held, last = hand.count(card), len(hand) == 1
    real = in_a_real_game(auto_play, last)
    if held > 1:
        # TRANSLATORS: {card} is a card held twice, e.g. "blue 4"
        short = _("You hold the {card} twice: click either one.").format(card=name(card)) if held == 2 else \
            ngettext("You hold the {card} {n} times: click any one.", "You hold the {card} {n} times: click any one.",
                     held).format(card=name(card), n=held)  # three or more (a Tricks deck holds doubles)
        line = _("Only the {card} may be played here, and you hold it {n} times: each plays the same. "
                 "{real}").format(card=name(card), n=held, real=real)
        return short, line
    if last:
        return _("Your last card: click it."), _("Your last card is the only one to play. {real}").format(real=real)
    return (_("Only the {card} may be played here: click it.").format(card=name(card)),
            _("The rules leave you only the {card} to play now. {real}").format(card=name(card), real=real))
