"""A deal played apart, as practice kept nowhere: the rest of a reviewed deal played on from the position
reviewed, or a deal of a match played again from its count.

The table is the live table (:class:`SideTableScene`, a :class:`~chinese_ten.ui.table.live.TableScene`),
its controller following a session of one deal from the person's seat: the other seats' hands and the
stock stay in the session, as at every table. Nothing of it is kept — neither in History nor in the
Statistics, as Learn to play is not — and the match kept in the store stays as it was: closing the window
meanwhile leaves Continue where it was. The count's button leads back to the screens the deal was opened
from, and then on (the match's next deal, when a deal of a match was played again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from chinese_ten.engine.positions import record_position
from chinese_ten.games import game_named
from chinese_ten.i18n import N_, _
from chinese_ten.ui.table.choreography import pace_for
from chinese_ten.ui.table.controller import TableController
from chinese_ten.ui.table.games import record_game
from chinese_ten.ui.table.live import TableScene

if TYPE_CHECKING:
    from chinese_ten.ui.services import Screen, Services

BACK_TO_REVIEW = N_("Back to the review (Enter)")
"""The count's button after playing on from a review."""

BACK_TO_MATCH = N_("Back to the match (Enter)")
"""The count's button after a deal of a match played again."""


class SideTableScene(TableScene):
    """A table of one practice deal kept nowhere; its count's button goes back to the screens it came from."""

    apart = True

    def __init__(self, app: Services, controller: TableController, back_to: Sequence[Screen], back_label: str,
                 then: Callable[[], object] | None = None) -> None:
        """The table for ``controller``; once its deal is counted the stack of screens ``back_to`` (bottom
        first) is put back and ``then`` is done. ``back_label`` (marked for translation) is the count's button."""
        super().__init__(app, controller)
        self.back_to = list(back_to)
        self.after_last_deal = back_label
        self.then = then
        self._going_back = False

    def next_deal(self) -> bool:
        """Go back (the deal is the only one): the screens it was opened from, then what follows."""
        self.go_back()
        return True

    def go_back(self) -> None:
        """Put back the screens this deal was opened from and do what follows."""
        self.ctl.stop()
        self.app.thinker.cancel()
        self._going_back = True
        restore(self.app, self.back_to)
        if self.then is not None:
            self.then()

    def leave(self) -> None:
        """Taken off the stack: unless going back, the screens set aside are never shown again, and what
        they hold (a review's analysis) is let go."""
        if self._going_back:
            return
        for scene in self.back_to:
            discard = getattr(scene, "discard", None)
            if callable(discard):
                discard()


def restore(app: Services, scenes: Sequence[Screen]) -> None:
    """Make ``scenes`` (bottom first) the stack of screens again."""
    if not scenes:
        app.show("start")
        return
    app.replace(scenes[0])
    for scene in scenes[1:]:
        app.push(scene)


def person_and_strength(record: dict[str, Any], seat: int, strengths: Sequence[str],
                        default: str | Sequence[str]) -> tuple[int, str | Sequence[str]]:
    """The person's seat in a record's deal (``seat`` when the record names none) and the computers' strengths
    in seat order, as the record names them (``default`` when it names none of ``strengths`` for some seat)."""
    players = record.get("players")
    players = players if isinstance(players, list) else []
    person = players.index("you") if "you" in players else seat
    named = tuple(p for i, p in enumerate(players) if i != person and isinstance(p, str) and p in strengths)
    if not named or len(named) != len(players) - 1:
        return person, default
    return person, named if len(set(named)) > 1 else named[0]


def play_on(app: Services, record: dict[str, Any], turns: int, seat: int) -> SideTableScene | None:
    """Sit down at ``record``'s deal after its first ``turns`` turns, in the person's seat (``seat`` when the
    record names none) against computers of the match's strength, to play the rest as practice; afterwards
    back to the screens showing now. None (the person told why) when the record cannot be played on."""
    game = game_named(record_game(record).name)
    try:
        position = record_position(game, record, turns)
    except ValueError as problem:
        app.notify(_("This deal cannot be played on: {reason}").format(reason=str(problem)))
        return None
    person, strength = person_and_strength(record, seat, game.strengths, app.settings.strengths())
    ctl = TableController(position.start.seats, strength, "one", pace=pace_for(app.settings.animation_speed),
                          thinker=app.thinker, deals=1, rules=position.rules, seat=person, first_deal=position.start,
                          game=game.name)
    ctl.resume(position.progress)
    return sit_apart(app, ctl, BACK_TO_REVIEW)


def deal_number_table(app: Services, number: int, seats: int, strength: str | Sequence[str], rules: Any, game: str, seat: int,
                      dealer: int | None) -> TableController:
    """A table of a practice match of one deal, deal number ``number``, dealt by ``dealer`` (by default the seat
    before the person's) at these seats, rules, strength and game, the person at ``seat``."""
    ctl = TableController(seats, strength, "one", pace=pace_for(app.settings.animation_speed), thinker=app.thinker,
                          deals=1, rules=rules, seat=seat, game=game)
    start: dict[str, Any] = {"first_number": number, "practice": True}
    if dealer is not None:
        start["first_dealer"] = dealer
    ctl.resume(start)
    return ctl


def play_again_in_match(app: Services, table: TableScene) -> SideTableScene | None:
    """Play the deal just counted at ``table`` again, as practice kept nowhere, then go back to the match for
    its next deal; the match stays kept as it was meanwhile. None when the deal has no number to deal it by."""
    ctl = table.ctl
    number = ctl.session.shuffle_number
    deal = ctl.finished_deal()
    if number is None or deal is None:
        return None
    strengths = tuple(i.player for i in ctl.infos if i.player)
    again = deal_number_table(app, number, ctl.seats, strengths or "normal", ctl.match.rules, ctl.game.name, ctl.local, deal.dealer)

    def onwards() -> None:
        if not table.next_deal():
            app.open("match", table=table)

    return sit_apart(app, again, BACK_TO_MATCH, onwards)


def sit_apart(app: Services, ctl: TableController, back_label: str,
              then: Callable[[], object] | None = None) -> SideTableScene:
    """Sit down at ``ctl``'s table of one deal kept nowhere, over nothing: the screens showing now come back
    after its count."""
    back_to = list(app.scenes)
    app.thinker.cancel()
    scene = SideTableScene(app, ctl, back_to, back_label, then)
    app.replace(scene)
    return scene
