"""QR codes for the phones' links, for the TV to draw: ``qr_matrix(url)`` gives rows of booleans
(True: a dark module), with the quiet zone the standard asks for around the code (``border``)."""

import segno


def qr_matrix(url, border=4):
    """The QR code of URL as a list of rows of booleans (True is dark), BORDER light modules round."""
    code = segno.make(url, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(scale=1, border=border)]
