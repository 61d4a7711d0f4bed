"""The window's QR encoder, read back by the decoder the page's encoder is tested with: every version from 1 to 6
holds its text, and a longer text has no code."""

from __future__ import annotations

from chinese_ten.qr import qr_modules, version_for

from tests.web.test_qr import decode

LINK = "http://192.168.1.20:47110/t/k3m9x2p7abcd#Qm4RzZ2x9Vb0cD3eF4gH5iJ6kL7mN8oP"


def test_each_version_reads_back_as_its_text_at_the_smallest_version_that_holds_it() -> None:
    texts = ["a", "x" * 14, "座位 · seat", "x" * 15, "y" * 42, "z" * 62, LINK, "https://tables.example.org/t/" + "q" * 77]
    grids = [qr_modules(text) for text in texts]
    assert [None if g is None else (len(g) - 17) // 4 for g in grids] == [1, 1, 1, 2, 3, 4, 5, 6]
    for text, grid in zip(texts, grids):
        assert grid is not None and decode(grid) == text


def test_a_text_longer_than_version_6_holds_has_no_code() -> None:
    assert qr_modules("q" * 107) is None and qr_modules("座" * 36) is None
    assert version_for(106) == 6 and version_for(107) is None


def test_the_mask_chosen_is_the_one_the_penalty_rules_score_lowest() -> None:
    from chinese_ten.qr import MASKS, codewords, masked, penalty

    grid = qr_modules(LINK)
    assert grid is not None
    words = codewords(LINK.encode(), 5)
    scores = [penalty(masked(5, words, number)) for number in range(len(MASKS))]
    assert penalty(grid) == min(scores) and grid in [masked(5, words, n) for n in range(len(MASKS))]
