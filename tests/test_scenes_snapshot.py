"""The snapshot tool renders every scene of the issue for 4 and 6 seats."""

import pygame
import pytest


WANTED = ["menu", "rules"] + [f"{shot}_{n}" for n in (4, 6) for shot in ("setup", "handoff")] + [
    f"{kind}_{n}_{moment}" for n in (4, 6) for kind, moment in
    (("table", "mid_trick"), ("table", "pick"), ("table", "plus"), ("table", "take_flying"),
     ("score", "round"), ("score", "final"))]
# Tricks: every screen and dialog for 3, 4 and 5 seats, and the bids between two people.
WANTED += ["tricks_setup", "tricks_3_handoff_bidding", "tricks_3_bidding_second_person"] + [
    f"tricks_{n}_{moment}" for n in (3, 4, 5) for moment in
    ("market_buy", "market_loan", "market_bury", "bidding_choose", "bidding_reveal", "table_mid_trick",
     "table_joker", "table_lead", "score_round", "score_final")]
# The table helps: the trick history over each game's table, an earlier round's, a forced card's beat,
# the cards-still-out strip and its ranks.
WANTED += ["mlut_history", "mlut_history_round_1", "tricks_history", "wassticht_history", "mlut_forced_card",
           "mlut_cards_out", "mlut_cards_out_ranks", "tricks_cards_out", "tricks_cards_out_ranks"]
WANTED += ["phone_lobby", "phone_waiting", "phone_standin", "phone_takeover"]


@pytest.mark.slow  # the whole snapshot tour (shared with the layout guard's tests)
def test_snapshots_of_every_scene(snapshot_tours):
    """The tool's whole run (played once for the test run: the layout guard checks the same moments)."""
    tour = snapshot_tours("en")
    assert tour.returned == 0
    names = {p.stem for p in tour.folder.glob("*.png")}
    assert not set(WANTED) - names, f"missing: {sorted(set(WANTED) - names)}"
    image = pygame.image.load(str(tour.folder / "table_6_mid_trick.png"))
    assert image.get_size() == (1280, 720)
