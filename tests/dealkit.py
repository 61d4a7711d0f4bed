"""Building deals with chosen cards in chosen places, for tests."""

from __future__ import annotations

from typing import Any

from chinese_ten.cards import ALL_CARDS, Card
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.rules import CLASSIC, RuleSet


def build_deal(seats: int, layout: list[str], stock_top: list[str] = (), hands: dict[int, list[str]] | None = None,
               dealer: int = 0, rules: RuleSet = CLASSIC) -> Deal:
    """A deal whose layout, top of stock and some hand cards are given; the rest fill in order."""
    hands = hands or {}
    size = rules.hand_size(seats)
    placed = [Card.parse(c) for c in layout] + [Card.parse(c) for c in stock_top]
    for cards in hands.values():
        placed += [Card.parse(c) for c in cards]
    assert len(set(placed)) == len(placed), "a card is placed twice"
    rest = [c for c in ALL_CARDS if c not in placed]
    full_hands = []
    for s in range(seats):
        h = [Card.parse(c) for c in hands.get(s, [])]
        while len(h) < size:
            h.append(rest.pop())
        full_hands.append(h)
    stock = [Card.parse(c) for c in stock_top] + rest
    return Deal(full_hands, [Card.parse(c) for c in layout], stock, dealer=dealer, rules=rules)


def codes(cards) -> list[str]:
    """Cards as their notation."""
    return [str(c) for c in cards]


def random_finished_deal(name: str, seats: int, seed: int):  # type: ignore[no-untyped-def]
    """A whole deal of the game registered as ``name``, every choice random from ``seed``, dealt by seat 0."""
    import random

    from chinese_ten.games import game_named

    game = game_named(name)
    deal = game.deal(seats, random.Random(seed), 0, game.default_rules)
    rng = random.Random(seed)
    while not deal.is_over:
        forced = deal.next_forced()
        deal.apply(forced if forced is not None else rng.choice(list(deal.legal_actions())))
    return deal


def played_record(seats: int, seed: int, label: str) -> dict[str, Any]:
    """A whole Chinese Ten deal of Easy at seat 0 against Normal, dealt from ``seed`` and ``label``, as a record
    naming its players."""
    import random

    from chinese_ten.engine.streams import derive_seed
    from chinese_ten.games.ten.players import make_player, next_action
    from chinese_ten.games.ten.record import record_of

    deal = Deal.from_seed(seats, derive_seed(seed, label))
    players = [make_player("easy")] + [make_player("normal")] * (seats - 1)
    rng = random.Random(seed)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        deal.apply(next_action(players[seat], deal.view(seat), rng))
    return record_of(deal, players=["you"] + ["normal"] * (seats - 1), deal_in_match=1)
