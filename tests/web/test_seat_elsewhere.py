"""The person's move while the tab is hidden: the title begins "● Your move", the Sound switch's chime is made
(by WebAudio) and a notification is shown when the person allowed it; permission is asked only on a press of
Notify me, never on load; both switches are remembered. The tab's visibility and the browser's notifications are
stood in for by a script the page finds at load (headless Chromium shows no tab and no notification)."""

from __future__ import annotations

from pathlib import Path

from tests.net.netkit import ServerThread
from tests.web.test_seat_page import seated_guest
from tests.web.webkit import browser

STAND_IN = """
window.fakeHidden = false;
window.asked = 0;
window.notes = [];
window.tones = 0;
Object.defineProperty(Document.prototype, "visibilityState", { configurable: true,
  get() { return window.fakeHidden ? "hidden" : "visible"; } });
window.Notification = class {
  static get permission() { return localStorage.getItem("stand-in:granted") ? "granted" : "default"; }
  static requestPermission() {
    window.asked += 1; localStorage.setItem("stand-in:granted", "1"); return Promise.resolve("granted");
  }
  constructor(title, options) { window.notes.push([title, options.body]); }
};
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.tones += 1; return made.call(this); };
"""


def hide(driver: object, hidden: bool) -> None:
    driver.execute_script(  # type: ignore[attr-defined]
        "window.fakeHidden = arguments[0]; document.dispatchEvent(new Event('visibilitychange'));", hidden)


def test_a_move_due_in_a_hidden_tab_marks_the_title_sounds_and_notifies_as_the_person_chose(
        server: ServerThread, tmp_path: Path) -> None:
    with browser(tmp_path) as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STAND_IN})
        with seated_guest(server, driver) as (page, client, host):
            plain = f"Chinese Ten · {client.table}"
            assert driver.execute_script("return window.asked") == 0, "no permission asked on load"
            page.find('[data-role="sound"]').click()
            page.find('[data-role="notify"]').click()
            page.wait(lambda d: d.execute_script("return window.asked === 1 && localStorage.getItem('chinese-ten:notify')")
                      == "1", what="the permission asked on the press")
            assert page.find('[data-role="notify"]').is_selected()
            assert driver.execute_script("return localStorage.getItem('chinese-ten:sound')") == "1"
            page.wait(lambda d: page.look()["state"] == "my-turn", what="the page's move")
            assert driver.title == plain, "a visible tab's title is unmarked"
            hide(driver, True)
            tones = driver.execute_script("return window.tones")
            assert tones == 2, "the switch's chime plays once when turned on"
            for _ in range(6):  # a card played; a choice of what it takes, when one opens, is still the same move
                page.step()
                page.wait(lambda d: d.execute_script("return window.notes.length") > 0
                          or page.look()["state"] in ("choosing", "deal-over"), what="the next move due, told")
                if driver.execute_script("return window.notes.length"):
                    break
            assert driver.title == f"● Your move · {plain}", "the title marked"
            notes = driver.execute_script("return window.notes")
            assert notes and all(note == [plain, "Your move: choose a card from your hand."] for note in notes)
            assert driver.execute_script("return window.tones") == tones + 2 * len(notes), "a chime with each notice"
            hide(driver, False)
            assert driver.title == plain, "the mark goes once the tab is seen"
            driver.refresh()
            page.seated()
            assert page.find('[data-role="sound"]').is_selected() and page.find('[data-role="notify"]').is_selected()
            assert driver.execute_script("return window.asked") == 0, "coming back asks nothing"
        assert page.log_errors() == []
