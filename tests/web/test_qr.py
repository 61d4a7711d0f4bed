"""The page's QR code encoder, read back by a decoder written here from the standard: the format bits (level M, one
of eight masks, both copies the same and a valid BCH code), every block's Reed–Solomon check, and the byte-mode
text, which must be the text given, at every version the page draws (1 to 6); a longer text has no code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.net.netkit import ServerThread
from tests.web.webkit import browser

BLOCKS = {1: (16, 1, 10), 2: (28, 1, 16), 3: (44, 1, 26), 4: (32, 2, 18), 5: (43, 2, 24), 6: (27, 4, 16)}
"""Per version at level M: data codewords per block, blocks, error-correction codewords per block (ISO 18004)."""

MASKS = [
    lambda x, y: (x + y) % 2 == 0, lambda x, y: y % 2 == 0, lambda x, y: x % 3 == 0, lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0, lambda x, y: (x * y) % 2 + (x * y) % 3 == 0,
    lambda x, y: ((x * y) % 2 + (x * y) % 3) % 2 == 0, lambda x, y: ((x + y) % 2 + (x * y) % 3) % 2 == 0,
]

EXP = [0] * 512
value = 1
for _i in range(255):
    EXP[_i] = value
    value <<= 1
    if value & 0x100:
        value ^= 0x11D
for _i in range(255, 512):
    EXP[_i] = EXP[_i - 255]
LOG = {EXP[i]: i for i in range(255)}


def gf_times(a: int, b: int) -> int:
    return EXP[LOG[a] + LOG[b]] if a and b else 0


def format_bits(grid: list[list[bool]]) -> tuple[int, int]:
    """Both copies of the format bits, each unmasked (bit 14 first read as the highest)."""
    side = len(grid)
    first = [grid[i][8] for i in range(6)] + [grid[7][8], grid[8][8], grid[8][7]] + [grid[8][14 - i] for i in range(9, 15)]
    second = [grid[8][side - 1 - i] for i in range(8)] + [grid[side - 15 + i][8] for i in range(8, 15)]
    def number(bits: list[bool]) -> int:
        return sum(1 << i for i, dark in enumerate(bits) if dark) ^ 0x5412
    return number(first), number(second)


def function_modules(version: int) -> set[tuple[int, int]]:
    """The (x, y) of every module that holds no data: finders with separators, timing, alignment, format bits."""
    side = 17 + 4 * version
    taken = {(x, y) for x in range(side) for y in range(side)
             if (x < 9 and y < 9) or (x >= side - 8 and y < 9) or (x < 9 and y >= side - 8) or x == 6 or y == 6}
    if version > 1:
        at = side - 7
        taken |= {(at + dx, at + dy) for dx in range(-2, 3) for dy in range(-2, 3)}
    return taken


def decode(grid: list[list[bool]]) -> str:
    """The text of a QR code at level M in byte mode, checking everything the standard lets a reader check."""
    side = len(grid)
    version = (side - 17) // 4
    assert side == 17 + 4 * version and version in BLOCKS, f"a code of {side} modules a side"
    first, second = format_bits(grid)
    assert first == second, "both copies of the format bits agree"
    remainder = first
    for shift in range(4, -1, -1):
        if remainder & (1 << (shift + 10)):
            remainder ^= 0x537 << shift
    assert remainder == 0, "the format bits are a valid BCH code"
    assert first >> 13 == 0b00, "error correction level M"
    mask = MASKS[(first >> 10) & 7]
    assert grid[side - 8][8], "the dark module"
    assert all(grid[6][x] == (x % 2 == 0) for x in range(8, side - 8)), "the timing pattern"
    taken = function_modules(version)
    bits: list[int] = []
    right = side - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for step in range(side):
            y = side - 1 - step if upward else step
            for x in (right, right - 1):
                if (x, y) not in taken:
                    bits.append(int(grid[y][x] != mask(x, y)))
        right -= 2
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits) - 7, 8)]
    size, blocks, ec = BLOCKS[version]
    data_blocks = [[words[i * blocks + b] for i in range(size)] for b in range(blocks)]
    ec_start = size * blocks
    for b in range(blocks):
        block = data_blocks[b] + [words[ec_start + i * blocks + b] for i in range(ec)]
        for root in range(ec):  # every syndrome is zero: the codeword is a multiple of the generator
            syndrome = 0
            for word in block:
                syndrome = gf_times(syndrome, EXP[root]) ^ word
            assert syndrome == 0, f"block {b}'s Reed–Solomon check"
    stream = "".join(f"{w:08b}" for block in data_blocks for w in block)
    assert stream[:4] == "0100", "byte mode"
    count = int(stream[4:12], 2)
    return bytes(int(stream[12 + 8 * i:20 + 8 * i], 2) for i in range(count)).decode("utf-8")


ENCODE = """
const done = arguments[arguments.length - 1];
const base = document.querySelector('script[type=module]').src;
import(new URL('qr.js', base)).then((qr) => done(arguments[0].map((text) => qr.qrModules(text))), (e) => done(String(e)));
"""


@pytest.fixture
def encoded(server: ServerThread, tmp_path: Path) -> Any:
    """The page's codes of some texts, made in a real browser from the module the page loads."""
    with browser(tmp_path) as driver:
        driver.get(server.url + "/")
        yield lambda texts: driver.execute_async_script(ENCODE, texts)


def test_each_version_the_page_draws_reads_back_as_its_text(encoded: Any) -> None:
    link = "http://192.168.1.20:47110/t/k3m9x2p7abcd#Qm4RzZ2x9Vb0cD3eF4gH5iJ6kL7mN8oP"
    texts = ["a", "x" * 14, "座位 · seat", "x" * 15, "y" * 42, "z" * 62, link, "https://tables.example.org/t/" + "q" * 77]
    grids = encoded(texts)
    assert isinstance(grids, list), grids
    versions = [(len(grid) - 17) // 4 for grid in grids]
    assert versions == [1, 1, 1, 2, 3, 4, 5, 6], "the smallest version holding each text (14, 42, 62, 106 bytes fill 1, 3, 4, 6)"
    for text, grid in zip(texts, grids):
        assert decode(grid) == text


def test_a_text_longer_than_version_6_holds_has_no_code(encoded: Any) -> None:
    assert encoded(["q" * 107, "座" * 36]) == [None, None]
