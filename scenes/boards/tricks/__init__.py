"""Tricks: the market, the secret bids, the trick table and the payout sheet."""
