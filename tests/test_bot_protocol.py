"""Every bot says what it is by the Bot protocol (game.bots.bot): whether it needs its view, how long a
table holds its answer back, whether it scores actions. Whoever asks a bot reads those attributes
directly; nothing in the rules core or the phones probes a bot for them."""

import ast
import random
from pathlib import Path

import pytest

from game import new_game
from game.bots import BOTS, make_bot
from game.bots.bot import BaseBot, Bot
from game.kit import kit, registered
from game.runner import bot_action

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = {"name", "needs_view", "think_floor", "evaluate", "choose"}


def bots():
    """(label, bot) of every bot level and every registered game's rule-of-thumb bot."""
    for name in BOTS:
        yield name, make_bot(name, iterations=20) if name == "hard" else make_bot(name)
    for game_id in registered():
        yield f"normal of {game_id}", kit(game_id).part("normal")()


@pytest.mark.parametrize("label,bot", list(bots()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_bot_follows_the_bot_protocol(label, bot):
    assert isinstance(bot, Bot) and isinstance(bot, BaseBot), label
    assert type(bot.needs_view) is bool and isinstance(bot.think_floor, float) and bot.think_floor >= 0
    assert bot.evaluate is None or callable(bot.evaluate)
    assert (bot.evaluate is not None) == (label == "hard"), "only the Hard bot scores every action (the Hint)"


def test_a_bot_that_needs_no_view_is_given_none():
    class Blind(BaseBot):
        needs_view = False

        def choose(self, view, legal_actions, rng):
            assert view is None
            return legal_actions[0]

    state = new_game(registered()[0], kit(registered()[0]).info.player_counts[0], seed=1)
    assert bot_action(state, Blind(), random.Random(1)) in state.legal_actions()


def probes(tree):
    """(line, name) of each getattr/hasattr of a Bot protocol member by its name."""
    return [(node.lineno, node.args[1].value) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and node.args[1].value in PROTOCOL]


def test_the_rules_core_and_the_phones_read_a_bots_protocol_and_never_probe_it():
    found = [f"{path.relative_to(ROOT)}:{line}: {name}" for folder in ("game", "phone")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for line, name in probes(ast.parse(path.read_text(encoding="utf-8")))]
    assert not found, found
