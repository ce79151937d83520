"""Mit List und Tücke: the trick table with picks and plus colours."""
