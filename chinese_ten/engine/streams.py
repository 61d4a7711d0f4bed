"""A match's random streams: every deal's shuffle, each seat's decisions and the hint draw from
streams of their own, derived from the match seed by hashing, so asking for a hint or a computer
thinking longer never changes a later deal, and each computer has its own random source.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int | str, *labels: object) -> int:
    """A 63-bit seed for one stream, hashed from the master seed and the stream's labels."""
    text = "/".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


DEAL_NUMBERS: int = 2 ** 53
"""How many deal numbers there are (0 to 2^53 - 1: every one exact in a JSON number)."""


def check_deal_number(number: int) -> int:
    """``number`` when it is a deal number (0 to 2^53 - 1); ``ValueError`` saying so otherwise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_NUMBERS:
        raise ValueError(f"a deal number is a whole number from 0 to {DEAL_NUMBERS - 1}, not {number}")
    return number


def deal_number(seed: int | str, number: int) -> int:
    """The deal number of deal ``number`` (0 for the first) of the match or run with master ``seed``."""
    return derive_seed(seed, "shuffle", number) % DEAL_NUMBERS


class DealStreams:
    """The random streams of one deal: its shuffle, each seat's decisions and the hint, each on its own."""

    __slots__ = ("number", "shuffle", "_seats", "_hint", "draws", "hints")

    def __init__(self, seed: int | str, number: int, seats: int, rotation: int = 0,
                 dealt: int | None = None) -> None:
        """The streams of deal ``number`` (0 for the first) of the match with master ``seed``. The deal is
        shuffled from its deal number: ``dealt`` when given, else :func:`deal_number` of the seed, as
        ``simulate`` deals it; the seats' and the hint's streams follow the seed either way."""
        self.number = deal_number(seed, number) if dealt is None else dealt
        """The deal number the shuffle is made from (``random.Random(number)``)."""
        self.shuffle = random.Random(self.number)
        self._seats = [random.Random(derive_seed(seed, "seat", number, rotation, s)) for s in range(seats)]
        self._hint = random.Random(derive_seed(seed, "hint", number))
        self.draws = [0] * seats
        """How many decision seeds each seat has drawn."""
        self.hints = 0
        """How many hint seeds have been drawn."""

    def skip(self, draws: list[int], hints: int = 0) -> None:
        """Draw and drop seeds until each seat has drawn ``draws[seat]`` and the hint ``hints``: a kept
        position's streams carry on exactly where they were."""
        for seat, wanted in enumerate(draws):
            while self.draws[seat] < wanted:
                self.decision_seed(seat)
        while self.hints < hints:
            self.hint_seed()

    def decision_seed(self, seat: int) -> int:
        """The seed of this seat's next decision (a player decides with ``random.Random(seed)``)."""
        self.draws[seat] += 1
        return self._seats[seat].getrandbits(32)

    def decision_rng(self, seat: int) -> random.Random:
        """The random source of this seat's next decision."""
        return random.Random(self.decision_seed(seat))

    def hint_seed(self) -> int:
        """The seed of the next hint."""
        self.hints += 1
        return self._hint.getrandbits(32)
