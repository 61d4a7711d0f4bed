"""The see-the-hand reference: Hard's search told the other hands (the stock is still guessed).

It exists only here, to measure how far a player that decides from its own view is from
one that could see every hand. It is not a strength of the game and the game cannot make
one: it needs the live deal, which :func:`seeing_game` hands it through the deals it makes.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from chinese_ten.engine.game import GameSpec
from chinese_ten.games.ten.deal import Deal
from chinese_ten.games.ten.players.hard import HardPlayer, _Option, option_totals
from chinese_ten.games.ten.players.worlds import Position
from chinese_ten.games.ten.view import SeatView


class Table:
    """The deal being played, as the game's ``deal`` made it last."""

    deal: Deal | None = None


@dataclasses.dataclass
class SeeingPosition(Position):
    """A position whose worlds hold every hand as dealt; only the stock's order is sampled."""

    known: list[list[int]] = dataclasses.field(default_factory=list)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """The real hands and a shuffled stock of the cards in no hand."""
        held = {c for h in self.known for c in h}
        stock = [c for c in self.unseen if c not in held]
        rng.shuffle(stock)
        hands = [h[:] for h in self.known]
        hands[self.me] = self.hand[:]
        return hands, stock


class SeeingPlayer(HardPlayer):
    """Hard's search in worlds that hold the real other hands (for measurement only)."""

    name = "seeing"

    def __init__(self, table: Table, think_ms: int = 150) -> None:
        """A player reading the hands of ``table``'s deal."""
        super().__init__(think_ms)
        self.table = table

    def totals(self, view: SeatView, rng: random.Random, options: list[_Option], source: str,
               worlds: int, detail: list[list[int]] | None = None) -> list[int]:
        """Hard's totals over worlds with the real hands."""
        deal = self.table.deal
        assert deal is not None
        pos = Position.of(view, 1.0)
        seeing = SeeingPosition(**{f.name: getattr(pos, f.name) for f in dataclasses.fields(Position)},
                                known=[[int(c) for c in h] for h in deal._hands])
        return option_totals(view, seeing, rng, options, source, worlds, detail)


def seeing_game(game: GameSpec, table: Table, players: dict[str, Any]) -> GameSpec:
    """``game`` with ``players`` added and every new deal kept in ``table`` for the seeing player."""
    deal_of = game.deal

    def dealing(seats: int, rng: random.Random, dealer: int, rules: Any) -> Any:
        table.deal = deal_of(seats, rng, dealer, rules)
        return table.deal

    return dataclasses.replace(game, deal=dealing, players={**game.players, **players})
