"""QR codes of table links, as the window draws them beside each seat's link (the page draws the same codes itself).

A text is written as its UTF-8 bytes in byte mode at error correction level M, in the smallest version from 1 to 6
that holds it (106 bytes at most: a table link is well under), with the one of the eight masks that scores lowest by
the standard's four penalty rules. :func:`qr_modules` gives the code as rows of modules, True for dark, without the
quiet zone round it (four light modules a side) that whoever draws it leaves.

>>> grid = qr_modules("http://192.168.1.20:47110/t/k3m9x2p7#Qm4RzZ2x9Vb0cD3eF4gH5i")
>>> len(grid), grid[0][:8]
(33, [True, True, True, True, True, True, True, False])
>>> qr_modules("q" * 107) is None
True
"""

from __future__ import annotations

from collections.abc import Callable

Grid = list[list[bool]]

BLOCKS: dict[int, tuple[int, int, int]] = {1: (16, 1, 10), 2: (28, 1, 16), 3: (44, 1, 26), 4: (32, 2, 18),
                                           5: (43, 2, 24), 6: (27, 4, 16)}
"""Per version at level M: the data codewords of each block, how many blocks, the check codewords of each block."""

REMAINDER_BITS: dict[int, int] = {1: 0, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7}
"""The light bits after the last codeword that fill each version's data area."""

MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: (x * y) % 2 + (x * y) % 3 == 0,
    lambda x, y: ((x * y) % 2 + (x * y) % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + (x * y) % 3) % 2 == 0,
)
"""The eight data masks: a module at column ``x``, row ``y`` is flipped where its mask says True."""


def _field_tables() -> tuple[list[int], list[int]]:
    """Powers and logarithms in GF(256) under the polynomial x^8 + x^4 + x^3 + x^2 + 1."""
    power, log = [0] * 510, [0] * 256
    value = 1
    for i in range(255):
        power[i] = power[i + 255] = value
        log[value] = i
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    return power, log


_POWER, _LOG = _field_tables()


def _times(a: int, b: int) -> int:
    return _POWER[_LOG[a] + _LOG[b]] if a and b else 0


def check_words(data: list[int], count: int) -> list[int]:
    """The ``count`` Reed–Solomon check codewords of one block: the remainder of the block, shifted up by ``count``,
    divided by the generator with roots a^0 ... a^(count-1)."""
    generator = [1]
    for root in range(count):  # times (x - a^root)
        generator = [a ^ _times(b, _POWER[root]) for a, b in zip([*generator, 0], [0, *generator], strict=True)]
    rest = [*data, *([0] * count)]
    for i in range(len(data)):
        lead = rest[i]
        if lead:
            for j, g in enumerate(generator):
                rest[i + j] ^= _times(g, lead)
    return rest[len(data):]


def version_for(size: int) -> int | None:
    """The smallest version that holds ``size`` bytes (two bytes go on the mode and the count); None past 6."""
    return next((v for v, (words, blocks, _) in BLOCKS.items() if words * blocks - 2 >= size), None)


def codewords(data: bytes, version: int) -> list[int]:
    """The codewords of ``data`` at ``version``, as they are placed: the data blocks' words interleaved, then their
    check words interleaved."""
    words, blocks, checks = BLOCKS[version]
    bits = "0100" + f"{len(data):08b}" + "".join(f"{b:08b}" for b in data)
    room = words * blocks * 8
    bits += "0" * min(4, room - len(bits))  # the terminator
    bits += "0" * (-len(bits) % 8)
    stream = [int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)]
    for i in range(words * blocks - len(stream)):
        stream.append((0xEC, 0x11)[i % 2])
    parts = [stream[b * words:(b + 1) * words] for b in range(blocks)]
    checked = [check_words(part, checks) for part in parts]
    return [part[i] for i in range(words) for part in parts] + [c[i] for i in range(checks) for c in checked]


def _frame(version: int) -> tuple[Grid, Grid]:
    """The modules every code of ``version`` has (finders with their light borders, timing, the alignment pattern,
    the dark module) and which modules they are, the format bits' places included."""
    side = 17 + 4 * version
    grid = [[False] * side for _ in range(side)]
    fixed = [[False] * side for _ in range(side)]

    def put(x: int, y: int, dark: bool) -> None:
        if 0 <= x < side and 0 <= y < side:
            grid[y][x], fixed[y][x] = dark, True

    for cx, cy in ((3, 3), (side - 4, 3), (3, side - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                ring = max(abs(dx), abs(dy))
                put(cx + dx, cy + dy, ring in (0, 1, 3))
    for i in range(8, side - 8):
        put(i, 6, i % 2 == 0)
        put(6, i, i % 2 == 0)
    if version > 1:
        at = side - 7
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                put(at + dx, at + dy, max(abs(dx), abs(dy)) != 1)
    for i in (0, 1, 2, 3, 4, 5, 7, 8):  # the format bits' places (not the timing's), written once the mask is chosen
        put(8, i, False)
        put(i, 8, False)
    for i in range(8):
        put(side - 1 - i, 8, False)
        put(8, side - 1 - i, False)
    put(8, side - 8, True)
    return grid, fixed


def _place(grid: Grid, fixed: Grid, words: list[int], extra: int) -> None:
    """Lay the codewords' bits (then ``extra`` light bits) in the free modules, two columns at a time from the
    bottom right, up and down in turn, stepping over the timing column."""
    bits = [(w >> (7 - i)) & 1 == 1 for w in words for i in range(8)] + [False] * extra
    side = len(grid)
    at = 0
    right = side - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for step in range(side):
            y = side - 1 - step if upward else step
            for x in (right, right - 1):
                if not fixed[y][x] and at < len(bits):
                    grid[y][x] = bits[at]
                    at += 1
        right -= 2


def _format(grid: Grid, mask: int) -> None:
    """Write the format bits (level M, ``mask``) in both their places."""
    side = len(grid)
    data = mask  # level M's two bits are 00
    rest = data << 10
    for shift in range(4, -1, -1):
        if rest & (1 << (shift + 10)):
            rest ^= 0x537 << shift
    bits = ((data << 10) | rest) ^ 0x5412
    bit = [(bits >> i) & 1 == 1 for i in range(15)]
    for i in range(6):
        grid[i][8] = bit[i]
    grid[7][8], grid[8][8], grid[8][7] = bit[6], bit[7], bit[8]
    for i in range(9, 15):
        grid[8][14 - i] = bit[i]
    for i in range(8):
        grid[8][side - 1 - i] = bit[i]
    for i in range(8, 15):
        grid[side - 15 + i][8] = bit[i]


def penalty(grid: Grid) -> int:
    """How badly a code reads by the standard's four rules: runs of five or more alike, two-by-two boxes alike,
    stretches like a finder's, and a dark share far from half."""
    side = len(grid)
    score = 0
    lines = [*grid, *([row[i] for row in grid] for i in range(side))]
    for line in lines:
        run = 1
        for i in range(1, side + 1):
            if i < side and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        text = "".join("1" if dark else "0" for dark in line)
        for pattern in ("10111010000", "00001011101"):
            score += 40 * sum(1 for i in range(len(text) - 10) if text.startswith(pattern, i))
    dark = 0
    for y in range(side):
        for x in range(side):
            dark += grid[y][x]
            if x and y and grid[y][x] == grid[y - 1][x] == grid[y][x - 1] == grid[y - 1][x - 1]:
                score += 3
    return score + 10 * int(abs(dark * 100 / (side * side) - 50) // 5)


def masked(version: int, words: list[int], mask: int) -> Grid:
    """The code of ``version`` holding ``words`` under mask number ``mask``, its format bits written."""
    grid, fixed = _frame(version)
    _place(grid, fixed, words, REMAINDER_BITS[version])
    flip = MASKS[mask]
    for y, row in enumerate(grid):
        for x in range(len(row)):
            if not fixed[y][x] and flip(x, y):
                row[x] = not row[x]
    _format(grid, mask)
    return grid


def qr_modules(text: str) -> Grid | None:
    """The QR code of ``text`` as rows of modules (True: dark), the quiet zone left to whoever draws it; None for a
    text longer than version 6 holds."""
    data = text.encode("utf-8")
    version = version_for(len(data))
    if version is None:
        return None
    words = codewords(data, version)
    return min((masked(version, words, number) for number in range(len(MASKS))), key=penalty)
