"""Watching a finished game again (web/replay.py): P, the Game menu or the win panel open the replay
controls in the toolbar's place; they play the game from its first move, step either way, jump with the
slider, and close back to the game as it ended. A game still running has no replay; a new game or Escape
ends one; a phone turned mid-replay keeps the frame shown."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import screenshot
from .play import cell, open_board, picture, read_note, state
from .test_mouse import WALL  # mines at (0, 4), (1, 4), (1, 5)

COVERED = "######\n######\n######"
OPENED = "...2##\n...2##\n...1##"
FLAGGED = "...2##\n...2F#\n...1##"
LOST = "...2*#\n...2FX\n...1##"


def lose_in_three_moves(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 1, 4).click(button="right")
    cell(page, 1, 5).click()
    assert state(page) == "lost" and picture(page) == LOST
    read_note(page)
    not_now = page.locator("#consent [data-consent=no]")
    not_now.click()  # the first result's statistics prompt, in the toolbar's row


def control(page: Page, name: str) -> None:
    page.locator(f'#replay [data-replay="{name}"]').click()


def shows(page: Page, frame: int, board: str, mines_left: str, face: str) -> None:
    expect(page.locator("#replay-at")).to_have_text(f"{frame}/3")
    assert picture(page) == board
    expect(page.locator("#mines-left")).to_have_text(mines_left)
    expect(page.locator("#new-game")).to_have_attribute("data-face", face)


def test_a_lost_game_replayed_move_by_move_and_back_to_its_end(page: Page) -> None:
    lose_in_three_moves(page)
    expect(page.locator("#board [data-hint]")).to_have_count(1)  # the verdict's safe cell (test_verdict)
    page.keyboard.press("p")
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    # The verdict and its mark belong to the end, not every move: they go while the replay plays, and
    # come back with the end (its note lay over a phone's board, saying a move not yet shown).
    expect(page.locator("#board [data-hint]")).to_have_count(0)
    expect(page.locator("#message")).not_to_contain_text("was safe")
    expect(page.locator("#zoom")).to_be_hidden()  # the controls take the toolbar's place
    expect(page.locator("#board")).to_have_attribute("data-replay", "")
    control(page, "play")  # it plays from the first move: pause (or, if it was over, play again), then
    # the slider (which pauses) to the start
    page.locator("#replay-move").fill("0")
    shows(page, 0, COVERED, "003", "smile")
    control(page, "forward")
    shows(page, 1, OPENED, "003", "smile")
    expect(cell(page, 0, 0)).to_have_attribute("data-replay-move", "")  # the move shown is ringed
    control(page, "forward")
    shows(page, 2, FLAGGED, "002", "smile")
    expect(cell(page, 0, 0)).not_to_have_attribute("data-replay-move", "")
    control(page, "forward")
    shows(page, 3, LOST, "002", "lost")
    control(page, "back")
    shows(page, 2, FLAGGED, "002", "smile")
    page.locator("#replay-move").fill("1")  # the slider jumps
    shows(page, 1, OPENED, "003", "smile")
    control(page, "close")
    expect(replay).to_be_hidden()
    assert state(page) == "lost" and picture(page) == LOST
    expect(page.locator("#board [data-replay-move]")).to_have_count(0)
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")
    verdict = "That cell's risk was 33%, but row 3, column 5 was safe. Review"  # the note's button last
    expect(page.locator("#message")).to_have_text(verdict)
    expect(page.locator("#board")).not_to_have_attribute("data-replay", "")
    expect(page.locator("#zoom")).to_be_visible()


def test_play_runs_to_the_end_and_the_keyboard_steps_and_closes(page: Page) -> None:
    lose_in_three_moves(page)
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="replay"]').click()
    play = page.locator('#replay [data-replay="play"]')
    # It opens at the first move and plays by itself (600 ms a move) to the end, where it stops.
    expect(page.locator("#replay-at")).to_have_text("3/3", timeout=10_000)
    expect(play).to_have_attribute("aria-pressed", "false")
    assert picture(page) == LOST
    play.focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    shows(page, 1, OPENED, "003", "smile")
    page.keyboard.press("ArrowRight")
    shows(page, 2, FLAGGED, "002", "smile")
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).to_be_hidden()
    assert picture(page) == LOST
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"


def test_the_close_button_from_the_keyboard_leaves_the_focus_on_the_board(page: Page) -> None:
    lose_in_three_moves(page)
    page.keyboard.press("p")
    page.locator('#replay [data-replay="close"]').focus()
    page.keyboard.press("Enter")  # the button hides under the focus: it must not fall to <body>
    expect(page.locator("#replay")).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    assert page.evaluate("document.activeElement.dataset.col") == "5"  # the cell last clicked, (1, 5)
    page.keyboard.press("ArrowLeft")  # and the keyboard goes on from there
    assert page.evaluate("document.activeElement.dataset.col") == "4"


# Mines fence the far corner off: the first click opens the rest; the loss is 27 columns and 15 rows away.
FAR_CORNER = "\n".join(["." * 30] * 13 + ["." * 27 + "***"] + ["." * 27 + "*.."] * 2)
IN_FRAME = """() => {
  const frame = document.querySelector('.board-scroll').getBoundingClientRect();
  const cell = document.querySelector('#board [data-replay-move]').getBoundingClientRect();
  return cell.left >= frame.left && cell.right <= frame.right
    && cell.top >= frame.top && cell.bottom <= frame.bottom;
}"""


def test_a_zoomed_board_scrolls_to_the_move_shown(page: Page) -> None:
    open_board(page, FAR_CORNER)
    cell(page, 0, 0).click()
    page.locator("#zoom").fill("2")  # 400%: a few cells fill the frame
    page.locator("#zoom").dispatch_event("change")
    cell(page, 15, 27).click()  # Playwright scrolls the frame to it
    assert state(page) == "lost"
    read_note(page)
    page.locator("#consent [data-consent=no]").click()
    page.locator(".board-scroll").evaluate("frame => frame.scrollTo(0, 0)")  # the player looks home
    page.keyboard.press("p")
    control(page, "play")
    for frame in (2, 1, 2):  # the mine hit far away, the first click back home, the mine again
        page.locator("#replay-move").fill(str(frame))
        expect(page.locator("#replay-at")).to_have_text(f"{frame}/2")
        assert page.evaluate(IN_FRAME), frame


def test_a_won_game_from_the_win_panel_and_a_new_game_ends_the_replay(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 0, 5).click()
    cell(page, 2, 4).click()
    cell(page, 2, 5).click()
    assert state(page) == "won"
    page.locator("#win-dialog button[value=replay]").click()
    expect(page.locator("#replay")).to_be_visible()
    # The first result's statistics prompt sat in the toolbar's row, over the replay's controls: put away.
    expect(page.locator("#consent")).to_be_hidden()
    page.locator('#replay [data-replay="play"]').click()  # in reach: it pauses
    expect(page.locator('#replay [data-replay="play"]')).to_have_attribute("aria-pressed", "false")
    page.locator('#replay [data-replay="play"]').click()
    expect(page.locator("#replay-at")).to_have_text(re.compile(r"^[0-4]/4$"))  # playing: 600 ms a move
    page.keyboard.press("n")
    expect(page.locator("#board")).to_have_attribute("data-state", "ready")
    expect(page.locator("#replay")).to_be_hidden()
    assert picture(page) == COVERED
    expect(page.locator("#board")).not_to_have_attribute("data-replay", "")


def test_a_game_in_progress_has_no_replay(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.keyboard.press("p")
    expect(page.locator("#message")).to_have_text("A game can be replayed once it is over.")
    expect(page.locator("#replay")).to_be_hidden()
    assert picture(page) == OPENED


def test_a_phone_turned_mid_replay_shows_the_same_frame(phone: Page) -> None:
    lose_in_three_moves(phone)
    phone.keyboard.press("p")
    control(phone, "play")
    phone.locator("#replay-move").fill("2")
    assert phone.locator("#board").get_attribute("data-transposed") is not None  # 6 wide: turned upright
    phone.set_viewport_size({"width": 844, "height": 390})
    expect(phone.locator("#board")).not_to_have_attribute("data-transposed", "")  # redrawn as it ended
    shows(phone, 2, FLAGGED, "002", "smile")
    expect(cell(phone, 1, 4)).to_have_attribute("data-replay-move", "")
    control(phone, "close")
    assert picture(phone) == LOST


def test_a_game_played_by_touch_replays_with_a_fingertip_not_an_arrow(phone: Page) -> None:
    open_board(phone, WALL)
    cell(phone, 0, 0).tap()
    cell(phone, 1, 5).tap()
    assert state(phone) == "lost"
    read_note(phone)
    phone.locator("#consent [data-consent=no]").tap()
    phone.keyboard.press("p")
    phone.locator("#replay-move").fill("1")
    cursor = phone.locator("#board > .replay-cursor")
    expect(cursor).to_have_attribute("data-finger", "")  # a mouse's arrow before
    box, first = cursor.bounding_box(), cell(phone, 0, 0).bounding_box()
    assert box is not None and first is not None
    assert box["width"] == box["height"] >= 22  # round, as big as a fingertip's mark
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # centred on the tap, in its cell
    assert first["x"] <= middle[0] <= first["x"] + first["width"]
    assert first["y"] <= middle[1] <= first["y"] + first["height"]
    screenshot(phone, "replay-fingertip-phone")


def test_on_a_phone_held_sideways_the_controls_pair_up_in_the_side_column(phone: Page) -> None:
    phone.set_viewport_size({"width": 844, "height": 390})  # the toolbar is a column of two beside the board
    lose_in_three_moves(phone)
    phone.keyboard.press("p")
    boxes = {}
    for name in ("back", "forward", "play", "close"):
        box = phone.locator(f'#replay [data-replay="{name}"]').bounding_box()
        assert box is not None
        boxes[name] = (round(box["x"]), round(box["y"]))
    slider = phone.locator("#replay-move").bounding_box()
    assert slider is not None
    # Previous and next side by side, then play and close, then the slider across.
    assert boxes["back"][1] == boxes["forward"][1] < boxes["play"][1] == boxes["close"][1] < slider["y"]
    assert boxes["back"][0] == boxes["play"][0] < boxes["forward"][0] == boxes["close"][0]
    speed = phone.locator("#replay-speed").bounding_box()
    assert speed is not None and speed["y"] > slider["y"] and speed["height"] >= 44  # a fingertip high
    assert slider["height"] >= 44  # 16 px before


def test_on_an_upright_phone_the_slider_takes_a_row_of_its_own(phone: Page) -> None:
    lose_in_three_moves(phone)
    phone.keyboard.press("p")
    slider = phone.locator("#replay-move").bounding_box()
    close = phone.locator('#replay [data-replay="close"]').bounding_box()
    speed = phone.locator("#replay-speed").bounding_box()
    assert slider is not None and close is not None and speed is not None
    # The slider across the screen under the buttons (it was 48 px wide beside them), close inside the
    # screen (it ran 1 px past it, and the page scrolled sideways), the speed list a fingertip high.
    assert slider["width"] >= 0.9 * 390 and slider["y"] > close["y"] + close["height"] - 1
    assert close["x"] + close["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") == 390
    assert speed["height"] >= 44 and slider["height"] >= 44  # a fingertip high (28 px before)
    screenshot(phone, "phone-replay")


def test_on_a_desktop_the_note_keeps_left_of_the_replay_controls(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    cell(page, 1, 5).click()  # lost
    page.keyboard.press("p")
    expect(page.locator("#replay")).to_be_visible()
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="copy-link"]').click()  # a note during the replay
    message = page.locator("#message")
    expect(message).to_be_visible()
    note = message.bounding_box()
    back = page.locator('#replay [data-replay="back"]').bounding_box()
    assert note is not None and back is not None
    assert note["x"] + note["width"] <= back["x"]  # it covered previous and play


def test_a_replay_opened_at_once_gets_no_verdict_until_it_closes(page: Page) -> None:
    open_board(page, WALL)
    cell(page, 0, 0).click()
    page.locator("#board").focus()
    # The losing click and P in one task: the replay opens before the verdict is due.
    page.evaluate(
        """() => {
          const cell = document.querySelector('#board [data-row="1"][data-col="5"]');
          for (const type of ['pointerdown', 'pointerup']) {
            const box = cell.getBoundingClientRect();
            cell.dispatchEvent(new PointerEvent(type, {
              bubbles: true, button: 0, buttons: type === 'pointerdown' ? 1 : 0, clientX: box.x + 5,
              clientY: box.y + 5, pointerId: 1, pointerType: 'mouse', isPrimary: true}));
          }
          document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'p', bubbles: true}));
        }"""
    )
    expect(page.locator("#replay")).to_be_visible()
    page.wait_for_timeout(500)  # well past the verdict's wait
    expect(page.locator("#board [data-hint]")).to_have_count(0)
    expect(page.locator("#message")).not_to_contain_text("was safe")
    not_now = page.locator("#consent [data-consent=no]")  # the first result's statistics prompt
    if not_now.is_visible():
        not_now.click()
    control(page, "close")
    expect(cell(page, 2, 4)).to_have_attribute("data-hint", "safe")


def test_a_replay_starting_drops_the_notes_of_the_game_before(context: BrowserContext, page: Page) -> None:
    """A player's review: Share the result, then Watch the replay, and "Result and link copied" stayed
    beside the replay's controls, about the game's end while its first moves played."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    lose_in_three_moves(page)
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="share"]').click()
    message = page.locator("#message")
    expect(message).to_have_text("Result and link copied: paste them to a friend.")
    page.locator("#game-menu-button").click()
    page.locator('#game-menu [data-command="replay"]').click()
    expect(page.locator("#replay")).to_be_visible()
    expect(message).to_be_hidden()
    expect(message).to_have_text("")
