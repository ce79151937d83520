"""cards.shuffle puts a list in exactly the order rng.shuffle would, and leaves the generator in
the same state (the deals and the search's worlds depend on it)."""

import random

from game import cards


def test_shuffle_is_random_shuffle_for_every_length():
    for length in range(0, 70):
        for seed in range(5):
            ours, theirs = list(range(length)), list(range(length))
            a, b = random.Random(seed * 100 + length), random.Random(seed * 100 + length)
            cards.shuffle(a, ours)
            b.shuffle(theirs)
            assert ours == theirs and a.getstate() == b.getstate()


def test_shuffle_of_the_same_length_twice_draws_on():
    rng, ref = random.Random(3), random.Random(3)
    first, second = list("abcdefghij"), list("abcdefghij")
    cards.shuffle(rng, first)
    cards.shuffle(rng, second)
    a, b = list("abcdefghij"), list("abcdefghij")
    ref.shuffle(a)
    ref.shuffle(b)
    assert (first, second) == (a, b) and first != second
