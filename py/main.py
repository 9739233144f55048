"""Composition root: mount the game on the page, connect its parts to the game's hooks and commands, then
start the game the address asks for, or a new one. Each part listens to its own elements; what it hears
from the game, and which commands it answers, is wired here, listeners in the order they run."""

from web import precompiled

precompiled.install()  # first: the classes made from here on take their methods compiled, from py.zip

from web import i18n

i18n.install()  # before any text is made: the page's language (js/frame.js chose it), its texts and formats

from ui.commands import Command
from ui.saved import Sight
from web import updates
from web.app import App
from web.autoplay import AutoPlay
from web.badge import NoGuessBadge
from web.daily import DailyBoards
from web.datapanel import DataPanel
from web.hints import Hints
from web.keeper import Keeper
from web.phone import Phone
from web.replay import Replay
from web.share import Sharing
from web.zoom import Zoom

app = App.mount()
keeper = Keeper(app)  # stored settings apply before the first game; saves from then on
panel, hints, badge, replay = DataPanel(app, keeper), Hints(app), NoGuessBadge(app), Replay(app)
zoom = Zoom(app)  # after the keeper: starts from the stored zoom
dailies, sharing = DailyBoards(app, keeper), Sharing(app)
autoplay = AutoPlay(app)
autoplay.refuse = dailies.solve_refused  # today's daily is the player's to play first
app.on_new_game.connect(
    keeper.on_new_game,
    panel.on_new_game,
    hints.on_new_game,
    badge.on_new_game,
    replay.on_new_game,
    dailies.on_new_game,
    autoplay.on_new_game,
)
app.on_action.connect(hints.on_action, keeper.on_action, badge.on_action)  # hints first: odds shown are kept
app.on_abandon.connect(keeper.on_abandon)
app.on_game_over.connect(keeper.on_game_over, panel.on_game_over, hints.on_game_over, dailies.on_game_over)
# The keeper first: the win panel, after them all, says whether the time was a best.
app.win_note = lambda: " ".join(note for note in (keeper.new_best, dailies.note) if note)
panel.dailies = dailies  # exported and imported with the statistics
panel.watch = replay.open  # a game of the history, put on the board, plays its replay
app.on_settings.connect(keeper.on_settings, zoom.on_settings)
app.on_no_guess_failed.connect(badge.on_failed)
app.on_note.connect(panel.on_note)  # the statistics question shows when its turn in the one place comes


def on_stats_change() -> None:
    """The statistics panel shows them as they are now; a yes moves this tab's daily results to storage."""
    dailies.settle()
    panel.refresh()


keeper.on_change = on_stats_change
# A shared game watched, then closed: back to the player's own game (kept in storage), else a new one.
replay.on_close.connect(lambda game: game is app.watching and (keeper.resume() or app.new_game()))
replay.on_close.connect(hints.on_replay_close)  # after the above: a shared game's close is not ours
replay.on_open.connect(panel.put_away)  # the replay takes the toolbar's row, where the statistics prompt sits
replay.on_open.connect(hints.on_replay_open)  # the loss's verdict and mark belong to its end, not each move
app.commands |= {
    Command.HINT: hints.hint,  # keyed: the focus cell goes to the hinted cell
    Command.ODDS: lambda keyed: hints.toggle_odds(),
    Command.REPLAY: lambda keyed: replay.open(),
    Command.STATS: lambda keyed: panel.open_stats(),
    Command.SETTINGS: lambda keyed: app.panels.open_settings(),
    Command.HELP: lambda keyed: app.panels.open_help(),
    Command.SHARE: lambda keyed: sharing.share(),
    Command.COPY_REPLAY: lambda keyed: sharing.copy_replay(),
    Command.COPY_LINK: lambda keyed: sharing.copy_text(app.link(), "Link to this board copied."),
    Command.SOLVE: autoplay.toggle,
}
# How the game is looked at is kept with it: a reload shows the zoomed board's same part, odds and hint.
keeper.sight = lambda: Sight(zoom.centre(), hints.odds_on, hints.hinted)
keeper.on_resume.connect(
    lambda sight: zoom.restore(sight.centre), lambda sight: hints.restore(sight.odds, sight.hint)
)
if app.names_a_game():
    keeper.abandon_stored()  # the link wins over the game kept from the last visit: left, it counts
app.open_link() or keeper.resume() or app.new_game()
keeper.report()  # one line if stored data could not be used
phone = Phone(app)  # the board turns with the screen; flag mode; full screen
app.on_settings.connect(phone.on_settings)  # the flag-mode button follows the setting
# A turned grid has lost the marks: redraw them.
phone.on_turn.connect(hints.on_turn, replay.on_turn, dailies.on_turn)
updates.start()  # offline play, and the prompt when a new version is ready
